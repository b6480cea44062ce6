// The avx2 kernel (design: macswap_avx2.h). Measured TSC cycles/packet,
// burst 32, 64-byte frames, medians of 9 interleaved repetitions in each of
// two runs (run 1 / run 2), Xeon (Emerald Rapids, KVM, 2.1 GHz TSC) shared
// with other builds: hot (L1) 4.3 / 5.8, warm (L2) 11.3 / 10.9, cold (out of L2) 25.2 / 26.5.
// Re-measured after the conditional stores of avx2/avx512 (5 repetitions,
// quieter machine): hot 6.3, warm 9.5, cold 28.8.
// Measured with: taskset -c 1 build/benchmarks/bench_macswap --benchmark_min_time=0.2
// --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true
// --benchmark_report_aggregates_only=true --benchmark_counters_tabular=true (doc/macswap-kernels.md
// has every kernel side by side).
#include "macswap_avx2.h"

namespace pmdfwd::macswap {

uint16_t macswap_avx2(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return avx2_body(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
