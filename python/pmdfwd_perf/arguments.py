"""scripts/perf's command line: the subcommands, their options and the
types that check them (a bad value is refused with what is allowed)."""

import argparse
import os
from typing import Any, Callable, List

from . import changepoint, history, matrix

USAGE = """pmdfwd performance matrix: measure, compare, gate.

    scripts/perf machine                       what the rigs will use here
    scripts/perf run     [matrix options] --subject SPEC [--subject SPEC]
    scripts/perf compare [matrix options] --a SPEC --b SPEC [--fail-on-slower]
    scripts/perf compare --interleave [matrix options] --a SPEC --b SPEC [--gate NAME=PCT ...]
    scripts/perf report  RESULTS.json [--out DIR] [--confidence C --min-effect E]
    scripts/perf baseline RESULTS.json -o BASELINE.json [--tolerance T]
    scripts/perf check   --baseline BASELINE.json RESULTS.json
    scripts/perf icount  [--rigs ring --modes io,macswap ...] --subject SPEC ...
    scripts/perf doc     [--reps R ...]     measure and write doc/performance.md
    scripts/perf import  RESULTS.json ...   add earlier results to the store
    scripts/perf history COMMITS [matrix options] [--page PAGE.html]   measure commits, store them
    scripts/perf trend   -o PAGE.html       the trend page (charts, change points) from the store
    scripts/perf bisect  GOOD BAD --cell ring-hot/macswap   the first commit that moved a cell

Subject SPEC: [LABEL:]bin=PATH|rev=GITREV[,mode=M][,kernel=K][,args=...]
run/compare/doc/history append to the store (--store, default $PMDFWD_PERF_STORE or
~/.local/share/pmdfwd/perf.sqlite). See doc/perf-tool.md and doc/perf-trend.md.
Exit status: 0 ok, 1 gate failed (regression / slower),
2 bad usage, 3 nothing could be measured.
"""


Parser = argparse.ArgumentParser


def csv_list(kind: str, conv: Callable[[str], Any] = str) -> Callable[[str], List[Any]]:
    def parse(text: str) -> List[Any]:
        try:
            return [conv(x) for x in text.split(",") if x.strip()]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{kind}: {text!r} is not a comma list of {conv.__name__}") from None
    return parse


def fraction(text: str) -> float:
    """'5%' or '0.05' -> 0.05."""
    t = text.strip()
    try:
        v = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a fraction (0.05) or percentage (5%)") from None
    if not 0 <= v < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be in [0, 1) / [0%, 100%)")
    return v


def add_analysis(p: Parser) -> None:
    p.add_argument("--confidence", type=fraction, default=0.95, help="confidence level of the verdict (default 95%%)")
    p.add_argument("--min-effect", type=fraction, default=0.02,
                   help="smallest ratio change called faster/slower (default 2%%)")
    p.add_argument("--method", choices=("both", "bootstrap", "mwu"), default="both",
                   help="evidence for a verdict: bootstrap CI of the ratio of medians AND Mann-Whitney U "
                        "(both, default), or either alone")
    p.add_argument("--figure", choices=("best", "median"), default="best",
                   help="a run's figure: its best 1-s interval (default) or its median interval")


def add_trend_analysis(p: Parser, prefix: str) -> None:
    p.add_argument("--" + prefix.replace("_", "-") + "confidence", type=fraction, default=changepoint.CONFIDENCE,
                   help="confidence of a change point (default 99%%)")
    p.add_argument("--" + prefix.replace("_", "-") + "min-effect", type=fraction, default=changepoint.MIN_EFFECT,
                   help="smallest step called a change (default 3%%)")
    if not prefix:
        p.add_argument("--figure", choices=("best", "median"), default="best")
        p.add_argument("--no-rep-adjust", action="store_true",
                       help="keep the machine's drift between repetitions in the figures (see doc/perf-trend.md)")


