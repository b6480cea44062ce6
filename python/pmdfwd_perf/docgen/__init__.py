"""doc/performance.md from one `scripts/perf doc` run, in three steps:
discovery (what this machine offers: Debian roots and their DPDK, the
calibration pmdfwd printed), planning (the parts of a run and their command
lines, the time they take) and rendering (the markdown from the results).

The doc is a product of measurements, so it is written by the program that
makes them: every figure in it comes from the results of this run (JSON in
the work directory), none is typed in. `plan()` says what is measured,
`render()` turns the results into markdown; both are pure functions, tested
on synthetic results.

Parts of a run:
  matrix   dpdk-testpmd (A) against pmdfwd with its default kernel (B): io and
           macswap on ring-hot, ring-warm, ring-cold and null at 64 B, and
           on vhost at 64 B and 1518 B
  kernels  dpdk-testpmd (A) against pmdfwd forced to each kernel (B), ring-hot
           macswap 64 B
  aa       pmdfwd against itself, ring-hot and vhost macswap 64 B: what
           "within noise" looks like on this machine
  icount   callgrind instructions per packet by stage, ring-hot (no clock
           involved: the same on a busy machine)
  bench    benchmarks/bench_macswap: each kernel alone on hot, warm and cold
           working sets, TSC cycles per packet, fastest of its repetitions
  dpdk-R   for each Debian root R made by scripts/dpdk-matrix.sh (trixie:
           DPDK 24.11, sid: 25.11), that root's dpdk-testpmd (A) against
           pmdfwd built there (B): io and macswap on ring-hot, ring-warm and
           null at 64 B. The host's DPDK gets the same table from `matrix`.
  dpdk-R-mirror  the same pair, ring-hot macswap, pmdfwd forced to the
           kernel of that testpmd's shape (mirror_kernel); the host's is in
           `kernels`.
  lean     dpdk-testpmd (A) against pmdfwd --macswap-fields=lean (B): macswap
           on ring-hot, ring-warm, ring-cold and null at 64 B
  lean-exact  pmdfwd exact (A) against pmdfwd lean (B), the same cells: the
           effect of lean mode alone, both sides the same binary
  dpdk-R-lean  a root's dpdk-testpmd against its pmdfwd in lean mode:
           macswap on ring-hot, ring-warm and null
  engines-RIG[-R]  (--engines) every engine against testpmd's same mode,
           interleaved, on the ring tiers or null, for the host and each
           root R: the engine table (engine_table)
"""
