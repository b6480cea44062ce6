"""Paths of the tree for the perf tool's tests (pmdfwd_dev and its perf package come
through PYTHONPATH, set once by meson's default test setup)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def live_skipped():
    """Why a module that runs a real forwarder skips itself: PMDFWD_PERF_LIVE=0
    (meson test perf_tool, which runs beside other tests; perf_live runs
    them alone), else None."""
    if os.environ.get("PMDFWD_PERF_LIVE") == "0":
        return "runs a forwarder: meson test perf_live runs it, alone"
    return None
