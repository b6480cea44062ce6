"""Cost cells of an interleaved compare, each with a verdict of its own, and
the gates a CI run sets on them (`compare --interleave --gate NAME=X%`).

A cell of `compare --interleave` judges the packet rate. Beside it:

  cycles        TSC cycles per packet per window (TSC Hz / window rate),
                paired as the rate is. It is time in another unit: it moves
                with the clock, the neighbours and the shared cache exactly
                as the rate does, and only the pairing cancels that.
  instructions  instructions per packet under callgrind (perf/icount.py):
                counted, so the same on a quiet and a busy machine, and
                blind to everything that costs time without instructions
                (cache and memory stalls, store forwarding, branch misses,
                frequency).
  memops        memory operations (data reads + writes) per packet under
                callgrind's cache simulation: counted as instructions are;
                says how many accesses, not where they hit.

Counted figures are judged by their ratio against a tolerance (one count
per subject: there is no sample spread to test against); paired figures by
perf/paired.py's judgement. Every cost
is lower-is-better: its ratio is B's cost over A's, and a verdict says
cheaper or dearer.

A gate fails when its figure is worse for B than its threshold allows:
pps and cycles only when the paired judgement with that threshold as the
minimum effect says slower/dearer (a significant change, at least that
large); instructions and memops when B's count exceeds A's by more than the
threshold. A gate whose figure was not measured fails and says why: a CI
gate that cannot see must not pass.
"""

from typing import Any, Dict, List, Optional, Tuple

from . import paired, stats

CHEAPER = "cheaper"
DEARER = "dearer"
SAME = "same"

# name -> (the key of the cell's result, what it is)
METRICS = {
    "pps": ("paired", "packets per second, paired windows"),
    "cycles": ("tsc_cycles_per_packet", "TSC cycles per packet, paired windows"),
    "instructions": ("instructions_per_packet", "instructions per packet, callgrind"),
    "memops": ("memory_ops_per_packet", "memory operations per packet, callgrind --cache-sim"),
}
COUNTED = ("instructions", "memops")


def parse_gate(text: str) -> Tuple[str, float]:
    """'instructions=2%' -> ('instructions', 0.02); a bad one says what is allowed."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or name not in METRICS:
        raise ValueError(f"--gate {text!r}: expected NAME=PERCENT with NAME one of {', '.join(METRICS)} "
                         "(e.g. instructions=2%)")
    v = value.strip()
    try:
        threshold = float(v[:-1]) / 100 if v.endswith("%") else float(v)
    except ValueError:
        raise ValueError(f"--gate {text!r}: {value!r} is not a percentage (2%) or fraction (0.02)") from None
    if not 0 <= threshold < 1:
        raise ValueError(f"--gate {text!r}: the threshold must be in [0%, 100%)")
    return name, threshold


def needs_icount(gates: List[Tuple[str, float]]) -> bool:
    return any(name in COUNTED for name, _ in gates)


def needs_cache_sim(gates: List[Tuple[str, float]]) -> bool:
    return any(name == "memops" for name, _ in gates)


def counted(a: float, b: float, tolerance: float) -> Dict[str, Any]:
    """A counted cost of A and B: its ratio and verdict (no statistics:
    the count does not sample)."""
    if a <= 0:
        raise ValueError(f"A's count per packet is {a}: nothing to compare B's against")
    ratio = b / a
    if ratio > 1 + tolerance:
        verdict, reason = DEARER, f"B/A {ratio:.4f} above 1 + {tolerance:.1%}"
    elif ratio < 1 - tolerance:
        verdict, reason = CHEAPER, f"B/A {ratio:.4f} below 1 - {tolerance:.1%}"
    else:
        verdict, reason = SAME, f"B/A {ratio:.4f} within {tolerance:.1%} of 1"
    return {"a": a, "b": b, "ratio": ratio, "tolerance": tolerance, "verdict": verdict, "reason": reason}


def icount_cells(a_row: Dict[str, Any], b_row: Dict[str, Any], tolerance: float) -> Dict[str, Any]:
    """instructions (and, with the cache simulation, memory operations) per
    packet of A and B from perf/icount.run's results."""
    ta, tb = a_row["total"], b_row["total"]
    out = {"instructions_per_packet": counted(ta["Ir"], tb["Ir"], tolerance)}
    if "Dr" in ta and "Dr" in tb:
        out["memory_ops_per_packet"] = counted(ta["Dr"] + ta["Dw"], tb["Dr"] + tb["Dw"], tolerance)
    return out


