"""scripts/seed-testpmds: the seed patch's three dpdk-testpmd builds (issue 28
item 4), DPDK 24.11 (Debian 13's DPDK) built in a Debian 13 root:

  shipped   DPDK 24.11 as released (it has the 2024 series "app/testpmd:
            improve sse based macswap": app/test-pmd/macswap_sse.h interleaved);
  reverted  the same with that series reverse-applied (the commits that changed
            macswap_sse.h between v23.11 and v24.11, found by git log); checked:
            the file is then v23.11's, blob for blob;
  avx2      the same with scripts/testpmd-patch's patch applied by `git am`.

The source comes from a DPDK git repository given at run time (--dpdk-git):
this project embeds none of DPDK's files. (Debian's source package would be
the natural source, but the package mirror these machines reach serves binary
packages only: `apt-get source dpdk` gets 404.)

In the root: the source at /opt/seed/dpdk (a git repository, one branch per
variant), one build directory (the first variant builds DPDK's libraries, the
others rebuild testpmd only; ccache as in the DPDK matrix's roots), the
binaries at /opt/seed/bin/dpdk-testpmd-VARIANT. Only test-pmd, the vdev,
ring, null, memif and pcap drivers and the libraries testpmd uses are built,
statically, with Debian's compiler flags (dpkg-buildflags) and its generic
x86 target (-march=corei7).
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

from pmdfwd_dev import dpdk_matrix, owned_process, roots
from pmdfwd_dev.seed import report, testpmd_patch

DEFAULT_ROOT = "/var/tmp/pmdfwd-seed/trixie"
SEED = "/opt/seed"
SRC = f"{SEED}/dpdk"
BUILD = f"{SEED}/build"
BIN = f"{SEED}/bin"
PATCH = f"{SEED}/testpmd-avx2-macswap.patch"
VARIANTS = ("shipped", "reverted", "avx2")
SHIPPED_TAG = "v24.11"
BEFORE_TAG = "v23.11"
SSE = testpmd_patch.SSE
PACKAGES = ("git", "gcc", "meson", "ninja-build", "pkg-config", "python3-pyelftools", "libnuma-dev",
            "libpcap-dev", "ccache", "dpkg-dev")
DRIVERS = "bus/vdev,mempool/ring,net/null,net/ring,net/memif,net/pcap"
# testpmd's optional libraries that sit on its forwarding loop's path
# (latency and bitrate statistics, GRO/GSO); the rest are left out.
LIBS = "metrics,bitratestats,latencystats,gro,gso"
MESON_OPTIONS = ("--buildtype=plain", "-Ddefault_library=static", "-Dplatform=generic", "-Denable_apps=test-pmd",
                 f"-Denable_drivers={DRIVERS}", f"-Denable_libs={LIBS}", "-Dtests=false",
                 "-Denable_docs=false", "-Ddeveloper_mode=disabled")
GIT_ID = ("-c", "user.name=pmdfwd", "-c", "user.email=pmdfwd@localhost")


class SeedError(ValueError):
    """A step that cannot be done; the message says why and what to do."""


def log(message):
    print(f"seed-testpmds: {message}", file=sys.stderr, flush=True)


def git(repo, *args, text=True, **kwargs):
    res = owned_process.run(["git", *GIT_ID, "-C", str(repo), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=text, timeout=600, **kwargs)
    if res.returncode:
        err = res.stderr if text else res.stderr.decode(errors="replace")
        raise SeedError(f"git -C {repo} {' '.join(args)} failed: {err.strip()}")
    return res.stdout


def series(upstream):
    """The commits that changed macswap_sse.h between the two releases,
    oldest first: DPDK 24.11's "app/testpmd: improve sse based macswap"."""
    out = git(upstream, "log", "--reverse", "--format=%H %s", f"{BEFORE_TAG}..{SHIPPED_TAG}", "--", SSE)
    commits = [line.split(" ", 1) for line in out.splitlines()]
    if not commits:
        raise SeedError(f"{upstream}: no commit changed {SSE} between {BEFORE_TAG} and {SHIPPED_TAG}")
    return commits


