// csum's tunnel parsing (`csum parse-tunnel on`, csum_tunnel.h) and `csum
// mac-swap off`, on real mbufs: the parser against frames written out byte
// by byte here (VXLAN, VXLAN-GPE, GENEVE, GTP, GRE, IP-in-IP), then the
// engine's checksums of both layers, checked by sums computed here, its TX
// flags and header lengths as testpmd's csumonly.c sets them, and frames cut
// anywhere never written past their end.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"
#include "csum_frames.h"

#include "csum/csum_ptype.h"
#include "csum/csum_settings.h"
#include "csum/csum_tunnel.h"
#include "csum/csum_tunnel_checksums.h"

#include <rte_ethdev.h>

#include <netinet/in.h>

#include <vector>

namespace pmdfwd::testing {
namespace {

using engines::csum::Settings;
using engines::csum::Tunnel;
using engines::csum::TunnelPorts;

using namespace csum_frames;

// ---- sums computed here ------------------------------------------------------

uint32_t sum16(const Bytes &f, size_t off, size_t n, uint32_t sum = 0) {
    for (size_t i = 0; i + 1 < n; i += 2)
        sum += get16(f, off + i);
    if (n & 1) sum += f[off + n - 1] << 8;
    return sum;
}

uint16_t fold(uint32_t sum) {
    while (sum >> 16)
        sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<uint16_t>(sum);
}

bool ipv4_ok(const Bytes &f, size_t l3) {
    return fold(sum16(f, l3, 20)) == 0xffff;
}

// The UDP or TCP checksum behind the IPv4 or IPv6 header at l3 is right.
bool l4_ok(const Bytes &f, size_t l3) {
    const bool v6 = (f[l3] >> 4) == 6;
    const size_t l4 = l3 + (v6 ? 40 : 20);
    const size_t len = v6 ? get16(f, l3 + 4) : get16(f, l3 + 2) - 20;
    uint32_t sum = v6 ? sum16(f, l3 + 8, 32) : sum16(f, l3 + 12, 8);
    sum += (v6 ? f[l3 + 6] : f[l3 + 9]) + static_cast<uint32_t>(len);
    return fold(sum16(f, l4, len, sum)) == 0xffff;
}

// ---- the parser --------------------------------------------------------------

class TunnelParse : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
    }

    // parse_packet then parse_tunnel over the frame's first n bytes.
    bool parse(const Bytes &f, Tunnel *t, TunnelPorts ports = {4790, 6081}) {
        rte_mbuf *m = packet(f);
        engines::csum::PacketInfo outer;
        const bool whole = engines::csum::parse_packet(m, &outer) == engines::csum::Parsed::whole;
        const bool is = whole && engines::csum::parse_tunnel(m, outer, ports, t);
        rte_pktmbuf_free(m);
        return is;
    }
};

TEST_F(TunnelParse, VxlanHasItsOuterAndInnerLengths) {
    Tunnel t;
    ASSERT_TRUE(parse(vxlan_frame(), &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_VXLAN);
    EXPECT_EQ(t.outer.l2_len, 14);
    EXPECT_EQ(t.outer.l3_len, 20);
    EXPECT_EQ(t.outer.l4_proto, IPPROTO_UDP);
    EXPECT_EQ(t.l2_len, 8 + 8 + 14); // UDP, VXLAN, inner Ethernet
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 30);
    EXPECT_EQ(t.inner.l3_len, 20);
    EXPECT_EQ(t.inner.l4_len, 8);
    EXPECT_EQ(t.inner.l4_proto, IPPROTO_UDP);
    EXPECT_TRUE(t.inner_whole);
}

TEST_F(TunnelParse, VxlanIsUdp4789Only) {
    Bytes f = vxlan_frame();
    put16(f, 14 + 20 + 2, 4788);
    Tunnel t;
    EXPECT_FALSE(parse(f, &t));
}

