"""scripts/perf's main: parse the command line, run the subcommand, turn
errors and signals into the documented exit status (0 ok, 1 gate failed,
2 bad usage, 3 nothing could be measured, 128+N stopped by signal N)."""

import argparse
import os
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Callable, Dict, List, Optional

from .arguments import build_parser
from .commands import bisect, doc, icount, interleave, record, results, run, trend

Command = Callable[[argparse.Namespace], int]


class Terminated(KeyboardInterrupt):
    """SIGTERM (or SIGHUP) as an exception: the finally blocks stop the
    forwarders and remove the work and EAL runtime folders, as on Ctrl-C."""

    def __init__(self, sig: int):
        super().__init__(sig)
        self.sig = sig


def _terminate(sig: int, _frame: Optional[FrameType]) -> None:
    # A second signal must not cut the cleanup short.
    for s in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, signal.SIG_IGN)
    raise Terminated(sig)


def source_tree() -> str:
    """The tree this package sits in (python/pmdfwd_perf), else the
    working directory: the defaults of --repo, --pmdfwd and doc's paths."""
    tree = Path(__file__).resolve().parents[2]
    return str(tree) if (tree / "meson.build").exists() else os.getcwd()


def commands(tree: str) -> Dict[str, Command]:
    def doc_part(argv: List[str]) -> int:
        return main(argv, tree)

    return {
        "machine": run.cmd_machine,
        "run": lambda a: run.cmd_run(a, a.subject or [run.default_subject()]),
        "compare": interleave.cmd_compare,
        "report": results.cmd_report,
        "baseline": results.cmd_baseline,
        "check": results.cmd_check,
        "icount": icount.cmd_icount,
        "doc": lambda a: doc.cmd_doc(a, doc_part),
        "import": record.cmd_import,
        "trend": trend.cmd_trend,
        "history": trend.cmd_history,
        "bisect": bisect.cmd_bisect,
    }


def main(argv: Optional[List[str]] = None, tree: Optional[str] = None) -> int:
    """Run one subcommand; the caller's signal handlers are back on return."""
    previous = {sig: signal.signal(sig, _terminate) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return run_command(argv, tree or source_tree())
    finally:
        for sig, handler in previous.items():
            if handler is not None:  # None: not installed from Python, nothing to put back
                signal.signal(sig, handler)


def run_command(argv: Optional[List[str]], tree: str) -> int:
    ap = build_parser(tree)
    args = ap.parse_args(argv)
    if args.cmd == "bisect" and not (args.cell or args.measure_command):
        ap.error("bisect: give --cell VARIANT/MODE (e.g. ring-hot/macswap) or --measure-command CMD")
    try:
        return commands(tree)[args.cmd](args)
    except (ValueError, RuntimeError, OSError) as e:
        sys.stderr.write(f"perf: error: {e}\n")
        return 2
    except Terminated as e:
        sys.stderr.write(f"\nperf: stopped by {signal.Signals(e.sig).name}; cleaned up\n")
        return 128 + e.sig
    except KeyboardInterrupt:
        sys.stderr.write("\nperf: interrupted\n")
        return 130
