#include "fwd/fwd_stats.h"
#include "fwd/fwd_view.h"

#include <gtest/gtest.h>

#include <cstring>

#include <regex>

using namespace pmdfwd;

namespace {
rte_eth_stats sample(uint64_t ipk, uint64_t opk) {
    rte_eth_stats s{};
    s.ipackets = ipk;
    s.opackets = opk;
    s.ibytes = ipk * 64;
    s.obytes = opk * 64;
    return s;
}
} // namespace

TEST(Rates, SinceLastShow) {
    RateTracker t;
    const uint64_t hz = 1000;
    PortRate first = t.update(0, sample(100, 100), 0, hz);
    EXPECT_EQ(first.rx_pps, 0u);                            // nothing to compare with yet
    PortRate r = t.update(0, sample(2100, 1100), 2000, hz); // 2 s later
    EXPECT_EQ(r.rx_pps, 1000u);
    EXPECT_EQ(r.tx_pps, 500u);
    EXPECT_EQ(r.rx_bps, 1000u * 64 * 8);
    t.reset(0);
    EXPECT_EQ(t.update(0, sample(5000, 5000), 3000, hz).rx_pps, 0u);
}

TEST(Rates, CounterResetDoesNotUnderflow) {
    RateTracker t;
    t.update(0, sample(1000, 1000), 0, 1000);
    PortRate r = t.update(0, sample(10, 10), 1000, 1000); // stats were cleared
    EXPECT_EQ(r.rx_pps, 10u);
}

TEST(PortStatsText, ParsedByDtsRegexes) {
    PortRate r{123456, 654321, 8, 16};
    const std::string s = port_stats_text(1, sample(42, 43), r);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(s, m, std::regex(R"(Rx-pps:\s+(\d+))")));
    EXPECT_EQ(m[1], "123456");
    ASSERT_TRUE(std::regex_search(s, m, std::regex(R"(Tx-pps:\s+(\d+))")));
    EXPECT_EQ(m[1], "654321");
    ASSERT_TRUE(std::regex_search(s, m, std::regex(R"(RX-packets:\s+(\d+))")));
    EXPECT_EQ(m[1], "42");
    ASSERT_TRUE(std::regex_search(s, m, std::regex(R"(TX-packets:\s+(\d+))")));
    EXPECT_EQ(m[1], "43");
    EXPECT_NE(
        s.find("######################## NIC statistics for port 1  ########################"),
        std::string::npos);
}

TEST(PortStatsJson, SameNumbers) {
    const std::string s = port_stats_json(3, sample(42, 43), PortRate{7, 8, 9, 10});
    EXPECT_NE(s.find("\"port\":3"), std::string::npos);
    EXPECT_NE(s.find("\"rx_packets\":42"), std::string::npos);
    EXPECT_NE(s.find("\"tx_packets\":43"), std::string::npos);
    EXPECT_NE(s.find("\"rx_pps\":7"), std::string::npos);
    EXPECT_NE(s.find("\"tx_pps\":8"), std::string::npos);
    EXPECT_EQ(s.back(), '\n');
}

namespace {
FwdStats two_port_stats() {
    FwdStats f;
    f.engine = "macswap";
    f.record_cycles = true;
    f.tsc_hz = 2'100'000'000;
    StreamStats a, b;
    a.spec = {0, 0, 1, 0};
    a.rx = 100, a.tx = 90, a.dropped = 10, a.cycles = 1000;
    b.spec = {1, 0, 0, 0};
    b.rx = 50, b.tx = 50, b.cycles = 500, b.untouched = 3;
    f.streams = {a, b};
    f.ports = {{0, 100, 0, 0, 0, 50, 0, {}}, {1, 50, 0, 0, 0, 90, 10, {}}};
    return f;
}

// testpmd shows per-stream blocks only when streams outnumber ports: a
// second, idle queue pair (left out of the text as testpmd leaves it).
FwdStats with_second_queue(FwdStats f) {
    StreamStats idle;
    idle.spec = {0, 1, 1, 1};
    f.streams.push_back(idle);
    return f;
}
} // namespace

