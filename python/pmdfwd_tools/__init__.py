"""Helpers shared by pmdfwd's tests and tools (scripts/perf, scripts/soak.py,
doc/man): one process owner (process), EAL's runtime directory and hugepage
files (eal), one DPDK telemetry client (telemetry), and the performance tool
itself (perf; scripts/perf is its entry point).

Tests and tools import it from here; it never imports tests/. Meson's test
environment puts python/ on PYTHONPATH; scripts add it with one line in their
entry point (or install it: python/pyproject.toml, setuptools, offline).
"""
