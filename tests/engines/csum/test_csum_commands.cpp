// csum's commands (its engine ABI command rows) through the shell, on fake
// ports: testpmd's texts (DTS's csum_set_hw looks for "<name> checksum
// offload is hw", "Please stop port N first" and "checksum offload is not
// supported by port N").
#include "engine_host/engine_api.h"
#include "shell/command_table.h"
#include "support/fake_host.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;

namespace {

// The fake host's pieces with the registered engines (csum among them).
bool run(FakeHost &h, const std::string &line, std::string *out) {
    out->clear();
    const Host host{
        h.cfg,     h,       h,     h,         h.fake_ports, registry_engines(), h,
        h.flows,   h.encap, h.raw, h.fake_tm, h.fake_mtr,   h.fake_drivers,     h.fake_bonding,
        h.families};
    return run_command(host, line, out);
}

constexpr const char *kAllSw = "Parse tunnel is off\n"
                               "IP checksum offload is sw\n"
                               "UDP checksum offload is sw\n"
                               "TCP checksum offload is sw\n"
                               "SCTP checksum offload is sw\n"
                               "Outer-Ip checksum offload is sw\n"
                               "Outer-Udp checksum offload is sw\n";

} // namespace

TEST(CsumCommands, ShowIsTestpmdsCsumShow) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "csum show 0", &out));
    EXPECT_EQ(out, kAllSw);
}

TEST(CsumCommands, SetHwAndSwAsDtsDoes) {
    FakeHost h;
    std::string out;
    for (const char *layer : {"ip", "udp", "tcp"}) {
        ASSERT_TRUE(run(h, std::string("csum set ") + layer + " hw 0", &out)) << out;
    }
    EXPECT_NE(out.find("IP checksum offload is hw\n"), std::string::npos) << out;
    EXPECT_NE(out.find("TCP checksum offload is hw\n"), std::string::npos) << out;
    EXPECT_NE(out.find("SCTP checksum offload is sw\n"), std::string::npos) << out;
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], pmdfwd::testing::FakePorts::kPort0TxCapa);
    ASSERT_TRUE(run(h, "csum set udp sw 0", &out));
    EXPECT_NE(out.find("UDP checksum offload is sw\n"), std::string::npos) << out;
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0],
              RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM);
}

TEST(CsumCommands, UnsupportedOffloadIsRefusedInTestpmdsWords) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "csum set sctp hw 0", &out));
    EXPECT_EQ(out, std::string("SCTP checksum offload is not supported by port 0\n") + kAllSw);
    EXPECT_FALSE(run(h, "csum set outer-ip hw 0", &out));
    EXPECT_NE(out.find("Outer IP checksum offload is not supported by port 0"), std::string::npos);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
}

TEST(CsumCommands, StartedPortMustBeStoppedFirst) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "csum set ip sw 1", &out));
    EXPECT_EQ(out, "Please stop port 1 first\n");
}

// testpmd looks at the port's state before the device's offloads: a started
// port that lacks the offload is told to stop, not that it lacks it (the
// state a failed `port start all` leaves a port in that did start).
TEST(CsumCommands, StartedPortIsRefusedBeforeItsOffloadsAreLookedAt) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "csum set sctp hw 1", &out));
    EXPECT_EQ(out, "Please stop port 1 first\n");
}

