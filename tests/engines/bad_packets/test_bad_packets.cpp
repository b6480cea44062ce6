// Bad packets through every receiving engine (io, mac, macswap with each
// kernel this CPU runs, rxonly), called through the registry as the host
// does, on real mbufs: runts of 0..13 bytes, first segments of fewer than 12
// or 16 bytes followed by more segments, indirect mbufs
// (rte_pktmbuf_attach), external-buffer mbufs (rte_pktmbuf_attach_extbuf)
// whose data ends flush against a PROT_NONE page, jumbo frames in one
// segment and in chains, VLAN and QinQ frames. Each is forwarded unharmed
// (only the 12 address bytes of a first segment holding them may change) or
// left untouched and counted, and every mbuf goes back to its pool. The
// engines that parse headers (5tswap, csum, icmpecho) get every cut of
// header stacks that lie about their lengths, ending at a guard page.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"
#include "macswap.h"
#include "support/fake_mbuf.h"

#include <rte_ether.h>

#include <ostream>
#include <string>
#include <vector>

namespace pmdfwd::testing {
namespace {

struct EngineCase {
    std::string engine;
    std::string kernel; // macswap only
};

void PrintTo(const EngineCase &c, std::ostream *os) {
    *os << c.engine << (c.kernel.empty() ? "" : " kernel " + c.kernel);
}

std::vector<EngineCase> cases() {
    std::vector<EngineCase> v = {{"io", ""}, {"mac", ""}, {"rxonly", ""}};
    for (const macswap::Kernel &k : macswap::KernelRegistry::instance().all())
        v.push_back({"macswap", k.name});
    return v;
}

std::string case_name(const ::testing::TestParamInfo<EngineCase> &info) {
    std::string s = info.param.engine + (info.param.kernel.empty() ? "" : "_" + info.param.kernel);
    for (char &c : s)
        if (c == '-') c = '_';
    return s;
}

// A packet's bytes (all segments) and the metadata an engine must keep.
struct Snapshot {
    std::vector<uint8_t> bytes;
    uint32_t pkt_len;
    uint16_t data_len, nb_segs;
    uint64_t ol_flags;
};

Snapshot snap(const rte_mbuf *m) {
    return {packet_bytes(m), m->pkt_len, m->data_len, m->nb_segs, m->ol_flags};
}

uint16_t ext_refs = 0;
void ext_free(void *, void *) {
    ext_refs--;
}

// A packet of these bytes in an external buffer that ends where page i of
// pages ends, against its PROT_NONE neighbour; shinfo is its release record
// (ext_free counts it back). nullptr when the pool is empty. even_start:
// the data starts at an even address, as DPDK's header structs require
// (rte_ether_hdr is __rte_aligned(2): an engine reading a header through
// them is undefined behaviour on an odd one); an odd-length frame then ends
// one byte before the guard page.
rte_mbuf *guarded_packet(rte_mempool *pool, const GuardedPages &pages, size_t i,
                         const std::vector<uint8_t> &bytes, rte_mbuf_ext_shared_info *shinfo,
                         bool even_start = false) {
    char *buf = pages.page(i) + pages.page_size() - bytes.size();
    if (even_start) buf -= reinterpret_cast<uintptr_t>(buf) & 1;
    std::copy(bytes.begin(), bytes.end(), buf);
    shinfo->free_cb = ext_free;
    shinfo->fcb_opaque = nullptr;
    rte_mbuf_ext_refcnt_set(shinfo, 1);
    rte_mbuf *m = rte_pktmbuf_alloc(pool);
    if (m == nullptr) return nullptr;
    ext_refs++;
    const auto len = static_cast<uint16_t>(bytes.size());
    rte_pktmbuf_attach_extbuf(m, buf, 0, len, shinfo);
    rte_pktmbuf_append(m, len);
    return m;
}

class BadPackets : public EngineTest, public ::testing::WithParamInterface<EngineCase> {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        const EngineCase &c = GetParam();
        if (!c.kernel.empty()) {
            const macswap::Kernel *k = macswap::KernelRegistry::instance().find(c.kernel);
            std::string why;
            if (!macswap::KernelRegistry::instance().usable(*k, &why)) GTEST_SKIP() << why;
            ASSERT_NE(use("macswap"), nullptr);
            ASSERT_EQ(set_param("kernel", c.kernel.c_str()), "");
        } else {
            ASSERT_NE(use(c.engine.c_str()), nullptr);
        }
        ASSERT_EQ(start(), 0);
        start_in_use_ = in_use();
    }
    void TearDown() override {
        if (engine_ != nullptr && !GetParam().kernel.empty()) set_param("kernel", "auto");
        EngineTest::TearDown();
    }

