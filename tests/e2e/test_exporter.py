"""scripts/pmdfwd-exporter.py (pmdfwd_exporter): what it encodes (python3-prometheus-client's
encoders, from a fake telemetry reply: names, labels, HELP and TYPE of both
formats line by line), and against a forwarding pmdfwd: what it serves on
127.0.0.1 parses with prometheus_client's parsers as the Prometheus text
format and as OpenMetrics (whose parser is strict), both formats carry the
same families, its counters move between two scrapes, and it says 503 when
pmdfwd is gone. DPDK 24.11+'s dpdk-telemetry-exporter.py serves the same
metrics from scripts/telemetry-endpoints/pmdfwd.py where it is installed.
With --web.config.file (against a fake telemetry socket, no pmdfwd): basic
auth, TLS, client certificates, a silent TLS client, and the files refused
at start.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_exporter.py
"""
import concurrent.futures
import importlib.util
import base64
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import sys
import tempfile
import threading
import time
import types
import unittest
import urllib.error
import urllib.request
from pathlib import Path

import forwarder
import obs_rig
import rig

try:
    from prometheus_client import parser as text_parser
    from prometheus_client.openmetrics import parser as om_parser
    NO_CLIENT = ""
except ImportError:  # the exporter needs it as much as these tests do
    NO_CLIENT = "python3-prometheus-client not installed (scripts/setup.sh installs it)"

EXPORTER = rig.SOURCE_ROOT / "scripts" / "pmdfwd-exporter.py"
ENDPOINTS = rig.SOURCE_ROOT / "scripts" / "telemetry-endpoints"
RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
OPENMETRICS = "application/openmetrics-text; version=1.0.0"

try:
    import bcrypt
    import yaml  # noqa: F401  (the exporter's, for a web config)
    NO_WEB = ""
except ImportError as e:
    NO_WEB = f"{e}: a web config needs python3-yaml and python3-bcrypt (scripts/setup.sh installs them)"


def parse(text, openmetrics=False):
    """[metric family] of an exposition text; a family's name carries no
    _total (prometheus_client's own model of a counter)."""
    reader = om_parser if openmetrics else text_parser
    return list(reader.text_string_to_metric_families(text))


def by_name(fams):
    return {f.name: f for f in fams}


def series(fams, sample_name):
    """{labels as a sorted tuple: value} of one sample name, any family."""
    return {tuple(sorted(s.labels.items())): s.value
            for f in fams for s in f.samples if s.name == sample_name}


def load_exporter():
    """A fresh copy of the exporter's metrics module (where TelemetrySocket
    is looked up), for a test to replace that."""
    path = rig.SOURCE_ROOT / "python" / "pmdfwd_exporter" / "metrics.py"
    spec = importlib.util.spec_from_file_location("pmdfwd_exporter_metrics", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakeSocket:
    def __init__(self, _path):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class EncodingTest(unittest.TestCase):
    """The families the exporter hands prometheus_client, and the texts the
    client writes from them, without a pmdfwd: HELP, TYPE, names, labels
    and their escaping as the exporter served them before the client did."""

    INFO = {"a_total": ("Things \\ and\nmore.", "counter"), "b": ("B.", "gauge"),
            "unused": ("Never sampled.", "gauge")}
    SAMPLES = [("b", 1, {}), ("a_total", 3, {"port": "0", "state": 'q"\\\n'}),
               ("a_total", 4, {"port": "1", "state": "s"})]
    TEXT = ("# HELP dpdk_pmdfwd_a_total Things \\\\ and\\nmore.\n"
            "# TYPE dpdk_pmdfwd_a_total counter\n"
            'dpdk_pmdfwd_a_total{port="0",state="q\\"\\\\\\n"} 3.0\n'
            'dpdk_pmdfwd_a_total{port="1",state="s"} 4.0\n'
            "# HELP dpdk_pmdfwd_b B.\n# TYPE dpdk_pmdfwd_b gauge\ndpdk_pmdfwd_b 1.0\n")

    def setUp(self):
        self.exporter = load_exporter()
        self.exporter.TelemetrySocket = FakeSocket
        endpoint = types.SimpleNamespace(info=lambda: self.INFO, metrics=lambda sock: self.SAMPLES)
        self.registry = self.exporter.registry_for(endpoint, "/nowhere")

    def test_text_format(self):
        self.assertEqual(self.exporter.scrape(self.registry, False).decode(), self.TEXT)

    def test_openmetrics(self):
        want = self.TEXT.replace("# HELP dpdk_pmdfwd_a_total", "# HELP dpdk_pmdfwd_a").replace(
            "# TYPE dpdk_pmdfwd_a_total", "# TYPE dpdk_pmdfwd_a") + "# EOF\n"
        text = self.exporter.scrape(self.registry, True).decode()
        self.assertEqual(text, want)
        fams = by_name(parse(text, openmetrics=True))
        self.assertEqual(series(fams.values(), "dpdk_pmdfwd_a_total")[(("port", "0"), ("state", 'q"\\\n'))], 3)

    def test_a_sample_with_other_labels_is_refused(self):
        self.SAMPLES = self.SAMPLES + [("a_total", 5, {"port": "2"})]
        with self.assertRaisesRegex(ValueError, r"a_total: labels \['port'\], its first sample has"):
            self.exporter.scrape(self.registry, False)


class NoClientTest(unittest.TestCase):
    """Without python3-prometheus-client --help still works (the man page is
    made from it at build time) and a scrape says what to install."""

    def test_without_the_client_help_works_and_a_scrape_says_why(self):
        with tempfile.TemporaryDirectory() as shadow:
            Path(shadow, "prometheus_client").mkdir()
            Path(shadow, "prometheus_client", "__init__.py").write_text("raise ImportError('hidden by the test')\n")
            env = {"PYTHONPATH": shadow, "PATH": "/usr/bin:/bin"}
            helped = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "--help"], env=env)
            self.assertEqual(helped.wait(60), 0, helped.describe())
            once = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "--once"], env=env)
            self.assertEqual(once.wait(60), 1, once.describe())
            self.assertIn("needs python3-prometheus-client", once.out)
            self.assertIn("apt-get install python3-prometheus-client", once.out)