TEST(CsumCommands, BadArguments) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "csum set ip hw 7", &out));
    EXPECT_EQ(out, "Invalid port 7\nThe valid ports array is [ 0 1 ]\n"); // testpmd's words
    EXPECT_FALSE(run(h, "csum set ipv4 hw 0", &out));
    EXPECT_NE(out.find("allowed: ip, udp, tcp, sctp, outer-ip, outer-udp"), std::string::npos);
    EXPECT_FALSE(run(h, "csum set ip fast 0", &out));
    EXPECT_NE(out.find("allowed: hw, sw"), std::string::npos);
    EXPECT_FALSE(run(h, "csum parse-tunnel maybe 0", &out));
    EXPECT_NE(out.find("allowed: on, off"), std::string::npos);
    EXPECT_FALSE(run(h, "csum show", &out));
    EXPECT_FALSE(run(h, "csum mac-swap maybe 0", &out));
    EXPECT_NE(out.find("allowed: on, off"), std::string::npos);
    EXPECT_FALSE(run(h, "csum mac-swap on 7", &out));
    EXPECT_EQ(out, "Invalid port 7\nThe valid ports array is [ 0 1 ]\n");
    EXPECT_TRUE(run(h, "csum parse-tunnel off 0", &out));
    EXPECT_EQ(out, kAllSw);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
}

// testpmd's cmd_csum_tunnel_parsed shows the port's settings after the
// change; cmd_csum_mac_swap_parsed says nothing. Both are per port.
TEST(CsumCommands, ParseTunnelAndMacSwapPerPort) {
    FakeHost h;
    std::string out;
    const std::string on = std::string("Parse tunnel is on\n") + (kAllSw + 20);
    ASSERT_TRUE(run(h, "csum parse-tunnel on 0", &out)) << out;
    EXPECT_EQ(out, on);
    ASSERT_TRUE(run(h, "csum show 0", &out));
    EXPECT_EQ(out, on);
    ASSERT_TRUE(run(h, "csum show 1", &out));
    EXPECT_EQ(out, kAllSw);
    ASSERT_TRUE(run(h, "csum mac-swap off 1", &out)) << out;
    EXPECT_EQ(out, "");
    ASSERT_TRUE(run(h, "csum mac-swap on 1", &out)) << out;
    EXPECT_EQ(out, "");
    // The engine's context outlives the test: back to testpmd's defaults.
    ASSERT_TRUE(run(h, "csum parse-tunnel off 0", &out));
    EXPECT_EQ(out, kAllSw);
}

// The engine's rows complete as the shell's own: the ports for <port>.
TEST(CsumCommands, CompletionOffersThePorts) {
    FakeHost h;
    const Host host{
        h.cfg,     h,       h,     h,         h.fake_ports, registry_engines(), h,
        h.flows,   h.encap, h.raw, h.fake_tm, h.fake_mtr,   h.fake_drivers,     h.fake_bonding,
        h.families};
    EXPECT_EQ(complete_command(host, "csum set ip hw "), (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(complete_command(host, "csum s"), (std::vector<std::string>{"set", "show"}));
}

// ---- segmentation: tso, tunnel_tso, GRO, GSO (csum_seg_commands.cpp) -------

// testpmd 23.11 on: tso covers UFO too (its texts and both offloads).
constexpr bool kTsoAndUfo = RTE_VERSION >= RTE_VERSION_NUM(23, 11, 0, 0);
const std::string kTsoDisabled = kTsoAndUfo ? "TSO and UFO for non-tunneled packets is disabled\n"
                                            : "TSO for non-tunneled packets is disabled\n";
const std::string kTso800 = kTsoAndUfo ? "segment size for non-tunneled packets is 800\n"
                                       : "TSO segment size for non-tunneled packets is 800\n";

TEST(CsumSegCommands, TsoSetTurnsTheOffloadOnAndShowSaysSo) {
    FakeHost h;
    h.fake_ports.port0_tx_capa |= RTE_ETH_TX_OFFLOAD_TCP_TSO | RTE_ETH_TX_OFFLOAD_UDP_TSO;
    std::string out;
    ASSERT_TRUE(run(h, "tso set 800 0", &out)) << out;
    EXPECT_EQ(out, kTso800);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0],
              RTE_ETH_TX_OFFLOAD_TCP_TSO | (kTsoAndUfo ? RTE_ETH_TX_OFFLOAD_UDP_TSO : 0));
    ASSERT_TRUE(run(h, "tso show 0", &out));
    EXPECT_EQ(out, kTso800);
    ASSERT_TRUE(run(h, "tso set 0 0", &out));
    EXPECT_EQ(out, kTsoDisabled);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
}

