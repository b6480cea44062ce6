#include "options.h"

#include <gtest/gtest.h>

using namespace pmdfwd;

namespace {
ParseResult parse(std::vector<std::string> args, Config &cfg, std::string &err) {
    return parse_options(args, cfg, &err);
}
} // namespace

TEST(Options, DefaultsAreTestpmds) {
    Config c;
    EXPECT_EQ(c.forward_mode, "io");
    EXPECT_EQ(c.burst, 32);
    EXPECT_EQ(c.nb_cores, 1u);
    EXPECT_EQ(c.mbuf_cache, 250u);
    EXPECT_EQ(c.tx_retry_num, 64u);
    EXPECT_EQ(c.tx_retry_delay_us, 1u);
    EXPECT_EQ(c.topology, Topology::Paired);
}

TEST(Options, TestpmdCommandLine) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"-i",
                     "-a",
                     "--forward-mode=macswap",
                     "--tx-first",
                     "--stats-period=2",
                     "--nb-cores",
                     "1",
                     "--rxq=2",
                     "--txq=2",
                     "--rxd=512",
                     "--txd=1024",
                     "--burst=64",
                     "--mbcache=128",
                     "--total-num-mbufs=16384",
                     "--port-topology=chained",
                     "--record-core-cycles",
                     "--record-burst-stats",
                     "--eth-peer=1,02:00:00:00:00:99",
                     "--no-mlockall",
                     "--no-flush-rx",
                     "--run-time=1.5",
                     "--stats-format=json",
                     "--txpkts=64,64",
                     "--cmdline-file=/tmp/x"},
                    c, err),
              ParseResult::Ok)
        << err;
    EXPECT_TRUE(c.interactive && c.auto_start && c.tx_first);
    EXPECT_EQ(c.forward_mode, "macswap");
    EXPECT_EQ(c.stats_period, 2u);
    EXPECT_EQ(c.nb_rxq, 2);
    EXPECT_EQ(c.nb_rxd, 512);
    EXPECT_EQ(c.nb_txd, 1024);
    EXPECT_EQ(c.burst, 64);
    EXPECT_EQ(c.mbuf_cache, 128u);
    EXPECT_EQ(c.total_num_mbufs, 16384u);
    EXPECT_EQ(c.topology, Topology::Chained);
    EXPECT_TRUE(c.record_core_cycles && c.record_burst_stats && c.no_mlockall && c.no_flush_rx);
    EXPECT_EQ(c.eth_peers.at(1)[5], 0x99);
    EXPECT_DOUBLE_EQ(c.run_time, 1.5);
    EXPECT_EQ(c.stats_format, StatsFormat::Json);
    EXPECT_EQ(c.txpkts, (std::vector<uint16_t>{64, 64}));
    EXPECT_EQ(c.cmdline_file, "/tmp/x");
}

TEST(Options, BadValuesSayWhatIsAllowed) {
    struct Case {
        const char *arg;
        const char *expect;
    } cases[] = {
        {"--burst=0", "allowed: 1..512"},
        {"--burst=513", "allowed: 1..512"},
        {"--burst=abc", "not a number"},
        {"--forward-mode=nosuch", "allowed: "},
        {"--port-topology=ring", "allowed: paired, chained, loop"},
        {"--stats-format=xml", "allowed: text, json"},
        {"--eth-peer=0", "expected N,XX"},
        {"--eth-peer=0,zz", "XX:XX:XX:XX:XX:XX"},
        {"--rxq=0", "allowed: 1..1024"},
        {"--mbcache=513", "allowed: 0..512"},
        {"--run-time=-3", "positive number"},
        {"--nosuchoption", "unknown option"},
        {"-z", "unknown option"},
        {"--tx-first=1", "takes no value"},
        {"--txpkts=10", "total length"},
    };
    for (const Case &k : cases) {
        Config c;
        std::string err;
        EXPECT_EQ(parse({k.arg}, c, err), ParseResult::Error) << k.arg;
        EXPECT_NE(err.find(k.expect), std::string::npos) << k.arg << " -> " << err;
    }
}

TEST(Options, ModeListNamesEveryEngine) {
    Config c;
    std::string err;
    parse({"--forward-mode=nosuch"}, c, err);
    EXPECT_NE(err.find("io"), std::string::npos);
    EXPECT_NE(err.find("macswap"), std::string::npos);
}

TEST(Options, MissingValue) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--burst"}, c, err), ParseResult::Error);
    EXPECT_NE(err.find("needs a value"), std::string::npos);
}

TEST(Options, BadOptionLeavesEarlierSettingsOnly) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--burst=64", "--burst=0"}, c, err), ParseResult::Error);
    EXPECT_EQ(c.burst, 64); // the refused value did not land
}

TEST(Options, Help) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--help"}, c, err), ParseResult::Help);
    EXPECT_EQ(parse({"-h"}, c, err), ParseResult::Help);
    const std::string u = usage("pmdfwd");
    EXPECT_NE(u.find("--forward-mode=MODE"), std::string::npos);
    EXPECT_NE(u.find("macswap"), std::string::npos);
    EXPECT_NE(u.find("--macswap-kernel=NAME"), std::string::npos) << u;
    EXPECT_NE(u.find("auto|"), std::string::npos) << u;
    EXPECT_NE(u.find("scalar"), std::string::npos) << u;
}

TEST(Options, EngineParamsGoToTheEngine) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--macswap-kernel=scalar"}, c, err), ParseResult::Ok);
    ASSERT_EQ(c.engine_params.size(), 1u);
    EXPECT_TRUE(apply_engine_params(c, &err)) << err;

    Config bad;
    ASSERT_EQ(parse({"--macswap-kernel=nosuch"}, bad, err), ParseResult::Ok);
    EXPECT_FALSE(apply_engine_params(bad, &err));
    EXPECT_NE(err.find("unknown macswap kernel 'nosuch'"), std::string::npos) << err;
    EXPECT_NE(err.find("scalar"), std::string::npos) << err;

    Config unknown;
    ASSERT_EQ(parse({"--nosuchengine-key=1"}, unknown, err), ParseResult::Ok);
    EXPECT_FALSE(apply_engine_params(unknown, &err));
    EXPECT_NE(err.find("unknown option"), std::string::npos);

    Config noparams; // io has no parameters
    ASSERT_EQ(parse({"--io-x=1"}, noparams, err), ParseResult::Ok);
    EXPECT_FALSE(apply_engine_params(noparams, &err));
}

// Issue 13: the exact --eth-peer inputs that used to pass as ff:ff:..., and
// an empty --cmdline-file that used to be ignored.
TEST(Options, EthPeerAndCmdlineFileRefuseOddInput) {
    for (const char *arg : {"--eth-peer=0,-1:-1:-1:-1:-1:-1", "--eth-peer=0,+1:+1:+1:+1:+1:+1",
                            "--eth-peer=0, 1: 2: 3: 4: 5: 6", "--eth-peer=0,+1:00:00:00:00:00"}) {
        Config c;
        std::string err;
        EXPECT_EQ(parse({arg}, c, err), ParseResult::Error) << arg;
        EXPECT_NE(err.find("eth-peer: "), std::string::npos) << err;
        EXPECT_NE(err.find("is not a MAC address"), std::string::npos) << err;
        EXPECT_TRUE(c.eth_peers.empty());
    }
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--cmdline-file="}, c, err), ParseResult::Error);
    EXPECT_NE(err.find("cmdline-file: the file name is empty"), std::string::npos) << err;
    EXPECT_EQ(parse({"--cmdline-file", ""}, c, err), ParseResult::Error);
}
