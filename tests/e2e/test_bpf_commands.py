"""Issue 35 item 7: bpf-load / bpf-unload (testpmd's bpf_cmd.c, librte_bpf)
on two looped-back net_ring ports in io mode.

The eBPF programs are carried as ELF files (data/bpf/*.o, built from the .c
beside them with `clang -O2 -target bpf -c X.c -o X.o`), so the test needs
no compiler. An RX filter that returns 0 drops the packet inside
rte_eth_rx_burst: with drop_all on port 0 queue 0, the tx_first bursts die
there instead of circulating; accept_all, or no program after bpf-unload,
lets them circulate. The answers are testpmd's: "<rc>:<strerror(-rc)>".

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_bpf_commands.py
"""
import re
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import forwarder  # noqa: E402
import rig  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "bpf"
DROP, ACCEPT = DATA / "drop_all.o", DATA / "accept_all.o"
RING_VDEVS = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
HANG = 60
# Long enough for bursts that circulate to pass the first one many times.
FORWARD_S = 0.5


class BpfCommands(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="pmdfwd-bpf-")
        self.addCleanup(self._tmp.cleanup)
        self.tmp = Path(self._tmp.name)

    def session(self, lines):
        """The shell's output for these commands (forwarding runs FORWARD_S
        after each start: `stop` follows a `sleep` marker)."""
        prefix = rig.unique_prefix()
        p = forwarder.start_pmdfwd(self, [*rig.eal_args(prefix), *RING_VDEVS],
                                   ["-i", "--forward-mode=io", "--burst=16"], prefix=prefix,
                                   cwd=self.tmp, stdin=subprocess.PIPE)
        # Each forwarding window opens once the shell has taken its start.
        starts = 0
        for line in [*lines, "quit"]:
            if line == "sleep":
                starts += 1
                deadline = time.monotonic() + HANG
                while p.out.count("packet forwarding - ports=") < starts:
                    self.assertLess(time.monotonic(), deadline, p.describe())
                    time.sleep(0.05)
                time.sleep(FORWARD_S)
                continue
            p.proc.stdin.write(line.encode() + b"\n")
            p.proc.stdin.flush()
        rc = p.wait(HANG)
        self.assertEqual(rc, 0, p.describe())
        if "built without librte_bpf" in p.out:
            self.skipTest("pmdfwd was built without librte_bpf")
        return p.out

    def stops(self, out):
        """Port 1's TX-packets at each stop, in order."""
        return [int(m[1]) for m in re.finditer(
            r"Forward statistics for port 1\s+-+\n(?:.*\n)*?\s+TX-packets: (\d+)", out)]

    def test_a_dropping_rx_filter_stops_the_bursts_and_unload_lets_them_go(self):
        out = self.session([f"bpf-load rx 0 0 M {DROP}", "start tx_first", "sleep", "stop",
                            "bpf-unload rx 0 0", "start tx_first", "sleep", "stop"])
        self.assertIn("0:Success", out)
        dropped, free = self.stops(out)
        # Port 1 sends its first burst and what port 1 receives (its own
        # burst, forwarded to port 0 and dropped there): 16 in all.
        self.assertEqual(dropped, 16, out)
        self.assertGreater(free, 16 * 10, out)

    def test_an_accepting_filter_passes_everything(self):
        out = self.session([f"bpf-load rx 0 0 - {ACCEPT}", "start tx_first", "sleep", "stop"])
        self.assertIn("0:Success", out)
        self.assertGreater(self.stops(out)[0], 16 * 10, out)

    def test_bad_input_answers_as_testpmd(self):
        out = self.session([
            f"bpf-load rx 0 0 M {self.tmp / 'missing.o'}",
            f"bpf-load rx 9 0 M {DROP}",
            f"bpf-load tx 0 0 MB {DROP}",
            "bpf-load rx 300 0 M x.o",
            "bpf-load up 0 0 M x.o",
            "bpf-unload tx 0 0",
            "show port summary all"])
        # dpdk-testpmd 22.11 answers the same two: librte_bpf logs the
        # missing file and returns -EINVAL, as for a port that does not exist.
        self.assertIn("missing.o) error code: 2(No such file or directory)\n-22:Invalid argument",
                      out)
        self.assertEqual(out.count("-22:Invalid argument"), 2, "port 9 does not exist")
        # testpmd reports a flag it does not know, without a newline, and loads.
        self.assertRegex(out, r"unknown flag: 'B'(?:(?:BPF: )?rte_bpf_elf_load.*\n)?0:Success")
        self.assertIn("port: 300 is out of range (allowed: 0..255)", out)
        self.assertIn("Bad arguments", out)
        self.assertIn("net_ring0", out, "the shell goes on")


if __name__ == "__main__":
    unittest.main()
