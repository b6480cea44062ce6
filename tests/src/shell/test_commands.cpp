#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

TEST(Commands, StartStop) {
    FakeHost h;
    EXPECT_TRUE(run(h, "start"));
    EXPECT_TRUE(h.is_running);
    std::string out;
    EXPECT_FALSE(run(h, "start", &out));
    EXPECT_NE(out.find("already started"), std::string::npos);
    EXPECT_TRUE(run(h, "stop"));
    EXPECT_FALSE(run(h, "stop", &out));
    EXPECT_NE(out.find("not started"), std::string::npos);
    EXPECT_TRUE(run(h, "start tx_first"));
    EXPECT_EQ(h.started_with, 1u);
    run(h, "stop");
    EXPECT_TRUE(run(h, "start tx_first 16"));
    EXPECT_EQ(h.started_with, 16u);
}

TEST(Commands, SetFwdAndRetry) {
    FakeHost h;
    EXPECT_TRUE(run(h, "set fwd macswap"));
    EXPECT_EQ(h.cfg.forward_mode, "macswap");
    EXPECT_FALSE(h.cfg.tx_retry);
    EXPECT_TRUE(run(h, "set fwd io retry"));
    EXPECT_EQ(h.cfg.forward_mode, "io");
    EXPECT_TRUE(h.cfg.tx_retry);
    std::string out;
    EXPECT_FALSE(run(h, "set fwd macswap retri", &out)); // only the word "retry"
    EXPECT_EQ(h.cfg.forward_mode, "io");
    EXPECT_FALSE(run(h, "set fwd nosuch", &out));
    EXPECT_NE(out.find("allowed: "), std::string::npos);
    EXPECT_NE(out.find("macswap"), std::string::npos);
    EXPECT_EQ(h.cfg.forward_mode, "io");
}

// Issue 37: numbers as testpmd's cmdline reads them (a leading 0 is octal,
// never a silent decimal), and a trailing comment ends the line.
TEST(Commands, NumbersAndCommentsAsTestpmdReadsThem) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "set burst 010", &out)) << out;
    EXPECT_EQ(h.cfg.burst, 8u);
    EXPECT_TRUE(run(h, "set burst 0x20", &out)) << out;
    EXPECT_EQ(h.cfg.burst, 32u);
    EXPECT_FALSE(run(h, "set burst 09", &out));
    EXPECT_NE(out.find("a leading 0 means octal"), std::string::npos) << out;
    EXPECT_EQ(h.cfg.burst, 32u);
    EXPECT_TRUE(run(h, "set burst 16 # comment", &out)) << out;
    EXPECT_EQ(h.cfg.burst, 16u);
    EXPECT_TRUE(run(h, "set burst 1#x", &out)) << out;
    EXPECT_EQ(h.cfg.burst, 1u);
    EXPECT_TRUE(run(h, "   # only a comment", &out)) << out;
    EXPECT_TRUE(run(h, "start tx_first 010", &out)) << out;
    EXPECT_EQ(h.started_with, 8u);
}

TEST(Commands, NeedStoppedWhileRunning) {
    FakeHost h;
    run(h, "start");
    std::string out;
    for (const char *cmd :
         {"set burst 64", "set nbcore 1", "tx_vlan set 0 5", "set macswap kernel scalar",
          "set txpkts 128", "set record-core-cycles on"}) {
        EXPECT_FALSE(run(h, cmd, &out)) << cmd;
        EXPECT_NE(out.find("stop forwarding first"), std::string::npos) << cmd << ": " << out;
    }
    EXPECT_EQ(h.cfg.burst, 32);
    EXPECT_TRUE(h.fake_ports.vlans.empty());
    EXPECT_FALSE(run(h, "set burst 64\r\n", &out)); // as the line editor hands it over
    EXPECT_NE(out.find("(\"set burst 64\" needs forwarding stopped)"), std::string::npos) << out;
    EXPECT_TRUE(run(h, "show port stats all")); // observing is fine while running
}

// testpmd takes `set fwd` while forwarding (DTS's dynamic_config: start,
// set promisc 0 off, set fwd io) and answers as when stopped.
TEST(Commands, SetFwdWhileRunningIsAccepted) {
    FakeHost h;
    run(h, "start");
    std::string out;
    EXPECT_TRUE(run(h, "set fwd macswap", &out)) << out;
    EXPECT_NE(out.find("Set macswap packet forwarding mode"), std::string::npos) << out;
    EXPECT_EQ(h.cfg.forward_mode, "macswap");
    EXPECT_TRUE(h.is_running);
}

