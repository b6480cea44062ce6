"""Serves a running pmdfwd's forward statistics to Prometheus.

Reads pmdfwd's DPDK telemetry commands (/pmdfwd/stats, /pmdfwd/engine) on
/var/run/dpdk/<prefix>/dpdk_telemetry.v2 at every scrape and answers
http://127.0.0.1:PORT/metrics in the Prometheus text format, or in
OpenMetrics when the scraper asks for it (Accept: application/openmetrics-text).
The metrics are those of scripts/telemetry-endpoints/pmdfwd.py, the module
DPDK 24.11+'s dpdk-telemetry-exporter.py loads, under the same names
(dpdk_pmdfwd_...). python3-prometheus-client writes both formats (a custom
collector yields the metric families); listens on 127.0.0.1 alone.
Without --web.config.file every local user can read the counters; with
one (TLS, basic auth) it serves only what that file allows.

    pmdfwd-exporter -f <file-prefix> [-p PORT] [--web.config.file=FILE]
    pmdfwd-exporter -f <file-prefix> --once [--openmetrics]

metrics reads pmdfwd and writes the exposition text; http serves it
(bounded: its docstring says how, and why not on prometheus_client's own
handler); webconfig reads the web config file. scripts/pmdfwd-exporter.py (installed as pmdfwd-exporter) is the
entry point.
"""
import argparse
import os
import sys
from pathlib import Path

from . import http, metrics, webconfig

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
    parser.add_argument("--web.config.file", "--web-config-file", dest="web_config_file", metavar="FILE",
                        help="TLS and basic auth, in the web config file format of Prometheus' exporters "
                        "(tls_server_config, basic_auth_users; needs python3-yaml, and python3-bcrypt for "
                        "basic auth); refused at start if it cannot be honoured. Without it any local user "
                        "can read the metrics")
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
    web = None
    if args.web_config_file is not None:
        try:
            web = webconfig.load(args.web_config_file)
        except webconfig.WebConfigError as e:
            # Status 2, as for a bad option: nothing is served unprotected.
            print(f"pmdfwd-exporter: --web.config.file {e}", file=sys.stderr, flush=True)
            sys.exit(2)
    httpd = http.Server(args.port, registry, web)
    scheme = "https" if httpd.tls else "http"
    protection = f" ({web.describe()}, from {web.path})" if web is not None else " (no TLS, no auth)"
    print(f"pmdfwd-exporter: serving {socket_path} on "
          f"{scheme}://127.0.0.1:{httpd.server_port}/metrics{protection}", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
