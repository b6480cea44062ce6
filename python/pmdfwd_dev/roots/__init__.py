"""A Debian root (a debootstrap directory) this host builds and runs in:
scripts/dpdk-matrix's DPDK 24.11 (trixie) and 25.11 (sid) roots, and
scripts/perf's root= subjects, the forwarders built there.

One Root owns
  - its lock (PATH.lock, fcntl.flock): one user at a time, so a matrix run
    never unmounts under a measurement nor two runs build in one root;
  - its mount table: what EAL and a build need inside (proc, sys, dev,
    dev/pts, dev/shm, dev/hugepages) and host directories bound at the same
    path. Each mount is recorded before it is made and undone in reverse
    order on any exit: the with block, an exception, SIGTERM, SIGINT or
    SIGHUP (SystemExit while the root is in use), atexit. A mount left by a
    run that was SIGKILLed is adopted by the next holder of the lock;
  - its chroot environment (a clean one: the host's does not leak in);
  - its creation (debootstrap from the configured mirror) and its packages.

    root = Root(path)
    with root.locked(wait=3600):
        if not root.exists():
            root.create("trixie", mirror())
        with root.mounted(binds=["/tmp"]):
            root.run(["meson", "test", ...], timeout=1800)

Commands go through a runner (argv, **subprocess.run keywords) ->
CompletedProcess, by default owned_process.run; tests pass a fake one.
"""
import atexit
import contextlib
import fcntl
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

from pmdfwd_dev import owned_process

# chroot's PATH inside a root (Debian's default for root).
ROOT_PATH = ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")
# (host source, path inside the root, kind), in mount order; undone in
# reverse. A bind whose source this host lacks (no hugepages) is left out.
MOUNTS = (("proc", "proc", "proc"), ("/sys", "sys", "bind"), ("/dev", "dev", "bind"),
          ("/dev/pts", "dev/pts", "bind"), ("/dev/shm", "dev/shm", "bind"),
          ("/dev/hugepages", "dev/hugepages", "bind"))
# The compiler cache (ccache) of builds inside a root: a host folder per
# suite (the suites' compilers differ) bound here, the last mount of the
# table; Root.env() points ccache at it. PMDFWD_CCACHE=0 turns it off.
CCACHE_INSIDE = "var/cache/pmdfwd-ccache"
CCACHE_MAXSIZE = "4G"
# Written once debootstrap has made the whole root: a root without it is
# half made (an interrupted debootstrap) and made again.
MARKER = ".pmdfwd-root"
EXIT_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
MOUNT_TIMEOUT = 60

_mounted = set()  # Roots with mounts, undone at exit whatever happened


class RootError(ValueError):
    """A root that cannot be used; the message says why and what to do."""


class RootBusy(RootError):
    """Another run holds the root's lock."""


def run_command(argv, **kwargs):
    """The real runner: the command is owned (it dies with this process)."""
    kwargs.setdefault("timeout", None)
    return owned_process.run(argv, **kwargs)


def log_stderr(message):
    sys.stderr.write(f"{message}\n")
    sys.stderr.flush()


def _raise_exit(signum, frame):
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def exit_on_signals():
    """SIGTERM, SIGINT and SIGHUP raise SystemExit(128 + signal), a shell's
    exit status for them, so that with and finally blocks undo their mounts.
    A signal ignored on entry (nohup) stays ignored. Outside the main thread
    (where Python cannot set handlers) the caller's handling stands."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.getsignal(s) for s in EXIT_SIGNALS}
    for s, handler in old.items():
        if handler is not signal.SIG_IGN:
            signal.signal(s, _raise_exit)
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


@contextlib.contextmanager
def signals_held():
    """Exit signals wait (blocked) until the block is done: a second SIGTERM
    must not cut an unmount short. They are delivered when it ends."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, EXIT_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def mount_points(mountinfo="/proc/self/mountinfo"):
    """Every mount point, from the kernel's table (os.path.ismount misses a
    bind mount of a directory of the same file system)."""
    points = []
    with open(mountinfo) as f:
        for line in f:
            fields = line.split()
            if len(fields) > 4:
                # Blanks and backslashes in paths are octal escapes (\040).
                points.append(re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[4]))
    return points


def is_mount_point(path):
    return os.path.realpath(path) in mount_points()


def mounts_under(path):
    """Mount points at or under `path`, deepest first."""
    real = os.path.realpath(path)
    return sorted((p for p in mount_points() if p == real or p.startswith(real + "/")), reverse=True)


