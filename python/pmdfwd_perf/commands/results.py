"""Commands on a finished run's results.json: `perf report` (analyse and
render again), `perf baseline` (a gate's reference) and `perf check` (the
gate)."""

import argparse
import json
import os
from typing import Any, Dict

from .. import baseline, report


def load_results(path: str) -> Dict[str, Any]:
    with open(path) as f:
        data = json.load(f)
    if data.get("format", "").split("/")[0] != "pmdfwd-perf-results":
        raise ValueError(f"{path}: not a results.json written by scripts/perf run")
    return data


def cmd_report(args: argparse.Namespace) -> int:
    results = load_results(args.results)
    report.analyze(results, args.confidence, args.min_effect, args.method, args.figure)
    out = args.out or os.path.dirname(os.path.abspath(args.results))
    paths = report.write_all(results, out, png=not args.no_png)
    print(report.mail_blocks(results))
    for line in report.verdict_lines(results):
        print(line)
    for k, v in paths.items():
        print(f"{k}: {v}")
    return 0


def cmd_baseline(args: argparse.Namespace) -> int:
    results = load_results(args.results)
    if "summary" not in results:
        report.analyze(results)
    data = baseline.make(results, args.subject, args.tolerance)
    with open(args.output, "w") as f:
        json.dump(data, f, indent=1)
    print(f"{len(data['cells'])} cells -> {args.output}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    base = baseline.load(args.baseline)
    results = load_results(args.results)
    if "summary" not in results:
        report.analyze(results)
    ok, rows = baseline.check(base, results, args.subject, args.allow_missing)
    print(baseline.format_rows(rows))
    bad = [r for r in rows if r["status"] in (baseline.REGRESSION, baseline.MISSING)]
    print(("PASS" if ok else "FAIL") + f": {len(rows)} cells, {len(bad)} regressed or missing")
    return 0 if ok else 1