    bool consumes() const { return GetParam().engine == "rxonly"; }
    bool rewrites() const { return GetParam().engine != "io" && !consumes(); }

    // Runs the burst; checks each packet against its snapshot: only the 12
    // address bytes of a first segment holding them may change, as the
    // engine defines; the rest (and a runt entirely) stays as it was.
    void forward_and_check(std::vector<rte_mbuf *> &pkts) {
        std::vector<Snapshot> before;
        uint64_t runts = 0;
        for (rte_mbuf *m : pkts) {
            before.push_back(snap(m));
            runts += m->data_len < 2 * RTE_ETHER_ADDR_LEN;
        }
        unsigned ours = 0; // segments from pool_ (jumbo ones come from another)
        for (const rte_mbuf *m : pkts)
            for (const rte_mbuf *seg = m; seg != nullptr; seg = seg->next)
                ours += seg->pool == pool_;
        const unsigned in_use0 = in_use();
        const uint64_t untouched0 = stream_.engine_untouched;
        const uint16_t nb = static_cast<uint16_t>(pkts.size());
        const uint16_t out = burst(pkts.data(), nb, nb);
        if (consumes()) {
            EXPECT_EQ(out, 0);
            EXPECT_EQ(in_use(), in_use0 - ours) << "rxonly freed every mbuf";
            pkts.clear();
            return;
        }
        ASSERT_EQ(out, nb) << "a forwarding engine keeps every packet";
        if (rewrites()) {
            EXPECT_EQ(stream_.engine_untouched - untouched0, runts);
        }
        for (size_t i = 0; i < pkts.size(); i++) {
            SCOPED_TRACE("packet " + std::to_string(i) + " (" + std::to_string(before[i].data_len) +
                         " bytes in its first segment)");
            const Snapshot now = snap(pkts[i]);
            EXPECT_EQ(now.pkt_len, before[i].pkt_len);
            EXPECT_EQ(now.data_len, before[i].data_len);
            EXPECT_EQ(now.nb_segs, before[i].nb_segs);
            EXPECT_EQ(now.ol_flags & (RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL),
                      before[i].ol_flags & (RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL));
            const bool runt = before[i].data_len < 2 * RTE_ETHER_ADDR_LEN;
            const size_t from = rewrites() && !runt ? 2 * RTE_ETHER_ADDR_LEN : 0;
            ASSERT_EQ(now.bytes.size(), before[i].bytes.size());
            EXPECT_TRUE(std::equal(now.bytes.begin() + static_cast<long>(from), now.bytes.end(),
                                   before[i].bytes.begin() + static_cast<long>(from)))
                << "bytes beyond the addresses changed";
            if (runt) {
                EXPECT_EQ(now.ol_flags, before[i].ol_flags) << "a runt is left untouched";
            }
            if (from) expect_addresses(now.bytes, before[i].bytes);
        }
    }

    void expect_addresses(const std::vector<uint8_t> &now, const std::vector<uint8_t> &was) {
        std::vector<uint8_t> want(12);
        if (GetParam().engine == "mac") {
            std::copy(kPeerMac.begin(), kPeerMac.end(), want.begin());
            std::copy(kPortMac.begin(), kPortMac.end(), want.begin() + 6);
        } else {
            std::copy(was.begin() + 6, was.begin() + 12, want.begin());
            std::copy(was.begin(), was.begin() + 6, want.begin() + 6);
        }
        EXPECT_TRUE(std::equal(want.begin(), want.end(), now.begin())) << "addresses";
    }