TEST(FwdStatsText, StreamBlocksOnlyWhenStreamsOutnumberPortsAsTestpmd2211) {
    FwdStats f = two_port_stats();
    f.streams[1].untouched = 0;
    EXPECT_EQ(fwd_stats_text(f).find("Forward Stats for RX"), std::string::npos);
    const std::string s = fwd_stats_text(with_second_queue(f));
    EXPECT_NE(s.find("RX Port= 0/Queue= 0 -> TX Port= 1/Queue= 0"), std::string::npos) << s;
    EXPECT_NE(s.find("RX Port= 1/Queue= 0 -> TX Port= 0/Queue= 0"), std::string::npos) << s;
}

TEST(FwdStatsText, EngineCountersAreAnAdditionTestpmdTextsLeavesOut) {
    const FwdStats f = two_port_stats(); // stream 1: 3 frames the engine left untouched
    const std::string s = fwd_stats_text(f);
    EXPECT_EQ(s.find("RX Port= 0/Queue= 0"), std::string::npos) << s;
    EXPECT_NE(s.find("RX Port= 1/Queue= 0 -> TX Port= 0/Queue= 0"), std::string::npos) << s;
    EXPECT_NE(s.find("Engine-untouched: 3"), std::string::npos) << s;
    EXPECT_EQ(fwd_stats_text(f, false).find("Forward Stats for RX"), std::string::npos);
}

TEST(FwdStatsText, ChecksumCountersAsTestpmdsCsumEngine) {
    FwdStats f = with_second_queue(two_port_stats());
    EXPECT_EQ(fwd_stats_text(f).find("Bad-ipcsum"), std::string::npos) << "only for csum";
    f.rx_cksum_stats = true;
    f.streams[0].bad_cksum = {1, 2, 3, 4};
    f.ports[0].bad_cksum = {5, 6, 7, 8};
    const std::string s = fwd_stats_text(f);
    // testpmd 22.11's fwd_stream_stats_display and fwd_stats_display:
    // every number left-aligned in 14 columns.
    auto n = [](const char *v) { return std::string(v) + std::string(14 - strlen(v), ' '); };
    EXPECT_NE(s.find("  RX-packets: " + n("100") + " TX-packets: " + n("90") +
                     " TX-dropped: " + n("10") + "  RX- bad IP checksum: " + n("1") +
                     "  Rx- bad L4 checksum: " + n("2") + " Rx- bad outer L4 checksum: " + n("3") +
                     "\n" + " RX- bad outer IP checksum: " + n("4") + "\n"),
              std::string::npos)
        << s;
    EXPECT_NE(s.find("  Bad-ipcsum: " + n("5") + " Bad-l4csum: " + n("6") +
                     "Bad-outer-l4csum: " + n("7") + "\n  Bad-outer-ipcsum: " + n("8") + "\n"),
              std::string::npos)
        << s;
    const std::string j = fwd_stats_json(f);
    EXPECT_NE(j.find("\"rx_bad_ip_csum\":1,\"rx_bad_l4_csum\":2"), std::string::npos) << j;
    EXPECT_NE(j.find("\"rx_bad_outer_ip_csum\":8"), std::string::npos) << j;
}

TEST(FwdStatsText, TestpmdBlocks) {
    const std::string s = fwd_stats_text(with_second_queue(two_port_stats()));
    EXPECT_NE(
        s.find("------- Forward Stats for RX Port= 0/Queue= 0 -> TX Port= 1/Queue= 0 -------"),
        std::string::npos);
    EXPECT_NE(s.find("RX-packets: 100            TX-packets: 90             TX-dropped: 10"),
              std::string::npos)
        << s;
    EXPECT_NE(
        s.find("---------------------- Forward statistics for port 1  ----------------------"),
        std::string::npos);
    EXPECT_NE(s.find("+++++++++++++++ Accumulated forward statistics for all ports+++++++++++++++"),
              std::string::npos);
    EXPECT_NE(s.find("RX-packets: 150            RX-dropped: 0             RX-total: 150"),
              std::string::npos)
        << s;
    EXPECT_NE(s.find("TX-packets: 140            TX-dropped: 10            TX-total: 150"),
              std::string::npos)
        << s;
    EXPECT_NE(
        s.find(
            "CPU cycles/packet=10.00 (total cycles=1500 / total macswap packets=150) at 2100 MHz"),
        std::string::npos)
        << s;
    EXPECT_NE(s.find("Engine-untouched: 3"), std::string::npos);
}