TEST_F(TunnelParse, VxlanGpeByItsNextProtocolAndPort) {
    const Bytes v4 = cat(
        {ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_UDP, udp(1, 4790, cat({gpe(1), inner_udp4()})))});
    Tunnel t;
    ASSERT_TRUE(parse(v4, &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_VXLAN_GPE);
    EXPECT_EQ(t.l2_len, 16);
    EXPECT_EQ(t.inner.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV4));
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 16);
    // Another port: not VXLAN-GPE.
    EXPECT_FALSE(parse(v4, &t, {4000, 6081}));
    // NSH (4) is not parsed.
    const Bytes nsh = cat(
        {ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_UDP, udp(1, 4790, cat({gpe(4), payload(40)})))});
    EXPECT_FALSE(parse(nsh, &t));
    const Bytes eth =
        cat({ether(RTE_ETHER_TYPE_IPV4),
             ipv4(IPPROTO_UDP,
                  udp(1, 4790, cat({gpe(3), ether(0x86dd), ipv6(IPPROTO_TCP, tcp({}))})))});
    ASSERT_TRUE(parse(eth, &t));
    EXPECT_EQ(t.l2_len, 16 + 14);
    EXPECT_EQ(t.inner.l3_len, 40);
    EXPECT_EQ(t.inner.l4_len, 20);
}

TEST_F(TunnelParse, GeneveCountsItsOptions) {
    const Bytes geneve = {2, 0, 0x08, 0x00, 0, 0, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8};
    const Bytes f = cat(
        {ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_UDP, udp(1, 6081, cat({geneve, inner_udp4()})))});
    Tunnel t;
    ASSERT_TRUE(parse(f, &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_GENEVE);
    EXPECT_EQ(t.l2_len, 8 + 8 + 8);
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 24);
    EXPECT_FALSE(parse(f, &t, {4790, 6082}));
}

TEST_F(TunnelParse, GtpWithAndWithoutItsOptionalWord) {
    const Bytes plain = {0x30, 0xff, 0, 0, 0, 0, 0, 1};
    const Bytes ext = {0x32, 0xff, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0};
    for (const Bytes &gtp : {plain, ext}) {
        const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4),
                             ipv4(IPPROTO_UDP, udp(1, 2152, cat({gtp, inner_udp4()})))});
        Tunnel t;
        ASSERT_TRUE(parse(f, &t));
        EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_GTP);
        EXPECT_EQ(t.l2_len, 8 + gtp.size());
        EXPECT_EQ(t.inner.l2_len, 14 + 20 + 8 + gtp.size());
        EXPECT_EQ(t.inner.l4_proto, IPPROTO_UDP);
    }
    // A control message (from port 2123): a tunnel with nothing inner.
    const Bytes echo =
        cat({ether(RTE_ETHER_TYPE_IPV4),
             ipv4(IPPROTO_UDP, udp(2123, 9, cat({{0x32, 1, 0, 4, 0, 0, 0, 0}, payload(4)})))});
    Tunnel t;
    ASSERT_TRUE(parse(echo, &t));
    EXPECT_EQ(t.inner.ethertype, 0);
}

TEST_F(TunnelParse, GreCountsItsKeySequenceAndChecksumWords) {
    const Bytes gre = {0xb0, 0, 0x86, 0xdd, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4),
                         ipv4(IPPROTO_GRE, cat({gre, ipv6(IPPROTO_UDP, udp(1, 2, payload(9)))}))});
    Tunnel t;
    ASSERT_TRUE(parse(f, &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_GRE);
    EXPECT_EQ(t.outer.l4_proto, IPPROTO_GRE);
    EXPECT_EQ(t.l2_len, 16);
    EXPECT_EQ(t.inner.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV6));
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 16);
}

TEST_F(TunnelParse, IpInIpTakesVersion4And6Only) {
    const Bytes v6 =
        cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_IPIP, ipv6(IPPROTO_TCP, tcp(payload(3))))});
    Tunnel t;
    ASSERT_TRUE(parse(v6, &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_IPIP);
    EXPECT_EQ(t.l2_len, 0);
    EXPECT_EQ(t.inner.l2_len, 34);
    EXPECT_EQ(t.inner.l4_len, 20);
    Bytes v5 = v6;
    v5[34] = 0x50;
    EXPECT_FALSE(parse(v5, &t));
}

