"""scripts/test-packages.sh: the Debian packages as a user gets them (issue
21). Builds pmdfwd and pmdfwd-dev from this tree with dpkg-buildpackage, runs
lintian on them, installs them with apt into a clean Debian 12 root
(fresh_root), runs pmdfwd from PATH on net_ring, builds examples/engine-plugin
against the installed pmdfwd-dev with pkg-config and loads it (from the
plugin directory and by path), then purges both packages and checks that none
of their files is left. Needs root; a root that cannot be made is a failure.

    scripts/test-packages.sh [OUT_DIR]       OUT_DIR (relative to the tree) keeps
                                             the .debs and logs (default: a
                                             temporary directory)
    DEBS_FROM=DIR scripts/test-packages.sh   the .debs (and .changes) in DIR
                                             instead of building them
    SUITE=trixie scripts/test-packages.sh    the same on Debian 13 (DPDK 24.11):
                                             built and linted in a trixie root

Prints one line per check and "test-packages: N passed, M failed (S s)"; exit
status 0 when every check passed, 1 when one failed, 2 on bad usage, 128+N
when stopped by signal N (the roots unmounted and removed).
"""
import contextlib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Callable, Dict, Iterable, List, Mapping, Optional, TextIO

from pmdfwd_dev import dpdk_matrix, roots
from pmdfwd_dev.roots.fresh import HOST_SUITE, check_suite, fresh_root, pkgroots

PROG = "test-packages"
USAGE = ("usage: scripts/test-packages.sh [OUT_DIR]   (environment: SUITE=bookworm|trixie|..., "
         "DEBS_FROM=DIR)")
PACKAGES = ("pmdfwd", "pmdfwd-dev")
# pmdfwd on the ring loopback: two lcores, no hugepages, a prefix of its own.
EAL = "-l 0-1 --no-pci --no-huge -m 512 --file-prefix pkgtest --vdev net_ring0 --vdev net_ring1"
FORWARD_TIMEOUT = 60
TAIL_LINES = 25
ROOT_TAIL_LINES = 15
# What pmdfwd puts where a user looks for it (each a shell test in the root).
IN_PLACE = (
    '[ "$(command -v pmdfwd)" = /usr/bin/pmdfwd ]',
    'zcat /usr/share/man/man1/pmdfwd.1.gz | grep -q "^.SH SHELL COMMANDS"',
    'test -f /usr/share/man/man1/pmdfwd-exporter.1.gz',
    'test -f /usr/share/bash-completion/completions/pmdfwd',
    'test -f /usr/share/doc/pmdfwd/user-guide.md.gz',
    'test -f /usr/share/doc/pmdfwd-dev/engine-authoring.md.gz',
    'test -f /usr/share/pmdfwd/telemetry-endpoints/pmdfwd.py',
    'test -d /usr/lib/$(gcc -print-multiarch)/pmdfwd',
)
# The packages' own directories: none may stay after the purge.
PACKAGE_DIRS = ("/usr/lib/*/pmdfwd", "/usr/share/pmdfwd", "/usr/share/doc/pmdfwd", "/usr/share/doc/pmdfwd-dev",
                "/usr/include/pmdfwd")
# The example plugin built as the engine guide says, by hand and with its Makefile.
PLUGIN_BUILD = """
  cflags=$(pkg-config --cflags pmdfwd-engine) && libs=$(pkg-config --libs pmdfwd-engine) &&
  cp -r /usr/share/doc/pmdfwd-dev/examples/engine-plugin /tmp/macfwd && cd /tmp/macfwd &&
  cc -std=gnu11 -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra -Werror $cflags macfwd.c -o macfwd.so $libs &&
  make -s BUILD=/tmp/macfwd/make && test -f /tmp/macfwd/make/macfwd.so"""


class UsageError(Exception):
    """Bad arguments or environment; the message says what is allowed."""


def say(*lines: str) -> None:
    print(*lines, sep="\n", flush=True)


def indented(text: str) -> List[str]:
    return ["      " + line for line in text.splitlines()]


