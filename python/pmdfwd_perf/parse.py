"""Parse the statistics a forwarder prints while it runs.

The subject is any testpmd-compatible binary (Debian's dpdk-testpmd, pmdfwd),
so the primary input is testpmd's `show port stats` text, the same text DPDK's
DTS parses with `Rx-pps:\\s+(\\d+)`. testpmd prints it every --stats-period
seconds behind a screen-clear escape and a "Port statistics ====" header; one
such print is one *interval*. pmdfwd can also print one JSON object per line
(--stats-format=json); both forms end up as the same `Interval` objects so the
statistics never care which form the subject printed.

Nothing here assumes that the first interval is meaningful: testpmd reports
0 pps on its first print (there is no "last show" yet), so callers drop it.
"""

import json
import re
from dataclasses import dataclass, field
from typing import Optional

# testpmd clears the screen before each periodic print; pipes keep the bytes.
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_PORT_HEADER = re.compile(r"NIC statistics for port\s+(\d+)")
_INTERVAL_HEADER = re.compile(r"Port statistics\s*=+")
_FIELDS = {
    "rx_packets": re.compile(r"RX-packets:\s*(\d+)"),
    "rx_missed": re.compile(r"RX-missed:\s*(\d+)"),
    "rx_errors": re.compile(r"RX-errors:\s*(\d+)"),
    "rx_nombuf": re.compile(r"RX-nombuf:\s*(\d+)"),
    "tx_packets": re.compile(r"TX-packets:\s*(\d+)"),
    "tx_errors": re.compile(r"TX-errors:\s*(\d+)"),
    "rx_pps": re.compile(r"Rx-pps:\s*(\d+)"),
    "tx_pps": re.compile(r"Tx-pps:\s*(\d+)"),
    "rx_bps": re.compile(r"Rx-bps:\s*(\d+)"),
    "tx_bps": re.compile(r"Tx-bps:\s*(\d+)"),
}
# The final "Forward statistics" blocks after SIGINT reuse RX-packets/TX-packets
# names; they are totals, not an interval, and must not be read as one.
_BLOCK_END = re.compile(r"Forward statistics|Accumulated forward statistics")


@dataclass
class PortSample:
    """One port's counters in one interval (rates are per second)."""

    port: int
    rx_pps: Optional[int] = None
    tx_pps: Optional[int] = None
    rx_packets: Optional[int] = None
    tx_packets: Optional[int] = None
    rx_missed: Optional[int] = None
    rx_errors: Optional[int] = None
    rx_nombuf: Optional[int] = None
    tx_errors: Optional[int] = None
    rx_bps: Optional[int] = None
    tx_bps: Optional[int] = None

    @property
    def complete(self):
        # Tx-pps is the last rate line of a block: once it is there, the block
        # was printed whole (the process may be killed mid-print).
        return self.rx_pps is not None and self.tx_pps is not None


@dataclass
class Interval:
    """One periodic statistics print: every port's sample."""

    ports: dict = field(default_factory=dict)  # port id -> PortSample

    def rate(self, metric="rx"):
        """Packets per second summed over ports (the figure of the interval)."""
        key = "rx_pps" if metric == "rx" else "tx_pps"
        return sum(getattr(p, key) or 0 for p in self.ports.values())

    def complete(self, nb_ports):
        done = [p for p in self.ports.values() if p.complete]
        return len(done) >= nb_ports


def strip_ansi(text):
    return _ANSI.sub("", text)


