"""`perf icount`: instructions (and cache misses) per forwarded packet, by
stage, under valgrind's callgrind, on the one-process rigs."""

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
from typing import Any, Dict, List

from .. import icount, icount_budget, machine, matrix, rigs, runner, subjects
from .run import default_subject, prepare_subjects

Row = Dict[str, Any]


def check_icount_args(args: argparse.Namespace) -> None:
    ok, why = icount.valgrind_available()
    if not ok:
        raise ValueError(why)
    for rig in args.rigs:
        if not icount.countable(rig):
            raise ValueError(f"icount runs one process: rig {rig!r} not allowed ({', '.join(icount.RIGS)})")
    hp_ok, hp_why = machine.hugepages_available()
    if not hp_ok and not args.no_huge:
        raise ValueError(f"hugepages: {hp_why}; or pass --no-huge")
    if args.budget:
        icount_budget.load(args.budget)  # refused before minutes of counting


def count_all(args: argparse.Namespace, out: str, workdir: str, subs: List[subjects.Subject]) -> List[Row]:
    """One row per cell and subject: callgrind's figures, or the error."""
    cpus, caches = machine.allowed_cpus(), machine.cache_sizes()
    prepare_subjects(args.subject or [default_subject()], args, workdir, subs)
    ctx = rigs.Context(workdir=workdir, warmup=0, duration=args.seconds, burst=args.burst, no_huge=args.no_huge)
    cells = [c for c in matrix.build_cells(args.rigs, args.modes, args.kernels, args.frames,
                                           [machine.parse_layout("1Q1C")], args.ring_tiers, cpus, caches,
                                           args.burst) if not c.skip]
    rows = []
    for c in cells:
        for s in subs:
            row: Row = {"cell": c.key, "variant": c.variant, "mode": s.mode or c.mode, "kernel": c.kernel,
                        "subject": s.label}
            if c.kernel and not s.has("macswap-kernel"):
                if c.kernel != (args.kernels or [None])[0]:
                    continue  # a subject without kernels runs its one macswap once
                row["cell"] = c.key.replace(f"+{c.kernel}", "")
            sys.stderr.write(f"[perf] icount {c.key} {s.label} ...\n")
            try:
                log = os.path.join(out, "logs", f"icount-{matrix._safe(c.key)}-{matrix._safe(s.label)}.log")
                row.update(icount.run_cell(c, s, ctx, cpus, args.seconds, workdir, args.cache_sim, log))
            except (icount.IcountError, runner.RunError, ValueError, OSError) as e:
                row["error"] = str(e)
            rows.append(row)
    return rows


def cmd_icount(args: argparse.Namespace) -> int:
    """Instructions (and cache misses) per forwarded packet under callgrind."""
    check_icount_args(args)
    out = args.out or f"icount-out-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="pmdfwd-icount-")
    subs: List[subjects.Subject] = []
    try:
        rows = count_all(args, out, workdir, subs)
    finally:
        subjects.cleanup(subs)
        runner.cleanup_runtime_dirs()
        shutil.rmtree(workdir, ignore_errors=True)
    table = icount.markdown(rows)
    with open(os.path.join(out, "icount.json"), "w") as f:
        json.dump({"format": "pmdfwd-perf-icount/1", "machine": machine.describe(), "seconds": args.seconds,
                   "cache_sim": args.cache_sim, "subjects": [s.describe() for s in subs], "rows": rows}, f, indent=1)
    with open(os.path.join(out, "icount.md"), "w") as f:
        f.write(table + "\n")
    print(table)
    if not any(not r.get("error") for r in rows):
        return 3
    if args.write_budget:
        icount_budget.write(args.write_budget, rows)
        print(f"budget written: {args.write_budget}")
    return judge_budget(args.budget, rows) if args.budget else 0


def judge_budget(path: str, rows: List[Row]) -> int:
    """The --budget gate: 0 within budget, 1 over it or a cell not measured."""
    ok, lines = icount_budget.judge(rows, icount_budget.load(path))
    for line in lines:
        print(line)
    print(f"instruction budget {path}: {'met' if ok else 'NOT MET'}")
    return 0 if ok else 1