class MountTable:
    """The mounts one holder of a root made or adopted, undone in reverse."""

    def __init__(self, root, runner, is_mount, log, ccache=None):
        self.root = root
        self.runner = runner
        self.is_mount = is_mount
        self.log = log
        self.ccache = ccache
        self.made = []

    def target(self, inside):
        return os.path.join(self.root, inside.lstrip("/"))

    def mount_all(self, binds=()):
        """The standard table, the compiler cache (when the root has one),
        then each host directory of `binds` at the same path inside; on any
        failure what was made is undone."""
        try:
            for source, inside, kind in MOUNTS:
                if kind == "bind" and not os.path.exists(source):
                    continue
                self._mount(source, inside, kind)
            if self.ccache:
                os.makedirs(self.ccache, exist_ok=True)
                self._mount(self.ccache, CCACHE_INSIDE, "bind")
            for d in binds:
                self._mount(d, d, "bind")
        except BaseException:
            self.unmount_all()
            raise

    def _mount(self, source, inside, kind):
        target = self.target(inside)
        # Recorded first: a signal between the mount and the record must not
        # leave it behind (unmount_all skips what is not mounted).
        self.made.append(target)
        if self.is_mount(target):
            # We hold the lock, so nobody uses it: left by a run that was
            # killed before it could unmount; ours to undo.
            return
        os.makedirs(target, exist_ok=True)
        argv = ["mount", "-t", "proc", "proc", target] if kind == "proc" else ["mount", "--bind", source, target]
        res = self.runner(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=MOUNT_TIMEOUT)
        if res.returncode:
            raise RootError(f"{self.root}: {' '.join(argv)} failed: {(res.stdout or '').strip()}")
        if kind == "bind":
            # A shared host mount (systemd makes / shared) would propagate
            # what happens under the root's copy - its dev/pts, its unmounts -
            # back to the host's tree.
            self.runner(["mount", "--make-slave", target], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL, timeout=MOUNT_TIMEOUT)

    def unmount_all(self):
        """Unmount in reverse order; a busy one is detached (umount -l: the
        kernel frees it when its last user goes). Returns what stayed."""
        left = []
        with signals_held():
            while self.made:
                target = self.made.pop()
                if not self.is_mount(target):
                    continue
                quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=MOUNT_TIMEOUT)
                if self.runner(["umount", target], **quiet).returncode == 0:
                    continue
                if self.runner(["umount", "-l", target], **quiet).returncode:
                    left.append(target)
        for target in left:
            self.log(f"could not unmount {target}")
        return left


