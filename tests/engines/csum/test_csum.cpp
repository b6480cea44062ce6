// csum through the registry, on real mbufs: every checksum it writes is
// checked against a one's-complement sum and a bitwise CRC32c written here,
// independently of DPDK's helpers the engine uses; hardware offload leaves
// the headers alone and asks the NIC through ol_flags and lengths; of cut
// headers what fits is done, and runts and lying length fields are never
// read or written past their end.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include "csum/csum_packet.h"

#include <rte_ethdev.h>

#include <netinet/in.h>

#include <array>
#include <random>

namespace pmdfwd::testing {
namespace {

// ---- references, written without DPDK --------------------------------------

uint32_t sum16(const uint8_t *p, size_t n, uint32_t sum = 0) {
    for (size_t i = 0; i + 1 < n; i += 2)
        sum += uint32_t{p[i]} << 8 | p[i + 1];
    if (n & 1) sum += uint32_t{p[n - 1]} << 8;
    return sum;
}

uint16_t fold(uint32_t sum) {
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<uint16_t>(sum);
}

uint16_t get16(const std::vector<uint8_t> &f, size_t off) {
    return static_cast<uint16_t>(f[off] << 8 | f[off + 1]);
}

void put16(std::vector<uint8_t> &f, size_t off, uint16_t v) {
    f[off] = static_cast<uint8_t>(v >> 8);
    f[off + 1] = static_cast<uint8_t>(v);
}

// A correct IPv4 header at l3 sums to 0xffff.
bool ipv4_ok(const std::vector<uint8_t> &f, size_t l3) {
    return fold(sum16(&f[l3], (f[l3] & 0xf) * 4)) == 0xffff;
}

// A correct UDP/TCP checksum makes pseudo-header + segment sum to 0xffff.
bool l4_ok(const std::vector<uint8_t> &f, size_t l3, bool v6, uint8_t proto) {
    size_t l4, len;
    uint32_t sum;
    if (v6) {
        l4 = l3 + 40;
        len = get16(f, l3 + 4);
        sum = sum16(&f[l3 + 8], 32);
    } else {
        l4 = l3 + (f[l3] & 0xf) * 4;
        len = get16(f, l3 + 2) - (f[l3] & 0xf) * 4;
        sum = sum16(&f[l3 + 12], 8);
    }
    sum += proto + static_cast<uint32_t>(len);
    return fold(sum16(&f[l4], len, sum)) == 0xffff;
}

// RFC 4960 appendix B, bit by bit.
uint32_t crc32c(const uint8_t *p, size_t n) {
    uint32_t crc = 0xffffffff;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int b = 0; b < 8; b++)
            crc = (crc >> 1) ^ (0x82f63b78 & (0u - (crc & 1)));
    }
    return ~crc;
}

// ---- frames ------------------------------------------------------------------

constexpr uint8_t kSrcMac[6] = {0x02, 0, 0, 0, 0, 0x01};
constexpr uint8_t kDstMac[6] = {0x02, 0, 0, 0, 0, 0x02};