TEST(Commands, BurstRange) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set burst 0", &out));
    EXPECT_NE(out.find("allowed: 1..512"), std::string::npos);
    EXPECT_FALSE(run(h, "set burst 513", &out));
    EXPECT_FALSE(run(h, "set burst x", &out));
    EXPECT_EQ(h.cfg.burst, 32);
    EXPECT_TRUE(run(h, "set burst 512"));
    EXPECT_EQ(h.cfg.burst, 512);
}

TEST(Commands, NbcoreBeyondStreams) {
    FakeHost h; // 3 forwarding lcores, 2 streams
    std::string out;
    EXPECT_FALSE(run(h, "set nbcore 3", &out));
    EXPECT_NE(out.find("allowed: 1..2"), std::string::npos) << out;
    EXPECT_NE(out.find("only 2 streams"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "set nbcore 0", &out));
    EXPECT_EQ(h.cfg.nb_cores, 1u);
    EXPECT_TRUE(run(h, "set nbcore 2"));
    EXPECT_EQ(h.cfg.nb_cores, 2u);
}

TEST(Commands, PortArguments) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "show port stats all", &out));
    EXPECT_EQ(out, "stats 0\nstats 1\n");
    EXPECT_TRUE(run(h, "show port stats 1", &out));
    EXPECT_EQ(out, "stats 1\n");
    EXPECT_FALSE(run(h, "show port stats 7", &out));
    EXPECT_EQ(out, "Invalid port 7\nThe valid ports array is [ 0 1 ]\n"); // testpmd's words
    EXPECT_FALSE(run(h, "clear port stats x", &out));
    EXPECT_EQ(h.port_clears, 0);
    EXPECT_TRUE(run(h, "clear port stats all"));
    EXPECT_EQ(h.port_clears, 2);
}

TEST(Commands, TxVlan) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "tx_vlan set 1 100", &out)); // testpmd's rule
    EXPECT_EQ(out, "Please stop port 1 first\n");
    EXPECT_TRUE(h.fake_ports.vlans.empty());
    EXPECT_TRUE(run(h, "port stop all"));
    EXPECT_TRUE(run(h, "tx_vlan set 1 100"));
    EXPECT_FALSE(run(h, "tx_vlan set 1 4096", &out));
    EXPECT_NE(out.find("allowed: 0..4095"), std::string::npos);
    EXPECT_FALSE(run(h, "tx_vlan set 9 1", &out));
    EXPECT_TRUE(run(h, "tx_vlan reset 1"));
    ASSERT_EQ(h.fake_ports.vlans.size(), 2u);
    EXPECT_EQ(h.fake_ports.vlans[0], (std::pair<uint16_t, uint16_t>{1, 100}));
    EXPECT_EQ(h.fake_ports.vlans[1].second, 0xffff);
}

TEST(Commands, TxVlanShowsThePortsWarning) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "port stop all"));
    h.fake_ports.vlan_warning = "port 0 has no VLAN insert offload";
    EXPECT_TRUE(run(h, "tx_vlan set 0 7", &out));
    EXPECT_EQ(out, "Warning: port 0 has no VLAN insert offload\n");
    EXPECT_TRUE(run(h, "tx_vlan reset 0", &out));
    EXPECT_EQ(out, "");
}

TEST(Commands, OnOffSwitches) {
    FakeHost h;
    EXPECT_TRUE(run(h, "set record-core-cycles on"));
    EXPECT_TRUE(h.cfg.record_core_cycles);
    EXPECT_TRUE(run(h, "set record-burst-stats on"));
    std::string out;
    EXPECT_FALSE(run(h, "set record-burst-stats maybe", &out));
    EXPECT_NE(out.find("allowed: on, off"), std::string::npos);
    EXPECT_TRUE(h.cfg.record_burst_stats);
}

TEST(Commands, FlushRxAndPortSetupModes) {
    FakeHost h;
    EXPECT_TRUE(run(h, "set flush_rx off"));
    EXPECT_TRUE(h.cfg.no_flush_rx);
    EXPECT_TRUE(run(h, "set flush_rx on"));
    EXPECT_FALSE(h.cfg.no_flush_rx);
    EXPECT_TRUE(h.cfg.setup_on_probe_event); // testpmd's default
    EXPECT_TRUE(run(h, "set port setup on iterator"));
    EXPECT_FALSE(h.cfg.setup_on_probe_event);
    EXPECT_TRUE(run(h, "set port setup on event"));
    EXPECT_TRUE(h.cfg.setup_on_probe_event);
    std::string out;
    EXPECT_FALSE(run(h, "set port setup on walk", &out));
    EXPECT_NE(out.find("allowed: iterator, event"), std::string::npos) << out;
}

