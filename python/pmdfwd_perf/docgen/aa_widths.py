"""The A/A widths in doc/perf-tool.md (issue 28 item 2): each forwarder
against itself on the goals' cells, interleaved and sequential, from one
`scripts/perf doc --only aa-widths` run. The table goes between two marker
lines of doc/perf-tool.md, so the hand-written text around it stays."""

import json
import os
from typing import Any, Dict, List, Optional

from pmdfwd_dev import marked_section

from .. import interleave, report
from . import markdown, planning

MARKERS = marked_section.Markers("<!-- aa-widths: written by scripts/perf doc --only aa-widths; do not edit -->",
                                 "<!-- aa-widths end -->")
Widths = Dict[str, Any]


def _read(path: str) -> Optional[Dict[str, Any]]:
    if not os.path.exists(path):
        return None
    with open(path) as f:
        res: Dict[str, Any] = json.load(f)
    return res


def load(work: str, run: Dict[str, Any]) -> Optional[Widths]:
    """The A/A parts' results of a doc run, or None when it had none."""
    names = planning.GROUPS["aa-widths"]
    parts = {n: _read(os.path.join(work, n, "results.json")) for n in names}
    if not any(parts.values()):
        return None
    for n, res in parts.items():
        if res and n.startswith("aa-sequential"):
            report.analyze(res)
    named = dict(zip(run.get("parts", []), run.get("commands", [])))
    return {"parts": parts, "created": run.get("created"), "seconds": run.get("part_seconds", {}),
            "load_average": run.get("load_average"), "machine": run.get("machine", {}),
            "commands": [named[n] for n in names if n in named]}


def _cells(res: Dict[str, Any]) -> List[str]:
    cells = res.get("cells", {})
    return sorted(cells) if isinstance(cells, dict) else sorted(c["key"] for c in cells if not c.get("skip"))


def interleaved_rows(fwd: str, res: Dict[str, Any], per_cell_s: Optional[float]) -> List[List[str]]:
    rows = []
    s = res["settings"]
    for key in _cells(res):
        c = res["cells"][key]
        if "paired" not in c:
            rows.append([fwd, key, "interleaved", c.get("error", "?").splitlines()[0], "-", "-", "-", "-", "-"])
            continue
        for rate in ("on-cpu", "wall"):
            p = interleave.analyse(c["windows"], s["confidence"], s["min_effect"], None, rate)["paired"]
            how = f"interleaved, {rate} rate"
            rows.append([fwd, key, how, f"{p['median_ratio']:.4f}", f"[{p['ci'][0]:.4f}, {p['ci'][1]:.4f}]",
                         f"±{p['ci_half_width']:.2%}", p["verdict"], _secs(per_cell_s), _load(res)])
    return rows


def _load(res: Dict[str, Any]) -> str:
    """The 1-minute load average at the part's start and end."""
    la = res.get("load_average") or {}
    return " → ".join(f"{la[k][0]:.1f}" for k in ("start", "end") if la.get(k)) or "-"


def sequential_rows(fwd: str, res: Dict[str, Any], per_cell_s: Optional[float]) -> List[List[str]]:
    rows = []
    for key in _cells(res):
        v = res.get("comparison", {}).get(key)
        if not v:
            rows.append([fwd, key, "sequential", "not measured", "-", "-", "-", "-", "-"])
            continue
        half = (v["ci_high"] - v["ci_low"]) / 2
        rows.append([fwd, key, "sequential (R=5, T=2 s)", f"{v['ratio']:.4f}",
                     f"[{v['ci_low']:.4f}, {v['ci_high']:.4f}]", f"±{half:.2%}", v["verdict"], _secs(per_cell_s),
                     _load(res)])
    return rows


def _secs(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:.0f}"


def _cpus(machine: Dict[str, Any]) -> str:
    cpus = machine.get("cpus", "?")
    return str(len(cpus)) if isinstance(cpus, list) else str(cpus)


def _relative(argv: List[str], tree: Optional[str]) -> str:
    """A command as a reader in their own clone types it."""
    text = " ".join(argv)
    return text.replace(tree.rstrip("/") + "/", "") if tree else text


def render(w: Widths, tree: Optional[str] = None) -> str:
    rows = []
    for fwd in planning.AA_WIDTH_FORWARDERS:
        for how, fn in (("interleaved", interleaved_rows), ("sequential", sequential_rows)):
            name = f"aa-{how}-{fwd}"
            res = w["parts"].get(name)
            if res:
                secs = w["seconds"].get(name)
                rows += fn(fwd, res, secs / max(1, len(_cells(res))) if secs else None)
    la = w.get("load_average")
    out = [f"From the `scripts/perf doc --only aa-widths` run of {w.get('created', '?')} on "
           f"{w['machine'].get('cpu_model', '?')}, {_cpus(w['machine'])} CPUs; load average "
           f"(1, 5, 15 min) at its end {', '.join(f'{x:.1f}' for x in la) if la else '?'} (the forwarder "
           "being measured accounts for about 1; more means other work shared the machine). The interval is "
           "the 95 % one of B/A; ± is its half width; the time is the part's wall time over its cells, "
           "start-up included; load is the 1-minute load average at the part's start and end where the part "
           "records it.", "",
           markdown.table(["forwarder", "cell", "mode", "B/A", "95 % CI", "±", "verdict", "s per cell", "load"],
                          rows),
           "", "The commands (`scripts/perf` arguments, `--out` left out):", ""]
    out += ["    scripts/perf " + _relative(c, tree) for c in w["commands"]]
    return "\n".join(out)


def write_into(path: str, text: str) -> None:
    """Replace what is between the markers of path with text; a doc without
    them is refused (the section's place is chosen by hand)."""
    marked_section.write(path, MARKERS, text, append=False)