// Ethernet (with VLAN tags) + IPv4/IPv6 + an L4 header of proto + payload,
// every checksum field set to 0xbeef (wrong) unless udp_zero.
std::vector<uint8_t> frame(bool v6, uint8_t proto, size_t payload, unsigned vlans = 0,
                           bool udp_zero = false) {
    std::vector<uint8_t> f(kDstMac, kDstMac + 6);
    f.insert(f.end(), kSrcMac, kSrcMac + 6);
    // One 802.1Q tag, or a QinQ pair (an S-tag, then a C-tag).
    for (unsigned v = 0; v < vlans; v++) {
        const bool s_tag = vlans == 2 && v == 0;
        f.insert(f.end(), {static_cast<uint8_t>(s_tag ? 0x88 : 0x81),
                           static_cast<uint8_t>(s_tag ? 0xa8 : 0)});
        f.insert(f.end(), {0x00, static_cast<uint8_t>(10 + v)});
    }
    f.insert(f.end(),
             {static_cast<uint8_t>(v6 ? 0x86 : 0x08), static_cast<uint8_t>(v6 ? 0xdd : 0)});
    const size_t l4_hdr = proto == IPPROTO_TCP ? 20 : proto == IPPROTO_UDP ? 8 : 12;
    const size_t l4_len = l4_hdr + payload;
    const size_t l3 = f.size();
    if (v6) {
        f.insert(f.end(), {0x60, 0, 0, 0});
        f.insert(f.end(), {static_cast<uint8_t>(l4_len >> 8), static_cast<uint8_t>(l4_len)});
        f.insert(f.end(), {proto, 64});
        for (int i = 0; i < 32; i++)
            f.push_back(static_cast<uint8_t>(i < 16 ? 0x20 + i : 0x30 + i));
    } else {
        const size_t tot = 20 + l4_len;
        f.insert(f.end(), {0x45, 0, static_cast<uint8_t>(tot >> 8), static_cast<uint8_t>(tot)});
        f.insert(f.end(), {0, 1, 0, 0, 64, proto, 0xbe, 0xef, 192, 0, 2, 1, 198, 51, 100, 7});
    }
    const size_t l4 = f.size();
    f.resize(l4 + l4_len);
    for (size_t i = l4 + l4_hdr; i < f.size(); i++)
        f[i] = static_cast<uint8_t>(i * 7);
    put16(f, l4, 1234);
    put16(f, l4 + 2, 5678);
    if (proto == IPPROTO_UDP) {
        put16(f, l4 + 4, static_cast<uint16_t>(l4_len));
        put16(f, l4 + 6, udp_zero ? 0 : 0xbeef);
    } else if (proto == IPPROTO_TCP) {
        f[l4 + 12] = 0x50; // 5 words
        put16(f, l4 + 16, 0xbeef);
    } else {
        put16(f, l4 + 8, 0xbeef);
    }
    (void)l3;
    return f;
}

class Csum : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
        ASSERT_EQ(start(), 0);
    }

    rte_mbuf *packet(const std::vector<uint8_t> &f, uint64_t ol_flags = 0) {
        rte_mbuf *m = EngineTest::packet(f);
        EXPECT_NE(m, nullptr);
        if (m != nullptr) m->ol_flags = ol_flags;
        return m;
    }

    // Runs one packet through the engine; returns its bytes afterwards.
    std::vector<uint8_t> run(rte_mbuf *m) {
        EXPECT_EQ(burst(&m, 1, 32), 1);
        return packet_bytes(m);
    }
};

std::vector<uint8_t> with_macs(std::vector<uint8_t> f) {
    std::copy(kPeerMac.begin(), kPeerMac.end(), f.begin());
    std::copy(kPortMac.begin(), kPortMac.end(), f.begin() + 6);
    return f;
}

TEST_F(Csum, CountsBadRxChecksumsAndNeedsTheHostToReceive) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_RX_CKSUM_STATS);
    EXPECT_FALSE(engine_->flags & (PMDFWD_ENGINE_F_NO_RX | PMDFWD_ENGINE_F_GENERATOR));
}

TEST_F(Csum, SoftwareChecksumsForEveryIpAndL4) {
    for (bool v6 : {false, true})
        for (uint8_t proto : {uint8_t{IPPROTO_UDP}, uint8_t{IPPROTO_TCP}})
            for (unsigned vlans : {0u, 1u, 2u})
                for (size_t payload : {0u, 1u, 18u, 1000u}) {
                    SCOPED_TRACE(::testing::Message()
                                 << "v6=" << v6 << " proto=" << int(proto) << " vlans=" << vlans
                                 << " payload=" << payload);
                    const std::vector<uint8_t> in = frame(v6, proto, payload, vlans);
                    rte_mbuf *m = packet(in, RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_INDIRECT);
                    const std::vector<uint8_t> out = run(m);
                    const size_t l3 = 14 + 4 * vlans;
                    if (!v6) {
                        EXPECT_TRUE(ipv4_ok(out, l3));
                    }
                    EXPECT_TRUE(l4_ok(out, l3, v6, proto));
                    // Only the MACs and the checksum fields changed.
                    std::vector<uint8_t> expect = with_macs(in);
                    const size_t l4 = l3 + (v6 ? 40 : 20);
                    const size_t ck = l4 + (proto == IPPROTO_UDP ? 6 : 16);
                    if (!v6) put16(expect, l3 + 10, get16(out, l3 + 10));
                    put16(expect, ck, get16(out, ck));
                    EXPECT_EQ(out, expect);
                    EXPECT_EQ(m->ol_flags,
                              RTE_MBUF_F_INDIRECT | (v6 ? RTE_MBUF_F_TX_IPV6 : RTE_MBUF_F_TX_IPV4));
                    EXPECT_EQ(m->l2_len, l3);
                    EXPECT_EQ(m->l3_len, v6 ? 40u : 20u);
                    EXPECT_EQ(m->l4_len, proto == IPPROTO_UDP ? 8u : 20u);
                    m->ol_flags = 0; // INDIRECT was only a marker
                    rte_pktmbuf_free(m);
                }
    EXPECT_EQ(stream_.engine_untouched, 0u);
}

