"""`perf run` and `perf compare` (one matrix, one or two subjects alternated)
and `perf machine` (what the rigs will use here)."""

import argparse
import datetime
import os
import shutil
import sys
import tempfile
from typing import Any, Callable, Dict, List, Optional

from .. import machine, matrix, report, rigs, runner, subjects
from .record import record_store

Results = Dict[str, Any]


def default_subject() -> str:
    return os.environ.get("PMDFWD_BIN") or "dpdk-testpmd"


def probe_generator(args: argparse.Namespace) -> Optional[subjects.Subject]:
    """The generator of the two-process rigs (memif, vhost) among
    args.rigs, probed; None when no rig needs one."""
    if not set(args.rigs) & set(rigs.TWO_PROCESS_RIGS):
        return None
    return subjects.probe(subjects.parse_spec(f"generator:bin={args.generator}"), f"pmdfwd-perf-{os.getpid()}-probeg")


def prepare_subjects(specs: List[str], args: argparse.Namespace, workdir: str,
                     subs: List[subjects.Subject]) -> None:
    """Parse, build (rev=) and probe the subjects into `subs`, which the caller
    cleans up even when this fails half-way (temp build dirs)."""
    subs.extend(subjects.parse_spec(s) for s in specs)
    labels = [s.label for s in subs]
    if len(set(labels)) != len(labels):
        raise ValueError(f"subject labels must differ ({labels}); prefix specs with LABEL:")
    for i, s in enumerate(subs):
        if s.rev:
            sys.stderr.write(f"[perf] building {s.rev} of {args.repo} with meson ...\n")
            with open(os.path.join(workdir, f"build-{i}.log"), "w") as log:
                subjects.build_revision(s, args.repo, args.meson_option, log)
        subjects.probe(s, f"pmdfwd-perf-{os.getpid()}-probe{i}")
        for m in [s.mode] if s.mode else args.modes:
            if s.modes and m not in s.modes:
                raise ValueError(f"subject {s.label}: forward mode {m!r} not offered ({'|'.join(s.modes)})")


def cmd_machine(args: argparse.Namespace) -> int:
    caches = machine.cache_sizes()
    print("cpus:", machine.allowed_cpus())
    print("caches:", {k: f"{v // 1024} KiB" for k, v in caches.items()})
    print("hugepages:", machine.hugepages_available()[1])
    for q in (1, 2):
        for t in machine.ring_tiers(caches, 2, q, args.burst):
            print(f"ring {q}Q {t.name:5}: {t.queues:2}Q tx_first {t.bursts:3} -> {t.in_flight:5} pkts, "
                  f"{t.footprint / 1024:8.0f} KiB {t.note}")
    return 0


def check_run_args(args: argparse.Namespace) -> List[Any]:
    """Refuse what cannot be measured before anything starts; the layouts."""
    for name, v, lo in (("--reps", args.reps, 1), ("--duration", args.duration, 1), ("--warmup", args.warmup, 0)):
        if v < lo:
            raise ValueError(f"{name} {v}: must be >= {lo}")
    if "pci" in args.rigs and len(args.pci_ports) != 2:
        raise ValueError("the pci rig needs --pci-ports ADDR0,ADDR1 (two cabled ports)")
    layouts = [machine.parse_layout(x) for x in args.layouts]
    for f in args.frames:
        if not 60 <= f <= 9600:
            raise ValueError(f"frame size {f}: must be 60..9600 bytes")
    if not args.dry_run:
        ok, why = machine.hugepages_available()
        if not ok and not args.no_huge:
            raise ValueError(f"hugepages: {why}; or pass --no-huge")
    return layouts


def results_dict(args: argparse.Namespace, started: str, subs: List[subjects.Subject],
                 gen: Optional[subjects.Subject], cells: List[matrix.Cell], samples: List[Dict[str, Any]]) -> Results:
    """results.json of a run (format pmdfwd-perf-results/1), before analysis."""
    rotate = getattr(args, "rotate", False)
    results: Results = {
        "format": "pmdfwd-perf-results/1",
        "created": started,
        "machine": machine.describe(),
        "settings": {"reps": args.reps, "duration": args.duration, "warmup": args.warmup, "burst": args.burst,
                     "rigs": args.rigs, "modes": args.modes, "kernels": args.kernels, "frames": args.frames,
                     "layouts": args.layouts, "no_huge": args.no_huge, "generator": gen.describe() if gen else None,
                     "order": ("rotated" if rotate else "alternated")
                     + " per repetition: " + " ".join(s.label for s in subs) + " ..."},
        "subjects": [s.describe() for s in subs],
        "cells": [c.as_dict() for c in cells],
        "samples": samples,
    }
    if getattr(args, "store_commits", None):  # history: what `import` needs to store it as such
        results["history"] = {"reference": args.store_reference, "note": args.store_note,
                              "commits": {k: dict(zip(("sha", "date", "position", "title"), v))
                                          for k, v in args.store_commits.items()}}
    return results