class InstalledFilesTest(unittest.TestCase):
    def test_leaves_no_bytecode_beside_the_endpoint_module(self):
        # Installed, the module and the exporter's package are
        # /usr/share/pmdfwd's (dpkg's): a __pycache__ written there by root's
        # exporter was left behind by a purge. The tree is laid out as
        # meson installs it: the package beside the entry point.
        with tempfile.TemporaryDirectory() as tree:
            shutil.copy(EXPORTER, tree)
            # Only the sources: a __pycache__ that an earlier import left in
            # the source tree is not the exporter's doing.
            no_cache = shutil.ignore_patterns("__pycache__")
            shutil.copytree(ENDPOINTS, Path(tree, "telemetry-endpoints"), ignore=no_cache)
            package = rig.SOURCE_ROOT / "python" / "pmdfwd_exporter"
            shutil.copytree(package, Path(tree, "pmdfwd_exporter"), ignore=no_cache)
            before = sorted(str(p.relative_to(tree)) for p in Path(tree).rglob("*"))
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
            once = forwarder.start(self, ["/usr/bin/python3", Path(tree, EXPORTER.name), "-f", "no-such-prefix",
                                          "--once"], env=env)
            self.assertEqual(once.wait(60), 1, once.describe())
            self.assertIn("cannot read", once.out)
            self.assertEqual(sorted(str(p.relative_to(tree)) for p in Path(tree).rglob("*")), before)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, accept=None):
    req = urllib.request.Request(url, headers={"Accept": accept} if accept else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.headers["Content-Type"], r.read().decode()


def listening_addresses(port):
    """Local addresses with a TCP socket listening on port (/proc/net/tcp*)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            addr, hexport = local.rsplit(":", 1)
            if int(hexport, 16) == port and state == "0A":  # LISTEN
                found.append(addr)
    return found


def serve(test, prefix):
    """A served exporter for pmdfwd's prefix: (process, metrics URL)."""
    p = forwarder.start(test, ["/usr/bin/python3", EXPORTER, "-f", prefix, "-p", "0"], deadline=90)
    test.assertTrue(p.wait_for(lambda o: "/metrics" in o, 30), p.describe())
    url = re.search(r"http://127\.0\.0\.1:\d+/metrics", p.out)
    test.assertIsNotNone(url, p.describe())
    return p, url.group()


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class ExporterTest(unittest.TestCase):
    def setUp(self):
        self.prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, self.prefix)
        self.fwd = forwarder.start(self, [rig.pmdfwd_bin(), *rig.eal_args(self.prefix),
                                          *RING_VDEVS, "--", "--forward-mode=macswap",
                                          "--tx-first", "--run-time=60"], deadline=90)
        self.assertTrue(self.fwd.wait_for(lambda o: "Press enter to exit" in o, 30),
                        self.fwd.describe())

    def exporter(self):
        return serve(self, self.prefix)

    def check_families(self, fams):
        """fams: {name: family}; every sample sits in its typed family (a
        sample out of its group would come back as an untyped family)."""
        for name in ("forwarding", "engine_info", "port_rx_packets", "port_tx_pps",
                     "stream_rx_packets", "stream_tx_dropped"):
            self.assertIn("dpdk_pmdfwd_" + name, fams)
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_packets"].type, "counter")
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_pps"].type, "gauge")
        self.assertEqual([f.name for f in fams.values() if f.type not in ("counter", "gauge")], [])

    def test_text_format_parses_and_moves(self):
        _, url = self.exporter()
        ctype, first = get(url)
        self.assertEqual(ctype, "text/plain; version=0.0.4; charset=utf-8")
        time.sleep(0.5)
        _, second = get(url)
        a, b = parse(first), parse(second)
        self.check_families(by_name(b))
        rx_a = series(a, "dpdk_pmdfwd_port_rx_packets_total")
        rx_b = series(b, "dpdk_pmdfwd_port_rx_packets_total")
        self.assertEqual(set(rx_a), {(("port", "0"),), (("port", "1"),)}, first)
        for port, value in rx_a.items():
            self.assertGreater(rx_b[port], value, port)
        streams_b = series(b, "dpdk_pmdfwd_stream_tx_packets_total")
        self.assertEqual(len(streams_b), 2, second)
        self.assertGreater(sum(series(b, "dpdk_pmdfwd_port_rx_pps").values()), 0)
        self.assertEqual(series(b, "dpdk_pmdfwd_forwarding"), {(): 1.0})
        info = list(series(b, "dpdk_pmdfwd_engine_info"))[0]
        self.assertRegex(dict(info)["state"], r"^macswap kernel: \S+ \((forced|auto: fastest measured)\)$")

    def test_openmetrics_parses(self):
        _, url = self.exporter()
        ctype, text = get(url, accept=OPENMETRICS)
        self.assertTrue(ctype.startswith("application/openmetrics-text; version=1.0.0"), ctype)
        fams = parse(text, openmetrics=True)
        self.check_families(by_name(fams))
        self.assertEqual(len(series(fams, "dpdk_pmdfwd_port_rx_packets_total")), 2)

    def test_both_formats_carry_the_same_families(self):
        _, url = self.exporter()
        _, text = get(url)
        _, om_text = get(url, accept=OPENMETRICS)

        def shape(fams):
            return {f.name: (f.type, f.documentation, sorted((s.name, tuple(sorted(s.labels.items())))
                                                             for s in f.samples)) for f in fams}

        self.assertEqual(shape(parse(text)), shape(parse(om_text, openmetrics=True)))

    def test_an_idle_connection_holds_no_other_scraper(self):
        # Issue 18 item 4: one TCP connection that sends nothing used to
        # block every scrape (single-threaded server, no socket timeout).
        _, url = self.exporter()
        port = int(url.split(":")[2].split("/")[0])
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
        for s in idle:
            self.addCleanup(s.close)
        start = time.monotonic()
        _, text = get(url)
        self.assertLess(time.monotonic() - start, 5)
        self.assertIn("dpdk_pmdfwd_port_rx_packets_total", text)

    def test_64_concurrent_scrapes_all_answer(self):
        # Issue 29 item 1: each scrape was its own telemetry client, and
        # DPDK's socket closes its eleventh client unanswered (503s).
        _, url = self.exporter()
        with concurrent.futures.ThreadPoolExecutor(64) as pool:
            texts = list(pool.map(lambda _: get(url)[1], range(64)))
        self.assertTrue(all("dpdk_pmdfwd_port_rx_packets_total" in t for t in texts))

    def test_listens_on_localhost_only(self):
        p, url = self.exporter()
        port = int(url.split(":")[2].split("/")[0])
        self.assertEqual(listening_addresses(port), ["0100007F"], "127.0.0.1 alone")
        with self.assertRaises(urllib.error.HTTPError) as e:
            get(url.replace("/metrics", "/other"))
        self.assertEqual(e.exception.code, 404)
        e.exception.close()

    def test_once_and_unavailable(self):
        once = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "-f", self.prefix, "--once"])
        self.assertEqual(once.wait(60), 0, once.describe())
        self.check_families(by_name(parse(once.out)))
        gone = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "-f", "no-such-prefix",
                                      "--once"])
        self.assertEqual(gone.wait(60), 1, gone.describe())
        self.assertIn("cannot read /var/run/dpdk/no-such-prefix/dpdk_telemetry.v2", gone.out)
        # A served exporter whose pmdfwd exits answers 503 until it is back.
        p, url = self.exporter()
        get(url)
        self.fwd.kill()
        with self.assertRaises(urllib.error.HTTPError) as e:
            get(url)
        self.assertEqual(e.exception.code, 503)
        e.exception.close()

    def test_a_restarted_forwarder_is_served_again(self):
        # Issue 29 item 1: the exporter connects at every scrape; a pmdfwd
        # started again under the same prefix is read again, within 2 s.
        _, url = self.exporter()
        get(url)
        self.fwd.kill()
        self.fwd.wait(30)
        self.fwd = forwarder.start(self, [rig.pmdfwd_bin(), *rig.eal_args(self.prefix), *RING_VDEVS, "--",
                                          "--forward-mode=io", "--tx-first", "--run-time=60"], deadline=90)
        self.assertTrue(self.fwd.wait_for(lambda o: "Press enter to exit" in o, 30), self.fwd.describe())
        start = time.monotonic()
        _, text = get(url)
        self.assertLess(time.monotonic() - start, 2.0)
        self.assertEqual(dict(list(series(parse(text), "dpdk_pmdfwd_engine_info"))[0])["engine"], "io")


