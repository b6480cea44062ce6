// mac through the registry, on real mbufs: source = TX port's MAC,
// destination = peer MAC, TX fields as macswap's, nothing else written, and
// runts forwarded untouched and counted; the same with every way of storing
// the TX fields (--mac-tx-store), auto's choice included.
#include "../support/eal_main.h"
#include "../support/engine_harness.h"

#include <rte_ethdev.h>

#include <algorithm>
#include <string>

namespace pmdfwd::testing {
namespace {

class Mac : public EngineTest, public ::testing::WithParamInterface<const char *> {
  protected:
    void SetUp() override {
        EngineTest::SetUp();
        ASSERT_NE(use("mac"), nullptr);
        ASSERT_EQ(set_param("tx-store", GetParam()), "");
        ASSERT_EQ(start(), 0);
    }
};

INSTANTIATE_TEST_SUITE_P(TxStores, Mac, ::testing::Values("auto", "always", "if-changed"),
                         [](const auto &info) {
                             std::string n = info.param;
                             n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
                             return n;
                         });

// The frame mac should leave: the addresses replaced, the rest as it was.
std::vector<uint8_t> with_addresses(std::vector<uint8_t> f) {
    std::copy(kPeerMac.begin(), kPeerMac.end(), f.begin());
    std::copy(kPortMac.begin(), kPortMac.end(), f.begin() + 6);
    return f;
}

TEST_P(Mac, NeedsTheHostToReceive) {
    EXPECT_FALSE(engine_->flags & PMDFWD_ENGINE_F_NO_RX);
}

TEST_P(Mac, WritesPortAndPeerAddressesAndTxFields) {
    std::vector<rte_mbuf *> pkts = make_packets(8, 64, 0x40);
    std::vector<std::vector<uint8_t>> before;
    for (rte_mbuf *m : pkts) {
        before.push_back(packet_bytes(m));
        m->ol_flags |= RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_TX_IP_CKSUM;
        m->l2_len = 1;
        m->l3_len = 2;
    }
    ASSERT_EQ(burst(pkts.data(), 8, 32), 8);
    for (size_t i = 0; i < pkts.size(); i++) {
        EXPECT_EQ(packet_bytes(pkts[i]), with_addresses(before[i]));
        EXPECT_EQ(pkts[i]->ol_flags, 0u);
        EXPECT_EQ(pkts[i]->l2_len, 14u);
        EXPECT_EQ(pkts[i]->l3_len, 20u);
    }
    EXPECT_EQ(stream_.engine_untouched, 0u);
    EXPECT_EQ(stream_.engine_consumed, 0u);
    rte_pktmbuf_free_bulk(pkts.data(), 8);
}

TEST_P(Mac, SetsVlanOnlyWhenThePortInsertsIt) {
    std::vector<rte_mbuf *> pkts = make_packets(2, 64);
    for (rte_mbuf *m : pkts) {
        m->vlan_tci = 0x777;
        m->vlan_tci_outer = 0x888;
    }
    tx_.vlan_tci = 0x123;
    tx_.vlan_tci_outer = 0x456;
    ASSERT_EQ(burst(pkts.data(), 1, 32), 1);
    EXPECT_EQ(pkts[0]->vlan_tci, 0x777);
    EXPECT_EQ(pkts[0]->vlan_tci_outer, 0x888);
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_VLAN_INSERT | RTE_ETH_TX_OFFLOAD_QINQ_INSERT |
                      RTE_ETH_TX_OFFLOAD_MACSEC_INSERT;
    ASSERT_EQ(burst(pkts.data() + 1, 1, 32), 1);
    EXPECT_EQ(pkts[1]->vlan_tci, 0x123);
    EXPECT_EQ(pkts[1]->vlan_tci_outer, 0x456);
    EXPECT_EQ(pkts[1]->ol_flags, RTE_MBUF_F_TX_VLAN | RTE_MBUF_F_TX_QINQ | RTE_MBUF_F_TX_MACSEC);
    rte_pktmbuf_free_bulk(pkts.data(), 2);
}

TEST_P(Mac, KeepsIndirectFlag) {
    const unsigned before = in_use();
    std::vector<rte_mbuf *> pkts = make_packets(1, 64);
    rte_mbuf *clone = rte_pktmbuf_clone(pkts[0], pool_);
    ASSERT_NE(clone, nullptr);
    ASSERT_TRUE(clone->ol_flags & RTE_MBUF_F_INDIRECT);
    ASSERT_EQ(burst(&clone, 1, 32), 1);
    EXPECT_EQ(clone->ol_flags, RTE_MBUF_F_INDIRECT);
    EXPECT_EQ(packet_bytes(clone), with_addresses(packet_bytes(clone)));
    rte_pktmbuf_free(clone);
    rte_pktmbuf_free(pkts[0]);
    EXPECT_EQ(in_use(), before);
}

TEST_P(Mac, LeavesRuntsUntouchedAndCountsThem) {
    std::vector<rte_mbuf *> pkts = make_packets(3, 64);
    rte_pktmbuf_trim(pkts[1], 64 - 11); // one byte short of two addresses
    rte_mbuf runt_before = *pkts[1];
    const std::vector<uint8_t> bytes_before = packet_bytes(pkts[1]);
    ASSERT_EQ(burst(pkts.data(), 3, 32), 3);
    EXPECT_EQ(packet_bytes(pkts[1]), bytes_before);
    EXPECT_EQ(pkts[1]->ol_flags, runt_before.ol_flags);
    EXPECT_EQ(pkts[1]->tx_offload, runt_before.tx_offload);
    EXPECT_EQ(pkts[1]->data_len, 11u);
    EXPECT_EQ(stream_.engine_untouched, 1u);
    // Its neighbours are still rewritten.
    EXPECT_EQ(rte_pktmbuf_mtod(pkts[0], uint8_t *)[0], kPeerMac[0]);
    EXPECT_EQ(rte_pktmbuf_mtod(pkts[2], uint8_t *)[6], kPortMac[0]);
    rte_pktmbuf_free_bulk(pkts.data(), 3);
}

// The last packet of a burst takes its own path (it has no next packet to
// prefetch): a runt there is counted too, and an empty burst touches nothing.
TEST_P(Mac, TheLastPacketOfABurstIsHandledAsTheOthers) {
    std::vector<rte_mbuf *> pkts = make_packets(3, 64);
    rte_pktmbuf_trim(pkts[1], 64 - 11);
    const std::vector<uint8_t> runt_before = packet_bytes(pkts[1]);
    ASSERT_EQ(burst(pkts.data(), 2, 32), 2);
    EXPECT_EQ(packet_bytes(pkts[1]), runt_before);
    EXPECT_EQ(stream_.engine_untouched, 1u);
    ASSERT_NE(rte_pktmbuf_mtod(pkts[2], uint8_t *)[0], kPeerMac[0]);
    ASSERT_EQ(burst(pkts.data() + 2, 1, 32), 1); // a burst of one: its packet is the last
    EXPECT_EQ(rte_pktmbuf_mtod(pkts[2], uint8_t *)[0], kPeerMac[0]);
    EXPECT_EQ(pkts[2]->l2_len, 14u);
    EXPECT_EQ(burst(pkts.data(), 0, 32), 0);
    EXPECT_EQ(stream_.engine_untouched, 1u);
    rte_pktmbuf_free_bulk(pkts.data(), 3);
}

TEST_P(Mac, WritesNothingOutsideTheFirstSegment) {
    // A 12-byte first segment (just enough) followed in its buffer by
    // sentinel bytes, then a second segment.
    std::vector<rte_mbuf *> pkts = make_packets(2, 64, 0x80);
    rte_pktmbuf_trim(pkts[0], 64 - 12);
    const std::vector<uint8_t> second = packet_bytes(pkts[1]);
    ASSERT_EQ(rte_pktmbuf_chain(pkts[0], pkts[1]), 0);
    auto *buf = static_cast<uint8_t *>(pkts[0]->buf_addr);
    const std::vector<uint8_t> outside_before(buf, buf + pkts[0]->buf_len);
    rte_mbuf *m = pkts[0];
    ASSERT_EQ(burst(&m, 1, 32), 1);
    EXPECT_EQ(stream_.engine_untouched, 0u);
    const uint16_t off = m->data_off;
    for (uint32_t i = 0; i < m->buf_len; i++)
        if (i < off || i >= off + 12u) {
            ASSERT_EQ(buf[i], outside_before[i]) << "byte " << i;
        }
    const std::vector<uint8_t> all = packet_bytes(m);
    EXPECT_TRUE(std::equal(kPeerMac.begin(), kPeerMac.end(), all.begin()));
    EXPECT_TRUE(std::equal(kPortMac.begin(), kPortMac.end(), all.begin() + 6));
    EXPECT_TRUE(std::equal(second.begin(), second.end(), all.begin() + 12));
    rte_pktmbuf_free(m);
}

// if-changed stores only the fields that differ: mbufs that already hold
// some of the contract's values (a ring loopback's, forwarded again) must
// come out as those that hold none.
TEST_P(Mac, FieldsAlreadyHeldComeOutAsTheOthers) {
    std::vector<rte_mbuf *> pkts = make_packets(4, 64);
    pkts[0]->l2_len = 14; // both lengths already right, ol_flags too
    pkts[0]->l3_len = 20;
    pkts[1]->l2_len = 14; // lengths right, a flag to clear
    pkts[1]->l3_len = 20;
    pkts[1]->ol_flags |= RTE_MBUF_F_TX_IP_CKSUM;
    pkts[2]->l2_len = 14; // one length wrong
    pkts[2]->l3_len = 40;
    pkts[3]->ol_flags |= RTE_MBUF_F_RX_VLAN; // lengths 0
    ASSERT_EQ(burst(pkts.data(), 4, 32), 4);
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(m->ol_flags, 0u);
        EXPECT_EQ(m->l2_len, 14u);
        EXPECT_EQ(m->l3_len, 20u);
        EXPECT_EQ(rte_pktmbuf_mtod(m, uint8_t *)[0], kPeerMac[0]);
    }
    // The same with the port's requests read per packet.
    tx_.tx_offloads = RTE_ETH_TX_OFFLOAD_VLAN_INSERT;
    tx_.vlan_tci = 0x42;
    pkts[0]->ol_flags = RTE_MBUF_F_TX_VLAN; // already what the port asks
    pkts[1]->l3_len = 1;
    ASSERT_EQ(burst(pkts.data(), 4, 32), 4);
    for (rte_mbuf *m : pkts) {
        EXPECT_EQ(m->ol_flags, RTE_MBUF_F_TX_VLAN);
        EXPECT_EQ(m->vlan_tci, 0x42);
        EXPECT_EQ(m->tx_offload & 0xffff, 14u | 20u << 7);
    }
    rte_pktmbuf_free_bulk(pkts.data(), 4);
}

std::string shown(const pmdfwd_engine &e) {
    char buf[4096];
    e.describe(engine_context(e), buf, sizeof(buf));
    return buf;
}

// `show fwd mac` names the way the started stream runs and, for auto, the
// figures it was chosen by.
TEST_P(Mac, ShowFwdMacNamesTheWayThatRuns) {
    const std::string s = shown(*engine_);
    const std::string param = GetParam();
    if (param == "auto") {
        const size_t at = s.find("\n  auto picks ");
        ASSERT_NE(at, std::string::npos) << s;
        const std::string picked = s.substr(at + 14, s.find(':', at) - at - 14);
        EXPECT_NE(s.find("mac TX stores: " + picked + " (auto: fastest measured)"),
                  std::string::npos)
            << s;
        EXPECT_NE(s.find("\n  running: " + picked), std::string::npos) << s;
        EXPECT_NE(s.find("\n    always  hot "), std::string::npos) << s;
        EXPECT_NE(s.find("\n    if-changed  hot "), std::string::npos) << s;
    } else {
        EXPECT_NE(s.find("mac TX stores: " + param + " (forced)"), std::string::npos) << s;
        EXPECT_NE(s.find("\n  running: " + param), std::string::npos) << s;
    }
}

TEST(MacTxStore, ABadModeSaysWhatIsAllowed) {
    const pmdfwd_engine *e = EngineRegistry::instance().find("mac");
    ASSERT_NE(e, nullptr);
    const Status set = set_engine_param(*e, "tx-store", "sometimes");
    ASSERT_FALSE(set.ok());
    EXPECT_EQ(set.message(),
              "unknown mac TX store mode 'sometimes' (allowed: auto, always, if-changed)");
}

} // namespace
} // namespace pmdfwd::testing
