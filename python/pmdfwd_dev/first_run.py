"""scripts/time-first-run.sh: times `bash scripts/run.sh` as a new user meets
it on a fresh Debian 12 machine: a clean minbase root (fresh_root), this tree
copied to /root/pmdfwd in it, run.sh run there as root. Prints its output as
it comes and the elapsed time; removes the root afterwards (KEEP=1 keeps it,
unmounted, and says where).

    [REV=<commit>] [KEEP=1] scripts/time-first-run.sh [run.sh arguments...]

The tree is what git sees (tracked and untracked files that are not ignored:
no build directories); REV=<commit> takes that commit instead. Exit status:
run.sh's, 1 when the root cannot be made or this is not root, 2 when REV is
not a commit, 128+N when stopped by signal N (the root unmounted and removed).
"""
import os
import subprocess
import sys
import time
from typing import Callable, ContextManager, List, Mapping, Optional

from pmdfwd_dev import dpdk_matrix, owned_process, roots
from pmdfwd_dev.roots.fresh import HOST_SUITE, fresh_root

PROG = "time-first-run"
TREE_INSIDE = "root/pmdfwd"  # /root/pmdfwd, relative to the root


def log(message: str) -> None:
    print(f"{PROG}.sh: {message}", file=sys.stderr, flush=True)


def run_argv(args: List[str]) -> List[str]:
    """run.sh from the copied tree, inside the root, with the user's arguments."""
    return ["bash", f"/{TREE_INSIDE}/scripts/run.sh", *args]


def exit_status(returncode: int) -> int:
    """A shell's exit status for a process's: 128+N when signal N ended it."""
    return 128 - returncode if returncode < 0 else returncode


def summary(rc: int, seconds: float) -> str:
    return f"{PROG}: run.sh exit {rc} after {seconds:.1f} s in a fresh Debian 12 root"


def check_rev(src: str, rev: str) -> str:
    """The commit `rev` names in the tree at `src`, or ValueError saying what is wrong."""
    res = owned_process.run(["git", "-C", src, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=60)
    if res.returncode:
        raise ValueError(f"REV={rev} is not a commit of {src} (allowed: a commit, branch or tag git rev-parse knows)")
    return res.stdout.strip()


def copy_tree(src: str, dest: str, commit: Optional[str]) -> None:
    """The tree as git sees it into `dest`, or that commit's (git archive)."""
    os.makedirs(dest, exist_ok=True)
    if not commit:
        dpdk_matrix.copy_source(src, dest)
        return
    archive = owned_process.run(["git", "-C", src, "archive", commit], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=300)
    if archive.returncode:
        raise OSError(f"git archive {commit} failed: {archive.stderr.decode(errors='replace').strip()}")
    unpack = owned_process.run(["tar", "-C", dest, "-xf", "-"], input=archive.stdout, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=300)
    if unpack.returncode:
        raise OSError(f"tar -C {dest} -xf - failed: {unpack.stdout.decode(errors='replace').strip()}")


def main(argv: List[str], src: str, environ: Optional[Mapping[str, str]] = None,
         euid: Callable[[], int] = os.geteuid, root_factory: Callable[..., ContextManager[roots.Root]] = fresh_root,
         clock: Callable[[], float] = time.monotonic) -> int:
    environ = os.environ if environ is None else environ
    if euid() != 0:
        print(f"{PROG}: needs root (chroot, mount)", file=sys.stderr, flush=True)
        return 1
    commit = None
    if environ.get("REV"):
        try:
            commit = check_rev(src, environ["REV"])
        except ValueError as e:
            print(f"{PROG}: {e}", file=sys.stderr, flush=True)
            return 2
    try:
        with roots.exit_on_signals(), root_factory(HOST_SUITE, keep=bool(environ.get("KEEP")), log=log) as root:
            copy_tree(src, os.path.join(root.path, TREE_INSIDE), commit)
            sys.stdout.flush()
            start = clock()
            rc = exit_status(root.run(run_argv(argv), timeout=None).returncode)
            print(summary(rc, clock() - start), flush=True)
            return rc
    except (roots.RootError, OSError) as e:
        print(f"{PROG}: {e}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    # The tree this package lies in (scripts/ runs it from python/ there).
    sys.exit(main(sys.argv[1:], src=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
