"""scripts/pmdfwd-exporter.py against a forwarding pmdfwd: what it serves on
127.0.0.1 parses as the Prometheus text format and as OpenMetrics (with the
strict parser of prom_text.py and with python3-prometheus-client's parsers),
its counters move between two scrapes, and it says 503 when pmdfwd is gone.
DPDK 24.11+'s dpdk-telemetry-exporter.py serves the same metrics from
scripts/telemetry-endpoints/pmdfwd.py where it is installed. The strict
parser is checked first on texts it must refuse.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_exporter.py
"""
import re
import shutil
import socket
import sys  # noqa: F401  (main's 2048-stream scrape test prints to sys.stderr)
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path


import obs_rig  # noqa: E402
import prom_text  # noqa: E402
import rig  # noqa: E402

EXPORTER = rig.SOURCE_ROOT / "scripts" / "pmdfwd-exporter.py"
ENDPOINTS = rig.SOURCE_ROOT / "scripts" / "telemetry-endpoints"
RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
OPENMETRICS = "application/openmetrics-text; version=1.0.0"

try:
    from prometheus_client.openmetrics import parser as om_reference
    from prometheus_client import parser as text_reference
except ImportError:  # Debian: python3-prometheus-client (scripts/setup.sh installs it)
    om_reference = text_reference = None


class StrictParserTest(unittest.TestCase):
    """The parser the exporter tests trust must refuse what is wrong."""

    GOOD = ('# HELP a_total Things.\n# TYPE a_total counter\na_total{x="1"} 3\n'
            'a_total{x="q\\"\\\\\\n"} 4\n# TYPE b gauge\nb 1.5e3\n'
            'b{ x = "1" ,\ty="2", } 2\n')
    GOOD_OM = ('# HELP a Things.\n# TYPE a counter\na_total{x="1"} 3\n# TYPE b gauge\n'
               'b -Inf\n# EOF\n')

    def test_accepts_good_text(self):
        fams = prom_text.parse(self.GOOD)
        self.assertEqual(fams["a_total"].samples[("a_total", (("x", 'q"\\\n'),))], 4)
        self.assertEqual(fams["b"].samples[("b", ())], 1500)
        self.assertEqual(fams["b"].samples[("b", (("x", "1"), ("y", "2")))], 2)
        self.assertEqual(prom_text.parse(self.GOOD_OM, openmetrics=True)["a"].type, "counter")

    def test_refuses(self):
        bad_text = {
            "no final newline": "a 1",
            "bad name": "1a 1\n",
            "bad value": "a one\n",
            "bad escape": 'a{x="\\t"} 1\n',
            "unterminated label": 'a{x="1} 1\n',
            "unquoted label value": 'a{x=1} 1\n',
            "space in a label name": 'a{x y="1"} 1\n',
            "label twice": 'a{x="1",x="2"} 1\n',
            "reserved label": 'a{__x="1"} 1\n',
            "series twice": "a 1\na 2\n",
            "family split": "# TYPE a gauge\na 1\n# TYPE b gauge\nb 1\na{x=\"1\"} 2\n",
            "TYPE after samples": "a 1\n# TYPE a gauge\n",
            "second TYPE": "# TYPE a gauge\n# TYPE a gauge\na 1\n",
            "bad type": "# TYPE a meter\na 1\n",
            "negative counter": "# TYPE a_total counter\na_total -1\n",
            "float timestamp": "a 1 1.5\n",
            "three fields": "a 1 2 3\n",
        }
        apart = "# TYPE a gauge\n# TYPE b gauge\na 1\nb 1\n"
        self.assertRaises(prom_text.ParseError, prom_text.parse, apart)
        self.assertEqual(set(prom_text.parse(apart, grouped=False)), {"a", "b"})
        self.assertRaises(prom_text.ParseError, prom_text.parse, apart + "a 2\n", grouped=False)
        for what, text in bad_text.items():
            with self.subTest(what):
                self.assertRaises(prom_text.ParseError, prom_text.parse, text)
        bad_om = {
            "no EOF": "# TYPE a gauge\na 1\n",
            "text after EOF": "# TYPE a gauge\na 1\n# EOF\na 2\n",
            "counter without _total": "# TYPE a counter\na 1\n# EOF\n",
            "counter family named _total": "# TYPE a_total counter\na_total 1\n# EOF\n",
            "empty line": "# TYPE a gauge\n\na 1\n# EOF\n",
            "plain comment": "# hello\n# EOF\n",
            "two spaces": "# TYPE a gauge\na  1\n# EOF\n",
            "trailing comma": '# TYPE a gauge\na{x="1",} 1\n# EOF\n',
            "space in labels": '# TYPE a gauge\na{x="1", y="2"} 1\n# EOF\n',
        }
        for what, text in bad_om.items():
            with self.subTest(what):
                self.assertRaises(prom_text.ParseError, prom_text.parse, text, True)


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
    p = obs_rig.start(test, ["/usr/bin/python3", EXPORTER, "-f", prefix, "-p", "0"], deadline=90)
    test.assertTrue(p.wait_for(lambda o: "/metrics" in o, 30), p.describe())
    url = re.search(r"http://127\.0\.0\.1:\d+/metrics", p.out)
    test.assertIsNotNone(url, p.describe())
    return p, url.group()


