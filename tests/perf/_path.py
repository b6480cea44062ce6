"""Paths of the tree for the perf tool's tests (pmdfwd_dev and its perf package come
through PYTHONPATH, set once by meson's default test setup)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(ROOT, "scripts")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
