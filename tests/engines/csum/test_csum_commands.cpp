// csum's commands (its engine ABI command rows) through the shell, on fake
// ports: testpmd's texts (DTS's csum_set_hw looks for "<name> checksum
// offload is hw", "Please stop port N first" and "checksum offload is not
// supported by port N").
#include "engine_host/engine_api.h"
#include "shell/command_table.h"
#include "support/fake_host.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;

namespace {

// The fake host's pieces with the registered engines (csum among them).
bool run(FakeHost &h, const std::string &line, std::string *out) {
    out->clear();
    const Host host{h.cfg, h,       h,         h,         h.fake_ports, registry_engines(),
                    h,     h.flows, h.fake_tm, h.fake_mtr};
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
    EXPECT_FALSE(run(h, "csum parse-tunnel on 0", &out));
    EXPECT_NE(out.find("does not parse tunnels"), std::string::npos) << out;
    EXPECT_TRUE(run(h, "csum parse-tunnel off 0", &out));
    EXPECT_EQ(out, kAllSw);
    EXPECT_EQ(h.fake_ports.port_tx_offloads[0], 0u);
}

// The engine's rows complete as the shell's own: the ports for <port>.
TEST(CsumCommands, CompletionOffersThePorts) {
    FakeHost h;
    const Host host{h.cfg, h,       h,         h,         h.fake_ports, registry_engines(),
                    h,     h.flows, h.fake_tm, h.fake_mtr};
    EXPECT_EQ(complete_command(host, "csum set ip hw "), (std::vector<std::string>{"0", "1"}));
    EXPECT_EQ(complete_command(host, "csum s"), (std::vector<std::string>{"set", "show"}));
}
