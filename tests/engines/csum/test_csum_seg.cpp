// csum's segmentation on real mbufs through the registry: TSO marks a long
// TCP packet for the NIC (flags, tso_segsz, l4_len) and leaves a short one
// to software; GRO merges two TCP segments of one flow (per burst, and held
// across bursts with `set gro flush`); GSO cuts a long TCP packet into
// segments no longer than the GSO size, each with its own lengths, sequence
// number and IPv4 checksum. Every header is checked against bytes written
// here, without DPDK's helpers.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include "csum/csum_settings.h"
#include "csum/csum_tunnel_checksums.h"

#include <rte_ethdev.h>
#include <rte_mbuf_ptype.h>

#include <netinet/in.h>

namespace pmdfwd::testing {
namespace {

using engines::csum::Settings;

constexpr size_t kL3 = 14, kL4 = 34, kPayload = 54; // offsets in an untagged TCP/IPv4 frame

uint16_t get16(const std::vector<uint8_t> &f, size_t off) {
    return static_cast<uint16_t>(f[off] << 8 | f[off + 1]);
}

uint32_t get32(const std::vector<uint8_t> &f, size_t off) {
    return uint32_t{get16(f, off)} << 16 | get16(f, off + 2);
}

void put16(std::vector<uint8_t> &f, size_t off, uint16_t v) {
    f[off] = static_cast<uint8_t>(v >> 8);
    f[off + 1] = static_cast<uint8_t>(v);
}

// The IPv4 header at kL3 sums to 0xffff with its checksum.
bool ipv4_ok(const std::vector<uint8_t> &f) {
    uint32_t sum = 0;
    for (size_t i = kL3; i < kL4; i += 2)
        sum += get16(f, i);
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return sum == 0xffff;
}

// Ethernet + IPv4 (id, DF) + TCP (seq, ACK only) + payload bytes
// (seq + i) & 0xff, checksums 0xbeef.
std::vector<uint8_t> tcp_frame(uint32_t seq, size_t payload, uint16_t ip_id = 1,
                               uint16_t sport = 1234) {
    std::vector<uint8_t> f(kPayload + payload);
    for (int i = 0; i < 12; i++)
        f[i] = static_cast<uint8_t>(i + 1);
    put16(f, 12, RTE_ETHER_TYPE_IPV4);
    f[kL3] = 0x45;
    put16(f, kL3 + 2, static_cast<uint16_t>(20 + 20 + payload));
    put16(f, kL3 + 4, ip_id);
    f[kL3 + 8] = 64;
    f[kL3 + 9] = IPPROTO_TCP;
    put16(f, kL3 + 10, 0xbeef);
    const uint8_t addrs[8] = {192, 0, 2, 1, 198, 51, 100, 7};
    std::copy(addrs, addrs + 8, f.begin() + kL3 + 12);
    put16(f, kL4, sport);
    put16(f, kL4 + 2, 80);
    put16(f, kL4 + 4, static_cast<uint16_t>(seq >> 16));
    put16(f, kL4 + 6, static_cast<uint16_t>(seq));
    f[kL4 + 12] = 0x50;
    f[kL4 + 13] = RTE_TCP_ACK_FLAG;
    put16(f, kL4 + 14, 65535);
    put16(f, kL4 + 16, 0xbeef);
    for (size_t i = 0; i < payload; i++)
        f[kPayload + i] = static_cast<uint8_t>(seq + i);
    return f;
}

class CsumSeg : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
        cfg_ = static_cast<Settings *>(stream_.engine_ctx);
        ASSERT_NE(cfg_, nullptr);
    }

    void TearDown() override {
        EngineTest::TearDown();
        // The engine's context outlives the test: back to testpmd's defaults.
        *cfg_ = Settings{};
        engines::csum::settings_init(cfg_);
    }

    // A packet as a PMD that recognises TCP/IPv4 delivers it (GRO needs the
    // packet type).
    rte_mbuf *tcp_packet(const std::vector<uint8_t> &f) {
        rte_mbuf *m = packet(f);
        if (m != nullptr)
            m->packet_type = RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_TCP;
        return m;
    }

    Settings *cfg_ = nullptr;
};

TEST_F(CsumSeg, MayReturnMoreThanItReceives) {
    EXPECT_TRUE(engine_->flags & PMDFWD_ENGINE_F_GROWS);
}

TEST_F(CsumSeg, NothingOnKeepsThePlainBurst) {
    ASSERT_EQ(start(), 0);
    EXPECT_EQ(stream_.priv, nullptr); // csum.cpp's burst, unchanged
}

