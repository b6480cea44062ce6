"""--latencystats=LCORE and --bitrate-stats=LCORE: librte_latencystats and
librte_bitratestats publish into librte_metrics, which `dpdk-proc-info
--metrics` (a secondary process on pmdfwd's --file-prefix) reads: the
latency figures globally, the bit rates per port, moving on a pcap-driven
run. The lcore named publishes instead of forwarding while another worker
can forward; testpmd's two-lcore line (`-l 0-1 -- --latencystats=1
--bitrate-stats=1`) forwards on lcore 1, which also publishes. A lcore that
EAL does not run or the main lcore are refused with a clear message.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_metrics.py
"""
import re
import shutil
import tempfile
import time
import unittest
from pathlib import Path


import forwarder  # noqa: E402
import frames as fr  # noqa: E402
import obs_rig  # noqa: E402
import rig  # noqa: E402
import test_capture  # noqa: E402

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# Three lcores on any machine with two CPUs: main and the metrics lcore share
# CPU 0 (both mostly sleep), the forwarding lcore has CPU 1.
LCORES = ("--lcores", "0@0,1@1,2@0")
LATENCY = ["min_latency_ns", "avg_latency_ns", "max_latency_ns", "jitter_ns"]
BITRATE = ["ewma_bits_in", "ewma_bits_out", "mean_bits_in", "mean_bits_out", "peak_bits_in",
           "peak_bits_out"]


def proc_info_metrics(out):
    """{None: global metrics, port: port metrics} from dpdk-proc-info --metrics."""
    sections, current = {}, None
    for line in out.splitlines():
        m = re.match(r"#+ metrics for port (\d+)", line)
        if m:
            current = sections.setdefault(int(m[1]), {})
        elif "Non port specific metrics" in line:
            current = sections.setdefault(None, {})
        else:
            m = re.match(r"(\w+): (\d+)$", line)
            if m and current is not None:
                current[m[1]] = int(m[2])
    return sections


