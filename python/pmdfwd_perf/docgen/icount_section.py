"""doc/performance.md's callgrind section: instructions and memory
operations per packet of dpdk-testpmd and pmdfwd, stage by stage, for every
engine the ring rig lets work. Counted, not timed, so one run on a busy
machine serves; it sits between markers (pmdfwd_dev.marked_section) so that
`scripts/perf doc --only icount` rewrites it in place without the timed
parts, and a full run writes it with the rest of the page."""

from typing import List, Optional

from pmdfwd_dev import marked_section

MARKERS = marked_section.Markers("<!-- icount: written by scripts/perf doc (--only icount); do not edit -->",
                                 "<!-- icount end -->")

EXPLAINED = (
    "Instructions per forwarded packet on the forwarding thread, by stage: pmd = net_ring's receive and "
    "transmit, loop = the application's own code around the engine (for the stripped dpdk-testpmd, loop and "
    "engine together), engine = pmdfwd's engine; `Ir - io` = what the engine adds to the same subject's io; "
    "mem ops = data reads and writes (callgrind's Dr + Dw, hits and misses alike), D1/LL misses from its "
    "cache simulation with this machine's L1d and L2; pmdfwd-lean runs --macswap-fields=lean. Counted, not "
    "timed: the same on a busy machine. Valgrind 3.19 has no AVX-512, so the avx512 kernel is not in it.")


def body(icount_md: Optional[str], created: Optional[str] = None, command: Optional[List[str]] = None) -> str:
    """The section: heading, what the columns mean, the table (or why
    there is none), and, for a run of this part alone, the run that
    measured it (a full run's header names its own)."""
    out = ["## Where the instructions go (callgrind, ring-hot 64 B)", ""]
    if not icount_md:
        return "\n".join(out + ["not measured (valgrind missing or --no-icount)"])
    out += [EXPLAINED, "", icount_md.strip()]
    if created and command:
        out += ["", f"Counted by the run of {created}: `scripts/perf {' '.join(command)}`"]
    return "\n".join(out)


def block(icount_md: Optional[str], created: Optional[str] = None, command: Optional[List[str]] = None) -> str:
    """The section with its markers, as the page holds it."""
    return MARKERS.block(body(icount_md, created, command))