TEST_F(CsumSeg, TsoMarksLongTcpForTheNic) {
    cfg_->port[1].tso_segsz = 800;                // the TX port's
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_TCP_TSO; // as `tso set` enables it on a capable port
    ASSERT_EQ(start(), 0);
    const std::vector<uint8_t> in = tcp_frame(1000, 1500);
    rte_mbuf *m = tcp_packet(in);
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_SEG);
    EXPECT_EQ(m->tso_segsz, 800u);
    EXPECT_EQ(m->l2_len, 14u);
    EXPECT_EQ(m->l3_len, 20u);
    EXPECT_EQ(m->l4_len, 20u);
    const std::vector<uint8_t> out = packet_bytes(m);
    EXPECT_EQ(get16(out, kL3 + 10), 0xbeef) << "the NIC computes the IPv4 checksum";
    EXPECT_EQ(get16(out, kL4 + 16), 0xbeef) << "and the TCP one";
    rte_pktmbuf_free(m);

    // No longer than headers + segment size: checksummed in software.
    rte_mbuf *s = tcp_packet(tcp_frame(1, 800));
    ASSERT_EQ(burst(&s, 1, 32), 1);
    EXPECT_EQ(s->ol_flags, RTE_MBUF_F_TX_IPV4);
    EXPECT_EQ(s->tso_segsz, 800u); // testpmd fills it in any case
    EXPECT_TRUE(ipv4_ok(packet_bytes(s)));
    rte_pktmbuf_free(s);
}

// testpmd 23.11 on segments only what the port's offloads allow; `tso
// set` keeps its size on a port without them (net_pcap, net_ring).
TEST_F(CsumSeg, TsoWithoutTheOffloadSegmentsOnlyBefore2311) {
    cfg_->port[1].tso_segsz = 800;
    ASSERT_EQ(start(), 0);
    rte_mbuf *m = tcp_packet(tcp_frame(1000, 1500));
    ASSERT_EQ(burst(&m, 1, 32), 1);
    const std::vector<uint8_t> out = packet_bytes(m);
    EXPECT_EQ(get16(out, kL3 + 10), 0xbeef) << "the IPv4 checksum is the NIC's either way";
    if (engines::csum::kSegByOffload) {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM);
        EXPECT_NE(get16(out, kL4 + 16), 0xbeef) << "TCP's computed here";
    } else {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_SEG);
        EXPECT_EQ(get16(out, kL4 + 16), 0xbeef);
    }
    rte_pktmbuf_free(m);
}

// Ethernet + IPv4 + UDP with payload bytes, checksums 0xbeef (or udp_sum).
std::vector<uint8_t> udp_frame(size_t payload, uint16_t udp_sum = 0xbeef) {
    std::vector<uint8_t> f = tcp_frame(0, payload + 12);
    f.resize(kL4 + 8 + payload);
    f[kL3 + 9] = IPPROTO_UDP;
    put16(f, kL3 + 2, static_cast<uint16_t>(20 + 8 + payload));
    put16(f, kL4 + 4, static_cast<uint16_t>(8 + payload));
    put16(f, kL4 + 6, udp_sum);
    return f;
}

// UFO (23.11 on): `tso set` segments long UDP where the port has UDP TSO.
TEST_F(CsumSeg, TsoSegmentsLongUdpWithUfo) {
    cfg_->port[1].tso_segsz = 800;
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_UDP_TSO;
    ASSERT_EQ(start(), 0);
    rte_mbuf *m = packet(udp_frame(1500));
    ASSERT_EQ(burst(&m, 1, 32), 1);
    std::vector<uint8_t> out = packet_bytes(m);
    EXPECT_TRUE(ipv4_ok(out)) << "UDP's IPv4 checksum stays software's";
    if (engines::csum::kSegByOffload) {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_UDP_SEG);
        EXPECT_EQ(get16(out, kL4 + 6), 0xbeef) << "the NIC's, per segment";
    } else {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4);
        EXPECT_NE(get16(out, kL4 + 6), 0xbeef);
    }
    EXPECT_EQ(m->l4_len, 8u);
    rte_pktmbuf_free(m);

    // No checksum: none asked for, no segmentation either (testpmd's test).
    rte_mbuf *z = packet(udp_frame(1500, 0));
    ASSERT_EQ(burst(&z, 1, 32), 1);
    EXPECT_EQ(z->ol_flags, RTE_MBUF_F_TX_IPV4);
    EXPECT_EQ(get16(packet_bytes(z), kL4 + 6), 0);
    rte_pktmbuf_free(z);

    // Short enough for one segment: software's.
    rte_mbuf *s = packet(udp_frame(700));
    ASSERT_EQ(burst(&s, 1, 32), 1);
    EXPECT_EQ(s->ol_flags, RTE_MBUF_F_TX_IPV4);
    rte_pktmbuf_free(s);
}

