# The observability tests' rig: queries through DPDK's own dpdk-telemetry.py,
# EAL arguments for runs that secondary processes (dpdk-dumpcap, dpdk-pdump,
# dpdk-proc-info) attach to, and a pcapng reader for what dumpcap writes.
import collections
import json
import os
import shutil
import struct
import subprocess
import unittest
from pathlib import Path

import forwarder
import rig
from pmdfwd_dev import eal
from pmdfwd_dev.eal import HUGEPAGE_DIR, remove_hugepage_files

BASE_VIRTADDR = 0x2000_0000_0000


def shared_eal_args(test, prefix, lcores=("-l", "0-1")):
    """EAL arguments for a primary that secondaries can attach to: hugepage
    memory with its files kept while it runs (no --huge-unlink, no
    --no-shconf); the test's cleanup removes them and the runtime dir."""
    test.addCleanup(remove_hugepage_files, prefix)
    test.addCleanup(rig.remove_runtime_dir, prefix)
    # A secondary maps pmdfwd's memory at the addresses pmdfwd chose; where
    # EAL picks them (near the libraries) a secondary may have something
    # there already, often when pmdfwd runs under AddressSanitizer. An
    # address far above both keeps them free.
    return [*lcores, "--no-pci", "-m", "256", "--file-prefix", prefix,
            f"--base-virtaddr={BASE_VIRTADDR:#x}"]


def hugepages_free(pages=256):
    """Whether the machine has the hugepages a shared-memory run needs."""
    return eal.free_hugepages() >= pages and os.access(HUGEPAGE_DIR, os.W_OK)


def require_hugepages(test):
    if not hugepages_free():
        test.skipTest(f"needs 256 free 2 MiB hugepages in {HUGEPAGE_DIR} "
                      "(scripts/hugepages.sh): secondary processes cannot attach to --no-huge")


def tool(test, name):
    """A DPDK tool from the dpdk package, or skip saying which is missing."""
    path = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}")
                                  else None)
    if path is None:
        test.skipTest(f"{name} not installed (Debian package dpdk)")
    return path


def socket_path(prefix):
    return Path(eal.telemetry_socket(prefix))


def telemetry(test, prefix, *commands, timeout=30):
    """Replies to commands from DPDK's dpdk-telemetry.py, non-interactive:
    one JSON line per command, in order."""
    script = tool(test, "dpdk-telemetry.py")
    run = forwarder.run(["/usr/bin/python3", script, "-f", prefix],
                        input="".join(c + "\n" for c in commands), timeout=timeout,
                        stderr=subprocess.PIPE)
    test.assertEqual(run.rc, 0, run.describe())
    replies = [json.loads(line) for line in run.out.splitlines() if line.startswith("{")]
    test.assertEqual(len(replies), len(commands), run.describe())
    return [r[c.split(",")[0]] for r, c in zip(replies, commands)]


# pcapng (what dpdk-dumpcap writes by default): section header, interface
# descriptions, enhanced packet blocks; other blocks are skipped.
_SHB, _IDB, _EPB, _SPB = 0x0A0D0D0A, 1, 6, 3


Packet = collections.namedtuple("Packet", "iface data origlen direction")
INBOUND, OUTBOUND = 1, 2  # epb_flags direction bits


def read_pcapng(path):
    """[Packet] in file order; direction from the epb_flags option (None if absent)."""
    data = Path(path).read_bytes()
    out, ifaces, off, end = [], [], 0, "<"
    while off + 12 <= len(data):
        btype = struct.unpack_from(end + "I", data, off)[0]
        if btype == _SHB:
            magic = struct.unpack_from("<I", data, off + 8)[0]
            end = "<" if magic == 0x1A2B3C4D else ">"
            ifaces = []
        blen = struct.unpack_from(end + "I", data, off + 4)[0]
        if blen < 12 or off + blen > len(data):
            raise AssertionError(f"{path}: bad block length {blen} at offset {off}")
        body = data[off + 8: off + blen - 4]
        if btype == _IDB:
            ifaces.append(_option(body[8:], 2, end))  # if_name
        elif btype == _EPB:
            iface, _, _, caplen, origlen = struct.unpack_from(end + "IIIII", body)
            flags = _option(body[20 + (caplen + 3) // 4 * 4:], 2, end, raw=True)
            direction = struct.unpack(end + "I", flags)[0] & 3 if flags else None
            out.append(Packet(ifaces[iface] if iface < len(ifaces) else None,
                              body[20:20 + caplen], origlen, direction))
        elif btype == _SPB:
            origlen = struct.unpack_from(end + "I", body)[0]
            out.append(Packet(ifaces[0] if ifaces else None, body[4:4 + origlen], origlen, None))
        off += blen
    if off != len(data):
        raise AssertionError(f"{path}: {len(data) - off} trailing bytes")
    return out


def _option(opts, code, end, raw=False):
    off = 0
    while off + 4 <= len(opts):
        c, n = struct.unpack_from(end + "HH", opts, off)
        if c == 0:
            break
        if c == code:
            value = opts[off + 4: off + 4 + n]
            return value if raw else value.decode(errors="replace")
        off += 4 + (n + 3) // 4 * 4
    return None


def skip_unless_root(test):
    if os.geteuid() != 0:
        raise unittest.SkipTest("needs root: hugepages and /var/run/dpdk")
