// LineReader (issue 13): command lines from pipes and FIFOs that may stay
// idle, never end, or carry one enormous line.
#include "shell/line_reader.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

using namespace pmdfwd;
using Got = LineReader::Got;

namespace {

struct Pipe {
    int r = -1, w = -1;
    Pipe() {
        int fds[2];
        EXPECT_EQ(pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
        r = fds[0], w = fds[1];
    }
    ~Pipe() {
        close(r);
        if (w >= 0) close(w);
    }
    void put(const std::string &s) {
        EXPECT_EQ(write(w, s.data(), s.size()), static_cast<ssize_t>(s.size()));
    }
    void close_writer() {
        close(w);
        w = -1;
    }
};

// Every line up to the end (None is retried: data is already there).
std::vector<std::string> all_lines(LineReader &in) {
    std::vector<std::string> v;
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        switch (in.next(&line, 10)) {
        case Got::Line:
            v.push_back(line);
            break;
        case Got::TooLong:
            v.push_back("<too long>");
            break;
        case Got::None:
            break;
        case Got::End:
        case Got::Error:
            return v;
        }
    }
    ADD_FAILURE() << "no end";
    return v;
}

} // namespace

TEST(LineReader, LinesAcrossWritesAndALastLineWithoutNewline) {
    Pipe p;
    LineReader in(p.r);
    p.put("set burst 16\nsta");
    p.put("rt\n\nquit");
    p.close_writer();
    EXPECT_EQ(all_lines(in), (std::vector<std::string>{"set burst 16\n", "start\n", "\n", "quit"}));
}

// Issue 37: piped stdin ran a last line that had no newline; testpmd drops it.
TEST(LineReader, StdinDropsALastLineWithoutNewline) {
    Pipe p;
    LineReader in(p.r);
    in.drop_unended_last_line();
    p.put("set burst 16\nstart");
    p.close_writer();
    EXPECT_EQ(all_lines(in), (std::vector<std::string>{"set burst 16\n"}));
    EXPECT_EQ(in.dropped(), "start");
}

TEST(LineReader, IdleWriterGivesNoneWithinTheTimeoutThenEnd) {
    Pipe p;
    LineReader in(p.r);
    std::string line;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(in.next(&line, 50), Got::None);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
    p.put("stop\n");
    EXPECT_EQ(in.next(&line, 50), Got::Line);
    EXPECT_EQ(line, "stop\n");
    p.close_writer();
    EXPECT_EQ(in.next(&line, 50), Got::End);
}

TEST(LineReader, TooLongLineIsSkippedAndReadingGoesOn) {
    Pipe p;
    LineReader in(p.r, 16);
    p.put(std::string(16, 'a') + "\n" + std::string(17, 'b') + "\nnext\n" + std::string(40, 'c'));
    p.close_writer();
    EXPECT_EQ(all_lines(in), (std::vector<std::string>{std::string(16, 'a') + "\n", "<too long>",
                                                       "next\n", "<too long>"}));
}

// A 32 MB line, as piped into the shell: refused once, in linear time, with
// the reader's buffer never holding more than the limit and one read; the
// line after it is still delivered.
TEST(LineReader, HugeLineInLinearTime) {
    Pipe p;
    LineReader in(p.r);
    const std::string chunk(1 << 20, 'x');
    std::thread writer([&] {
        const int fl = fcntl(p.w, F_GETFL);
        fcntl(p.w, F_SETFL, fl & ~O_NONBLOCK);
        for (int i = 0; i < 32; i++)
            p.put(chunk);
        p.put("\nquit\n");
        p.close_writer();
    });
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(all_lines(in), (std::vector<std::string>{"<too long>", "quit\n"}));
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    writer.join();
}
