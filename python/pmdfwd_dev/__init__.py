"""pmdfwd's CI and developer tooling, and what its tests share: one process
owner (owned_process), EAL's runtime directory and hugepage files (eal), one
DPDK telemetry client (telemetry), software NIC loopbacks: namespaces, veths,
bridges and the DTS rig (rig), Debian roots (roots: the DPDK matrix's and
perf's root= subjects, with roots.fresh for throw-away ones and roots.enter
for running a binary inside one), the DPDK matrix (dpdk_matrix), the package
test (package_check: scripts/test-packages.sh), the first-run timing
(first_run: scripts/time-first-run.sh), the soak (soak: scripts/soak.py), the
DTS results table (dts_table: scripts/dts-table.py) and the finished seed
study (seed: scripts/seed-testpmds, scripts/testpmd-patch).

Nothing here is installed by the Debian package (that is pmdfwd_exporter),
and it never imports pmdfwd_perf (the perf tool builds on it) nor tests/.
Meson's test environment puts python/ on PYTHONPATH; scripts add it with one
line in their entry point.
"""
