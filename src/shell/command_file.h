// The one reader of command files, for `load FILE` and --cmdline-file alike:
// one size limit, one line limit (kMaxCommandLine), lines delivered as they
// come (LineReader), so a FIFO whose writer is idle or absent, or a device
// that never ends a line, cannot hold the caller beyond a signal's reach.
#pragma once

#include "shell/line_reader.h"
#include "shell/line_source.h"

#include <cstddef>
#include <memory>
#include <string>

namespace pmdfwd {

// A command file is text a person wrote: a regular file larger than this is
// a mistake, not something to run. FIFOs and devices are read line by line,
// each line within kMaxCommandLine.
inline constexpr size_t kMaxCommandFile = size_t{1} << 20;

// Why a command file was refused; each caller words it (testpmd's `load`
// text, --cmdline-file's).
struct CommandFileError {
    enum class Kind { CannotOpen, Directory, TooLarge };
    Kind kind = Kind::CannotOpen;
    int err = 0; // errno for CannotOpen
    // What is wrong and what is allowed, without the path.
    std::string reason() const;
};

// Where `load` opens its files: the disk, or a test's list.
class CommandFiles {
  public:
    virtual ~CommandFiles() = default;
    // The file's lines, or nullptr with *why.
    virtual std::unique_ptr<LineSource> open(const std::string &path, CommandFileError *why) = 0;
};

// A command file on disk: opened without blocking (a FIFO with no writer
// yet), closed with this object.
class CommandFile final : public LineSource {
  public:
    static std::unique_ptr<CommandFile> open(const std::string &path, CommandFileError *why);
    ~CommandFile() override;
    CommandFile(const CommandFile &) = delete;
    CommandFile &operator=(const CommandFile &) = delete;

    Got next(std::string *line, int timeout_ms) override { return in_.next(line, timeout_ms); }
    int error() const override { return in_.error(); }
    size_t max_line() const override { return in_.max_line(); }

  private:
    explicit CommandFile(int fd) : fd_(fd), in_(fd) {}
    int fd_;
    LineReader in_;
};

class DiskCommandFiles final : public CommandFiles {
  public:
    std::unique_ptr<LineSource> open(const std::string &path, CommandFileError *why) override {
        return CommandFile::open(path, why);
    }
};

} // namespace pmdfwd
