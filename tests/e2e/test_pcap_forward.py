"""End-to-end golden tests on the net_pcap rig: pmdfwd reads a pcap file on
each of two ports, forwards port 0 -> 1 and 1 -> 0, and every frame written
out is checked byte for byte against the input: same count, same order, MACs
swapped by macswap (first segment >= 12 bytes), everything else identical.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_pcap_forward.py
"""
import re
import tempfile
import unittest
from pathlib import Path


import forwarder  # noqa: E402
import frames as fr  # noqa: E402
import rig  # noqa: E402

# Long enough for a loaded 2-core machine to drain a few hundred frames from
# the pcap files (it takes milliseconds when idle); the run ends by itself.
RUN_TIME = "2"


class FrameAssertions(unittest.TestCase):
    def assertFramesEqual(self, got, want, what):
        self.assertEqual(len(got), len(want), f"{what}: {len(got)} frames, expected {len(want)}")
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                at = next((k for k in range(min(len(g), len(w))) if g[k] != w[k]),
                          min(len(g), len(w)))
                self.fail(f"{what}: frame {i} ({len(w)} bytes) differs at byte {at}: "
                          f"got {len(g)} bytes {g[max(0, at - 8):at + 8].hex()}, "
                          f"expected {w[max(0, at - 8):at + 8].hex()}")


class PcapRig(FrameAssertions):
    """Input pcaps shared by the tests of a class; one output dir per run."""

    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-e2e-")
        cls.tmp = Path(cls._tmp.name)
        cls.in0, cls.in1 = fr.traffic(seed=1), fr.traffic(seed=2)
        rig.write_pcap(cls.tmp / "in0.pcap", cls.in0)
        rig.write_pcap(cls.tmp / "in1.pcap", cls.in1)
        rig.write_pcap(cls.tmp / "empty.pcap", [])
        cls.runs = 0

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def forward(self, app_args, *, rx0=None, rx1=None, eal_extra=()):
        """Runs pmdfwd on the rig; returns (run, frames out of port 0, of port 1)."""
        type(self).runs += 1
        out = self.tmp / f"run{self.runs}"
        out.mkdir()
        vdevs, tx0, tx1 = rig.pcap_vdevs(out, rx0 or self.tmp / "in0.pcap",
                                         rx1 or self.tmp / "in1.pcap")
        run = forwarder.run_pmdfwd([*vdevs, *eal_extra], ["--run-time=" + RUN_TIME, *app_args],
                                   cwd=out)
        self.assertEqual(run.rc, 0, run.describe())
        return run, rig.read_pcap(tx0), rig.read_pcap(tx1)

    def assertCounters(self, run, untouched0, untouched1, sent0=None, sent1=None):
        """Port and stream counters of the final statistics for a run that
        forwarded in0 (port 0 -> 1) and in1 (port 1 -> 0)."""
        sent0 = len(self.in0) if sent0 is None else sent0
        sent1 = len(self.in1) if sent1 is None else sent1
        ports = rig.port_fwd_stats(run.out)
        self.assertEqual(ports, {
            0: {"rx": sent0, "rx_dropped": 0, "tx": sent1, "tx_dropped": 0},
            1: {"rx": sent1, "rx_dropped": 0, "tx": sent0, "tx_dropped": 0},
        }, run.out)
        streams = rig.stream_fwd_stats(run.out)
        # As testpmd 22.11, no per-stream block when streams equal ports;
        # pmdfwd adds one for a stream whose engine left frames untouched.
        active = {k for k, n, u in (((0, 1), sent0, untouched0), ((1, 0), sent1, untouched1))
                  if n and u}
        self.assertEqual(set(streams), active, run.out)
        for key, sent, untouched in (((0, 1), sent0, untouched0), ((1, 0), sent1, untouched1)):
            if key not in streams:
                continue
            s = streams[key]
            self.assertEqual((s["rx"], s["tx"], s["dropped"]), (sent, sent, 0), f"{key}\n{run.out}")
            self.assertEqual(s["untouched"], untouched, f"stream {key} runts\n{run.out}")
            self.assertEqual((s["consumed"], s["generated"]), (0, 0), run.out)


class ReadPcapTest(unittest.TestCase):
    def test_the_first_frames_of_a_long_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "gen.pcap"
            frames = [bytes([i]) * (60 + i) for i in range(100)]
            rig.write_pcap(path, frames)
            self.assertEqual(rig.read_pcap(path, limit=3), frames[:3])
            self.assertEqual(rig.read_pcap(path, limit=500), frames)
            self.assertEqual(rig.read_pcap(path), frames)


class PcapForwardTest(PcapRig):
    def test_traffic_covers_runts_around_the_swap_limit(self):
        # Guards the input itself: the assertions below mean little without
        # runts on both sides of 12 bytes and frames larger than one mbuf.
        sizes = {len(f) for f in self.in0}
        self.assertTrue({0, 5, 11, 12, 13, 15, 60, 1514, fr.JUMBO_LEN} <= sizes, sorted(sizes))
        self.assertGreater(len(self.in0), 3 * 32, "more than a few bursts")

    def test_macswap_swaps_macs_and_keeps_everything_else(self):
        run, out0, out1 = self.forward(["--forward-mode=macswap", "--no-flush-rx"])
        self.assertFramesEqual(out1, [fr.swapped(f) for f in self.in0], "port 0 -> 1")
        self.assertFramesEqual(out0, [fr.swapped(f) for f in self.in1], "port 1 -> 0")
        self.assertCounters(run, fr.runts(self.in0), fr.runts(self.in1))

    def test_macswap_every_usable_kernel(self):
        # The kernel list comes from pmdfwd itself (show config fwd), so a
        # build with AVX2/AVX-512 kernels checks each of them here.
        run, _, _ = self.forward(["--forward-mode=macswap", "--no-flush-rx"],
                                 rx0=self.tmp / "empty.pcap", rx1=self.tmp / "empty.pcap")
        listing = run.out.split("kernels (best first):", 1)
        self.assertEqual(len(listing), 2, run.out)
        kernels = re.findall(r"^\s+(\S+)\s+usable$", listing[1], re.M)
        self.assertIn("scalar", kernels, run.out)
        for kernel in kernels:
            with self.subTest(kernel=kernel):
                run, out0, out1 = self.forward(
                    ["--forward-mode=macswap", "--no-flush-rx", "--macswap-kernel=" + kernel])
                self.assertIn(f"macswap kernel: {kernel} (forced)", run.out)
                self.assertFramesEqual(out1, [fr.swapped(f) for f in self.in0], kernel)
                self.assertFramesEqual(out0, [fr.swapped(f) for f in self.in1], kernel)
                self.assertCounters(run, fr.runts(self.in0), fr.runts(self.in1))

    def test_io_forwards_frames_unchanged(self):
        run, out0, out1 = self.forward(["--forward-mode=io", "--no-flush-rx"])
        self.assertFramesEqual(out1, self.in0, "port 0 -> 1")
        self.assertFramesEqual(out0, self.in1, "port 1 -> 0")
        self.assertCounters(run, 0, 0)

    def test_rx_is_flushed_at_start_without_no_flush_rx(self):
        # As testpmd, `start` drains every RX queue first; net_pcap's queue is
        # the whole rx_pcap file, so nothing is left to forward.
        run, out0, out1 = self.forward(["--forward-mode=io"])
        self.assertEqual((len(out0), len(out1)), (0, 0), run.out)
        self.assertCounters(run, 0, 0, sent0=0, sent1=0)


if __name__ == "__main__":
    unittest.main()
