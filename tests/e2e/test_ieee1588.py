"""Issue 35 item 7, the ieee1588 engine (testpmd's ieee1588fwd) end to end
on net_pcap, a PMD without timesync: it sends nothing and says of every
frame, in testpmd's words, why it is not a hardware-timestamped PTP Sync.
Debian's /usr/bin/dpdk-testpmd is built without RTE_LIBRTE_IEEE1588 and
refuses the mode ("Invalid ieee1588 packet forwarding mode", then forwards
as io); where a dpdk-testpmd has it, its lines and frames are compared too.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_ieee1588.py
"""
import re
import unittest

from scapy.layers.l2 import Ether  # noqa: E402
from scapy.packet import Raw  # noqa: E402

import vs_testpmd  # noqa: E402
from test_engines_vs_testpmd import port_frames  # noqa: E402

NB_PORTS = 2
# A PTP V2 Sync: ethertype 0x88F7, message id 0, version 2.
PTP_SYNC = bytes(Ether(dst="01:1b:19:00:00:00", src="00:11:22:33:44:55", type=0x88F7)
                 / Raw(b"\x00\x02" + b"\x00" * 42))
REFUSAL = re.compile(r"^Port \d+ Received .*$", re.M)


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class Ieee1588AgainstTestpmd(vs_testpmd.Comparison):
    @classmethod
    def port_frames(cls):
        return [port_frames(p) + [PTP_SYNC] for p in range(NB_PORTS)]

    @classmethod
    def cases(cls):
        return {"ieee1588": ["--forward-mode=ieee1588", "--no-flush-rx",
                             "--total-num-mbufs=8192"]}

    def lines_of(self, name):
        res = self.results[("ieee1588", name)]
        self.assertEqual(res.rc, 0, f"{name}:\n{res.text}")
        return res

    def test_says_why_of_every_frame_and_sends_nothing(self):
        res = self.lines_of("pmdfwd")
        self.assertEqual(list(map(len, res.frames(NB_PORTS))), [0] * NB_PORTS, res.text)
        types = ["0x 800 len=60", "0x 800 len=74", "0x 806 len=42", "0x8100 len=58",
                 "0x86dd len=84", "0x86dd len=86"]
        want = [f"Port {p} Received non PTP packet type={t}" for p in range(NB_PORTS)
                for t in types]
        want += [f"Port {p} Received PTP packet not filtered by hardware"
                 for p in range(NB_PORTS)]
        self.assertEqual(sorted(REFUSAL.findall(res.text)), sorted(want), res.text)

    def test_against_a_testpmd_built_with_ieee1588(self):
        theirs = self.lines_of("testpmd")
        if "Invalid ieee1588 packet forwarding mode" in theirs.text:
            self.skipTest("this dpdk-testpmd is built without RTE_LIBRTE_IEEE1588")
        ours = self.lines_of("pmdfwd")
        self.assertEqual(list(map(len, theirs.frames(NB_PORTS))), [0] * NB_PORTS)
        self.assertEqual(sorted(REFUSAL.findall(ours.text)),
                         sorted(REFUSAL.findall(theirs.text)))


if __name__ == "__main__":
    unittest.main()
