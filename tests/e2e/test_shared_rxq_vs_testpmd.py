"""Issue 35 item 7: the shared_rxq forwarding mode against /usr/bin/dpdk-testpmd
on the same input, with and without --rxq-share.

- net_pcap (three ports, each reading its own pcap): the PMD sets
  mbuf->port, so every frame counts on its own port's stream; neither
  forwarder writes a frame, and the forward statistics (per port: RX and
  TX counts, TX-dropped) are the same. net_pcap cannot share RX queues, so
  --rxq-share changes nothing, in testpmd as in pmdfwd.
- net_ring (two ports, --tx-first): net_ring leaves mbuf->port unset, so no
  stream owns what comes back and each receiving stream drops it (testpmd's
  fwd_dropped): the ports' TX-dropped count the first burst in both.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_shared_rxq_vs_testpmd.py
"""
import re
import unittest

import forwarder  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402
from test_engines_vs_testpmd import port_frames  # noqa: E402

NB_PORTS = 3
COMMON = ["--forward-mode=shared_rxq", "--no-flush-rx", "--total-num-mbufs=8192"]
_PORT_BLOCK = re.compile(r"-+ Forward statistics for port +(\d+) +-+\n((?:  .*\n)+)")


def port_stats(text):
    """{port: its forward statistics lines, spaces collapsed}."""
    return {int(m[1]): [" ".join(line.split()) for line in m[2].splitlines()]
            for m in _PORT_BLOCK.finditer(text)}


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class SharedRxqOnPcap(vs_testpmd.Comparison):
    @classmethod
    def port_frames(cls):
        return [port_frames(p) for p in range(NB_PORTS)]

    @classmethod
    def cases(cls):
        return {"plain": COMMON, "shared": [*COMMON, "--rxq-share"],
                "shared-2": [*COMMON, "--rxq-share=2"]}

    def check(self, case, testpmd_case=None):
        ours = self.results[(case, "pmdfwd")]
        theirs = self.results[(testpmd_case or case, "testpmd")]
        self.assertEqual(ours.rc, 0, ours.text)
        self.assertEqual(theirs.rc, 0, theirs.text)
        self.assertEqual(ours.frames(NB_PORTS), [[]] * NB_PORTS, "pmdfwd transmitted")
        self.assertEqual(theirs.frames(NB_PORTS), [[]] * NB_PORTS, "testpmd transmitted")
        mine = port_stats(ours.text)
        self.assertEqual(sorted(mine), list(range(NB_PORTS)), ours.text)
        self.assertEqual(mine, port_stats(theirs.text), f"{case}: forward statistics")
        for p in range(NB_PORTS):
            self.assertIn(f"RX-packets: {len(port_frames(p))} RX-dropped: 0", " ".join(
                mine[p]), f"port {p} received its frames")

    def test_each_frame_counts_on_its_port(self):
        # dpdk-testpmd 22.11 crashes in shared_rxq without --rxq-share (it
        # sets the streams' lcore only when rxq_share > 0, and the mode reads
        # it); pmdfwd counts as testpmd does with the option.
        self.check("plain", testpmd_case="shared")

    def test_rxq_share_changes_nothing_where_the_device_cannot_share(self):
        self.check("shared")
        self.check("shared-2")


RING = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
RING_APP = ["--forward-mode=shared_rxq", "--tx-first", "--rxq-share", "--burst=16",
            "--total-num-mbufs=8192"]


def ring_run(name):
    """(exit status, output) of one forwarder on two looped-back net_ring
    ports: the first burst goes out, comes back with no source port, and
    forwarding stops a second later."""
    prefix = rig.unique_prefix()
    eal = [*vs_testpmd.eal(prefix), *RING]
    if name == "pmdfwd":
        res = forwarder.run(forwarder.pmdfwd_args(eal, [*RING_APP, "--run-time=1"]), timeout=60,
                            prefix=prefix)
    else:
        res = forwarder.run_testpmd_batch([vs_testpmd.TESTPMD, *eal, "--", *RING_APP],
                                          forward_s=1, prefix=prefix)
    return res.rc, res.out


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
class SharedRxqOnRing(unittest.TestCase):
    def test_packets_without_a_source_port_are_dropped_as_testpmd_drops_them(self):
        (rc, ours), (trc, theirs) = ring_run("pmdfwd"), ring_run("testpmd")
        self.assertEqual(rc, 0, ours)
        self.assertEqual(trc, 0, theirs)
        mine = port_stats(ours)
        self.assertEqual(mine, port_stats(theirs), "forward statistics against dpdk-testpmd")
        if rig.dpdk_version() >= (24, 7):
            return  # net_ring stamps mbuf->port from 24.07: every packet has its source port
        for p in (0, 1):
            self.assertIn("TX-packets: 16 TX-dropped: 16", " ".join(mine[p]), ours)


if __name__ == "__main__":
    unittest.main()