TEST_F(TunnelParse, CutInsideTheTunnelLeavesTheInnerUnparsed) {
    const Bytes f = vxlan_frame();
    for (size_t n = 42; n < f.size(); n++) {
        Tunnel t;
        ASSERT_TRUE(parse(frame_prefix(f, n), &t)) << n; // the UDP port decides
        EXPECT_EQ(t.inner_whole, n >= 14 + 20 + 30 + 20 + 8) << n;
        if (n < 14 + 20 + 30 + 20) {
            EXPECT_EQ(t.inner.ethertype, 0) << n;
        }
    }
}

// ---- the engine --------------------------------------------------------------

class CsumTunnel : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
        cfg_ = static_cast<Settings *>(stream_.engine_ctx);
        cfg_->port[1].parse_tunnel = true; // the TX port's
    }

    void TearDown() override {
        EngineTest::TearDown();
        *cfg_ = Settings{};
        engines::csum::settings_init(cfg_);
    }

    rte_mbuf *run(const Bytes &f, Bytes *out) {
        rte_mbuf *m = packet(f);
        EXPECT_EQ(burst(&m, 1, 32), 1);
        *out = packet_bytes(m);
        return m;
    }

    Settings *cfg_ = nullptr;
};

constexpr size_t kOuterL3 = 14, kOuterL4 = 34, kInnerL3 = 64;

TEST_F(CsumTunnel, SoftwareChecksumsBothLayers) {
    ASSERT_EQ(start(), 0);
    Bytes out;
    rte_mbuf *m = run(vxlan_frame(), &out);
    EXPECT_TRUE(ipv4_ok(out, kInnerL3));
    EXPECT_TRUE(l4_ok(out, kInnerL3));
    EXPECT_TRUE(ipv4_ok(out, kOuterL3));
    EXPECT_TRUE(l4_ok(out, kOuterL3)); // over the inner checksums written
    EXPECT_TRUE(std::equal(kPeerMac.begin(), kPeerMac.end(), out.begin()));
    EXPECT_EQ(m->ol_flags,
              RTE_MBUF_F_TX_TUNNEL_VXLAN | RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_OUTER_IPV4);
    // Without outer offloads one L2 header reaches the inner IP one.
    EXPECT_EQ(m->l2_len, kInnerL3);
    EXPECT_EQ(m->l3_len, 20);
    EXPECT_EQ(m->l4_len, 8);
    EXPECT_EQ(m->outer_l2_len, 0);
    EXPECT_EQ(m->outer_l3_len, 0);
    rte_pktmbuf_free(m);
}

TEST_F(CsumTunnel, OuterOffloadsSplitTheLengths) {
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_OUTER_UDP_CKSUM |
                      RTE_ETH_TX_OFFLOAD_UDP_CKSUM;
    ASSERT_EQ(start(), 0);
    Bytes out;
    rte_mbuf *m = run(vxlan_frame(), &out);
    EXPECT_TRUE(ipv4_ok(out, kInnerL3));
    EXPECT_EQ(get16(out, kInnerL3 + 20 + 6), kBad); // the NIC's: inner UDP
    EXPECT_EQ(get16(out, kOuterL3 + 10), kBad);     // outer IPv4 (22.11.9 on: left)
    EXPECT_EQ(get16(out, kOuterL4 + 6), kBad);      // outer UDP
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_TUNNEL_VXLAN | RTE_MBUF_F_TX_IPV4 |
                               RTE_MBUF_F_TX_UDP_CKSUM | RTE_MBUF_F_TX_OUTER_IPV4 |
                               RTE_MBUF_F_TX_OUTER_IP_CKSUM | RTE_MBUF_F_TX_OUTER_UDP_CKSUM);
    EXPECT_EQ(m->outer_l2_len, 14);
    EXPECT_EQ(m->outer_l3_len, 20);
    EXPECT_EQ(m->l2_len, 30);
    EXPECT_EQ(m->l3_len, 20);
    EXPECT_EQ(m->l4_len, 8);
    rte_pktmbuf_free(m);
}

