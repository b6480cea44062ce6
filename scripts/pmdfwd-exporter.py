#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Serves a running pmdfwd's forward statistics to Prometheus.

Reads pmdfwd's DPDK telemetry commands (/pmdfwd/stats, /pmdfwd/engine) on
/var/run/dpdk/<prefix>/dpdk_telemetry.v2 at every scrape and answers
http://127.0.0.1:PORT/metrics in the Prometheus text format, or in
OpenMetrics when the scraper asks for it (Accept: application/openmetrics-text).
The metrics are those of scripts/telemetry-endpoints/pmdfwd.py, the module
DPDK 24.11+'s dpdk-telemetry-exporter.py loads, under the same names
(dpdk_pmdfwd_...). Standard library only; listens on 127.0.0.1 alone.

    scripts/pmdfwd-exporter.py -f <file-prefix> [-p PORT]
    scripts/pmdfwd-exporter.py -f <file-prefix> --once [--openmetrics]
"""
import argparse
import importlib.util
import json
import os
import re
import socket
import sys
from http import HTTPStatus, server
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_PORT = 9877  # next to dpdk-telemetry-exporter.py's 9876
PREFIX = "dpdk_pmdfwd_"
TEXT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
OPENMETRICS_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8"


def load_endpoint():
    spec = importlib.util.spec_from_file_location(
        "pmdfwd_endpoint", HERE / "telemetry-endpoints" / "pmdfwd.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TelemetrySocket:
    """A DPDK telemetry v2 client with the cmd() of DPDK's exporter."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.sock.settimeout(5)
            self.sock.connect(path)
            hello = json.loads(self.sock.recv(1024).decode())
            self.max_output_len = hello["max_output_len"]
        except Exception:
            self.sock.close()
            raise

    def cmd(self, uri, arg=None):
        self.sock.send((uri if arg is None else f"{uri},{arg}").encode())
        return json.loads(self.sock.recv(self.max_output_len).decode())[uri]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.sock.close()


def runtime_dir(prefix):
    """EAL's runtime directory for a file prefix (as dpdk-telemetry.py finds it)."""
    base = os.environ.get("RUNTIME_DIRECTORY")
    if not base:
        base = "/var/run" if os.getuid() == 0 else os.environ.get("XDG_RUNTIME_DIR", "/tmp")
    return os.path.join(base, "dpdk", prefix)


def escape_label(value):
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def escape_help(text):
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def render(info, samples, openmetrics):
    """Exposition text: one family per metric, in info() order."""
    by_name = {}
    for name, value, labels in samples:
        by_name.setdefault(name, []).append((value, labels))
    lines = []
    for name, (desc, kind) in info.items():
        if name not in by_name:
            continue
        family = PREFIX + name
        if openmetrics and kind == "counter":
            family = re.sub(r"_total$", "", family)
        lines.append(f"# HELP {family} {escape_help(desc)}")
        lines.append(f"# TYPE {family} {kind}")
        for value, labels in by_name[name]:
            text = ",".join(f'{k}="{escape_label(v)}"' for k, v in labels.items())
            lines.append(f"{PREFIX}{name}{{{text}}} {int(value)}" if text
                         else f"{PREFIX}{name} {int(value)}")
    if openmetrics:
        lines.append("# EOF")
    return "\n".join(lines) + "\n"


def scrape(endpoint, socket_path, openmetrics):
    with TelemetrySocket(socket_path) as sock:
        samples = endpoint.metrics(sock)
    return render(endpoint.info(), samples, openmetrics)


class Handler(server.BaseHTTPRequestHandler):
    # A client that connects and sends nothing (or reads nothing) gives up
    # its connection after this long; it never holds another scraper.
    timeout = 10

    def do_GET(self):
        if self.path.split("?")[0] not in ("/", "/metrics"):
            self.send_error(HTTPStatus.NOT_FOUND, "metrics are at /metrics")
            return
        openmetrics = "application/openmetrics-text" in self.headers.get("Accept", "")
        try:
            body = scrape(self.server.endpoint, self.server.socket_path, openmetrics).encode()
        except (OSError, RuntimeError, ValueError, KeyError) as e:
            # pmdfwd not running (yet), or starting up / shutting down.
            self.send_error(HTTPStatus.SERVICE_UNAVAILABLE, f"pmdfwd telemetry: {e}")
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", OPENMETRICS_TYPE if openmetrics else TEXT_TYPE)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass  # a scrape every few seconds is not news


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: allowed 0..65535")
    socket_path = args.socket_path or os.path.join(runtime_dir(args.file_prefix),
                                                   "dpdk_telemetry.v2")
    endpoint = load_endpoint()
    if args.once:
        try:
            sys.stdout.write(scrape(endpoint, socket_path, args.openmetrics))
        except (OSError, RuntimeError, ValueError, KeyError) as e:
            sys.exit(f"pmdfwd-exporter: cannot read {socket_path}: {e}")
        return
    # One thread per connection: an idle client or a scrape waiting for a
    # frozen pmdfwd (5 s telemetry timeout) holds no other scraper.
    httpd = server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    httpd.daemon_threads = True
    httpd.endpoint, httpd.socket_path = endpoint, socket_path
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