def add_commits(p: Parser, repo: str, with_matrix: bool = False) -> None:
    if not with_matrix:  # add_matrix has them
        p.add_argument("--repo", default=repo, help="git repository of the commits (default this one)")
        p.add_argument("--meson-option", action="append", default=[], help="extra meson setup option")
    p.add_argument("--cache", default=None, help="commit trees and builds (default ~/.cache/pmdfwd/perf-commits)")
    p.add_argument("--first-parent", action="store_true", help="ranges follow first parents only")


def add_matrix(p: Parser, repo: str) -> None:
    p.add_argument("--rigs", type=csv_list("rigs"), default=["null", "ring", "memif"],
                   help="comma list of null,ring,memif,vhost,afpacket,pcap,pci; pcap is every frame kind, "
                        "pcap-udp4|tcp4|udp6|vlan one (default null,ring,memif)")
    p.add_argument("--modes", type=csv_list("modes"), default=["macswap"],
                   help="forward modes (io,mac,macswap,flowgen,txonly,rxonly; default macswap)")
    p.add_argument("--kernels", type=csv_list("kernels"), default=[],
                   help="macswap kernels (pmdfwd --macswap-kernel); default: the subject's own choice")
    p.add_argument("--frames", type=csv_list("frames", int), default=list(matrix.FRAMES),
                   help="frame sizes in bytes (default 64,128,256,512,1024,1518)")
    p.add_argument("--layouts", type=csv_list("layouts"), default=["1Q1C", "2Q2C"], help="default 1Q1C,2Q2C")
    p.add_argument("--ring-tiers", type=csv_list("tiers"), default=["hot", "warm", "cold"],
                   help="ring working sets from this machine's caches (default hot,warm,cold)")
    p.add_argument("--ring-bursts", type=csv_list("bursts", int), default=None,
                   help="explicit tx_first burst counts instead of tiers")
    p.add_argument("--burst", type=int, default=32, help="packets per burst (default 32)")
    p.add_argument("-R", "--reps", type=int, default=5, help="runs per cell per subject (default 5)")
    p.add_argument("-T", "--duration", type=int, default=5, help="measured seconds per run (default 5)")
    p.add_argument("-W", "--warmup", type=int, default=2, help="discarded seconds at the start of a run (default 2)")
    p.add_argument("--generator", default="dpdk-testpmd",
                   help="generator binary of the memif and vhost rigs (flowgen mode; default dpdk-testpmd)")
    p.add_argument("--pci-ports", type=csv_list("pci ports"), default=[],
                   help="PCI addresses of the two cabled NIC ports (pci rig)")
    p.add_argument("--no-huge", action="store_true", help="run EAL with --no-huge -m 1024 (slower, TLB-bound)")
    p.add_argument("--stats-format", choices=("text", "json"), default="text",
                   help="ask subjects that support it for JSON stats (default text)")
    p.add_argument("--repo", default=repo, help="git repository for rev= subjects (default this one)")
    p.add_argument("--meson-option", action="append", default=[], help="extra meson setup option for rev= builds")
    p.add_argument("--out", default=None, help="output directory (default perf-out-<timestamp>)")
    p.add_argument("--no-png", action="store_true", help="skip the matplotlib chart")
    p.add_argument("--dry-run", action="store_true", help="print the cells and command lines, run nothing")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    add_store(p)
    add_analysis(p)


def add_store(p: Parser) -> None:
    p.add_argument("--store", default=None, help="results store (SQLite) the run is appended to; 'none': no store "
                   "(default $PMDFWD_PERF_STORE or ~/.local/share/pmdfwd/perf.sqlite)")