// Whatever an mbuf's TX fields held before (another flow's lengths, TSO and
// tunnel fields, stale requests) is replaced, as testpmd's stores replace
// it, and a second pass, as a ring loop makes, leaves the same fields.
TEST_F(Csum, StaleTxFieldsAreReplacedAndASecondPassKeepsThem) {
    const std::vector<uint8_t> in = frame(false, IPPROTO_TCP, 18);
    rte_mbuf *m = packet(in);
    m->tx_offload = ~uint64_t{0};
    m->ol_flags = RTE_MBUF_F_TX_UDP_CKSUM | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_VLAN |
                  RTE_MBUF_F_TX_TCP_SEG | RTE_MBUF_F_INDIRECT;
    for (int pass = 0; pass < 2; pass++) {
        SCOPED_TRACE(pass);
        const std::vector<uint8_t> out = run(m);
        EXPECT_TRUE(ipv4_ok(out, 14));
        EXPECT_TRUE(l4_ok(out, 14, false, IPPROTO_TCP));
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_INDIRECT | RTE_MBUF_F_TX_IPV4);
        EXPECT_EQ(m->tx_offload, rte_mbuf_tx_offload(14, 20, 20, 0, 0, 0, 0));
    }
    m->ol_flags = 0; // INDIRECT was only a marker
    rte_pktmbuf_free(m);
}

TEST_F(Csum, UdpWithoutChecksumKeepsNone) {
    const std::vector<uint8_t> in = frame(false, IPPROTO_UDP, 10, 0, true);
    rte_mbuf *m = packet(in);
    const std::vector<uint8_t> out = run(m);
    EXPECT_EQ(get16(out, 34 + 6), 0);
    EXPECT_TRUE(ipv4_ok(out, 14));
    rte_pktmbuf_free(m);
}

TEST_F(Csum, SctpGetsItsCrc32c) {
    for (bool v6 : {false, true}) {
        const std::vector<uint8_t> in = frame(v6, IPPROTO_SCTP, 20);
        rte_mbuf *m = packet(in);
        std::vector<uint8_t> out = run(m);
        const size_t l4 = 14 + (v6 ? 40 : 20);
        uint32_t got;
        std::memcpy(&got, &out[l4 + 8], 4);
        std::fill(out.begin() + l4 + 8, out.begin() + l4 + 12, 0);
        const uint32_t want = crc32c(&out[l4], out.size() - l4);
        EXPECT_EQ(rte_le_to_cpu_32(got), want) << "stored little-endian, as Linux and scapy";
        rte_pktmbuf_free(m);
    }
}

