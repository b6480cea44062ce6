"""Builds pmdfwd with -Werror and runs its unit, integration and engine suites
and the DPDK-dependent end-to-end tests against every DPDK a user is likely
to have: the host's (Debian 12: 22.11), Debian 13 trixie's (24.11) and Debian
sid's (25.11). The newer ones live in debootstrap roots made once and cached
outside the tree; a later run only installs what is missing. Prints one line
per version: "DPDK <version>: build ok|failed, tests N passed, M failed".
"""
import argparse
import contextlib
import dataclasses
import filecmp
import json
import os
import shutil
import signal
import subprocess
import sys
import time

from pmdfwd_dev import owned_process, roots

EPILOG = """\
environment:
  PMDFWD_ROOTS   the roots, one folder per suite (default /var/cache/pmdfwd/roots)
  PMDFWD_MIRROR  the Debian mirror (default: the one in /etc/apt/sources.list.d/debian.sources
                 or /etc/apt/sources.list)
  MATRIX_SUITES  the meson test suites to run (default: %(suites)s)

In a root the source is at /opt/pmdfwd/src and the build at /opt/pmdfwd/build
(scripts/perf subjects use root=PATH,bin=/opt/pmdfwd/build/pmdfwd). Needs root
(debootstrap, chroot, mount) for the roots. Exit status: 0 every version
passed, 1 a version failed (a root that cannot be created is a failure, never
a skip), 2 bad usage; 128+N when stopped by signal N (mounts undone).
"""

# Which suite's root each version name means ("host": no root).
VERSIONS = {"host": "host", "22.11": "host", "24.11": "trixie", "trixie": "trixie", "25.11": "sid", "sid": "sid"}
ASKED = {"trixie": "24.11", "sid": "25.11"}
SHELL_VERSIONS = "24.11, trixie, 25.11, sid"
OPTIONS = "--versions LIST, --keep-going, --host-results DIR, --shell VERSION, --json FILE, --help"
ROOT_SRC = "/opt/pmdfwd/src"
ROOT_BUILD = "/opt/pmdfwd/build"
# The unit, integration and engine suites, and of the end-to-end tests those
# whose outcome depends on the DPDK version (suite dpdk-version,
# tests/e2e/meson.build); the host (scripts/test.sh) runs the whole e2e
# suite, perf (measurements) and soak (long). Each must exist in every build:
# a suite that silently vanished (e.g. e2e without scapy) is a failure.
DEFAULT_SUITES = "unit integration engines dpdk-version"
# In a root: build and test dependencies; the PMDs are added by name as each
# suite's DPDK packages them (librte-net-ring23, librte-net-ring25, ...).
ROOT_PACKAGES = (
    "dpdk", "dpdk-dev", "libdpdk-dev",
    "g++", "meson", "ninja-build", "pkg-config", "make",
    "libnuma-dev", "libpcap-dev", "libgtest-dev", "libbenchmark-dev",
    "python3", "python3-scapy", "procps",
    "python3-prometheus-client",  # the exporter (suite dpdk-version runs its test)
    "iproute2", "tcpdump",  # the veth loopback tests (net_af_packet; net_tap bridged)
    "ccache",  # the compiler cache (roots.ccache_dir, bound inside)
)
ROOT_PMDS = ("net-ring", "net-null", "net-memif", "net-pcap", "net-af-packet", "net-tap", "net-vhost",
             "bus-vdev", "mempool-ring")
MESON_TEST_TIMEOUT = 1800
LOCK_WAIT = 3600
PASSED = {"OK"}
FAILED = {"FAIL", "TIMEOUT", "ERROR", "UNEXPECTEDPASS", "INTERRUPT"}


def log(message):
    print(f"dpdk-matrix: {message}", file=sys.stderr, flush=True)


def say(*lines):
    print(*lines, sep="\n", flush=True)


@dataclasses.dataclass
class Result:
    version: str  # DPDK's own (24.11.3), or as asked when it never got that far
    where: str  # host, trixie, sid
    build: str  # ok, failed, not run
    passed: int = 0
    failed: int = 0
    note: str = ""
    seconds: dict = dataclasses.field(default_factory=dict)

    @property
    def ok(self):
        return self.build == "ok" and self.failed == 0

    def line(self):
        if self.build == "not run":
            return f"DPDK {self.version}: not run ({self.note})"
        note = f" ({self.note})" if self.note else ""
        return (f"DPDK {self.version} ({self.where}): build {self.build}, tests {self.passed} passed, "
                f"{self.failed} failed{note}")