class MetricsTest(unittest.TestCase):
    def setUp(self):
        obs_rig.skip_unless_root(self)
        obs_rig.require_hugepages(self)
        self.tmp = Path(tempfile.mkdtemp(prefix="pmdfwd-metrics-"))
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def forward(self, app_args, rig_name="ring", lcores=LCORES):
        """pmdfwd forwarding on a ring loopback (tx_first), or on two pcap
        ports replaying a file (net_pcap counts bytes, net_ring none: bit
        rates move on pcap only)."""
        if rig_name == "ring":
            vdevs, extra = RING_VDEVS, ["--tx-first"]
        else:
            rig.write_pcap(self.tmp / "in.pcap", fr.numbered("metrics", 20))
            vdevs, extra = [], []
            for p in (0, 1):
                vdevs += ["--vdev", f"net_pcap{p},rx_pcap={self.tmp}/in.pcap,"
                                    "tx_pcap=/dev/null,infinite_rx=1"]
        prefix = rig.unique_prefix()
        eal = obs_rig.shared_eal_args(self, prefix, lcores=lcores)
        fwd = forwarder.start(self, [rig.pmdfwd_bin(), *eal, *vdevs, "--", "--forward-mode=io",
                                     "--run-time=60", *extra, *app_args], deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 60), fwd.describe())
        return fwd, prefix

    def proc_info(self, prefix, tolerate_cleanup_crash=False):
        exe = obs_rig.tool(self, "dpdk-proc-info")
        # Line-buffered: the output is complete even if proc-info dies after it.
        p = forwarder.start(self, [*test_capture.stdbuf(), exe, f"--file-prefix={prefix}",
                                   "--no-pci", "--", "--metrics"], deadline=60)
        rc = p.wait(50)
        if tolerate_cleanup_crash and rc == -11:
            # DPDK 22.11's dpdk-proc-info dies in rte_eal_cleanup when the
            # primary has net_pcap ports (as with dpdk-testpmd): after its output.
            self.assertIn("Non port specific metrics", p.out, p.describe())
        else:
            self.assertEqual(rc, 0, p.describe())
        return p.out

    def test_proc_info_shows_latency_and_bitrate_metrics(self):
        fwd, prefix = self.forward(["--latencystats=2", "--bitrate-stats=2"])
        self.assertIn("Latency and bit-rate metrics published from lcore 2", fwd.out)
        # The forwarding lcore is the other worker.
        self.assertIn("Logical Core 1 (socket", fwd.out)
        self.assertNotIn("Logical Core 2", fwd.out)
        time.sleep(0.5)
        out = self.proc_info(prefix)
        metrics = proc_info_metrics(out)
        self.assertEqual(set(metrics), {None, 0, 1}, out)
        for names in (LATENCY, BITRATE):
            for n in names:
                for section in (None, 0, 1):
                    self.assertIn(n, metrics[section], f"{n} in {section}\n{out}")
        self.assertGreater(metrics[None]["max_latency_ns"], 0, out)

    def test_bit_rates_move(self):
        fwd, prefix = self.forward(["--bitrate-stats=2"], rig_name="pcap")
        self.assertIn("Bit-rate metrics published from lcore 2", fwd.out)
        time.sleep(2.5)  # two rounds (one a second)
        out = self.proc_info(prefix, tolerate_cleanup_crash=True)
        metrics = proc_info_metrics(out)
        for port in (0, 1):
            for n in ("peak_bits_in", "mean_bits_in", "peak_bits_out", "mean_bits_out"):
                self.assertGreater(metrics[port][n], 0, f"port {port} {n}\n{out}")
        self.assertFalse(set(LATENCY) & set(metrics[None]), out)

    def test_latency_alone(self):
        fwd, prefix = self.forward(["--latencystats=2"])
        self.assertIn("Latency metrics published from lcore 2", fwd.out)
        time.sleep(0.5)
        metrics = proc_info_metrics(self.proc_info(prefix))
        self.assertTrue(set(LATENCY) <= set(metrics.get(None, {})), metrics)
        self.assertFalse(set(BITRATE) & set(metrics.get(None, {})), metrics)

    def test_testpmd_two_lcore_line_forwards_and_publishes(self):
        # Issue 18 item 7: refused before ("no forwarding lcore left").
        fwd, prefix = self.forward(["--latencystats=1", "--bitrate-stats=1"], rig_name="pcap",
                                   lcores=("-l", "0-1"))
        self.assertIn("Latency and bit-rate metrics published from forwarding lcore 1", fwd.out)
        self.assertIn("Logical Core 1 (socket", fwd.out)
        time.sleep(2.5)  # two bit-rate rounds (one a second)
        out = self.proc_info(prefix, tolerate_cleanup_crash=True)
        metrics = proc_info_metrics(out)
        # Latency comes from packets that lcore 1 forwarded (RX to TX).
        self.assertGreater(metrics[None]["max_latency_ns"], 0, out)
        for port in (0, 1):
            for n in ("peak_bits_in", "peak_bits_out"):
                self.assertGreater(metrics[port][n], 0, f"port {port} {n}\n{out}")

    def test_publishing_lcore_without_a_stream_still_publishes(self):
        # Both workers publish, so both are forwarding lcores; --nb-cores=1
        # gives lcore 2 no stream, and it publishes the bit rates all the same.
        fwd, prefix = self.forward(["--latencystats=1", "--bitrate-stats=2"], rig_name="pcap")
        self.assertIn("Latency metrics published from forwarding lcore 1", fwd.out)
        self.assertIn("Bit-rate metrics published from forwarding lcore 2", fwd.out)
        self.assertIn("Logical Core 1 (socket", fwd.out)
        self.assertNotIn("Logical Core 2", fwd.out)
        time.sleep(2.5)  # two bit-rate rounds (one a second)
        metrics = proc_info_metrics(self.proc_info(prefix, tolerate_cleanup_crash=True))
        self.assertGreater(metrics[None]["max_latency_ns"], 0, metrics)
        for port in (0, 1):
            self.assertGreater(metrics[port]["peak_bits_out"], 0, f"port {port}: {metrics}")

    def test_without_the_options_no_metrics(self):
        fwd, prefix = self.forward([])
        out = self.proc_info(prefix)
        self.assertNotIn("latency", out)
        self.assertNotIn("bits_in", out)
        self.assertNotIn("Cannot get metrics", out)  # the registry exists, empty


class LcoreChoiceTest(unittest.TestCase):
    def fails(self, lcores, app_args, message, rc=1):
        prefix = rig.unique_prefix()
        self.addCleanup(rig.remove_runtime_dir, prefix)
        run_args = [str(rig.pmdfwd_bin()), *lcores, "--no-pci", *rig.NO_HUGE,
                    "--no-shconf", "--file-prefix", prefix, "--vdev", "net_ring0",
                    "--vdev", "net_ring1", "--", "--run-time=1", *app_args]
        p = forwarder.start(self, run_args, deadline=60)
        self.assertEqual(p.wait(50), rc, p.describe())
        self.assertIn(message, p.out, p.describe())

    def test_refused_lcores(self):
        self.fails(LCORES, ["--latencystats=0"],
                   "--latencystats=0: lcore 0 is the main lcore, which runs the shell")
        self.fails(LCORES, ["--bitrate-stats=5"],
                   "--bitrate-stats=5: lcore 5 is not one of EAL's lcores (0,1,2;")
        self.fails(LCORES, ["--latencystats=2", "--nb-cores=2"],
                   "--nb-cores=2 but EAL gives only 1 forwarding lcore(s)")
        self.fails(LCORES, ["--latencystats=x"], "latencystats", rc=2)
        self.fails(LCORES, ["--bitrate-stats"], "needs a value: LCORE", rc=2)


if __name__ == "__main__":
    unittest.main()