TEST(CsumSegCommands, TsoWithOneOfTheOffloadsWarnsOfTheOther) {
    FakeHost h;
    h.fake_ports.port0_tx_capa |= RTE_ETH_TX_OFFLOAD_TCP_TSO;
    std::string out;
    ASSERT_TRUE(run(h, "tso set 800 0", &out)) << out;
    EXPECT_EQ(out, (kTsoAndUfo ? "Warning: port 0 doesn't support UFO\n" : "") + kTso800);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], RTE_ETH_TX_OFFLOAD_TCP_TSO);
    ASSERT_TRUE(run(h, "tso set 0 0", &out)) << out;
    if (!kTsoAndUfo) return;
    h.fake_ports.port0_tx_capa &= ~RTE_ETH_TX_OFFLOAD_TCP_TSO;
    h.fake_ports.port0_tx_capa |= RTE_ETH_TX_OFFLOAD_UDP_TSO;
    ASSERT_TRUE(run(h, "tso set 800 0", &out)) << out;
    EXPECT_EQ(out, "Warning: port 0 doesn't support TSO\n" + kTso800);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], RTE_ETH_TX_OFFLOAD_UDP_TSO);
    ASSERT_TRUE(run(h, "tso set 0 0", &out)) << out;
}

TEST(CsumSegCommands, TsoRefusalsInTestpmdsWords) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "tso set 800 0", &out));
    EXPECT_EQ(out, kTsoAndUfo ? "Error: both TSO and UFO are not supported by port 0\n"
                              : "Error: TSO is not supported by port 0\n");
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
    EXPECT_FALSE(run(h, "tso show 1", &out));
    EXPECT_EQ(out, "Please stop port 1 first\n");
    EXPECT_FALSE(run(h, "tso set 70000 0", &out));
    EXPECT_NE(out.find("Bad arguments: tso_segsz '70000' is not a number in 0..65535"),
              std::string::npos)
        << out;
    EXPECT_FALSE(run(h, "tso set 800 9", &out));
    EXPECT_NE(out.find("Invalid port 9"), std::string::npos) << out;
    // testpmd keeps a refused size: the engine's context outlives the test.
    ASSERT_TRUE(run(h, "tso set 0 0", &out)) << out;
}

// As the installed dpdk-testpmd 22.11.11 answers (23.11's errors).
TEST(CsumSegCommands, TunnelTsoRefusesAsTestpmd) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "tunnel_tso set 800 0", &out));
    EXPECT_EQ(out, "Error: port=0 don't support tunnel TSO offloads.\n");
    h.fake_ports.port0_tx_capa |= RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO;
    EXPECT_FALSE(run(h, "tunnel_tso show 0", &out));
    EXPECT_EQ(out, "Error: csum parse_tunnel must be set so that tunneled packets are "
                   "recognized\n");
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
    ASSERT_TRUE(run(h, "tunnel_tso set 0 0", &out)) << out;
    EXPECT_EQ(out, "TSO for tunneled packets is disabled\n");
    EXPECT_FALSE(run(h, "tunnel_tso show 1", &out));
    EXPECT_EQ(out, "Please stop port 1 first\n");
}