def add_measure_commands(sub: Any, repo: str) -> None:
    p = sub.add_parser("machine", help="CPUs, caches and ring tiers the rigs will use here")
    p.add_argument("--burst", type=int, default=32)
    p = sub.add_parser("run", help="measure the matrix for one or more subjects")
    add_matrix(p, repo)
    p.add_argument("--subject", action="append", default=[], help="subject SPEC (repeatable; default "
                   "$PMDFWD_BIN or dpdk-testpmd); with two, the second is compared against the first")
    p = sub.add_parser("compare", help="measure A and B alternated and give per-cell verdicts")
    add_matrix(p, repo)
    p.add_argument("--a", required=True, help="subject SPEC of the reference (before)")
    p.add_argument("--b", required=True, help="subject SPEC of the candidate (after)")
    p.add_argument("--fail-on-slower", action="store_true", help="exit 1 when any cell's verdict is slower")
    p.add_argument("--interleave", action="store_true",
                   help="A and B alive together, run in turns of one window each, judged pair by pair "
                        "(null, ring, memif rigs; see doc/perf-tool.md)")
    p.add_argument("--pairs", type=int, default=300, help="--interleave: measured window pairs per cell (300)")
    p.add_argument("--warmup-pairs", type=int, default=3,
                   help="--interleave: dropped pairs at the start of each block (3)")
    p.add_argument("--window-ms", type=int, default=200, help="--interleave: window length in ms (200)")
    p.add_argument("--settle-ms", type=int, default=20,
                   help="--interleave: wait after SIGCONT before a window's first read (20)")
    p.add_argument("--seed", type=int, default=1, help="--interleave: seed of the A/B order per pair (1)")
    p.add_argument("--rate", choices=("on-cpu", "wall"), default="on-cpu",
                   help="--interleave: judge packets per second the forwarding threads ran on a CPU (on-cpu: "
                        "time the neighbours took does not count) or per wall second (default on-cpu)")
    p.add_argument("--blocks", type=int, default=None,
                   help="--interleave: blocks of fresh instances per cell, A started first in even blocks, "
                        "B in odd ones (default one per 30 pairs, 1 to 10)")
    p.add_argument("--gate", action="append", default=[], metavar="NAME=PCT",
                   help="--interleave: exit 1 when B is worse than A by more than PCT on NAME: pps, cycles "
                        "(TSC cycles/packet; both need a significant paired verdict), instructions, memops "
                        "(callgrind counts per packet); repeatable, e.g. --gate instructions=1%%")
    p.add_argument("--icount", action="store_true",
                   help="--interleave: count instructions per packet of A and B under callgrind per cell "
                        "(null, ring; implied by an instructions or memops gate)")
    p.add_argument("--icount-seconds", type=int, default=2,
                   help="--icount: seconds of forwarding under callgrind per subject (2)")
    p.add_argument("--icount-cache-sim", action="store_true",
                   help="--icount: simulate the caches too: memory operations per packet (implied by a memops gate)")


def add_results_commands(sub: Any) -> None:
    p = sub.add_parser("report", help="re-analyse a results.json (other confidence / min effect) and re-render")
    p.add_argument("results")
    p.add_argument("--out", default=None)
    p.add_argument("--no-png", action="store_true")
    add_analysis(p)
    p = sub.add_parser("baseline", help="write a baseline file from a results.json")
    p.add_argument("results")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--subject", default=None, help="which subject's medians (default the first)")
    p.add_argument("--tolerance", type=fraction, default=None,
                   help="fixed tolerance for every cell (default max(2%%, 3 x the cell's CV))")
    p = sub.add_parser("check", help="gate: exit 1 when a cell regressed beyond the baseline's tolerance")
    p.add_argument("--baseline", required=True)
    p.add_argument("results")
    p.add_argument("--subject", default=None, help="which subject to judge (default the last)")
    p.add_argument("--allow-missing", action="store_true", help="cells absent from the results do not fail")


def add_icount_command(sub: Any, repo: str) -> None:
    p = sub.add_parser("icount", help="instructions (and cache misses) per forwarded packet, by stage, "
                                      "under valgrind's callgrind (ring and null rigs)")
    p.add_argument("--rigs", type=csv_list("rigs"), default=["ring"], help="ring,null,pcap[-KIND] (default ring)")
    p.add_argument("--ring-tiers", type=csv_list("tiers"), default=["hot"], help="default hot")
    p.add_argument("--modes", type=csv_list("modes"), default=["io", "macswap"], help="default io,macswap")
    p.add_argument("--kernels", type=csv_list("kernels"), default=[], help="macswap kernels (pmdfwd)")
    p.add_argument("--frames", type=csv_list("frames", int), default=[64], help="default 64")
    p.add_argument("--burst", type=int, default=32)
    p.add_argument("--seconds", type=int, default=5, help="seconds of forwarding under valgrind (default 5)")
    p.add_argument("--cache-sim", action="store_true", help="simulate L1d/L2 (slower): misses per packet")
    p.add_argument("--no-huge", action="store_true")
    p.add_argument("--repo", default=repo)
    p.add_argument("--meson-option", action="append", default=[])
    p.add_argument("--out", default=None, help="output directory (default icount-out-<timestamp>)")
    p.add_argument("--subject", action="append", default=[], help="subject SPEC (repeatable)")
    p.add_argument("--budget", default=None,
                   help="gate: exit 1 when a cell's loop + engine instructions a packet exceed its budget "
                        "in FILE (a --write-budget file) by more than its tolerance")
    p.add_argument("--write-budget", default=None, help="write this run's figures as a budget FILE")


