"""`perf compare --interleave`: per cell, A and B alive together and run in
turns of one window each (perf/interleave.py), judged pair by pair
(perf/paired.py); results.json keeps every window."""

import argparse
import datetime
import json
import math
import os
import sys
from typing import Any, Dict, List

from .. import costs, icount, interleave, machine, matrix, rigs, runner, stats, subjects
from .run import check_run_args, cmd_run, in_workdir, plan_cells, prepare_subjects, probe_generator


def cmd_compare(args: argparse.Namespace) -> int:
    """`compare`: interleaved, or the sequential runs (which have no cost
    cells to gate on)."""
    if args.interleave:
        return cmd_interleave(args)
    if args.gate or args.icount:
        raise ValueError("--gate and --icount judge the cost cells of the interleaved mode: add --interleave")
    return cmd_run(args, [args.a, args.b])


PAIRS_PER_BLOCK, MAX_DEFAULT_BLOCKS = 30, 10


def check_interleave_args(args: argparse.Namespace) -> None:
    if args.blocks is None:
        # Enough blocks that one pair of instances' luck cannot decide, few
        # enough that start-ups stay a small part of the run.
        args.blocks = max(1, min(MAX_DEFAULT_BLOCKS, args.pairs // PAIRS_PER_BLOCK))
    for name, v, lo in (("--pairs", args.pairs, 10), ("--warmup-pairs", args.warmup_pairs, 0),
                        ("--window-ms", args.window_ms, 20), ("--settle-ms", args.settle_ms, 0),
                        ("--blocks", args.blocks, 1)):
        if v < lo:
            raise ValueError(f"{name} {v}: must be >= {lo}")
    if args.pairs < 10 * args.blocks:
        raise ValueError(f"--pairs {args.pairs} over --blocks {args.blocks}: at least 10 pairs per block")
    for rig in args.rigs:
        why = interleave.unsupported(rig)
        if why:
            raise ValueError(f"--interleave cannot run rig {rig}: {why}; use {', '.join(interleave.SUPPORTED)} "
                             "or the sequential compare")
    args.gates = [costs.parse_gate(g) for g in args.gate]
    args.icount = args.icount or costs.needs_icount(args.gates)
    args.cache_sim = costs.needs_cache_sim(args.gates) or args.icount_cache_sim
    if args.icount:
        ok, why = icount.valgrind_available()
        if not ok:
            raise ValueError(f"--icount or an instructions/memops gate needs valgrind: {why}")
        for rig in args.rigs:
            if not icount.countable(rig):
                raise ValueError(f"--icount or an instructions/memops gate: callgrind runs one process, so rig "
                                 f"{rig} cannot be counted ({', '.join(icount.RIGS)})")


def verdict_line(key: str, res: Dict[str, Any], a: str, b: str) -> str:
    p = res["paired"]
    s = res["sequential_halves"]
    line = (f"{key}: {b}/{a} x{p['median_ratio']:.4f} CI [{p['ci'][0]:.4f}, {p['ci'][1]:.4f}] "
            f"(+-{p['ci_half_width']:.2%}) sign p={p['sign_p']:.3g} over {p['pairs']} pairs: {p['verdict']} "
            f"({p['reason']}); unpaired halves +-{s['ci_half_width']:.2%}")
    if res.get("empty_pairs"):
        line += f"; {res['empty_pairs']} pairs left out: a window counted no packet"
    return "\n".join([line] + [f"  {key}: {x}" for x in costs.cost_lines(res)])


def count_cell(cell: matrix.Cell, subs: List[subjects.Subject], args: argparse.Namespace, workdir: str,
               cpus: List[int], log_dir: str, tolerance: float) -> Dict[str, Any]:
    """Instructions (and memory operations) per packet of A and B in this
    cell, counted by callgrind, as cost cells; or why not."""
    ctx = rigs.Context(workdir=workdir, warmup=0, duration=args.icount_seconds, burst=args.burst,
                       no_huge=args.no_huge)
    rows = []
    try:
        for s in subs:
            log = os.path.join(log_dir, f"icount-{matrix._safe(cell.key)}-{matrix._safe(s.label)}.log")
            rows.append(icount.run_cell(cell, s, ctx, cpus, args.icount_seconds, workdir, args.cache_sim, log))
    except (icount.IcountError, runner.RunError, ValueError, OSError) as e:
        why = str(e).splitlines()[0]
        return {"instructions_per_packet_error": why, "memory_ops_per_packet_error": why}
    found = costs.icount_cells(rows[0], rows[1], args.min_effect)
    found["icount"] = {"a": rows[0], "b": rows[1]}  # by stage, for the goals page
    if "memory_ops_per_packet" not in found:
        found["memory_ops_per_packet_error"] = "needs callgrind's cache simulation (--icount-cache-sim)"
    return found


def cmd_interleave(args: argparse.Namespace) -> int:
    check_interleave_args(args)
    layouts = check_run_args(args)
    return in_workdir(args, lambda workdir, out, subs: measure(args, layouts, workdir, out, subs))


def measure(args: argparse.Namespace, layouts: List[Any], workdir: str, out: str,
            subs: List[subjects.Subject]) -> int:
    cpus = machine.allowed_cpus()
    prepare_subjects([args.a, args.b], args, workdir, subs)
    gen = probe_generator(args)
    window_s, settle_s = args.window_ms / 1000, args.settle_ms / 1000
    seconds = interleave.run_seconds(args.pairs, args.warmup_pairs, window_s, settle_s, args.blocks)
    # --run-time is a safety net (nothing outlives a killed runner) that must
    # never end a block: stopped time counts, and on a loaded machine the
    # telemetry reads and the other instance's start-up stretch a block well
    # past its estimate (a forwarder that stopped at its --run-time counted
    # no packets in its last windows).
    ctx = rigs.Context(workdir=workdir, warmup=0, duration=int(math.ceil(2 * seconds)) + 60, burst=args.burst,
                       no_huge=args.no_huge, generator=gen, pci_ports=args.pci_ports)
    cells = plan_cells(args, layouts, subs, ctx, cpus)
    if args.dry_run:
        return 0
    runnable = [c for c in cells if not c.skip]
    sys.stderr.write(f"[perf] interleaved: {len(runnable)} cells x {args.blocks} blocks x ({args.warmup_pairs} + "
                     f"{args.pairs // args.blocks}) pairs of {args.window_ms} ms windows "
                     f"(~{len(runnable) * args.blocks * seconds / 60:.1f} min)\n")
    hz = interleave.tsc_hz()
    a, b = subs[0].label, subs[1].label
    results: Dict[str, Any] = {
        "format": "pmdfwd-perf-interleave/1",
        "created": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": machine.describe(),
        "load_average": {"start": os.getloadavg()},
        "settings": {"pairs": args.pairs, "warmup_pairs": args.warmup_pairs, "window_ms": args.window_ms,
                     "settle_ms": args.settle_ms, "blocks": args.blocks, "rate": args.rate, "seed": args.seed,
                     "confidence": args.confidence,
                     "min_effect": args.min_effect, "tsc_hz": hz, "rigs": args.rigs, "modes": args.modes,
                     "frames": args.frames, "layouts": args.layouts, "icount": args.icount,
                     "icount_seconds": args.icount_seconds, "cache_sim": args.cache_sim,
                     "gates": [{"metric": n, "threshold": t} for n, t in args.gates]},
        "subjects": [s.describe() for s in subs],
        "cells": {},
        "skipped": {c.key: c.skip for c in cells if c.skip},
    }
    failed = 0
    for k, c in enumerate(runnable):
        def progress(i: int, n: int, key: str = c.key, k: int = k) -> None:
            if not args.quiet and (i % 20 == 0 or i == n):
                sys.stderr.write(f"[perf] cell {k + 1}/{len(runnable)} {key} pair {i}/{n}\n")
        try:
            windows = interleave.run_cell(c, subs, ctx, cpus, args.pairs, args.warmup_pairs, window_s, settle_s,
                                          os.path.join(out, "logs"), args.seed + k, progress, args.blocks)
        except (runner.RunError, OSError) as e:
            failed += 1
            results["cells"][c.key] = {"cell": c.as_dict(), "error": str(e)}
            sys.stderr.write(f"[perf] {c.key}: {e}\n")
            continue
        try:
            res = interleave.analyse(windows, args.confidence, args.min_effect, hz, args.rate)
        except ValueError as e:  # no pair to judge: the windows stay for a look
            failed += 1
            results["cells"][c.key] = {"cell": c.as_dict(), "windows": windows, "error": str(e)}
            sys.stderr.write(f"[perf] {c.key}: {e}\n")
            continue
        if args.icount:
            res.update(count_cell(c, subs, args, workdir, cpus, os.path.join(out, "logs"), args.min_effect))
        results["cells"][c.key] = {"cell": c.as_dict(), "windows": windows, **res}
    results["load_average"]["end"] = os.getloadavg()
    results["gates"] = costs.check_gates(results["cells"], args.gates, args.confidence)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = [verdict_line(key, v, a, b) for key, v in results["cells"].items() if "paired" in v]
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(f"# Interleaved compare: {b} against {a}\n\n" + "\n".join(f"* {x}" for x in lines) + "\n")
    for x in lines + gate_lines(results["gates"]):
        print(x)
    print(f"results: {os.path.join(out, 'results.json')}")
    if runnable and failed == len(runnable):
        return 3
    if getattr(args, "fail_on_slower", False) and any(
            v.get("paired", {}).get("verdict") == stats.SLOWER for v in results["cells"].values()):
        return 1
    return 1 if any(not g["passed"] for g in results["gates"]) else 0


def gate_lines(gates: List[Dict[str, Any]]) -> List[str]:
    return [f"gate {g['metric']}<={g['threshold']:.1%} {g['cell']}: {'pass' if g['passed'] else 'FAIL'} "
            f"({g['reason']})" for g in gates]
