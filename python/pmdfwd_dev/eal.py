"""EAL's files on the machine: the runtime directory of a --file-prefix and
the hugepage files it maps, and whether hugepages are there to be used.

One place for what tests and tools used to repeat: EAL creates its runtime
directory even with --no-shconf and leaves it behind when killed, and a
killed primary on hugepages leaves its <prefix>map_N files in the mount.
"""
import glob
import os
import shutil

HUGEPAGE_DIR = "/dev/hugepages"


def runtime_base():
    """Where EAL puts runtime directories: /var/run/dpdk for root, else
    $XDG_RUNTIME_DIR/dpdk, else /tmp/dpdk (eal_get_runtime_dir's order)."""
    if os.geteuid() == 0:
        return "/var/run/dpdk"
    return os.path.join(os.environ.get("XDG_RUNTIME_DIR") or "/tmp", "dpdk")


def runtime_dir(prefix):
    """EAL's runtime directory for a --file-prefix."""
    return os.path.join(runtime_base(), prefix)


def telemetry_socket(prefix):
    """The DPDK telemetry v2 socket of the process with this --file-prefix."""
    return os.path.join(runtime_dir(prefix), "dpdk_telemetry.v2")


def remove_runtime_dir(prefix):
    """Remove the runtime directory of prefix wherever EAL may have put it
    (as root and as a user): the prefix is the caller's alone."""
    bases = {runtime_base(), "/var/run/dpdk"}
    if os.environ.get("XDG_RUNTIME_DIR"):
        bases.add(os.path.join(os.environ["XDG_RUNTIME_DIR"], "dpdk"))
    for base in bases:
        shutil.rmtree(os.path.join(base, prefix), ignore_errors=True)


def hugepage_files(prefix, hugepage_dir=HUGEPAGE_DIR):
    """Names of the files EAL made for prefix in the mount (<prefix>map_N)."""
    return sorted(os.path.basename(f) for f in glob.glob(os.path.join(glob.escape(hugepage_dir),
                                                                      prefix + "map_*")))


def remove_hugepage_files(prefix, hugepage_dir=HUGEPAGE_DIR):
    for name in hugepage_files(prefix, hugepage_dir):
        try:
            os.unlink(os.path.join(hugepage_dir, name))
        except OSError:
            pass


def _read(path):
    with open(path) as f:
        return f.read()


def free_hugepages(meminfo="/proc/meminfo", hugepage_dir=HUGEPAGE_DIR):
    """Free default-size hugepages, 0 without a hugetlbfs mount at hugepage_dir."""
    if not os.path.isdir(hugepage_dir):
        return 0
    try:
        for line in _read(meminfo).splitlines():
            if line.startswith("HugePages_Free:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def hugepages_available(need=64, meminfo="/proc/meminfo", mounts="/proc/mounts"):
    """(ok, reason): is a hugetlbfs mounted with at least need free pages?"""
    try:
        mounted = any(len(f) > 2 and f[2] == "hugetlbfs"
                      for f in (ln.split() for ln in _read(mounts).splitlines()))
    except OSError:
        mounted = False
    if not mounted:
        return False, "no hugetlbfs mounted (mount -t hugetlbfs nodev /dev/hugepages)"
    free = 0
    try:
        for line in _read(meminfo).splitlines():
            if line.startswith("HugePages_Free:"):
                free = int(line.split()[1])
    except OSError:
        pass
    if free < need:
        return False, f"only {free} free hugepages (need {need}+; echo 512 > /proc/sys/vm/nr_hugepages)"
    return True, f"{free} free hugepages"
