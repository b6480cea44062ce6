"""Paths of the tree for the trend tests (pmdfwd_dev and its perf package come
through PYTHONPATH, set once by meson's default test setup).

These tests live in their own folder so that perf_tool's discovery (the
folder above, test_*.py) does not run them a second time: each has its own
meson test with its own timeout (tests/perf/meson.build).
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCRIPTS = os.path.join(ROOT, "scripts")
