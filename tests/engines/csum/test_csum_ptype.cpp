// The csum engine's parsing by rte_net_get_ptype (csum_ptype.h, testpmd
// 25.03 on), on real mbufs against frames written out byte by byte: the
// lengths and protocols it gives plain packets (IPv6 extension headers,
// SCTP, fragments, tag stacks), the tunnels DPDK's parser knows, and frames
// cut anywhere never taken for more than their first segment holds. The
// tunnels need DPDK 25.11's parser: UDP tunnels from 25.03 on, GRE's inner
// L2 length from 25.11.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"
#include "csum_frames.h"

#include "csum/csum_ptype.h"

#include <rte_version.h>

#include <netinet/in.h>

namespace pmdfwd::testing {
namespace {

using namespace csum_frames;
using engines::csum::PacketInfo;
using engines::csum::Parsed;
using engines::csum::Ptype;
using engines::csum::Tunnel;

constexpr bool kTunnels = RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0);

class PtypeParse : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("csum"), nullptr);
    }

    Parsed parse(const Bytes &f, PacketInfo *info) {
        rte_mbuf *m = packet(f);
        Ptype pt;
        const Parsed p = engines::csum::parse_packet_ptype(m, info, &pt);
        rte_pktmbuf_free(m);
        return p;
    }

    // The outer headers whole, then the tunnel: false when none.
    bool tunnel(const Bytes &f, Tunnel *t) {
        rte_mbuf *m = packet(f);
        PacketInfo outer;
        Ptype pt;
        const bool whole = engines::csum::parse_packet_ptype(m, &outer, &pt) == Parsed::whole;
        const bool is = whole && engines::csum::parse_tunnel_ptype(m, outer, pt, t);
        rte_pktmbuf_free(m);
        return is;
    }
};

TEST_F(PtypeParse, Ipv6ExtensionHeadersAreSkipped) {
    // Hop-by-hop (8 bytes), then destination options (16), then UDP.
    Bytes ext = {IPPROTO_DSTOPTS, 0, 1, 4, 0, 0, 0, 0, IPPROTO_UDP, 1};
    ext.resize(8 + 16);
    PacketInfo info;
    ASSERT_EQ(parse(cat({ether(RTE_ETHER_TYPE_IPV6),
                         ipv6(IPPROTO_HOPOPTS, cat({ext, udp(1, 2, payload(9))}))}),
                    &info),
              Parsed::whole);
    EXPECT_EQ(info.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV6));
    EXPECT_EQ(info.l3_len, 40 + 24);
    EXPECT_EQ(info.l4_proto, IPPROTO_UDP);
    EXPECT_EQ(info.l4_len, 8);
}

TEST_F(PtypeParse, SctpHasItsTwelveBytesAndAFragmentNone) {
    Bytes sctp(12 + 16, 0);
    PacketInfo info;
    ASSERT_EQ(parse(cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_SCTP, sctp)}), &info),
              Parsed::whole);
    EXPECT_EQ(info.l4_proto, IPPROTO_SCTP);
    EXPECT_EQ(info.l4_len, 12);
    Bytes frag = cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_UDP, udp(1, 2, payload(9)))});
    frag[14 + 6] = 0x20; // more fragments
    ASSERT_EQ(parse(frag, &info), Parsed::whole);
    EXPECT_EQ(info.l4_proto, IPPROTO_UDP); // testpmd's protocol, even of a fragment
    EXPECT_EQ(info.l4_len, 0);
}