    void free_and_check(std::vector<rte_mbuf *> &pkts) {
        for (rte_mbuf *m : pkts)
            rte_pktmbuf_free(m);
        pkts.clear();
        EXPECT_EQ(in_use(), start_in_use_) << "every mbuf back in the pool";
    }

    // A packet of the given segment lengths, bytes counting from seed.
    rte_mbuf *chain(const std::vector<uint16_t> &lens, uint8_t seed) {
        rte_mbuf *head = nullptr;
        for (uint16_t len : lens) {
            rte_mbuf *m = make_packets(1, len, seed)[0];
            seed = static_cast<uint8_t>(seed + len);
            if (head == nullptr)
                head = m;
            else
                EXPECT_EQ(rte_pktmbuf_chain(head, m), 0);
        }
        return head;
    }

    unsigned start_in_use_ = 0;
};

TEST_P(BadPackets, RuntsOf0To13Bytes) {
    std::vector<rte_mbuf *> pkts;
    for (int copy = 0; copy < 3; copy++) // every position of a kernel's groups
        for (uint16_t len = 0; len <= 13; len++)
            pkts.push_back(make_packets(1, len, static_cast<uint8_t>(len))[0]);
    forward_and_check(pkts);
    free_and_check(pkts);
}

TEST_P(BadPackets, ShortFirstSegmentsOfChains) {
    std::vector<rte_mbuf *> pkts;
    for (uint16_t first = 0; first <= 17; first++) {
        pkts.push_back(chain({first, 50}, static_cast<uint8_t>(first)));
        pkts.push_back(chain({first, 4, 1500}, static_cast<uint8_t>(first + 1)));
    }
    forward_and_check(pkts);
    free_and_check(pkts);
}

TEST_P(BadPackets, IndirectMbufs) {
    std::vector<rte_mbuf *> direct = make_packets(20, 64, 7);
    std::vector<rte_mbuf *> pkts;
    for (size_t i = 0; i < direct.size(); i++) {
        rte_mbuf *mi = rte_pktmbuf_alloc(pool_);
        ASSERT_NE(mi, nullptr);
        rte_pktmbuf_attach(mi, direct[i]);
        ASSERT_TRUE(RTE_MBUF_CLONED(mi));
        rte_pktmbuf_trim(mi, static_cast<uint16_t>(64 - (i < 14 ? i : 60))); // runts too
        pkts.push_back(mi);
    }
    forward_and_check(pkts);
    for (rte_mbuf *m : pkts)
        rte_pktmbuf_free(m);
    for (rte_mbuf *m : direct)
        EXPECT_EQ(rte_mbuf_refcnt_read(m), 1) << "the indirect mbufs let go of their direct ones";
    free_and_check(direct);
}

// Each packet's data in an external buffer that ends at a PROT_NONE page:
// an engine reading or writing one byte past the data faults.
TEST_P(BadPackets, ExternalBuffersEndingAtAGuardPage) {
    const std::vector<uint16_t> lens = {0, 1, 5, 11, 12, 13, 15, 16, 17, 60, 64, 1514};
    GuardedPages pages(lens.size());
    std::vector<rte_mbuf_ext_shared_info> shinfo(lens.size());
    std::vector<rte_mbuf *> pkts;
    for (size_t i = 0; i < lens.size(); i++) {
        std::vector<uint8_t> bytes(lens[i]);
        for (uint16_t b = 0; b < lens[i]; b++)
            bytes[b] = static_cast<uint8_t>(b + i);
        rte_mbuf *m = guarded_packet(pool_, pages, i, bytes, &shinfo[i]);
        ASSERT_NE(m, nullptr);
        ASSERT_TRUE(RTE_MBUF_HAS_EXTBUF(m));
        ASSERT_EQ(m->data_len, lens[i]);
        pkts.push_back(m);
    }
    forward_and_check(pkts);
    free_and_check(pkts);
    EXPECT_EQ(ext_refs, 0) << "every external buffer released";
}

TEST_P(BadPackets, JumboFrames) {
    std::vector<rte_mbuf *> pkts;
    for (int i = 0; i < 4; i++) {
        pkts.push_back(chain({2000, 2000, 2000, 2000, 1600}, static_cast<uint8_t>(i))); // 9600
        pkts.push_back(chain({9, 2000, 2000, 2000, 2000, 1591}, static_cast<uint8_t>(i)));
    }
    rte_mempool *big = make_pool(64, 0, RTE_PKTMBUF_HEADROOM + 9600);
    ASSERT_NE(big, nullptr);
    std::vector<rte_mbuf *> one(4);
    ASSERT_EQ(rte_pktmbuf_alloc_bulk(big, one.data(), 4), 0);
    for (rte_mbuf *m : one) {
        auto *p = reinterpret_cast<uint8_t *>(rte_pktmbuf_append(m, 9600));
        ASSERT_NE(p, nullptr);
        for (int b = 0; b < 9600; b++)
            p[b] = static_cast<uint8_t>(b * 7);
        pkts.push_back(m);
    }
    forward_and_check(pkts);
    for (rte_mbuf *m : pkts)
        rte_pktmbuf_free(m);
    pkts.clear();
    EXPECT_EQ(in_use(), start_in_use_);
    EXPECT_EQ(rte_mempool_in_use_count(big), 0u);
    rte_mempool_free(big);
}

TEST_P(BadPackets, VlanAndQinqFrames) {
    // 802.1Q and 802.1ad+802.1Q tags after the addresses: the tags are
    // payload to these engines and must come out as they went in.
    const uint8_t vlan[] = {0x81, 0x00, 0x00, 0x64, 0x08, 0x00};
    const uint8_t qinq[] = {0x88, 0xa8, 0x00, 0x0a, 0x81, 0x00, 0x00, 0x14, 0x08, 0x00};
    std::vector<rte_mbuf *> pkts = make_packets(16, 68, 3);
    for (size_t i = 0; i < pkts.size(); i++) {
        auto *p = rte_pktmbuf_mtod(pkts[i], uint8_t *);
        if (i % 2)
            std::copy(std::begin(vlan), std::end(vlan), p + 12);
        else
            std::copy(std::begin(qinq), std::end(qinq), p + 12);
        pkts[i]->ol_flags = i % 2 ? RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED
                                  : RTE_MBUF_F_RX_QINQ | RTE_MBUF_F_RX_VLAN;
        pkts[i]->vlan_tci = 100;
        pkts[i]->vlan_tci_outer = 10;
    }
    forward_and_check(pkts);
    free_and_check(pkts);
}

INSTANTIATE_TEST_SUITE_P(Engines, BadPackets, ::testing::ValuesIn(cases()), case_name);

// ---- engines that parse headers: every cut, ending at a guard page ---------

// Header stacks whose fields lie about what follows: tags, an IHL of 15, 4
// and 5, IPv4 and IPv6 lengths past the end, a TCP data offset of 60 bytes.
std::vector<std::vector<uint8_t>> lying_headers() {
    const std::vector<uint8_t> macs(12, 0x02);
    const auto frame = [&macs](std::initializer_list<uint8_t> rest) {
        std::vector<uint8_t> f(macs);
        f.insert(f.end(), rest);
        return f;
    };
    const std::vector<uint8_t> tcp = {0, 1, 0,    2, 0, 0, 0,    0,    0, 0,
                                      0, 0, 0xf0, 0, 0, 0, 0xbe, 0xef, 0, 0};
    std::vector<std::vector<uint8_t>> v = {
        // QinQ + IPv4 (total length 1500) + TCP (data offset 60)
        frame({0x88, 0xa8, 0, 1,  0x81, 0,    0,    2,  0x08, 0, 0x45, 0,  0x05, 0xdc, 0,
               1,    0,    0, 64, 6,    0xbe, 0xef, 10, 0,    0, 1,    10, 0,    0,    2}),
        // IPv4 IHL 15 (options to byte 60) + UDP
        frame({0x08, 0, 0x4f, 0, 0, 68, 0, 1, 0, 0, 64, 17, 0xbe, 0xef, 10, 0, 0, 1, 10, 0, 0, 2}),
        // IPv4 IHL 4 and IHL 0, UDP
        frame({0x08, 0, 0x44, 0, 0, 40, 0, 1, 0, 0, 64, 17, 0xbe, 0xef, 10, 0, 0, 1, 10, 0, 0, 2}),
        frame({0x08, 0, 0x40, 0, 0, 40, 0, 1, 0, 0, 64, 17, 0xbe, 0xef, 10, 0, 0, 1, 10, 0, 0, 2}),
        // 802.1Q + IPv4 + ICMP echo request; an ARP request
        frame({0x81, 0,  0, 3, 0x08, 0,  0x45, 0, 0, 28, 0, 1,    0,    0, 64, 1, 0xbe,
               0xef, 10, 0, 0, 1,    10, 0,    0, 2, 8,  0, 0xf7, 0xff, 0, 0,  0, 0}),
        frame({0x08, 0x06, 0, 1, 0x08, 0, 6, 4, 0, 1, 2, 2,  2, 2, 2,
               2,    10,   0, 0, 1,    0, 0, 0, 0, 0, 0, 10, 0, 0, 2}),
    };
    v[0].insert(v[0].end(), tcp.begin(), tcp.end());
    v[1].resize(14 + 60, 0x01);
    v[1].insert(v[1].end(), {0, 1, 0, 2, 0, 8, 0xbe, 0xef});
    // IPv6 (payload length 1000) + TCP, and + UDP
    for (uint8_t proto : {6, 17}) {
        std::vector<uint8_t> f = frame({0x86, 0xdd, 0x60, 0, 0, 0, 0x03, 0xe8, proto, 64});
        f.resize(14 + 40, 0x20);
        f.insert(f.end(), tcp.begin(), tcp.begin() + (proto == 6 ? 20 : 8));
        v.push_back(f);
    }
    return v;
}

class ParsingEngines : public EngineTest, public ::testing::WithParamInterface<std::string> {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use(GetParam().c_str()), nullptr);
        ASSERT_EQ(start(), 0);
    }
};

