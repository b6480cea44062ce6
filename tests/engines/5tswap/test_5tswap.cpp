// 5tswap through the registry, on real mbufs: Ethernet addresses, IPv4/IPv6
// addresses and UDP/TCP ports swapped behind any VLAN/QinQ tags, header
// lengths set as found, everything else left as it was; frames cut short
// get every field they hold whole swapped and are counted, nothing read past
// the data.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

namespace pmdfwd::testing {
namespace {

class FiveTupleSwap : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("5tswap"), nullptr);
        ASSERT_EQ(start(), 0);
    }
};

const std::vector<uint8_t> kDst = {0x02, 0, 0, 0, 0, 0x01}, kSrc = {0x02, 0, 0, 0, 0, 0x02};

std::vector<uint8_t> eth(const std::vector<uint8_t> &dst, const std::vector<uint8_t> &src,
                         std::initializer_list<uint16_t> types) {
    std::vector<uint8_t> f(dst);
    f.insert(f.end(), src.begin(), src.end());
    for (uint16_t t : types)
        push16(f, t);
    return f;
}

// IPv4 header (IHL words) with the addresses, then a UDP/TCP port pair.
void ipv4_l4(std::vector<uint8_t> &f, uint8_t proto, std::array<uint8_t, 4> s,
             std::array<uint8_t, 4> d, uint16_t sport, uint16_t dport, uint8_t ihl = 5) {
    f.push_back(static_cast<uint8_t>(0x40 | ihl));
    f.insert(f.end(), {0, 0, 60, 0, 1, 0, 0, 64, proto, 0, 0});
    f.insert(f.end(), s.begin(), s.end());
    f.insert(f.end(), d.begin(), d.end());
    f.resize(f.size() + (ihl - 5) * 4u, 0x01); // options
    push16(f, sport);
    push16(f, dport);
}

TEST_F(FiveTupleSwap, Ipv4UdpBehindQinQ) {
    std::vector<uint8_t> in = eth(kDst, kSrc, {0x88a8, 0x0064, 0x8100, 0x00c8, 0x0800});
    ipv4_l4(in, IPPROTO_UDP, {10, 0, 0, 1}, {10, 0, 0, 2}, 1234, 80);
    in.resize(in.size() + 4 + 18, 0xee); // UDP length/checksum, payload
    std::vector<uint8_t> want = eth(kSrc, kDst, {0x88a8, 0x0064, 0x8100, 0x00c8, 0x0800});
    ipv4_l4(want, IPPROTO_UDP, {10, 0, 0, 2}, {10, 0, 0, 1}, 80, 1234);
    want.resize(want.size() + 4 + 18, 0xee);
    rte_mbuf *m = packet(in);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_EQ(m->l2_len, 22u);
    EXPECT_EQ(m->l3_len, 20u);
    EXPECT_EQ(m->l4_len, 8u);
    EXPECT_EQ(stream_.engine_untouched, 0u);
    rte_pktmbuf_free(m);
}

TEST_F(FiveTupleSwap, Ipv4OptionsAndTcp) {
    std::vector<uint8_t> in = eth(kDst, kSrc, {0x0800});
    ipv4_l4(in, IPPROTO_TCP, {1, 2, 3, 4}, {5, 6, 7, 8}, 22, 40000, 7);
    in.insert(in.end(), {0, 0, 0, 1, 0, 0, 0, 0, 0x80, 0x10}); // seq, ack, data offset 8 words
    in.resize(in.size() + 40, 0);
    std::vector<uint8_t> want = eth(kSrc, kDst, {0x0800});
    ipv4_l4(want, IPPROTO_TCP, {5, 6, 7, 8}, {1, 2, 3, 4}, 40000, 22, 7);
    want.insert(want.end(), {0, 0, 0, 1, 0, 0, 0, 0, 0x80, 0x10});
    want.resize(want.size() + 40, 0);
    rte_mbuf *m = packet(in);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_EQ(m->l3_len, 28u);
    EXPECT_EQ(m->l4_len, 32u);
    rte_pktmbuf_free(m);
}

TEST_F(FiveTupleSwap, Ipv6Udp) {
    std::vector<uint8_t> in = eth(kDst, kSrc, {0x86dd});
    in.insert(in.end(), {0x60, 0, 0, 0, 0, 8, IPPROTO_UDP, 64});
    for (int i = 0; i < 16; i++)
        in.push_back(static_cast<uint8_t>(0x10 + i));
    for (int i = 0; i < 16; i++)
        in.push_back(static_cast<uint8_t>(0x20 + i));
    push16(in, 5000);
    push16(in, 6000);
    push16(in, 8);
    push16(in, 0);
    std::vector<uint8_t> want(in);
    std::copy(kSrc.begin(), kSrc.end(), want.begin());
    std::copy(kDst.begin(), kDst.end(), want.begin() + 6);
    std::swap_ranges(want.begin() + 22, want.begin() + 38, want.begin() + 38);
    std::swap_ranges(want.begin() + 54, want.begin() + 56, want.begin() + 56);
    rte_mbuf *m = packet(in);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_EQ(m->l3_len, 40u);
    rte_pktmbuf_free(m);
}