TEST_F(PtypeParse, TagsAreOne8021QOrAQinQPair) {
    const Bytes ip = ipv4(IPPROTO_UDP, udp(1, 2, payload(9)));
    const Bytes tag = {0, 5, 0x81, 0x00}, last = {0, 6, 0x08, 0x00};
    PacketInfo info;
    ASSERT_EQ(parse(cat({ether(RTE_ETHER_TYPE_VLAN), last, ip}), &info), Parsed::whole);
    EXPECT_EQ(info.l2_len, 18);
    ASSERT_EQ(parse(cat({ether(RTE_ETHER_TYPE_QINQ), tag, last, ip}), &info), Parsed::whole);
    EXPECT_EQ(info.l2_len, 22);
    EXPECT_EQ(info.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV4));
    // Two 802.1Q tags: DPDK's parser finds no IP header, so neither does
    // the engine; the type is testpmd's walk's, two bytes past the second
    // tag's (its TCI, 6), for the verbose block.
    EXPECT_EQ(parse(cat({ether(RTE_ETHER_TYPE_VLAN), tag, last, ip}), &info), Parsed::macs);
    EXPECT_EQ(info.ethertype, RTE_BE16(6));
    // Not IP at all: nothing to do, all of it done.
    EXPECT_EQ(parse(cat({ether(RTE_ETHER_TYPE_ARP), payload(28)}), &info), Parsed::whole);
}

// testpmd 25.11's get_ethertype_by_ptype where DPDK found no IP header.
TEST(TestpmdEthertype, WalksTagsAsTestpmdDoes) {
    using engines::csum::ptype_detail::testpmd_ethertype;
    const Bytes arp = cat({ether(RTE_ETHER_TYPE_ARP), payload(28)});
    EXPECT_EQ(testpmd_ethertype(arp.data(), 14, 0), RTE_BE16(RTE_ETHER_TYPE_ARP));
    EXPECT_EQ(testpmd_ethertype(arp.data(), 13, 0), 0) << "cut";
    // One tag: the bytes behind the tag's type (ARP's hardware type, 1).
    const Bytes tagged = cat({ether(RTE_ETHER_TYPE_VLAN), {0, 5, 0x08, 0x06}, {0, 1, 8, 0}});
    EXPECT_EQ(testpmd_ethertype(tagged.data(), static_cast<uint32_t>(tagged.size()), 0),
              RTE_BE16(1));
    EXPECT_EQ(testpmd_ethertype(tagged.data(), 19, 0), 0) << "past the data";
    // An IP type found so is shown as none: the engine does not take it for IP.
    const Bytes v4 = cat({ether(RTE_ETHER_TYPE_IPV4), inner_udp4()});
    EXPECT_EQ(testpmd_ethertype(v4.data(), static_cast<uint32_t>(v4.size()), 0), 0);
    // From an offset (behind a tunnel header).
    const Bytes behind = cat({payload(8), arp});
    EXPECT_EQ(testpmd_ethertype(behind.data(), static_cast<uint32_t>(behind.size()), 8),
              RTE_BE16(RTE_ETHER_TYPE_ARP));
}

TEST_F(PtypeParse, CutFramesGiveWhatTheirFirstSegmentHolds) {
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_TCP, tcp(payload(5)))});
    PacketInfo info;
    for (size_t n = 0; n <= f.size(); n++) {
        const Bytes cut(f.begin(), f.begin() + static_cast<long>(n));
        const Parsed p = parse(cut, &info);
        SCOPED_TRACE(n);
        if (n < 12) {
            EXPECT_EQ(p, Parsed::nothing);
        } else if (n < 14 + 20) {
            EXPECT_EQ(p, Parsed::macs);
            EXPECT_EQ(info.ethertype, 0);
        } else if (n < 14 + 20 + 20) {
            EXPECT_EQ(p, Parsed::l3);
            EXPECT_EQ(info.l4_proto, 0);
        } else {
            EXPECT_EQ(p, Parsed::whole);
            EXPECT_EQ(info.l4_len, 20);
        }
    }
}

