// Microbenchmarks of every macswap kernel this CPU runs, bursts of 32
// 64-byte packets, over three working sets:
//   hot   32 mbufs reused every burst: mbufs and heads stay in L1;
//   warm  1024 mbufs (the ring rig's 2 ports x 512 in flight) in a fixed
//         random order: out of L1, in L2;
//   cold  32768 mbufs (~77 MB, 6 MB of touched lines) in random burst
//         order: out of L2.
// Each kernel in the default (exact) fields mode and, suffixed /lean, in lean
// mode (--macswap-fields=lean: l2_len/l3_len untouched).
// Counters: cyc/pkt (TSC, rte_rdtsc; median of samples) and ns/pkt.
// Reproduce: see doc/macswap-kernels.md.
#include "macswap.h"
#include "support/fake_mbuf.h"

#include <benchmark/benchmark.h>
#include <rte_cycles.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using pmdfwd::macswap::Kernel;
using pmdfwd::macswap::KernelRegistry;
using pmdfwd::macswap::TxFields;
using pmdfwd::testing::FakeMbufPool;

constexpr uint16_t kBurst = 32;
constexpr uint16_t kFrameLen = 64;

struct WorkingSet {
    const char *name;
    size_t mbufs;
    bool shuffled;
};

constexpr WorkingSet kSets[] = {
    {"hot", kBurst, false}, {"warm", 1024, true}, {"cold", 32768, true}};

// The pool and the order its mbufs are handed to the kernel, kBurst at a time.
struct Arena {
    explicit Arena(const WorkingSet &ws) : pool(ws.mbufs, RTE_MBUF_DEFAULT_BUF_SIZE, true) {
        for (size_t i = 0; i < pool.size(); i++) {
            rte_mbuf *m = pool.at(i);
            m->data_len = kFrameLen;
            m->pkt_len = kFrameLen;
            auto *p = rte_pktmbuf_mtod(m, uint8_t *);
            for (uint16_t b = 0; b < kFrameLen; b++)
                p[b] = static_cast<uint8_t>(i + b);
            order.push_back(m);
        }
        if (ws.shuffled) std::shuffle(order.begin(), order.end(), std::mt19937_64(1));
    }
    FakeMbufPool pool;
    std::vector<rte_mbuf *> order;
};

Arena &arena(const WorkingSet &ws) {
    static std::unique_ptr<Arena> arenas[std::size(kSets)];
    std::unique_ptr<Arena> &a = arenas[&ws - kSets];
    if (!a) a = std::make_unique<Arena>(ws);
    return *a;
}

// Bursts per TSC sample: short enough that most samples see no preemption
// on a shared machine, long enough that rdtsc costs nothing.
constexpr unsigned kBurstsPerSample = 16;

double median(std::vector<uint64_t> &v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return static_cast<double>(v[v.size() / 2]);
}

// cyc/pkt is the median over samples of kBurstsPerSample bursts (time this
// thread lost to others lands in a few samples, not in the median); ns/pkt
// converts it with the TSC rate measured over the run.
void run_kernel(benchmark::State &state, const Kernel *k, const WorkingSet *ws, bool lean) {
    Arena &a = arena(*ws);
    TxFields fields{}; // testpmd's default: no VLAN insertion
    fields.lean = lean;
    std::vector<uint64_t> samples;
    samples.reserve(1 << 20);
    size_t pos = 0;
    unsigned in_sample = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t c0 = rte_rdtsc();
    uint64_t start = c0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(k->fn(a.order.data() + pos, kBurst, fields));
        benchmark::ClobberMemory();
        pos += kBurst;
        if (pos == a.order.size()) pos = 0;
        if (++in_sample == kBurstsPerSample) {
            const uint64_t now = rte_rdtsc();
            if (samples.size() < samples.capacity()) samples.push_back(now - start);
            start = now;
            in_sample = 0;
        }
    }
    const uint64_t c1 = rte_rdtsc();
    const auto t1 = std::chrono::steady_clock::now();
    const double tsc_per_ns =
        static_cast<double>(c1 - c0) / std::chrono::duration<double, std::nano>(t1 - t0).count();
    const double cycles = median(samples) / (kBurstsPerSample * kBurst);
    state.counters["cyc/pkt"] = cycles;
    state.counters["ns/pkt"] = cycles / tsc_per_ns;
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * kBurst);
}

bool cpu_runs(const Kernel &k) {
    for (pmdfwd::compat::CpuFlag f : k.cpu_flags)
        if (pmdfwd::compat::cpu_flag_enabled(f) <= 0) return false;
    return true;
}

} // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    for (const WorkingSet &ws : kSets) {
        for (const Kernel &k : KernelRegistry::instance().all()) {
            if (!cpu_runs(k)) continue;
            for (bool lean : {false, true}) {
                const std::string name =
                    std::string("macswap/") + ws.name + "/" + k.name + (lean ? "/lean" : "");
                benchmark::RegisterBenchmark(name.c_str(), run_kernel, &k, &ws, lean);
            }
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
