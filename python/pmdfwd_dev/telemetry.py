"""A DPDK telemetry client (the v2 socket protocol of lib/telemetry).

The socket is <runtime dir>/dpdk_telemetry.v2, SOCK_SEQPACKET; on connect the
process sends one JSON object describing itself (max_output_len among its
fields), then answers each command ("/ethdev/info,0") with one JSON object
{"<command>": <reply>}.

    with Telemetry("my-prefix") as t: t.query("/ethdev/list")
"""
import json
import socket
import time

from . import eal


class Telemetry:
    """A connection to the telemetry socket of --file-prefix prefix (or of
    path); connecting retries for up to timeout seconds while the process
    starts."""

    def __init__(self, prefix=None, timeout=20.0, *, path=None):
        path = path or eal.telemetry_socket(prefix)
        deadline = time.monotonic() + timeout
        while True:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                self.sock.settimeout(timeout)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        try:
            hello = json.loads(self.sock.recv(4096).decode())
        except Exception:
            self.sock.close()
            raise
        self.max_len = int(hello.get("max_output_len", 16384))

    def query(self, command):
        """The reply to one command, without its {"<command>": ...} wrapper."""
        self.sock.send(command.encode())
        reply = json.loads(self.sock.recv(self.max_len).decode())
        return reply[command.split(",", 1)[0]]

    def close(self):
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
