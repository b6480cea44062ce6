"""Make scripts/perflib importable from the trend tests, wherever they are run from.

These tests live in their own folder so that perf_tool's discovery (the
folder above, test_*.py) does not run them a second time: each has its own
meson test with its own timeout (tests/perf/meson.build).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCRIPTS = os.path.join(ROOT, "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)
