// The avx512 kernel (design: macswap_avx512.h). Measured TSC cycles/packet,
// burst 32, 64-byte frames, medians of 9 interleaved repetitions in each of
// two runs (run 1 / run 2), Xeon (Emerald Rapids, KVM, 2.1 GHz TSC) shared
// with other builds: hot (L1) 3.9 / 5.1, warm (L2) 11.8 / 12.1, cold (out of L2) 28.2 / 28.5.
// Re-measured after the conditional stores of avx2/avx512 (5 repetitions,
// quieter machine): hot 6.3, warm 9.6, cold 29.9.
// Measured with: taskset -c 1 build/benchmarks/bench_macswap --benchmark_min_time=0.2
// --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true
// --benchmark_report_aggregates_only=true --benchmark_counters_tabular=true (doc/macswap-kernels.md
// has every kernel side by side).
#include "macswap_avx512.h"

namespace pmdfwd::macswap {

uint16_t macswap_avx512(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return avx512_body(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