def add_doc_command(sub: Any, repo: str) -> None:
    p = sub.add_parser("doc", help="measure dpdk-testpmd against pmdfwd (rigs, kernels, A/A, callgrind) and "
                                   "write doc/performance.md with its charts")
    p.add_argument("--testpmd", default="/usr/bin/dpdk-testpmd", help="the reference (default /usr/bin/dpdk-testpmd)")
    p.add_argument("--pmdfwd", default=None, help="pmdfwd binary (default build/pmdfwd)")
    p.add_argument("--generator", default=None, help="vhost generator (default: --testpmd)")
    p.add_argument("--kernels", type=csv_list("kernels"), default=None,
                   help="kernels compared one by one (default: all that pmdfwd offers)")
    p.add_argument("-R", "--reps", type=int, default=4, help="runs per cell per subject (default 4)")
    p.add_argument("-W", "--warmup", type=int, default=1, help="warm-up seconds per run (default 1)")
    p.add_argument("-T", "--duration", type=int, default=1, help="measured seconds per run (default 1)")
    p.add_argument("--no-icount", action="store_true", help="skip the callgrind part")
    p.add_argument("--icount-seconds", type=int, default=2)
    p.add_argument("--roots", default=os.environ.get("PMDFWD_ROOTS", "/var/cache/pmdfwd/roots"),
                   help="Debian roots of scripts/dpdk-matrix.sh: one table per DPDK version "
                        "(default $PMDFWD_ROOTS or /var/cache/pmdfwd/roots)")
    p.add_argument("--no-versions", action="store_true", help="only the host's DPDK, no runs in Debian roots")
    p.add_argument("--output", default=os.path.join(repo, "doc", "performance.md"))
    p.add_argument("--charts", default=os.path.join(repo, "doc", "perf"))
    p.add_argument("--work", default=None, help="raw results and logs (default perf-doc-<timestamp>)")
    p.add_argument("--dry-run", action="store_true", help="print the commands and the time estimate only")
    p.add_argument("--render", metavar="WORK", default=None,
                   help="measure nothing: write the doc again from the results of an earlier run's --work WORK")
    p.add_argument("--only", type=csv_list("parts"), default=None, metavar="PART,...",
                   help="measure only these parts (interleaved: the goals judged interleaved; aa-widths: the "
                        "A/A widths; engines: the engine table; icount: the instruction counts) and write only "
                        "what they measure: doc/perf/goals.md (interleaved), the A/A widths of "
                        "doc/perf-tool.md (aa-widths), the engine table and the callgrind section of "
                        "doc/performance.md (engines, icount)")
    p.add_argument("--interleaved", action="store_true",
                   help="add the interleaved part: the goals' cells judged by compare --interleave, with their "
                        "cost cells (about 7 minutes more)")
    p.add_argument("--aa-widths", action="store_true",
                   help="add the A/A parts: each forwarder against itself, interleaved and sequential, on ring-hot "
                        "and null; their widths go into doc/perf-tool.md (about 15 minutes more)")
    p.add_argument("--engines", action="store_true",
                   help="add the engine parts: every engine against testpmd's same mode, interleaved, on each rig "
                        "that can judge it, for the host's DPDK and each root's; the table goes between its markers "
                        "in doc/performance.md (10 cells per rig and DPDK: about 25 minutes per DPDK at 60 pairs)")
    p.add_argument("--pairs", type=int, default=300,
                   help="interleaved parts: measured window pairs per cell (300)")
    p.add_argument("--engine-pairs", type=int, default=60,
                   help="engine parts: measured window pairs per cell (60)")
    p.add_argument("--engine-icount", action="store_true",
                   help="engine parts: count each host cell's instructions and memory operations under callgrind "
                        "too, so that the goals page shows a missed cell's cost stage by stage (about 40 s a cell)")


