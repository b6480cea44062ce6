# The net_pcap test rig shared by the end-to-end tests: pcap files written
# and read byte for byte (no scapy on the reading side, so a 0-byte or 5-byte
# frame comes back as exactly what the PMD wrote), the binary under test and
# its EAL arguments, and parsers for the statistics text pmdfwd prints.
# forwarder.py starts the processes.
import functools
import itertools
import os
import re
import struct
import subprocess
from pathlib import Path

# EAL creates its runtime directory even with --no-shconf: the tests remove it.
from pmdfwd_dev.eal import remove_runtime_dir  # noqa: F401

HERE = Path(__file__).resolve().parent
SOURCE_ROOT = HERE.parent.parent

# Classic pcap, microsecond timestamps, LINKTYPE_ETHERNET. The PMD reads up to
# its snapshot length (65535), so the header's snaplen is that too.
_PCAP_MAGIC = 0xA1B2C3D4
_PCAP_MAGIC_NS = 0xA1B23C4D
_LINKTYPE_ETHERNET = 1
_SNAPLEN = 65535

_prefix_counter = itertools.count()


@functools.lru_cache(maxsize=None)
def dpdk_version():
    """(major, minor) of the DPDK pmdfwd was built on: $PMDFWD_DPDK_VERSION
    (meson sets it), else pkg-config's libdpdk. 22.11, 24.11, 25.11 ..."""
    text = os.environ.get("PMDFWD_DPDK_VERSION")
    if not text:
        import forwarder  # here: forwarder builds on this module
        res = forwarder.run(["pkg-config", "--modversion", "libdpdk"], timeout=60,
                            stderr=subprocess.DEVNULL)
        if res.rc != 0:
            raise RuntimeError("pkg-config --modversion libdpdk failed")
        text = res.out
    major, minor = text.strip().split(".")[:2]
    return int(major), int(minor)


def lcore_thread_prefix():
    """How EAL names a worker lcore's thread (/proc/PID/task/TID/comm):
    rte-worker-N up to 23.07, dpdk-workerN from 23.11."""
    return "dpdk-worker" if dpdk_version() >= (23, 11) else "rte-worker-"


def pmdfwd_bin():
    """The binary under test: $PMDFWD_BIN (meson sets it), else build/pmdfwd."""
    path = Path(os.environ.get("PMDFWD_BIN", SOURCE_ROOT / "build" / "pmdfwd")).resolve()
    if not path.is_file():
        raise FileNotFoundError(
            f"pmdfwd binary not found at {path}: build it (ninja -C build) or set PMDFWD_BIN"
        )
    return path


def write_pcap(path, frames):
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", _PCAP_MAGIC, 2, 4, 0, 0, _SNAPLEN, _LINKTYPE_ETHERNET))
        for i, frame in enumerate(frames):
            # Distinct timestamps keep the file readable by tcpdump/wireshark.
            f.write(struct.pack("<IIII", 1_700_000_000, i, len(frame), len(frame)))
            f.write(frame)


def read_pcap(path, limit=None):
    """Frames of a pcap file as bytes, in file order (checks caplen == len);
    the first `limit` of them when given (a generator's file holds millions,
    a test looks at the first few)."""
    with open(path, "rb") as f:
        # Each frame takes at most 16 + _SNAPLEN bytes: no need for the rest.
        data = f.read(-1 if limit is None else 24 + limit * (16 + _SNAPLEN))
    if len(data) < 24:
        raise AssertionError(f"{path}: {len(data)} bytes, not a pcap file")
    magic = struct.unpack_from("<I", data)[0]
    if magic in (_PCAP_MAGIC, _PCAP_MAGIC_NS):
        end = "<"
    elif struct.unpack_from(">I", data)[0] in (_PCAP_MAGIC, _PCAP_MAGIC_NS):
        end = ">"
    else:
        raise AssertionError(f"{path}: bad pcap magic {magic:#x}")
    linktype = struct.unpack_from(end + "I", data, 20)[0]
    if linktype != _LINKTYPE_ETHERNET:
        raise AssertionError(f"{path}: link type {linktype}, expected Ethernet")
    frames, off = [], 24
    while off < len(data) and (limit is None or len(frames) < limit):
        _, _, caplen, wirelen = struct.unpack_from(end + "IIII", data, off)
        off += 16
        if caplen != wirelen:
            raise AssertionError(f"{path}: frame {len(frames)} truncated ({caplen} of {wirelen})")
        frames.append(data[off : off + caplen])
        off += caplen
    return frames