TEST(FwdStatsText, NoCyclesLineWhenOff) {
    FwdStats f = two_port_stats();
    f.record_cycles = false;
    EXPECT_EQ(fwd_stats_text(f).find("CPU cycles"), std::string::npos);
}

TEST(FwdStatsText, BurstSummary) {
    FwdStats f = two_port_stats();
    f.record_bursts = true;
    f.bursts.resize(f.streams.size());
    f.bursts[0].rx[32] = 75;
    f.bursts[0].rx[0] = 25;
    const std::string s = fwd_stats_text(f);
    // testpmd's order: the empty bursts first, the last share what is left.
    EXPECT_NE(s.find("RX-bursts : 100 [25% of 0 pkts + 75% of 32 pkts]"), std::string::npos) << s;
}

// testpmd's pkt_burst_stats_display: truncated shares, "other" beyond the
// two most frequent sizes, 0 pkts shown even when no burst was empty.
TEST(FwdStatsText, BurstSummaryAsTestpmd) {
    BurstHistogram h{};
    h[32] = 10;
    FwdStats f = two_port_stats();
    f.record_bursts = true;
    f.bursts.resize(f.streams.size());
    f.bursts[0].rx = h;
    EXPECT_NE(fwd_stats_text(f).find("RX-bursts : 10 [0% of 0 pkts + 100% of 32 pkts]"),
              std::string::npos);
    h[0] = 1, h[5] = 3, h[7] = 2;
    f.bursts[0].rx = h; // 16 bursts: 1 empty, 10 of 32, 3 of 5, 2 of 7
    EXPECT_NE(fwd_stats_text(f).find(
                  "RX-bursts : 16 [6% of 0 pkts + 62% of 32 pkts + 18% of 5 pkts + 14% of other]"),
              std::string::npos)
        << fwd_stats_text(f);
}

// With no more streams than ports testpmd shows no stream block: the burst
// lines go into the port's block, RX from the stream that receives from it,
// TX from the one that sends to it (pmdfwd's additions or not).
TEST(FwdStatsText, BurstLinesInThePortBlockAsTestpmd) {
    FwdStats f = two_port_stats();
    f.record_bursts = true;
    f.bursts.resize(f.streams.size());
    f.bursts[0].rx[0] = 4; // stream 0 receives from port 0, sends to port 1
    f.bursts[0].tx[32] = 2;
    f.streams[1].untouched = 0;
    const std::string s = fwd_stats_text(f);
    EXPECT_EQ(s.find("Forward Stats for RX"), std::string::npos);
    const size_t port0 = s.find("Forward statistics for port 0"),
                 port1 = s.find("Forward statistics for port 1");
    const size_t rx = s.find("RX-bursts : 4 [100% of 0 pkts]"),
                 tx = s.find("TX-bursts : 2 [0% of 0 pkts + 100% of 32 pkts]");
    ASSERT_NE(rx, std::string::npos) << s;
    ASSERT_NE(tx, std::string::npos) << s;
    EXPECT_TRUE(port0 < rx && rx < port1) << s;
    EXPECT_GT(tx, port1) << s;
}

TEST(FwdStatsJson, SameNumbers) {
    const std::string s = fwd_stats_json(two_port_stats());
    EXPECT_NE(s.find("\"type\":\"fwd_stats\""), std::string::npos);
    EXPECT_NE(s.find("\"rx_packets\":100,\"tx_packets\":90,\"tx_dropped\":10"), std::string::npos)
        << s;
    EXPECT_NE(s.find("\"engine_untouched\":3"), std::string::npos);
    EXPECT_NE(s.find("\"cycles_per_packet\":10.00"), std::string::npos) << s;
}