def port_of(url):
    return int(url.split(":")[2].split("/")[0])


def closed_within(sock, seconds):
    """Whether the server closes sock (EOF or reset) within seconds."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class HostileClientTest(unittest.TestCase):
    """Issue 29 item 1: clients an attacker would send, against an exporter
    whose pmdfwd is not there (it answers 503 at once): each is closed or
    refused within 2 s, and a later scrape is still answered."""

    def setUp(self):
        _, self.url = serve(self, "no-such-prefix")
        self.port = port_of(self.url)

    def connect(self):
        s = socket.create_connection(("127.0.0.1", self.port))
        self.addCleanup(s.close)
        return s

    def assert_still_answers(self):
        with self.assertRaises(urllib.error.HTTPError) as e:
            get(self.url)
        self.assertEqual(e.exception.code, 503)
        e.exception.close()

    def test_a_slowloris_client_is_closed(self):
        # It used to hold its thread for as long as it trickled headers.
        s = self.connect()
        s.sendall(b"GET /metrics HTTP/1.1\r\n")
        start = time.monotonic()
        while time.monotonic() - start < 4:
            try:
                s.sendall(b"X-Slow: 1\r\n")
            except OSError:
                break
            if closed_within(s, 0.25):
                break
        self.assertLess(time.monotonic() - start, 2.0)
        self.assert_still_answers()

    def test_a_1_mib_request_head_is_refused(self):
        # Headers under http.server's line limit but 1 MiB in all were read
        # whole (100 of them could hold 6.4 MiB a connection) and answered.
        s = self.connect()
        head = b"".join(b"X-%d: %s\r\n" % (i, b"a" * 60000) for i in range(17))
        s.sendall(b"GET /metrics HTTP/1.1\r\n" + head + b"\r\n")
        s.settimeout(2)
        self.assertTrue(s.recv(64).startswith(b"HTTP/1.0 431 "))
        self.assert_still_answers()

    def test_a_request_line_past_the_limit_is_refused(self):
        # Refusing it used to raise in the handler (a traceback, no answer).
        s = self.connect()
        s.sendall(b"GET /" + b"a" * 70000 + b" HTTP/1.0\r\n\r\n")
        s.settimeout(2)
        self.assertTrue(s.recv(64).startswith(b"HTTP/1.0 414 "))
        self.assert_still_answers()

    def test_connections_past_the_limit_are_closed_at_once(self):
        # The server accepts in order: the 65th finds 64 taken (each for
        # up to the 1.5 s head deadline) and is closed, not served.
        held = [self.connect() for _ in range(64)]
        self.assertTrue(closed_within(self.connect(), 0.5))
        for s in held:
            s.close()
        time.sleep(0.2)
        self.assert_still_answers()


class FakeTelemetry:
    """A DPDK telemetry v2 socket at path that says hello, then answers
    pmdfwd's two commands as engine `name` ("answer"), never answers
    ("frozen"), or closes the connection at the first command ("vanish")."""

    def __init__(self, test, path, mode, name="io"):
        self.mode, self.name, self.conns = mode, name, []
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.sock.bind(path)
        self.sock.listen(64)
        test.addCleanup(self.close)
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        try:
            conn.send(json.dumps({"version": "fake", "pid": 1, "max_output_len": 16384}).encode())
            while True:
                uri = conn.recv(1024).decode().split(",")[0]
                if not uri or self.mode == "vanish":
                    break
                if self.mode == "frozen":
                    continue
                reply = ({"name": self.name, "origin": "built-in", "state": []} if uri == "/pmdfwd/engine"
                         else {"running": 1, "nb_streams": 0})
                conn.send(json.dumps({uri: reply}).encode())
        except OSError:
            pass
        conn.close()

    def close(self):
        self.sock.close()
        for conn in self.conns:
            conn.close()


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class TelemetryPeerTest(unittest.TestCase):
    """Issue 29 item 1: a forwarder that freezes, vanishes mid-scrape or
    restarts, and two forwarders: every scrape answers or fails within 2 s."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def exporter(self, path):
        p = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "-s", path, "-p", "0"], deadline=90)
        self.assertTrue(p.wait_for(lambda o: "/metrics" in o, 30), p.describe())
        return re.search(r"http://127\.0\.0\.1:\d+/metrics", p.out).group()

    def scrape(self, url):
        """(status, text, seconds) of one scrape."""
        start = time.monotonic()
        try:
            _, text = get(url)
            status = 200
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode()
            e.close()
        return status, text, time.monotonic() - start

    def test_a_frozen_forwarder_fails_every_scrape_within_2_s(self):
        # Each scrape waited 5 s a command, and the scrapes queued behind
        # one telemetry read each waited their own turn: 16 took 80 s.
        path = os.path.join(self.dir, "t.sock")
        FakeTelemetry(self, path, "frozen")
        url = self.exporter(path)
        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            results = list(pool.map(lambda _: self.scrape(url), range(16)))
        self.assertEqual({r[0] for r in results}, {503}, results)
        self.assertLess(max(r[2] for r in results), 2.0, results)

    def test_a_forwarder_vanishing_mid_scrape_then_restarting(self):
        path = os.path.join(self.dir, "t.sock")
        gone = FakeTelemetry(self, path, "vanish")
        url = self.exporter(path)
        status, text, took = self.scrape(url)
        self.assertEqual(status, 503, text)
        self.assertIn("closed its telemetry connection", text)
        self.assertLess(took, 2.0)
        gone.close()
        os.unlink(path)
        status, _, took = self.scrape(url)  # nothing at the path: refused at once
        self.assertEqual(status, 503)
        self.assertLess(took, 2.0)
        FakeTelemetry(self, path, "answer", name="restarted")
        status, text, took = self.scrape(url)
        self.assertEqual(status, 200, text)
        self.assertIn('engine="restarted"', text)
        self.assertLess(took, 2.0)

    def test_two_forwarders_each_served_by_its_own_exporter(self):
        urls = {}
        for name in ("first", "second"):
            path = os.path.join(self.dir, name + ".sock")
            FakeTelemetry(self, path, "answer", name=name)
            urls[name] = self.exporter(path)
        jobs = [name for name in urls for _ in range(16)]
        with concurrent.futures.ThreadPoolExecutor(32) as pool:
            results = list(pool.map(lambda name: (name, self.scrape(urls[name])), jobs))
        for name, (status, text, took) in results:
            self.assertEqual(status, 200, text)
            self.assertIn(f'engine="{name}"', text)
            self.assertLess(took, 2.0)


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class ManyStreamsTest(unittest.TestCase):
    """Issue 18 item 4: a scrape of 2048 streams ends within Prometheus's
    default scrape timeout (10 s). A real pmdfwd: two net_null ports with
    1024 queues each (2048 streams, one forwarding lcore) start in seconds
    here and answer what a fake would only imitate."""

    STREAMS = 2048
    SCRAPE_TIMEOUT_S = 10  # Prometheus's default scrape_timeout

    def test_scrape_of_2048_streams(self):
        prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, prefix)
        queues = str(self.STREAMS // 2)
        # Few descriptors and mbufs: net_null needs no ring of them, and
        # 2048 queues of the defaults would not fit the rig's memory.
        fwd = forwarder.start(self, [rig.pmdfwd_bin(), *rig.eal_args(prefix), "--vdev", "net_null0",
                                     "--vdev", "net_null1", "--", "--forward-mode=io",
                                     "--rxq=" + queues, "--txq=" + queues, "--rxd=32", "--txd=32",
                                     "--total-num-mbufs=16384", "--run-time=60"], deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 45), fwd.describe())
        self.assertIn(f"streams={self.STREAMS}", fwd.out)
        _, url = serve(self, prefix)
        start = time.monotonic()
        _, text = get(url)
        elapsed = time.monotonic() - start
        print(f"\nexporter: scrape of {self.STREAMS} streams took {elapsed:.2f} s "
              f"({len(text)} bytes)", file=sys.stderr)
        fams = parse(text)
        want = {str(i) for i in range(self.STREAMS)}
        for name in ("stream_rx_packets_total", "stream_tx_packets_total",
                     "stream_tx_dropped_total", "stream_rx_pps", "stream_tx_pps"):
            found = series(fams, "dpdk_pmdfwd_" + name)
            self.assertEqual({dict(labels)["stream"] for labels in found}, want, name)
        self.assertEqual(series(fams, "dpdk_pmdfwd_streams"), {(): self.STREAMS})
        self.assertLess(elapsed, self.SCRAPE_TIMEOUT_S)