# ---- meson's own JSON: the test log and the test list ------------------------------
def count_log(path):
    """(passed, failed) test programs in a meson testlog.json (one JSON
    object per line); a line that is not a test record counts as failed."""
    passed = failed = 0
    try:
        with open(path) as f:
            lines = [line for line in f if line.strip()]
    except FileNotFoundError:
        return 0, 0
    for line in lines:
        try:
            result = json.loads(line)["result"]
        except (ValueError, KeyError, TypeError):
            failed += 1
            continue
        passed += result in PASSED
        failed += result in FAILED
    return passed, failed


def missing_suites(build_dir, suites):
    """The suites of `suites` no test of the build carries (meson-info)."""
    try:
        with open(os.path.join(build_dir, "meson-info", "intro-tests.json")) as f:
            tests = json.load(f)
    except (OSError, ValueError):
        return list(suites)
    present = {s.split(":")[-1] for t in tests for s in t.get("suite", [])}
    return [s for s in suites if s not in present]


def run_tests(run, build, host_build, suites, result):
    """meson test -C `build` of `suites` through `run` (on the host or in a
    root); counted from the log in `host_build`, the same directory as this
    host sees it, into result."""
    missing = missing_suites(host_build, suites)
    testlog = os.path.join(host_build, "meson-logs", "testlog.json")
    if os.path.exists(testlog):
        os.remove(testlog)
    args = [a for s in suites for a in ("--suite", s)]
    try:
        run(["meson", "test", "-C", build, "--print-errorlogs", "--num-processes", "2", *args],
            timeout=MESON_TEST_TIMEOUT)
        timed_out = False
    except subprocess.TimeoutExpired:
        timed_out = True
    result.passed, result.failed = count_log(testlog)
    notes = []
    if missing:
        result.failed += 1
        notes.append(f"suites missing: {' '.join(missing)}")
    if timed_out:
        result.failed += 1
        notes.append(f"meson test stopped after {MESON_TEST_TIMEOUT} s")
    result.note = ", ".join(notes)


