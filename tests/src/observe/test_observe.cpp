// The observability options (--latencystats, --bitrate-stats) as parsed,
// and the lcores they take from forwarding. Whether EAL runs those lcores
// is checked at start-up (tests/e2e/test_metrics.py).
#include "observe/metrics.h"
#include "observe/rate_window.h"
#include "observe/telemetry.h"
#include "options/options.h"
#include "support/parsed_options.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using pmdfwd::testing::parse;
using pmdfwd::testing::Parsed;

TEST(ObserveOptions, OffByDefault) {
    Config c;
    EXPECT_EQ(c.latencystats_lcore, -1);
    EXPECT_EQ(c.bitrate_lcore, -1);
    EXPECT_TRUE(Metrics::lcores(c).empty());
}

TEST(ObserveOptions, TestpmdSpellings) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--latencystats=3", "--bitrate-stats", "2"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.latencystats_lcore, 3);
    EXPECT_EQ(c.bitrate_lcore, 2);
    EXPECT_EQ(Metrics::lcores(c), (std::vector<unsigned>{3, 2}));
}

TEST(ObserveOptions, OneLcoreForBoth) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--latencystats=2", "--bitrate-stats=2"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(Metrics::lcores(c), (std::vector<unsigned>{2}));
}

TEST(ObserveOptions, BadLcoresSayWhatIsAllowed) {
    const std::string max = std::to_string(RTE_MAX_LCORE - 1);
    for (const std::string &opt : std::vector<std::string>{"latencystats", "bitrate-stats"}) {
        for (const std::string &bad :
             std::vector<std::string>{"-1", "x", "", std::to_string(RTE_MAX_LCORE)}) {
            Config c;
            std::string err;
            EXPECT_EQ(parse({"--" + opt + "=" + bad}, c, err), Parsed::Error) << bad;
            EXPECT_NE(err.find(opt), std::string::npos) << err;
        }
        Config c;
        std::string err;
        EXPECT_EQ(parse({"--" + opt}, c, err), Parsed::Error);
        EXPECT_EQ(err, "option --" + opt + " needs a value: LCORE");
        EXPECT_EQ(parse({"--" + opt + "=" + std::to_string(RTE_MAX_LCORE)}, c, err), Parsed::Error);
        EXPECT_NE(err.find("0.." + max), std::string::npos) << err;
    }
}

TEST(ObserveOptions, InHelp) {
    const std::string help = usage("pmdfwd", registry_engines());
    EXPECT_NE(help.find("--latencystats=LCORE"), std::string::npos);
    EXPECT_NE(help.find("--bitrate-stats=LCORE"), std::string::npos);
}

// Issue 21: reading the rates changes nothing; only the application's own
// clock closes a window, so one client polling often cannot change what
// another (Prometheus) reads.
TEST(RateWindow, ReadersDoNotMoveTheWindow) {
    RateWindow w;
    const int key = 0;
    const uint64_t hz = 1000, window = 250;
    w.sample(&key, {0, 0}, 0, window, hz);
    EXPECT_EQ(w.rates(&key, 2), (std::vector<uint64_t>{0, 0}));
    w.sample(&key, {500, 100}, 100, window, hz); // too early: the window stays open
    EXPECT_EQ(w.rates(&key, 2), (std::vector<uint64_t>{0, 0}));
    w.sample(&key, {1000, 250}, 500, window, hz); // 0.5 s: closed
    for (int reader = 0; reader < 3; reader++)
        EXPECT_EQ(w.rates(&key, 2), (std::vector<uint64_t>{2000, 500}));
    const int other = 0;
    EXPECT_EQ(w.rates(&other, 2), (std::vector<uint64_t>{0, 0})) << "other streams: no rate";
    w.sample(&key, {10, 10}, 1000, window, hz); // cleared counters: the new value is the delta
    EXPECT_EQ(w.rates(&key, 2), (std::vector<uint64_t>{20, 20}));
}

// Issue 18 item 10: "/pmdfwd/stats, -1" was stream 2^64-1; endpoints whose
// help says "No parameters" took any.
TEST(TelemetryParams, FirstStreamIsDigitsOnly) {
    size_t first = 7;
    EXPECT_TRUE(telemetry::parse_first_stream(nullptr, &first));
    EXPECT_EQ(first, 0u);
    EXPECT_TRUE(telemetry::parse_first_stream("", &first));
    EXPECT_TRUE(telemetry::parse_first_stream("12", &first));
    EXPECT_EQ(first, 12u);
    for (const char *bad : {" -1", "-1", "+1", " 1", "1x", "99999999999999999999"})
        EXPECT_FALSE(telemetry::parse_first_stream(bad, &first)) << bad;
    EXPECT_TRUE(telemetry::no_params(nullptr));
    EXPECT_TRUE(telemetry::no_params(""));
    EXPECT_FALSE(telemetry::no_params("1"));
}
