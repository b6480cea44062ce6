"""The seed patch's verdict table (issue 28 item 4) for doc/performance.md,
from two `scripts/perf compare --interleave` runs of the three testpmds of
scripts/seed-testpmds: shipped against reverted (the 2024 SSE series' own
verdict) and avx2 against shipped (pmdfwd's kernel in testpmd).

The section sits between two marker lines (MARKERS, pmdfwd_dev.marked_section):
`publish` replaces it in place (or appends it), and `scripts/perf doc` keeps
it when it rewrites the rest.
"""
import json

from pmdfwd_dev import marked_section

MARKERS = marked_section.Markers(
    "<!-- seed-testpmds: begin (scripts/seed-testpmds --publish; kept by scripts/perf doc) -->",
    "<!-- seed-testpmds: end -->")


def load(path):
    with open(path) as f:
        results = json.load(f)
    if results.get("format") != "pmdfwd-perf-interleave/1":
        raise ValueError(f"{path}: not a results.json of scripts/perf compare --interleave "
                         f"(format {results.get('format')!r})")
    return results


def _cell(res):
    """ratio, interval and verdict of one cell, or the error it got."""
    if "paired" not in res:
        return f"error: {res.get('error', '?')}", "", ""
    p = res["paired"]
    return (f"x{p['median_ratio']:.4f}", f"[{p['ci'][0]:.4f}, {p['ci'][1]:.4f}] ({p['pairs']} pairs)",
            p["verdict"])


def _labels(results):
    return results["subjects"][0]["label"], results["subjects"][1]["label"]


def table(runs):
    """One row per cell of the first run; one ratio, interval and verdict
    column group per run (b/a, a cell missing from a run left blank)."""
    head = "| cell |"
    rule = "|---|"
    for r in runs:
        a, b = _labels(r)
        head += f" {b} / {a} | 95 % CI | verdict |"
        rule += "---|---|---|"
    rows = [head, rule]
    for key in runs[0]["cells"]:
        row = f"| {key} |"
        for r in runs:
            row += " {} | {} | {} |".format(*(_cell(r["cells"][key]) if key in r["cells"] else ("", "", "")))
        rows.append(row)
    return "\n".join(rows)


def tally(results):
    """"B against A: faster in F (x.. to x..), slower in S (...), within noise
    in N (...) of T cells": how many cells got each verdict, and their
    median ratios' range."""
    a, b = _labels(results)
    judged = [c["paired"] for c in results["cells"].values() if "paired" in c]
    parts = []
    for verdict in ("faster", "slower", "within noise"):
        ratios = sorted(p["median_ratio"] for p in judged if p["verdict"] == verdict)
        ends = list(dict.fromkeys(f"x{r:.3f}" for r in ratios[:1] + ratios[-1:]))  # one where they print alike
        span = f" ({' to '.join(ends)})" if ends else ""
        parts.append(f"{verdict} in {len(ratios)}{span}")
    errors = len(results["cells"]) - len(judged)
    line = f"{b} against {a}: {', '.join(parts)} of {len(results['cells'])} cells"
    return line + (f" ({errors} failed)" if errors else "")


def _run_line(results, command):
    la = results.get("load_average", {})
    start = " ".join(f"{x:.2f}" for x in la.get("start", []))
    end = " ".join(f"{x:.2f}" for x in la.get("end", []))
    return f"- {results.get('created', '?')}: `{command}` (load average {start} at start, {end} at end)"


def minimum_effect(runs):
    """The minimum effect the runs judged with, as the notes say it ("2 %",
    or each one's where they differ); runs without settings say "?"."""
    effects = sorted({r.get("settings", {}).get("min_effect") for r in runs}, key=lambda e: (e is None, e))
    return " and ".join("?" if e is None else f"{e * 100:g} %" for e in effects)


def section(runs, commands, notes):
    """The markdown section's body: what was built, the table, how it was
    run (publish puts it between the markers)."""
    machine = runs[0].get("machine", {})
    cpu = machine.get("cpu_model") or machine.get("model") or ""
    lines = ["## The seed patch's verdict: DPDK 24.11's testpmd three ways", "", *notes, "",
             table(runs), "", *(f"- {tally(r)}" for r in runs), "",
             f"Measured on {cpu or 'this machine'}, interleaved windows (doc/perf-tool.md):", ""]
    lines += [_run_line(r, c) for r, c in zip(runs, commands)]
    return "\n".join(lines) + "\n"


def publish(doc_path, body):
    """Replace the marked section of doc_path with `body`, or append it."""
    marked_section.write(doc_path, MARKERS, body)