TEST_F(FiveTupleSwap, OtherEthertypesSwapOnlyAddresses) {
    std::vector<uint8_t> in = eth(kDst, kSrc, {0x0806});
    in.resize(60, 0x5a);
    std::vector<uint8_t> want = eth(kSrc, kDst, {0x0806});
    want.resize(60, 0x5a);
    rte_mbuf *m = packet(in);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_EQ(stream_.engine_untouched, 0u);
    rte_pktmbuf_free(m);
}

// Issue 18 item 9: protocol 0 (IPv6 Hop-by-Hop, every MLD packet; IPv4
// protocol 0) is swapped in full, not counted as a header cut short.
TEST_F(FiveTupleSwap, ProtocolZeroIsSwappedNotUntouched) {
    std::vector<uint8_t> v6 = eth(kDst, kSrc, {0x86dd});
    v6.insert(v6.end(), {0x60, 0, 0, 0, 0, 8, 0 /* Hop-by-Hop */, 1});
    for (int i = 0; i < 32; i++)
        v6.push_back(static_cast<uint8_t>(0x10 + i));
    v6.insert(v6.end(), {58, 0, 5, 2, 0, 0, 1, 0}); // Router Alert option
    std::vector<uint8_t> want6(v6);
    std::copy(kSrc.begin(), kSrc.end(), want6.begin());
    std::copy(kDst.begin(), kDst.end(), want6.begin() + 6);
    std::swap_ranges(want6.begin() + 22, want6.begin() + 38, want6.begin() + 38);
    std::vector<uint8_t> v4 = eth(kDst, kSrc, {0x0800});
    ipv4_l4(v4, 0, {1, 2, 3, 4}, {5, 6, 7, 8}, 9, 10);
    std::vector<uint8_t> want4 = eth(kSrc, kDst, {0x0800});
    ipv4_l4(want4, 0, {5, 6, 7, 8}, {1, 2, 3, 4}, 9, 10); // no ports in protocol 0
    for (const auto &[in, want] : {std::pair{v6, want6}, std::pair{v4, want4}}) {
        rte_mbuf *m = packet(in);
        ASSERT_EQ(burst(&m, 1, 32), 1);
        EXPECT_EQ(packet_bytes(m), want);
        rte_pktmbuf_free(m);
    }
    EXPECT_EQ(stream_.engine_untouched, 0u);
}

// The engine takes the common frames (no tag or one 802.1Q tag, IPv4
// without options or IPv6, L4 header whole) by a path of its own: every
// L3/L4 kind, behind none, one and two tags, comes out as the checked walk
// makes it, fields swapped at their offsets and the lengths found.
struct L3Case {
    const char *name;
    uint16_t type;
    std::vector<uint8_t> l3; // from the L3 header on
    uint32_t l3_len, l4_len; // l4_len 0: no L4 header swapped
};

std::vector<uint8_t> ipv6_l4(uint8_t proto, std::vector<uint8_t> l4) {
    std::vector<uint8_t> f = {0x60, 0, 0, 0, 0, static_cast<uint8_t>(l4.size()), proto, 64};
    for (int i = 0; i < 32; i++)
        f.push_back(static_cast<uint8_t>(0x10 + i));
    f.insert(f.end(), l4.begin(), l4.end());
    return f;
}

std::vector<L3Case> l3_cases() {
    const std::vector<uint8_t> udp = {0x13, 0x88, 0x17, 0x70, 0, 8, 0, 0};
    std::vector<uint8_t> tcp = {0x00, 0x16, 0x9c, 0x40, 0, 0, 0, 1, 0, 0, 0, 0, 0x60, 0x10};
    tcp.resize(24, 0); // data offset 6 words: 4 bytes of options
    std::vector<L3Case> cases;
    for (const auto &[name, proto, l4, l4_len] :
         {std::tuple{"udp", IPPROTO_UDP, udp, 8u}, std::tuple{"tcp", IPPROTO_TCP, tcp, 24u},
          std::tuple{"icmp", IPPROTO_ICMP, udp, 0u}}) {
        std::vector<uint8_t> v4;
        ipv4_l4(v4, static_cast<uint8_t>(proto), {10, 0, 0, 1}, {10, 0, 0, 2}, 0, 0);
        v4.resize(20);
        v4.insert(v4.end(), l4.begin(), l4.end());
        cases.push_back({name, 0x0800, v4, 20, l4_len});
        cases.push_back({name, 0x86dd, ipv6_l4(static_cast<uint8_t>(proto), l4), 40, l4_len});
    }
    cases.push_back({"arp", 0x0806, std::vector<uint8_t>(28, 0x5a), 20, 0});
    return cases;
}

