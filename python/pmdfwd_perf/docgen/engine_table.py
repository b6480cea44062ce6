"""doc/performance.md's per-engine section (issue 36): every engine pmdfwd
shares with dpdk-testpmd, judged interleaved against testpmd's same mode on
each rig that can judge it, for the host's DPDK and each Debian root's, with
the goal each cell is held to. Pure functions of the parts' results.json,
tested on synthetic ones. The section sits between markers
(pmdfwd_dev.marked_section): `scripts/perf doc --only engines` writes it in
place and a full rewrite of the page keeps it."""

from typing import Any, Dict, List, Optional, Tuple

from pmdfwd_dev import marked_section

from ..pcap_frames import KINDS
from . import markdown
from .discovery import Version

Results = Dict[str, Any]
MARKERS = marked_section.Markers("<!-- engines: written by scripts/perf doc --only engines; do not edit -->",
                                 "<!-- engines end -->")

# What each rig's frames let an engine do. The ring rig loops tx_first's
# UDP/IPv4 frames, so every header-touching engine does its work there;
# net_null's frames are zeroed mbufs with no L3 header, and a loop cannot
# feed a sink nor judge a generator (rigs.unsupported says why); the pcap
# rig replays each kind of frame (pcap_frames) for the engines that read
# headers, with io beside them as the rig's own cost.
RING_TIERS = ("ring-hot", "ring-warm", "ring-cold")
PCAP_COLUMNS = tuple(f"pcap-{k}" for k in KINDS)
COLUMNS = RING_TIERS + ("null",) + PCAP_COLUMNS
RING_MODES = ("io", "mac", "macswap", "5tswap", "csum", "noisy")
NULL_MODES = ("io", "mac", "macswap", "rxonly", "txonly", "flowgen", "noisy")
PCAP_MODES = ("io", "macswap", "5tswap", "csum")
ENGINES = ("io", "mac", "macswap", "5tswap", "csum", "rxonly", "txonly", "flowgen", "noisy", "icmpecho",
           "ieee1588", "shared_rxq")
NOT_JUDGED = {
    ("null", "csum"): "net_null's frames carry no IPv4 header: neither side computes a checksum",
    ("null", "5tswap"): "net_null's frames carry no L3/L4 header: only the MACs would be swapped",
    ("ring", "rxonly"): "a loop rig feeds nothing to a sink",
    ("pcap", "*"): "the pcap rig judges the engines that read headers (io, macswap, 5tswap, csum)",
    ("ring", "txonly"): "a loop rig's rate is the ring's once the loop fills, not the generator's",
    ("ring", "flowgen"): "a loop rig's rate is the ring's once the loop fills, not the generator's",
    ("*", "icmpecho"): "no rig sends ICMP echo or ARP (tx_first's frames are UDP; net_null's are empty)",
    ("*", "ieee1588"): "no rig sends PTP frames, and neither net_ring nor net_null has timesync",
    ("*", "shared_rxq"): "no virtual device shares RX queues, and dpdk-testpmd 22.11 crashes in this mode "
                         "without --rxq-share",
}
RING_TARGET = 1.10


def why_not(column: str, mode: str) -> Optional[str]:
    rig = column.split("-")[0]
    if rig == "pcap" and mode not in PCAP_MODES:
        return NOT_JUDGED[("pcap", "*")]
    return NOT_JUDGED.get((rig, mode)) or NOT_JUDGED.get(("*", mode))


def goal(column: str, mode: str) -> Tuple[float, str]:
    """(target ratio, wording) the issue holds a cell to: io adds nothing
    anywhere; every engine is x1.10 faster on the ring tiers and at least
    level on null and pcap (both allocate, and pcap copies, per packet)."""
    if mode == "io":
        return 1.0, ">= x1.00, not slower"
    if column.startswith("ring"):
        return RING_TARGET, f">= x{RING_TARGET:.2f}, faster"
    return 1.0, "not slower"


def met(column: str, mode: str, paired: Dict[str, Any]) -> bool:
    target, _ = goal(column, mode)
    ratio, verdict = paired["median_ratio"], paired["verdict"]
    if column.startswith("ring") and mode != "io":
        return ratio >= target and verdict == "faster"
    return verdict != "slower" and (mode != "io" or ratio >= target)


def cell_of(cells: Dict[str, Any], column: str, mode: str) -> Optional[Dict[str, Any]]:
    """The cell of column and mode, whatever its layout: the rig picks it
    (ring-cold spreads one core over many queues to leave the cache)."""
    prefix = f"{column}/{mode}/64B/"
    return next((c for key, c in sorted(cells.items()) if key.startswith(prefix)), None)


def cell_text(column: str, mode: str, cells: Dict[str, Any]) -> str:
    why = why_not(column, mode)
    if why:
        return "not judged"
    c = cell_of(cells, column, mode)
    if c is None:
        return "not measured"
    if "paired" not in c:
        return "error: " + str(c.get("error", "?")).splitlines()[0]
    p = c["paired"]
    mark = "met" if met(column, mode, p) else "**not met**"
    return f"x{p['median_ratio']:.3f} [{p['ci'][0]:.3f}, {p['ci'][1]:.3f}] {p['verdict']}, {mark}"


