// Runs one macswap kernel once over one burst of 64-byte packets, so that
// scripts/arm64-icount.sh can count the instructions the kernel executes
// under qemu (no arm64 hardware here to time it on). Not built by meson:
// the script links it statically with the kernel objects of an arm64 build.
//
//   macswap_icount <nb> <scalar|neon> [vlan]
#include "macswap_kernel.h"

#include <rte_mbuf.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

using namespace pmdfwd::macswap;

int main(int argc, char **argv) {
    constexpr int kMax = 256;
    const int nb = argc > 2 ? std::atoi(argv[1]) : 0;
    if (nb < 1 || nb > kMax) {
        std::fprintf(stderr, "usage: %s <1..%d packets> <scalar|neon> [vlan]\n", argv[0], kMax);
        return 2;
    }
    const std::string_view name = argv[2];
    const KernelFn fn = name == "neon" ? macswap_neon : macswap_scalar;
    static rte_mbuf mbufs[kMax];
    static uint8_t data[kMax][128];
    rte_mbuf *pkts[kMax];
    for (int i = 0; i < nb; i++) {
        mbufs[i].buf_addr = data[i];
        mbufs[i].data_len = 64;
        pkts[i] = &mbufs[i];
    }
    const TxFields f{argc > 3 ? RTE_MBUF_F_TX_VLAN : 0, 5, 6};
    return fn(pkts, static_cast<uint16_t>(nb), f);
}
