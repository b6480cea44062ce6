// The tunnel encapsulation settings (src/shell/commands/encap_commands.cpp):
// silent as testpmd's, written as testpmd's cmd_set_*_parsed write them
// (network order, the VNI's low 24 bits, the label shifted), read by the
// flow actions of a later rule; a value testpmd's cmdline refuses is its
// "Bad arguments" and changes nothing; an address of the other IP version
// is testpmd's "invalid parameter." after what it wrote before.
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <rte_version.h>

#include <arpa/inet.h>

#include <cstring>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::out_of;

namespace {

const std::string kTail = " ip-src 127.0.0.1 ip-dst 128.0.0.1 eth-src 11:11:11:11:11:11 "
                          "eth-dst 22:22:22:22:22:22";

std::vector<uint8_t> bytes(const void *p, size_t n) {
    const auto *b = static_cast<const uint8_t *>(p);
    return {b, b + n};
}

} // namespace

TEST(EncapCommands, VxlanAsTestpmdWritesIt) {
    FakeHost h;
    EXPECT_EQ(out_of(h, "set vxlan-tos-ttl ip-version ipv4 vni 0x1234567 udp-src 4 udp-dst 4789 "
                        "ip-tos 7 ip-ttl 255" +
                            kTail),
              "");
    const flow::VxlanSettings &s = h.encap.vxlan;
    EXPECT_TRUE(s.tos_ttl);
    EXPECT_TRUE(s.outer.ipv4);
    EXPECT_FALSE(s.outer.vlan);
    EXPECT_EQ(bytes(s.vni, 3), (std::vector<uint8_t>{0x23, 0x45, 0x67})); // the low 24 bits
    EXPECT_EQ(ntohs(s.udp_src), 4);
    EXPECT_EQ(ntohs(s.udp_dst), 4789);
    EXPECT_EQ(s.ip_tos, 7);
    EXPECT_EQ(s.ip_ttl, 255);
    EXPECT_EQ(bytes(&s.outer.ipv4_src, 4), (std::vector<uint8_t>{127, 0, 0, 1}));
    EXPECT_EQ(bytes(&s.outer.ipv4_dst, 4), (std::vector<uint8_t>{128, 0, 0, 1}));
    EXPECT_EQ(s.outer.eth_src[0], 0x11);
    EXPECT_EQ(s.outer.eth_dst[5], 0x22);

    EXPECT_EQ(out_of(h, "set vxlan-with-vlan ip-version ipv6 vni 4 udp-src 4 udp-dst 4 ip-src ::1 "
                        "ip-dst ::2222 vlan-tci 34 eth-src 11:11:11:11:11:11 "
                        "eth-dst 22:22:22:22:22:22"),
              "");
    EXPECT_FALSE(s.tos_ttl);
    EXPECT_TRUE(s.outer.vlan);
    EXPECT_FALSE(s.outer.ipv4);
    EXPECT_EQ(ntohs(s.outer.vlan_tci), 34);
    EXPECT_EQ(s.outer.ipv6_dst[14], 0x22);
    EXPECT_EQ(s.ip_ttl, 0); // testpmd copies its zeroed result's TTL
}

TEST(EncapCommands, NvgreL2AndMpls) {
    FakeHost h;
    out_of(h, "set nvgre-with-vlan ip-version ipv4 tni 4 ip-src 127.0.0.1 ip-dst 128.0.0.1 "
              "vlan-tci 34 eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22");
    EXPECT_EQ(bytes(h.encap.nvgre.tni, 3), (std::vector<uint8_t>{0, 0, 4}));
    EXPECT_TRUE(h.encap.nvgre.outer.vlan);

    out_of(h, "set l2_encap-with-vlan ip-version ipv4 vlan-tci 34 eth-src 11:11:11:11:11:11 "
              "eth-dst 22:22:22:22:22:22");
    EXPECT_TRUE(h.encap.l2_encap.vlan && h.encap.l2_encap.ipv4);
    EXPECT_EQ(ntohs(h.encap.l2_encap.vlan_tci), 34);
    out_of(h, "set l2_decap-with-vlan");
    EXPECT_TRUE(h.encap.l2_decap.vlan);
    out_of(h, "set l2_decap");
    EXPECT_FALSE(h.encap.l2_decap.vlan);

    out_of(h, "set mplsoudp_encap ip-version ipv4 label 4 udp-src 5 udp-dst 10" + kTail);
    const flow::MplsSettings &u = h.encap.mplsoudp_encap;
    EXPECT_EQ(bytes(u.label, 3), (std::vector<uint8_t>{0x00, 0x00, 0x40})); // 4 << 12
    EXPECT_EQ(ntohs(u.udp_dst), 10);
    out_of(h, "set mplsogre_encap ip-version ipv4 label 0xfffff" + kTail);
    EXPECT_EQ(bytes(h.encap.mplsogre_encap.label, 3), (std::vector<uint8_t>{0xff, 0xff, 0xf0}));
    out_of(h, "set mplsogre_decap-with-vlan ip-version ipv4");
    EXPECT_TRUE(h.encap.mplsogre_decap.vlan && h.encap.mplsogre_decap.ipv4);
    out_of(h, "set mplsoudp_decap ip-version ipv6");
    EXPECT_FALSE(h.encap.mplsoudp_decap.vlan || h.encap.mplsoudp_decap.ipv4);
}

