// The one reader of command files, for `load FILE` and --cmdline-file alike:
// one size limit, one line limit (kMaxCommandLine), lines delivered as they
// come (LineReader), so a FIFO whose writer is idle or absent, or a device
// that never ends a line, cannot hold the caller beyond a signal's reach.
#pragma once

#include "shell/line_reader.h"
#include "shell/line_source.h"
#include "util/status.h"

#include <cstddef>
#include <memory>
#include <string>
#include <utility>

namespace pmdfwd {

// A command file is text a person wrote: a regular file larger than this is
// a mistake, not something to run. FIFOs and devices are read line by line,
// each line within kMaxCommandLine.
inline constexpr size_t kMaxCommandFile = size_t{1} << 20;

// Why a command file was refused, as an Error whose code each caller may
// word in its own way (testpmd's `load` text, --cmdline-file's): the errno
// of a failed open, EISDIR for a directory, EFBIG for a regular file over
// kMaxCommandFile. The message says what is wrong and what is allowed,
// without the path.

// Why reading a command file stopped (LineSource::error()), in words: a
// regular file that grew past kMaxCommandFile while it was read is read no
// further (EFBIG), as one that large is refused at open; one truncated
// while read (ENODATA) ends without its cut last line.
std::string read_error_text(int err);

// Where `load` opens its files: the disk, or a test's list.
class CommandFiles {
  public:
    virtual ~CommandFiles() = default;
    // The file's lines, or why not.
    virtual Result<std::unique_ptr<LineSource>> open(const std::string &path) = 0;
};

// A command file on disk: opened without blocking (a FIFO with no writer
// yet), closed with this object; a regular file is read up to
// kMaxCommandFile bytes however it grows, and one cut while read ends the
// read there.
class CommandFile final : public LineSource {
  public:
    static Result<std::unique_ptr<CommandFile>> open(const std::string &path);
    ~CommandFile() override;
    CommandFile(const CommandFile &) = delete;
    CommandFile &operator=(const CommandFile &) = delete;

    Got next(std::string *line, int timeout_ms) override { return in_.next(line, timeout_ms); }
    int error() const override { return in_.error(); }
    size_t max_line() const override { return in_.max_line(); }

  private:
    CommandFile(int fd, size_t file_limit) : fd_(fd), in_(fd, kMaxCommandLine, file_limit) {}
    int fd_;
    LineReader in_;
};

class DiskCommandFiles final : public CommandFiles {
  public:
    Result<std::unique_ptr<LineSource>> open(const std::string &path) override {
        Result<std::unique_ptr<CommandFile>> f = CommandFile::open(path);
        if (!f) return f.status();
        return std::unique_ptr<LineSource>(std::move(*f));
    }
};

} // namespace pmdfwd
