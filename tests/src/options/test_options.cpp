#include "options/options.h"
#include "support/parsed_options.h"

#include <gtest/gtest.h>
#include <rte_mbuf_ptype.h>
#include <rte_version.h>

#include <cstdio>

using namespace pmdfwd;
using pmdfwd::testing::parse;
using pmdfwd::testing::Parsed;

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
              Parsed::Ok)
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
    ASSERT_EQ(c.cmdline_files.size(), 1u);
    EXPECT_EQ(c.cmdline_files[0].path, "/tmp/x");
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
        EXPECT_EQ(parse({k.arg}, c, err), Parsed::Error) << k.arg;
        EXPECT_NE(err.find(k.expect), std::string::npos) << k.arg << " -> " << err;
    }
}

// testpmd's --rxq-share: alone every port in one group, =N that many ports
// a group, =0 none, a negative count refused in testpmd's words.
TEST(Options, RxqShareTakesAnOptionalGroupSize) {
    Config c;
    std::string err;
    EXPECT_EQ(c.rxq_share, 0u) << "no sharing unless asked";
    ASSERT_EQ(parse({"--rxq-share"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.rxq_share, UINT32_MAX);
    ASSERT_EQ(parse({"--rxq-share=2"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.rxq_share, 2u);
    ASSERT_EQ(parse({"--rxq-share=0"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.rxq_share, 0u);
    EXPECT_EQ(parse({"--rxq-share=-1"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("rxq-share must be >= 0"), std::string::npos) << err;
    EXPECT_EQ(parse({"--rxq-share=x"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("not a number"), std::string::npos) << err;
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
    EXPECT_EQ(parse({"--burst"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("needs a value"), std::string::npos);
}

TEST(Options, BadOptionLeavesEarlierSettingsOnly) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--burst=64", "--burst=0"}, c, err), Parsed::Error);
    EXPECT_EQ(c.burst, 64); // the refused value did not land
}

TEST(Options, Help) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--help"}, c, err), Parsed::Help);
    EXPECT_EQ(parse({"-h"}, c, err), Parsed::Help);
    const std::string u = usage("pmdfwd", registry_engines());
    EXPECT_NE(u.find("--forward-mode=MODE"), std::string::npos);
    EXPECT_NE(u.find("macswap"), std::string::npos);
    EXPECT_NE(u.find("--macswap-kernel=NAME"), std::string::npos) << u;
    EXPECT_NE(u.find("auto|"), std::string::npos) << u;
    EXPECT_NE(u.find("scalar"), std::string::npos) << u;
}

TEST(Options, EngineParamsGoToTheEngine) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--macswap-kernel=scalar"}, c, err), Parsed::Ok);
    ASSERT_EQ(c.engine_params.size(), 1u);
    const Status applied = apply_engine_params(c, registry_engines());
    EXPECT_TRUE(applied.ok()) << applied.message();

    Config bad;
    ASSERT_EQ(parse({"--macswap-kernel=nosuch"}, bad, err), Parsed::Ok);
    err = apply_engine_params(bad, registry_engines()).message();
    EXPECT_NE(err.find("unknown macswap kernel 'nosuch'"), std::string::npos) << err;
    EXPECT_NE(err.find("scalar"), std::string::npos) << err;

    Config unknown;
    ASSERT_EQ(parse({"--nosuchengine-key=1"}, unknown, err), Parsed::Ok);
    err = apply_engine_params(unknown, registry_engines()).message();
    EXPECT_NE(err.find("unknown option"), std::string::npos);

    Config noparams; // io has no parameters
    ASSERT_EQ(parse({"--io-x=1"}, noparams, err), Parsed::Ok);
    EXPECT_FALSE(apply_engine_params(noparams, registry_engines()).ok());
}

// Issue 13: the exact --eth-peer inputs that used to pass as ff:ff:..., and
// an empty --cmdline-file that used to be ignored.
TEST(Options, EthPeerAndCmdlineFileRefuseOddInput) {
    for (const char *arg : {"--eth-peer=0,-1:-1:-1:-1:-1:-1", "--eth-peer=0,+1:+1:+1:+1:+1:+1",
                            "--eth-peer=0, 1: 2: 3: 4: 5: 6", "--eth-peer=0,+1:00:00:00:00:00"}) {
        Config c;
        std::string err;
        EXPECT_EQ(parse({arg}, c, err), Parsed::Error) << arg;
        EXPECT_NE(err.find("eth-peer: "), std::string::npos) << err;
        EXPECT_NE(err.find("is not a MAC address"), std::string::npos) << err;
        EXPECT_TRUE(c.eth_peers.empty());
    }
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--cmdline-file="}, c, err), Parsed::Error);
    EXPECT_NE(err.find("cmdline-file: the file name is empty"), std::string::npos) << err;
    EXPECT_EQ(parse({"--cmdline-file", ""}, c, err), Parsed::Error);
}

TEST(Options, CsitCommandLine) {
    // FD.io CSIT's DpdkUtil.get_testpmd_pmd_options, old and new.
    Config c;
    std::string err;
    ASSERT_EQ(
        parse({"--forward-mode=io", "--burst=64", "--txd=1024", "--rxd=1024", "--txq=2", "--rxq=2",
               "--tx-offloads=0x0", "--numa", "--auto-start", "--total-num-mbufs=32768",
               "--nb-ports=2", "--portmask=0x3", "--disable-link-check", "--no-lsc-interrupt",
               "--max-pkt-len=1518", "--mbuf-size=16384", "--nb-cores=2"},
              c, err),
        Parsed::Ok)
        << err;
    EXPECT_EQ(c.fwd_port_list, (std::vector<uint16_t>{0, 1}));
    EXPECT_EQ(c.nb_fwd_ports, 0) << "the mask after --nb-ports sets the number, as testpmd";
    EXPECT_EQ(c.tx_offloads, 0u);
    EXPECT_TRUE(c.numa && c.auto_start);
    EXPECT_FALSE(c.link_check || c.lsc_interrupt);
    EXPECT_EQ(c.max_pkt_len, 1518u);
    EXPECT_EQ(c.mbuf_sizes, (std::vector<uint16_t>{16384}));
    EXPECT_EQ(c.total_num_mbufs, 32768u);
}

TEST(Options, DtsCommandLine) {
    // DTS nic_single_core_perf, plus what DTS's TestPmd always adds.
    Config c;
    std::string err;
    ASSERT_EQ(parse({"-i", "--portmask=0x3", "--rxq=2", "--txq=2", "--txd=512", "--rxd=512",
                     "--nb-cores=1", "--port-topology=paired", "--mask-event=intr_lsc",
                     "--mask-event", "intr_rmv", "--no-numa", "--no-mlockall"},
                    c, err),
              Parsed::Ok)
        << err;
    EXPECT_TRUE(c.interactive);
    EXPECT_EQ(c.event_print_mask & event_bit(RTE_ETH_EVENT_INTR_LSC), 0u);
    EXPECT_EQ(c.event_print_mask & event_bit(RTE_ETH_EVENT_INTR_RMV), 0u);
    EXPECT_NE(c.event_print_mask & event_bit(RTE_ETH_EVENT_QUEUE_STATE), 0u);
    EXPECT_FALSE(c.numa);
}

TEST(Options, UniquePrefixesAsGetoptLong) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--stats", "2", "--burs=64", "--forward=mac", "--disable-l"}, c, err),
              Parsed::Ok)
        << err;
    EXPECT_EQ(c.stats_period, 2u);
    EXPECT_EQ(c.burst, 64);
    EXPECT_EQ(c.forward_mode, "mac");
    EXPECT_FALSE(c.link_check);
    // pmdfwd's own options do not make testpmd's abbreviations ambiguous
    // (--stats is --stats-period, not --stats-format), and abbreviate too.
    ASSERT_EQ(parse({"--stats-f=json", "--run=1.5"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.stats_format, StatsFormat::Json);
    EXPECT_DOUBLE_EQ(c.run_time, 1.5);
    // An exact name wins over the longer names it begins.
    Config v;
    ASSERT_EQ(parse({"--enable-hw-vlan"}, v, err), Parsed::Ok) << err;
    EXPECT_EQ(v.rx_offloads, RTE_ETH_RX_OFFLOAD_VLAN);
    // Several candidates: getopt_long's message, naming them.
    EXPECT_EQ(parse({"--rss"}, c, err), Parsed::Error);
    EXPECT_EQ(err, "option '--rss' is ambiguous; possibilities: '--rss-ip' '--rss-udp' "
                   "'--rss-level-outer' '--rss-level-inner'");
    EXPECT_EQ(parse({"--tx=1"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("'--tx-first'"), std::string::npos) << err;
    // An abbreviated flag still takes no value; grouped short flags work.
    EXPECT_EQ(parse({"--tx-fir=1"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("--tx-first takes no value"), std::string::npos) << err;
    Config s;
    ASSERT_EQ(parse({"-ia"}, s, err), Parsed::Ok) << err;
    EXPECT_TRUE(s.interactive && s.auto_start);
    EXPECT_EQ(parse({"-iz"}, s, err), Parsed::Error);
}

TEST(Options, PortsAndCoresFollowTestpmdsOrder) {
    std::string err;
    Config a;
    ASSERT_EQ(parse({"--portmask=0x3", "--nb-ports=1"}, a, err), Parsed::Ok);
    EXPECT_EQ(a.fwd_port_list, (std::vector<uint16_t>{0, 1}));
    EXPECT_EQ(a.nb_fwd_ports, 1);
    Config wide; // bits past the ports there can be: skipped at start, as testpmd
    ASSERT_EQ(parse({"--portmask=0x8000000000000001"}, wide, err), Parsed::Ok);
    EXPECT_EQ(wide.fwd_port_list, (std::vector<uint16_t>{0, 63}));
    Config b;
    ASSERT_EQ(parse({"--portmask=0x5", "--portlist=3,1-2,3"}, b, err), Parsed::Ok);
    EXPECT_EQ(b.fwd_port_list, (std::vector<uint16_t>{3, 1, 2})) << "the last one wins";
    Config c;
    ASSERT_EQ(parse({"--nb-cores=1", "--coremask=0x6"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.fwd_lcore_list, (std::vector<unsigned>{1, 2}));
    EXPECT_EQ(c.nb_cores, 2u) << "the mask sets the number of cores";
    ASSERT_EQ(parse({"--nb-cores=1"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.nb_cores, 1u);
}

TEST(Options, MemoryPlacement) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--no-numa", "--socket-num=1", "--port-numa-config=(0,1),(1,0)",
                     "--ring-numa-config=(0,1,0),(1,2,1),(2,3,1)", "--mbuf-size=2176,256"},
                    c, err),
              Parsed::Ok)
        << err;
    EXPECT_FALSE(c.numa);
    EXPECT_EQ(c.socket_num, 1);
    EXPECT_EQ(c.port_numa.at(0).pool, 1);
    EXPECT_EQ(c.port_numa.at(0).rx_ring, 0);
    EXPECT_EQ(c.port_numa.at(0).tx_ring, -1);
    EXPECT_EQ(c.port_numa.at(1).pool, 0);
    EXPECT_EQ(c.port_numa.at(1).tx_ring, 1);
    EXPECT_EQ(c.port_numa.at(2).rx_ring, 1);
    EXPECT_EQ(c.port_numa.at(2).tx_ring, 1);
    EXPECT_EQ(c.mbuf_sizes, (std::vector<uint16_t>{2176, 256}));
}

// testpmd's --mp-alloc words (xbuf too, which its message leaves out),
// --mp-anon as anon, --no-iova-contig kept for the pools to weigh.
TEST(Options, MempoolAllocation) {
    EXPECT_EQ(Config{}.mp_alloc, MpAlloc::Native);
    for (MpAlloc m :
         {MpAlloc::Native, MpAlloc::Anon, MpAlloc::Xmem, MpAlloc::XmemHuge, MpAlloc::Xbuf}) {
        Config c;
        std::string err;
        ASSERT_EQ(parse({std::string("--mp-alloc=") + to_string(m)}, c, err), Parsed::Ok) << err;
        EXPECT_EQ(c.mp_alloc, m);
    }
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--mp-anon", "--no-iova-contig"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.mp_alloc, MpAlloc::Anon);
    EXPECT_TRUE(c.no_iova_contig);
    EXPECT_EQ(parse({"--mp-alloc=huge"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("mp-alloc huge invalid - must be: native, anon, xmem or xmemhuge"),
              std::string::npos)
        << err;
    EXPECT_EQ(parse({"--mp-alloc=Anon"}, c, err), Parsed::Error) << "testpmd's strcmp";
    EXPECT_EQ(parse({"--mp=anon"}, c, err), Parsed::Error) << "mp-alloc or mp-anon";
    EXPECT_NE(err.find("ambiguous"), std::string::npos) << err;
}

// --rxoffs as testpmd's set_rx_pkt_offsets (up to 7 kept),
// --multi-rx-mempool and --flow-isolate-all as flags.
TEST(Options, RxSplitPoolsAndIsolation) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--rxpkts=64,0", "--rxoffs=0,2", "--multi-rx-mempool", "--flow-isolate-all"},
                    c, err),
              Parsed::Ok)
        << err;
    EXPECT_EQ(c.rxoffs, (std::vector<uint16_t>{0, 2}));
    EXPECT_TRUE(c.multi_rx_mempool);
    EXPECT_TRUE(c.flow_isolate_all);
    EXPECT_FALSE(Config{}.multi_rx_mempool);
    EXPECT_FALSE(Config{}.flow_isolate_all);
    // testpmd says why and goes on without them.
    Config ignored;
    ASSERT_EQ(parse({"--rxoffs=0,1,2,3,4,5,6,7", "--rxoffs=1,65535"}, ignored, err), Parsed::Ok);
    EXPECT_TRUE(ignored.rxoffs.empty());
    EXPECT_EQ(ignored.announcements,
              (std::vector<std::string>{"nb segments per RX packets=8 >= MAX_SEGS_BUFFER_SPLIT - "
                                        "ignored",
                                        "offset[1]=65535 > UINT16_MAX - give up"}));
    EXPECT_EQ(parse({"--rxoffs=0,1,2,3,4,5,6,7,8"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("allowed: 1..8"), std::string::npos) << err;
    EXPECT_EQ(parse({"--flow-isolate-all=1"}, c, err), Parsed::Error);
}

// --rxhdrs as `set rxhdrs`: the payload a segment more, an unknown name
// said and taken as no header; no name at all is testpmd's "bad rxpkts".
TEST(Options, RxHeaders) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--rxhdrs=eth,ipv4-udp"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.rxhdrs, (std::vector<uint32_t>{RTE_PTYPE_L2_ETHER,
                                               RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4_EXT_UNKNOWN |
                                                   RTE_PTYPE_L4_UDP}));
    EXPECT_EQ(c.rxpkts, (std::vector<uint16_t>{0, 0, 0}));
    EXPECT_TRUE(c.announcements.empty());
    Config odd;
    ASSERT_EQ(parse({"--rxhdrs=eth,nosuch"}, odd, err), Parsed::Ok) << err;
    EXPECT_EQ(odd.rxhdrs, (std::vector<uint32_t>{RTE_PTYPE_L2_ETHER, 0}));
    EXPECT_EQ(odd.announcements, (std::vector<std::string>{"Unsupported protocol: nosuch"}));
    EXPECT_EQ(parse({"--rxhdrs=,"}, c, err), Parsed::Error);
    EXPECT_EQ(err, "bad rxpkts");
}

TEST(Options, OffloadsRssAndEvents) {
    std::string err;
    Config c;
    EXPECT_EQ(c.tx_offloads, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE);
    EXPECT_EQ(c.rss_hf, RTE_ETH_RSS_IP);
    ASSERT_EQ(parse({"--enable-rx-cksum", "--enable-scatter"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.rx_offloads, RTE_ETH_RX_OFFLOAD_CHECKSUM | RTE_ETH_RX_OFFLOAD_SCATTER);
    // --rx-offloads replaces what came before; switches after it add.
    ASSERT_EQ(parse({"--rx-offloads=0x1", "--enable-lro"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.rx_offloads, RTE_ETH_RX_OFFLOAD_VLAN_STRIP | RTE_ETH_RX_OFFLOAD_TCP_LRO);
    ASSERT_EQ(parse({"--tx-offloads=8000"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.tx_offloads, RTE_ETH_TX_OFFLOAD_MULTI_SEGS);
    ASSERT_EQ(parse({"--rss-udp"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.rss_hf, RTE_ETH_RSS_UDP);
    ASSERT_EQ(parse({"--rss-ip", "--rss-level-inner"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.rss_hf, RTE_ETH_RSS_IP | RTE_ETH_RSS_LEVEL_INNERMOST);
    ASSERT_EQ(parse({"--disable-rss"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.rss_hf, 0u);
    ASSERT_EQ(parse({"--mask-event=all", "--print-event=dev_released"}, c, err), Parsed::Ok);
    EXPECT_EQ(c.event_print_mask, event_bit(RTE_ETH_EVENT_DESTROY));
    ASSERT_EQ(parse({"--display-xstats=rx_good_packets,tx_good_packets", "--rxpkts=64,0",
                     "--disable-device-start", "--no-rmv-interrupt", "--enable-drop-en",
                     "--rxfreet=32", "--txrst=16", "--eth-link-speed=25000"},
                    c, err),
              Parsed::Ok)
        << err;
    EXPECT_EQ(c.display_xstats.size(), 2u);
    EXPECT_EQ(c.rxpkts, (std::vector<uint16_t>{64, 0}));
    EXPECT_FALSE(c.device_start || c.rmv_interrupt);
    EXPECT_TRUE(c.rx_drop_en);
    EXPECT_EQ(c.thresholds.rx_free, 32);
    EXPECT_EQ(c.thresholds.tx_rs, 16);
    EXPECT_EQ(c.thresholds.tx_free, kThreshUnset);
    EXPECT_EQ(c.link_speeds, RTE_ETH_LINK_SPEED_FIXED | RTE_ETH_LINK_SPEED_25G);
}

TEST(Options, GeneratorOptionsGoToTheirEngines) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--txonly-multi-flow", "--tx-ip=10.0.0.1,10.0.0.2", "--tx-udp=1000,2000",
                     "--flowgen-clones=3", "--flowgen-flows=16"},
                    c, err),
              Parsed::Ok)
        << err;
    using P = std::pair<std::string, std::string>;
    EXPECT_EQ(c.engine_params, (std::vector<P>{{"txonly-multi-flow", "on"},
                                               {"txonly-ip", "10.0.0.1,10.0.0.2"},
                                               {"txonly-udp", "1000,2000"},
                                               {"flowgen-clones", "3"},
                                               {"flowgen-flows", "16"}}));
}

// testpmd's --vxlan-gpe-port and --geneve-parsed-port are the csum
// engine's parameters by their aliases: the engine alone checks and keeps
// them (0..65535; testpmd's atoi takes anything, refusing negatives).
TEST(Options, TunnelPortsGoToTheCsumEngine) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--vxlan-gpe-port=4000", "--geneve-parsed-port=5000"}, c, err), Parsed::Ok)
        << err;
    using P = std::pair<std::string, std::string>;
    EXPECT_EQ(c.engine_params, (std::vector<P>{{"csum-vxlan-gpe-port", "4000"},
                                               {"csum-geneve-parsed-port", "5000"}}));
    const Status applied = apply_engine_params(c, registry_engines());
    EXPECT_TRUE(applied.ok()) << applied.message();
    for (const char *bad :
         {"--vxlan-gpe-port=-1", "--geneve-parsed-port=65536", "--vxlan-gpe-port=x"}) {
        Config b;
        ASSERT_EQ(parse({bad}, b, err), Parsed::Ok) << bad;
        err = apply_engine_params(b, registry_engines()).message();
        EXPECT_NE(err.find("(allowed: 0..65535)"), std::string::npos) << bad << ": " << err;
    }
    // The engine's context outlives the test: back to testpmd's defaults.
    Config defaults;
    ASSERT_EQ(parse({"--vxlan-gpe-port=4790", "--geneve-parsed-port=6081"}, defaults, err),
              Parsed::Ok);
    EXPECT_TRUE(apply_engine_params(defaults, registry_engines()).ok());
}

TEST(Options, PeersFromAConfigFile) {
    const std::string path = ::testing::TempDir() + "pmdfwd_peers.txt";
    FILE *f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("02:00:00:00:00:0a\n02:00:00:00:00:0b\n", f);
    std::fclose(f);
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--eth-peers-configfile=" + path}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.eth_peers.at(0)[5], 0x0a);
    EXPECT_EQ(c.eth_peers.at(1)[5], 0x0b);
    f = std::fopen(path.c_str(), "w");
    std::fputs("02:00:00:00:00:0a\nnot-a-mac\n", f);
    std::fclose(f);
    EXPECT_EQ(parse({"--eth-peers-configfile=" + path}, c, err), Parsed::Error);
    EXPECT_NE(err.find("line 2"), std::string::npos) << err;
    std::remove(path.c_str());
    EXPECT_EQ(parse({"--eth-peers-configfile=/nonexistent/peers"}, c, err), Parsed::Error);
    EXPECT_NE(err.find("cannot read"), std::string::npos) << err;
}

TEST(Options, BadHarnessValuesSayWhatIsAllowed) {
    struct Case {
        const char *arg;
        const char *expect;
    } cases[] = {
        {"--portmask=0", "names no port"},
        {"--portmask=3x", "not a hexadecimal number"},
        {"--portlist=0,40", "allowed: 0..31"},
        {"--portlist=2-1", "backwards"},
        {"--nb-ports=0", "allowed: 1..32"},
        {"--coremask=0", "names no lcore"},
        {"--coremask=zz", "not a hexadecimal number"},
        {"--socket-num=99", "allowed: 0.."},
        {"--port-numa-config=(0)", "(port,socket)"},
        {"--ring-numa-config=(0,4,0)", "allowed: 1 = RX, 2 = TX, 3 = both"},
        {"--ring-numa-config=(0,1)", "(port,flag,socket)"},
        {"--mbuf-size=100", "allowed: 129..65535"},
        {"--mbuf-size=0", "allowed: 1..65535"},
        {"--mbuf-size=70000", "allowed: 1..65535"},
        {"--mbuf-size=2176,1,1,1,1,1,1,1,1", "allowed: 1..8"},
        {"--max-pkt-len=63", "allowed: 64..65535"},
        {"--tx-offloads=fast", "not a hexadecimal number"},
        {"--rx-offloads=", "not a hexadecimal number"},
        {"--rxpkts=64,x", "not a number"},
        {"--mask-event=lsc", "allowed: unknown|intr_lsc|"},
        {"--print-event=", "invalid event"},
        {"--display-xstats=,", "no name"},
        {"--rx-mq-mode=0x8", "allowed: 0x0..0x7"},
        {"--eth-link-speed=7", "allowed: 1000"},
        {"--rxpt=256", "allowed: 0..255"},
        {"--txrst=-1", "not a number"},
        {"--flowgen-clones", "needs a value"},
        {"--disable-rss=1", "takes no value"},
        {"--numa=1", "takes no value"},
        {"--no", "ambiguous"},
    };
    for (const Case &k : cases) {
        Config c;
        std::string err;
        EXPECT_EQ(parse({k.arg}, c, err), Parsed::Error) << k.arg;
        EXPECT_NE(err.find(k.expect), std::string::npos) << k.arg << " -> " << err;
    }
}

TEST(Options, HelpListsEveryHarnessOption) {
    const std::string u = usage("pmdfwd", registry_engines());
    for (const char *o : {"--portmask=MASK",
                          "--portlist=LIST",
                          "--nb-ports=N",
                          "--coremask=MASK",
                          "--numa",
                          "--no-numa",
                          "--socket-num=N",
                          "--port-numa-config=",
                          "--ring-numa-config=",
                          "--mbuf-size=N[,N]...",
                          "--mp-alloc=native|anon|xmem|xmemhuge|xbuf",
                          "--mp-anon",
                          "--no-iova-contig",
                          "--max-pkt-len=N",
                          "--tx-offloads=0xMASK",
                          "--rx-offloads=0xMASK",
                          "--enable-rx-cksum",
                          "--enable-scatter",
                          "--rxpkts=",
                          "--rxoffs=OFF[,OFF]...",
                          "--multi-rx-mempool",
                          "--rxhdrs=PROTO[,PROTO]...",
                          "--flow-isolate-all",
                          "--rss-ip",
                          "--rss-udp",
                          "--disable-rss",
                          "--disable-link-check",
                          "--no-lsc-interrupt",
                          "--no-rmv-interrupt",
                          "--mask-event=EVENT",
                          "--print-event=EVENT",
                          "--disable-device-start",
                          "--display-xstats=",
                          "--txonly-multi-flow",
                          "--tx-ip=SRC,DST",
                          "--tx-udp=SRC[,DST]",
                          "--flowgen-clones=N",
                          "--auto-start",
                          "unique prefix"})
        EXPECT_NE(u.find(o), std::string::npos) << o;
}

// testpmd prints a line for these options while it parses them, in order.
TEST(Options, AnnouncedAsTestpmd) {
    Config cfg;
    std::string err;
    ASSERT_EQ(parse({"-i", "--auto-start", "--forward-mode=macswap", "--tx-first",
                     "--cmdline-file=cmds.txt"},
                    cfg, err),
              Parsed::Ok)
        << err;
    EXPECT_EQ(cfg.announcements,
              (std::vector<std::string>{"Interactive-mode selected", "Auto-start selected",
                                        "Set macswap packet forwarding mode",
                                        "Ports to start sending a burst of packets first",
                                        "CLI commands to be read from cmds.txt"}));
    EXPECT_FALSE(cfg.testpmd_texts);
    ASSERT_EQ(parse({"--testpmd-texts"}, cfg, err), Parsed::Ok) << err;
    EXPECT_TRUE(cfg.testpmd_texts);
}

// Issue 18 item 3: a device with no newline (it used to be read until memory
// ran out) fails on its first line, with testpmd's words.
TEST(Options, PeersFileWithoutNewlinesFailsOnItsFirstLine) {
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--eth-peers-configfile=/dev/zero"}, c, err), Parsed::Error);
    EXPECT_EQ(err, "eth-peers-configfile: Bad MAC address format on line 1: longer than 256 "
                   "bytes (allowed: one XX:XX:XX:XX:XX:XX a line)");
}

// Issue 18 item 10: --help offers --txonly-multi-flow=on|off, which was
// refused ("takes no value"); both forms now set txonly's parameter.
TEST(Options, TxonlyMultiFlowTakesTheValueHelpOffers) {
    EXPECT_NE(usage("pmdfwd", registry_engines()).find("--txonly-multi-flow=on"),
              std::string::npos);
    for (const auto &[arg, want] :
         {std::pair<std::string, std::string>{"--txonly-multi-flow", "on"},
          {"--txonly-multi-flow=on", "on"},
          {"--txonly-multi-flow=off", "off"}}) {
        Config c;
        std::string err;
        ASSERT_EQ(parse({arg}, c, err), Parsed::Ok) << arg << ": " << err;
        ASSERT_EQ(c.engine_params.size(), 1u) << arg;
        EXPECT_EQ(c.engine_params[0].first, "txonly-multi-flow");
        EXPECT_EQ(c.engine_params[0].second, want) << arg;
    }
    // Issue 37: an empty value was read as on.
    Config c;
    std::string err;
    EXPECT_EQ(parse({"--txonly-multi-flow="}, c, err), Parsed::Error);
    EXPECT_NE(err.find("--txonly-multi-flow= has an empty value (allowed: on, off, or "
                       "--txonly-multi-flow alone for on)"),
              std::string::npos)
        << err;
    EXPECT_TRUE(c.engine_params.empty());
}

// The options testpmd gained after 22.11, on the DPDK whose testpmd has
// them; an older build refuses them as its testpmd does, as unknown.
TEST(Options, NewerTestpmdsOptionsFollowTheBuildsDpdk) {
    Config c;
    std::string err;
    const Parsed flush = parse({"--disable-flow-flush"}, c, err);
    if (RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)) {
        ASSERT_EQ(flush, Parsed::Ok) << err;
        EXPECT_FALSE(c.flow_flush);
    } else {
        EXPECT_EQ(flush, Parsed::Error);
        EXPECT_NE(err.find("unknown option '--disable-flow-flush'"), std::string::npos) << err;
        EXPECT_TRUE(c.flow_flush);
    }
    Config r;
    const Parsed rss = parse({"--enable-rss"}, r, err);
    if (RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)) {
        EXPECT_EQ(rss, Parsed::Error);
        // (With a value, --x-y=v reads as an engine's parameter, checked later.)
        EXPECT_EQ(parse({"--cmdline-file-noecho"}, r, err), Parsed::Error);
        EXPECT_NE(err.find("unknown option '--cmdline-file-noecho'"), std::string::npos) << err;
        return;
    }
    Config f;
    ASSERT_EQ(parse({"--cmdline-file-noecho=cmds.txt"}, f, err), Parsed::Ok) << err;
    ASSERT_EQ(f.cmdline_files.size(), 1u);
    EXPECT_EQ(f.cmdline_files[0].path, "cmds.txt");
    EXPECT_FALSE(f.cmdline_files[0].echo);
    ASSERT_EQ(rss, Parsed::Ok) << err;
    EXPECT_TRUE(r.force_rss);
    // Either order of the two switches is testpmd's refusal.
    for (const auto &args : {std::vector<std::string>{"--enable-rss", "--disable-rss"},
                             std::vector<std::string>{"--disable-rss", "--enable-rss"}}) {
        Config both;
        EXPECT_EQ(parse(args, both, err), Parsed::Error) << args[0];
        EXPECT_NE(err.find("Invalid option combination, disable-rss and enable-rss"),
                  std::string::npos)
            << err;
    }
}

// testpmd 25.11 runs up to 16 command files, in order; an older one, the
// last one named.
TEST(Options, CmdlineFilesAsThisDpdksTestpmd) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--cmdline-file=a.txt", "--cmdline-file=b.txt"}, c, err), Parsed::Ok) << err;
    if (RTE_VERSION < RTE_VERSION_NUM(25, 11, 0, 0)) {
        ASSERT_EQ(c.cmdline_files.size(), 1u);
        EXPECT_EQ(c.cmdline_files[0].path, "b.txt");
        return;
    }
    ASSERT_EQ(c.cmdline_files.size(), 2u);
    EXPECT_EQ(c.cmdline_files[0].path, "a.txt");
    EXPECT_EQ(c.cmdline_files[1].path, "b.txt");
    std::vector<std::string> many(17, "--cmdline-file=x.txt");
    Config m;
    EXPECT_EQ(parse(many, m, err), Parsed::Error);
    EXPECT_NE(err.find("Too many cmdline files specified (maximum 16)"), std::string::npos) << err;
}

// testpmd's multi-process options: one process (1, rank 0) is taken; a rank
// not below the count is testpmd's refusal, in either order; more than one
// process is refused (pmdfwd has no multi-process).
TEST(Options, NumProcsAndProcId) {
    Config c;
    std::string err;
    ASSERT_EQ(parse({"--num-procs=1", "--proc-id=0"}, c, err), Parsed::Ok) << err;
    Config r;
    EXPECT_EQ(parse({"--proc-id=1", "--num-procs=1"}, r, err), Parsed::Error);
    EXPECT_NE(err.find("The multi-process option 'proc-id(1)' should be less than "
                       "'num-procs(1)'"),
              std::string::npos)
        << err;
    Config z;
    EXPECT_EQ(parse({"--num-procs=0"}, z, err), Parsed::Error);
    EXPECT_NE(err.find("'proc-id(0)' should be less than 'num-procs(0)'"), std::string::npos)
        << err;
    Config two;
    EXPECT_EQ(parse({"--num-procs=2", "--proc-id=1"}, two, err), Parsed::Error);
    EXPECT_NE(err.find("multi-process is not supported"), std::string::npos) << err;
}

// --hairpin-map (testpmd 24.11): five numbers, each map kept in order;
// unknown before.
TEST(Options, HairpinMap) {
    Config c;
    std::string err;
    if (RTE_VERSION < RTE_VERSION_NUM(24, 11, 0, 0)) {
        // (With a value, --x-y=v reads as an engine's parameter, checked later.)
        EXPECT_EQ(parse({"--hairpin-map", "0:1:1:1:2"}, c, err), Parsed::Error);
        EXPECT_NE(err.find("unknown option '--hairpin-map'"), std::string::npos) << err;
        return;
    }
    ASSERT_EQ(parse({"--hairpin-map=0:1:1:2:3", "--hairpin-map=1:4:0:5:6"}, c, err), Parsed::Ok)
        << err;
    ASSERT_EQ(c.hairpin_maps.size(), 2u);
    EXPECT_EQ(c.hairpin_maps[0].rx_port, 0);
    EXPECT_EQ(c.hairpin_maps[0].rxq_head, 1);
    EXPECT_EQ(c.hairpin_maps[0].tx_port, 1);
    EXPECT_EQ(c.hairpin_maps[0].txq_head, 2);
    EXPECT_EQ(c.hairpin_maps[0].nb_queues, 3);
    EXPECT_EQ(c.hairpin_maps[1].rxq_head, 4);
    for (const char *bad :
         {"--hairpin-map=0:1:1:1", "--hairpin-map=0:1:1:1:2:3", "--hairpin-map=0:1:x:1:2",
          "--hairpin-map=0:1:1:1:65536", "--hairpin-map="}) {
        Config b;
        EXPECT_EQ(parse({bad}, b, err), Parsed::Error) << bad;
        EXPECT_NE(err.find("invalid hairpin map"), std::string::npos) << bad << ": " << err;
        EXPECT_TRUE(b.hairpin_maps.empty()) << bad;
    }
}

// --hairpinq=N: testpmd's queues per port (what the ports allow is checked
// against them, src/ports/hairpin.h); a number up to RTE_MAX_QUEUES_PER_PORT.
TEST(Options, HairpinQueues) {
    Config c;
    std::string err;
    EXPECT_EQ(c.nb_hairpinq, 0);
    ASSERT_EQ(parse({"--hairpinq=4"}, c, err), Parsed::Ok) << err;
    EXPECT_EQ(c.nb_hairpinq, 4);
    Config zero;
    ASSERT_EQ(parse({"--hairpinq=0"}, zero, err), Parsed::Ok) << err;
    EXPECT_EQ(zero.nb_hairpinq, 0);
    for (const char *bad : {"--hairpinq=-1", "--hairpinq=1025", "--hairpinq=x", "--hairpinq="}) {
        Config b;
        EXPECT_EQ(parse({bad}, b, err), Parsed::Error) << bad;
        EXPECT_NE(err.find("hairpinq"), std::string::npos) << bad << ": " << err;
    }
}

// --hairpin-mode=0xXX: a number as testpmd's strtoul(, 0) reads it; a value
// that is none gets testpmd's "hairpin mode invalid".
TEST(Options, HairpinMode) {
    std::string err;
    for (const auto &[arg, mode] :
         std::vector<std::pair<const char *, uint32_t>>{{"--hairpin-mode=0x12", 0x12},
                                                        {"--hairpin-mode=2", 2},
                                                        {"--hairpin-mode=010", 8},
                                                        {"--hairpin-mode=0x30000", 0x30000}}) {
        Config c;
        ASSERT_EQ(parse({arg}, c, err), Parsed::Ok) << arg << ": " << err;
        EXPECT_EQ(c.hairpin_mode, mode) << arg;
    }
    for (const char *bad : {"--hairpin-mode=zz", "--hairpin-mode=", "--hairpin-mode=0x100000000"}) {
        Config b;
        EXPECT_EQ(parse({bad}, b, err), Parsed::Error) << bad;
        EXPECT_EQ(err.rfind("hairpin mode invalid", 0), 0u) << bad << ": " << err;
        EXPECT_EQ(b.hairpin_mode, 0u);
    }
}

// --hot-plug: a flag, off by default.
TEST(Options, HotPlug) {
    Config c;
    std::string err;
    EXPECT_FALSE(c.hot_plug);
    ASSERT_EQ(parse({"--hot-plug"}, c, err), Parsed::Ok) << err;
    EXPECT_TRUE(c.hot_plug);
    Config v;
    EXPECT_EQ(parse({"--hot-plug=1"}, v, err), Parsed::Error);
}
