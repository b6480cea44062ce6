"""Subjects inside a Debian root: a forwarder built on another DPDK.

A subject spec with root=PATH names a directory made by scripts/dpdk-matrix.sh
(Debian 13 with DPDK 24.11, sid with 25.11; pmdfwd built there at
/opt/pmdfwd/build/pmdfwd). Its binary is then a path inside that root and
it runs through chroot(8), with what EAL needs mounted in the root for the
duration of the perf run: /proc, /sys, /dev (pts, shm, hugepages), and the
run's work directory at the same path, so that --cmdline-file and memif
socket paths mean the same on both sides.

The root is locked (PATH.lock, the lock scripts/dpdk-matrix.sh takes) while
mounted, so a matrix run never unmounts under a measurement; mounts made here
are undone at cleanup(), also after a failure (the perf tool calls it in a
finally block), and by atexit otherwise.
"""

import atexit
import fcntl
import os
import subprocess
import sys

from pmdfwd_tools import owned_process

# chroot's PATH inside a root (Debian's default for root).
ROOT_PATH = ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")
_MOUNTS = (("proc", None, "proc"), ("/sys", "sys", "bind"), ("/dev", "dev", "bind"),
           ("/dev/pts", "dev/pts", "bind"), ("/dev/shm", "dev/shm", "bind"),
           ("/dev/hugepages", "dev/hugepages", "bind"))

_active = {}  # realpath of a root -> Root


class Root:
    def __init__(self, path):
        self.path = path
        self.mounted = []
        self.lock = None

    def _mount(self, args, target):
        os.makedirs(target, exist_ok=True)
        if os.path.ismount(target):
            # Mounted while we hold the root's lock: left over by a run that
            # was killed; ours to undo at the end.
            self.mounted.append(target)
            return
        owned_process.run(["mount", *args, target], check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=60)
        self.mounted.append(target)

    def enter(self, dirs=()):
        """Lock the root and mount what EAL needs, plus `dirs` (host
        directories) at the same paths inside."""
        if os.geteuid() != 0:
            raise ValueError(f"root={self.path}: running inside a root needs root (chroot, mount)")
        self.lock = open(self.path.rstrip("/") + ".lock", "a")
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            sys.stderr.write(f"[perf] waiting for {self.lock.name} (a dpdk-matrix run?)\n")
            fcntl.flock(self.lock, fcntl.LOCK_EX)
        try:
            for src, dst, kind in _MOUNTS:
                target = os.path.join(self.path, dst or src)
                if kind == "proc":
                    self._mount(["-t", "proc", "proc"], target)
                elif os.path.exists(src):
                    self._mount(["--bind", src], target)
                    owned_process.run(["mount", "--make-slave", target], timeout=60)
            for d in dirs:
                self._mount(["--bind", d], os.path.join(self.path, d.lstrip("/")))
        except subprocess.CalledProcessError as e:
            self.leave()
            raise ValueError(f"root={self.path}: {' '.join(e.cmd)} failed: {e.stdout.decode().strip()}") from None

    def leave(self):
        for target in reversed(self.mounted):
            if owned_process.run(["umount", target], stderr=subprocess.DEVNULL, timeout=60).returncode:
                owned_process.run(["umount", "-l", target], timeout=60)
        self.mounted = []
        if self.lock:
            self.lock.close()  # releases the flock
            self.lock = None


def check_root(path):
    """The real path of a usable root, or a ValueError saying why not."""
    real = os.path.realpath(path)
    if not os.path.isfile(os.path.join(real, "etc", "debian_version")):
        raise ValueError(f"root={path}: not a Debian root (no etc/debian_version); "
                         "create one with scripts/dpdk-matrix.sh --versions 24.11")
    return real


def resolve(root, path):
    """Host path of executable `path` (absolute, or a name on the root's
    PATH) inside `root`; symbolic links are followed inside the root."""
    if os.sep in path and not path.startswith("/"):
        raise ValueError(f"root={root}: bin={path} must be an absolute path inside the root or a name")
    for candidate in [path] if path.startswith("/") else [os.path.join(d, path) for d in ROOT_PATH]:
        host = _follow(root, candidate)
        if host and os.path.isfile(host) and os.access(host, os.X_OK):
            return os.path.join(root, candidate.lstrip("/"))
    return None


def _follow(root, path, hops=40):
    """`path` inside `root` as a host path, links resolved as chroot would."""
    parts = [p for p in path.split("/") if p]
    cur = "/"
    while parts and hops > 0:
        part = parts.pop(0)
        nxt = os.path.normpath(os.path.join(cur, part))
        host = os.path.join(root, nxt.lstrip("/"))
        if os.path.islink(host):
            hops -= 1
            target = os.readlink(host)
            parts = [p for p in target.split("/") if p] + parts
            cur = "/" if target.startswith("/") else cur
            continue
        cur = nxt
    return os.path.join(root, cur.lstrip("/")) if hops > 0 else None


def enter(path, dirs=()):
    """Mount `path` (once per run, shared by its subjects); its real path."""
    real = check_root(path)
    if real not in _active:
        r = Root(real)
        r.enter(dirs)
        _active[real] = r
    return real


def root_of(host_path):
    """The entered root a host path lies in, or None."""
    for real in _active:
        if host_path.startswith(real + "/"):
            return real
    return None


def host_argv(argv, stdbuf=None):
    """argv as started on this host: a binary inside an entered root runs
    through chroot (with the root's own stdbuf, whose preload library is
    the root's)."""
    root = root_of(argv[0])
    if not root:
        return ([stdbuf, "-oL", "-eL"] if stdbuf else []) + list(argv)
    inside = "/" + os.path.relpath(argv[0], root)
    line_buffered = ["/usr/bin/stdbuf", "-oL", "-eL"] if stdbuf and os.path.exists(
        os.path.join(root, "usr/bin/stdbuf")) else []
    return ["chroot", root, *line_buffered, inside, *argv[1:]]


def runtime_dirs(prefix_start):
    """EAL runtime dirs (by file prefix) a run left in the entered roots."""
    out = []
    for real in _active:
        base = os.path.join(real, "run", "dpdk")  # var/run is a link to /run
        try:
            out += [os.path.join(base, n) for n in os.listdir(base) if n.startswith(prefix_start)]
        except OSError:
            pass
    return out


def leave_all():
    for r in list(_active.values()):
        r.leave()
    _active.clear()


atexit.register(leave_all)