TEST_F(Csum, HardwareOffloadLeavesHeadersToTheNic) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
                      RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_SCTP_CKSUM;
    struct Case {
        bool v6;
        uint8_t proto;
        size_t payload;
        uint64_t flags;
    } cases[] = {
        {false, IPPROTO_UDP, 10,
         RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_UDP_CKSUM},
        {false, IPPROTO_TCP, 10,
         RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_CKSUM},
        {true, IPPROTO_UDP, 10, RTE_MBUF_F_TX_IPV6 | RTE_MBUF_F_TX_UDP_CKSUM},
        {true, IPPROTO_TCP, 10, RTE_MBUF_F_TX_IPV6 | RTE_MBUF_F_TX_TCP_CKSUM},
        {false, IPPROTO_SCTP, 20,
         RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_SCTP_CKSUM},
    };
    for (const Case &k : cases) {
        const std::vector<uint8_t> in = frame(k.v6, k.proto, k.payload);
        rte_mbuf *m = packet(in);
        EXPECT_EQ(run(m), with_macs(in)) << "no checksum written in software";
        EXPECT_EQ(m->ol_flags, k.flags);
        EXPECT_EQ(m->l2_len, 14u);
        rte_pktmbuf_free(m);
    }
    // A NIC sums SCTP in whole words: 21 payload bytes are done in software.
    const std::vector<uint8_t> odd = frame(false, IPPROTO_SCTP, 21);
    rte_mbuf *m = packet(odd);
    const std::vector<uint8_t> out = run(m);
    EXPECT_EQ(m->ol_flags & RTE_MBUF_F_TX_SCTP_CKSUM, 0u);
    EXPECT_NE(get16(out, 34 + 8), 0xbeef);
    rte_pktmbuf_free(m);
}

TEST_F(Csum, SoftwareWhereOnlySomeOffloadsAreOn) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_UDP_CKSUM; // `csum set udp hw`, ip sw
    rte_mbuf *m = packet(frame(false, IPPROTO_UDP, 10));
    const std::vector<uint8_t> out = run(m);
    EXPECT_TRUE(ipv4_ok(out, 14));
    EXPECT_EQ(get16(out, 40), 0xbeef);
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_UDP_CKSUM);
    rte_pktmbuf_free(m);
}

TEST_F(Csum, NonIpGetsItsMacsOnly) {
    std::vector<uint8_t> arp = frame(false, IPPROTO_UDP, 10);
    put16(arp, 12, 0x0806);
    rte_mbuf *m = packet(arp, RTE_MBUF_F_TX_IP_CKSUM);
    EXPECT_EQ(run(m), with_macs(arp));
    EXPECT_EQ(m->ol_flags, 0u);
    EXPECT_EQ(m->l2_len, 14u);
    EXPECT_EQ(m->l3_len, 0u);
    rte_pktmbuf_free(m);
    EXPECT_EQ(stream_.engine_untouched, 0u);
}

TEST_F(Csum, CutHeadersGetWhatFitsAndAreCounted) {
    // Every cut of an Ethernet + QinQ + IPv4 + TCP header: below 12 bytes
    // nothing changes (metadata neither); from 12 the MACs are testpmd's;
    // once the IPv4 header is whole (22 + 20 = 42) its checksum is too; the
    // TCP checksum (its field is inside the cut header) never.
    const std::vector<uint8_t> full = frame(false, IPPROTO_TCP, 0, 2);
    constexpr size_t kIpv4End = 14 + 2 * 4 + 20;
    for (size_t n = 0; n < full.size(); n++) {
        const std::vector<uint8_t> in = frame_prefix(full, n);
        rte_mbuf *m = packet(in, RTE_MBUF_F_TX_VLAN);
        m->l2_len = 3;
        std::vector<uint8_t> out = run(m);
        if (n < 12) {
            EXPECT_EQ(out, in) << n << " bytes";
            EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_VLAN) << "metadata untouched too";
            EXPECT_EQ(m->l2_len, 3u);
        } else if (n < kIpv4End) {
            EXPECT_EQ(out, with_macs(in)) << n << " bytes";
            EXPECT_EQ(m->ol_flags, 0u) << n << " bytes";
        } else {
            EXPECT_TRUE(ipv4_ok(out, 22)) << n << " bytes";
            std::copy(in.begin() + 22 + 10, in.begin() + 22 + 12, out.begin() + 22 + 10);
            EXPECT_EQ(out, with_macs(in)) << n << " bytes: only the IPv4 checksum differs";
            EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4);
            EXPECT_EQ(m->l3_len, 20u);
        }
        rte_pktmbuf_free(m);
    }
    EXPECT_EQ(stream_.engine_untouched, full.size());
}

