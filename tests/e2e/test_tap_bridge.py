"""The DTS tap rig's topology (scripts/dts-veth-rig.sh --pmd tap) without
DTS: pmdfwd on net_tap ports whose kernel interfaces scripts/dts-tap-bridge.sh
bridges to the SUT ends of two veth pairs; scapy sends and captures on the
other ends, so that the generator keeps its own links.

    scapy sendp -> tg0 ==veth== dut0 -bridge brs0- dtap0 -> pmdfwd port 0
                                      pmdfwd port 1 -> dtap1 -bridge brs1- dut1 ==veth== tg1 -> sniff

Frames go to the port's own MAC, as DTS addresses them: they arrive only if
the bridge helper keeps that MAC off the kernel interface (net_tap gives it
the port's; a bridge port's MAC is the bridge's own, and frames to it go to
the host). Frames to another MAC arrive only while the port is promiscuous:
the helper floods unknown unicast to the port only then, as a NIC's filter
would. The test process moves itself into a network namespace of its own
first; everything ends with it. Skipped, saying why, where this user may not
make a namespace, a veth pair or a bridge.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_tap_bridge.py -v
"""
import os
import subprocess
import sys
import time
import unittest
from pathlib import Path

import forwarder
import rig
from pmdfwd_dev.rig import links, netns
import shell as shells

HELPER = Path(__file__).resolve().parents[2] / "scripts" / "dts-tap-bridge.sh"
PORT_MAC = ("02:00:00:00:dd:00", "02:00:00:00:dd:01")
TAP_MAC = ("02:00:00:00:ee:00", "02:00:00:00:ee:01")
MARK = b"pmdfwd-tapbridge-"


def own_network_namespace():
    """"" once this process is alone in a new network namespace with the veth
    pairs and bridges up, else why not."""
    if not os.path.exists("/dev/net/tun"):
        return "no /dev/net/tun (net_tap needs the tun device)"
    # /proc/sys/net is this namespace's: no netfilter on bridged frames.
    cmds = [links.IPV6_OFF, links.BRIDGE_NETFILTER_OFF, links.LO_UP]
    for i in range(2):
        cmds += links.veth_pair(f"dut{i}", f"tg{i}") + links.bridge(f"brs{i}", f"dut{i}")
    return netns.enter_new_netns(cmds)


SKIP = own_network_namespace()
if not SKIP:
    import frames as fr  # noqa: E402  (after the namespace: scapy reads its links)
    from scapy.packet import Raw  # noqa: E402
    from scapy.sendrecv import AsyncSniffer, sendp  # noqa: E402

SRC = "02:00:00:00:0a:01"


def frames(n, dst=PORT_MAC[0], first_port=1000):
    return fr.marked(MARK, n, src=SRC, dst=dst, first_port=first_port)


def link_line(name):
    return forwarder.run(["ip", "-o", "link", "show", "dev", name], timeout=10,
                         stderr=subprocess.PIPE).out


def send_and_capture(sent, expected, before=lambda: None):
    """What comes out on tg1 of `sent` (into tg0), once `expected` frames
    have (or 5 s have passed). before() runs once the sniffer listens, and
    the frames go as soon as it returns."""
    sniffer = AsyncSniffer(iface="tg1", store=True,
                           lfilter=lambda p: p.haslayer(Raw) and MARK in bytes(p[Raw].load))
    sniffer.start()
    time.sleep(0.5)  # the sniffer's socket is open before the first frame
    before()
    sendp(sent, iface="tg0", verbose=False)
    deadline = time.time() + 5
    while len(sniffer.results or []) < expected and time.time() < deadline:
        time.sleep(0.1)
    time.sleep(0.2)
    return list(sniffer.stop())