def cycles_cell(a_rates: List[float], b_rates: List[float], hz: float, confidence: float,
                min_effect: float, blocks: Optional[List[int]] = None) -> Dict[str, Any]:
    """TSC cycles per packet per window, paired: ratio B/A of costs, so
    above 1 is dearer."""
    ca = [hz / x for x in a_rates]
    cb = [hz / x for x in b_rates]
    cell = paired.paired(ca, cb, confidence, min_effect, blocks=blocks)
    cell["verdict"] = {stats.FASTER: DEARER, stats.SLOWER: CHEAPER}.get(cell["verdict"], cell["verdict"])
    cell["a_median_cycles_per_packet"] = sorted(ca)[len(ca) // 2]
    cell["b_median_cycles_per_packet"] = sorted(cb)[len(cb) // 2]
    return cell


def _paired_worse(p: Dict[str, Any], threshold: float, confidence: float, higher_is_better: bool) -> bool:
    """The paired judgement with threshold as its minimum effect says B is
    worse."""
    verdict, _ = paired.judge(p["median_ratio"], p["ci"], p["sign_p"], confidence, threshold)
    return verdict == (stats.SLOWER if higher_is_better else stats.FASTER)


def gate(cell: Dict[str, Any], name: str, threshold: float, confidence: float) -> Tuple[bool, str]:
    """(passed, why) of one gate on one cell's results."""
    key, what = METRICS[name]
    figure: Optional[Dict[str, Any]] = cell.get(key)
    if not figure:
        return False, f"{what}: not measured ({cell.get(key + '_error') or 'no figure in this cell'})"
    if name in COUNTED:
        worse = figure["ratio"] > 1 + threshold
        shown = f"B/A {figure['ratio']:.4f} ({figure['a']:.2f} -> {figure['b']:.2f})"
    else:
        worse = _paired_worse(figure, threshold, confidence, higher_is_better=name == "pps")
        shown = f"B/A x{figure['median_ratio']:.4f} CI [{figure['ci'][0]:.4f}, {figure['ci'][1]:.4f}]"
    word = "fails" if worse else "passes"
    return not worse, f"{what}: {shown}; {word} the {threshold:.1%} gate"


def check_gates(cells: Dict[str, Dict[str, Any]], gates: List[Tuple[str, float]],
                confidence: float) -> List[Dict[str, Any]]:
    """Every gate on every measured cell (a cell that failed to run fails
    every gate)."""
    out = []
    for key, cell in cells.items():
        for name, threshold in gates:
            if "error" in cell:
                ok, why = False, f"the cell did not run: {cell['error'].splitlines()[0]}"
            else:
                ok, why = gate(cell, name, threshold, confidence)
            out.append({"cell": key, "metric": name, "threshold": threshold, "passed": ok, "reason": why})
    return out


def cost_lines(cell: Dict[str, Any]) -> List[str]:
    """The compare output's lines for a cell's cost cells."""
    lines = []
    c = cell.get("tsc_cycles_per_packet")
    if c:
        lines.append(f"TSC cycles/packet {c['a_median_cycles_per_packet']:.1f} -> "
                     f"{c['b_median_cycles_per_packet']:.1f} x{c['median_ratio']:.4f} "
                     f"CI [{c['ci'][0]:.4f}, {c['ci'][1]:.4f}]: {c['verdict']}")
    for key, label in (("instructions_per_packet", "instructions/packet"),
                       ("memory_ops_per_packet", "memory ops/packet")):
        f = cell.get(key)
        if f:
            lines.append(f"{label} {f['a']:.2f} -> {f['b']:.2f} x{f['ratio']:.4f}: {f['verdict']}")
        elif cell.get(key + "_error"):
            lines.append(f"{label}: not measured ({cell[key + '_error']})")
    return lines
