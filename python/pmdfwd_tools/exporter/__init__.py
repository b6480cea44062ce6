"""Serves a running pmdfwd's forward statistics to Prometheus.

Reads pmdfwd's DPDK telemetry commands (/pmdfwd/stats, /pmdfwd/engine) on
/var/run/dpdk/<prefix>/dpdk_telemetry.v2 at every scrape and answers
http://127.0.0.1:PORT/metrics in the Prometheus text format, or in
OpenMetrics when the scraper asks for it (Accept: application/openmetrics-text).
The metrics are those of scripts/telemetry-endpoints/pmdfwd.py, the module
DPDK 24.11+'s dpdk-telemetry-exporter.py loads, under the same names
(dpdk_pmdfwd_...). python3-prometheus-client writes both formats (a custom
collector yields the metric families); listens on 127.0.0.1 alone.

    pmdfwd-exporter -f <file-prefix> [-p PORT]
    pmdfwd-exporter -f <file-prefix> --once [--openmetrics]

metrics reads pmdfwd and writes the exposition text; http serves it
(bounded: its docstring says how, and why not on prometheus_client's own
handler). scripts/pmdfwd-exporter.py (installed as pmdfwd-exporter) is the
entry point.
"""
import argparse
import os
import sys
from pathlib import Path

from . import http, metrics

DEFAULT_PORT = 9877  # next to dpdk-telemetry-exporter.py's 9876


def main(endpoints: Path) -> None:
    """The command; endpoints: the directory of the endpoint module."""
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
    if metrics.MISSING_CLIENT:
        sys.exit("pmdfwd-exporter: needs python3-prometheus-client for the exposition formats: "
                 f"{metrics.MISSING_CLIENT}")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: allowed 0..65535")
    socket_path = args.socket_path or os.path.join(metrics.runtime_dir(args.file_prefix),
                                                   "dpdk_telemetry.v2")
    registry = metrics.registry_for(metrics.load_endpoint(endpoints), socket_path)
    if args.once:
        try:
            sys.stdout.write(metrics.scrape(registry, args.openmetrics).decode())
        except (OSError, RuntimeError, ValueError, KeyError) as e:
            sys.exit(f"pmdfwd-exporter: cannot read {socket_path}: {e}")
        return
    httpd = http.Server(args.port, registry)
    print(f"pmdfwd-exporter: serving {socket_path} on "
          f"http://127.0.0.1:{httpd.server_port}/metrics", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