TEST_F(PtypeParse, GreAndIpInIp) {
    if (!kTunnels) GTEST_SKIP() << "DPDK's parser measures tunnels from 25.11 on";
    const Bytes gre = {0xb0, 0, 0x86, 0xdd, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    Tunnel t;
    ASSERT_TRUE(
        tunnel(cat({ether(RTE_ETHER_TYPE_IPV4),
                    ipv4(IPPROTO_GRE, cat({gre, ipv6(IPPROTO_UDP, udp(1, 2, payload(9)))}))}),
               &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_GRE);
    EXPECT_EQ(t.outer.l4_proto, IPPROTO_GRE);
    EXPECT_EQ(t.l2_len, 16);
    EXPECT_EQ(t.inner.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV6));
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 16);
    EXPECT_EQ(t.inner.l4_proto, IPPROTO_UDP);
    EXPECT_TRUE(t.inner_whole);
    ASSERT_TRUE(tunnel(cat({ether(RTE_ETHER_TYPE_IPV6), ipv6(IPPROTO_IPIP, inner_udp4())}), &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_IPIP);
    EXPECT_EQ(t.l2_len, 0);
    EXPECT_EQ(t.inner.l2_len, 14 + 40);
    EXPECT_EQ(t.inner.l3_len, 20);
    // Not a tunnel: plain UDP.
    EXPECT_FALSE(tunnel(cat({ether(RTE_ETHER_TYPE_IPV4), inner_udp4()}), &t));
}

TEST_F(PtypeParse, UdpTunnelsOnTheirDefaultPorts) {
    if (!kTunnels) GTEST_SKIP() << "DPDK's parser measures tunnels from 25.11 on";
    Tunnel t;
    ASSERT_TRUE(tunnel(vxlan_frame(), &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_VXLAN);
    EXPECT_EQ(t.l2_len, 8 + 8 + 14);
    EXPECT_EQ(t.inner.l2_len, 14 + 20 + 30);
    EXPECT_EQ(t.inner.l4_proto, IPPROTO_UDP);
    EXPECT_EQ(t.inner.l4_len, 8);
    const Bytes geneve = {2, 0, 0x08, 0x00, 0, 0, 7, 0, 1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_TRUE(tunnel(cat({ether(RTE_ETHER_TYPE_IPV4),
                            ipv4(IPPROTO_UDP, udp(1, 6081, cat({geneve, inner_udp4()})))}),
                       &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_GENEVE);
    EXPECT_EQ(t.l2_len, 8 + 8 + 8);
    ASSERT_TRUE(
        tunnel(cat({ether(RTE_ETHER_TYPE_IPV4),
                    ipv4(IPPROTO_UDP, udp(1, 4790, cat({gpe(2), ipv6(IPPROTO_TCP, tcp({}))})))}),
               &t));
    EXPECT_EQ(t.flag, RTE_MBUF_F_TX_TUNNEL_VXLAN_GPE);
    EXPECT_EQ(t.inner.ethertype, RTE_BE16(RTE_ETHER_TYPE_IPV6));
    EXPECT_EQ(t.inner.l4_len, 20);
    // Another port is no tunnel, whatever the engine's parameters say.
    EXPECT_FALSE(tunnel(cat({ether(RTE_ETHER_TYPE_IPV4),
                             ipv4(IPPROTO_UDP, udp(1, 4000, cat({gpe(1), inner_udp4()})))}),
                        &t));
}

TEST_F(PtypeParse, ACutInnerHeaderLeavesTheInnerUnparsed) {
    if (!kTunnels) GTEST_SKIP() << "DPDK's parser measures tunnels from 25.11 on";
    const Bytes gre = {0, 0, 0x08, 0x00};
    const Bytes f = cat({ether(RTE_ETHER_TYPE_IPV4), ipv4(IPPROTO_GRE, cat({gre, inner_udp4()}))});
    Tunnel t;
    for (size_t n = 14 + 20 + 4 + 20; n < 14 + 20 + 4 + 28; n++) {
        SCOPED_TRACE(n);
        ASSERT_TRUE(tunnel(Bytes(f.begin(), f.begin() + static_cast<long>(n)), &t));
        EXPECT_FALSE(t.inner_whole);
        EXPECT_EQ(t.inner.l4_proto, 0);
    }
}

} // namespace
} // namespace pmdfwd::testing