class Root:
    """A Debian root at `path`; see the module's description."""

    def __init__(self, path, *, runner=run_command, is_mount=is_mount_point, log=log_stderr, ccache=None):
        """`ccache`: the host folder of this root's compiler cache
        (ccache_dir()); False: builds inside do not cache; None: the
        environment says nothing of ccache (a root nobody builds in)."""
        self.path = os.path.realpath(path)
        self.runner = runner
        self.log = log
        self.ccache = ccache
        self.table = MountTable(self.path, runner, is_mount, log, ccache)
        self._lock = None

    @property
    def lock_path(self):
        return self.path + ".lock"

    def exists(self):
        """Made completely by create() (or by the bash matrix before it)."""
        return os.path.isfile(os.path.join(self.path, MARKER))

    # ---- the lock ------------------------------------------------------------
    def lock(self, wait=None):
        """Take the root's lock, waiting up to `wait` seconds (None: as long
        as it takes, 0: not at all); RootBusy when it stays taken."""
        if self._lock:
            return
        try:
            os.makedirs(os.path.dirname(self.lock_path), exist_ok=True)
            f = open(self.lock_path, "a")
        except PermissionError as e:
            raise RootError(f"{self.lock_path}: {e.strerror}: a Debian root needs root (chroot, mount): "
                            "run as root") from None
        try:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if wait == 0:
                    raise RootBusy(f"{self.path} is in use: another run (scripts/dpdk-matrix or a scripts/perf "
                                   f"root= subject) holds {self.lock_path}; try again when it is done") from None
                self.log(f"waiting for {self.lock_path} (another dpdk-matrix or perf run holds it)")
                self._wait_for_lock(f, wait)
        except BaseException:
            f.close()
            raise
        self._lock = f

    def _wait_for_lock(self, f, wait):
        if wait is None:
            fcntl.flock(f, fcntl.LOCK_EX)
            return
        deadline = time.monotonic() + wait
        while True:
            time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise RootBusy(f"waited {wait:g} s for {self.lock_path}: another run still holds it") from None

    def unlock(self):
        if self._lock:
            self._lock.close()  # releases the flock
            self._lock = None

    @contextlib.contextmanager
    def locked(self, wait=None):
        with exit_on_signals():
            self.lock(wait)
            try:
                yield self
            finally:
                self.unlock()

    # ---- the mounts ------------------------------------------------------------
    def mount(self, binds=()):
        """Mount the table (and `binds`); the lock must be held."""
        if not self._lock:
            raise RuntimeError(f"{self.path}: mount() without the lock")
        if self.runner is run_command and os.geteuid() != 0:
            raise RootError(f"{self.path}: a Debian root needs root (chroot, mount): run as root")
        _mounted.add(self)
        self.table.mount_all(binds)

    def unmount(self):
        """Stop what still runs inside (it keeps mounts busy), then unmount in
        reverse order. Returns the mounts that stayed."""
        try:
            if self.table.made:
                self.kill_processes()
            return self.table.unmount_all()
        finally:
            _mounted.discard(self)

    @contextlib.contextmanager
    def mounted(self, binds=()):
        with exit_on_signals():
            try:
                self.mount(binds)
                yield self
            finally:
                self.unmount()

    def processes(self, proc="/proc"):
        """Pids whose root directory is this root (chroot'ed into it)."""
        pids = []
        for entry in os.listdir(proc):
            if entry.isdigit():
                try:
                    if os.readlink(os.path.join(proc, entry, "root")) == self.path:
                        pids.append(int(entry))
                except OSError:
                    pass
        return pids

    def kill_processes(self):
        """While we hold the lock, whatever runs inside was started by us (a
        test that leaked a daemon): SIGTERM, then SIGKILL."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            found = False
            for pid in self.processes():
                try:
                    os.kill(pid, sig)
                    found = True
                except OSError:
                    pass
            if not found:
                return
            self.log(f"killed processes left in {self.path} ({sig.name})")
            time.sleep(1)

    # ---- commands inside ---------------------------------------------------------
    def env(self):
        """The environment inside: root's, nothing of the host's; ccache's
        cache (meson uses ccache when it is on PATH) or ccache off."""
        env = {"HOME": "/root", "LANG": "C.UTF-8", "TERM": os.environ.get("TERM") or "dumb",
               "PATH": ":".join(ROOT_PATH)}
        if self.ccache:
            env.update(CCACHE_DIR="/" + CCACHE_INSIDE, CCACHE_MAXSIZE=CCACHE_MAXSIZE)
        elif self.ccache is False:
            env["CCACHE_DISABLE"] = "1"
        env["DEBIAN_FRONTEND"] = "noninteractive"
        return env

    def argv(self, cmd):
        """The host command line that runs `cmd` inside the root."""
        return ["chroot", self.path, "/usr/bin/env", "-i", *(f"{k}={v}" for k, v in self.env().items()),
                *cmd]

    def run(self, cmd, **kwargs):
        """Run `cmd` inside (subprocess.run keywords; timeout=None waits)."""
        return self.runner(self.argv(cmd), **kwargs)

    def output(self, cmd, timeout=600):
        """The standard output of `cmd` inside, or None when it failed."""
        res = self.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=timeout)
        return res.stdout if res.returncode == 0 else None

    # ---- creation and packages -------------------------------------------------
    def create(self, suite, mirror_url):
        """debootstrap --variant=minbase SUITE from `mirror_url` into PATH.partial,
        then moved to PATH and marked; the lock must be held."""
        if not self._lock:
            raise RuntimeError(f"{self.path}: create() without the lock")
        if not mirror_url:
            raise RootError("no Debian mirror found in /etc/apt/sources.list.d/debian.sources or "
                            "/etc/apt/sources.list (set PMDFWD_MIRROR)")
        partial = self.path + ".partial"
        log_path = self.path + ".debootstrap.log"
        self.remove_tree(partial)
        self.log(f"creating the {suite} root in {self.path} from {mirror_url} (once; several minutes)")
        argv = ["debootstrap", "--variant=minbase", suite, partial, mirror_url]
        try:
            with open(log_path, "w") as out:
                rc = self.runner(argv, stdout=out, stderr=subprocess.STDOUT, timeout=None).returncode
        except FileNotFoundError:
            raise RootError("debootstrap is not installed (apt-get install debootstrap)") from None
        except BaseException:
            # Stopped (SIGTERM: SystemExit) inside debootstrap, whose second
            # stage mounts /proc and /sys in the tree: undone, not left to
            # the next run.
            with signals_held():
                self.remove_tree(partial)
            raise
        if rc:
            with open(log_path, errors="replace") as f:
                tail = "".join(f.readlines()[-15:])
            self.remove_tree(partial)
            raise RootError(f"debootstrap {suite} failed (exit {rc}); last lines of {log_path}:\n{tail}")
        self.remove_tree(self.path)
        os.rename(partial, self.path)
        open(os.path.join(self.path, MARKER), "w").close()

    def remove_tree(self, path):
        """Remove a (half-made) root; never while anything is mounted in it:
        the removal would reach the host's /dev or /sys."""
        if not os.path.lexists(path):
            return
        for point in mounts_under(path):
            if self.runner(["umount", point], stderr=subprocess.DEVNULL, timeout=MOUNT_TIMEOUT).returncode:
                self.runner(["umount", "-l", point], timeout=MOUNT_TIMEOUT)
        if mounts_under(path):
            raise RootError(f"{path} still has mounts inside; not removing it")
        shutil.rmtree(path)

    def configure_apt(self, suite):
        """No recommends, no pty, no service starts; sid's Release files can be
        past their Valid-Until on a mirror snapshot (apt would refuse them)."""
        conf = ['APT::Install-Recommends "false";', 'Dpkg::Use-Pty "0";']
        if suite == "sid":
            conf.append('Acquire::Check-Valid-Until "false";')
        with open(os.path.join(self.path, "etc/apt/apt.conf.d/99pmdfwd"), "w") as f:
            f.write("\n".join(conf) + "\n")
        policy = os.path.join(self.path, "usr/sbin/policy-rc.d")
        with open(policy, "w") as f:
            f.write("#!/bin/sh\nexit 101\n")
        os.chmod(policy, 0o755)
        try:
            shutil.copyfile("/etc/resolv.conf", os.path.join(self.path, "etc/resolv.conf"))
        except OSError:
            pass  # no resolver here: a mirror by address still works

    def pmd_package(self, pmd):
        """This suite's package of a PMD (net-ring: librte-net-ring25)."""
        names = (self.output(["apt-cache", "pkgnames", f"librte-{pmd}"]) or "").split()
        versioned = [n for n in names if re.fullmatch(rf"librte-{re.escape(pmd)}-?[0-9.]+", n)]
        if not versioned:
            raise RootError(f"no librte-{pmd} package in this suite's lists")
        # The newest: sort -V on what follows the name.
        return max(versioned, key=lambda n: [int(x) for x in re.findall(r"[0-9]+", n[len(f"librte-{pmd}"):])])

    def missing_packages(self, packages):
        # dpkg-query fails for a name it never saw, and still lists the rest.
        res = self.run(["dpkg-query", "-W", "-f=${Package} ${Status}\\n", *packages], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True, timeout=600)
        out = res.stdout or ""
        installed = {line.split()[0] for line in out.splitlines() if line.endswith(" install ok installed")}
        return [p for p in packages if p not in installed]

    def _apt(self, args):
        if self.run(["apt-get", *args], timeout=None).returncode:
            raise RootError(f"apt-get {' '.join(args)} failed in {self.path} (output above)")

    def install(self, suite, packages, pmds=()):
        """Install what is missing of `packages` and of the PMDs' packages
        (named as this suite's DPDK names them); mounted. Returns what it
        installed."""
        lists = os.path.join(self.path, "var/lib/apt/lists")
        updated = False
        if not any(n not in ("lock", "partial", "auxfiles") for n in _listdir(lists)):
            self._apt(["update", "-q"])
            updated = True
        missing = self.missing_packages(list(packages) + [self.pmd_package(p) for p in pmds])
        if not missing:
            return []
        self.log(f"{suite} root: installing {' '.join(missing)}")
        if not updated:
            self._apt(["update", "-q"])
        self._apt(["install", "-y", "-q", *missing])
        self.run(["apt-get", "clean"], timeout=None)
        return missing


