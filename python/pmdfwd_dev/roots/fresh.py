"""Fresh (throw-away) Debian roots: scripts/test-packages.sh and
scripts/time-first-run.sh each start from a clean minbase root, as a new
machine would be, and remove it when done.

A suite's minbase root is made once with debootstrap (roots.Root.create, from
roots.mirror()) and kept as a tarball, SUITE-minbase.tar, in PMDFWD_PKGROOTS
(default /var/cache/pmdfwd/pkgroots). Every fresh root is that tarball
unpacked into a new temporary directory there (off /tmp: the root's bind
mounts of /dev and /sys must never lie where a cleaner of /tmp deletes
recursively), then locked, mounted and run in as a roots.Root: the same mount
table, lock and chroot environment as the DPDK matrix's roots, and its
commands owned (owned_process). Leaving the with block - normally, by an
exception, or on SIGTERM, SIGINT or SIGHUP (SystemExit(128 + signal)) - kills
what still runs inside, undoes every mount in reverse order and removes the
directory, never while anything is still mounted in it.

    with fresh_root("bookworm") as root:
        root.run(["apt-get", "update", "-q"], timeout=None)
"""
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from typing import Callable, Iterator, Mapping, Optional

from pmdfwd_dev import roots

DEFAULT_PKGROOTS = "/var/cache/pmdfwd/pkgroots"
HOST_SOURCES = "/etc/apt/sources.list.d/debian.sources"
# The host's own suite: its roots get the host's sources file as it is.
HOST_SUITE = "bookworm"
# A Debian suite or codename (bookworm, trixie, sid, bookworm-backports).
SUITE_NAME = re.compile(r"[a-z][a-z0-9-]*")
# Two first runs at once: the second waits for the first's tarball.
BASE_LOCK_WAIT = 3600
POLICY_RC_D = "#!/bin/sh\nexit 101\n"

Log = Callable[[str], None]


def pkgroots(environ: Optional[Mapping[str, str]] = None) -> str:
    """Where the tarballs and the fresh roots go: PMDFWD_PKGROOTS or the default."""
    environ = os.environ if environ is None else environ
    return environ.get("PMDFWD_PKGROOTS") or DEFAULT_PKGROOTS


def check_suite(suite: str) -> str:
    """`suite` when it is a suite's name, else RootError saying what is allowed."""
    if not SUITE_NAME.fullmatch(suite):
        raise roots.RootError(f"'{suite}' is not a Debian suite name (allowed: a codename such as bookworm, "
                              "trixie or sid: lower-case letters, digits and '-')")
    return suite


def sources_text(suite: str, mirror_url: str) -> str:
    """A fresh install's deb822 sources for `suite`: the suite, its -updates
    and its -security (from the mirror's debian-security sibling)."""
    security = re.sub(r"/debian/?$", "", mirror_url) + "/debian-security"
    keyring = "Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"
    return (f"Types: deb\nURIs: {mirror_url}\nSuites: {suite} {suite}-updates\nComponents: main\n{keyring}\n"
            f"Types: deb\nURIs: {security}\nSuites: {suite}-security\nComponents: main\n{keyring}")


