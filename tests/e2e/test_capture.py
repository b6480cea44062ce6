"""Packet capture from a running pmdfwd with DPDK's own tools (secondary
processes on the same --file-prefix): `dpdk-dumpcap -i net_ring0 -c 100`
against a forwarding ring loopback writes 100 packets and exits 0; dumpcap
and dpdk-pdump capture exactly the frames a `start tx_first` sends and
receives; and dumpcap's frames of a pcap-driven run are the input frames
(received) and the other port's input with MACs swapped (sent).

Note: with Debian 12's DPDK 22.11, dumpcap drops every copy taken from
dpdk-testpmd (the capture pool's mempool ops index names dpaa2 in testpmd,
which links the dpaa drivers; "fslmc: No software portal resource left").
pmdfwd links no mempool driver of its own, its ops table matches dumpcap's,
and capture works on 22.11 as on 24.11/25.11.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_capture.py
"""
import re
import shutil
import signal
import tempfile
import unittest
from pathlib import Path


import forwarder  # noqa: E402
import frames as fr  # noqa: E402
import obs_rig  # noqa: E402
import rig  # noqa: E402
import shell as shells  # noqa: E402

RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
CAPTURE_TIMEOUT = 60
TX_FIRST_LEN = 64


def stdbuf():
    """Line-buffered stdout for a tool whose progress the test waits on."""
    path = shutil.which("stdbuf")
    return [path, "-oL"] if path else []