TEST_F(Csum, BadIhlGetsItsMacsOnly) {
    // IHL 4 (a 16-byte header) and 15 (60 bytes, past the frame's end):
    // no IPv4 header to checksum, nor anything behind it.
    for (uint8_t ihl : {0x44, 0x4f}) {
        std::vector<uint8_t> in = frame(false, IPPROTO_UDP, 4);
        in[14] = ihl;
        rte_mbuf *m = packet(in);
        EXPECT_EQ(run(m), with_macs(in)) << "IHL " << (ihl & 0xf);
        EXPECT_EQ(m->ol_flags, 0u);
        rte_pktmbuf_free(m);
    }
    EXPECT_EQ(stream_.engine_untouched, 2u);
}

TEST_F(Csum, LyingLengthsNeverReachPastThePacket) {
    // IPv4 total length larger than the frame: the IP header is fixed, the
    // UDP checksum (over bytes that are not there) is left alone.
    std::vector<uint8_t> in = frame(false, IPPROTO_UDP, 10);
    put16(in, 16, 1400);
    rte_mbuf *m = packet(in);
    std::vector<uint8_t> out = run(m);
    EXPECT_TRUE(ipv4_ok(out, 14));
    EXPECT_EQ(get16(out, 40), 0xbeef);
    rte_pktmbuf_free(m);
    // Total length below the header length.
    put16(in, 16, 8);
    m = packet(in);
    out = run(m);
    EXPECT_EQ(get16(out, 40), 0xbeef);
    rte_pktmbuf_free(m);
    // IPv6 payload length past the end.
    in = frame(true, IPPROTO_TCP, 10);
    put16(in, 18, 3000);
    m = packet(in);
    out = run(m);
    EXPECT_EQ(get16(out, 54 + 16), 0xbeef);
    rte_pktmbuf_free(m);
    // Ethernet padding after the IP packet is not summed.
    in = frame(false, IPPROTO_UDP, 2);
    in.resize(60, 0xab);
    m = packet(in);
    out = run(m);
    out.resize(14 + 20 + 8 + 2);
    EXPECT_TRUE(l4_ok(out, 14, false, IPPROTO_UDP));
    rte_pktmbuf_free(m);
}

TEST_F(Csum, ChecksumsSpanSegments) {
    const std::vector<uint8_t> in = frame(false, IPPROTO_UDP, 300);
    rte_mbuf *head = packet(std::vector<uint8_t>(in.begin(), in.begin() + 100));
    rte_mbuf *tail = packet(std::vector<uint8_t>(in.begin() + 100, in.end()));
    ASSERT_EQ(rte_pktmbuf_chain(head, tail), 0);
    const std::vector<uint8_t> out = run(head);
    EXPECT_TRUE(l4_ok(out, 14, false, IPPROTO_UDP));
    rte_pktmbuf_free(head);

    const std::vector<uint8_t> sctp = frame(false, IPPROTO_SCTP, 200);
    head = packet(std::vector<uint8_t>(sctp.begin(), sctp.begin() + 50));
    tail = packet(std::vector<uint8_t>(sctp.begin() + 50, sctp.end()));
    ASSERT_EQ(rte_pktmbuf_chain(head, tail), 0);
    std::vector<uint8_t> o = run(head);
    uint32_t got;
    std::memcpy(&got, &o[34 + 8], 4);
    std::fill(o.begin() + 42, o.begin() + 46, 0);
    EXPECT_EQ(rte_le_to_cpu_32(got), crc32c(&o[34], o.size() - 34));
    rte_pktmbuf_free(head);
}

TEST_F(Csum, BadRxChecksumsAreCountedAsTestpmdCountsThem) {
    const uint64_t flags[] = {
        RTE_MBUF_F_RX_IP_CKSUM_BAD,
        RTE_MBUF_F_RX_IP_CKSUM_BAD | RTE_MBUF_F_RX_L4_CKSUM_BAD,
        RTE_MBUF_F_RX_L4_CKSUM_BAD | RTE_MBUF_F_RX_OUTER_IP_CKSUM_BAD,
        RTE_MBUF_F_RX_OUTER_L4_CKSUM_INVALID, // both bits: bad for testpmd
        RTE_MBUF_F_RX_IP_CKSUM_NONE,          // both bits: not "bad"
        RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_L4_CKSUM_GOOD,
    };
    std::vector<rte_mbuf *> pkts;
    for (uint64_t f : flags)
        pkts.push_back(packet(frame(false, IPPROTO_UDP, 4), f));
    ASSERT_EQ(burst(pkts.data(), static_cast<uint16_t>(pkts.size()), 32), pkts.size());
    EXPECT_EQ(stream_.rx_bad_ip_csum, 2u);
    EXPECT_EQ(stream_.rx_bad_l4_csum, 2u);
    EXPECT_EQ(stream_.rx_bad_outer_ip_csum, 1u);
    EXPECT_EQ(stream_.rx_bad_outer_l4_csum, 1u);
    rte_pktmbuf_free_bulk(pkts.data(), static_cast<unsigned>(pkts.size()));
}

