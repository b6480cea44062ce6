// Two macswap kernels (or one kernel in two fields modes) timed in alternation
// on the same working set: each round times a pass of A, then a pass of B,
// then B, then A (so neither always runs second), and the result is the median
// over rounds of B's time relative to A's in the same round. On a machine
// shared with other jobs a round slowed by them slows both sides, so the ratio
// survives where absolute times (bench_macswap) do not.
//
//   macswap_pair <kernelA[:lean]> <kernelB[:lean]> <hot|warm|cold> [rounds]
#include "macswap.h"
#include "support/fake_mbuf.h"

#include <rte_cycles.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace pmdfwd::macswap;

namespace {

constexpr uint16_t kBurst = 32;

struct Side {
    const Kernel *k = nullptr;
    TxFields f{};
};

bool parse_side(const std::string &arg, Side *s) {
    const size_t colon = arg.find(':');
    const std::string name = arg.substr(0, colon);
    const std::string mode = colon == std::string::npos ? "exact" : arg.substr(colon + 1);
    s->k = KernelRegistry::instance().find(name);
    if (s->k == nullptr || (mode != "exact" && mode != "lean")) {
        std::fprintf(stderr, "bad side '%s' (KERNEL[:exact|:lean], kernels: %s)\n", arg.c_str(),
                     KernelRegistry::instance().names().c_str());
        return false;
    }
    if (!KernelRegistry::instance().usable(*s->k)) {
        std::fprintf(stderr, "kernel %s cannot run here\n", s->k->name);
        return false;
    }
    s->f.lean = mode == "lean";
    return true;
}

uint64_t pass(const Side &s, std::vector<rte_mbuf *> &order) {
    const uint64_t t0 = rte_rdtsc();
    for (size_t i = 0; i < order.size(); i += kBurst)
        s.k->fn(order.data() + i, kBurst, s.f);
    return rte_rdtsc() - t0;
}

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr,
                     "usage: %s <kernelA[:lean]> <kernelB[:lean]> <hot|warm|cold> [rounds]\n",
                     argv[0]);
        return 2;
    }
    Side a, b;
    if (!parse_side(argv[1], &a) || !parse_side(argv[2], &b)) return 2;
    const std::string set = argv[3];
    const size_t n = set == "hot" ? 32 * kBurst : set == "warm" ? 1024 : 32768;
    const unsigned rounds = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 201;
    pmdfwd::testing::FakeMbufPool pool(n, RTE_MBUF_DEFAULT_BUF_SIZE, true);
    std::vector<rte_mbuf *> order;
    for (size_t i = 0; i < n; i++) {
        rte_mbuf *m = pool.at(i);
        m->data_len = m->pkt_len = 64;
        order.push_back(m);
    }
    if (set != "hot") std::shuffle(order.begin(), order.end(), std::mt19937_64(1));
    // hot: the same 32 mbufs over and over.
    if (set == "hot")
        for (size_t i = 0; i < n; i++)
            order[i] = pool.at(i % kBurst);
    std::vector<double> ratio, ca, cb;
    for (unsigned r = 0; r < rounds; r++) {
        const bool a_first = r % 2 == 0;
        pass(a_first ? a : b, order); // warms the set for the timed passes
        const uint64_t t1 = pass(a_first ? a : b, order);
        const uint64_t t2 = pass(a_first ? b : a, order);
        const uint64_t ta = a_first ? t1 : t2, tb = a_first ? t2 : t1;
        ratio.push_back(static_cast<double>(tb) / static_cast<double>(ta));
        ca.push_back(static_cast<double>(ta) / static_cast<double>(n));
        cb.push_back(static_cast<double>(tb) / static_cast<double>(n));
    }
    std::printf("%-5s %-16s %6.2f cyc/pkt  %-16s %6.2f cyc/pkt  B/A %.3f (median of %u rounds)\n",
                set.c_str(), argv[1], median(ca), argv[2], median(cb), median(ratio), rounds);
    return 0;
}
