"""The exporter's HTTP side: http.server's threading server, bounded.

A request's line and headers arrive within HEAD_DEADLINE_S and HEAD_LIMIT
bytes (past the limit: 414 for the request line, 431 for the headers), at
most MAX_CONNECTIONS are served at once (more are closed, not queued), the
listen backlog holds a burst of them, and a scrape that cannot read pmdfwd
is answered 503 saying why. Only /metrics (and /) is served, in the
Prometheus text format or OpenMetrics 1.0.0 as the scraper's Accept asks.

With a web config (webconfig.py) it serves TLS and asks for basic auth.
The TLS handshake is the connection's thread's, inside the same head
deadline, not the accept loop's: a client that connects and never sends its
ClientHello holds one of MAX_CONNECTIONS for HEAD_DEADLINE_S, as a silent
plain-HTTP client does, and no other scraper. A request without the right
credentials is answered 401 (WWW-Authenticate: Basic) whatever its path.

Why not prometheus_client's own handler (exposition.MetricsHandler, 0.16 in
Debian 12): its do_GET lets a failed collect escape (http.server logs a
traceback and drops the connection: no 503 saying why), answers every path
with metrics (no 404), and labels OpenMetrics as version 0.0.1, which
scrapers may not negotiate; it has no head deadline, head limit or
connection bound of its own. Deriving from it would override do_GET and
every limit, keeping nothing of it but its gzip; the exposition text itself
is the client's (metrics.scrape).
"""
from __future__ import annotations

import io
import socket
import ssl
import threading
import time
from http import HTTPStatus, server
from typing import Any, Optional, cast

from . import metrics, webconfig

TEXT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
# The text is OpenMetrics 1.0.0; prometheus_client 0.16's CONTENT_TYPE_LATEST
# still says version=0.0.1, which scrapers may not negotiate.
OPENMETRICS_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8"
# A request's line and headers arrive within this long and this many bytes,
# or the connection is closed (slowloris) or refused with 431: a trickling
# or bloated client holds a thread and its buffer for a bounded time only.
HEAD_DEADLINE_S = 1.5
HEAD_LIMIT = 64 * 1024
# Connections served at once; more are closed at once (bounded threads).
MAX_CONNECTIONS = 64


class HeadReader(io.RawIOBase):
    """A connection's input with one deadline and one byte budget for the
    whole request head; past the budget it reads as the end of input."""

    def __init__(self, sock: socket.socket, deadline: float):
        self.sock, self.deadline, self.left, self.over = sock, deadline, HEAD_LIMIT, False

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
        # One deadline for the TLS handshake and the request head together.
        deadline = time.monotonic() + HEAD_DEADLINE_S
        self.handshaken = True
        if isinstance(self.request, ssl.SSLSocket):
            self.request.settimeout(HEAD_DEADLINE_S)
            try:
                self.request.do_handshake()
            except OSError:  # ssl.SSLError, a timeout, a reset: closed unanswered, not logged
                self.handshaken = False
        super().setup()
        self.head = HeadReader(self.connection, deadline)
        self.rfile = io.BufferedReader(self.head)

    def handle(self) -> None:
        if self.handshaken:
            super().handle()

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
        users = cast(Server, self.server).users
        if users is not None and not users.authorized(self.headers.get("Authorization")):
            body = b"401 Unauthorized: basic auth needed\n"
            self.send_response(HTTPStatus.UNAUTHORIZED)
            self.send_header("WWW-Authenticate", f'Basic realm="{webconfig.REALM}"')
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.split("?")[0] not in ("/", "/metrics"):
            self.send_error(HTTPStatus.NOT_FOUND, "metrics are at /metrics")
            return
        openmetrics = "application/openmetrics-text" in self.headers.get("Accept", "")
        try:
            body = metrics.scrape(cast(Server, self.server).registry, openmetrics)
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

    def __init__(self, port: int, registry: metrics.CollectorRegistry,
                 web: Optional[webconfig.WebConfig] = None):
        super().__init__(("127.0.0.1", port), Handler)
        self.registry = registry
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.users = web.users if web is not None else None
        self.tls = web is not None and web.tls is not None
        if web is not None and web.tls is not None:
            # Accepted connections come wrapped but not yet handshaken
            # (Handler.setup does that, in the connection's own thread).
            self.socket = web.tls.wrap_socket(self.socket, server_side=True, do_handshake_on_connect=False)

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
