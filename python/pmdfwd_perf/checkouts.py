"""Source trees and builds of past commits, made once and cached by commit.

`scripts/perf history` and `bisect` measure many commits, often the same
ones again (a second history run, bisect between two history points), and a
meson build of an old commit costs minutes on a small machine. So each
commit gets one directory under the cache, keyed by its full hash:

    CACHE/<sha>/src      the commit's tree (git archive)
    CACHE/<sha>/build    its meson build directory
    CACHE/<sha>/build.json   outcome: ok, seconds, the command, the log's tail

The tree is exported with `git archive` instead of `git worktree add`: the
result is the same tree, but the repository's worktree list and index are
never touched, so a cache can be shared, copied or deleted freely. A commit
whose build failed is remembered as failed (with its log) and skipped by
later runs instead of being built again; --rebuild forgets that.
"""

import json
import os
import shutil
import subprocess
import time

from pmdfwd_dev import owned_process

BUILD_FILE = "build.json"


def default_cache():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pmdfwd", "perf-commits")


def git(repo, *args):
    res = owned_process.run(["git", "-C", repo, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            timeout=None)
    if res.returncode != 0:
        raise ValueError(f"git {' '.join(args)} in {repo}: {res.stderr.strip() or 'failed'}")
    return res.stdout.strip()


def resolve(repo, rev):
    """Full hash of `rev`, or a ValueError naming the revision."""
    try:
        return git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except ValueError:
        raise ValueError(f"{rev!r} is not a commit of {repo}") from None


def describe(repo, sha):
    """(short hash, subject line, committer date ISO) of a commit."""
    short, date, subject = git(repo, "log", "-1", "--format=%h%x00%cI%x00%s", sha).split("\x00", 2)
    return short, subject, date


def commit_range(repo, spec, every=1, first_parent=False):
    """Commits named by `spec`, oldest first.

    spec: 'A..B' (B's ancestors that are not A's, plus A itself so the
    stretch starts at a measured point) or a comma list of revisions kept in
    the given order. every=N keeps every N-th commit of a range, always
    including its last one.
    """
    allowed = "allowed: OLD..NEW (NEW a descendant of OLD) or REV,REV,..."
    if "..." in spec:
        raise ValueError(f"{spec!r}: '...' (both sides of a fork) is no stretch of history; {allowed}")
    if ".." in spec:
        a, b = spec.split("..", 1)
        first, last = resolve(repo, a), resolve(repo, b)
        args = ["rev-list", "--reverse", "--topo-order"] + (["--first-parent"] if first_parent else [])
        shas = git(repo, *args, f"{first}..{last}").split()
        if not shas:
            raise ValueError(f"{spec!r}: no commit after {a} up to {b}; {allowed}")
        shas = [first] + shas
        if every > 1:
            kept = shas[::every]
            if kept[-1] != shas[-1]:
                kept.append(shas[-1])
            shas = kept
        return shas
    shas = [resolve(repo, r.strip()) for r in spec.split(",") if r.strip()]
    if not shas:
        raise ValueError(f"{spec!r} names no commit; {allowed}")
    return shas


class Cache:
    def __init__(self, repo, root=None, build_cmd=None, target="pmdfwd", meson_options=()):
        """build_cmd: a shell command run in the commit's tree instead of the
        meson build (tests and non-meson projects); '' builds nothing."""
        self.repo = repo
        self.root = root or default_cache()
        self.build_cmd = build_cmd
        self.target = target
        self.meson_options = list(meson_options)

    def dir(self, sha):
        return os.path.join(self.root, sha)

    def tree(self, sha):
        """The commit's source tree, exported on first use."""
        src = os.path.join(self.dir(sha), "src")
        if os.path.isdir(src):
            return src
        tmp = src + ".partial"
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        with owned_process.OwnedProcess(["git", "-C", self.repo, "archive", "--format=tar", sha], deadline=None,
                                        stdout=subprocess.PIPE) as archive:
            tar = owned_process.run(["tar", "-x", "-C", tmp], stdin=archive.proc.stdout, timeout=None)
            archive_rc = archive.proc.wait()
        if archive_rc != 0 or tar.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            raise ValueError(f"git archive {sha} failed in {self.repo}")
        # Subprojects' download cache (a gtest wrap) is not in git; reuse the repo's.
        cache = os.path.join(self.repo, "subprojects", "packagecache")
        if os.path.isdir(cache):
            shutil.copytree(cache, os.path.join(tmp, "subprojects", "packagecache"), dirs_exist_ok=True)
        os.rename(tmp, src)
        return src

    def binary(self, sha):
        return os.path.join(self.dir(sha), "build", self.target)

    def status(self, sha):
        try:
            with open(os.path.join(self.dir(sha), BUILD_FILE)) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def build(self, sha, rebuild=False, log=None):
        """Build once; returns the status dict (ok, seconds, error)."""
        st = self.status(sha)
        if st and not rebuild:
            return st
        src = self.tree(sha)
        build = os.path.join(self.dir(sha), "build")
        if self.build_cmd is not None:
            cmds = [["sh", "-c", self.build_cmd]] if self.build_cmd else []
        else:
            setup = ["meson", "setup", build, src, "--buildtype=release", *self.meson_options]
            if os.path.isdir(build):
                setup.insert(2, "--wipe")
            cmds = [setup, ["ninja", "-C", build, self.target]]
        t0 = time.monotonic()
        text, ok = "", True
        for cmd in cmds:
            res = owned_process.run(cmd, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=None)
            out = res.stdout.decode(errors="replace")
            text += "$ " + " ".join(cmd) + "\n" + out
            if res.returncode != 0:
                ok = False
                break
        if log:
            log.write(text)
        st = {"ok": ok, "seconds": round(time.monotonic() - t0, 1), "commands": [" ".join(c) for c in cmds],
              "error": None if ok else text[-3000:]}
        with open(os.path.join(self.dir(sha), BUILD_FILE), "w") as f:
            json.dump(st, f, indent=1)
        return st
