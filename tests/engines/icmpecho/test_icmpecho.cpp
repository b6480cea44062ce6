// icmpecho through the registry, on real mbufs: ARP requests answered from
// the TX port's MAC, ICMP echo requests answered with a checksum that
// verifies, everything else and frames cut short freed and counted.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

namespace pmdfwd::testing {
namespace {

class IcmpEcho : public EngineTest {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("icmpecho"), nullptr);
        ASSERT_EQ(start(), 0);
    }
};

const std::vector<uint8_t> kHost = {0x02, 0x33, 0, 0, 0, 0x07};

// Appends bytes one by one (GCC 12's -Warray-bounds misreads range inserts
// of short vectors at -O3).
template <typename C>
void put(std::vector<uint8_t> &f, const C &bytes) {
    for (uint8_t b : bytes)
        f.push_back(b);
}

std::vector<uint8_t> arp(uint16_t op, const std::vector<uint8_t> &dst_mac) {
    std::vector<uint8_t> f;
    put(f, dst_mac);
    put(f, kHost);
    push16(f, 0x0806);
    push16(f, 1);      // Ethernet
    push16(f, 0x0800); // IPv4
    f.push_back(6);
    f.push_back(4);
    push16(f, op);
    put(f, kHost);                             // sender MAC
    put(f, std::vector<uint8_t>{10, 0, 0, 7}); // sender IP
    put(f, std::vector<uint8_t>(6, 0));        // target MAC
    put(f, std::vector<uint8_t>{10, 0, 0, 1}); // target IP
    return f;
}

// An IPv4 ICMP echo request from 10.0.0.7 to dst, checksums valid.
std::vector<uint8_t> echo(std::array<uint8_t, 4> dst, uint8_t type = 8, bool vlan = false) {
    std::vector<uint8_t> f;
    put(f, kPortMac);
    put(f, kHost);
    if (vlan) {
        push16(f, 0x8100);
        push16(f, 0x0064);
    }
    push16(f, 0x0800);
    const size_t ip = f.size();
    f.insert(f.end(), {0x45, 0, 0, 36, 0, 1, 0, 0, 64, 1, 0, 0, 10, 0, 0, 7});
    f.insert(f.end(), dst.begin(), dst.end());
    const size_t icmp = f.size();
    f.insert(f.end(), {type, 0, 0, 0, 0x12, 0x34, 0, 1});
    f.insert(f.end(), {'p', 'i', 'n', 'g', 'p', 'i', 'n', 'g'});
    const uint16_t ipck = rte_ipv4_cksum(reinterpret_cast<const rte_ipv4_hdr *>(&f[ip]));
    std::memcpy(&f[ip + 10], &ipck, 2);
    const uint16_t ck = static_cast<uint16_t>(~rte_raw_cksum(&f[icmp], f.size() - icmp));
    std::memcpy(&f[icmp + 2], &ck, 2);
    return f;
}

TEST_F(IcmpEcho, ArpRequestGetsItsReply) {
    rte_mbuf *m = packet(arp(1, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff}));
    ASSERT_EQ(burst(&m, 1, 32), 1);
    std::vector<uint8_t> want;
    put(want, kHost);
    put(want, kPortMac);
    push16(want, 0x0806);
    push16(want, 1);
    push16(want, 0x0800);
    want.push_back(6);
    want.push_back(4);
    push16(want, 2);     // reply
    put(want, kPortMac); // sender: us
    put(want, std::vector<uint8_t>{10, 0, 0, 1});
    put(want, kHost); // target: the asker
    put(want, std::vector<uint8_t>{10, 0, 0, 7});
    EXPECT_EQ(packet_bytes(m), want);
    EXPECT_EQ(stream_.engine_consumed, 0u);
    rte_pktmbuf_free(m);
}

TEST_F(IcmpEcho, EchoRequestGetsAVerifyingReply) {
    for (bool vlan : {false, true}) {
        rte_mbuf *m = packet(echo({10, 0, 0, 1}, 8, vlan));
        ASSERT_EQ(burst(&m, 1, 32), 1);
        const std::vector<uint8_t> out = packet_bytes(m);
        const size_t ip = vlan ? 18 : 14, icmp = ip + 20;
        EXPECT_TRUE(std::equal(kHost.begin(), kHost.end(), out.begin()));
        EXPECT_TRUE(std::equal(kPortMac.begin(), kPortMac.end(), out.begin() + 6));
        EXPECT_EQ(std::vector<uint8_t>(out.begin() + ip + 12, out.begin() + ip + 20),
                  (std::vector<uint8_t>{10, 0, 0, 1, 10, 0, 0, 7}));
        EXPECT_EQ(out[icmp], 0); // echo reply
        EXPECT_EQ(rte_raw_cksum(&out[icmp], out.size() - icmp), 0xffff);
        rte_pktmbuf_free(m);
    }
}

TEST_F(IcmpEcho, MulticastRequestAnsweredFromANeighbour) {
    rte_mbuf *m = packet(echo({224, 0, 0, 1}));
    ASSERT_EQ(burst(&m, 1, 32), 1);
    const std::vector<uint8_t> out = packet_bytes(m);
    EXPECT_EQ(std::vector<uint8_t>(out.begin() + 26, out.begin() + 34),
              (std::vector<uint8_t>{10, 0, 0, 5, 10, 0, 0, 7})); // .7 is 3 mod 4: from .5
    EXPECT_EQ(rte_raw_cksum(&out[14], 20), 0xffff);
    rte_pktmbuf_free(m);
}

TEST_F(IcmpEcho, EverythingElseIsConsumed) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts = {
        packet(echo({10, 0, 0, 1}, 0)),                                         // an echo reply
        packet(arp(2, std::vector<uint8_t>(kPortMac.begin(), kPortMac.end()))), // ARP reply
        packet(expected_udp_frame(64)),                                         // UDP
        packet(echo({10, 0, 0, 1})),                                            // the one to answer
    };
    for (uint16_t len = 0; len < 42; len += 3) { // echo requests cut short
        std::vector<uint8_t> f = echo({10, 0, 0, 1});
        f.resize(len);
        pkts.push_back(packet(f));
    }
    const uint16_t n = static_cast<uint16_t>(pkts.size());
    ASSERT_EQ(burst(pkts.data(), n, 32), 1);
    EXPECT_EQ(stream_.engine_consumed, n - 1u);
    EXPECT_EQ(packet_bytes(pkts[0])[34], 0); // the reply, first
    rte_pktmbuf_free(pkts[0]);
    EXPECT_EQ(in_use(), before);
}

} // namespace
} // namespace pmdfwd::testing