# ---- command lines ------------------------------------------------------------------
def parse(argv: List[str], environ: Mapping[str, str]) -> dict:
    """OUT_DIR, SUITE and DEBS_FROM; UsageError on anything else."""
    if argv[:1] in (["-h"], ["--help"]):
        return {"help": True}
    options = [a for a in argv if a.startswith("-")]
    if options:
        raise UsageError(f"unknown option {options[0]} (allowed: OUT_DIR, or --help)")
    if len(argv) > 1:
        raise UsageError(f"one OUT_DIR at most, got {len(argv)}: {' '.join(argv)}")
    suite = environ.get("SUITE") or HOST_SUITE
    try:
        check_suite(suite)
    except roots.RootError as e:
        raise UsageError(f"SUITE={e}") from None
    return {"help": False, "out": argv[0] if argv else None, "suite": suite,
            "debs_from": environ.get("DEBS_FROM") or None}


def version(meson_build: str) -> str:
    """The project's version from meson.build's project() call."""
    m = re.search(r"^  version: '(.*)',$", meson_build, re.MULTILINE)
    if not m:
        raise UsageError("no version: '...' in meson.build's project()")
    return m.group(1)


def build_in_root_script(version: str) -> str:
    """In a root of another suite: the build tools and the tree's build
    dependencies, then the packages."""
    return ("apt-get update -q &&\n"
            "    apt-get install -y -q --no-install-recommends dpkg-dev lintian &&\n"
            f"    cd /build/pmdfwd-{version} && apt-get build-dep -y -q --no-install-recommends ./ &&\n"
            "    dpkg-buildpackage -us -uc -b")


def lintian_argv(changes: List[str]) -> List[str]:
    return ["lintian", "--fail-on", "error,warning", *changes]


def forward_script(app_args: str) -> str:
    """pmdfwd from PATH on the ring loopback for 3 s, statistics every second."""
    return (f"cd /tmp && timeout {FORWARD_TIMEOUT} pmdfwd {EAL} -- --tx-first --stats-period=1 --run-time=3 "
            f"{app_args}")


def forwarded(output: str) -> bool:
    return re.search(r"RX-packets: [1-9]", output) is not None


def package_debs(out: str, version: str) -> Optional[List[str]]:
    """The two .debs of this version in `out`, or None when one is missing."""
    found = [sorted(glob.glob(os.path.join(out, f"{p}_{version}_*.deb"))) for p in PACKAGES]
    return [f[0] for f in found] if all(found) else None


# ---- the purge ----------------------------------------------------------------------
def left_behind(listed: Iterable[str], exists: Callable[[str], bool], kept_dir: Callable[[str], bool],
                dirs_left: Iterable[str]) -> List[str]:
    """What of the packages' files (`listed`: dpkg -L before the purge) is
    still there: every path that exists, except a real directory another
    package owns (`kept_dir`: /usr/share/man/man1 stays), and each of the
    packages' own directories still there (`dirs_left`)."""
    left = []
    for path in listed:
        if path in ("", "/.") or path in left:
            continue
        if exists(path) and not kept_dir(path):
            left.append(path)
    return left + [d for d in dirs_left if d not in left]


# ---- the checks ---------------------------------------------------------------------
class Checks:
    """Runs named checks, prints "ok    NAME (S s)" or "FAIL  NAME (S s):" with
    the last lines of the check's output, and counts them. A check is a
    function of the log (a text file, also the commands' stdout and stderr)
    that returns whether it passed; RootError and OSError are failures."""

    def __init__(self, out: str, clock: Callable[[], float] = time.monotonic):
        self.out = out
        self.clock = clock
        self.start = clock()
        self.passed = 0
        self.failed = 0

    @property
    def log_path(self) -> str:
        return os.path.join(self.out, "check.log")

    def check(self, name: str, step: Callable[[TextIO], bool]) -> bool:
        t = self.clock()
        with open(self.log_path, "w", buffering=1) as log:
            try:
                ok = bool(step(log))
            except (roots.RootError, OSError, subprocess.SubprocessError) as e:
                log.write(f"{e}\n")
                ok = False
        seconds = int(self.clock() - t)
        if ok:
            self.passed += 1
            say(f"ok    {name} ({seconds} s)")
        else:
            self.failed += 1
            with open(self.log_path, errors="replace") as f:
                tail = f.read().splitlines()[-TAIL_LINES:]
            say(f"FAIL  {name} ({seconds} s):", *indented("\n".join(tail)))
        return ok

    def fail(self, *lines: str) -> None:
        self.failed += 1
        say(*lines)

    def finish(self) -> int:
        say(f"{PROG}: {self.passed} passed, {self.failed} failed ({int(self.clock() - self.start)} s)")
        return 0 if self.failed == 0 else 1


