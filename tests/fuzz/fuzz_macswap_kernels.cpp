// libFuzzer target: a burst laid out from the input (packet count, each
// first segment's data_off/data_len, chained segments, ol_flags, indirect or
// external flags, the TX fields) through every kernel this CPU runs,
// compared with the scalar reference: same return value, same mbuf fields,
// same packet bytes. Each first segment's bytes are their own heap block
// with the headroom before them poisoned, so under ASan a kernel touching a
// byte outside [data_off, data_off + data_len) is reported.
#include "macswap_fields.h"
#include "macswap_kernel.h"
#include "support/fake_mbuf.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <sanitizer/asan_interface.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {

using pmdfwd::macswap::Kernel;
using pmdfwd::macswap::KernelRegistry;
using pmdfwd::macswap::TxFields;

void check(bool ok) {
    if (!ok) std::abort();
}

bool cpu_runs(const Kernel &k) {
    for (pmdfwd::compat::CpuFlag f : k.cpu_flags)
        if (pmdfwd::compat::cpu_flag_enabled(f) <= 0) return false;
    return true;
}

struct PacketShape {
    uint16_t data_off, data_len, next_len;
    uint64_t ol_flags, tx_offload;
    uint16_t vlan_tci, vlan_tci_outer;
    bool chained;
};

// One burst: mbufs and exactly-sized data blocks the kernel may touch.
class Burst {
  public:
    Burst(const std::vector<PacketShape> &shapes, const std::vector<uint8_t> &bytes) {
        for (const PacketShape &s : shapes) {
            auto *m = static_cast<rte_mbuf *>(std::aligned_alloc(64, 2 * sizeof(rte_mbuf)));
            rte_mbuf *next = m + 1;
            // The headroom and the data, no byte more: ASan sees both ends.
            auto *buf = static_cast<uint8_t *>(std::malloc(s.data_off + s.data_len + 1u));
            pmdfwd::testing::fake_mbuf_init(m, buf, static_cast<uint16_t>(s.data_off + s.data_len));
            m->data_off = s.data_off;
            m->data_len = s.data_len;
            m->pkt_len = s.data_len;
            m->ol_flags = s.ol_flags;
            m->tx_offload = s.tx_offload;
            m->vlan_tci = s.vlan_tci;
            m->vlan_tci_outer = s.vlan_tci_outer;
            for (uint16_t i = 0; i < s.data_len; i++)
                buf[s.data_off + i] = bytes.empty() ? 0 : bytes[(s.data_off + i) % bytes.size()];
            ASAN_POISON_MEMORY_REGION(buf, s.data_off);
            ASAN_POISON_MEMORY_REGION(buf + s.data_off + s.data_len, 1);
            // A second segment whose buffer must not be touched at all.
            auto *nbuf = static_cast<uint8_t *>(std::malloc(s.next_len + 1u));
            pmdfwd::testing::fake_mbuf_init(next, nbuf, s.next_len);
            next->data_off = 0;
            next->data_len = s.next_len;
            ASAN_POISON_MEMORY_REGION(nbuf, s.next_len + 1u);
            if (s.chained) {
                m->next = next;
                m->nb_segs = 2;
                m->pkt_len += s.next_len;
            }
            mbufs_.push_back(m);
            bufs_.push_back(buf);
            bufs_.push_back(nbuf);
        }
    }
    ~Burst() {
        for (size_t i = 0; i < mbufs_.size(); i++) {
            ASAN_UNPOISON_MEMORY_REGION(bufs_[2 * i], mbufs_[i]->buf_len + 1u);
            ASAN_UNPOISON_MEMORY_REGION(bufs_[2 * i + 1], mbufs_[i][1].buf_len + 1u);
            std::free(bufs_[2 * i]);
            std::free(bufs_[2 * i + 1]);
            std::free(mbufs_[i]);
        }
    }
    Burst(const Burst &) = delete;
    Burst &operator=(const Burst &) = delete;

    std::vector<rte_mbuf *> &mbufs() { return mbufs_; }

  private:
    std::vector<rte_mbuf *> mbufs_;
    std::vector<uint8_t *> bufs_;
};

// Everything a kernel may change, pointers left out.
void check_same(const rte_mbuf *a, const rte_mbuf *b) {
    check(a->ol_flags == b->ol_flags);
    check(a->vlan_tci == b->vlan_tci && a->vlan_tci_outer == b->vlan_tci_outer);
    check(a->tx_offload == b->tx_offload);
    check(a->data_off == b->data_off && a->data_len == b->data_len && a->pkt_len == b->pkt_len);
    check(a->nb_segs == b->nb_segs);
    check(std::memcmp(rte_pktmbuf_mtod(a, const void *), rte_pktmbuf_mtod(b, const void *),
                      a->data_len) == 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzedDataProvider in(data, size);
    const uint64_t flag_choices[] = {0,
                                     RTE_MBUF_F_INDIRECT,
                                     RTE_MBUF_F_EXTERNAL,
                                     RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_QINQ,
                                     RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_SEG,
                                     ~uint64_t{0}};
    TxFields fields{};
    fields.ol_flags = in.PickValueInArray<uint64_t>({0, RTE_MBUF_F_TX_VLAN, RTE_MBUF_F_TX_QINQ,
                                                     RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ,
                                                     RTE_MBUF_F_TX_MACSEC | RTE_MBUF_F_TX_VLAN});
    fields.vlan_tci = in.ConsumeIntegral<uint16_t>();
    fields.vlan_tci_outer = in.ConsumeIntegral<uint16_t>();
    fields.lean = in.ConsumeBool(); // --macswap-fields=lean (issue 19)
    const size_t nb = in.ConsumeIntegralInRange<size_t>(0, 64);
    std::vector<PacketShape> shapes(nb);
    for (PacketShape &s : shapes) {
        // Mostly runts and headers (where kernels branch), sometimes more:
        // kernels touch 16 bytes at most, so longer data only costs time.
        const bool big = in.ConsumeIntegralInRange<int>(0, 15) == 0;
        s.data_len = big ? in.ConsumeIntegralInRange<uint16_t>(0, 2048)
                         : in.ConsumeIntegralInRange<uint16_t>(0, 24);
        s.data_off = in.ConsumeIntegralInRange<uint16_t>(0, 200);
        s.next_len = in.ConsumeIntegralInRange<uint16_t>(0, 64);
        s.chained = in.ConsumeBool();
        s.ol_flags = in.PickValueInArray(flag_choices);
        s.tx_offload = in.ConsumeIntegral<uint64_t>();
        s.vlan_tci = in.ConsumeIntegral<uint16_t>();
        s.vlan_tci_outer = in.ConsumeIntegral<uint16_t>();
    }
    const std::vector<uint8_t> bytes = in.ConsumeRemainingBytes<uint8_t>();

    Burst ref(shapes, bytes);
    uint16_t runts = 0;
    for (const PacketShape &s : shapes)
        runts += s.data_len < pmdfwd::macswap::kMinSwapLen;
    check(pmdfwd::macswap::macswap_scalar(ref.mbufs().data(), static_cast<uint16_t>(nb), fields) ==
          runts);
    for (const Kernel &k : KernelRegistry::instance().all()) {
        if (!cpu_runs(k)) continue;
        Burst got(shapes, bytes);
        check(k.fn(got.mbufs().data(), static_cast<uint16_t>(nb), fields) == runts);
        for (size_t i = 0; i < nb; i++)
            check_same(ref.mbufs()[i], got.mbufs()[i]);
    }
    return 0;
}
