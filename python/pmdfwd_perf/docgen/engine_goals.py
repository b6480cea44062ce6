"""doc/perf/goals.md's part for issue 36: every engine's goal against
dpdk-testpmd's same mode, judged per DPDK from the engine table's cells
(engine_table), goal by goal, with what each missed cell lacks and, where
the part counted it (--engine-icount), where its cost per packet goes stage
by stage. Pure functions of the parts' results; the section sits between
its own markers, so the engines parts write it and a rewrite of the page
from other parts keeps it."""

from typing import Any, Dict, List, Optional, Tuple

from pmdfwd_dev import marked_section

from . import engine_table, interleaved_goals, markdown
from .discovery import Version
from .planning import ENGINE_RIGS

MARKERS = marked_section.Markers("<!-- engine goals: written by scripts/perf doc --only engines; do not edit -->",
                                 "<!-- engine goals end -->")

# The issue's goals, each a set of the table's cells: (name, the cells' test).
GOALS = (("every engine x1.10 and faster on ring-hot, ring-warm and ring-cold",
          lambda col, mode: col.startswith("ring") and mode != "io"),
         ("every engine not slower on null", lambda col, mode: col == "null" and mode != "io"),
         ("every header-reading engine not slower on the pcap rig's frames",
          lambda col, mode: col.startswith("pcap") and mode != "io"),
         ("io, the loop alone, x1.00 and not slower everywhere", lambda col, mode: mode == "io"))

Cell = Tuple[str, str, Dict[str, Any]]  # column, mode, the cell


def judged(cells: Dict[str, Any]) -> List[Cell]:
    """The cells a verdict was reached on, in the table's order."""
    out = []
    for mode in engine_table.ENGINES:
        for col in engine_table.COLUMNS:
            c = engine_table.cell_of(cells, col, mode)
            if not engine_table.why_not(col, mode) and c and "paired" in c:
                out.append((col, mode, c))
    return out


def unmeasured(cells: Dict[str, Any]) -> List[str]:
    """The cells the engine parts run that have no verdict: left out of
    this run, or failed."""
    return [f"{mode} {col}" for mode in engine_table.ENGINES for col in engine_table.COLUMNS
            if not engine_table.why_not(col, mode) and planned(col, mode)
            and "paired" not in (engine_table.cell_of(cells, col, mode) or {})]


def planned(col: str, mode: str) -> bool:
    rig = col.split("-")[0]
    return any(r == rig and mode in modes for r, _, modes in ENGINE_RIGS)


def goal_rows(cells: Dict[str, Any]) -> List[List[str]]:
    """Per goal: how many of its judged cells meet it, and which do not."""
    rows = []
    for name, holds in GOALS:
        mine = [(col, mode, c) for col, mode, c in judged(cells) if holds(col, mode)]
        missed = [f"{mode} {col}" for col, mode, c in mine if not engine_table.met(col, mode, c["paired"])]
        met = "**yes**" if mine and not missed else ("-" if not mine else "**no**")
        rows.append([name, f"{len(mine) - len(missed)} of {len(mine)}", ", ".join(missed) or "-", met])
    return rows


def shortfall(col: str, mode: str, paired: Dict[str, Any]) -> str:
    """What the missed goal asks for beyond the measured paired median."""
    target, wording = engine_table.goal(col, mode)
    ratio, verdict = paired["median_ratio"], paired["verdict"]
    if ratio >= target:
        return f"{wording}: the median is there, the verdict {verdict} is not"
    return f"{wording}: pmdfwd needs {100 * (target / ratio - 1):.1f} % more packets per second"


def missed_rows(cells: Dict[str, Any]) -> List[List[str]]:
    rows = []
    for col, mode, c in judged(cells):
        p = c["paired"]
        if engine_table.met(col, mode, p):
            continue
        rows.append([f"{mode} {col}", f"x{p['median_ratio']:.3f} [{p['ci'][0]:.3f}, {p['ci'][1]:.3f}] "
                     f"{p['verdict']} ({p['pairs']} pairs)", shortfall(col, mode, p)])
    return rows


def stages(cells: Dict[str, Any]) -> List[str]:
    """Stage by stage, per missed cell the part counted under callgrind."""
    out: List[str] = []
    for col, mode, c in judged(cells):
        if engine_table.met(col, mode, c["paired"]) or not c.get("icount"):
            continue
        out += [f"#### {mode} {col}: per packet, stage by stage", "",
                markdown.table(["per packet", "dpdk-testpmd", "pmdfwd", "pmdfwd - testpmd"],
                               interleaved_goals.stage_rows(c)), ""]
        why = interleaved_goals.shortfall(c, engine_table.goal(col, mode)[0])
        if why:
            out += [why, ""]
    return out


PART_PREFIX = "engine-goals-dpdk"


def version_section(v: Version, cells: Dict[str, Any], created: Optional[str] = None,
                    icount: bool = False, machine: Optional[Dict[str, Any]] = None) -> List[str]:
    out = [f"### {engine_table.version_title(v)}", ""]
    if not cells:
        return out + ["not measured", ""]
    out += [f"Judged from the `scripts/perf doc` run of {created or '?'}{engine_table.machine_words(machine)}.", ""]
    if v.root is None and not icount:
        out += ["This run counted no instructions: `scripts/perf doc --only engines --engines --engine-icount` "
                "adds callgrind's stage-by-stage counts for the host's missed cells.", ""]
    out += [markdown.table(["goal", "cells met", "not met", "met"], goal_rows(cells)), ""]
    missed = missed_rows(cells)
    if missed:
        out += ["Missed cells (paired median ratio pmdfwd / testpmd, 95 % interval, verdict):", "",
                markdown.table(["cell", "measured", "the goal asks"], missed), ""]
    gaps = unmeasured(cells)
    if gaps:
        out += [f"Not judged in this run (no verdict): {', '.join(gaps)}.", ""]
    return out + stages(cells)


def render(versions: List[Tuple[Version, Dict[str, Any]]], created: Optional[str] = None,
           icount: bool = False, kept: Optional[Dict[str, str]] = None,
           machine: Optional[Dict[str, Any]] = None) -> str:
    """The section's body, one marked part per DPDK: this run's, or the one
    kept from the page where this run did not measure that DPDK."""
    out = ["## Every engine ahead of testpmd's (issue 36)", "",
           "From the engine parts of `scripts/perf doc` (doc/performance.md, \"Every engine against "
           "dpdk-testpmd's same mode\", has every cell); each DPDK's part names its run. A goal is met when "
           "every cell it holds is; a ring goal needs the paired median at x1.10 and the verdict \"faster\". The "
           "cells no rig can judge, and why, are listed under that table.", ""]

    def part(v: Version, cells: Dict[str, Any]) -> str:
        return "\n".join(version_section(v, cells, created, icount, machine))

    for block in engine_table.parts(versions, kept or {}, PART_PREFIX, part):
        out += [block, ""]
    return "\n".join(out).rstrip("\n") + "\n"
