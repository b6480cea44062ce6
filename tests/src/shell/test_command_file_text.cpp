// What testpmd shows around a file of commands, as the build's DPDK's
// testpmd does (cmdline_read_from_file at v22.11, v24.11, v25.11).
#include "shell/command_file_text.h"

#include <gtest/gtest.h>
#include <rte_version.h>

using namespace pmdfwd::shell;

TEST(CommandFileText, AsThisDpdksTestpmd) {
    const CommandFileView echo{"/tmp/dir/cmds.txt", "testpmd> ", true};
    const CommandFileView quiet{"/tmp/dir/cmds.txt", "testpmd> ", false};
    if (RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)) {
        EXPECT_EQ(command_file_line_text(echo, "show port summary all"),
                  "[cmds.txt] show port summary all\r\n");
        EXPECT_EQ(command_file_end_text(echo), "[cmds.txt] <End-Of-File>\n");
        EXPECT_EQ(command_file_line_text(quiet, "set verbose 1"), "");
        EXPECT_EQ(command_file_end_text(quiet),
                  "Finished reading CLI commands from /tmp/dir/cmds.txt\n");
        // testpmd's prompt holds at most 28 characters of the name.
        const CommandFileView longer{std::string(40, 'a'), "testpmd> ", true};
        EXPECT_EQ(command_file_end_text(longer), "[" + std::string(28, 'a') + "] <End-Of-File>\n");
    } else if (RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)) {
        // rdline echoes every line after the prompt, and shows it once more at the end.
        for (const CommandFileView &f : {echo, quiet}) {
            EXPECT_EQ(command_file_line_text(f, "set verbose 1"), "testpmd> set verbose 1\r\n");
            EXPECT_EQ(command_file_end_text(f),
                      "testpmd> Read CLI commands from /tmp/dir/cmds.txt\n");
        }
    } else {
        for (const CommandFileView &f : {echo, quiet}) {
            EXPECT_EQ(command_file_line_text(f, "set verbose 1"), "");
            EXPECT_EQ(command_file_end_text(f), "Read CLI commands from /tmp/dir/cmds.txt\n");
        }
    }
}