# EAL's memory without hugepages (-m, MB). EAL touches all of it at start-up,
# so each start costs in proportion (hundreds of starts in the e2e suite);
# a forwarder's pool of testpmd's default size takes about 20 MB of it.
NO_HUGE_MB = "128"
NO_HUGE = ["--no-huge", "-m", NO_HUGE_MB]


def eal_args(prefix):
    # Two lcores (main + one forwarder), no hugepages, no PCI probing, and a
    # runtime directory of our own so parallel EAL processes do not collide.
    return ["-l", "0-1", "--no-pci", *NO_HUGE, "--no-shconf", "--file-prefix", prefix]


def unique_prefix():
    return f"pmdfwd-e2e-{os.getpid()}-{next(_prefix_counter)}"


def pcap_vdevs(tmp, rx0, rx1):
    """Two net_pcap ports: port N reads rxN and writes txN.pcap in tmp.

    net_pcap (DPDK 22.11) takes rx_pcap/tx_pcap per device; each port is
    given an rx_pcap so both have a receive queue to forward from."""
    tx0, tx1 = Path(tmp) / "tx0.pcap", Path(tmp) / "tx1.pcap"
    vdevs = ["--vdev", f"net_pcap0,rx_pcap={rx0},tx_pcap={tx0}",
             "--vdev", f"net_pcap1,rx_pcap={rx1},tx_pcap={tx1}"]
    return vdevs, tx0, tx1


_PORT_BLOCK = re.compile(
    r"Forward statistics for port (\d+)\s+-+\n"
    r"\s+RX-packets: (\d+)\s+RX-dropped: (\d+)\s*RX-total: (\d+)\n"
    r"(?:.*\n)*?"
    r"\s+TX-packets: (\d+)\s+TX-dropped: (\d+)\s*TX-total: (\d+)\n")
_STREAM_BLOCK = re.compile(
    r"Forward Stats for RX Port=\s*(\d+)/Queue=\s*(\d+) -> TX Port=\s*(\d+)/Queue=\s*(\d+) -+\n"
    r"\s+RX-packets: (\d+)\s+TX-packets: (\d+)\s+TX-dropped: (\d+)"
    # the csum engine's bad-checksum counters, as testpmd prints them
    r"(?:\s+RX- bad IP checksum: \d+\s+Rx- bad L4 checksum: \d+\s+"
    r"Rx- bad outer L4 checksum: \d+\s*\n RX- bad outer IP checksum: \d+)?\s*\n"
    r"(?:\s+Engine-untouched: (\d+)\s+Engine-consumed: (\d+)\s+Engine-generated: (\d+)\n)?")
_PORT_MAC = re.compile(r"^Port (\d+): ((?:[0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2})$", re.M)


def port_fwd_stats(out):
    """{port: {"rx", "rx_dropped", "tx", "tx_dropped"}} from the last stop."""
    stats = {}
    for m in _PORT_BLOCK.finditer(out):
        stats[int(m[1])] = {"rx": int(m[2]), "rx_dropped": int(m[3]),
                            "tx": int(m[5]), "tx_dropped": int(m[6])}
    return stats


def stream_fwd_stats(out):
    """{(rx_port, tx_port): {"rx", "tx", "dropped", "untouched", ...}}; the
    engine line is printed only when one of its counters is non-zero."""
    stats = {}
    for m in _STREAM_BLOCK.finditer(out):
        stats[(int(m[1]), int(m[3]))] = {
            "rx": int(m[5]), "tx": int(m[6]), "dropped": int(m[7]),
            "untouched": int(m[8] or 0), "consumed": int(m[9] or 0),
            "generated": int(m[10] or 0)}
    return stats


def port_macs(out):
    """{port: mac bytes} from the "Port N: XX:XX:XX:XX:XX:XX" start-up lines."""
    return {int(m[1]): bytes.fromhex(m[2].replace(":", "")) for m in _PORT_MAC.finditer(out)}
