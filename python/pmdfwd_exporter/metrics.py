"""pmdfwd's telemetry as Prometheus metrics: one bounded telemetry read
(connect, hello, every command within TELEMETRY_DEADLINE_S), shared by the
scrapes that wait for it, turned into metric families that
python3-prometheus-client writes in the text format or OpenMetrics. The
endpoint module (scripts/telemetry-endpoints/pmdfwd.py, the one DPDK 24.11+'s
dpdk-telemetry-exporter.py loads) says which metrics and how they are read.
"""
from __future__ import annotations  # the client's types in annotations, where it is missing

import importlib.util
import json
import os
import socket
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, Iterator, List, Tuple, cast

try:
    from prometheus_client import exposition
    from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
    from prometheus_client.openmetrics import exposition as om_exposition
    from prometheus_client.registry import Collector, CollectorRegistry
except ImportError as e:  # --help needs no client: the man page is made from it at build time
    MISSING_CLIENT = f"{e} (Debian: apt-get install python3-prometheus-client)"
else:
    MISSING_CLIENT = ""

PREFIX = "dpdk_pmdfwd_"
# The endpoint module's samples: (name, value, labels).
Sample = Tuple[str, float, Dict[str, Any]]
# One telemetry read (connect, hello and every command of a scrape) ends
# within this long: a frozen or vanishing pmdfwd is a 503 inside a scrape's
# 2 s, not the wait of a socket timeout per command.
TELEMETRY_DEADLINE_S = 1.5


def load_endpoint(directory: Path) -> ModuleType:
    """The endpoint module pmdfwd.py of directory (telemetry-endpoints)."""
    # No __pycache__ beside the installed module (/usr/share/pmdfwd, written
    # when root runs the exporter): a purge of the package would leave it.
    sys.dont_write_bytecode = True
    path = directory / "pmdfwd.py"
    spec = importlib.util.spec_from_file_location("pmdfwd_endpoint", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the endpoint module {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TelemetrySocket:
    """A DPDK telemetry v2 client with the cmd() of DPDK's exporter."""

    def __init__(self, path: str):
        self.deadline = time.monotonic() + TELEMETRY_DEADLINE_S
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.sock.settimeout(TELEMETRY_DEADLINE_S)
            self.sock.connect(path)
            hello = json.loads(self.recv(1024))
            self.max_output_len = hello["max_output_len"]
        except Exception:
            self.sock.close()
            raise

    def recv(self, size: int) -> str:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no answer within {TELEMETRY_DEADLINE_S} s")
        self.sock.settimeout(left)
        try:
            data = self.sock.recv(size)
        except socket.timeout:
            raise TimeoutError(f"no answer within {TELEMETRY_DEADLINE_S} s") from None
        if not data:
            raise ConnectionError("pmdfwd closed its telemetry connection")
        return data.decode()

    def cmd(self, uri: str, arg: Any = None) -> Any:
        self.sock.send((uri if arg is None else f"{uri},{arg}").encode())
        return json.loads(self.recv(self.max_output_len))[uri]

    def __enter__(self) -> "TelemetrySocket":
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


def runtime_dir(prefix: str) -> str:
    """EAL's runtime directory for a file prefix (as dpdk-telemetry.py finds it)."""
    base = os.environ.get("RUNTIME_DIRECTORY")
    if not base:
        base = "/var/run" if os.getuid() == 0 else os.environ.get("XDG_RUNTIME_DIR", "/tmp")
    return os.path.join(base, "dpdk", prefix)


def families(info: Dict[str, Tuple[str, str]], samples: List[Sample]) -> Iterator[Metric]:
    """One metric family per metric of info() that has samples, in info()
    order; a counter's family is named without _total (the text encoder
    adds it back to the family and to every sample)."""
    by_name: Dict[str, List[Tuple[float, Dict[str, Any]]]] = {}
    for name, value, labels in samples:
        by_name.setdefault(name, []).append((value, labels))
    for name, (desc, kind) in info.items():
        rows = by_name.get(name)
        if not rows:
            continue
        label_names = list(rows[0][1])
        family_type = CounterMetricFamily if kind == "counter" else GaugeMetricFamily
        family = family_type(PREFIX + name, desc, labels=label_names)
        for value, labels in rows:
            if list(labels) != label_names:
                raise ValueError(f"{name}: labels {sorted(labels)}, its first sample has {sorted(label_names)}")
            family.add_metric([str(labels[k]) for k in label_names], value)
        yield family


class PmdfwdCollector:
    """Reads pmdfwd's telemetry at every collect() (every scrape). A
    prometheus_client Collector by its collect(): the base class is not
    there to derive from where the client is missing (--help)."""

    def __init__(self, endpoint: ModuleType, socket_path: str):
        self.endpoint, self.socket_path = endpoint, socket_path
        # One telemetry client at a time: DPDK's socket closes its eleventh
        # client unanswered, and 64 scrapes at once would be 64 clients.
        # Scrapes that waited for a read begun after they came share it;
        # those that waited while a read failed share its failure: 64
        # scrapes of a frozen pmdfwd wait for one deadline, not one each.
        self.lock = threading.Lock()
        self.last: Tuple[float, List[Sample]] = (float("-inf"), [])
        self.failed: Tuple[float, Exception | None] = (float("-inf"), None)

    def collect(self) -> Iterator[Metric]:
        asked = time.monotonic()
        with self.lock:
            if self.failed[0] >= asked and self.failed[1] is not None:
                raise self.failed[1]
            if self.last[0] < asked:
                started = time.monotonic()
                try:
                    with TelemetrySocket(self.socket_path) as sock:
                        self.last = (started, self.endpoint.metrics(sock))
                except (OSError, RuntimeError, ValueError, KeyError) as e:
                    self.failed = (time.monotonic(), e)
                    raise
            samples = self.last[1]
        return families(self.endpoint.info(), samples)


def registry_for(endpoint: ModuleType, socket_path: str) -> CollectorRegistry:
    # No auto_describe: registering must not read a pmdfwd that is not up yet.
    registry = CollectorRegistry(auto_describe=False)
    registry.register(cast(Collector, PmdfwdCollector(endpoint, socket_path)))
    return registry


def scrape(registry: CollectorRegistry, openmetrics: bool) -> bytes:
    """The exposition text of one scrape: OpenMetrics 1.0.0 or 0.0.4 text."""
    if openmetrics:
        return cast(bytes, om_exposition.generate_latest(registry))  # an untyped function in 0.16
    return exposition.generate_latest(registry)
