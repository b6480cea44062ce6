"""Baseline gating, DTS-style: fail CI when a cell falls below expectation.

DPDK's DTS performance suites compare each measured figure with an expected
value from a per-machine config and fail beyond a tolerance. Same here: a
baseline file is tied to one machine/rig, lists cell -> expected Mpps and a
tolerance, and `check` exits non-zero when a cell's *median* over its runs
falls below expected * (1 - tolerance). The median (not the best run) is
judged so that one lucky or unlucky run does not flip the gate; the
tolerance must be wider than the cell's run-to-run spread (CV), which
`make` can derive from the run it is built from.

File format (JSON):
    {"format": "pmdfwd-perf-baseline/1", "machine": "...", "subject": "...",
     "default_tolerance": 0.05,
     "cells": {"ring-warm/macswap/64B/1Q1C": {"mpps": 61.2, "tolerance": 0.05}, ...}}
"""

import json

FORMAT = "pmdfwd-perf-baseline/1"
PASS, REGRESSION, IMPROVEMENT, MISSING = "pass", "regression", "improvement", "missing"


def load(path):
    with open(path) as f:
        data = json.load(f)
    if not isinstance(data, dict) or not isinstance(data.get("cells"), dict):
        raise ValueError(f"{path}: not a baseline (expected an object with a 'cells' mapping; see doc/perf-tool.md)")
    for key, entry in data["cells"].items():
        if not isinstance(entry, dict) or not isinstance(entry.get("mpps"), (int, float)):
            raise ValueError(f"{path}: cell {key!r} needs a numeric 'mpps'")
        tol = entry.get("tolerance", data.get("default_tolerance", 0.05))
        if not 0 <= tol < 1:
            raise ValueError(f"{path}: cell {key!r} tolerance {tol} must be a fraction in [0, 1), e.g. 0.05")
    return data


def make(results, subject=None, tolerance=None, spread_factor=3.0, floor=0.02):
    """A baseline from a run: expected = median; tolerance = given, or
    max(floor, spread_factor * CV) per cell so noisy cells get wider gates."""
    label = subject or results["subjects"][0]["label"]
    cells = {}
    for key, per in results["summary"].items():
        e = per.get(label)
        if not e or not e.get("n"):
            continue
        tol = tolerance if tolerance is not None else max(floor, spread_factor * (e.get("cv") or 0.0))
        cells[key] = {"mpps": round(e["median"], 4), "tolerance": round(min(tol, 0.5), 4),
                      "cv": round(e.get("cv") or 0.0, 4), "n": e["n"]}
    return {"format": FORMAT, "machine": results["machine"].get("cpu_model"), "subject": label,
            "default_tolerance": tolerance if tolerance is not None else 0.05, "cells": cells}


def check(baseline, results, subject=None, allow_missing=False):
    """Per-cell outcome rows and whether the gate passes."""
    label = subject or results["subjects"][-1]["label"]
    rows = []
    ok = True
    default_tol = baseline.get("default_tolerance", 0.05)
    for key, entry in baseline["cells"].items():
        expected = entry["mpps"]
        tol = entry.get("tolerance", default_tol)
        e = results.get("summary", {}).get(key, {}).get(label)
        if not e or not e.get("n"):
            rows.append({"cell": key, "status": MISSING, "expected": expected, "measured": None,
                         "tolerance": tol, "delta": None})
            ok = ok and allow_missing
            continue
        measured = e["median"]
        delta = measured / expected - 1.0
        if delta < -tol:
            status = REGRESSION
            ok = False
        elif delta > tol:
            status = IMPROVEMENT  # passes; the baseline is stale and should be raised
        else:
            status = PASS
        rows.append({"cell": key, "status": status, "expected": expected, "measured": measured,
                     "tolerance": tol, "delta": delta})
    return ok, rows


def format_rows(rows):
    out = [f"{'cell':44} {'expected':>9} {'measured':>9} {'delta':>8} {'tol':>6}  status"]
    for r in rows:
        m = "-" if r["measured"] is None else f"{r['measured']:.3f}"
        d = "-" if r["delta"] is None else f"{r['delta']:+.1%}"
        out.append(f"{r['cell']:44} {r['expected']:9.3f} {m:>9} {d:>8} {r['tolerance']:6.1%}  {r['status']}")
    return "\n".join(out)
