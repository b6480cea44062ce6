// The sse kernel (design: macswap_sse.h). Measured TSC cycles/packet,
// burst 32, 64-byte frames, medians of 9 interleaved repetitions in each of
// two runs (run 1 / run 2), Xeon (Emerald Rapids, KVM, 2.1 GHz TSC) shared
// with other builds: hot (L1) 6.6 / 5.9, warm (L2) 11.5 / 13.2, cold (out of L2) 27.1 / 27.7.
// Re-measured after the conditional stores of avx2/avx512 (5 repetitions,
// quieter machine): hot 7.5, warm 15.7, cold 33.2.
// Measured with: taskset -c 1 build/benchmarks/bench_macswap --benchmark_min_time=0.2
// --benchmark_repetitions=9 --benchmark_enable_random_interleaving=true
// --benchmark_report_aggregates_only=true --benchmark_counters_tabular=true (doc/macswap-kernels.md
// has every kernel side by side).
#include "macswap_sse.h"

namespace pmdfwd::macswap {

uint16_t macswap_sse(rte_mbuf **pkts, uint16_t nb, const TxFields &fields) {
    return sse_body(pkts, nb, fields);
}

} // namespace pmdfwd::macswap
