#include "app/eal_exit.h"

#include <rte_eal.h>
#include <rte_memory.h>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <set>
#include <string>
#include <string_view>

namespace pmdfwd {

namespace {

// The file behind each hugepage segment still mapped (memory a library
// allocated and never freed: ethdev's port data, its own heap headers).
int collect_file(const rte_memseg_list *, const rte_memseg *ms, void *arg) {
    const int fd = rte_memseg_get_fd_thread_unsafe(ms);
    if (fd < 0) return 0; // --no-huge, --in-memory: no file
    char path[PATH_MAX];
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    const ssize_t n = readlink(link.c_str(), path, sizeof(path) - 1);
    if (n <= 0) return 0;
    const std::string_view p(path, static_cast<size_t>(n));
    // --huge-unlink: already gone.
    if (!p.ends_with(" (deleted)")) static_cast<std::set<std::string> *>(arg)->emplace(p);
    return 0;
}

// EAL's cleanup leaves its runtime directory (config, fbarray files,
// sockets, flat) behind: one per --file-prefix ever run would pile up.
// Entries that are not files (another prefix's directory, were this ever the
// base) are left, and so is the directory then.
void remove_runtime_dir(const std::string &dir) {
    if (dir.empty() || dir.back() == '/') return;
    DIR *d = opendir(dir.c_str());
    if (d == nullptr) return;
    while (const dirent *e = readdir(d))
        if (e->d_type != DT_DIR) unlinkat(dirfd(d), e->d_name, 0);
    closedir(d);
    rmdir(dir.c_str());
}

} // namespace

void eal_exit() {
    std::set<std::string> files;
    std::string runtime_dir;
    // Only the primary process owns the files; a secondary's pages and
    // runtime directory are the primary's.
    if (rte_eal_process_type() == RTE_PROC_PRIMARY) {
        rte_memseg_walk(collect_file, &files);
        runtime_dir = rte_eal_get_runtime_dir();
    }
    rte_eal_cleanup();
    for (const std::string &f : files)
        unlink(f.c_str());
    remove_runtime_dir(runtime_dir);
}

} // namespace pmdfwd