def make_tree(upstream, dest):
    """DPDK 24.11's source at `dest` as a git repository: tag shipped, and
    branch reverted with the series reverse-applied (checked: the file is
    then 23.11's, blob for blob)."""
    if os.path.isdir(os.path.join(dest, ".git")):
        return
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    archive = git(upstream, "archive", "--format=tar", SHIPPED_TAG, text=False)
    owned_process.run(["tar", "-x", "-C", dest], input=archive, check=True, timeout=600)
    git(dest, "init", "-q")
    git(dest, "add", "-A", "-f")
    git(dest, "commit", "-q", "-m", f"DPDK {SHIPPED_TAG}, as released")
    git(dest, "tag", "shipped")
    commits = series(upstream)
    log("reverting " + "; ".join(f"{h[:10]} {s}" for h, s in commits))
    reverse = git(upstream, "diff", commits[-1][0], f"{commits[0][0]}^", "--", SSE)
    git(dest, "checkout", "-q", "-b", "reverted", "shipped")
    git(dest, "apply", "-", input=reverse)
    want = git(upstream, "rev-parse", f"{BEFORE_TAG}:{SSE}").strip()
    got = git(dest, "hash-object", SSE).strip()
    if got != want:
        raise SeedError(f"{SSE} with the series reverted ({got}) is not {BEFORE_TAG}'s ({want})")
    git(dest, "commit", "-q", "-a", "-m", "app/test-pmd: revert the SSE macswap series (macswap_sse.h as in "
        f"{BEFORE_TAG})\n\nReverted: " + ", ".join(h[:12] for h, _ in commits))
    git(dest, "checkout", "-q", "-b", "avx2", "shipped")
    with open(os.path.join(dest, "..", os.path.basename(PATCH)), "w") as f:
        f.write(testpmd_patch.make_patch(dest))
    git(dest, "am", "-q", os.path.join(dest, "..", os.path.basename(PATCH)))
    git(dest, "checkout", "-q", "shipped")


def build_script():
    """In the root: configure once with Debian's flags, then each variant's
    checkout and testpmd rebuilt (only its changed sources compile)."""
    options = " ".join(MESON_OPTIONS)
    steps = "".join(f"""
        git -C {SRC} checkout -q {v}
        ninja -C {BUILD} app/dpdk-testpmd
        cp {BUILD}/app/dpdk-testpmd {BIN}/dpdk-testpmd-{v}
        echo "built {BIN}/dpdk-testpmd-{v}" """ for v in VARIANTS)
    return f"""set -e
        mkdir -p {BIN}
        if [ ! -f {BUILD}/build.ninja ]; then
          eval "$(dpkg-buildflags --export=sh)"
          meson setup {BUILD} {SRC} {options}
        fi{steps}
        git -C {SRC} checkout -q shipped
"""


def run_in(root, script, what):
    if root.run(["bash", "-c", script], timeout=None).returncode:
        raise SeedError(f"{what} failed in {root.path} (output above)")


def build(root_path, upstream, mirror):
    root = roots.Root(root_path, log=log, ccache=roots.ccache_dir("trixie"))
    with root.locked(wait=3600):
        if not root.exists():
            root.create("trixie", mirror)
        root.configure_apt("trixie")
        make_tree(upstream, root.path + SRC)
        with root.mounted():
            root.install("trixie", PACKAGES)
            run_in(root, build_script(), "building testpmd")
    for v in VARIANTS:
        print(f"{v}: {root.path}{BIN}/dpdk-testpmd-{v}  (scripts/perf subject {v}:bin={BIN}/dpdk-testpmd-{v},"
              f"root={root.path})")


# The seed's cells (ring hot, warm, cold and null; 64 and 128 B; one queue,
# one core).
CELLS = ("--rigs", "ring,null", "--ring-tiers", "hot,warm,cold", "--frames", "64,128", "--layouts", "1Q1C",
         "--modes", "macswap")