TEST_F(CsumSeg, GroMergesTwoSegmentsOfAFlow) {
    cfg_->port[0].gro = true; // the RX port's
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[2] = {tcp_packet(tcp_frame(1000, 100, 1)), tcp_packet(tcp_frame(1100, 100, 2))};
    ASSERT_EQ(burst(pkts, 2, 32), 1);
    const std::vector<uint8_t> out = packet_bytes(pkts[0]);
    ASSERT_EQ(out.size(), kPayload + 200);
    EXPECT_EQ(get16(out, kL3 + 2), 240u);
    EXPECT_TRUE(ipv4_ok(out));
    EXPECT_EQ(get32(out, kL4 + 4), 1000u);
    for (size_t i = 0; i < 200; i++)
        ASSERT_EQ(out[kPayload + i], static_cast<uint8_t>(1000 + i)) << i;
    rte_pktmbuf_free(pkts[0]);
    EXPECT_EQ(in_use(), before);
}

TEST_F(CsumSeg, GroFlushCyclesHoldPacketsAcrossBursts) {
    cfg_->port[0].gro = true;
    cfg_->gro_flush_cycles = 2;
    ASSERT_EQ(start(), 0);
    rte_mbuf *pkts[4] = {tcp_packet(tcp_frame(1000, 100, 1)), tcp_packet(tcp_frame(1100, 100, 2))};
    EXPECT_EQ(burst(pkts, 2, 32), 0) << "held in the GRO table";
    pkts[0] = tcp_packet(tcp_frame(5000, 50, 9, 4321)); // another flow
    const uint16_t n = burst(pkts, 1, 32);
    ASSERT_EQ(n, 2) << "the second burst flushes both flows";
    size_t total = 0;
    for (uint16_t i = 0; i < n; i++) {
        total += pkts[i]->pkt_len;
        EXPECT_TRUE(ipv4_ok(packet_bytes(pkts[i])));
    }
    EXPECT_EQ(total, kPayload + 200 + kPayload + 50);
    rte_pktmbuf_free_bulk(pkts, n);
}

TEST_F(CsumSeg, HeldGroPacketsAreFreedAtStop) {
    cfg_->port[0].gro = true;
    cfg_->gro_flush_cycles = 3;
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[1] = {tcp_packet(tcp_frame(1000, 100))};
    EXPECT_EQ(burst(pkts, 1, 32), 0);
    stop();
    EXPECT_EQ(in_use(), before);
    EXPECT_EQ(stream_.engine_consumed, 1u);
}

TEST_F(CsumSeg, GsoCutsALongPacketIntoSegments) {
    cfg_->port[1].gso = true;
    cfg_->gso_segsz = 600;
    ASSERT_EQ(start(), 0);
    const unsigned before = in_use();
    rte_mbuf *pkts[8] = {tcp_packet(tcp_frame(7000, 1600)), tcp_packet(tcp_frame(1, 100))};
    const uint16_t n = burst(pkts, 2, 32);
    // 1600 bytes in 546-byte pieces (600 - 54 bytes of headers), then the
    // short packet as it came.
    ASSERT_EQ(n, 4);
    const size_t sizes[] = {546, 546, 508};
    uint32_t seq = 7000;
    for (uint16_t i = 0; i < 3; i++) {
        const std::vector<uint8_t> out = packet_bytes(pkts[i]);
        ASSERT_EQ(out.size(), kPayload + sizes[i]) << i;
        EXPECT_LE(out.size(), 600u);
        EXPECT_EQ(get16(out, kL3 + 2), 40 + sizes[i]) << i;
        EXPECT_TRUE(ipv4_ok(out)) << i;
        EXPECT_EQ(get32(out, kL4 + 4), seq) << i;
        for (size_t b = 0; b < sizes[i]; b++)
            ASSERT_EQ(out[kPayload + b], static_cast<uint8_t>(seq + b)) << i << " " << b;
        seq += static_cast<uint32_t>(sizes[i]);
    }
    EXPECT_EQ(pkts[3]->pkt_len, kPayload + 100);
    rte_pktmbuf_free_bulk(pkts, n);
    EXPECT_EQ(in_use(), before) << "the cut packet's mbuf went with its last segment";
}

} // namespace
} // namespace pmdfwd::testing
