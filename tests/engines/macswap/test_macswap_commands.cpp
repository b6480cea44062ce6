// macswap's shell command: `macswap calibrate` times
// the kernels again and shows the figures, leaves a forced kernel forced,
// and joins the shell's table as a built-in engine's row (the table would
// stop the process on a clash). No EAL: calibration lays out its own mbufs.
#include "support/macswap_settings.h"

#include "engine_host/engine_api.h"
#include "shell/command_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace pmdfwd::macswap {
namespace {

size_t calibrate_index() {
    const std::optional<EngineInfo> e = registry_engines().find("macswap");
    if (!e) return SIZE_MAX;
    for (size_t i = 0; i < e->commands.size(); i++)
        if (e->commands[i].syntax == "macswap calibrate") return i;
    return SIZE_MAX;
}

TEST(MacswapCommands, CalibrateIsDeclaredStopped) {
    const size_t i = calibrate_index();
    ASSERT_NE(i, SIZE_MAX);
    EXPECT_TRUE(registry_engines().find("macswap")->commands[i].needs_stopped);
}

TEST(MacswapCommands, CalibrateShowsTheNewFigures) {
    std::string out;
    ASSERT_TRUE(
        registry_engines().run_command("macswap", calibrate_index(), {}, false, nullptr, &out))
        << out;
    EXPECT_NE(out.find("auto picks "), std::string::npos) << out;
    EXPECT_EQ(out.find("stays forced"), std::string::npos) << out;
}

TEST(MacswapCommands, CalibrateLeavesAForcedKernelForced) {
    ASSERT_TRUE(registry_engines().set_param("macswap", "kernel", "scalar").ok());
    std::string out;
    EXPECT_TRUE(
        registry_engines().run_command("macswap", calibrate_index(), {}, false, nullptr, &out));
    EXPECT_NE(out.find("\nscalar stays forced (set macswap kernel auto: run what auto picks)\n"),
              std::string::npos)
        << out;
    EXPECT_STREQ(selected_kernel().name, "scalar");
    ASSERT_TRUE(registry_engines().set_param("macswap", "kernel", "auto").ok());
}

TEST(MacswapCommands, JoinsTheShellsTableAndManualPage) {
    const std::vector<CommandDoc> docs = command_docs(registry_engines());
    EXPECT_TRUE(std::any_of(docs.begin(), docs.end(), [](const CommandDoc &d) {
        return d.syntax == "macswap calibrate" && d.needs_stopped;
    }));
}

} // namespace
} // namespace pmdfwd::macswap