// Every cut of every stack, its data ending flush against a PROT_NONE page
// (one byte before it at an odd length: the data starts even, as DPDK's
// headers require): an engine that reads or writes past a cut header faults
// here.
TEST_P(ParsingEngines, EveryCutOfLyingHeadersEndsAtAGuardPage) {
    const unsigned in_use0 = in_use();
    for (const std::vector<uint8_t> &full : lying_headers()) {
        GuardedPages pages(full.size() + 1);
        std::vector<rte_mbuf_ext_shared_info> shinfo(full.size() + 1);
        std::vector<rte_mbuf *> pkts;
        for (size_t n = 0; n <= full.size(); n++) {
            const std::vector<uint8_t> cut = frame_prefix(full, n);
            rte_mbuf *m = guarded_packet(pool_, pages, n, cut, &shinfo[n], true);
            ASSERT_NE(m, nullptr);
            pkts.push_back(m);
        }
        const uint16_t nb = static_cast<uint16_t>(pkts.size());
        const uint16_t out = burst(pkts.data(), nb, nb);
        for (uint16_t i = 0; i < out; i++)
            rte_pktmbuf_free(pkts[i]);
        EXPECT_EQ(ext_refs, 0) << "every packet sent or freed";
    }
    EXPECT_EQ(in_use(), in_use0);
}

INSTANTIATE_TEST_SUITE_P(Engines, ParsingEngines, ::testing::Values("5tswap", "csum", "icmpecho"));

} // namespace
} // namespace pmdfwd::testing
