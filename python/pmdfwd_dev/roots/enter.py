"""Subjects inside a Debian root: a forwarder built on another DPDK.

A subject spec with root=PATH names a directory made by scripts/dpdk-matrix
(Debian 13 with DPDK 24.11, sid with 25.11; pmdfwd built there at
/opt/pmdfwd/build/pmdfwd). Its binary is then a path inside that root and
it runs through chroot(8), with what EAL needs mounted in the root for the
duration of the perf run, and the run's work directory at the same path, so
that --cmdline-file and memif socket paths mean the same on both sides.

The root itself - its lock (the one scripts/dpdk-matrix takes, so a matrix
run never unmounts under a measurement), its mount table and its chroot
environment - is pmdfwd_dev.roots.Root. Mounts made here are undone at
cleanup(), also after a failure (the perf tool calls it in a finally block),
and at exit otherwise.
"""

import atexit
import os
import sys

from pmdfwd_dev.roots import ROOT_PATH, Root

_active = {}  # realpath of a root -> Root


def _log(message):
    sys.stderr.write(f"[perf] {message}\n")


def check_root(path):
    """The real path of a usable root, or a ValueError saying why not."""
    real = os.path.realpath(path)
    if not os.path.isfile(os.path.join(real, "etc", "debian_version")):
        raise ValueError(f"root={path}: not a Debian root (no etc/debian_version); "
                         "create one with scripts/dpdk-matrix --versions 24.11")
    return real


def resolve(root, path):
    """Host path of executable `path` (absolute, or a name on the root's
    PATH) inside `root`; symbolic links are followed inside the root."""
    if os.sep in path and not path.startswith("/"):
        raise ValueError(f"root={root}: bin={path} must be an absolute path inside the root or a name")
    for candidate in [path] if path.startswith("/") else [os.path.join(d, path) for d in ROOT_PATH]:
        host = host_path(root, candidate)
        if host and os.path.isfile(host) and os.access(host, os.X_OK):
            return os.path.join(root, candidate.lstrip("/"))
    return None


def host_path(root, path, hops=40):
    """`path` inside `root` as a host path, links resolved as chroot would
    (the root's /var/run -> /run is followed inside the root, not to the
    host's); None past 40 links."""
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
        r = Root(real, log=_log)
        r.lock()
        try:
            r.mount(binds=dirs)
        except BaseException:
            r.unlock()
            raise
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
    return _active[root].argv([*line_buffered, inside, *argv[1:]])


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
        try:
            r.unmount()
        finally:
            r.unlock()
    _active.clear()


atexit.register(leave_all)