// With tunnels parsed, testpmd wants the outer IPv4 checksum in hardware,
// warns of each tunnel TSO the port lacks and turns on those it has.
TEST(CsumSegCommands, TunnelTsoOnceTunnelsAreParsed) {
    FakeHost h;
    std::string out;
    h.fake_ports.port0_tx_capa |=
        RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO | RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM;
    ASSERT_TRUE(run(h, "csum parse-tunnel on 0", &out)) << out;
    EXPECT_FALSE(run(h, "tunnel_tso set 800 0", &out));
    EXPECT_EQ(out, "Error: csum set outer-ip must be set to hw if outer L3 is IPv4; not necessary "
                   "for IPv6\n");
    ASSERT_TRUE(run(h, "csum set outer-ip hw 0", &out)) << out;
    ASSERT_TRUE(run(h, "tunnel_tso set 800 0", &out)) << out;
    EXPECT_EQ(out, "Warning: GRE TUNNEL TSO not supported therefore not enabled for port 0\n"
                   "Warning: IPIP TUNNEL TSO not supported therefore not enabled for port 0\n"
                   "Warning: GENEVE TUNNEL TSO not supported therefore not enabled for port 0\n"
                   "Warning: IP TUNNEL TSO not supported therefore not enabled for port 0\n"
                   "Warning: UDP TUNNEL TSO not supported therefore not enabled for port 0\n"
                   "TSO segment size for tunneled packets is 800\n");
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0],
              RTE_ETH_TX_OFFLOAD_VXLAN_TNL_TSO | RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM);
    ASSERT_TRUE(run(h, "tunnel_tso set 0 0", &out)) << out;
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], RTE_ETH_TX_OFFLOAD_OUTER_IPV4_CKSUM);
    ASSERT_TRUE(run(h, "csum parse-tunnel off 0", &out));
}

TEST(CsumSegCommands, GroOnOffShowAndFlush) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show port 0 gro", &out));
    EXPECT_EQ(out, "Port 0 doesn't enable GRO.\n");
    ASSERT_TRUE(run(h, "set port 0 gro on", &out)) << out;
    ASSERT_TRUE(run(h, "show port 0 gro", &out));
    EXPECT_EQ(out, "GRO type: TCP/IPv4\nMax number of packets to perform GRO: 128\n"
                   "Flushing cycles: 1\n");
    EXPECT_FALSE(run(h, "set port 0 gro on", &out));
    EXPECT_EQ(out, "Port 0 has enabled GRO. Please disable GRO first\n");
    ASSERT_TRUE(run(h, "set gro flush 3", &out)) << out;
    ASSERT_TRUE(run(h, "show port 0 gro", &out));
    EXPECT_EQ(out, "GRO type: TCP/IPv4\nMax number of packets to perform GRO: 2048\n"
                   "Flushing cycles: 3\n");
    run(h, "set gro flush 9", &out);
    EXPECT_EQ(out,
              "The flushing cycle be in the range of 1 to 4. Revert to the default value 1.\n");
    ASSERT_TRUE(run(h, "set port 0 gro off", &out));
    EXPECT_FALSE(run(h, "set port 0 gro off", &out));
    EXPECT_EQ(out, "Port 0 has disabled GRO\n");
}

TEST(CsumSegCommands, GsoOnShowAndSegsz) {
    FakeHost h;
    std::string out;
    ASSERT_TRUE(run(h, "show port 1 gso", &out));
    EXPECT_EQ(out, "GSO is not enabled on Port 1\n");
    ASSERT_TRUE(run(h, "set port 1 gso on", &out)) << out;
    ASSERT_TRUE(run(h, "show port 1 gso", &out));
    EXPECT_EQ(out, "Max GSO'd packet size: 1514B\nSupported GSO types: TCP/IPv4, UDP/IPv4, "
                   "VxLAN with inner TCP/IPv4 packet, GRE with inner TCP/IPv4 packet\n");
    ASSERT_TRUE(run(h, "set gso segsz 800", &out)) << out;
    ASSERT_TRUE(run(h, "show port 1 gso", &out));
    EXPECT_EQ(out.substr(0, 28), "Max GSO'd packet size: 800B\n");
    EXPECT_FALSE(run(h, "set gso segsz 54", &out));
    EXPECT_EQ(out, "gso_size should be larger than 55. Please input a legal value\n");
    ASSERT_TRUE(run(h, "set gso segsz 1514", &out));
    ASSERT_TRUE(run(h, "set port 1 gso off", &out));
    ASSERT_TRUE(run(h, "show port 1 gso", &out));
    EXPECT_EQ(out, "GSO is not enabled on Port 1\n");
}
