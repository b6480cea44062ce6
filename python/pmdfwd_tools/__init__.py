"""Helpers shared by pmdfwd's tests and tools (scripts/perf, scripts/soak.py,
doc/man, scripts/dpdk-matrix): one process owner (owned_process), EAL's
runtime directory and hugepage files (eal), one DPDK telemetry client
(telemetry), software NIC loopbacks: namespaces, veths, bridges (rig), the Debian roots the DPDK matrix
and perf's root= subjects run in (roots: lock, mounts, chroot environment),
throw-away roots on the same (fresh_root), the DPDK matrix itself
(dpdk_matrix), the package test (package_check: scripts/test-packages.sh),
the first-run timing (first_run: scripts/time-first-run.sh), the soak
(soak: scripts/soak.py), the DTS results table (dts_table:
scripts/dts-table.py), the Prometheus exporter (exporter:
scripts/pmdfwd-exporter.py, installed as pmdfwd-exporter) and the
performance tool (perf; scripts/perf is its entry point).

Tests and tools import it from here; it never imports tests/. Meson's test
environment puts python/ on PYTHONPATH; scripts add it with one line in their
entry point (or install it: python/pyproject.toml, setuptools, offline).
"""
