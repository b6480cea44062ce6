#include "shell/command_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

namespace pmdfwd {

std::string CommandFileError::reason() const {
    switch (kind) {
    case Kind::CannotOpen:
        return std::strerror(err);
    case Kind::Directory:
        return "a directory; expected a file of shell commands";
    case Kind::TooLarge:
        return "larger than " + std::to_string(kMaxCommandFile >> 20) +
               " MiB; allowed: a file of shell commands of at most that";
    }
    return {};
}

namespace {

// Why an open file cannot be a command file, if it cannot.
std::optional<CommandFileError::Kind> refusal(int fd) {
    struct stat st {};
    if (fstat(fd, &st) != 0) return std::nullopt; // reading it will say
    if (S_ISDIR(st.st_mode)) return CommandFileError::Kind::Directory;
    if (S_ISREG(st.st_mode) && static_cast<size_t>(st.st_size) > kMaxCommandFile)
        return CommandFileError::Kind::TooLarge;
    return std::nullopt;
}

} // namespace

std::unique_ptr<CommandFile> CommandFile::open(const std::string &path, CommandFileError *why) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = {CommandFileError::Kind::CannotOpen, errno};
        return nullptr;
    }
    if (const auto kind = refusal(fd)) {
        ::close(fd);
        *why = {*kind, 0};
        return nullptr;
    }
    return std::unique_ptr<CommandFile>(new CommandFile(fd));
}

CommandFile::~CommandFile() {
    ::close(fd_);
}

} // namespace pmdfwd
