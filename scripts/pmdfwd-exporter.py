#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Serves a running pmdfwd's forward statistics to Prometheus.

Reads pmdfwd's DPDK telemetry commands (/pmdfwd/stats, /pmdfwd/engine) on
/var/run/dpdk/<prefix>/dpdk_telemetry.v2 at every scrape and answers
http://127.0.0.1:PORT/metrics in the Prometheus text format, or in
OpenMetrics when the scraper asks for it (Accept: application/openmetrics-text).
The metrics are those of scripts/telemetry-endpoints/pmdfwd.py, the module
DPDK 24.11+'s dpdk-telemetry-exporter.py loads, under the same names
(dpdk_pmdfwd_...). python3-prometheus-client writes both formats (a custom
collector yields the metric families); listens on 127.0.0.1 alone.

    scripts/pmdfwd-exporter.py -f <file-prefix> [-p PORT]
    scripts/pmdfwd-exporter.py -f <file-prefix> --once [--openmetrics]
"""
from __future__ import annotations  # the client's types in annotations, where it is missing

import argparse
import importlib.util
import io
import json
import os
import socket
import sys
import threading
import time
from http import HTTPStatus, server
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

HERE = Path(__file__).resolve().parent
DEFAULT_PORT = 9877  # next to dpdk-telemetry-exporter.py's 9876
PREFIX = "dpdk_pmdfwd_"
TEXT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# The text is OpenMetrics 1.0.0; prometheus_client 0.16's CONTENT_TYPE_LATEST
# still says version=0.0.1, which scrapers may not negotiate.
OPENMETRICS_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8"
# The endpoint module's samples: (name, value, labels).
Sample = Tuple[str, float, Dict[str, Any]]
# A request's line and headers arrive within this long and this many bytes,
# or the connection is closed (slowloris) or refused with 431: a trickling
# or bloated client holds a thread and its buffer for a bounded time only.
HEAD_DEADLINE_S = 1.5
HEAD_LIMIT = 64 * 1024
# One telemetry read (connect, hello and every command of a scrape) ends
# within this long: a frozen or vanishing pmdfwd is a 503 inside a scrape's
# 2 s, not the wait of a socket timeout per command.
TELEMETRY_DEADLINE_S = 1.5
# Connections served at once; more are closed at once (bounded threads).
MAX_CONNECTIONS = 64


def load_endpoint() -> ModuleType:
    # No __pycache__ beside the installed module (/usr/share/pmdfwd, written
    # when root runs the exporter): a purge of the package would leave it.
    sys.dont_write_bytecode = True
    path = HERE / "telemetry-endpoints" / "pmdfwd.py"
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


class HeadReader(io.RawIOBase):
    """A connection's input with one deadline and one byte budget for the
    whole request head; past the budget it reads as the end of input."""

    def __init__(self, sock: socket.socket):
        self.sock, self.deadline, self.left, self.over = sock, time.monotonic() + HEAD_DEADLINE_S, HEAD_LIMIT, False

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        if self.left <= 0:
            self.over = True
            return 0
        self.sock.settimeout(max(self.deadline - time.monotonic(), 0.001))
        got = self.sock.recv_into(memoryview(buf)[:self.left])
        self.left -= got
        return got


class Handler(server.BaseHTTPRequestHandler):
    # A client that reads nothing gives up its connection after this long.
    timeout = 10

    def setup(self) -> None:
        super().setup()
        self.head = HeadReader(self.connection)
        self.rfile = io.BufferedReader(self.head)

    def parse_request(self) -> bool:
        if self.head.over:
            # Unparsed: send_error logs these (http.server's own 414 sets them too).
            self.requestline, self.request_version, self.command = "", "", ""
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG, f"request line over {HEAD_LIMIT} bytes")
            return False
        ok = super().parse_request()
        if ok and self.head.over:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, f"request head over {HEAD_LIMIT} bytes")
            return False
        return ok

    def do_GET(self) -> None:
        if self.path.split("?")[0] not in ("/", "/metrics"):
            self.send_error(HTTPStatus.NOT_FOUND, "metrics are at /metrics")
            return
        openmetrics = "application/openmetrics-text" in self.headers.get("Accept", "")
        try:
            body = scrape(cast(Server, self.server).registry, openmetrics)
        except (OSError, RuntimeError, ValueError, KeyError) as e:
            # pmdfwd not running (yet), or starting up / shutting down.
            self.send_error(HTTPStatus.SERVICE_UNAVAILABLE, f"pmdfwd telemetry: {e}")
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", OPENMETRICS_TYPE if openmetrics else TEXT_TYPE)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # a scrape every few seconds is not news


class Server(server.ThreadingHTTPServer):
    """One thread per connection: an idle client or a scrape waiting for a
    frozen pmdfwd (5 s telemetry timeout) holds no other scraper."""

    daemon_threads = True
    # socketserver's listen backlog of 5 made 64 scrapes at once wait for
    # SYN retransmits (a second and more) before they were accepted.
    request_queue_size = 2 * MAX_CONNECTIONS

    def __init__(self, port: int, registry: CollectorRegistry):
        super().__init__(("127.0.0.1", port), Handler)
        self.registry = registry
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)  # full: closed, not queued
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("-f", "--file-prefix", default="rte",
                       help="pmdfwd's EAL --file-prefix (default: rte)")
    where.add_argument("-s", "--socket-path", help="the telemetry socket itself")
    parser.add_argument("-p", "--port", type=int, default=DEFAULT_PORT,
                        help=f"TCP port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--once", action="store_true",
                        help="print the metrics once to stdout and exit")
    parser.add_argument("--openmetrics", action="store_true",
                        help="with --once: OpenMetrics instead of the Prometheus text format")
    args = parser.parse_args()
    if MISSING_CLIENT:
        sys.exit(f"pmdfwd-exporter: needs python3-prometheus-client for the exposition formats: {MISSING_CLIENT}")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: allowed 0..65535")
    socket_path = args.socket_path or os.path.join(runtime_dir(args.file_prefix),
                                                   "dpdk_telemetry.v2")
    registry = registry_for(load_endpoint(), socket_path)
    if args.once:
        try:
            sys.stdout.write(scrape(registry, args.openmetrics).decode())
        except (OSError, RuntimeError, ValueError, KeyError) as e:
            sys.exit(f"pmdfwd-exporter: cannot read {socket_path}: {e}")
        return
    httpd = Server(args.port, registry)
    print(f"pmdfwd-exporter: serving {socket_path} on "
          f"http://127.0.0.1:{httpd.server_port}/metrics", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()


if __name__ == "__main__":
    main()