# An A/A of the shipped testpmd where the variants differ most (ring warm
# and cold, 64 B): how far apart one binary's two instances land.
AA_CELLS = ("--rigs", "ring", "--ring-tiers", "warm,cold", "--frames", "64", "--layouts", "1Q1C",
            "--modes", "macswap")
# (folder, (label, variant) of A, of B, cells): B judged against A.
COMPARISONS = (("shipped-vs-reverted", ("reverted", "reverted"), ("shipped", "shipped"), CELLS),
               ("avx2-vs-shipped", ("shipped", "shipped"), ("avx2", "avx2"), CELLS),
               ("aa-shipped", ("A", "shipped"), ("B", "shipped"), AA_CELLS))
NOTES = (
    "dpdk-testpmd of DPDK 24.11 built three ways by `scripts/seed-testpmds` in a Debian 13 root, "
    "statically, with Debian's compiler flags and generic x86 target: **shipped** (the 2024 series "
    "\"app/testpmd: improve sse based macswap\", first released in 24.11), **reverted** (that series "
    "reverse-applied: macswap_sse.h as in 23.11) and **avx2** (`scripts/testpmd-patch`: pmdfwd's avx2 "
    "kernel, dispatched at run time). The seed's thread measured the series on NICs at +0.2 % to +7 % "
    "(64 B: +1.2 % to +2.7 %); here the rigs are software (ring loopback, null), each pair of windows "
    "alternates the two testpmds on the same rig, and a verdict needs the interval to exclude 1, a "
    "significant sign test and at least the minimum effect ({min_effect}). The last columns are an A/A: the "
    "shipped testpmd against itself on the two cells where the variants differ most.",
)


def subject(label, variant, root):
    return f"{label}:bin={BIN}/dpdk-testpmd-{variant},root={root}"


def measure(tree, root, out, pairs, window_ms):
    """The interleaved comparisons with the tree's scripts/perf; their
    results.json paths and command lines."""
    for folder, a, b, cells in COMPARISONS:
        dest = os.path.join(out, folder)
        if os.path.isfile(os.path.join(dest, "command.txt")):
            continue  # measured by an earlier run (its results are published as they are)
        cmd = [os.path.join(tree, "scripts", "perf"), "compare", "--interleave", "--a", subject(*a, root),
               "--b", subject(*b, root), *cells, "--pairs", str(pairs), "--window-ms", str(window_ms),
               "--store", "none", "--no-png", "--out", dest]
        log(" ".join(cmd))
        if owned_process.run(cmd, timeout=None).returncode:
            raise SeedError(f"scripts/perf compare {b[0]} against {a[0]} failed (output above)")
        with open(os.path.join(dest, "command.txt"), "w") as f:
            f.write(" ".join(["scripts/perf", *cmd[1:]]) + "\n")
    return measured(out)


def measured(out):
    """(results.json, its command line) of each comparison in OUT; None when
    one is missing."""
    done = []
    for folder, _, _, _ in COMPARISONS:
        dest = os.path.join(out, folder)
        try:
            with open(os.path.join(dest, "command.txt")) as f:
                done.append((os.path.join(dest, "results.json"), f.read().strip()))
        except OSError:
            return None
    return done if all(os.path.isfile(p) for p, _ in done) else None


def run_script(variant, command):
    """In the root: this tree's pmdfwd built (the binary only), then
    `command` run in its source with the variant first on PATH as
    dpdk-testpmd and PMDFWD_BIN naming that pmdfwd."""
    path = f"{SEED}/path-{variant}"
    return f"""set -e
        if [ ! -f {dpdk_matrix.ROOT_BUILD}/build.ninja ]; then
          meson setup {dpdk_matrix.ROOT_BUILD} {dpdk_matrix.ROOT_SRC} -Dwerror=true
        fi
        ninja -C {dpdk_matrix.ROOT_BUILD} pmdfwd
        mkdir -p {path}
        ln -sf {BIN}/dpdk-testpmd-{variant} {path}/dpdk-testpmd
        cd {dpdk_matrix.ROOT_SRC}
        export PATH={path}:$PATH PYTHONPATH={dpdk_matrix.ROOT_SRC}/python PMDFWD_BIN={dpdk_matrix.ROOT_BUILD}/pmdfwd
        {shlex.join(command)}
"""