TEST(Commands, TxMetadataAndDynf) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "port config 0 tx_metadata 5", &out));
    EXPECT_EQ(out, "");
    EXPECT_EQ(h.fake_ports.metadata[0], 5u);
    EXPECT_TRUE(run(h, "show port 0 tx_metadata", &out));
    EXPECT_EQ(out, "Port 0 tx_metadata: 5\n");
    EXPECT_FALSE(run(h, "show port 9 tx_metadata", &out));
    EXPECT_NE(out.find("invalid port id 9"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "port config 0 tx_metadata 4294967296", &out));
    EXPECT_TRUE(run(h, "port config 1 dynf my_flag set"));
    EXPECT_TRUE(h.fake_ports.dynf[1]["my_flag"]);
    EXPECT_TRUE(run(h, "port config 1 dynf my_flag clear"));
    EXPECT_FALSE(h.fake_ports.dynf[1]["my_flag"]);
    EXPECT_FALSE(run(h, "port config 1 dynf " + std::string(64, 'f') + " set", &out));
    EXPECT_NE(out.find("Flag name too long"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "port config 1 dynf my_flag toggle", &out));
    EXPECT_NE(out.find("allowed: set, clear"), std::string::npos) << out;
}

// testpmd's show|clear port rows parse these and clear nothing: silent,
// whatever the port number.
TEST(Commands, ClearPortInfoIsSilent) {
    FakeHost h;
    std::string out;
    for (const char *line : {"clear port info 0", "clear port fdir all", "clear port summary 9",
                             "clear port dcb_tc 1"}) {
        EXPECT_TRUE(run(h, line, &out)) << line;
        EXPECT_EQ(out, "") << line;
    }
    EXPECT_FALSE(run(h, "clear port info 70000", &out));
}

TEST(Commands, UnknownAndMalformed) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "frobnicate", &out));
    EXPECT_NE(out.find("unknown command 'frobnicate'"), std::string::npos);
    EXPECT_NE(out.find("help"), std::string::npos);
    EXPECT_FALSE(run(h, "show port", &out));
    EXPECT_NE(out.find("usage:"), std::string::npos);
    EXPECT_NE(out.find("show port stats all|<port>"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "start tx_first 1 2", &out));
    EXPECT_FALSE(run(h, "start tx_first 0", &out));
    EXPECT_NE(out.find("allowed: 1..1024"), std::string::npos);
    EXPECT_FALSE(h.is_running);
    EXPECT_FALSE(run(h, "set burst", &out));
    EXPECT_NE(out.find("set burst <n>"), std::string::npos);
}

TEST(Commands, BlankAndComments) {
    FakeHost h;
    EXPECT_TRUE(run(h, ""));
    EXPECT_TRUE(run(h, "   "));
    EXPECT_TRUE(run(h, "# start"));
    EXPECT_FALSE(h.is_running);
}

TEST(Commands, EngineParameters) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "set macswap kernel scalar", &out)) << out;
    EXPECT_FALSE(run(h, "set macswap kernel nosuch", &out));
    EXPECT_NE(out.find("unknown macswap kernel"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "set macswap colour blue", &out));
    EXPECT_NE(out.find("allowed: kernel"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "set io x y", &out));
    EXPECT_NE(out.find("no parameters"), std::string::npos);
    EXPECT_TRUE(run(h, "show fwd macswap", &out));
    EXPECT_NE(out.find("macswap kernel:"), std::string::npos);
    EXPECT_TRUE(run(h, "set macswap kernel auto", &out));
}

TEST(Commands, EngineRefusalsChangeNothing) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set nosuch key value", &out));
    EXPECT_NE(out.find("unknown set command or mode 'nosuch'"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "show fwd io", &out));
    EXPECT_NE(out.find("engine io has no state to show"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "show fwd nosuch", &out));
    EXPECT_NE(out.find("unknown mode 'nosuch' (allowed: io, macswap)"), std::string::npos) << out;
    EXPECT_EQ(h.fake_engines.set_param_calls, 0);
    EXPECT_EQ(h.fake_engines.kernel, "auto");
}

TEST(Commands, LoadEngineAddsItsModes) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "load engine nosuch", &out));
    EXPECT_NE(out.find("cannot load plugin: nosuch"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "set fwd extra", &out));
    EXPECT_TRUE(run(h, "load engine extra.so", &out)) << out;
    EXPECT_EQ(out, "Loaded extra.so; modes: extra, io, macswap\n");
    EXPECT_TRUE(run(h, "set fwd extra", &out)) << out;
    EXPECT_EQ(h.cfg.forward_mode, "extra");
    EXPECT_EQ(h.fake_engines.loads, (std::vector<std::string>{"nosuch", "extra.so"}));
    EXPECT_NE(command_help(h).find("modes: extra, io, macswap"), std::string::npos);
    auto c = complete_command(h, "set fwd e");
    EXPECT_EQ(c, std::vector<std::string>{"extra"});
}

