// Runs one macswap kernel over a fixed number of bursts of 32 64-byte packets
// (32 mbufs reused: the hot working set), so that callgrind can count its
// instructions and memory operations per packet deterministically:
//
//   valgrind --tool=callgrind --cache-sim=yes --collect-atstart=no
//       --toggle-collect='pmdfwd::macswap::macswap_*'
//       build/benchmarks/macswap_count avx2 exact 1000
//
// Ir / (bursts * 32) is instructions per packet, (Dr + Dw) / (bursts * 32)
// memory operations per packet. Exits 77 (skip) when the kernel cannot run
// here (valgrind does not emulate AVX-512, so avx512 is counted from its
// disassembly instead: doc/macswap-kernels.md).
#include "macswap.h"
#include "support/fake_mbuf.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

using namespace pmdfwd::macswap;

namespace {

constexpr uint16_t kBurst = 32;

int usage(const char *argv0) {
    std::fprintf(stderr, "usage: %s <kernel> <exact|lean> <bursts 1..1000000> [none|vlan|macsec]\n",
                 argv0);
    return 2;
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 4) return usage(argv[0]);
    const Kernel *k = KernelRegistry::instance().find(argv[1]);
    const std::string_view mode = argv[2];
    const long bursts = std::atol(argv[3]);
    const std::string_view insert = argc > 4 ? argv[4] : "none";
    if (k == nullptr) {
        std::fprintf(stderr, "unknown kernel '%s' (compiled: %s)\n", argv[1],
                     KernelRegistry::instance().names().c_str());
        return 2;
    }
    if ((mode != "exact" && mode != "lean") || bursts < 1 || bursts > 1000000 ||
        (insert != "none" && insert != "vlan" && insert != "macsec"))
        return usage(argv[0]);
    std::string why;
    if (!KernelRegistry::instance().usable(*k, &why)) {
        std::fprintf(stderr, "kernel %s cannot run here: %s\n", k->name, why.c_str());
        return 77;
    }
    TxFields f{};
    f.ol_flags = insert == "vlan"     ? RTE_MBUF_F_TX_VLAN
                 : insert == "macsec" ? RTE_MBUF_F_TX_MACSEC
                                      : 0;
    f.vlan_tci = 5;
    f.lean = mode == "lean";
    pmdfwd::testing::FakeMbufPool pool(kBurst);
    std::vector<rte_mbuf *> pkts;
    for (size_t i = 0; i < pool.size(); i++) {
        rte_mbuf *m = pool.at(i);
        m->data_len = m->pkt_len = 64;
        pkts.push_back(m);
    }
    unsigned untouched = 0;
    for (long b = 0; b < bursts; b++)
        untouched += k->fn(pkts.data(), kBurst, f);
    std::printf("%s %s %s: %ld bursts of %u, %u untouched\n", k->name, argv[2],
                std::string(insert).c_str(), bursts, kBurst, untouched);
    return 0;
}
