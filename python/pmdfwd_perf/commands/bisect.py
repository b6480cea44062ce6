"""`perf bisect`: the first commit between GOOD and BAD whose cell (or
measure command's figure) differs from GOOD's, by verdicts."""

import argparse
import os
import shutil
import sys
import tempfile
from typing import Union

from .. import bisect, checkouts, history, machine, matrix, rigs, runner, subjects


def cell_measure(args: argparse.Namespace, cache: checkouts.Cache, workdir: str) -> bisect.CellMeasure:
    """Runs of --cell VARIANT/MODE[/FRAMEB[/LAYOUT]] on a commit's build."""
    cpus, caches = machine.allowed_cpus(), machine.cache_sizes()
    key = history.parse_cell(args.cell)
    cells = [c for c in matrix.build_cells(["ring", "null", "memif", "vhost"], [key.split("/")[1]], [],
                                           [int(key.split("/")[2][:-1])],
                                           [machine.parse_layout(key.split("/")[3])],
                                           ["hot", "warm", "cold"], cpus, caches) if c.key == key]
    if not cells or cells[0].skip:
        raise ValueError(f"cell {key}: " + (cells[0].skip if cells else "not a cell of null, ring-hot|warm|"
                                            "cold, memif or vhost"))
    ctx = rigs.Context(workdir=workdir, warmup=args.warmup, duration=args.duration,
                       generator=subjects.probe(subjects.parse_spec("generator:bin=dpdk-testpmd"),
                                                f"pmdfwd-perf-{os.getpid()}-probeg"))
    return bisect.CellMeasure(cache, cells[0], ctx, cpus, workdir, args.figure)


def cmd_bisect(args: argparse.Namespace) -> int:
    cache = checkouts.Cache(args.repo, args.cache, build_cmd=args.build_command, meson_options=args.meson_option)
    good, bad = checkouts.resolve(args.repo, args.good), checkouts.resolve(args.repo, args.bad)
    shas = checkouts.commit_range(args.repo, f"{good}..{bad}", first_parent=args.first_parent)
    sys.stderr.write(f"[perf] bisect: {len(shas)} commits from {good[:10]} to {bad[:10]}\n")

    def name(sha: str) -> str:
        return "{} {}".format(*checkouts.describe(args.repo, sha)[:2])[:70]

    workdir = tempfile.mkdtemp(prefix="pmdfwd-perf-")
    try:
        measure: Union[bisect.CommandMeasure, bisect.CellMeasure] = (
            bisect.CommandMeasure(cache, args.measure_command) if args.measure_command
            else cell_measure(args, cache, workdir))
        res = bisect.Search(shas, measure, args.reps, args.rounds, args.confidence, args.min_effect,
                            name=name).run()
    finally:
        runner.cleanup_runtime_dirs()
        shutil.rmtree(workdir, ignore_errors=True)
    runs = sum(len(v) for v in res.measured.values())
    print(f"measured {len(res.measured)} of {len(shas)} commits, {runs} runs")
    if res.first_bad is None:
        print(f"no step: {args.bad} against {args.good} is {res.step.verdict} ({res.step.reason})")
        return 1
    v = res.verdict
    print(f"first commit that differs: {name(res.first_bad)}")
    print(f"  against its predecessor {name(res.last_good)}: {v.verdict}, ratio {v.ratio:.3f}, "
          f"{v.confidence:.1%} CI [{v.ci_low:.3f}, {v.ci_high:.3f}], MWU p={v.p_value:.3g}")
    if v.verdict == "within noise":
        print("  not confirmed: this pair is within noise (the step may be spread over several commits, or noise)")
        return 1
    return 0