def write_sources(path: str, suite: str, mirror_url: str, host_sources: str = HOST_SOURCES) -> None:
    """The apt sources of the root at `path`: the host's file for the host's
    suite (as this machine was installed), the same three for another."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(os.path.join(path, "etc/apt/sources.list"))
    target = os.path.join(path, "etc/apt/sources.list.d/debian.sources")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if suite == HOST_SUITE and os.path.isfile(host_sources):
        shutil.copyfile(host_sources, target)
        return
    with open(target, "w") as f:
        f.write(sources_text(suite, mirror_url))


def _checked(runner: Callable, argv: list, what: str) -> None:
    res = runner(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=None)
    if res.returncode:
        raise roots.RootError(f"{what}: {' '.join(argv)} failed (exit {res.returncode}): "
                              f"{(res.stdout or '').strip()}")


def base_tarball(suite: str, *, directory: str, mirror_url: Optional[str] = None,
                 runner: Callable = roots.run_command, log: Log = roots.log_stderr) -> str:
    """The minbase tarball of `suite` in `directory`, made once (debootstrap:
    several minutes) under the lock SUITE-minbase.lock."""
    tar = os.path.join(directory, f"{suite}-minbase.tar")
    if os.path.isfile(tar):
        return tar
    base = roots.Root(os.path.join(directory, f"{suite}-minbase"), runner=runner, log=log)
    with base.locked(wait=BASE_LOCK_WAIT):
        if os.path.isfile(tar):  # made while we waited
            return tar
        if runner is roots.run_command and not shutil.which("debootstrap"):
            raise roots.RootError("debootstrap is not installed (apt-get install debootstrap)")
        url = roots.mirror() if mirror_url is None else mirror_url
        base.create(suite, url)
        try:
            write_sources(base.path, suite, url)
            _checked(runner, ["tar", "-C", base.path, f"--exclude=./{roots.MARKER}", "-cf", tar + ".tmp", "."],
                     f"the {suite} minbase tarball")
            os.replace(tar + ".tmp", tar)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tar + ".tmp")
            base.remove_tree(base.path)
    return tar


def prepare(path: str) -> None:
    """What a chroot needs on top of the minbase tree: the host's resolver,
    and no service started by a package's postinst."""
    with contextlib.suppress(OSError):  # no resolver here: a mirror by address still works
        shutil.copyfile("/etc/resolv.conf", os.path.join(path, "etc/resolv.conf"))
    policy = os.path.join(path, "usr/sbin/policy-rc.d")
    os.makedirs(os.path.dirname(policy), exist_ok=True)
    with open(policy, "w") as f:
        f.write(POLICY_RC_D)
    os.chmod(policy, 0o755)


def _remove(root: roots.Root, top: str, runner: Callable, log: Log) -> None:
    """The root's directory and its lock; never while something is mounted
    in it (the removal would reach the host's /dev): what is left mounted is
    undone first, and rm stays on the root's file system whatever appears."""
    for point in roots.mounts_under(root.path):
        if runner(["umount", point], stderr=subprocess.DEVNULL, timeout=roots.MOUNT_TIMEOUT).returncode:
            runner(["umount", "-l", point], timeout=roots.MOUNT_TIMEOUT)
    if roots.mounts_under(root.path):
        log(f"{root.path} still has mounts inside; not removing it")
        return
    res = runner(["rm", "-rf", "--one-file-system", top], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                 text=True, timeout=None)
    if res.returncode:
        log(f"could not remove {top}: {(res.stdout or '').strip()}")


@contextlib.contextmanager
def fresh_root(suite: str = HOST_SUITE, *, keep: bool = False, directory: Optional[str] = None,
               mirror_url: Optional[str] = None, runner: Callable = roots.run_command,
               is_mount: Callable[[str], bool] = roots.is_mount_point, log: Log = roots.log_stderr,
               binds: tuple = ()) -> Iterator[roots.Root]:
    """A new root of `suite`, locked and mounted (roots.MOUNTS, then `binds`),
    for the with block; then unmounted and removed (keep=True: unmounted and
    left where it is, which is said). RootError when it cannot be made."""
    check_suite(suite)
    directory = directory or pkgroots()
    with roots.exit_on_signals():
        os.makedirs(directory, exist_ok=True)
        tar = base_tarball(suite, directory=directory, mirror_url=mirror_url, runner=runner, log=log)
        top = None
        try:
            with roots.signals_held():  # the directory is recorded before any signal can stop us
                top = tempfile.mkdtemp(prefix=f"fresh-{suite}.", dir=directory)
            root = roots.Root(os.path.join(top, "root"), runner=runner, is_mount=is_mount, log=log)
            with root.locked(wait=0):
                try:
                    os.mkdir(root.path, 0o755)
                    _checked(runner, ["tar", "-C", root.path, "-xf", tar], f"a fresh {suite} root")
                    prepare(root.path)
                    with root.mounted(binds=binds):
                        yield root
                finally:
                    with roots.signals_held():  # a second SIGTERM must not cut the removal short
                        if keep:
                            log(f"kept the {suite} root in {root.path} (unmounted)")
                        else:
                            _remove(root, top, runner, log)
        finally:
            if top and not keep and not os.path.exists(os.path.join(top, "root")):
                shutil.rmtree(top, ignore_errors=True)
