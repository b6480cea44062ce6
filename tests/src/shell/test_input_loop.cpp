// Issue 20 item 2: the one input loop (shell/input_loop.h) and the one
// command-file reader (shell/command_file.h) that `load` and --cmdline-file
// share: its size and line limits, its refusals, and when the loop looks at
// stop().
#include "shell/command_file.h"
#include "shell/input_loop.h"
#include "support/fake_host.h"
#include "support/run_line.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace pmdfwd;
using pmdfwd::testing::FakeHost;
using pmdfwd::testing::has;
using pmdfwd::testing::ListSource;
using pmdfwd::testing::loaded;
using pmdfwd::testing::run;

namespace {

// A private directory for command files, removed with the test.
struct TempDir {
    std::string path;
    TempDir() {
        char tmpl[] = "/tmp/pmdfwd_input_loop_XXXXXX";
        path = mkdtemp(tmpl);
    }
    ~TempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
    std::string file(const std::string &name, const std::string &text) const {
        const std::string p = path + "/" + name;
        std::ofstream(p) << text;
        return p;
    }
};

// Lines run, and how often stop() was looked at.
struct Recorder {
    std::vector<std::string> lines;
    unsigned stops = 0, too_long = 0;
    bool stop_now = false, skip_too_long = true;
    InputHooks hooks() {
        InputHooks h;
        h.stop = [this] {
            stops++;
            return stop_now;
        };
        h.line = [this](const std::string &l, unsigned) {
            lines.push_back(l);
            return true;
        };
        h.too_long = [this](unsigned) {
            too_long++;
            return skip_too_long;
        };
        return h;
    }
};

} // namespace

