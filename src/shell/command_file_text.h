// What testpmd shows around a file of commands it runs (--cmdline-file,
// `load`: cmdline_read_from_file), as the build's DPDK's testpmd does:
//   22.11  nothing per line; "Read CLI commands from F" at the end
//   24.11  each line after the shell's prompt (rdline echoes it), the same
//          end line after the prompt rdline shows at the end of the file
//   25.11  with echo, each line after "[basename] " and "<End-Of-File>" at the
//          end; without (--cmdline-file-noecho, `load`), nothing per line and
//          "Finished reading CLI commands from F"
#pragma once

#include <string>

namespace pmdfwd::shell {

struct CommandFileView {
    std::string path;
    std::string prompt; // the shell's
    bool echo = true;   // 25.11's choice: --cmdline-file echoes, -noecho and `load` do not
};

// Before a line of the file runs ("" where nothing is shown).
std::string command_file_line_text(const CommandFileView &f, const std::string &line);
// After the file's last line.
std::string command_file_end_text(const CommandFileView &f);

} // namespace pmdfwd::shell