TEST(Commands, Quit) {
    FakeHost h;
    EXPECT_TRUE(run(h, "quit"));
    EXPECT_TRUE(h.quit);
}

TEST(Commands, HelpListsEverything) {
    FakeHost h;
    const std::string help = command_help(h);
    for (const char *w : {"set fwd <mode> [retry]", "start tx_first [<n>]", "show port stats",
                          "show fwd stats all", "clear fwd stats all", "tx_vlan set", "quit"})
        EXPECT_NE(help.find(w), std::string::npos) << w;
}

TEST(Completion, Words) {
    FakeHost h;
    auto c = complete_command(h, "se");
    EXPECT_EQ(c, std::vector<std::string>{"set"});
    c = complete_command(h, "set fwd ");
    EXPECT_NE(std::find(c.begin(), c.end(), "macswap"), c.end());
    EXPECT_NE(std::find(c.begin(), c.end(), "io"), c.end());
    c = complete_command(h, "set fwd macs");
    EXPECT_EQ(c, std::vector<std::string>{"macswap"});
    c = complete_command(h, "show port stats ");
    EXPECT_EQ(c, (std::vector<std::string>{"0", "1", "all"}));
    c = complete_command(h, "set record-core-cycles o");
    EXPECT_EQ(c, (std::vector<std::string>{"off", "on"}));
    EXPECT_TRUE(complete_command(h, "xyz").empty());
}

TEST(Commands, ShowMempoolAsksTheHostEvenWhileRunning) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "show mempool", &out));
    EXPECT_EQ(out, "mempools\n");
    run(h, "start");
    EXPECT_TRUE(run(h, "show mempool", &out));
    EXPECT_EQ(out, "mempools\n");
    EXPECT_FALSE(run(h, "show mempool all", &out));
    EXPECT_NE(command_help(h).find("show mempool"), std::string::npos);
}

// Issue 13: `set burst tx delay 1000000 retry 1000000` allowed weeks of
// blocking per burst; at most 1000 us x 1000 tries are allowed, and a
// refusal says so and changes nothing.
TEST(Commands, TxRetryRangeIsBounded) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set burst tx delay 1000000 retry 1000000", &out));
    EXPECT_NE(out.find("delay: 1000000 is out of range (allowed: 0..1000)"), std::string::npos)
        << out;
    EXPECT_FALSE(run(h, "set burst tx delay 1000 retry 1001", &out));
    EXPECT_NE(out.find("retry: 1001 is out of range (allowed: 0..1000)"), std::string::npos) << out;
    EXPECT_EQ(h.cfg.tx_retry_delay_us, kDefaultTxRetryDelayUs);
    EXPECT_EQ(h.cfg.tx_retry_num, kDefaultTxRetries);
    EXPECT_TRUE(run(h, "set burst tx delay 1000 retry 1000"));
    EXPECT_EQ(h.cfg.tx_retry_delay_us, 1000u);
    EXPECT_EQ(h.cfg.tx_retry_num, 1000u);
}

// Issue 13: a NUL byte cut the message at the NUL and so named another
// command ("unknown command 'sta"); now the line is refused whole, shown
// escaped, and nothing runs.
TEST(Commands, NulByteNamesNoCommand) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, std::string("start\0tx_first 4", 16), &out));
    EXPECT_FALSE(h.is_running);
    EXPECT_EQ(out, "the command line has a NUL byte at column 6 (not allowed in a command): "
                   "'start\\x00tx_first 4'\n");
    EXPECT_FALSE(run(h, std::string("sta\0rt", 6), &out));
    EXPECT_FALSE(h.is_running);
    EXPECT_EQ(out.find('\0'), std::string::npos);
    EXPECT_NE(out.find("'sta\\x00rt'"), std::string::npos) << out;
    EXPECT_FALSE(run(h,
                     "foo\x01"
                     "bar",
                     &out));
    EXPECT_EQ(out, "unknown command 'foo\\x01bar' (type 'help' for the list)\n");
}