class Messages:
    """A fresh root's messages: into `file` (a check's log) while it is open,
    then (the root's removal) to our standard error."""

    def __init__(self, file: TextIO):
        self.file = file

    def __call__(self, message: str) -> None:
        if self.file.closed:
            print(f"{PROG}.sh: {message}", file=sys.stderr, flush=True)
        else:
            self.file.write(f"{message}\n")
            self.file.flush()


class Inside:
    """bash scripts in a root, their output to a check's log."""

    def __init__(self, root: roots.Root):
        self.root = root

    def __call__(self, script: str, log: Optional[TextIO] = None, timeout: Optional[float] = None) -> bool:
        if log:
            log.flush()
        res = self.root.run(["bash", "-c", script], stdout=log, stderr=subprocess.STDOUT if log else None,
                            timeout=timeout)
        return res.returncode == 0

    def output(self, script: str, timeout: Optional[float] = None) -> str:
        """The script's standard output (its standard error is ours)."""
        sys.stdout.flush()
        res = self.root.run(["bash", "-c", script], stdout=subprocess.PIPE, text=True, timeout=timeout)
        return res.stdout or ""


def host(argv: List[str], log: TextIO, cwd: Optional[str] = None, env: Optional[Mapping[str, str]] = None) -> bool:
    log.flush()
    return roots.run_command(argv, stdout=log, stderr=subprocess.STDOUT, cwd=cwd, env=env).returncode == 0


def build_env(tree: str, environ: Mapping[str, str]) -> Dict[str, str]:
    """The package build's environment: the caller's, with ccache's base
    directory moved to the copy of the tree being built when the caller
    set one up (scripts/ccache.sh): its paths, and those of Debian's
    -ffile-prefix-map, then key the cache relative to the copy, so a build
    from another clone or OUT_DIR hits."""
    env = dict(environ)
    if env.get("CCACHE_BASEDIR"):
        env["CCACHE_BASEDIR"] = tree
    return env


def copy_matching(pattern_dir: str, patterns: Iterable[str], dest: str) -> List[str]:
    copied = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(pattern_dir, pattern))):
            shutil.copy(path, dest)
            copied.append(path)
    return copied


BUILT = ("*.deb", "*.changes", "*.buildinfo")