class ExporterTest(unittest.TestCase):
    def setUp(self):
        self.prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, self.prefix)
        self.fwd = obs_rig.start(self, [rig.pmdfwd_bin(), *rig.eal_args(self.prefix),
                                        *RING_VDEVS, "--", "--forward-mode=macswap",
                                        "--tx-first", "--run-time=60"], deadline=90)
        self.assertTrue(self.fwd.wait_for(lambda o: "Press enter to exit" in o, 30),
                        self.fwd.describe())

    def exporter(self):
        return serve(self, self.prefix)

    def check_families(self, fams, counter_suffix):
        for name in ("forwarding", "engine_info", "port_rx_packets" + counter_suffix,
                     "port_tx_pps", "stream_rx_packets" + counter_suffix, "stream_tx_dropped"
                     + counter_suffix):
            self.assertIn("dpdk_pmdfwd_" + name, fams)
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_packets" + counter_suffix].type, "counter")
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_pps"].type, "gauge")

    def test_text_format_parses_and_moves(self):
        _, url = self.exporter()
        ctype, first = get(url)
        self.assertEqual(ctype, "text/plain; version=0.0.4; charset=utf-8")
        time.sleep(0.5)
        _, second = get(url)
        a, b = prom_text.parse(first), prom_text.parse(second)
        self.check_families(b, "_total")
        rx_a = prom_text.series(a, "dpdk_pmdfwd_port_rx_packets_total")
        rx_b = prom_text.series(b, "dpdk_pmdfwd_port_rx_packets_total")
        self.assertEqual(set(rx_a), {(("port", "0"),), (("port", "1"),)}, first)
        for port, value in rx_a.items():
            self.assertGreater(rx_b[port], value, port)
        streams_b = prom_text.series(b, "dpdk_pmdfwd_stream_tx_packets_total")
        self.assertEqual(len(streams_b), 2, second)
        self.assertGreater(sum(prom_text.series(b, "dpdk_pmdfwd_port_rx_pps").values()), 0)
        self.assertEqual(prom_text.series(b, "dpdk_pmdfwd_forwarding"), {(): 1.0})
        info = list(prom_text.series(b, "dpdk_pmdfwd_engine_info"))[0]
        self.assertRegex(dict(info)["state"], r"^macswap kernel: \S+ \((forced|auto: fastest measured)\)$")

    def test_openmetrics_parses(self):
        _, url = self.exporter()
        ctype, text = get(url, accept=OPENMETRICS)
        self.assertTrue(ctype.startswith("application/openmetrics-text; version=1.0.0"), ctype)
        fams = prom_text.parse(text, openmetrics=True)
        self.check_families(fams, "")
        self.assertEqual(len(prom_text.series(fams, "dpdk_pmdfwd_port_rx_packets_total")), 2)

    def test_reference_parsers_accept_both_formats(self):
        if text_reference is None:
            self.skipTest("python3-prometheus-client not installed (scripts/setup.sh installs it)")
        _, url = self.exporter()
        _, text = get(url)
        fams = {f.name: f for f in text_reference.text_string_to_metric_families(text)}
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_packets"].type, "counter")
        self.assertEqual(len(fams["dpdk_pmdfwd_port_rx_packets"].samples), 2)
        _, text = get(url, accept=OPENMETRICS)
        ref = {f.name: f for f in om_reference.text_string_to_metric_families(text)}
        self.assertEqual(set(ref), set(prom_text.parse(text, openmetrics=True)))
        self.assertEqual(ref["dpdk_pmdfwd_port_rx_packets"].type, "counter")

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

    def test_listens_on_localhost_only(self):
        p, url = self.exporter()
        port = int(url.split(":")[2].split("/")[0])
        self.assertEqual(listening_addresses(port), ["0100007F"], "127.0.0.1 alone")
        with self.assertRaises(urllib.error.HTTPError) as e:
            get(url.replace("/metrics", "/other"))
        self.assertEqual(e.exception.code, 404)
        e.exception.close()

    def test_once_and_unavailable(self):
        once = obs_rig.start(self, ["/usr/bin/python3", EXPORTER, "-f", self.prefix, "--once"])
        self.assertEqual(once.wait(60), 0, once.describe())
        prom_text.parse(once.out)
        gone = obs_rig.start(self, ["/usr/bin/python3", EXPORTER, "-f", "no-such-prefix",
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
        fwd = obs_rig.start(self, [rig.pmdfwd_bin(), *rig.eal_args(prefix), "--vdev", "net_null0",
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
        fams = prom_text.parse(text)
        want = {str(i) for i in range(self.STREAMS)}
        for name in ("stream_rx_packets_total", "stream_tx_packets_total",
                     "stream_tx_dropped_total", "stream_rx_pps", "stream_tx_pps"):
            series = prom_text.series(fams, "dpdk_pmdfwd_" + name)
            self.assertEqual({dict(labels)["stream"] for labels in series}, want, name)
        self.assertEqual(prom_text.series(fams, "dpdk_pmdfwd_streams"), {(): self.STREAMS})
        self.assertLess(elapsed, self.SCRAPE_TIMEOUT_S)


class DpdkExporterTest(unittest.TestCase):
    """DPDK's own exporter (24.11+) with pmdfwd's endpoint module."""

    def test_dpdk_telemetry_exporter_serves_pmdfwd_metrics(self):
        exporter = shutil.which("dpdk-telemetry-exporter.py")
        if exporter is None:
            self.skipTest("no dpdk-telemetry-exporter.py (DPDK 24.11+ ships it; Debian 12 has "
                          "22.11): scripts/pmdfwd-exporter.py serves the same metrics")
        prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, prefix)
        fwd = obs_rig.start(self, [rig.pmdfwd_bin(), *rig.eal_args(prefix), *RING_VDEVS, "--",
                                   "--forward-mode=macswap", "--tx-first", "--run-time=60"],
                            deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 30), fwd.describe())
        port = free_port()
        p = obs_rig.start(self, ["/usr/bin/python3", exporter, "-p", ENDPOINTS, "-e", "pmdfwd",
                                 "-s", obs_rig.socket_path(prefix),
                                 "-o", f"prometheus://127.0.0.1:{port}"], deadline=90)
        self.assertTrue(p.wait_for(lambda o: "listening on" in o, 30), p.describe())
        _, text = get(f"http://127.0.0.1:{port}/")
        # It writes all HELP/TYPE lines, then all samples (Prometheus takes
        # that; the format asks for each family in one group).
        fams = prom_text.parse(text, grouped=False)
        self.assertEqual(fams["dpdk_pmdfwd_port_rx_packets_total"].type, "counter")
        rx = prom_text.series(fams, "dpdk_pmdfwd_port_rx_packets_total")
        self.assertEqual(len(rx), 2, text)
        self.assertGreater(min(rx.values()), 0, text)


if __name__ == "__main__":
    unittest.main()