// ---- checksums over the old field, against testpmd's full recompute ------

// What testpmd's csum engine writes (csumonly.c, process_inner_cksums): each
// field zeroed, then DPDK's full sum over the packet (its mbuf helpers, the
// segments included), and the new MACs.
void testpmd_checksums(rte_mbuf *m, size_t l3, bool v6, uint8_t proto) {
    uint8_t *p = rte_pktmbuf_mtod(m, uint8_t *);
    std::copy(kPeerMac.begin(), kPeerMac.end(), p);
    std::copy(kPortMac.begin(), kPortMac.end(), p + 6);
    auto *ip4 = reinterpret_cast<rte_ipv4_hdr *>(p + l3);
    auto *ip6 = reinterpret_cast<rte_ipv6_hdr *>(p + l3);
    size_t l4 = l3 + sizeof(rte_ipv6_hdr);
    if (!v6) {
        ip4->hdr_checksum = 0;
        ip4->hdr_checksum = rte_ipv4_cksum(ip4);
        l4 = l3 + rte_ipv4_hdr_len(ip4);
    }
    const auto off = static_cast<uint16_t>(l4);
    const auto sum = [&] {
        return v6 ? rte_ipv6_udptcp_cksum_mbuf(m, ip6, off)
                  : rte_ipv4_udptcp_cksum_mbuf(m, ip4, off);
    };
    if (proto == IPPROTO_UDP) {
        auto *udp = reinterpret_cast<rte_udp_hdr *>(p + l4);
        if (udp->dgram_cksum == 0) return;
        udp->dgram_cksum = 0;
        udp->dgram_cksum = sum();
    } else {
        auto *tcp = reinterpret_cast<rte_tcp_hdr *>(p + l4);
        tcp->cksum = 0;
        tcp->cksum = sum();
    }
}

// The frame with its IPv4 header (at l3) grown by 4 bytes of options.
std::vector<uint8_t> with_ip_options(std::vector<uint8_t> f, size_t l3) {
    f.insert(f.begin() + static_cast<std::ptrdiff_t>(l3) + 20, {0x01, 0x01, 0x01, 0x00});
    f[l3] = 0x46;
    put16(f, l3 + 2, static_cast<uint16_t>(get16(f, l3 + 2) + 4));
    return f;
}

// The frame's IPv4 (where there is one) and L4 checksum fields set to old.
std::vector<uint8_t> with_old(std::vector<uint8_t> f, size_t l3, bool v6, uint8_t proto,
                              uint16_t old) {
    if (!v6) put16(f, l3 + 10, old);
    const size_t l4 = l3 + (v6 ? 40 : (f[l3] & 0xf) * 4);
    put16(f, l4 + (proto == IPPROTO_UDP ? 6 : 16), old);
    return f;
}

class CsumOverOld : public Csum {
  protected:
    // The bytes as segments cut at the offsets in cuts (ascending).
    rte_mbuf *chain(const std::vector<uint8_t> &f, const std::vector<size_t> &cuts) {
        rte_mbuf *head = nullptr;
        size_t from = 0;
        for (size_t i = 0; i <= cuts.size(); i++) {
            const size_t to = i < cuts.size() ? cuts[i] : f.size();
            rte_mbuf *s = packet(std::vector<uint8_t>(f.begin() + static_cast<std::ptrdiff_t>(from),
                                                      f.begin() + static_cast<std::ptrdiff_t>(to)));
            if (head == nullptr)
                head = s;
            else
                EXPECT_EQ(rte_pktmbuf_chain(head, s), 0);
            from = to;
        }
        return head;
    }