def run_with(tree, root_path, variant, command):
    """`command` in the root against one variant, this tree's pmdfwd built
    there as scripts/dpdk-matrix builds it (/opt/pmdfwd)."""
    root = roots.Root(root_path, log=log, ccache=roots.ccache_dir("trixie"))
    with root.locked(wait=3600):
        dpdk_matrix.copy_source(tree, root.path + dpdk_matrix.ROOT_SRC)
        with root.mounted():
            root.install("trixie", dpdk_matrix.ROOT_PACKAGES, dpdk_matrix.ROOT_PMDS)
            run_in(root, run_script(variant, command), f"{shlex.join(command)} with dpdk-testpmd-{variant}")


def publish(doc, done):
    runs = [report.load(path) for path, _ in done]
    notes = [n.format(min_effect=report.minimum_effect(runs)) for n in NOTES]
    report.publish(doc, report.section(runs, [c for _, c in done], notes))
    log(f"published the table in {doc}")


def main(argv=None, tree=None):
    parser = argparse.ArgumentParser(
        prog="seed-testpmds",
        description="Build dpdk-testpmd of DPDK 24.11 three ways (as released, with the 2024 SSE macswap "
                    "series reverted, with pmdfwd's avx2 kernel patched in by scripts/testpmd-patch) in a "
                    "Debian 13 root (made when missing), measure them interleaved and publish the verdicts. "
                    "Needs root.")
    parser.add_argument("--dpdk-git", metavar="REPO",
                        help=f"a DPDK git repository (bare or not) with tags {SHIPPED_TAG} and {BEFORE_TAG}; "
                        "without it nothing is built (the root's binaries are used as they are)")
    parser.add_argument("--root", default=DEFAULT_ROOT, help=f"the trixie root (default {DEFAULT_ROOT})")
    parser.add_argument("--measure", metavar="OUT", help="run the two interleaved comparisons, results in OUT")
    parser.add_argument("--pairs", type=int, default=60, help="--measure: window pairs per cell (60)")
    parser.add_argument("--window-ms", type=int, default=100, help="--measure: window length (100 ms)")
    parser.add_argument("--with", dest="variant", choices=VARIANTS,
                        help="build this tree's pmdfwd in the root (/opt/pmdfwd/build) and run COMMAND (after --) "
                        "in its source there, this variant first on PATH as dpdk-testpmd")
    parser.add_argument("command", nargs="*", help="the command of --with")
    parser.add_argument("--publish", metavar="DOC", help="write the verdict table into DOC (doc/performance.md) "
                        "from OUT's results (measured now or before)")
    args = parser.parse_args(argv)
    if not (args.dpdk_git or args.measure or args.variant):
        parser.error("nothing to do: give --dpdk-git (build), --measure OUT, --with VARIANT -- COMMAND or several")
    if bool(args.variant) != bool(args.command):
        parser.error("--with VARIANT and a COMMAND after -- go together")
    if args.publish and not args.measure:
        parser.error("--publish needs --measure OUT (the results it publishes)")
    if os.geteuid() != 0:
        log("a Debian root needs root (debootstrap, chroot, mount): run as root")
        return 2
    try:
        if args.dpdk_git:
            mirror = roots.mirror()
            if not mirror:
                raise SeedError("no Debian mirror found (set PMDFWD_MIRROR)")
            build(args.root, args.dpdk_git, mirror)
        if args.measure:
            root = os.path.realpath(args.root)
            done = measured(args.measure) or measure(tree, root, args.measure, args.pairs, args.window_ms)
            if args.publish:
                publish(args.publish, done)
        if args.variant:
            run_with(tree, args.root, args.variant, args.command)
    except (SeedError, ValueError, roots.RootError) as e:
        log(str(e))
        return 1
    return 0
