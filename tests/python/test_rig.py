"""pmdfwd_dev.rig without root: the link commands as one shell prologue
(stops at the first failure, then becomes the program), a namespace entered
with a fake unshare, the perf afpacket rig's command line made from the same
commands, and the tap bridge helper's argument checks, its steps on a fake
`ip` and its end on a signal (its link monitor owned, gone with it)."""
import os
import signal
import subprocess
import sys
import time
import unittest

from pmdfwd_dev import owned_process
from pmdfwd_perf import rigs
from pmdfwd_dev.rig import links, netns, prompt_gate, tap_bridge


def sh(text, *args):
    return owned_process.run(["sh", "-c", text, "rig-test", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=10)


class Links(unittest.TestCase):
    def test_prologue_runs_each_command_then_becomes_the_program(self):
        r = sh(links.prologue([["echo", "one two"], ["echo", "$HOME"]]), "printf", "%s", "last")
        self.assertEqual(r.stdout, "one two\n$HOME\nlast")

    def test_prologue_stops_at_the_first_failure(self):
        r = sh(links.prologue([["false"], ["echo", "not reached"]]), "echo", "nor this")
        self.assertEqual((r.returncode, r.stdout), (1, ""))

    def test_commands(self):
        self.assertEqual(links.veth_pair("a", "b")[0], ["ip", "link", "add", "a", "type", "veth", "peer", "name", "b"])
        br = links.bridge("br0", "p0", port_mtu=9000)
        self.assertEqual(br[0], ["ip", "link", "add", "br0", "type", "bridge", "stp_state", "0", "forward_delay", "0",
                                 "mcast_snooping", "0"])
        self.assertIn(["ip", "link", "set", "p0", "mtu", "9000", "master", "br0", "up"], br)
        self.assertEqual(br[-1], ["ip", "link", "set", "br0", "up"])

    def test_run_all_says_which_command_failed_and_why(self):
        self.assertEqual(links.run_all([["true"], ["sh", "-c", "echo broken >&2; exit 3"], ["true"]]),
                         "sh -c echo broken >&2; exit 3: broken")
        self.assertIn("not installed", links.run_all([["no-such-tool-here", "x"]]))
        self.assertEqual(links.run_all([["true"]]), "")


class Netns(unittest.TestCase):
    def test_a_refused_unshare_makes_no_link(self):
        ran = []
        why = netns.enter_new_netns([["ip", "x"]], unshare=lambda: "unshare(CLONE_NEWNET): EPERM",
                                    run=ran.append)
        self.assertEqual((why, ran), ("unshare(CLONE_NEWNET): EPERM", []))

    def test_links_are_made_after_the_unshare(self):
        ran = []
        why = netns.enter_new_netns([["ip", "x"]], unshare=lambda: "", run=lambda c: ran.append(c) or "")
        self.assertEqual((why, ran), ("", [[["ip", "x"]]]))

    def test_a_child_namespace_runs_the_links_then_the_program(self):
        argv = netns.in_new_netns(["prog", "arg"], [["ip", "link", "add", "a b"]], "name")
        self.assertEqual(argv[:5], ["unshare", "--net", "--", "sh", "-c"])
        self.assertEqual(argv[5], "ip link add 'a b' && exec \"$@\"")
        self.assertEqual(argv[6:], ["name", "prog", "arg"])

    def test_the_perf_afpacket_rig_uses_the_same_links(self):
        argv = rigs.in_veth_netns(["fwd"])
        self.assertEqual(argv[5], links.prologue([links.IPV6_OFF] + links.veth_pair("pf0", "pf1")))


class FakeIp:
    """`ip`/`bridge` with one tap in a given state; records what changes."""

    def __init__(self, show=None):
        self.show, self.changes = show, []

    def __call__(self, *argv):
        if argv[:3] == ("ip", "link", "show") or argv[:4] == ("ip", "-d", "-o", "link"):
            return self.show
        self.changes.append(" ".join(argv))
        return ""


TAP = tap_bridge.Spec("dtap0", "brs0", "02:00:00:00:ee:00")


class TapBridge(unittest.TestCase):
    def test_bad_arguments_say_what_is_allowed(self):
        for args, text in (([], "usage: "), (["dtap0,brs0"], "want TAP,BRIDGE,MAC"),
                           (["dtap0,brs0,02:00:00:00:EE:00"], "lower-case"),
                           (["dtap0,brs0,02:00:00:00:ee:00"], "no bridge 'brs0'")):
            with self.assertRaises(tap_bridge.UsageError) as e:
                tap_bridge.parse_specs(args, run=FakeIp(None))
            self.assertIn(text, str(e.exception))
        self.assertEqual(tap_bridge.parse_specs(["dtap0,brs0,02:00:00:00:ee:00"], run=FakeIp("ok")), [TAP])

    def test_a_tap_that_is_not_there_is_left_alone(self):
        ip = FakeIp(None)
        tap_bridge.fix(TAP, run=ip)
        self.assertEqual(ip.changes, [])

    def test_a_new_promiscuous_tap_gets_its_mac_bridge_fdb_and_flooding(self):
        ip = FakeIp("5: dtap0: <UP> mtu 1500 link/ether 02:00:00:00:dd:00 brd ff:ff:ff:ff:ff:ff promiscuity 2 ")
        tap_bridge.fix(TAP, run=ip)
        self.assertEqual(ip.changes, ["ip link set dev dtap0 address 02:00:00:00:ee:00",
                                      "ip link set dev dtap0 master brs0",
                                      "bridge fdb replace 02:00:00:00:dd:00 dev dtap0 master static"])
        ip = FakeIp("5: dtap0: link/ether 02:00:00:00:ee:00 brd x promiscuity 2 master brs0 flood off "
                    "mcast_flood off ")
        tap_bridge.fix(TAP, run=ip)
        self.assertEqual(ip.changes, ["bridge link set dev dtap0 flood on", "bridge link set dev dtap0 mcast_flood on"])

    def test_multicast_floods_to_the_tap_only_while_promiscuous_or_all_multicast(self):
        # A NIC neither promiscuous nor all-multicast drops the groups it was
        # not given (dynamic_config's disable_promisc_multicast).
        for flags, promiscuity, want in (("<BROADCAST,MULTICAST,UP>", 1, "off"),
                                         ("<BROADCAST,MULTICAST,ALLMULTI,UP>", 1, "on"),
                                         ("<BROADCAST,MULTICAST,PROMISC,UP>", 2, "on")):
            other = "off" if want == "on" else "on"
            ip = FakeIp(f"5: dtap0: {flags} mtu 1500 link/ether 02:00:00:00:ee:00 brd x promiscuity {promiscuity} "
                        f"master brs0 flood {'on' if promiscuity == 2 else 'off'} mcast_flood {other} ")
            tap_bridge.fix(TAP, run=ip)
            self.assertEqual(ip.changes, [f"bridge link set dev dtap0 mcast_flood {want}"], flags)

    def test_a_tap_already_right_is_not_touched(self):
        ip = FakeIp("5: dtap0: link/ether 02:00:00:00:ee:00 brd x promiscuity 1 master brs0 flood off "
                    "mcast_flood off ")
        tap_bridge.fix(TAP, run=ip)
        self.assertEqual(ip.changes, [])

    def test_a_signal_ends_it_with_143_and_its_monitor_with_it(self):
        # "lo" stands in for the bridge: it exists in every namespace.
        p = owned_process.OwnedProcess([sys.executable, "-m", "pmdfwd_dev.rig.tap_bridge",
                                        "nosuchtap0,lo,02:00:00:00:ee:00"], stderr=subprocess.PIPE, deadline=30)
        self.addCleanup(p.close)
        monitor = None
        deadline = time.monotonic() + 10
        while monitor is None and time.monotonic() < deadline:
            monitor = next((c for c in children(p.pid) if b"monitor" in cmdline(c)), None)
            time.sleep(0.05)
        self.assertIsNotNone(monitor, "no ip monitor started")
        os.kill(p.pid, signal.SIGTERM)
        self.assertEqual(p.proc.wait(10), 143)
        self.assertFalse(os.path.exists(f"/proc/{monitor}"), "its ip monitor outlived it")


class PromptGate(unittest.TestCase):
    def gate(self):
        log = []
        g = prompt_gate.Gate(b"testpmd> ", lambda: log.append("settle"), lambda b: log.append(b) if b else None)
        return g, log

    def test_a_prompt_is_written_only_after_the_pass(self):
        g, log = self.gate()
        g.feed(b"Done\r\ntestpmd> ")
        self.assertEqual(log, [b"Done\r\n", "settle", b"testpmd> "])

    def test_a_prompt_split_across_reads_waits_until_whole(self):
        g, log = self.gate()
        g.feed(b"Port 0 is up\r\ntestp")
        self.assertEqual(log, [b"Port 0 is up\r\n"])
        g.feed(b"md> ")
        self.assertEqual(log[1:], ["settle", b"testpmd> "])

    def test_what_only_looked_like_a_prompt_goes_on(self):
        g, log = self.gate()
        g.feed(b"test")
        g.feed(b"s run\r\n")
        self.assertEqual(b"".join(x for x in log if isinstance(x, bytes)), b"tests run\r\n")
        self.assertNotIn("settle", log)
        g.feed(b"tes")
        g.flush()
        self.assertEqual(log[-1], b"tes")

    def test_several_prompts_at_once_take_one_pass_before_the_first(self):
        g, log = self.gate()
        g.feed(b"a\r\ntestpmd> b\r\ntestpmd> c")
        self.assertEqual(log, [b"a\r\n", "settle", b"testpmd> b\r\ntestpmd> ", b"c"])

    def test_bad_arguments(self):
        for args in ([], ["--binary", "/bin/sh", "--tap", "t,b,02:00:00:00:00:01"], ["--binary", "/bin/sh", "--"],
                     ["--binary", "/nonexistent", "--tap", "t,b,02:00:00:00:00:01", "--", "x"],
                     ["--verbose", "--", "x"]):
            with self.assertRaises(tap_bridge.UsageError, msg=args):
                prompt_gate.parse(args, run=lambda *a: "")

    def test_the_forwarder_runs_as_argv0_on_a_terminal_and_its_status_is_returned(self):
        code = ("import sys; from pmdfwd_dev.rig import prompt_gate, tap_bridge; sys.exit(prompt_gate.run("
                "prompt_gate.Options('/bin/sh', b'testpmd> ', [tap_bridge.Spec('no-such-tap', 'br', "
                "'02:00:00:00:00:01')], ['named-so', '-c', sys.argv[1]])))")
        script = 'printf "%s\\ntestpmd> " "$0"; [ -t 0 ] && echo tty; read x; echo "got $x"; exit 3'
        r = owned_process.run([sys.executable, "-c", code, script], input="line\n", stdout=subprocess.PIPE,
                              text=True, timeout=30)
        self.assertEqual(r.returncode, 3)
        out = r.stdout.replace("\r", "")
        # The terminal echoes "line" whenever it comes in; the rest in order.
        self.assertEqual(out.replace("line\n", "", 1), "named-so\ntestpmd> tty\ngot line\n")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


if __name__ == "__main__":
    unittest.main()
