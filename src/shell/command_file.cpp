#include "shell/command_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace pmdfwd {

namespace {

// Why an open file cannot be a command file, if it cannot.
Status refusal(int fd) {
    struct stat st {};
    if (fstat(fd, &st) != 0) return {}; // reading it will say
    if (S_ISDIR(st.st_mode)) return Error("a directory; expected a file of shell commands", EISDIR);
    if (S_ISREG(st.st_mode) && static_cast<size_t>(st.st_size) > kMaxCommandFile)
        return Error("larger than " + std::to_string(kMaxCommandFile >> 20) +
                         " MiB; allowed: a file of shell commands of at most that",
                     EFBIG);
    return {};
}

} // namespace

Result<std::unique_ptr<CommandFile>> CommandFile::open(const std::string &path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return Error(std::strerror(errno), errno);
    if (Status refused = refusal(fd); !refused) {
        ::close(fd);
        return refused;
    }
    struct stat st {};
    const bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    return std::unique_ptr<CommandFile>(new CommandFile(fd, regular ? kMaxCommandFile : 0));
}

std::string read_error_text(int err) {
    if (err == EFBIG)
        return "grew past " + std::to_string(kMaxCommandFile >> 20) +
               " MiB while it was read (allowed: a file of shell commands of at most that)";
    if (err == ENODATA) return "truncated while it was read; its cut last line was not run";
    return std::strerror(err);
}

CommandFile::~CommandFile() {
    ::close(fd_);
}

} // namespace pmdfwd