@unittest.skipIf(NO_CLIENT, NO_CLIENT)
class DpdkExporterTest(unittest.TestCase):
    """DPDK's own exporter (24.11+) with pmdfwd's endpoint module."""

    def test_dpdk_telemetry_exporter_serves_pmdfwd_metrics(self):
        exporter = shutil.which("dpdk-telemetry-exporter.py")
        if exporter is None:
            self.skipTest("no dpdk-telemetry-exporter.py (DPDK 24.11+ ships it; Debian 12 has "
                          "22.11): scripts/pmdfwd-exporter.py serves the same metrics")
        prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, prefix)
        fwd = forwarder.start(self, [rig.pmdfwd_bin(), *rig.eal_args(prefix), *RING_VDEVS, "--",
                                     "--forward-mode=macswap", "--tx-first", "--run-time=60"],
                              deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 30), fwd.describe())
        port = free_port()
        p = forwarder.start(self, ["/usr/bin/python3", exporter, "-p", ENDPOINTS, "-e", "pmdfwd",
                                   "-s", obs_rig.socket_path(prefix),
                                   "-o", f"prometheus://127.0.0.1:{port}"], deadline=90)
        self.assertTrue(p.wait_for(lambda o: "listening on" in o, 30), p.describe())
        _, text = get(f"http://127.0.0.1:{port}/")
        # It writes all HELP/TYPE lines, then all samples (Prometheus takes
        # that; the format asks for each family in one group): the parser
        # gives the typed families empty and each sample a family of its own.
        fams = parse(text)
        types = {f.name: f.type for f in fams if not f.samples}
        self.assertEqual(types["dpdk_pmdfwd_port_rx_packets"], "counter")
        rx = series(fams, "dpdk_pmdfwd_port_rx_packets_total")
        self.assertEqual(len(rx), 2, text)
        self.assertGreater(min(rx.values()), 0, text)