@unittest.skipIf(SKIP, SKIP)
class TapBridge(unittest.TestCase):
    def setUp(self):
        helper = forwarder.start(self, [HELPER] + [f"dtap{i},brs{i},{TAP_MAC[i]}" for i in range(2)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.3)  # its link monitor is listening before the taps appear
        self.assertIsNone(helper.proc.poll(), "dts-tap-bridge.sh ended")

    def shell(self):
        """pmdfwd on the two tap ports, forwarding (io), once the helper has
        bridged both taps and set their MACs apart."""
        prefix = rig.unique_prefix()
        vdevs = [a for i in range(2) for a in ("--vdev", f"net_tap{i},iface=dtap{i},mac={PORT_MAC[i]}")]
        argv = [str(rig.pmdfwd_bin()), "-l", "0-1", "--no-pci", *rig.NO_HUGE,
                "--no-shconf", "--file-prefix", prefix, *vdevs, "--", "-i",
                "--forward-mode=io", "--total-num-mbufs=2048"]
        s = shells.terminal(self, argv, prefix=prefix, prompt=Path(argv[0]).name.replace("dpdk-", "") + ">")
        self.assertIn("io packet forwarding - ports=2", s.send("start"))
        deadline = time.time() + 5
        while time.time() < deadline and not all(
                f"master brs{i} " in link_line(f"dtap{i}") and TAP_MAC[i] in link_line(f"dtap{i}")
                for i in range(2)):
            time.sleep(0.1)
        for i in range(2):
            line = link_line(f"dtap{i}")
            self.assertIn(f"master brs{i} ", line)
            self.assertIn(f"link/ether {TAP_MAC[i]} ", line)
        return s

    def check_crossing(self, s, passing, blocked=()):
        """`blocked` (frames the port must not take) go first, then
        `passing`: once the passing ones are out, a blocked one that got
        through would be too (it went first, the same way), so nobody waits
        out a timeout for frames that must not come."""
        got = send_and_capture([*blocked, *passing], len(passing))
        self.assertEqual(sorted(p.sport for p in got), sorted(a.sport for a in passing),
                         f"{len(got)} frames came out on tg1 ({len(passing)} expected, {len(blocked)} "
                         f"blocked)\n{s.send('show port stats all')}")
        by_port = {p.sport: p for p in got}
        for a in passing:
            self.assertEqual(bytes(by_port[a.sport]), bytes(a))

    def test_frames_to_the_port_mac_cross_the_bridges(self):
        s = self.shell()
        self.check_crossing(s, frames(8))
        s.send("stop")
        s.send_quit()

    def test_other_macs_arrive_by_default(self):
        # testpmd's default, which DTS's dynamic_config default_mode checks:
        # every port promiscuous from the start.
        s = self.shell()
        self.check_crossing(s, frames(4, "02:00:00:00:0c:03"))
        s.send("stop")
        s.send_quit()

    def test_other_macs_arrive_only_in_promiscuous_mode(self):
        s = self.shell()
        other = "02:00:00:00:0c:03"
        s.send("set promisc all off")
        time.sleep(0.3)  # the helper follows the link event
        # The port's own MAC still passes, the other one does not.
        self.check_crossing(s, frames(4), blocked=frames(4, other, first_port=1100))
        s.send("set promisc all on")
        time.sleep(0.3)
        self.check_crossing(s, frames(4, other))
        s.send("stop")
        s.send_quit()


@unittest.skipIf(SKIP, SKIP)
class PromptGate(unittest.TestCase):
    """scripts/dts-veth-rig.sh --pmd tap runs the forwarder behind
    pmdfwd_dev.rig.prompt_gate, which holds each prompt until the taps are
    bridged. No watcher here: what the frames need, the gate alone has done
    by the time the prompt shows, however soon after it they come (the
    first after start-up; the first after `port start`, where net_tap gives
    dtapN the port's MAC again)."""

    def shell(self):
        prefix = rig.unique_prefix()
        vdevs = [a for i in range(2) for a in ("--vdev", f"net_tap{i},iface=dtap{i},mac={PORT_MAC[i]}")]
        binary = str(rig.pmdfwd_bin())
        taps = [a for i in range(2) for a in ("--tap", f"dtap{i},brs{i},{TAP_MAC[i]}")]
        argv = [sys.executable, "-m", "pmdfwd_dev.rig.prompt_gate", "--binary", binary, "--prompt", "pmdfwd> ",
                *taps, "--", binary, "-l", "0-1", "--no-pci", *rig.NO_HUGE, "--no-shconf", "--file-prefix", prefix,
                *vdevs, "--", "-i", "--forward-mode=io", "--total-num-mbufs=2048"]
        s = shells.terminal(self, argv, prefix=prefix, prompt="pmdfwd>")
        return s

    def check_after(self, s, command, answer):
        """Frames sent the moment `command`'s prompt shows all cross."""
        sent = frames(8)
        said = []
        got = send_and_capture(sent, len(sent), before=lambda: said.append(s.send(command)))
        self.assertIn(answer, said[0])
        self.assertEqual(sorted(p.sport for p in got), sorted(a.sport for a in sent),
                         f"after {command!r}: {len(got)} of {len(sent)} frames came out on tg1\n"
                         f"{link_line('dtap0')}{s.send('show port stats all')}")

    def test_frames_right_after_the_prompt_and_after_a_port_restart_cross(self):
        s = self.shell()
        self.check_after(s, "start", "io packet forwarding - ports=2")
        s.send("stop")
        s.send("port stop all")
        s.send("port start all")
        self.check_after(s, "start", "io packet forwarding - ports=2")
        s.send("stop")
        s.send_quit()

    def test_multicast_arrives_only_while_promiscuous_or_all_multicast(self):
        # As a NIC's filter: groups pass a port that is promiscuous (the
        # default) or all-multicast, not one that is neither.
        s = self.shell()
        group = "01:00:5e:00:00:01"
        s.send("set promisc all off")
        s.send("set allmulti all off")
        s.send("start")
        got = send_and_capture([*frames(4, group, first_port=1100), *frames(4)], 4)
        self.assertEqual(sorted(p.sport for p in got), list(range(1000, 1004)), "the group's frames got through")
        s.send("set allmulti all on")
        got = send_and_capture(frames(4, group), 4)
        self.assertEqual(len(got), 4, f"{len(got)} of 4 frames to {group} came out once all-multicast")
        s.send("stop")
        s.send_quit()


if __name__ == "__main__":
    unittest.main()
