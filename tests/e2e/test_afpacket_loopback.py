"""A software NIC loopback: real frames through the kernel, forwarded by
pmdfwd on net_af_packet ports, sent and captured by scapy (a tool nobody here
wrote) on the kernel side.

    scapy sendp -> tg0 ==veth== dut0 -> pmdfwd port 0
                                       pmdfwd port 1 -> dut1 ==veth== tg1 -> scapy sniff

This test process moves itself into a network namespace of its own
(unshare(CLONE_NEWNET) before any thread starts) and makes the two veth pairs
there; pmdfwd, started from it, inherits the namespace. The namespace, and
with it the links, ends with the process, however it ends. Skipped, saying
why, where this user may not make a namespace or a veth pair. This is DTS's
topology (issue 17) without DTS: the io and macswap checks are what its
suites do with these frames.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_afpacket_loopback.py -v
"""
import time
import unittest
from pathlib import Path


import rig  # noqa: E402
from pmdfwd_dev.rig import links, netns
import shell as shells  # noqa: E402

LINKS = (("dut0", "tg0"), ("dut1", "tg1"))
MARK = b"pmdfwd-afpacket-"


def own_network_namespace():
    """"" once this process is alone in a new network namespace with the veth
    pairs up, else why not."""
    cmds = [links.IPV6_OFF, links.LO_UP]
    for dut, tg in LINKS:
        cmds += links.veth_pair(dut, tg)
    return netns.enter_new_netns(cmds)


SKIP = own_network_namespace()
if not SKIP:
    import frames as fr  # noqa: E402  (after the namespace: scapy reads its links)
    from scapy.layers.l2 import Dot1Q  # noqa: E402
    from scapy.packet import Raw  # noqa: E402
    from scapy.sendrecv import AsyncSniffer, sendp  # noqa: E402

SRC, DST = "02:00:00:00:0a:01", "02:00:00:00:0b:02"


def frames(n):
    return fr.marked(MARK, n, src=SRC, dst=DST)


def send_and_capture(sent, out_iface="tg0", in_iface="tg1"):
    """The frames of ours that come out on in_iface, as DTS's
    send_packets_and_capture: sniff, send, wait a little, stop."""
    sniffer = AsyncSniffer(iface=in_iface, store=True,
                           lfilter=lambda p: p.haslayer(Raw) and MARK in bytes(p[Raw].load))
    sniffer.start()
    time.sleep(0.5)  # the sniffer's socket is open before the first frame
    sendp(sent, iface=out_iface, verbose=False)
    deadline = time.time() + 5
    while len(sniffer.results or []) < len(sent) and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.2)  # anything extra (a loop, a duplicate) shows up too
    return list(sniffer.stop())


@unittest.skipIf(SKIP, SKIP)
class AfPacketLoopback(unittest.TestCase):
    def shell(self, mode):
        prefix = rig.unique_prefix()
        vdevs = [a for i, (dut, _) in enumerate(LINKS)
                 for a in ("--vdev", f"net_af_packet{i},iface={dut}")]
        argv = [str(rig.pmdfwd_bin()), "-l", "0-1", "--no-pci", *rig.NO_HUGE,
                "--no-shconf", "--file-prefix", prefix, *vdevs, "--", "-i",
                f"--forward-mode={mode}", "--total-num-mbufs=2048"]
        s = shells.terminal(self, argv, prefix=prefix, prompt=Path(argv[0]).name.replace("dpdk-", "") + ">")
        return s

    def forward(self, mode, n=16, setup=()):
        s = self.shell(mode)
        for line in setup:
            s.send(line)
        self.assertIn(f"{mode} packet forwarding - ports=2", s.send("start"))
        sent = frames(n)
        got = send_and_capture(sent)
        stats = s.send("stop")
        s.send_quit()
        self.assertEqual(len(got), n, f"{len(got)} of {n} frames came out on tg1\n{stats}")
        by_port = {p.sport: p for p in got}
        return sent, [by_port[p.sport] for p in sent]

    def test_io_forwards_frames_unchanged(self):
        sent, got = self.forward("io")
        for a, b in zip(sent, got):
            self.assertEqual(bytes(b), bytes(a))

    def test_macswap_swaps_the_addresses(self):
        sent, got = self.forward("macswap")
        for a, b in zip(sent, got):
            self.assertEqual((b.src, b.dst), (DST, SRC))
            self.assertEqual(bytes(b)[12:], bytes(a)[12:])

    def test_tx_vlan_set_tags_the_frames_that_leave(self):
        """testpmd's tx_vlan set: the port inserts the tag (net_af_packet
        offers VLAN insert) on every frame macswap sends, from its next start."""
        setup = ("port stop 1", "tx_vlan set 1 100", "port start 1")
        sent, got = self.forward("macswap", setup=setup)
        for b in got:
            self.assertTrue(b.haslayer(Dot1Q), b.summary())
            self.assertEqual(b[Dot1Q].vlan, 100)
            self.assertEqual(b[Dot1Q].type, 0x0800)


if __name__ == "__main__":
    unittest.main()