TEST_F(CsumTunnel, OuterUdpChecksumZeroStaysZero) {
    ASSERT_EQ(start(), 0);
    Bytes f = vxlan_frame();
    put16(f, kOuterL4 + 6, 0);
    Bytes out;
    rte_pktmbuf_free(run(f, &out));
    EXPECT_EQ(get16(out, kOuterL4 + 6), 0);
    EXPECT_TRUE(l4_ok(out, kInnerL3));
}

TEST_F(CsumTunnel, GreOverIpv6HasNoOuterUdp) {
    ASSERT_EQ(start(), 0);
    const Bytes gre = {0, 0, 0x08, 0x00};
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV6),
                         ipv6(IPPROTO_GRE, cat({gre, ipv4(IPPROTO_TCP, tcp(payload(11)))}))});
    Bytes out;
    rte_mbuf *m = run(f, &out);
    EXPECT_TRUE(ipv4_ok(out, 14 + 40 + 4));
    EXPECT_TRUE(l4_ok(out, 14 + 40 + 4));
    EXPECT_EQ(m->ol_flags,
              RTE_MBUF_F_TX_TUNNEL_GRE | RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_OUTER_IPV6);
    EXPECT_EQ(m->l2_len, 14 + 40 + 4);
    EXPECT_EQ(m->l4_len, 20);
    rte_pktmbuf_free(m);
}

TEST_F(CsumTunnel, TheRxPortsSettingIsNotTheTxPorts) {
    cfg_->port[1].parse_tunnel = false;
    cfg_->port[0].parse_tunnel = true; // the RX port's: testpmd reads the TX port's
    ASSERT_EQ(start(), 0);
    EXPECT_EQ(stream_.priv, nullptr);
    Bytes out;
    rte_mbuf *m = run(vxlan_frame(), &out);
    EXPECT_EQ(get16(out, kInnerL3 + 10), kBad); // inner headers are payload
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_IPV4);
    rte_pktmbuf_free(m);
}

TEST_F(CsumTunnel, MacSwapOffLeavesTheMacs) {
    cfg_->port[1].parse_tunnel = false;
    cfg_->port[1].mac_swap = false;
    ASSERT_EQ(start(), 0);
    EXPECT_NE(stream_.priv, nullptr);
    const Bytes f = vxlan_frame();
    Bytes out;
    rte_pktmbuf_free(run(f, &out));
    EXPECT_TRUE(std::equal(f.begin(), f.begin() + 12, out.begin()));
    EXPECT_TRUE(ipv4_ok(out, kOuterL3));
}

TEST_F(CsumTunnel, TunnelTsoMarksLongInnerTcp) {
    cfg_->port[1].tunnel_tso_segsz = 100;
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO; // `tunnel_tso set` on a capable port
    ASSERT_EQ(start(), 0);
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4),
                         ipv4(IPPROTO_UDP, udp(1, 4789,
                                               cat({kVxlan, ether(RTE_ETHER_TYPE_IPV4),
                                                    ipv4(IPPROTO_TCP, tcp(payload(300)))})))});
    Bytes out;
    rte_mbuf *m = run(f, &out);
    EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_TUNNEL_VXLAN | RTE_MBUF_F_TX_IPV4 |
                               RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_SEG |
                               RTE_MBUF_F_TX_OUTER_IPV4);
    EXPECT_EQ(m->tso_segsz, 100);
    EXPECT_EQ(m->outer_l2_len, 14);
    EXPECT_EQ(m->outer_l3_len, 20);
    EXPECT_EQ(m->l2_len, 30);
    EXPECT_EQ(m->l4_len, 20);
    EXPECT_EQ(get16(out, kInnerL3 + 10), kBad); // the NIC's, per segment
    if (engines::csum::kSegZeroesOuterUdp) {
        EXPECT_EQ(get16(out, kOuterL4 + 6), 0);
    }
    rte_pktmbuf_free(m);
}