def add_store_commands(sub: Any, repo: str) -> None:
    p = sub.add_parser("import", help="add results.json files of earlier runs to the store")
    p.add_argument("results", nargs="+")
    p.add_argument("--repo", default=repo, help="repository that describes commits of history runs (default this)")
    add_store(p)
    p = sub.add_parser("trend", help="write the trend page (one chart per cell over commits, change points) "
                                     "from the store")
    p.add_argument("-o", "--output", required=True, help="the HTML file to write")
    p.add_argument("--cells", type=csv_list("cells"), default=None, help="cell keys (default every stored cell)")
    p.add_argument("--title", default="pmdfwd performance over commits")
    p.add_argument("--intro", default=None, help="an HTML fragment put under the title (commands, machine, load)")
    add_store(p)
    add_trend_analysis(p, "")
    p = sub.add_parser("history", help="measure a list or range of commits (built once, cached) against the "
                                       "reference in one run, store them, optionally write the trend page")
    add_matrix(p, repo)
    p.set_defaults(**history.DEFAULTS)
    add_commits(p, repo, with_matrix=True)
    p.add_argument("commits", help="A..B (with every --every-th commit) or a comma list of revisions")
    p.add_argument("--every", type=int, default=1, help="keep every N-th commit of a range (and its last)")
    p.add_argument("--reference", default="/usr/bin/dpdk-testpmd", help="the anchor every commit is a ratio to")
    p.add_argument("--rebuild", action="store_true", help="build again commits the cache has (failed ones too)")
    p.add_argument("--fixed-order", action="store_true", help="measure the subjects in the same order in every "
                   "repetition (default: each repetition starts one subject later)")
    p.add_argument("--page", default=None, help="write the trend page from the store afterwards")
    p.add_argument("--title", default="pmdfwd performance over commits")
    add_trend_analysis(p, "trend_")


def add_bisect_command(sub: Any, repo: str) -> None:
    p = sub.add_parser("bisect", help="the first commit between GOOD and BAD whose cell differs from GOOD's, "
                                      "by verdicts, re-measuring near the boundary")
    p.add_argument("good")
    p.add_argument("bad")
    p.add_argument("--cell", default=None, help="VARIANT/MODE[/FRAMEB[/LAYOUT]], e.g. ring-hot/macswap")
    p.add_argument("--measure-command", default=None,
                   help="instead of a cell: a shell command run in each commit's tree, printing the figure "
                        "(higher is better) on its last line")
    p.add_argument("--build-command", default=None, help="with --measure-command: build command ('' none; "
                   "default meson + ninja pmdfwd)")
    add_commits(p, repo)
    p.add_argument("-R", "--reps", type=int, default=3, help="runs per commit per round (default 3)")
    p.add_argument("--rounds", type=int, default=3, help="rounds of runs before an unclear verdict is decided "
                   "by the nearer median (default 3)")
    p.add_argument("-T", "--duration", type=int, default=2)
    p.add_argument("-W", "--warmup", type=int, default=1)
    add_analysis(p)


def build_parser(repo: str) -> Parser:
    """The whole command line; `repo` is the source tree (git repository,
    build/pmdfwd, doc/) the defaults point into."""
    ap = argparse.ArgumentParser(prog="perf", description=USAGE, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.set_defaults(tree=repo)
    sub = ap.add_subparsers(dest="cmd", required=True)
    add_measure_commands(sub, repo)
    add_results_commands(sub)
    add_icount_command(sub, repo)
    add_doc_command(sub, repo)
    add_store_commands(sub, repo)
    add_bisect_command(sub, repo)
    return ap
