"""doc/perf/goals.md's interleaved part (issue 28): the ring-hot and null
goals judged on `compare --interleave`'s paired verdicts, and, where a goal
is not met, where the cost per packet goes, stage by stage (callgrind's
stages, memory operations, TSC cycles). Pure functions of the part's
results.json, tested on synthetic ones."""

from typing import Any, Dict, List, Optional, Tuple

from . import markdown

Results = Dict[str, Any]
Rows = List[List[Any]]

# (goal, cell, target B/A): pmdfwd's default kernel and exact fields
# against dpdk-testpmd of the same DPDK, 64 B, one core.
GOALS = (("ring-hot macswap, exact", "ring-hot/macswap/64B/1Q1C", 1.25),
         ("null macswap, exact", "null/macswap/64B/1Q1C", 1.10))
STAGES = ("pmd", "loop", "engine", "other")
# Debian's dpdk-testpmd is stripped: its engine cannot be told from its
# loop, so the two are compared together, as the application's.
COMPARED = {"pmd": ("pmd",), "application (loop + engine)": ("loop", "engine"), "other": ("other",)}


def _ir(row: Dict[str, Any], stages: Tuple[str, ...]) -> float:
    return float(sum(row["per_packet"][s]["Ir"] for s in stages))


def _met(ratio: float, verdict: str, target: float) -> str:
    if ratio >= target and verdict == "faster":
        return "**yes**"
    return "median yes, not significant" if ratio >= target else "**no**"


def goal_rows(res: Results) -> Rows:
    """One row per goal: the paired median ratio, its interval, the verdict."""
    rows = []
    for name, key, target in GOALS:
        c = res.get("cells", {}).get(key)
        if not c or "paired" not in c:
            why = (c or {}).get("error", "not measured").splitlines()[0]
            rows.append([name, f">= {target:.2f}x", why, "-"])
            continue
        p = c["paired"]
        got = (f"x{p['median_ratio']:.3f} [{p['ci'][0]:.3f}, {p['ci'][1]:.3f}] {p['verdict']} "
               f"({p['pairs']} pairs)")
        rows.append([name, f">= {target:.2f}x", got, _met(p["median_ratio"], p["verdict"], target)])
    return rows


def _f(x: Optional[float], nd: int = 1) -> str:
    return "-" if x is None else f"{x:.{nd}f}"


def stage_rows(cell: Dict[str, Any]) -> Rows:
    """Per packet, A against B: callgrind's stages and memory operations,
    then TSC cycles; the difference B - A."""
    rows = []
    counts = cell.get("icount")
    if counts:
        a, b = counts["a"], counts["b"]
        for name, stages in COMPARED.items():
            x, y = _ir(a, stages), _ir(b, stages)
            rows.append([f"instructions: {name}", _f(x), _f(y), f"{y - x:+.1f}"])
            if len(stages) > 1:
                rows.append(["of which pmdfwd's engine (testpmd's is stripped)", "-",
                             _f(_ir(b, ("engine",))), "-"])
        rows.append(["instructions: all", _f(a["total"]["Ir"]), _f(b["total"]["Ir"]),
                     f"{b['total']['Ir'] - a['total']['Ir']:+.1f}"])
        if "Dr" in a["total"] and "Dr" in b["total"]:
            x, y = (t["total"]["Dr"] + t["total"]["Dw"] for t in (a, b))
            rows.append(["memory operations", _f(x), _f(y), f"{y - x:+.1f}"])
    cyc = cell.get("tsc_cycles_per_packet")
    if cyc:
        x, y = cyc["a_median_cycles_per_packet"], cyc["b_median_cycles_per_packet"]
        rows.append(["TSC cycles (median window)", _f(x), _f(y), f"{y - x:+.1f}"])
    return rows


def shortfall(cell: Dict[str, Any], target: float) -> Optional[str]:
    """What the goal asks of B's cycles per packet, and the stage whose
    instructions differ most; None when there is nothing to explain from."""
    cyc = cell.get("tsc_cycles_per_packet")
    if not cyc:
        return None
    have, ref = cyc["b_median_cycles_per_packet"], cyc["a_median_cycles_per_packet"]
    need = ref / target
    text = (f"{target:.2f}x needs pmdfwd at {need:.1f} TSC cycles per packet or fewer (dpdk-testpmd's "
            f"{ref:.1f} / {target:.2f}); it takes {have:.1f}, {have - need:.1f} too many.")
    counts = cell.get("icount")
    if counts:
        diffs = {n: _ir(counts["b"], st) - _ir(counts["a"], st) for n, st in COMPARED.items()}
        stage = max(diffs, key=lambda n: abs(diffs[n]))
        text += f" The stage whose instructions differ most is {stage} ({diffs[stage]:+.1f} per packet)."
        text += " " + application_budget(counts, target)
        text += " " + per_cycle(counts, ref, have, need)
    return text