// GSO marks the inner UDP for segmenting (librte_gso clears the mark of a
// packet it leaves whole); testpmd 22.11 takes only TCP_SEG for the outer
// header's segmentation, so the outer UDP checksum is computed (23.07 on:
// UDP_SEG too, and until 24.03 the outer UDP checksum is zeroed then).
TEST_F(CsumTunnel, GsoOfAShortTunnelPacket) {
    cfg_->port[1].gso = true;
    ASSERT_EQ(start(), 0);
    Bytes out;
    rte_mbuf *m = run(vxlan_frame(), &out); // shorter than the GSO size: not cut
    const bool outer_seg = engines::csum::kOuterSegByInner;
    EXPECT_EQ(m->ol_flags,
              RTE_MBUF_F_TX_TUNNEL_VXLAN | RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_OUTER_IPV4);
    EXPECT_TRUE(l4_ok(out, kInnerL3));
    if (!outer_seg) {
        EXPECT_TRUE(l4_ok(out, kOuterL3));
    } else if (engines::csum::kSegZeroesOuterUdp) {
        EXPECT_EQ(get16(out, kOuterL4 + 6), 0);
    }
    rte_pktmbuf_free(m);
}

// --vxlan-gpe-port / --geneve-parsed-port (the host's --csum-<key>) reach
// the stream at its start; from 25.03 on (rte_net_get_ptype) testpmd reads
// them and parses DPDK's default ports only, and so does the engine.
TEST_F(CsumTunnel, TheTunnelPortsAreTheParameters) {
    ASSERT_EQ(set_param("vxlan-gpe-port", "4000"), "");
    ASSERT_EQ(start(), 0);
    for (const uint16_t port : {4000, 4790}) {
        SCOPED_TRACE(port);
        const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4),
                             ipv4(IPPROTO_UDP, udp(1, port, cat({gpe(1), inner_udp4()})))});
        Bytes out;
        rte_mbuf *m = run(f, &out);
        const bool tunnel = engines::csum::kParseByPtype ? port == 4790 : port == 4000;
        EXPECT_EQ(m->ol_flags & RTE_MBUF_F_TX_TUNNEL_MASK,
                  tunnel ? RTE_MBUF_F_TX_TUNNEL_VXLAN_GPE : 0);
        EXPECT_EQ(ipv4_ok(out, 14 + 20 + 16), tunnel);
        EXPECT_EQ(l4_ok(out, 14 + 20 + 16), tunnel);
        rte_pktmbuf_free(m);
    }
    EXPECT_NE(set_param("geneve-parsed-port", "-1"), "");
}

// Every cut of a tunnel frame: nothing written past its end (the bytes
// after it in the mbuf keep their mark), the MACs written from 12 bytes on.
TEST_F(CsumTunnel, CutFramesAreNeverWrittenPastTheirEnd) {
    ASSERT_EQ(start(), 0);
    const Bytes f = vxlan_frame();
    for (size_t n = 0; n <= f.size(); n++) {
        rte_mbuf *m = packet(f);
        ASSERT_NE(m, nullptr);
        rte_pktmbuf_trim(m, static_cast<uint16_t>(f.size() - n));
        uint8_t *data = rte_pktmbuf_mtod(m, uint8_t *);
        std::fill(data + n, data + f.size(), 0xa5);
        ASSERT_EQ(burst(&m, 1, 32), 1);
        for (size_t i = n; i < f.size(); i++)
            ASSERT_EQ(data[i], 0xa5) << "cut at " << n << ", byte " << i;
        if (n >= 12) {
            EXPECT_TRUE(std::equal(kPeerMac.begin(), kPeerMac.end(), data)) << n;
        }
        rte_pktmbuf_free(m);
    }
}

} // namespace
} // namespace pmdfwd::testing