def rows(cells: Dict[str, Any]) -> List[List[str]]:
    return [[mode] + [cell_text(col, mode, cells) for col in COLUMNS] for mode in ENGINES]


def tally(cells: Dict[str, Any]) -> str:
    judged = [(col, mode, c["paired"]) for mode in ENGINES for col in COLUMNS
              for c in [cell_of(cells, col, mode)] if not why_not(col, mode) and c and "paired" in c]
    missed = [f"{mode} {col}" for col, mode, p in judged if not met(col, mode, p)]
    return (f"{len(judged) - len(missed)} of {len(judged)} judged cells meet their goal"
            + (f"; not met: {', '.join(missed)}" if missed else ""))


def merge(*parts: Optional[Results]) -> Dict[str, Any]:
    cells: Dict[str, Any] = {}
    for p in parts:
        cells.update((p or {}).get("cells", {}))
    return cells


# Each DPDK's part of the section has markers of its own: a run that
# measures some DPDKs (the whole table takes hours on a 2-core machine)
# rewrites their parts and keeps the others', each with its run's date and
# commands.
PART_PREFIX = "engines-dpdk"


def version_title(v: Version) -> str:
    return f"DPDK {v.dpdk or '?'}" + (" (host)" if v.root is None else f" (Debian root {v.name})")


def machine_words(machine: Optional[Dict[str, Any]]) -> str:
    """The machine a run measured on, for a part's sentence: parts of one
    table may come from runs on different machines (a root's part kept from
    an earlier run), and the ratios of one core kind do not carry over to
    another (mac's stores, for one, cost differently on Intel and AMD)."""
    if not machine:
        return ""
    cpus = machine.get("cpus")
    return f" on {machine.get('cpu_model') or '?'}" + (f", {len(cpus)} CPUs" if cpus else "")


def version_part(v: Version, cells: Dict[str, Any], commands: List[List[str]], pairs: Optional[int],
                 created: Optional[str], machine: Optional[Dict[str, Any]] = None) -> str:
    """One DPDK's part: when, where and how it was measured, the tally, the table."""
    out = [f"### {version_title(v)}", ""]
    if not cells:
        return "\n".join(out + ["not measured", ""])
    per = f", {pairs} window pairs per cell" if pairs else ""
    out += [f"Measured by the `scripts/perf doc` run of {created or '?'}{machine_words(machine)}{per} "
            "(`--out` left out):", ""]
    out += ["    scripts/perf " + " ".join(c) for c in commands] + [""]
    out += [tally(cells), "", markdown.table(["engine"] + list(COLUMNS), rows(cells)), ""]
    return "\n".join(out)


def parts(versions: List[Tuple[Version, Dict[str, Any]]], kept: Dict[str, str], prefix: str, part) -> List[str]:
    """Each DPDK's marked part: this run's where it measured that DPDK, else
    the part kept from the page (then "not measured"); parts the page has
    for DPDKs this run does not know come after, in the page's order."""
    out = []
    for v, cells in versions:
        if not cells and v.name in kept:
            out.append(kept[v.name].rstrip("\n"))
        else:
            out.append(marked_section.keyed(prefix, v.name).block(part(v, cells)).rstrip("\n"))
    names = {v.name for v, _ in versions}
    out += [block.rstrip("\n") for name, block in kept.items() if name not in names]
    return out


def render(versions: List[Tuple[Version, Dict[str, Any]]], commands: Dict[str, List[List[str]]],
           pairs: Optional[int] = None, created: Optional[str] = None, kept: Optional[Dict[str, str]] = None,
           machine: Optional[Dict[str, Any]] = None) -> str:
    """The section's body: the goals, one marked part per DPDK (this run's,
    or the one kept from the page), and why the empty cells are empty."""
    out = ["## Every engine against dpdk-testpmd's same mode", "",
           "`scripts/perf compare --interleave` per engine and rig, pmdfwd (B) against the dpdk-testpmd of the "
           "same DPDK (A), 64 B, one forwarding core: the paired median ratio B/A, its 95 % interval, the "
           "verdict, and whether the cell meets its goal: "
           f"x{RING_TARGET:.2f} and faster on the ring tiers, not slower on null, and io (the loop alone) at "
           "least x1.00 everywhere. The ring rig's frames are tx_first's UDP/IPv4; the pcap rig replays UDP/IPv4, "
           "TCP/IPv4, UDP/IPv6 and 802.1Q-tagged UDP/IPv4 frames with right checksums. Each DPDK's part says "
           "which run measured it: `scripts/perf doc --only engines --engines` measures every DPDK, and with "
           "`--no-versions` the host's alone, keeping the roots' parts.", ""]
    for block in parts(versions, kept or {}, PART_PREFIX,
                       lambda v, cells: version_part(v, cells, commands.get(v.name, []), pairs, created, machine)):
        out += [block, ""]
    notes = sorted({f"- {mode} on {col.split('-')[0]}: {why_not(col, mode)}" for mode in ENGINES for col in COLUMNS
                    if why_not(col, mode) and not (col.startswith("pcap") and mode not in PCAP_MODES)})
    notes.append(f"- pcap: {NOT_JUDGED[('pcap', '*')]}")
    out += ["Not judged, and why:", "", *notes]
    return "\n".join(out) + "\n"