def application_budget(counts: Dict[str, Any], target: float) -> str:
    """What the goal leaves the application (loop + engine) if time went
    with instructions: pmdfwd's PMD and other stages are the DPDK's and the
    libraries', not pmdfwd's to cut, so they bound the ratio."""
    a, b = counts["a"], counts["b"]
    fixed = _ir(b, ("pmd", "other"))
    ceiling = a["total"]["Ir"] / fixed if fixed else float("inf")
    budget = a["total"]["Ir"] / target - fixed
    app, engine = _ir(b, ("loop", "engine")), _ir(b, ("engine",))
    text = (f"In instructions, pmdfwd's PMD and other stages alone take {fixed:.1f} per packet against "
            f"dpdk-testpmd's {a['total']['Ir']:.1f} in all, so even an application of no instructions "
            f"would make the ratio at most x{ceiling:.2f}; ")
    if budget <= 0:
        return text + f"{target:.2f}x is beyond that bound."
    return text + (f"{target:.2f}x would need the application at {budget:.1f} instructions per packet or "
                   f"fewer, and pmdfwd's takes {app:.1f} (its engine, the MAC swap and the TX fields the "
                   f"contract sets, {engine:.1f}).")


def per_cycle(counts: Dict[str, Any], ref: float, have: float, need: float) -> str:
    """Instructions and memory operations per TSC cycle: what each
    forwarder sustains and what the goal would ask at pmdfwd's counts."""
    a, b = counts["a"]["total"], counts["b"]["total"]
    text = (f"Per TSC cycle dpdk-testpmd retires {a['Ir'] / ref:.2f} instructions and pmdfwd "
            f"{b['Ir'] / have:.2f}; the goal at pmdfwd's count needs {b['Ir'] / need:.2f}")
    if "Dr" in a and "Dr" in b:
        ma, mb = a["Dr"] + a["Dw"], b["Dr"] + b["Dw"]
        text += (f", and {mb / need:.2f} memory operations per TSC cycle where dpdk-testpmd makes "
                 f"{ma / ref:.2f} and pmdfwd {mb / have:.2f}")
    return text + "."


def suspect_counts(cell: Dict[str, Any]) -> List[str]:
    """Subjects whose count lies mostly outside the PMD and the application:
    the thread callgrind counted may not be the forwarding one."""
    counts = cell.get("icount") or {}
    return [who for side, who in (("a", "dpdk-testpmd"), ("b", "pmdfwd")) if side in counts
            and _ir(counts[side], ("other",)) > _ir(counts[side], ("pmd", "loop", "engine"))]


def render(res: Results, command: Optional[List[str]] = None, tree: Optional[str] = None) -> List[str]:
    """The interleaved section of goals.md."""
    s = res.get("settings", {})
    out = ["## Judged interleaved (issue 28)", "",
           f"`scripts/perf compare --interleave`, {s.get('pairs')} pairs of {s.get('window_ms')} ms windows in "
           f"{s.get('blocks', 1)} blocks, run {res.get('created', '?')}, load average "
           f"{_load(res)}: the paired median ratio, its 95 % interval and verdict "
           "(doc/perf-tool.md, \"Interleaved windows\").", ""]
    if command:
        text = " ".join(command)
        out += ["    scripts/perf " + (text.replace(tree.rstrip("/") + "/", "") if tree else text), ""]
    out += [markdown.table(["goal", "target", "measured (B/A, 95 % CI, verdict)", "met"], goal_rows(res))]
    for name, key, target in GOALS:
        c = res.get("cells", {}).get(key)
        if not c or "paired" not in c:
            continue
        rows = stage_rows(c)
        out += ["", f"### {name}: per packet, stage by stage", "",
                "Instructions and memory operations are callgrind's counts of the forwarding thread (valgrind "
                "has no AVX-512, so pmdfwd runs there the best kernel without it); TSC cycles are the median "
                "window's, per second on a CPU where the run judged the on-CPU rate.", ""]
        out.append(markdown.table(["per packet", "dpdk-testpmd", "pmdfwd", "pmdfwd - testpmd"], rows) if rows
                   else "no cost cells in this run")
        why = shortfall(c, target) if c["paired"]["median_ratio"] < target else None
        if why:
            out += ["", why]
        for who in suspect_counts(c):
            out += ["", f"{who}'s instructions lie mostly outside the PMD and the application (\"other\"): the "
                    "thread callgrind counted may not be its forwarding one, so its instruction and memory rows "
                    "are suspect here."]
    return out


def _load(res: Results) -> str:
    la = res.get("load_average", {})
    return " -> ".join(f"{x[0]:.1f}" for x in (la.get("start"), la.get("end")) if x) or "?"
