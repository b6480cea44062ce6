"""Subjects: the forwarders being measured, and how to obtain them.

A subject is a binary plus what to run it with (forward mode, macswap kernel,
extra options). Comparing "two binaries", "two kernels", "two forward modes"
and "two git revisions" are all the same operation on two subjects, so they
share one spec syntax:

    LABEL:key=value,key=value[,args=REST OF THE COMMAND LINE]
    LABEL:PATH  or  PATH          (just a binary)

    keys: bin=PATH      the binary (default: dpdk-testpmd from PATH)
          rev=GITREV    build this revision of the repo with meson (instead of bin)
          mode=MODE     override the matrix's forward mode
          kernel=NAME   --macswap-kernel=NAME (pmdfwd only)
          root=PATH     run inside this Debian root (chroot; pmdfwd_dev/roots/enter.py),
                        e.g. one of scripts/dpdk-matrix.sh's: bin= is then a
                        path inside it (/opt/pmdfwd/build/pmdfwd) or a name on
                        its PATH (default dpdk-testpmd: that DPDK's testpmd)
          args=...      extra app options, space separated; must come last

What a subject supports is asked, not assumed: its `--help` text tells
whether it has --run-time, --stats-format, --macswap-kernel (pmdfwd) or not
(testpmd), and the rigs adapt their command lines to the answer.
"""

import os
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Optional

from pmdfwd_dev import owned_process
from pmdfwd_dev.roots import enter as roots

from . import parse

DEFAULT_BIN = "dpdk-testpmd"


@dataclass
class Subject:
    label: str
    binary: Optional[str] = None
    rev: Optional[str] = None
    mode: Optional[str] = None
    kernel: Optional[str] = None
    extra_args: list = field(default_factory=list)
    features: dict = field(default_factory=dict)
    modes: list = field(default_factory=list)
    kernels: list = field(default_factory=list)
    build_dir: Optional[str] = None  # temp dir of a built revision, removed at exit
    root: Optional[str] = None  # a Debian root the binary lives and runs in

    def describe(self):
        return {
            "label": self.label,
            "binary": self.binary,
            "rev": self.rev,
            "mode": self.mode,
            "kernel": self.kernel,
            "extra_args": self.extra_args,
            "features": self.features,
            "root": self.root,
        }

    def has(self, option):
        return bool(self.features.get(option))


def parse_spec(text):
    """'after:bin=build/pmdfwd,kernel=avx2' -> Subject. Errors say what is allowed."""
    if ":" in text and "=" not in text.split(":", 1)[0]:
        label, rest = text.split(":", 1)
    else:
        label, rest = None, text
    subject = Subject(label=label or "")
    if rest and "=" not in rest:
        rest = "bin=" + rest  # a bare path or command name is the binary
    allowed = ("bin", "rev", "mode", "kernel", "root", "args")
    while rest:
        key, sep, value = rest.partition("=")
        key = key.strip()
        if not sep or key not in allowed:
            raise ValueError(f"subject {text!r}: {key!r} is not KEY=VALUE with KEY one of {', '.join(allowed)}")
        if key == "args":
            subject.extra_args = shlex.split(value)
            break
        value, _, rest = value.partition(",")
        setattr(subject, {"bin": "binary"}.get(key, key), value.strip())
    if subject.binary and subject.rev:
        raise ValueError(f"subject {text!r}: give bin= or rev=, not both")
    if subject.root and subject.rev:
        raise ValueError(f"subject {text!r}: rev= builds on this host; for root= build in the root "
                         "(scripts/dpdk-matrix.sh) and give bin=")
    if not subject.label:
        subject.label = subject.rev or os.path.basename(subject.binary or DEFAULT_BIN)
        if subject.kernel:
            subject.label += f"+{subject.kernel}"
        if subject.mode:
            subject.label += f"/{subject.mode}"
        if subject.root:
            subject.label += f"@{os.path.basename(os.path.normpath(subject.root))}"
    return subject