def load_webconfig():
    """A fresh copy of the exporter's webconfig module."""
    path = rig.SOURCE_ROOT / "python" / "pmdfwd_exporter" / "webconfig.py"
    spec = importlib.util.spec_from_file_location("pmdfwd_exporter_webconfig", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def make_cert(test, where, name):
    """A self-signed certificate for 127.0.0.1 and its key: (cert, key)."""
    cert, key = os.path.join(where, name + ".crt"), os.path.join(where, name + ".key")
    p = forwarder.start(test, ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                               "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                               "-keyout", key, "-out", cert])
    test.assertEqual(p.wait(60), 0, p.describe())
    return cert, key


def basic(user, password):
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


# Failures of a connection the server refuses: a reset, a TLS alert, a
# close before any answer (urllib wraps some in URLError, not all).
REFUSED = (urllib.error.URLError, OSError, http.client.HTTPException)


@unittest.skipIf(NO_WEB, NO_WEB)
class BasicAuthCheckTest(unittest.TestCase):
    """The password check itself (webconfig.Users), with a bcrypt that
    counts its rounds: as exporter-toolkit, a right password costs one
    bcrypt round, later scrapes with it none; a wrong one costs a round
    every time, and so does an unknown user, against a dummy hash of the
    same cost (its 401 is not quicker than a wrong password's)."""

    def test_rounds(self):
        webconfig = load_webconfig()
        rounds = []

        def checkpw(password, hashed):
            rounds.append(hashed)
            return bcrypt.checkpw(password, hashed)

        counting = types.SimpleNamespace(hashpw=bcrypt.hashpw, gensalt=bcrypt.gensalt, checkpw=checkpw)
        hashed = bcrypt.hashpw(b"right", bcrypt.gensalt(5))
        users = webconfig.Users({"prom": hashed}, counting)
        for _ in range(3):
            self.assertTrue(users.authorized(basic("prom", "right")))
        self.assertEqual(rounds, [hashed])
        for _ in range(2):
            self.assertFalse(users.authorized(basic("prom", "wrong")))
        self.assertEqual(len(rounds), 3)
        self.assertFalse(users.authorized(basic("nobody", "right")))
        self.assertEqual(len(rounds), 4)
        self.assertNotEqual(rounds[-1], hashed)
        self.assertEqual(rounds[-1][:7], hashed[:7])  # $2b$05$: the same cost
        for header in (None, "", "Bearer x", "Basic !!!", basic("prom", "right")[:-2],
                       "Basic " + base64.b64encode(b"prom").decode(), basic("prom", "rig\0ht")):
            self.assertFalse(users.authorized(header), header)
        self.assertEqual(len(rounds), 4)  # malformed: refused without a round (bcrypt raises on a NUL)


@unittest.skipIf(NO_CLIENT or NO_WEB, NO_CLIENT or NO_WEB)
@unittest.skipIf(shutil.which("openssl") is None, "no openssl to make a test certificate")
class WebConfigTest(unittest.TestCase):
    """Issue 37: --web.config.file, exporter-toolkit's format, served
    against a fake telemetry socket (no pmdfwd needed)."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)
        self.telemetry = os.path.join(self.dir, "t.sock")
        FakeTelemetry(self, self.telemetry, "answer", name="guarded")
        self.cert, self.key = make_cert(self, self.dir, "server")
        self.hash = bcrypt.hashpw(b"s3cret", bcrypt.gensalt(4)).decode()

    def config(self, text):
        path = os.path.join(self.dir, "web.yml")
        Path(path).write_text(text)
        return path

    def start(self, path):
        return forwarder.start(self, ["/usr/bin/python3", EXPORTER, "-s", self.telemetry, "-p", "0",
                                      "--web.config.file=" + path], deadline=90)

    def exporter(self, text):
        """The metrics URL of an exporter served with the web config text."""
        p = self.start(self.config(text))
        self.assertTrue(p.wait_for(lambda o: "/metrics" in o, 30), p.describe())
        url = re.search(r"https?://127\.0\.0\.1:\d+/metrics", p.out)
        self.assertIsNotNone(url, p.describe())
        return url.group()

    def tls(self, extra=""):
        return f"tls_server_config:\n  cert_file: {self.cert}\n  key_file: {self.key}\n" + extra

    def fetch(self, url, auth=None, context=None):
        """(status, headers, text); a refused connection raises."""
        req = urllib.request.Request(url, headers={"Authorization": auth} if auth else {})
        try:
            with urllib.request.urlopen(req, timeout=10, context=context) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.headers, e.read().decode()

    def client(self, cert=None):
        ctx = ssl.create_default_context(cafile=self.cert)
        if cert is not None:
            ctx.load_cert_chain(*cert)
        return ctx

    def test_basic_auth(self):
        url = self.exporter(f"basic_auth_users:\n  prometheus: '{self.hash}'\n")
        self.assertTrue(url.startswith("http://"), url)
        for auth in (None, basic("prometheus", "wrong"), basic("other", "s3cret")):
            status, headers, _ = self.fetch(url, auth)
            self.assertEqual(status, 401, auth)
            self.assertEqual(headers["WWW-Authenticate"], 'Basic realm="pmdfwd-exporter"')
        # Every path, not /metrics alone: a 404 would say what is served.
        self.assertEqual(self.fetch(url.replace("/metrics", "/other"))[0], 401)
        status, _, text = self.fetch(url, basic("prometheus", "s3cret"))
        self.assertEqual(status, 200, text)
        self.assertIn('engine="guarded"', text)

    def test_tls_with_basic_auth(self):
        url = self.exporter(self.tls(f"basic_auth_users:\n  prometheus: '{self.hash}'\n"))
        self.assertTrue(url.startswith("https://"), url)
        with self.assertRaises(REFUSED):  # plain HTTP to the TLS port
            self.fetch(url.replace("https://", "http://"), basic("prometheus", "s3cret"))
        with self.assertRaises(REFUSED):  # a certificate the client does not trust
            self.fetch(url, basic("prometheus", "s3cret"), ssl.create_default_context())
        self.assertEqual(self.fetch(url, None, self.client())[0], 401)
        status, _, text = self.fetch(url, basic("prometheus", "s3cret"), self.client())
        self.assertEqual(status, 200, text)
        self.assertIn('engine="guarded"', text)

    def test_client_certificate_required(self):
        good = make_cert(self, self.dir, "client")
        url = self.exporter(self.tls(f"  client_auth_type: RequireAndVerifyClientCert\n"
                                     f"  client_ca_file: {good[0]}\n"))
        with self.assertRaises(REFUSED):  # none
            self.fetch(url, context=self.client())
        with self.assertRaises(REFUSED):  # one its CA did not sign
            self.fetch(url, context=self.client((self.cert, self.key)))
        status, _, text = self.fetch(url, context=self.client(good))
        self.assertEqual(status, 200, text)
        # A client CA file alone means RequireAndVerifyClientCert, as in exporter-toolkit.
        url = self.exporter(self.tls(f"  client_ca_file: {good[0]}\n"))
        with self.assertRaises(REFUSED):
            self.fetch(url, context=self.client())
        self.assertEqual(self.fetch(url, context=self.client(good))[0], 200)

    def test_a_silent_client_holds_no_tls_scrape(self):
        # The handshake is the connection's thread's: clients that connect
        # and never send a ClientHello would block the accept loop (and
        # every scraper) if it were done there; each is closed at the head
        # deadline.
        url = self.exporter(self.tls())
        silent = [socket.create_connection(("127.0.0.1", port_of(url))) for _ in range(3)]
        for s in silent:
            self.addCleanup(s.close)
        start = time.monotonic()
        status, _, text = self.fetch(url, context=self.client())
        self.assertEqual(status, 200, text)
        self.assertLess(time.monotonic() - start, 1.0)
        for s in silent:
            self.assertTrue(closed_within(s, 2.5 - (time.monotonic() - start)))

    def test_a_bad_file_is_refused_at_start(self):
        other_cert, other_key = make_cert(self, self.dir, "other")
        tls = self.tls()
        cases = [  # (what the file says, what the refusal says)
            (None, "cannot read it"),  # no such file
            ("tls_server_config: [\n", "not valid YAML"),
            ("", "empty"),
            ("- a\n", "the file is not a mapping"),
            (f"basic_auth_user:\n  prometheus: '{self.hash}'\n", "unknown key basic_auth_user "),
            (tls + "  certfile: x\n", "unknown key tls_server_config.certfile "),
            (tls + "  cipher_suites: [TLS_AES_128_GCM_SHA256]\n", "tls_server_config.cipher_suites is not supported"),
            ("http_server_config:\n  http2: false\n", "http_server_config is not supported"),
            ("basic_auth_users:\n  prometheus: s3cret\n", "basic_auth_users.prometheus: not a bcrypt hash"),
            ("basic_auth_users:\n", "basic_auth_users lists no user"),
            ("tls_server_config:\n", "tls_server_config is not a mapping"),
            (f"tls_server_config:\n  cert_file: {self.cert}\n", "tls_server_config needs key_file"),
            (f"tls_server_config:\n  cert_file: {self.dir}/web.yml\n  key_file: {self.key}\n",
             "cannot load cert_file"),
            (f"tls_server_config:\n  cert_file: {self.cert}\n  key_file: {self.dir}/none.key\n",
             "cannot load cert_file"),
            (f"tls_server_config:\n  cert_file: {self.cert}\n  key_file: {other_key}\n", "cannot load cert_file"),
            (tls + "  client_auth_type: Always\n", "client_auth_type: 'Always' is none of"),
            (tls + "  client_auth_type: RequireAndVerifyClientCert\n", "needs client_ca_file"),
            (tls + f"  client_auth_type: RequireAnyClientCert\n  client_ca_file: {other_cert}\n",
             "RequireAnyClientCert (a client certificate taken unverified) is not supported"),
            (tls + f"  client_ca_file: {self.dir}/none.crt\n", "cannot load client_ca_file"),
            (tls + "  min_version: TLS14\n", "min_version: 'TLS14' is none of"),
        ]
        for text, says in cases:
            with self.subTest(says=says):
                path = os.path.join(self.dir, "absent.yml") if text is None else self.config(text)
                p = self.start(path)
                self.assertEqual(p.wait(60), 2, p.describe())
                self.assertIn(f"pmdfwd-exporter: --web.config.file {path}: ", p.out)
                self.assertIn(says, p.out)
                self.assertNotIn("/metrics", p.out)
        # Unreadable (root reads any file: a directory stands for one).
        p = self.start(self.dir)
        self.assertEqual(p.wait(60), 2, p.describe())
        self.assertIn(f"--web.config.file {self.dir}: cannot read it", p.out)

    def test_a_missing_package_is_named(self):
        # The package recommends python3-yaml and python3-bcrypt: without
        # them a web config is refused naming what to install.
        for module, package, text in (("yaml", "python3-yaml", self.tls()),
                                      ("bcrypt", "python3-bcrypt", f"basic_auth_users:\n  p: '{self.hash}'\n")):
            with self.subTest(package=package), tempfile.TemporaryDirectory() as shadow:
                Path(shadow, module + ".py").write_text("raise ImportError('hidden by the test')\n")
                p = forwarder.start(self, ["/usr/bin/python3", EXPORTER, "-s", self.telemetry, "-p", "0",
                                           "--web.config.file", self.config(text)],
                                    env={"PYTHONPATH": shadow, "PATH": "/usr/bin:/bin"})
                self.assertEqual(p.wait(60), 2, p.describe())
                self.assertIn(f"needs {package}, not installed", p.out)
                self.assertIn(f"apt-get install {package}", p.out)
                self.assertNotIn("/metrics", p.out)


if __name__ == "__main__":
    unittest.main()