    // The engine's bytes and testpmd's for the same frame, equal.
    void expect_as_testpmd(const std::vector<uint8_t> &f, size_t l3, bool v6, uint8_t proto,
                           const std::vector<size_t> &cuts = {}) {
        rte_mbuf *ours = chain(f, cuts);
        rte_mbuf *ref = chain(f, cuts);
        testpmd_checksums(ref, l3, v6, proto);
        EXPECT_EQ(run(ours), packet_bytes(ref));
        rte_pktmbuf_free(ours);
        rte_pktmbuf_free(ref);
    }
};

TEST_F(CsumOverOld, EveryOldValueGivesTestpmdsBytes) {
    for (bool v6 : {false, true})
        for (uint8_t proto : {uint8_t{IPPROTO_UDP}, uint8_t{IPPROTO_TCP}})
            for (unsigned vlans : {0u, 1u, 2u})
                for (size_t payload : {0u, 1u, 3u, 17u, 18u, 1001u})
                    for (uint16_t old : {0x0000, 0xffff, 0x0001, 0xfffe, 0xbeef}) {
                        SCOPED_TRACE(::testing::Message()
                                     << "v6=" << v6 << " proto=" << int(proto) << " vlans=" << vlans
                                     << " payload=" << payload << " old=" << old);
                        const size_t l3 = 14 + 4 * vlans;
                        const std::vector<uint8_t> f = frame(v6, proto, payload, vlans);
                        if (proto == IPPROTO_UDP && old == 0) continue; // no checksum: below
                        expect_as_testpmd(with_old(f, l3, v6, proto, old), l3, v6, proto);
                        if (!v6)
                            expect_as_testpmd(with_old(with_ip_options(f, l3), l3, v6, proto, old),
                                              l3, v6, proto);
                    }
}

TEST_F(CsumOverOld, RightChecksumsStayAsTheyAre) {
    for (bool v6 : {false, true})
        for (uint8_t proto : {uint8_t{IPPROTO_UDP}, uint8_t{IPPROTO_TCP}}) {
            rte_mbuf *m = packet(frame(v6, proto, 33, 1));
            testpmd_checksums(m, 18, v6, proto);
            const std::vector<uint8_t> right = packet_bytes(m);
            EXPECT_EQ(run(m), right) << "v6=" << v6 << " proto=" << int(proto);
            rte_pktmbuf_free(m);
        }
}

TEST_F(CsumOverOld, ZeroUdpChecksumMeansNone) {
    for (bool v6 : {false, true}) {
        const size_t l3 = 14;
        const std::vector<uint8_t> f = with_old(frame(v6, IPPROTO_UDP, 5), l3, v6, IPPROTO_UDP, 0);
        expect_as_testpmd(f, l3, v6, IPPROTO_UDP);
        rte_mbuf *m = packet(f);
        EXPECT_EQ(get16(run(m), l3 + (v6 ? 40 : 20) + 6), 0) << "v6=" << v6;
        rte_pktmbuf_free(m);
    }
}

TEST_F(CsumOverOld, SegmentsCutAnywhereAfterTheHeaders) {
    // Odd cuts: DPDK sums the later segments byte-swapped, as testpmd does.
    for (bool v6 : {false, true})
        for (uint8_t proto : {uint8_t{IPPROTO_UDP}, uint8_t{IPPROTO_TCP}})
            for (const std::vector<size_t> &cuts :
                 std::vector<std::vector<size_t>>{{90}, {91}, {75, 76, 300}, {101, 203, 305}}) {
                SCOPED_TRACE(::testing::Message()
                             << "v6=" << v6 << " proto=" << int(proto) << " first cut=" << cuts[0]);
                const std::vector<uint8_t> f =
                    with_old(frame(v6, proto, 400), 14, v6, proto, 0xffff);
                expect_as_testpmd(f, 14, v6, proto, cuts);
            }
}