// What testpmd's cmdline refuses: Bad arguments, nothing written.
TEST(EncapCommands, BadValuesAreBadArguments) {
    FakeHost h;
    const std::pair<std::string, std::string> cases[] = {
        {"set vxlan ip-version ipv4 vni 4294967296 udp-src 4 udp-dst 4" + kTail,
         "Bad arguments: vni: 4294967296 is out of range (allowed: 0..4294967295)\n"},
        {"set vxlan ip-version ipv4 vni 4 udp-src 65536 udp-dst 4" + kTail,
         "Bad arguments: udp-src: 65536 is out of range (allowed: 0..65535)\n"},
        {"set vxlan-tos-ttl ip-version ipv4 vni 4 udp-src 4 udp-dst 4 ip-tos 256 ip-ttl 1" + kTail,
         "Bad arguments: ip-tos: 256 is out of range (allowed: 0..255)\n"},
        {"set mplsogre_encap ip-version ipv4 label x ip-src 1.2.3.4 ip-dst 1.2.3.4 "
         "eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22",
         "Bad arguments: label: 'x' is not a number (allowed: 0..4294967295)\n"},
        {"set nvgre ip-version ipv4 tni 4 ip-src 1.2.3 ip-dst 1.2.3.4 "
         "eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22",
         "Bad arguments: ip-src: '1.2.3' is not an IP address (allowed: a.b.c.d or an IPv6 "
         "address)\n"},
    };
    const std::string huge(65536, '7');
    EXPECT_EQ(out_of(h,
                     "set nvgre ip-version ipv4 tni " + huge +
                         " ip-src 1.2.3.4 ip-dst 1.2.3.4 "
                         "eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22",
                     false),
              "Bad arguments: tni: '" + huge.substr(0, 40) +
                  "...' is longer than any tni (allowed: at most 64 characters)\n");
    for (const auto &[line, why] : cases)
        EXPECT_EQ(out_of(h, line, false), why) << line;
    EXPECT_TRUE(out_of(h,
                       "set l2_encap ip-version ipv4 eth-src 11:11:11:11:11:1g "
                       "eth-dst 22:22:22:22:22:22",
                       false)
                    .starts_with("Bad arguments: eth-src: "));
    // A value missing, a word misspelt, a version not offered: no row matches.
    for (const char *line : {"set l2_encap-with-vlan", "set mplsogre_decap ip-version ipv5",
                             "set mplsoudp_encap ip-version ipv6 mask 4 udp-src 5 udp-dst 10 "
                             "ip-src ::1 ip-dst ::2222 eth-src 11:11:11:11:11:11 eth-dst "
                             "22:22:22:22:22:22"})
        EXPECT_TRUE(out_of(h, line, false).starts_with("Bad arguments")) << line;
    h.cfg.testpmd_texts = true;
    EXPECT_EQ(out_of(h, "set vxlan ip-version ipv4 vni 1e9 udp-src 4 udp-dst 4" + kTail, false),
              "Bad arguments\n");
    EXPECT_EQ(h.encap.vxlan.udp_src, 0); // nothing written
    EXPECT_EQ(h.encap.vxlan.udp_dst, htons(4789));
}

// testpmd's IPV4_ADDR_TO_UINT: an IPv6 address for ip-version ipv4 stops
// the command after what it wrote before it.
TEST(EncapCommands, AnAddressOfTheOtherVersionIsInvalid) {
    FakeHost h;
    EXPECT_EQ(out_of(h,
                     "set vxlan ip-version ipv4 vni 9 udp-src 4 udp-dst 4 ip-src ::1 "
                     "ip-dst 128.0.0.1 eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22",
                     false),
              "invalid parameter.\n");
    EXPECT_EQ(h.encap.vxlan.vni[2], 9);           // written before the address
    EXPECT_EQ(h.encap.vxlan.outer.eth_src[0], 0); // not after it
    // The source is written before the destination is read.
    out_of(h,
           "set nvgre ip-version ipv6 tni 4 ip-src ::5 ip-dst 1.2.3.4 "
           "eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22",
           false);
    EXPECT_EQ(h.encap.nvgre.outer.ipv6_src[15], 5);
    EXPECT_FALSE(h.encap.nvgre.outer.ipv4);
    EXPECT_EQ(h.encap.nvgre.outer.ipv4_dst, 0xffffffffu); // the default kept
}

// A rule's action reads the settings at the time it is parsed.
TEST(EncapCommands, FlowActionsReadTheSettings) {
    FakeHost h;
    std::vector<uint8_t> header;
    h.fake_flows.on_validate = [&](const flow::ParsedRule &r) {
        const auto *c = static_cast<const rte_flow_action_raw_encap *>(r.actions.at(0).conf);
        header = bytes(c->data, c->size);
    };
    out_of(h, "set l2_encap ip-version ipv4 eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22");
    out_of(h, "flow validate 0 pattern eth / end actions l2_encap / end");
    // The Ethernet item whole in 22.11 (20 bytes), its header alone from 23.03.
    const size_t eth_bytes = RTE_VERSION >= RTE_VERSION_NUM(23, 3, 0, 0) ? 14u : 20u;
    ASSERT_EQ(header.size(), eth_bytes);
    EXPECT_EQ(header[0], 0x22);
    EXPECT_EQ(header[6], 0x11);
    EXPECT_EQ(header[12], 0x08);
}