// Issue 13: `load engine` takes a quoted path with a space.
TEST(Commands, LoadEngineTakesAQuotedPath) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "load engine \"my engine.so\"", &out)) << out;
    EXPECT_EQ(h.fake_engines.loads, std::vector<std::string>{"my engine.so"});
    EXPECT_TRUE(h.fake_engines.find("my engine"));
    EXPECT_FALSE(run(h, "load engine \"/opt/my engines/x.so", &out));
    EXPECT_NE(out.find("unterminated \" quote"), std::string::npos) << out;
    EXPECT_EQ(h.fake_engines.loads.size(), 1u);
}

// Issue 21: the answers testpmd 22.11 gives, word for word.
TEST(TestpmdTexts, SetBurstAndNbcore) {
    FakeHost h; // 3 forwarding lcores, 2 streams
    std::string out;
    EXPECT_TRUE(run(h, "set burst 16", &out));
    EXPECT_EQ(out, "Number of packets per burst set to 16\n");
    EXPECT_FALSE(run(h, "set nbcore 4", &out));
    EXPECT_EQ(out, "nb fwd cores 4 > 3 (max. number of configured lcores) - ignored\n");
    EXPECT_TRUE(run(h, "set nbcore 2", &out));
    EXPECT_EQ(out, "Number of forwarding cores set to 2\n");
}

TEST(TestpmdTexts, BadArgumentsThenUsageUnlessTestpmdTexts) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "show fwd stats", &out)); // not "show fwd <mode>" with mode "stats"
    EXPECT_EQ(out, "Bad arguments\nusage:\n  show fwd stats all\n");
    h.cfg.testpmd_texts = true;
    EXPECT_FALSE(run(h, "show fwd stats", &out));
    EXPECT_EQ(out, "Bad arguments\n");
    EXPECT_TRUE(run(h, "show fwd stats all", &out));
    EXPECT_TRUE(run(h, "show fwd macswap",
                    &out)); // A word a typed token refuses: the same, without pmdfwd's why.
    EXPECT_FALSE(run(h, "set eth-peer 0 zz", &out));
    EXPECT_EQ(out, "Bad arguments\n");
}

TEST(TestpmdTexts, UnknownModeHintsAtLoadEngine) {
    FakeHost h;
    std::string out;
    EXPECT_FALSE(run(h, "set fwd nuswap", &out));
    EXPECT_NE(out.find("unknown mode 'nuswap'"), std::string::npos) << out;
    EXPECT_NE(out.find("load engine <path to its .so>"), std::string::npos) << out;
}

TEST(Help, SectionsAsTestpmd) {
    FakeHost h;
    std::string out;
    EXPECT_TRUE(run(h, "help", &out));
    EXPECT_NE(out.find("\nHelp is available for the following sections:\n\n"), std::string::npos);
    EXPECT_NE(out.find("    help control                    : Start and stop forwarding.\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("    help all                        : All of the above sections.\n"),
              std::string::npos);
    EXPECT_LT(std::count(out.begin(), out.end(), '\n'), 15) << out;
    for (const char *section : {"control", "display", "config", "ports"}) {
        EXPECT_TRUE(run(h, std::string("help ") + section, &out)) << section << out;
        size_t longest = 0, start = 0;
        for (size_t nl; (nl = out.find('\n', start)) != std::string::npos; start = nl + 1)
            longest = std::max(longest, nl - start);
        EXPECT_LT(longest, 100u) << section << out;
    }
    EXPECT_TRUE(run(h, "help config", &out));
    EXPECT_NE(out.find("\nConfiguration:\n--------------\n"), std::string::npos) << out;
    EXPECT_NE(out.find("\nset burst <n>\n    packets per burst"), std::string::npos) << out;
    EXPECT_NE(out.find("forwarding modes: io, macswap"), std::string::npos) << out;
    EXPECT_TRUE(run(h, "help all", &out));
    for (const char *w : {"start tx_first", "show port stats", "set nbcore", "port config mtu"})
        EXPECT_NE(out.find(w), std::string::npos) << w;
    EXPECT_FALSE(run(h, "help devices", &out));
    EXPECT_EQ(out, "pmdfwd has no commands in testpmd's 'devices' section (sections with "
                   "commands: see 'help')\n");
    // i40e's commands, under testpmd's title for the drivers' section.
    EXPECT_TRUE(run(h, "help drivers", &out));
    EXPECT_EQ(out.find("\nDriver specific:\n----------------\n"), 0u) << out;
    EXPECT_NE(out.find("show port <port> pctype mapping"), std::string::npos) << out;
    EXPECT_FALSE(run(h, "help nosuch", &out));
    EXPECT_EQ(out, "help: unknown section 'nosuch' (allowed: control, display, config, ports, "
                   "filters, drivers, all)\n");
}