def parse_intervals(text):
    """All intervals in a run's output, text or JSON lines, in order.

    An interval starts at a "Port statistics ====" header, or (for output that
    has no header, such as an interactive `show port stats all`) when a port
    shows up a second time.
    """
    intervals = []
    current = None
    port = None
    for raw in strip_ansi(text).splitlines():
        line = raw.strip()
        if line.startswith("{"):
            iv = _parse_json_line(line)
            if iv is not None:
                intervals.append(iv)
                current, port = None, None
            continue
        if _INTERVAL_HEADER.search(line):
            current = Interval()
            intervals.append(current)
            port = None
            continue
        if _BLOCK_END.search(line):
            port = None
            current = None
            continue
        m = _PORT_HEADER.search(line)
        if m:
            pid = int(m.group(1))
            if current is None or pid in current.ports:
                current = Interval()
                intervals.append(current)
            port = PortSample(pid)
            current.ports[pid] = port
            continue
        if port is None:
            continue
        for name, rx in _FIELDS.items():
            fm = rx.search(line)
            if fm:
                setattr(port, name, int(fm.group(1)))
    return [iv for iv in intervals if iv.ports]


def complete_intervals(text, nb_ports):
    """Intervals whose every port block was printed whole."""
    return [iv for iv in parse_intervals(text) if iv.complete(nb_ports)]


# Keys accepted in a JSON stats line, so that small naming differences between
# pmdfwd versions (rx_pps / rx-pps / Rx-pps) do not break the tool.
_JSON_KEYS = {
    "rx_pps": ("rx_pps", "rx-pps", "Rx-pps", "rxPps"),
    "tx_pps": ("tx_pps", "tx-pps", "Tx-pps", "txPps"),
    "rx_packets": ("rx_packets", "RX-packets", "ipackets"),
    "tx_packets": ("tx_packets", "TX-packets", "opackets"),
    "rx_missed": ("rx_missed", "imissed"),
    "rx_errors": ("rx_errors", "ierrors"),
    "tx_errors": ("tx_errors", "oerrors"),
    "rx_nombuf": ("rx_nombuf",),
}


def _parse_json_line(line):
    """One JSON stats line -> Interval, or None when it is not one.

    Accepted shape: {"ports": [{"port": 0, "rx_pps": N, "tx_pps": N, ...}, ...]}
    (a "port_stats" list or a {"0": {...}} mapping also work).
    """
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    if not isinstance(obj, dict):
        return None
    ports = obj.get("ports", obj.get("port_stats"))
    if isinstance(ports, dict):
        ports = [dict(v, port=int(k)) for k, v in ports.items() if isinstance(v, dict)]
    if not isinstance(ports, list):
        return None
    iv = Interval()
    for i, entry in enumerate(ports):
        if not isinstance(entry, dict):
            continue
        sample = PortSample(int(entry.get("port", entry.get("port_id", i))))
        for name, keys in _JSON_KEYS.items():
            for k in keys:
                if k in entry:
                    setattr(sample, name, int(entry[k]))
                    break
        iv.ports[sample.port] = sample
    return iv if iv.ports else None


# Options whose presence in `--help` output changes how a subject is driven.
FEATURE_OPTIONS = (
    "run-time",
    "stats-format",
    "macswap-kernel",
    "mac-tx-store",
    "total-num-mbufs",
    "cmdline-file",
    "txpkts",
    "stats-period",
)


def parse_help(text):
    """Features and forward modes a subject advertises in its --help text.

    testpmd and pmdfwd share option names but only pmdfwd has --run-time,
    --stats-format and --macswap-kernel; the tool asks rather than guesses.
    """
    text = strip_ansi(text)
    features = {opt: bool(re.search(r"--" + re.escape(opt) + r"\b", text)) for opt in FEATURE_OPTIONS}
    modes = []
    m = re.search(r"--forward-mode=\S*:[^(\n]*\(N:\s*([^)\n]+)\)", text)
    if m:
        modes = [x.strip() for x in m.group(1).split("|") if x.strip()]
    kernels = []
    k = re.search(r"--macswap-kernel[= ]\S*[^(\n]*\((?:NAME:\s*)?([a-z0-9_|,\- ]+)\)", text)
    if k:
        kernels = [x.strip() for x in re.split(r"[|,]", k.group(1)) if x.strip()]
    return {"features": features, "modes": modes, "kernels": kernels}