def finish(args: argparse.Namespace, results: Results, out: str, subs: List[subjects.Subject]) -> int:
    """Analyse, write, store and print a measured run; its exit status."""
    report.analyze(results, args.confidence, args.min_effect, args.method, args.figure)
    paths = report.write_all(results, out, png=not args.no_png)
    record_store(args, results, subs)
    print(report.mail_blocks(results))
    for line in report.verdict_lines(results):
        print(line)
    for k, v in paths.items():
        print(f"{k}: {v}")
    samples = results["samples"]
    failed = [s for s in samples if s.get("error")]
    if failed:
        sys.stderr.write(f"[perf] {len(failed)} of {len(samples)} runs failed; see {out}/logs and results.json\n")
    if samples and len(failed) == len(samples):
        return 3
    if getattr(args, "fail_on_slower", False):
        slower = [k for k, v in results["comparison"].items() if v.get("verdict") == "slower"]
        if slower:
            sys.stderr.write(f"[perf] slower in {len(slower)} cells: {', '.join(slower)}\n")
            return 1
    return 0


def plan_cells(args: argparse.Namespace, layouts: List[Any], subs: List[subjects.Subject], ctx: rigs.Context,
               cpus: List[int]) -> List[matrix.Cell]:
    """The matrix's cells, each one skipped said on stderr; with --dry-run,
    also each runnable cell's command lines for every subject on stdout."""
    cells = matrix.build_cells(args.rigs, args.modes, args.kernels, args.frames, layouts, args.ring_tiers,
                               cpus, machine.cache_sizes(), args.burst, args.ring_bursts)
    for c in cells:
        if c.skip:
            sys.stderr.write(f"[perf] skip {c.key}: {c.skip}\n")
    if args.dry_run:
        for c in [c for c in cells if not c.skip]:
            for s in subs:
                for p in rigs.build(c, s, ctx, cpus):
                    print(f"{c.key} [{s.label} {p.role}]: {' '.join(p.argv)}")
    return cells


def measure(args: argparse.Namespace, specs: List[str], layouts: List[Any], workdir: str, out: str,
            subs: List[subjects.Subject]) -> int:
    cpus = machine.allowed_cpus()
    prepare_subjects(specs, args, workdir, subs)
    gen = probe_generator(args)
    ctx = rigs.Context(workdir=workdir, warmup=args.warmup, duration=args.duration, burst=args.burst,
                       no_huge=args.no_huge, stats_format=args.stats_format, generator=gen,
                       pci_ports=args.pci_ports)
    cells = plan_cells(args, layouts, subs, ctx, cpus)
    if args.dry_run:
        return 0
    runnable = [c for c in cells if not c.skip]
    sys.stderr.write(f"[perf] {len(runnable)} cells x {len(subs)} subjects x {args.reps} runs "
                     f"(~{len(runnable) * len(subs) * args.reps * (args.warmup + args.duration + 3) / 60:.0f}"
                     " min)\n")
    started = datetime.datetime.now().isoformat(timespec="seconds")
    samples = matrix.execute(cells, subs, ctx, args.reps, cpus, os.path.join(out, "logs"),
                             progress=not args.quiet, rotate=getattr(args, "rotate", False))
    return finish(args, results_dict(args, started, subs, gen, cells, samples), out, subs)


def cmd_run(args: argparse.Namespace, specs: List[str]) -> int:
    layouts = check_run_args(args)
    return in_workdir(args, lambda workdir, out, subs: measure(args, specs, layouts, workdir, out, subs))


def in_workdir(args: argparse.Namespace, work: Callable[[str, str, List[subjects.Subject]], int]) -> int:
    """work(workdir, out, subs) with the results folder (args.out or a
    dated one) and a fresh work folder made; the subjects it adds to `subs`,
    DPDK's runtime folders and the work folder are cleaned up however it ends."""
    out = args.out or f"perf-out-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="pmdfwd-perf-")
    subs: List[subjects.Subject] = []
    try:
        return work(workdir, out, subs)
    finally:
        subjects.cleanup(subs)
        runner.cleanup_runtime_dirs()
        shutil.rmtree(workdir, ignore_errors=True)