class PackageTest:
    """One run: build (or take) the packages, lint, install, use, purge."""

    def __init__(self, src: str, out: str, suite: str, debs_from: Optional[str], stack: contextlib.ExitStack):
        self.src = src
        self.out = out
        self.suite = suite
        self.debs_from = debs_from
        self.stack = stack
        with open(os.path.join(src, "meson.build")) as f:
            self.version = version(f.read())
        self.checks = Checks(out)
        self.build_stack = contextlib.ExitStack()
        self.build_root: Optional[roots.Root] = None

    # ---- build and lint ---------------------------------------------------------------
    def build_debs(self, log: TextIO) -> bool:
        """On the host (bookworm), or in a root of the suite with its build
        dependencies (apt-get build-dep on the tree's debian/control)."""
        tree = os.path.join(self.out, f"pmdfwd-{self.version}")
        if self.suite == HOST_SUITE:
            return host(["dpkg-buildpackage", "-us", "-uc", "-b"], log, cwd=tree, env=build_env(tree, os.environ))
        self.build_root = self.build_stack.enter_context(fresh_root(self.suite, log=Messages(log)))
        build = os.path.join(self.build_root.path, "build")
        os.makedirs(build)
        shutil.copytree(tree, os.path.join(build, os.path.basename(tree)), symlinks=True)
        if not Inside(self.build_root)(build_in_root_script(self.version), log):
            return False
        copy_matching(build, BUILT, self.out)
        return True

    def lint(self, log: TextIO) -> bool:
        """The suite's lintian."""
        if self.suite == HOST_SUITE:
            return host(lintian_argv(sorted(glob.glob(os.path.join(self.out, f"pmdfwd_{self.version}_*.changes")))),
                        log)
        if not self.build_root:
            log.write(f"no {self.suite} build root: lintian runs there, where the packages were built "
                      "(DEBS_FROM skips the build)\n")
            return False
        built = glob.glob(os.path.join(self.build_root.path, f"build/pmdfwd_{self.version}_*.changes"))
        changes = sorted("/build/" + os.path.basename(c) for c in built)
        return Inside(self.build_root)(shlex.join(lintian_argv(changes)), log)

    def packages(self) -> Optional[List[str]]:
        """Build or take the packages, lint them; the .debs, or None."""
        for pattern in BUILT:
            for path in glob.glob(os.path.join(self.out, pattern)):
                os.unlink(path)
        tree = os.path.join(self.out, f"pmdfwd-{self.version}")
        shutil.rmtree(tree, ignore_errors=True)
        if self.debs_from:
            # Iterating on the checks below: packages built before, not counted.
            copy_matching(self.debs_from, BUILT, self.out)
        else:
            # A copy of the tree, so that dpkg-buildpackage writes nothing
            # here and its .debs land in OUT_DIR.
            os.makedirs(tree)
            dpdk_matrix.copy_source(self.src, tree)
            self.checks.check("dpkg-buildpackage -us -uc -b", self.build_debs)
            shutil.copyfile(self.checks.log_path, os.path.join(self.out, "build.log"))
        debs = package_debs(self.out, self.version)
        if not debs:
            self.checks.fail(f"no packages in {self.out} (see {self.out}/build.log)")
            return None
        self.checks.check("lintian (no error or warning)", self.lint)
        lintian_log = os.path.join(self.out, "lintian.log")
        shutil.copyfile(self.checks.log_path, lintian_log)
        with open(lintian_log, errors="replace") as f:
            say(*indented(f.read()))
        return debs

    # ---- installed --------------------------------------------------------------------
    def installed(self, debs: List[str]) -> None:
        root_log = os.path.join(self.out, "root.log")
        try:
            with open(root_log, "w", buffering=1) as f:
                root = self.stack.enter_context(fresh_root(self.suite, log=Messages(f)))
        except roots.RootError as e:
            with open(root_log, "a") as f:
                f.write(f"{e}\n")
            with open(root_log, errors="replace") as f:
                tail = f.read().splitlines()[-ROOT_TAIL_LINES:]
            self.checks.fail(f"FAIL  clean Debian {self.suite} root in {pkgroots()}:", *indented("\n".join(tail)))
            return
        os.makedirs(os.path.join(root.path, "tmp/debs"), exist_ok=True)
        for deb in debs:
            shutil.copy(deb, os.path.join(root.path, "tmp/debs"))
        shutil.copytree(os.path.join(self.src, "examples/engine-plugin"),
                        os.path.join(root.path, "tmp/engine-plugin-tree"), symlinks=True)
        r = Inside(root)
        c = self.checks.check
        # The compiler a plugin author has.
        c("apt-get install gcc make (the plugin author's tools)",
          lambda log: r("apt-get update -q && apt-get install -y -q --no-install-recommends gcc make libc6-dev", log))
        c("apt install ./pmdfwd_*.deb ./pmdfwd-dev_*.deb",
          lambda log: r("apt-get install -y -q --no-install-recommends /tmp/debs/*.deb", log))
        listed = r.output(f"dpkg -L {' '.join(PACKAGES)}")
        with open(os.path.join(self.out, "files.txt"), "w") as f:
            f.write(listed)
        say(*indented(r.output("dpkg-query -W -f='${Package} ${Version} ${Depends}\\n' " + " ".join(PACKAGES))))

        def forwards(app_args: str, log: TextIO) -> bool:
            log.flush()
            res = root.run(["bash", "-c", forward_script(app_args)], stdout=subprocess.PIPE,
                           stderr=log, text=True, timeout=FORWARD_TIMEOUT + 60)
            log.write(res.stdout or "")
            return res.returncode == 0 and forwarded(res.stdout or "")

        def in_place(log: TextIO) -> bool:
            ok = True
            for t in IN_PLACE:
                if not r(t, log):
                    log.write(f"not so: {t}\n")
                    ok = False
            return ok

        c("pmdfwd from PATH forwards macswap on net_ring for 3 s", lambda log: forwards("--forward-mode=macswap", log))
        c("man pages, bash completion, docs, endpoint module, plugin directory in place", in_place)
        c("pmdfwd-exporter --help", lambda log: r("pmdfwd-exporter --help", log))
        # Past --help the exporter needs python3-prometheus-client (a
        # Depends): it gets as far as the missing telemetry socket.
        c("pmdfwd-exporter has its client library",
          lambda log: r("pmdfwd-exporter -f no-such-prefix --once 2>&1 | grep -q 'cannot read'", log))
        # Its web config module is installed (an import of every run).
        c("pmdfwd-exporter refuses a web config it cannot read",
          lambda log: r("pmdfwd-exporter -f x --web.config.file=/nonexistent/web.yml 2>&1"
                        " | grep -q -- '--web.config.file /nonexistent/web.yml'", log))

        # ---- the example plugin, built as the guide says against pmdfwd-dev.
        c("pkg-config --cflags --libs pmdfwd-engine; cc macfwd.c", lambda log: r(PLUGIN_BUILD, log))
        plugin_dir = r.output("echo /usr/lib/$(gcc -print-multiarch)/pmdfwd").strip()
        c(f"macfwd found in {plugin_dir} by itself",
          lambda log: r(f"cp /tmp/macfwd/macfwd.so {plugin_dir}/", log) and forwards("--forward-mode=macfwd", log))
        r(f"rm -f {plugin_dir}/macfwd.so")
        c("macfwd loaded with --engine-plugin=PATH",
          lambda log: forwards("--engine-plugin=/tmp/macfwd/macfwd.so --forward-mode=macfwd", log))

        # ---- purge: nothing of either package stays.
        c("apt-get purge pmdfwd pmdfwd-dev", lambda log: r(f"apt-get purge -y -q {' '.join(PACKAGES)}", log))

        def leftovers(log: TextIO) -> bool:
            def exists(p: str) -> bool:
                return r(f"test -e {shlex.quote(p)} -o -L {shlex.quote(p)}")

            def kept_dir(p: str) -> bool:
                q = shlex.quote(p)
                return r(f"test -d {q} && ! test -L {q} && dpkg -S {q} >/dev/null 2>&1")
            dirs = r.output(f"for d in {' '.join(PACKAGE_DIRS)}; do if [ -e \"$d\" ]; then echo \"$d\"; fi; done")
            left = left_behind(listed.splitlines(), exists, kept_dir, dirs.split())
            log.write("".join(f"left behind: {p}\n" for p in left))
            return not left
        c("no file of pmdfwd or pmdfwd-dev left after the purge", leftovers)

    def run(self) -> int:
        say(f"{PROG}: Debian {self.suite}")
        with self.build_stack:
            debs = self.packages()
        if debs:
            self.installed(debs)
        return self.checks.finish()


