"""Instruction budgets: `perf icount --budget FILE` fails a run whose
application instructions per packet (the loop and the engine: pmdfwd's own
code) grew past a cell's budget, and `--write-budget FILE` writes one from a
run. Instructions are counted (callgrind), not timed, so the gate does not
move with the neighbours: a change that makes an engine do more per packet
is caught however busy the machine. A budget holds for one toolchain and
DPDK (the host's: GCC 12 and DPDK 22.11 on Debian 12), so it is written on
such a machine (scripts/perf icount ... --write-budget, see doc/perf-tool.md).
"""

import json
from typing import Any, Dict, List, Tuple

FORMAT = "pmdfwd-icount-budget/1"
STAGES = ("loop", "engine")
DEFAULT_TOLERANCE_PCT = 2.0

Row = Dict[str, Any]


def app_ir(row: Row) -> float:
    """The row's instructions per packet in pmdfwd's own code."""
    return float(sum(row["per_packet"][s]["Ir"] for s in STAGES))


def budget_from_rows(rows: List[Row], tolerance_pct: float = DEFAULT_TOLERANCE_PCT) -> Dict[str, Any]:
    """A budget of every measured row, as the rows counted them."""
    errors = [f"{r['cell']}: {r['error'].splitlines()[0]}" for r in rows if r.get("error")]
    if errors:
        raise ValueError("a budget needs every cell measured: " + "; ".join(errors))
    cells = {r["cell"]: round(app_ir(r), 2) for r in rows}
    return {"format": FORMAT, "tolerance_pct": tolerance_pct, "stages": list(STAGES), "cells": cells}


def write(path: str, rows: List[Row]) -> None:
    """The budget of rows written to path; ValueError, and the file left as
    it was, when a cell was not measured (the budget is built before the
    file is opened, so a failed run does not empty it)."""
    budget = budget_from_rows(rows)
    with open(path, "w") as f:
        json.dump(budget, f, indent=1, sort_keys=True)
        f.write("\n")


def load(path: str) -> Dict[str, Any]:
    """The budget file at path, or ValueError saying what is wrong."""
    try:
        with open(path) as f:
            budget = json.load(f)
    except (OSError, ValueError) as e:
        raise ValueError(f"--budget {path}: {e}") from None
    if not isinstance(budget, dict) or budget.get("format") != FORMAT or not isinstance(budget.get("cells"), dict):
        raise ValueError(f"--budget {path}: not a {FORMAT} file (write one with --write-budget)")
    return budget


def judge(rows: List[Row], budget: Dict[str, Any]) -> Tuple[bool, List[str]]:
    """Whether every budgeted cell was measured within its budget, and one
    line per cell saying so (over budget, under by far, not measured)."""
    tol = float(budget.get("tolerance_pct", DEFAULT_TOLERANCE_PCT))
    by_cell = {r["cell"]: r for r in rows}
    ok, lines = True, []
    for cell, limit in sorted(budget["cells"].items()):
        r = by_cell.get(cell)
        if r is None or r.get("error"):
            ok = False
            why = "not in this run" if r is None else r["error"].splitlines()[0]
            lines.append(f"{cell}: not measured ({why})")
            continue
        got = app_ir(r)
        change = (got / limit - 1) * 100
        if change > tol:
            ok = False
            verdict = f"OVER BUDGET by {change:+.1f}% (allowed {tol:+.1f}%)"
        elif change < -tol:
            verdict = f"{change:+.1f}%: cheaper than the budget; write it again to keep the gain"
        else:
            verdict = f"{change:+.1f}%: within budget"
        lines.append(f"{cell}: {got:.2f} instructions a packet in loop and engine, budget {limit:.2f}: {verdict}")
    for cell in sorted(set(by_cell) - set(budget["cells"])):
        lines.append(f"{cell}: no budget (not judged)")
    return ok, lines