def resolve_binary(subject):
    """Absolute path of the subject's binary, or a ValueError saying why not."""
    path = subject.binary or DEFAULT_BIN
    if subject.root:
        # Mounted from here until cleanup(): the probe runs in it already.
        # The temp dir is shared so that the run's work files (cmdline
        # files, memif sockets) have the same path inside.
        root = roots.enter(subject.root, dirs=[tempfile.gettempdir()])
        found = roots.resolve(root, path)
        if not found:
            raise ValueError(f"subject {subject.label}: binary {path!r} not found or not executable in root "
                             f"{subject.root} (pmdfwd: build it there with scripts/dpdk-matrix.sh)")
        subject.binary = found
        return found
    found = shutil.which(path) if os.sep not in path else (path if os.access(path, os.X_OK) else None)
    if not found:
        raise ValueError(f"subject {subject.label}: binary {path!r} not found or not executable")
    subject.binary = os.path.abspath(found)
    return subject.binary


def probe(subject, prefix, timeout=30):
    """Ask the binary's --help which options it has (quick; no hugepages)."""
    resolve_binary(subject)
    cmd = roots.host_argv([subject.binary, "--no-huge", "-m", "64", "--no-pci", "--file-prefix", prefix,
                           "--", "--help"])
    try:
        out = owned_process.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                timeout=timeout).stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        out = ""
    info = parse.parse_help(out)
    subject.features, subject.modes, subject.kernels = info["features"], info["modes"], info["kernels"]
    if not subject.features.get("stats-period"):
        raise ValueError(f"subject {subject.label}: {subject.binary} -- --help does not list --stats-period; "
                         "the tool reads rates from periodic stats (testpmd-compatible binary needed)")
    if subject.kernel and not subject.has("macswap-kernel"):
        raise ValueError(f"subject {subject.label}: kernel={subject.kernel} given but {subject.binary} "
                         "has no --macswap-kernel option")
    if subject.kernel and subject.kernels and subject.kernel not in subject.kernels:
        raise ValueError(f"subject {subject.label}: kernel {subject.kernel!r} not offered; "
                         f"it offers {', '.join(subject.kernels)}")
    return subject


def build_revision(subject, repo, meson_options=(), log=None):
    """Build `subject.rev` of `repo` into a temp dir; point subject.binary at it.

    `git archive` exports the tree without touching the repository's worktree
    list or index, so a crashed run leaves nothing behind in the repo; the
    temp dir is removed by `cleanup`.
    """
    tmp = tempfile.mkdtemp(prefix=f"pmdfwd-perf-{subject.rev.replace('/', '_')}-")
    subject.build_dir = tmp
    src = os.path.join(tmp, "src")
    os.makedirs(src)

    def run(cmd, **kw):
        res = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=None, **kw)
        if log:
            log.write(res.stdout.decode(errors="replace"))
        if res.returncode != 0:
            tail = res.stdout.decode(errors="replace")[-2000:]
            raise RuntimeError(f"building {subject.rev}: {' '.join(cmd)} failed:\n{tail}")

    with owned_process.OwnedProcess(["git", "-C", repo, "archive", "--format=tar", subject.rev], deadline=None,
                                    stdout=subprocess.PIPE) as archive:
        run(["tar", "-x", "-C", src], stdin=archive.proc.stdout)
        archive_rc = archive.proc.wait()
    if archive_rc != 0:
        raise RuntimeError(f"git archive {subject.rev} failed in {repo} (is it a revision?)")
    # Subprojects (e.g. a gtest wrap download cache) are not in git; reuse the repo's.
    cache = os.path.join(repo, "subprojects", "packagecache")
    if os.path.isdir(cache):
        shutil.copytree(cache, os.path.join(src, "subprojects", "packagecache"), dirs_exist_ok=True)
    build = os.path.join(tmp, "build")
    run(["meson", "setup", build, src, "--buildtype=release", *meson_options])
    run(["ninja", "-C", build, "pmdfwd"])
    subject.binary = os.path.join(build, "pmdfwd")
    return subject.binary


def cleanup(subjects):
    for s in subjects:
        if s.build_dir and os.path.isdir(s.build_dir):
            shutil.rmtree(s.build_dir, ignore_errors=True)
    for d in roots.runtime_dirs("pmdfwd-perf-%d-" % os.getpid()):
        shutil.rmtree(d, ignore_errors=True)
    roots.leave_all()
