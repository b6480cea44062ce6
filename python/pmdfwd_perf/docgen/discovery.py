"""What a doc run finds rather than decides: the DPDK of the host and of
each Debian root scripts/dpdk-matrix.sh made, the kernel with the shape of a
DPDK's testpmd macswap, the calibration block pmdfwd printed in a run log,
and the results of the parts of a run merged into one."""

import glob
import os
import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

Results = Dict[str, Any]  # a results.json of scripts/perf run

# Where scripts/dpdk-matrix.sh builds pmdfwd inside a root.
ROOT_PMDFWD = "/opt/pmdfwd/build/pmdfwd"


@dataclass
class Version:
    """A DPDK to compare on: the host's (root None) or a Debian root's."""
    name: str
    dpdk: Optional[str]  # libdpdk.pc's Version, or None
    root: Optional[str] = None


def dpdk_version(root: str = "/") -> Optional[str]:
    """The DPDK version pkg-config would report inside `root`."""
    for pc in sorted(glob.glob(os.path.join(root, "usr/lib/*/pkgconfig/libdpdk.pc"))):
        try:
            with open(pc) as f:
                m = re.search(r"^Version:\s*(\S+)", f.read(), re.M)
        except OSError:
            continue
        if m:
            return m.group(1)
    return None


def find_versions(roots_dir: str) -> List[Version]:
    """The roots under roots_dir that hold both a dpdk-testpmd and a pmdfwd
    built by scripts/dpdk-matrix.sh, oldest DPDK first."""
    found = []
    for name in sorted(os.listdir(roots_dir)) if os.path.isdir(roots_dir) else []:
        root = os.path.join(roots_dir, name)
        pmdfwd = os.path.join(root, ROOT_PMDFWD.lstrip("/"))
        testpmd = os.path.join(root, "usr/bin/dpdk-testpmd")
        if os.path.isdir(root) and os.access(pmdfwd, os.X_OK) and os.path.lexists(testpmd):
            found.append(Version(name, dpdk_version(root), root))
    return sorted(found, key=lambda v: [int(x) if x.isdigit() else 0 for x in (v.dpdk or "0").split(".")])


def mirror_kernel(dpdk: Optional[str]) -> Optional[str]:
    """The pmdfwd kernel with the shape of that DPDK's testpmd macswap: up to
    23.11 one packet loaded, shuffled and stored at a time (sse); from 24.11
    the loads, shuffles and stores of four packets interleaved
    (sse-interleaved)."""
    try:
        major, minor = (int(x) for x in (dpdk or "").split(".")[:2])
    except ValueError:
        return None
    return "sse-interleaved" if (major, minor) >= (24, 11) else "sse"


_CAL_START = re.compile(r"^\s*macswap kernel: .*$", re.M)


def calibration_block(log_text: Optional[str]) -> Optional[str]:
    """The `show fwd macswap` block pmdfwd prints when forwarding starts."""
    m = _CAL_START.search(log_text or "")
    if not m or log_text is None:
        return None
    # describe_kernels() ends with the "auto picks" line; the port
    # configuration printed after it has the same indentation.
    lines: List[str] = []
    for line in log_text[m.start():].splitlines():
        if lines and not line.startswith("  "):
            break
        lines.append(line.rstrip())
        if line.strip().startswith("auto picks "):
            break
    return "\n".join(lines).strip("\n")


def find_calibration(logdir: str) -> Optional[str]:
    """The calibration block of the first pmdfwd macswap run log in logdir."""
    try:
        names = sorted(os.listdir(logdir))
    except OSError:
        return None
    for name in names:
        if "macswap" in name and "pmdfwd" in name and name.endswith("-subject.log"):
            with open(os.path.join(logdir, name), errors="replace") as f:
                block = calibration_block(f.read())
            if block:
                return block
    return None


def merge(*parts: Optional[Results]) -> Optional[Results]:
    """One results dict from compare runs with the same subjects (matrix + vhost)."""
    results = [r for r in parts if r]
    if not results:
        return None
    out = dict(results[0])
    out["cells"] = [c for r in results for c in r["cells"]]
    out["samples"] = [s for r in results for s in r["samples"]]
    out["summary"] = {k: v for r in results for k, v in r.get("summary", {}).items()}
    out["comparison"] = {k: v for r in results for k, v in r.get("comparison", {}).items()}
    return out