// A word of the payload (and the IPv4 ID) through all 65536 values makes
// every checksum value come out, both one's-complement zeros included:
// TCP's 0x0000, UDP's 0 sent as 0xffff, the IPv4 header's 0x0000.
TEST_F(CsumOverOld, EveryChecksumValueComesOutAsTestpmds) {
    for (bool v6 : {false, true})
        for (uint8_t proto : {uint8_t{IPPROTO_UDP}, uint8_t{IPPROTO_TCP}})
            for (uint16_t old : {0x0000, 0xffff}) {
                if (proto == IPPROTO_UDP && old == 0) continue;
                SCOPED_TRACE(::testing::Message()
                             << "v6=" << v6 << " proto=" << int(proto) << " old=" << old);
                const std::vector<uint8_t> f = with_old(frame(v6, proto, 6), 14, v6, proto, old);
                const size_t l4 = 14 + (v6 ? 40 : 20);
                const size_t word = l4 + (proto == IPPROTO_UDP ? 8 : 20);
                const size_t ck = l4 + (proto == IPPROTO_UDP ? 6 : 16);
                rte_mbuf *ours = packet(f);
                rte_mbuf *ref = packet(f);
                bool zero_seen = false, ip_zero_seen = false;
                for (uint32_t w = 0; w <= 0xffff; w++) {
                    for (rte_mbuf *m : {ours, ref}) {
                        uint8_t *p = rte_pktmbuf_mtod(m, uint8_t *);
                        std::copy(f.begin(), f.end(), p);
                        p[word] = static_cast<uint8_t>(w >> 8);
                        p[word + 1] = static_cast<uint8_t>(w);
                        if (!v6) std::copy(p + word, p + word + 2, p + 18); // IPv4 ID
                        m->ol_flags = 0;
                    }
                    testpmd_checksums(ref, 14, v6, proto);
                    const std::vector<uint8_t> want = packet_bytes(ref);
                    ASSERT_EQ(run(ours), want) << "w=" << w;
                    zero_seen |= get16(want, ck) == (proto == IPPROTO_UDP ? 0xffff : 0);
                    ip_zero_seen |= !v6 && get16(want, 24) == 0;
                }
                EXPECT_TRUE(zero_seen);
                EXPECT_EQ(ip_zero_seen, !v6);
                rte_pktmbuf_free(ours);
                rte_pktmbuf_free(ref);
            }
}

TEST_F(CsumOverOld, SctpCrcTakesTheOldFieldAsZero) {
    for (uint16_t old : {0x0000, 0xffff, 0xbeef}) {
        std::vector<uint8_t> in = frame(false, IPPROTO_SCTP, 21);
        put16(in, 34 + 8, old);
        put16(in, 34 + 10, old);
        rte_mbuf *m = chain(in, {47});
        std::vector<uint8_t> out = run(m);
        uint32_t got;
        std::memcpy(&got, &out[34 + 8], 4);
        std::fill(out.begin() + 42, out.begin() + 46, 0);
        EXPECT_EQ(rte_le_to_cpu_32(got), crc32c(&out[34], out.size() - 34)) << old;
        rte_pktmbuf_free(m);
    }
}

// The engine's 20-byte header checksum is DPDK's rte_ipv4_cksum, bit for
// bit (run against each DPDK of the matrix, where rte_ipv4_cksum may
// change): random headers, and one header with each of the 65536 values of
// its source address's high word, so that the sum lands on every residue,
// both one's-complement zeros included.
TEST(CsumIpv4Header, TwentyByteSumIsDpdks) {
    std::mt19937_64 rng(37);
    const auto check = [](std::array<uint8_t, 20> h) {
        h[0] = 0x45;       // no options: rte_ipv4_cksum reads IHL x 4 bytes
        h[10] = h[11] = 0; // hdr_checksum, zeroed as rte_ipv4_cksum asks
        const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(h.data());
        return engines::csum::ipv4_cksum_20(ip) == rte_ipv4_cksum(ip);
    };
    std::array<uint8_t, 20> h{};
    for (int i = 0; i < 20000; i++) {
        for (uint8_t &b : h)
            b = static_cast<uint8_t>(rng());
        ASSERT_TRUE(check(h)) << i;
    }
    for (uint32_t w = 0; w <= 0xffff; w++) {
        h[12] = static_cast<uint8_t>(w >> 8);
        h[13] = static_cast<uint8_t>(w);
        ASSERT_TRUE(check(h)) << w;
    }
}

} // namespace
} // namespace pmdfwd::testing
