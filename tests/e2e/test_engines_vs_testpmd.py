"""Issue 18 item 2: every forwarding engine testpmd also has, under every port
topology, writes the same frames as /usr/bin/dpdk-testpmd on the same net_pcap
input. Three ports, so that paired (0<->1, 2<->2), chained (0->1->2->0) and
loop (i->i) route differently; each port reads its own small pcap. The runs
are independent processes (their own --file-prefix and output folder) and run
a few at a time.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_engines_vs_testpmd.py
"""
import concurrent.futures
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path


from scapy.layers.inet import ICMP, IP, TCP, UDP  # noqa: E402
from scapy.layers.inet6 import IPv6, IPv6ExtHdrHopByHop, RouterAlert  # noqa: E402
from scapy.layers.l2 import ARP, Dot1Q, Ether  # noqa: E402
from scapy.packet import Raw  # noqa: E402

import rig  # noqa: E402
from pmdfwd_tools import owned_process
from test_pcap_forward import FrameAssertions  # noqa: E402

TESTPMD = shutil.which("dpdk-testpmd")
ENGINES = ["io", "mac", "macswap", "5tswap", "csum", "icmpecho"]
TOPOLOGIES = ["paired", "chained", "loop"]
NB_PORTS = 3
# Runs at once: each busy-polls one lcore for about a second.
PARALLEL = 4
# What the forwarding lcore has to read 4 frames a port, on a loaded machine.
FORWARD_S = 1


def port_frames(port):
    """A few frames every engine treats differently, distinct per port."""
    a, b = f"00:11:22:33:44:{port:02x}", f"66:77:88:99:aa:{port:02x}"
    v4 = IP(src=f"10.0.{port}.1", dst=f"10.0.{port}.2")
    frames = [
        Ether(dst=a, src=b) / v4 / UDP(sport=1000 + port, dport=2000) / Raw(b"u" * 18),
        Ether(dst=a, src=b) / v4 / ICMP(type=8, id=port, seq=1) / Raw(b"p" * 32),
        Ether(dst="ff:ff:ff:ff:ff:ff", src=b) / ARP(op=1, hwsrc=b, psrc=f"10.0.{port}.1",
                                                    pdst=f"10.0.{port}.9"),
        Ether(dst=b, src=a) / Dot1Q(vlan=100 + port) / v4 / TCP(sport=5, dport=6, flags="S"),
        Ether(dst=a, src=b) / IPv6(src=f"2001:db8::{port}:1", dst=f"2001:db8::{port}:2")
        / TCP(sport=7, dport=8) / Raw(b"t" * 10),
        # MLD behind Hop-by-Hop (IPv6 next header 0)
        Ether(dst="33:33:00:00:00:16", src=b) / IPv6(src=f"fe80::{port}", dst="ff02::16")
        / IPv6ExtHdrHopByHop(options=[RouterAlert()]) / Raw(b"\x8f\x00" + b"\x00" * 22),
    ]
    return [bytes(f) for f in frames]


def vdevs(inputs, out):
    return [arg for p in range(NB_PORTS) for arg in
            ("--vdev", f"net_pcap{p},rx_pcap={inputs[p]},tx_pcap={out / f'tx{p}.pcap'}")]


def app_args(engine, topology):
    return [f"--forward-mode={engine}", f"--port-topology={topology}", "--no-flush-rx",
            "--total-num-mbufs=8192"]


def eal(prefix):
    return ["-l", "0-1", "--no-pci", *rig.NO_HUGE, "--no-shconf",
            "--file-prefix", prefix]


def run_pmdfwd(inputs, out, engine, topology):
    prefix = rig.unique_prefix()
    args = [rig.pmdfwd_bin(), *eal(prefix), *vdevs(inputs, out), "--",
            *app_args(engine, topology), f"--run-time={FORWARD_S}"]
    try:
        res = owned_process.run(args, cwd=out, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, timeout=60)
    finally:
        rig.remove_runtime_dir(prefix)
    return res.returncode, res.stdout


def run_testpmd(inputs, out, engine, topology):
    """testpmd in its batch mode: it forwards until Enter."""
    prefix = rig.unique_prefix()
    # Line-buffered: testpmd prints "Press enter to exit" with printf and
    # reads stdin without flushing, so in a pipe that line would wait.
    args = ["stdbuf", "-oL", TESTPMD, *eal(prefix), *vdevs(inputs, out), "--",
            *app_args(engine, topology)]
    try:
        with owned_process.OwnedProcess(args, deadline=90, cwd=out, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True) as p:
            seen = []
            for line in p.proc.stdout:
                seen.append(line)
                if "Press enter to exit" in line:
                    break
            time.sleep(FORWARD_S)
            try:
                rest, _ = p.proc.communicate("\n", timeout=60)
            except (subprocess.TimeoutExpired, BrokenPipeError):
                rest = ""
            return p.proc.returncode, "".join(seen) + (rest or "")
    finally:
        rig.remove_runtime_dir(prefix)


@unittest.skipUnless(TESTPMD, "dpdk-testpmd is not installed")
class EnginesAgainstTestpmd(FrameAssertions):
    @classmethod
    def setUpClass(cls):
        cls._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-vs-testpmd-")
        cls.tmp = Path(cls._tmp.name)
        cls.inputs = []
        for p in range(NB_PORTS):
            path = cls.tmp / f"in{p}.pcap"
            rig.write_pcap(path, port_frames(p))
            cls.inputs.append(path)
        jobs = {}
        with concurrent.futures.ThreadPoolExecutor(PARALLEL) as pool:
            for engine in ENGINES:
                for topology in TOPOLOGIES:
                    for name, fn in (("pmdfwd", run_pmdfwd), ("testpmd", run_testpmd)):
                        out = cls.tmp / f"{engine}-{topology}-{name}"
                        out.mkdir()
                        jobs[(engine, topology, name)] = (
                            out, pool.submit(fn, cls.inputs, out, engine, topology))
        cls.results = {k: (out, f.result()) for k, (out, f) in jobs.items()}

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def frames_of(self, engine, topology, name):
        out, (rc, text) = self.results[(engine, topology, name)]
        self.assertEqual(rc, 0, f"{name} {engine} {topology}:\n{text}")
        return [rig.read_pcap(out / f"tx{p}.pcap") for p in range(NB_PORTS)]

    def check(self, engine):
        for topology in TOPOLOGIES:
            with self.subTest(topology=topology):
                ours = self.frames_of(engine, topology, "pmdfwd")
                theirs = self.frames_of(engine, topology, "testpmd")
                self.assertGreater(sum(map(len, theirs)), 0, "testpmd sent nothing")
                for p in range(NB_PORTS):
                    self.assertFramesEqual(ours[p], theirs[p],
                                           f"{engine} {topology}: port {p} against dpdk-testpmd")

    def test_io(self):
        self.check("io")

    def test_mac(self):
        self.check("mac")

    def test_macswap(self):
        self.check("macswap")

    def test_5tswap(self):
        self.check("5tswap")

    def test_csum(self):
        self.check("csum")

    def test_icmpecho_replies_on_the_arrival_port(self):
        self.check("icmpecho")
        # The replies of port 0's requests leave by port 0, whatever the topology.
        ours = self.frames_of("icmpecho", "paired", "pmdfwd")
        self.assertEqual(len(ours[0]), 2, "ARP and ICMP echo replies of port 0")


if __name__ == "__main__":
    unittest.main()