def main(argv: List[str], src: str, environ: Optional[Mapping[str, str]] = None,
         euid: Callable[[], int] = os.geteuid) -> int:
    environ = os.environ if environ is None else environ
    try:
        args = parse(argv, environ)
    except UsageError as e:
        print(f"{PROG}: {e}\n{USAGE}", file=sys.stderr, flush=True)
        return 2
    if args["help"]:
        say(__doc__ or "")
        return 0
    if euid() != 0:
        say(f"{PROG}: needs root (chroot, mount, apt in a root)", f"{PROG}: 0 passed, 1 failed (0 s)")
        return 1
    # OUT_DIR and DEBS_FROM are relative to the tree (as they always were).
    out = os.path.join(src, args["out"]) if args["out"] else tempfile.mkdtemp(prefix="pmdfwd-packages.", dir="/tmp")
    os.makedirs(out, exist_ok=True)
    debs_from = os.path.join(src, args["debs_from"]) if args["debs_from"] else None
    with roots.exit_on_signals(), contextlib.ExitStack() as stack:
        rc = PackageTest(src, os.path.realpath(out), args["suite"], debs_from, stack).run()
    return rc


if __name__ == "__main__":
    # The tree this package lies in (scripts/ runs it from python/ there).
    sys.exit(main(sys.argv[1:], src=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