// Issue 13: JSON mode dropped --record-burst-stats; every size that occurred
// is kept, as [size, count] pairs.
TEST(FwdStatsJson, BurstStatsWhenRecorded) {
    FwdStats f = two_port_stats();
    f.record_bursts = true;
    f.bursts.resize(f.streams.size());
    f.bursts[0].rx[32] = 75;
    f.bursts[0].rx[0] = 25;
    f.bursts[0].tx[32] = 75;
    f.bursts[0].tx[512] = 1;
    const std::string s = fwd_stats_json(f);
    EXPECT_NE(s.find("\"rx_bursts\":[[0,25],[32,75]],\"tx_bursts\":[[32,75],[512,1]]"),
              std::string::npos)
        << s;
    EXPECT_NE(s.find("\"rx_bursts\":[],\"tx_bursts\":[]"), std::string::npos) << s; // stream 1
    f.record_bursts = false;
    EXPECT_EQ(fwd_stats_json(f).find("bursts"), std::string::npos);
}

// Issue 13: an engine that returned more than max is counted, in both forms.
TEST(FwdStats, EngineOverruns) {
    FwdStats f = two_port_stats();
    EXPECT_EQ(fwd_stats_text(f).find("Engine-overruns"), std::string::npos);
    f.streams[1].overruns = 7;
    EXPECT_NE(fwd_stats_text(f).find("Engine-overruns: 7 "), std::string::npos);
    EXPECT_NE(fwd_stats_json(f).find("\"engine_overruns\":7"), std::string::npos);
}

TEST(FwdStatsText, IdleStreamsLeftOutAsTestpmd) {
    FwdStats f = with_second_queue(two_port_stats());
    f.streams[1].rx = f.streams[1].tx = f.streams[1].dropped = 0;
    const std::string s = fwd_stats_text(f);
    EXPECT_NE(s.find("RX Port= 0/Queue= 0 -> TX Port= 1/Queue= 0"), std::string::npos) << s;
    EXPECT_EQ(s.find("RX Port= 1/Queue= 0 -> TX Port= 0/Queue= 0"), std::string::npos) << s;
}

// Issue 21: the first block after a start is a rate since the start.
TEST(Rates, FromTheStartOfForwarding) {
    RateTracker t;
    t.mark(0, sample(0, 0), 0);
    EXPECT_EQ(t.update(0, sample(1000, 2000), 1000, 1000).rx_pps, 1000u);
}

// Issue 21: a run ends with its totals and average rates.
TEST(RunSummary, TextAndJson) {
    const FwdStats f = two_port_stats(); // RX 100 + 50, TX 50 + 90
    EXPECT_EQ(run_summary_text(f, 2.0),
              "\n  Forwarded for 2.00 s: RX-packets: 150 (average Rx-pps: 75) TX-packets: 140 "
              "(average Tx-pps: 70)\n");
    EXPECT_EQ(run_summary_json(f, 2.0),
              "{\"type\":\"run_summary\",\"seconds\":2.000,\"rx_packets\":150,\"tx_packets\":140,"
              "\"rx_pps\":75,\"tx_pps\":70}\n");
    EXPECT_NE(run_summary_text(f, 0).find("average Rx-pps: 0"), std::string::npos);
}

// Issue 18 item 4: telemetry collects every stream's statistics for each
// reply page and for each rate window; with both 4 KiB burst histograms in
// every StreamStats, 2048 streams meant 16 MiB allocated and copied each
// time, and a scrape of them took longer than Prometheus waits. The
// histograms come only when asked for (the end-of-run statistics).
TEST(FwdStatsCollect, BurstHistogramsOnlyWhenAsked) {
    FwdView v;
    v.specs = {{0, 0, 1, 0}, {1, 0, 0, 0}};
    v.streams = std::shared_ptr<Stream[]>(new Stream[2]);
    v.streams[1].rx_bursts[32] = 7;
    v.streams[1].rx_packets.add(224);
    const FwdStats plain = collect_fwd_stats(v, false);
    ASSERT_EQ(plain.streams.size(), 2u);
    EXPECT_EQ(plain.streams[1].rx, 224u);
    EXPECT_TRUE(plain.bursts.empty());
    const FwdStats full = collect_fwd_stats(v, true);
    ASSERT_EQ(full.bursts.size(), 2u);
    EXPECT_EQ(full.bursts[1].rx[32], 7u);
    EXPECT_LE(sizeof(StreamStats), 256u);
}