TEST(InputLoop, RunsEveryLineAndLooksAtStopOncePerLine) {
    ListSource in({"a", "b", "c"});
    Recorder r;
    EXPECT_EQ(run_input(in, r.hooks()), InputEnd::End);
    EXPECT_EQ(r.lines, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(r.stops, 3u); // not at the end: a load takes one interrupt per line at most
}

TEST(InputLoop, StopEndsItBeforeTheLineRuns) {
    ListSource in({"a", "b"});
    Recorder r;
    r.stop_now = true;
    EXPECT_EQ(run_input(in, r.hooks()), InputEnd::Stopped);
    EXPECT_TRUE(r.lines.empty());
}

// An idle writer: the loop waits kInputPollMs at a time and looks at stop()
// between waits, so a signal ends it.
TEST(InputLoop, AnIdleSourceEndsOnStop) {
    int fds[2];
    ASSERT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
    LineReader in(fds[0]);
    Recorder r;
    InputHooks h = r.hooks();
    h.stop = [&r] { return ++r.stops == 3; };
    EXPECT_EQ(run_input(in, h), InputEnd::Stopped);
    EXPECT_EQ(r.stops, 3u);
    close(fds[0]);
    close(fds[1]);
}

TEST(CommandFile, ReadsLinesUpToTheLineLimit) {
    TempDir d;
    const std::string p = d.file(
        "cmds.txt", "show port stats all\n" + std::string(kMaxCommandLine + 1, 'x') + "\nstart\n");
    auto in = CommandFile::open(p);
    ASSERT_TRUE(in);
    Recorder r;
    EXPECT_EQ(run_input(**in, r.hooks()), InputEnd::End);
    EXPECT_EQ(r.lines, (std::vector<std::string>{"show port stats all\n", "start\n"}));
    EXPECT_EQ(r.too_long, 1u);
    // A caller that does not skip it ends there.
    auto again = CommandFile::open(p);
    ASSERT_TRUE(again);
    Recorder stop_there;
    stop_there.skip_too_long = false;
    EXPECT_EQ(run_input(**again, stop_there.hooks()), InputEnd::TooLong);
    EXPECT_EQ(stop_there.lines.size(), 1u);
}

TEST(CommandFile, RefusesADirectoryAHugeFileAndAMissingOne) {
    TempDir d;
    auto dir = CommandFile::open(d.path);
    EXPECT_FALSE(dir);
    EXPECT_EQ(dir.code(), EISDIR);
    EXPECT_EQ(dir.message(), "a directory; expected a file of shell commands");
    const std::string huge = d.file("huge.txt", std::string(kMaxCommandFile + 1, '\n'));
    auto big = CommandFile::open(huge);
    EXPECT_FALSE(big);
    EXPECT_EQ(big.code(), EFBIG);
    EXPECT_EQ(big.message(),
              "larger than 1 MiB; allowed: a file of shell commands of at most that");
    EXPECT_TRUE(CommandFile::open(d.file("max.txt", std::string(kMaxCommandFile, '\n'))));
    auto missing = CommandFile::open(d.path + "/nosuch.txt");
    EXPECT_FALSE(missing);
    EXPECT_EQ(missing.code(), ENOENT);
    EXPECT_EQ(missing.message(), "No such file or directory");
}

// A regular file that grows while it is read (a writer appending, the file
// opened within the limit) is read up to kMaxCommandFile bytes in all: the
// lines within them run, then the read stops with EFBIG, in words.
TEST(CommandFile, AFileGrowingPastTheLimitWhileReadStopsThere) {
    TempDir d;
    const std::string line = "set verbose 1\n";
    const std::string p = d.file("grows.txt", line);
    auto in = CommandFile::open(p);
    ASSERT_TRUE(in);
    {
        std::FILE *f = std::fopen(p.c_str(), "a");
        ASSERT_NE(f, nullptr);
        const std::string more(kMaxCommandFile, '\n');
        EXPECT_EQ(std::fwrite(more.data(), 1, more.size(), f), more.size());
        std::fclose(f);
    }
    Recorder r;
    EXPECT_EQ(run_input(**in, r.hooks()), InputEnd::Error);
    EXPECT_EQ((**in).error(), EFBIG);
    ASSERT_FALSE(r.lines.empty());
    EXPECT_EQ(r.lines.front(), line);
    EXPECT_EQ(r.lines.size(), kMaxCommandFile - line.size() + 1) << "every line within 1 MiB";
    EXPECT_EQ(read_error_text(EFBIG), "grew past 1 MiB while it was read (allowed: a file of "
                                      "shell commands of at most that)");
}

// A regular file truncated while it is read: the whole lines already read
// run, the one the cut left partial does not (it would run as a shorter
// command), and the read ends with ENODATA, in words.
TEST(CommandFile, AFileTruncatedWhileReadEndsWithoutItsCutLine) {
    TempDir d;
    const std::string line = "#" + std::string(98, 'x') + "\n"; // 100 bytes
    std::string text;
    for (int i = 0; i < 1000; i++)
        text += line;
    const std::string p = d.file("cut.txt", text);
    auto in = CommandFile::open(p);
    ASSERT_TRUE(in);
    std::string first;
    ASSERT_EQ((**in).next(&first, 1000), LineSource::Got::Line); // one 64 KiB read
    ASSERT_EQ(truncate(p.c_str(), 0), 0);
    Recorder r;
    EXPECT_EQ(run_input(**in, r.hooks()), InputEnd::Error);
    EXPECT_EQ((**in).error(), ENODATA);
    EXPECT_EQ(r.lines.size() + 1, 65536u / line.size()) << "whole lines only";
    for (const std::string &l : r.lines)
        ASSERT_EQ(l, line);
    EXPECT_EQ(read_error_text(ENODATA),
              "truncated while it was read; its cut last line was not run");
}

// `load` reads through the same reader as --cmdline-file: its limits and
// refusals are the reader's.
TEST(CommandFile, LoadUsesTheReadersLimits) {
    TempDir d;
    FakeHost h;
    DiskCommandFiles disk;
    Host host = h.host();
    Host on_disk{host.config,  host.life,   host.lcores,  host.stats,   host.ports,
                 host.engines, disk,        host.flows,   host.encap,   host.raw,
                 host.tm,      host.meters, host.drivers, host.bonding, host.families};
    const std::string p =
        d.file("long.txt",
               "set verbose 1\n" + std::string(kMaxCommandLine + 1, 'x') + "\nset verbose 2\n");
    std::string out;
    EXPECT_FALSE(run(on_disk, "load " + p, &out));
    EXPECT_EQ(out, "Change verbose level from 0 to 1\nload " + p +
                       ": line 2 is longer than 65536 bytes (allowed: at most that per command); "
                       "the rest was not run\n" +
                       loaded(p));
    EXPECT_FALSE(run(on_disk, "load " + d.path, &out));
    EXPECT_EQ(out, "Failed to create file based cmdline context: " + d.path +
                       " (a directory; expected a file of shell commands)\n");
    const std::string huge = d.file("huge.txt", std::string(kMaxCommandFile + 1, '\n'));
    EXPECT_FALSE(run(on_disk, "load " + huge, &out));
    EXPECT_TRUE(has(out, "(larger than 1 MiB; allowed: a file of shell commands of at most that)"))
        << out;
}

// A load waiting on a FIFO whose writer is idle ends on an interrupt, and
// the session goes on.
TEST(CommandFile, AnInterruptEndsALoadWaitingOnAnIdleFifo) {
    TempDir d;
    const std::string fifo = d.path + "/cmds.fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const int writer = open(fifo.c_str(), O_RDWR | O_CLOEXEC); // never writes, never closes
    ASSERT_GE(writer, 0);
    FakeHost h;
    h.interrupt_at = 3;
    DiskCommandFiles disk;
    Host host = h.host();
    Host on_disk{host.config,  host.life,   host.lcores,  host.stats,   host.ports,
                 host.engines, disk,        host.flows,   host.encap,   host.raw,
                 host.tm,      host.meters, host.drivers, host.bonding, host.families};
    std::string out;
    EXPECT_FALSE(run(on_disk, "load " + fifo, &out));
    EXPECT_EQ(out, "load " + fifo + ": interrupted (SIGINT) after 0 lines; the rest was not run\n" +
                       loaded(fifo));
    EXPECT_FALSE(h.quit);
    close(writer);
}
