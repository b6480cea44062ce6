// Which row a line is meant for (src/shell/row_match.h), on rows built
// here so that the case does not depend on the DPDK a build has: 25.03's
// `port <port> enable|disable <name>...` has the shape of `port restart 0`
// as `port start|stop|close|reset all|<port>` does.
#include "shell/row_match.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

using namespace pmdfwd;
using namespace pmdfwd::shell;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::run;

namespace {

const char *const kStart = "port start|stop|close|reset all|<port>";
const char *const kCounter = "port <port> enable|disable <counter_name>...";

size_t row_for(const std::vector<const char *> &syntaxes, const std::vector<std::string> &words) {
    std::vector<Tokens> compiled;
    for (const char *s : syntaxes)
        compiled.push_back(compile_syntax(s));
    return best_row(compiled, words, {0, 1});
}

} // namespace

TEST(RowMatch, BothRefuseAWordTheRowTakingTheRestIsMeant) {
    const std::vector<std::string> restart{"port", "restart", "0"};
    EXPECT_EQ(row_for({kCounter, kStart}, restart), 1u);
    EXPECT_EQ(row_for({kStart, kCounter}, restart), 0u);
}

TEST(RowMatch, RowsThatTakeTheirWordsKeepTheirChoice) {
    EXPECT_EQ(row_for({kCounter, kStart}, {"port", "stop", "1"}), 1u);
    EXPECT_EQ(row_for({kStart, kCounter}, {"port", "0", "disable", "rx_good_packets"}), 1u);
    // A port that is not there: only the counter row has four words' shape.
    EXPECT_EQ(row_for({kStart, kCounter}, {"port", "9", "enable", "x"}), 1u);
    // Neither row's choice takes its word, nor does either take more of the
    // rest: the first listed.
    EXPECT_EQ(row_for({kStart, kCounter}, {"port", "9", "start"}), 0u);
    EXPECT_EQ(row_for({kCounter, kStart}, {"port", "9", "start"}), 0u);
}

TEST(RowMatch, MoreLiteralWordsFirst) {
    EXPECT_EQ(row_for({"set <mode> <key> <value>", "set fwd <mode>"}, {"set", "fwd", "io"}), 1u);
    EXPECT_EQ(row_for({"set fwd <mode>"}, {"set", "fwd"}), SIZE_MAX);
}

// In testpmd's texts the refusal stays its "Bad arguments", whichever row
// refuses.
TEST(RowMatch, TestpmdTextsKeepBadArguments) {
    FakeHost h;
    h.cfg.testpmd_texts = true;
    std::string out;
    EXPECT_FALSE(run(h, "port restart 0", &out));
    EXPECT_EQ(out, "Bad arguments\n");
}