def _listdir(path):
    try:
        return os.listdir(path)
    except OSError:
        return []


def ccache_dir(name, environ=None):
    """The host folder of the compiler cache for root `name` (its suite):
    PMDFWD_CCACHE_DIR (default /var/cache/pmdfwd/ccache)/NAME, as
    scripts/ccache.sh names the host's; False when PMDFWD_CCACHE=0."""
    environ = os.environ if environ is None else environ
    if environ.get("PMDFWD_CCACHE", "1") == "0":
        return False
    return os.path.join(environ.get("PMDFWD_CCACHE_DIR") or "/var/cache/pmdfwd/ccache", name)


def mirror(environ=None, sources="/etc/apt/sources.list.d/debian.sources", sources_list="/etc/apt/sources.list"):
    """The Debian mirror roots come from: PMDFWD_MIRROR, else the first
    non-security URI of the host's deb822 sources, else of sources.list;
    "" when there is none."""
    environ = os.environ if environ is None else environ
    if environ.get("PMDFWD_MIRROR"):
        return environ["PMDFWD_MIRROR"]
    for line in _lines(sources):
        fields = line.split()
        if len(fields) > 1 and fields[0].lower() == "uris:" and "security" not in fields[1]:
            return fields[1]
    for line in _lines(sources_list):
        fields = line.split()
        if fields[:1] == ["deb"]:
            url = next((f for f in fields[1:] if re.match(r"[a-z]+://", f)), "")
            if url and "security" not in url:
                return url
    return ""


def _lines(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except OSError:
        return []


def _unmount_at_exit():
    for root in list(_mounted):
        root.unmount()


atexit.register(_unmount_at_exit)
