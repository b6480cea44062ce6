# A DPDK telemetry client (the v2 socket protocol of lib/telemetry): the
# socket is <runtime dir>/dpdk_telemetry.v2, SOCK_SEQPACKET; on connect the
# process sends one JSON object describing itself (max_output_len among its
# fields), then answers each command ("/ethdev/info,0") with one JSON object
# {"<command>": <reply>}.
import json
import os
import socket
import time


def runtime_dir(prefix):
    """EAL's runtime directory for a --file-prefix: /var/run/dpdk for root,
    else $XDG_RUNTIME_DIR/dpdk or /tmp/dpdk."""
    if os.getuid() == 0:
        base = "/var/run"
    else:
        base = os.environ.get("XDG_RUNTIME_DIR", "/tmp")
    return os.path.join(base, "dpdk", prefix)


class Telemetry:
    def __init__(self, prefix, timeout=20.0):
        path = os.path.join(runtime_dir(prefix), "dpdk_telemetry.v2")
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                self.sock.settimeout(timeout)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        hello = json.loads(self.sock.recv(4096).decode())
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