# ---- the tree into a root ---------------------------------------------------------
def copy_source(src, dest):
    """What git knows of `src` (tracked, and untracked files that are not
    ignored), never build output, into `dest`. A file whose content did not
    change keeps dest's copy and its time stamp, so the build there stays
    incremental after a fresh checkout (new time stamps, same content); a
    changed file gets the time of the copy, so it is always rebuilt."""
    listed = owned_process.run(["git", "-C", src, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if listed.returncode:
        raise OSError(f"{src} is not a git checkout: {listed.stderr.decode(errors='replace').strip()}")
    keep = set()
    for name in listed.stdout.decode().split("\0"):
        s, d = os.path.join(src, name), os.path.join(dest, name)
        if not name or not os.path.lexists(s):  # deleted, not yet committed
            continue
        keep.add(name)
        if os.path.islink(s) or os.path.islink(d) or not os.path.isfile(d) or not filecmp.cmp(s, d, shallow=False):
            os.makedirs(os.path.dirname(d), exist_ok=True)
            if os.path.lexists(d):
                os.unlink(d)
            if os.path.islink(s):
                os.symlink(os.readlink(s), d)
            else:
                shutil.copy(s, d)  # content and mode
    for top, dirs, files in os.walk(dest):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            path = os.path.join(top, name)
            if os.path.relpath(path, dest) not in keep:
                os.unlink(path)
    # A folder the tree lost (moved or removed) is empty now, or held only
    # what Python wrote there: it goes too, as a checkout would not have it.
    for top, dirs, files in os.walk(dest, topdown=False):
        if top != dest and not os.listdir(top):
            os.rmdir(top)


# ---- one version --------------------------------------------------------------------
def test_host(src, host_results, suites):
    """The host's DPDK: its results from --host-results DIR (relative to the
    tree, as scripts/test.sh gives it), or built and tested in src/build."""
    try:
        version = owned_process.run(["pkg-config", "--modversion", "libdpdk"], stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, timeout=60).stdout.strip() or "?"
    except OSError:  # no pkg-config: the build below says what is missing
        version = "?"
    if host_results:
        testlog = os.path.join(src, host_results, "meson-logs", "testlog.json")
        if not os.path.isfile(testlog):
            return Result(version, "host", "failed", note=f"no test log in {host_results}")
        passed, failed = count_log(testlog)
        return Result(version, "host", "ok", passed, failed, f"host suites, {host_results}")
    say("", f"=== DPDK {version} (host): build")
    if owned_process.run(["scripts/setup.sh", "build"], cwd=src, timeout=None).returncode:
        return Result(version, "host", "failed")
    say(f"=== DPDK {version} (host): tests")
    result = Result(version, "host", "ok")
    run_tests(lambda cmd, timeout: owned_process.run(cmd, cwd=src, timeout=timeout), "build",
              os.path.join(src, "build"), suites, result)
    return result


class Clock:
    """Seconds per phase of a root's run (they go to the log and the JSON)."""

    def __init__(self):
        self.seconds = {}
        self.t = time.monotonic()

    def lap(self, phase):
        now = time.monotonic()
        self.seconds[phase] = round(now - self.t)
        self.t = now

    def text(self):
        return ", ".join(f"{k} {v} s" for k, v in self.seconds.items())


def test_root(suite, roots_dir, src, suites, root_factory=roots.Root):
    asked = ASKED[suite]
    path = os.path.join(roots_dir, suite)
    say("", f"=== DPDK {asked} ({suite} root: {path})")
    if os.geteuid() != 0 and root_factory is roots.Root:
        log("the DPDK roots need root (debootstrap, chroot, mount): run as root")
        return Result(asked, suite, "failed", note="not run as root")
    root = root_factory(path, log=log, ccache=roots.ccache_dir(suite))
    try:
        with root.locked(wait=LOCK_WAIT):
            return _in_root(root, suite, asked, src, suites)
    except roots.RootBusy as e:
        return Result(asked, suite, "failed", note=str(e))


def _in_root(root, suite, asked, src, suites):
    clock = Clock()
    if not root.exists():
        try:
            root.create(suite, roots.mirror())
        except roots.RootError as e:
            log(str(e))
            return Result(asked, suite, "failed", note=f"the {suite} root could not be created: see above")
    clock.lap("root")
    root.configure_apt(suite)
    try:
        with root.mounted():
            result = _mounted_steps(root, suite, asked, src, suites, clock)
    except roots.RootError as e:
        log(str(e))
        return Result(asked, suite, "failed", note=f"mounting in {root.path} failed")
    result.seconds = clock.seconds
    return result


def _mounted_steps(root, suite, asked, src, suites, clock):
    try:
        root.install(suite, ROOT_PACKAGES, ROOT_PMDS)
    except roots.RootError as e:
        log(str(e))
        return Result(asked, suite, "failed", note=f"installing packages in the {suite} root failed")
    clock.lap("packages")
    version = (root.output(["pkg-config", "--modversion", "libdpdk"]) or "").strip() or asked
    try:
        copy_source(src, root.path + ROOT_SRC)
    except OSError as e:
        log(f"copying the source into {root.path}{ROOT_SRC}: {e}")
        return Result(version, suite, "failed", note="copying the source failed")
    say(f"=== DPDK {version} ({suite}): build")
    # -Werror as everywhere (meson.build's default, said again so that no
    # cached configuration can drop it); benchmarks too, they use DPDK's API.
    # meson picks ccache up at the first configuration only: a build made
    # before the root had it is made again. Its hit/miss line follows.
    script = f"""set -e
        compilers={ROOT_BUILD}/meson-info/intro-compilers.json
        if [[ -f {ROOT_BUILD}/build.ninja && -z ${{CCACHE_DISABLE:-}} ]] && ! grep -q '"ccache"' $compilers; then
          echo "the build predates ccache in this root: configured again"
          rm -rf {ROOT_BUILD}
        fi
        if [[ ! -f {ROOT_BUILD}/build.ninja ]]; then
          rm -rf {ROOT_BUILD}
          meson setup {ROOT_BUILD} {ROOT_SRC} -Dwerror=true
        else
          meson setup --reconfigure {ROOT_BUILD} {ROOT_SRC} -Dwerror=true >/dev/null
        fi
        export CCACHE_STATSLOG={ROOT_BUILD}/ccache-stats.log
        rm -f $CCACHE_STATSLOG
        ninja -C {ROOT_BUILD}
        if [[ -z ${{CCACHE_DISABLE:-}} ]]; then
          ccache --show-log-stats | awk '/^ *Hits:/ {{ h = $2; n = $4 }} /^ *Misses:/ {{ m = $2 }}
            END {{ printf "{suite} build: ccache %d hits, %d misses of %d compilations\\n", h, m, n }}'
        fi"""
    if root.run(["bash", "-c", script], timeout=None).returncode:
        return Result(version, suite, "failed", note="build log above")
    clock.lap("copy and build")
    say(f"=== DPDK {version} ({suite}): tests")
    result = Result(version, suite, "ok")
    run_tests(root.run, ROOT_BUILD, root.path + ROOT_BUILD, suites, result)
    clock.lap("test run")
    log(f"{suite}: {clock.text()}")
    return result


def open_shell(version, roots_dir):
    """An interactive shell in a version's root, mounts in place while it runs."""
    suite = VERSIONS.get(version)
    if suite is None:
        log(f"--shell {version}: no such version (allowed: {', '.join(VERSIONS)})")
        return 2
    root = roots.Root(os.path.join(roots_dir, suite), log=log)
    if os.geteuid() != 0:
        log("the DPDK roots need root (debootstrap, chroot, mount): run as root")
        return 1
    if not root.exists():
        log(f"no {suite} root yet: run scripts/dpdk-matrix --versions {suite} first")
        return 1
    with root.locked(wait=LOCK_WAIT):
        root.configure_apt(suite)
        with root.mounted():
            # Not an owned process: the shell must stay in the terminal's
            # foreground group (its own session would lose the terminal).
            # Ctrl-C is the shell's; this process waits it out.
            old = signal.signal(signal.SIGINT, lambda *_: None)
            try:
                return subprocess.call(root.argv(["bash", "-l"]))
            finally:
                signal.signal(signal.SIGINT, old)


# ---- the command line ---------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message):
        log(f"{message} (allowed: {OPTIONS})")
        sys.exit(2)


def parse_args(argv, suites):
    p = _Parser(prog="scripts/dpdk-matrix", description=__doc__, epilog=EPILOG % {"suites": suites},
                formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False)
    p.add_argument("-v", "--versions", default="host,24.11,25.11", metavar="LIST",
                   help="comma list of host (or 22.11), 24.11 (or trixie), 25.11 (or sid); default: all of them")
    p.add_argument("-k", "--keep-going", action="store_true", help="after a version fails, still do the next ones")
    p.add_argument("--host-results", metavar="DIR",
                   help="the host's suites already ran in build dir DIR (scripts/test.sh): report its test log "
                        "instead of building and testing the host again")
    p.add_argument("--shell", metavar="VERSION",
                   help="an interactive shell in that version's root, with the mounts in place (and removed on exit)")
    p.add_argument("--json", metavar="FILE", help="also write the results to FILE as JSON")
    args = p.parse_args(argv)
    if args.shell is not None and VERSIONS.get(args.shell, "host") == "host":
        p.error(f"--shell: '{args.shell}' is not one of {SHELL_VERSIONS}")
    args.wanted = args.versions.split(",")
    for v in args.wanted:
        if v not in VERSIONS:
            log(f"unknown version '{v}' (allowed: {', '.join(VERSIONS)})")
            sys.exit(2)
    return args


def write_json(path, results, seconds, suites):
    doc = {"ok": all(r.ok for r in results), "seconds": seconds, "suites": suites,
           "results": [dict(dataclasses.asdict(r), line=r.line(), ok=r.ok) for r in results]}
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


@contextlib.contextmanager
def _said_when_stopped():
    """A signal's exit (roots.exit_on_signals) says which signal and that the
    roots' mounts and the processes in them are undone (the with blocks
    inside ran first); before, the matrix ended with no word."""
    try:
        yield
    except SystemExit as e:
        if isinstance(e.code, int) and e.code > 128:
            log(f"stopped by {signal.Signals(e.code - 128).name}; every mount undone, nothing left running")
        raise


def main(argv, src):
    suites = os.environ.get("MATRIX_SUITES", DEFAULT_SUITES).split()
    args = parse_args(argv, " ".join(suites))
    roots_dir = os.environ.get("PMDFWD_ROOTS") or "/var/cache/pmdfwd/roots"
    if args.shell:
        return open_shell(args.shell, roots_dir)
    start = time.monotonic()
    results: list[Result] = []
    with roots.exit_on_signals(), _said_when_stopped():
        for v in args.wanted:
            if results and not args.keep_going and not all(r.ok for r in results):
                results.append(Result(v, "", "not run",
                                      note="an earlier version failed; --keep-going runs every version"))
                continue
            suite = VERSIONS[v]
            if suite == "host":
                results.append(test_host(src, args.host_results, suites))
            else:
                results.append(test_root(suite, roots_dir, src, suites))
            say(results[-1].line())
    seconds = round(time.monotonic() - start)
    say("", f"=== DPDK matrix ({seconds} s)", *(r.line() for r in results))
    if args.json:
        write_json(args.json, results, seconds, suites)
    return 0 if all(r.ok for r in results) else 1