std::vector<uint8_t> swapped_model(std::vector<uint8_t> f, uint32_t l2, const L3Case &c) {
    const auto swap = [&f](size_t a, size_t n) {
        std::swap_ranges(f.begin() + static_cast<long>(a), f.begin() + static_cast<long>(a + n),
                         f.begin() + static_cast<long>(a + n));
    };
    swap(0, 6);
    if (c.type == 0x0800) swap(l2 + 12, 4);
    if (c.type == 0x86dd) swap(l2 + 8, 16);
    if (c.l4_len) swap(l2 + c.l3_len, 2);
    return f;
}

TEST_F(FiveTupleSwap, EveryTaggingAndL4KindMatchesTheModel) {
    const std::vector<std::vector<uint16_t>> taggings = {
        {}, {0x8100, 0x0064}, {0x88a8, 0x0064}, {0x88a8, 0x0064, 0x8100, 0x00c8}};
    for (const auto &tags : taggings) {
        for (const L3Case &c : l3_cases()) {
            std::vector<uint16_t> types(tags);
            types.push_back(c.type);
            std::vector<uint8_t> in = eth(kDst, kSrc, {});
            for (uint16_t t : types)
                push16(in, t);
            in.insert(in.end(), c.l3.begin(), c.l3.end());
            const auto l2 = static_cast<uint32_t>(14 + 2 * tags.size());
            rte_mbuf *m = packet(in);
            m->l4_len = 5; // kept where no L4 header is found
            ASSERT_EQ(burst(&m, 1, 32), 1);
            const std::string what = std::string(c.name) + (c.type == 0x86dd ? "/ipv6" : "") +
                                     " behind " + std::to_string(tags.size() / 2) + " tags";
            EXPECT_EQ(packet_bytes(m), swapped_model(in, l2, c)) << what;
            EXPECT_EQ(m->l2_len, l2) << what;
            EXPECT_EQ(m->l3_len, c.l3_len) << what;
            EXPECT_EQ(m->l4_len, c.l4_len ? c.l4_len : 5u) << what;
            rte_pktmbuf_free(m);
        }
    }
    EXPECT_EQ(stream_.engine_untouched, 0u);
}

// What a frame cut at len bytes comes out as: every field it holds whole
// swapped, as testpmd's mode swaps them, nothing else changed.
std::vector<uint8_t> swapped_within(std::vector<uint8_t> f, size_t len) {
    const auto swap = [&f, len](size_t a, size_t b, size_t n) {
        if (b + n <= len)
            std::swap_ranges(f.begin() + static_cast<long>(a), f.begin() + static_cast<long>(a + n),
                             f.begin() + static_cast<long>(b));
    };
    swap(0, 6, 6);
    if (len >= 34) swap(26, 30, 4); // the whole IPv4 header is there
    swap(34, 36, 2);
    f.resize(len);
    return f;
}

TEST_F(FiveTupleSwap, ShortFramesKeepWhatFittedAndAreCounted) {
    // Runts 0..11: nothing; 12..33 the MACs only (an Ethernet or IPv4 header
    // cut short); 34..37 the addresses too; 38..41 the ports of a UDP
    // header cut after them.
    std::vector<uint8_t> full = eth(kDst, kSrc, {0x0800});
    ipv4_l4(full, IPPROTO_UDP, {1, 1, 1, 1}, {2, 2, 2, 2}, 7, 8);
    full.resize(full.size() + 4, 0x33); // the UDP length and checksum
    for (uint16_t len = 0; len < full.size(); len++) {
        const std::vector<uint8_t> in = frame_prefix(full, len);
        rte_mbuf *m = packet(in);
        const uint64_t before = stream_.engine_untouched;
        ASSERT_EQ(burst(&m, 1, 32), 1);
        EXPECT_EQ(m->pkt_len, len);
        EXPECT_EQ(stream_.engine_untouched, before + 1) << "length " << len;
        EXPECT_EQ(packet_bytes(m), swapped_within(full, len)) << "length " << len;
        rte_pktmbuf_free(m);
    }
}

TEST_F(FiveTupleSwap, TcpCutAfterItsDataOffsetGetsItsLength) {
    std::vector<uint8_t> f = eth(kDst, kSrc, {0x0800});
    ipv4_l4(f, IPPROTO_TCP, {1, 1, 1, 1}, {2, 2, 2, 2}, 7, 8);
    f.insert(f.end(), {0, 0, 0, 1, 0, 0, 0, 0, 0x80}); // seq, ack, data offset 8 words
    rte_mbuf *m = packet(f);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(m->l4_len, 32u);
    EXPECT_EQ(packet_bytes(m)[35], 8) << "ports swapped";
    EXPECT_EQ(stream_.engine_untouched, 1u) << "a TCP header of 13 bytes is cut";
    rte_pktmbuf_free(m);
}

} // namespace
} // namespace pmdfwd::testing