class CaptureTest(unittest.TestCase):
    def setUp(self):
        obs_rig.skip_unless_root(self)
        obs_rig.require_hugepages(self)
        self.tmp = Path(tempfile.mkdtemp(prefix="pmdfwd-capture-"))
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.prefix = rig.unique_prefix()

    def dumpcap(self, *args):
        exe = obs_rig.tool(self, "dpdk-dumpcap")
        return forwarder.start(self, [*stdbuf(), exe, f"--file-prefix={self.prefix}", *args],
                               deadline=CAPTURE_TIMEOUT + 30)

    def test_dumpcap_c_100_on_a_forwarding_ring(self):
        """Done-when: dpdk-dumpcap -i net_ring0 -c 100 writes 100 packets, exits 0."""
        eal = obs_rig.shared_eal_args(self, self.prefix)
        fwd = forwarder.start(self, [rig.pmdfwd_bin(), *eal, *RING_VDEVS, "--",
                                     "--forward-mode=macswap", "--tx-first", "--run-time=60"],
                              deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 60), fwd.describe())
        out = self.tmp / "ring.pcapng"
        cap = self.dumpcap("-i", "net_ring0", "-c", "100", "-w", out)
        self.assertEqual(cap.wait(CAPTURE_TIMEOUT), 0, cap.describe() + fwd.out)
        packets = obs_rig.read_pcapng(out)
        self.assertGreaterEqual(len(packets), 100, cap.describe())
        # DPDK 22.11 names the interface dpdk:<port>, later ones the device.
        self.assertIn({p.iface for p in packets}, ({"net_ring0"}, {"dpdk:0"}))
        self.assertEqual({len(p.data) for p in packets}, {TX_FIRST_LEN}, cap.describe())
        self.assertEqual({p.direction for p in packets}, {obs_rig.INBOUND, obs_rig.OUTBOUND})
        self.assertNotIn("fslmc", fwd.out)

    def tx_first_shell(self):
        """pmdfwd -i in rxonly mode: `start tx_first` sends one burst per port,
        which the ring loops back to the same port once; nothing else moves."""
        eal = obs_rig.shared_eal_args(self, self.prefix)
        shell = shells.pmdfwd(self, [*eal, *RING_VDEVS], ["--forward-mode=rxonly", "--run-time=60"])
        mac0 = rig.port_macs(shell.startup)[0]
        shown = shell.run("show config fwd")
        peer0 = next(ln for ln in shown.splitlines() if "TX P=0/Q=0" in ln).split("peer=")[1]
        return shell, mac0, bytes.fromhex(peer0.strip().replace(":", ""))

    def assertTxFirstBurst(self, frames, mac0, peer0, what):
        self.assertEqual(len(frames), 32, what)
        self.assertEqual(len(set(frames)), 1, f"{what}: one template, 32 copies")
        f = frames[0]
        self.assertEqual((len(f), f[0:6], f[6:12], f[12:14], f[23]),
                         (TX_FIRST_LEN, peer0, mac0, b"\x08\x00", 17), f"{what}: {f.hex()}")

    def test_dumpcap_gets_what_tx_first_sends_and_receives(self):
        shell, mac0, peer0 = self.tx_first_shell()
        out = self.tmp / "txfirst.pcapng"
        cap = self.dumpcap("-i", "net_ring0", "-c", "64", "-w", out)
        self.assertTrue(cap.wait_for(lambda o: "Packets captured:" in o, CAPTURE_TIMEOUT),
                        cap.describe())
        shell.run("start tx_first")
        self.assertEqual(cap.wait(CAPTURE_TIMEOUT), 0, cap.describe())
        shell.run("stop")
        packets = obs_rig.read_pcapng(out)
        sent = [p.data for p in packets if p.direction == obs_rig.OUTBOUND]
        received = [p.data for p in packets if p.direction == obs_rig.INBOUND]
        self.assertTxFirstBurst(sent, mac0, peer0, "sent")
        self.assertEqual(received, sent)
        self.assertEqual(shell.quit(), 0, shell.describe())

    def test_pdump_gets_what_tx_first_sends_and_receives(self):
        exe = obs_rig.tool(self, "dpdk-pdump")
        shell, mac0, peer0 = self.tx_first_shell()
        rx, tx = self.tmp / "rx.pcap", self.tmp / "tx.pcap"
        pdump = forwarder.start(self, [*stdbuf(), exe, f"--file-prefix={self.prefix}", "--no-pci",
                                       "--", "--pdump", f"port=0,queue=*,rx-dev={rx},tx-dev={tx}"],
                                deadline=CAPTURE_TIMEOUT + 30)
        self.assertTrue(pdump.wait_for(lambda o: "capture for" in o, CAPTURE_TIMEOUT),
                        pdump.describe())
        shell.run("start tx_first")
        out = shell.run("stop")
        self.assertEqual(rig.port_fwd_stats(out)[0]["rx"], 32, out)
        # dpdk-pdump writes what it dequeued so far, and everything at SIGINT.
        pdump.proc.send_signal(signal.SIGINT)
        self.assertEqual(pdump.wait(CAPTURE_TIMEOUT), 0, pdump.describe())
        sent, received = rig.read_pcap(tx), rig.read_pcap(rx)
        self.assertTxFirstBurst(sent, mac0, peer0, "sent")
        self.assertEqual(received, sent)
        self.assertEqual(shell.quit(), 0, shell.describe())

    def test_dumpcap_frames_of_a_pcap_driven_run_are_the_input(self):
        in0, in1 = fr.numbered("port0", 40), fr.numbered("port1", 40)
        rig.write_pcap(self.tmp / "in0.pcap", in0)
        rig.write_pcap(self.tmp / "in1.pcap", in1)
        # Each port replays its file for ever (infinite_rx) and writes what it
        # sends to /dev/null, so the run lasts as long as the capture needs.
        vdevs = []
        for p in (0, 1):
            vdevs += ["--vdev", f"net_pcap{p},rx_pcap={self.tmp}/in{p}.pcap,"
                                f"tx_pcap=/dev/null,infinite_rx=1"]
        eal = obs_rig.shared_eal_args(self, self.prefix)
        fwd = forwarder.start(self, [rig.pmdfwd_bin(), *eal, *vdevs, "--",
                                     "--forward-mode=macswap", "--run-time=60"], deadline=90)
        self.assertTrue(fwd.wait_for(lambda o: "Press enter to exit" in o, 60), fwd.describe())
        out = self.tmp / "pcap.pcapng"
        cap = self.dumpcap("-i", "net_pcap0", "-c", "100", "-w", out)
        self.assertEqual(cap.wait(CAPTURE_TIMEOUT), 0, cap.describe() + fwd.out)
        packets = obs_rig.read_pcapng(out)
        self.assertGreaterEqual(len(packets), 100)
        received = [p.data for p in packets if p.direction == obs_rig.INBOUND]
        sent = [p.data for p in packets if p.direction == obs_rig.OUTBOUND]
        self.assertEqual(len(received) + len(sent), len(packets), "every packet has a direction")
        self.assertTrue(received and sent, f"{len(received)} received, {len(sent)} sent")
        # Received: port 0's input as read; sent: port 1's input, MACs swapped.
        self.assertEqual([f for f in received if f not in in0], [])
        want_sent = {fr.swapped(f) for f in in1}
        self.assertEqual([f for f in sent if f not in want_sent], [])
        # In order: each received frame follows the previous one in the file
        # (the PMD replays it in a loop) when dumpcap dropped nothing.
        drops = re.search(r"received/dropped on interface '[^']*': (\d+)/(\d+)", cap.out)
        self.assertIsNotNone(drops, cap.out)
        if int(drops[2]) == 0:
            idx = [in0.index(f) for f in received]
            steps = {(b - a) % len(in0) for a, b in zip(idx, idx[1:])}
            self.assertEqual(steps, {1}, f"received out of order: {idx}")


if __name__ == "__main__":
    unittest.main()
