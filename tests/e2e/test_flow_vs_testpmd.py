"""The flow commands against dpdk-testpmd 22.11, answer for answer.

The same flow commands run on the same rig (two net_ring ports, which have
no rte_flow: every call the PMD would answer fails with ENOSYS) in Debian's
dpdk-testpmd and in pmdfwd (as app/dpdk-testpmd, with --testpmd-texts), on a
pseudo-terminal as DTS drives them; the answers must be equal: the PMD's
refusal in port_flow_complain's words, "Bad arguments" for a rule the
grammar refuses, testpmd's texts for the rule list's commands.
When the test runs as root, the same happens on a net_tap port, which
implements rte_flow over TC flower: rules are validated, created, listed
and destroyed, and the answers must match testpmd's (where the kernel
refuses the TC rule, both print the same refusal).

The recorded testpmd 22.11 answers on net_ring
(data/testpmd_flow_ring.txt) keep the test meaningful where dpdk-testpmd
is not installed; re-record with this file --record.

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_flow_vs_testpmd.py
"""
import os
import re
import shutil
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent

import rig  # noqa: E402
import shell as shells  # noqa: E402
from test_testpmd_session import diff, pmdfwd_as_testpmd  # noqa: E402

RECORDED = HERE / "data" / "testpmd_flow_ring.txt"
TESTPMD = shutil.which("dpdk-testpmd")
RING2 = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
TAP_IFACE = "pmdfwdflow0"

RULE = "pattern eth / ipv4 src is 10.0.0.1 dst spec 10.0.0.2 dst mask 255.255.255.0 / " \
       "udp dst is 4789 / end actions queue index 0 / end"
# What both answer on ports without rte_flow, good words and bad.
RING_COMMANDS = [
    "flow validate 0 " + RULE,
    "flow create 0 ingress " + RULE,
    "flow create 0 group 1 priority 3 pattern eth type is 0x0800 / vlan vid is 5 / end "
    "actions rss types ipv4-udp end queues 0 end / mark id 7 / end",
    "flow validate 9 pattern end actions drop / end",
    "flow list 0",
    "flow list 0 group 1",
    "flow query 0 0 count",
    "flow destroy 0 rule 0",
    "flow flush 0",
    "flow isolate 0 1",
    "flow isolate 0 0",
    "flow aged 0",
    "flow list 9",
    "flow flush 9",
    "flow query 9 0 count",
    "flow aged 9",
    "flow destroy 9 rule 1",
    # The grammar's refusals: testpmd's "Bad arguments".
    "flow create 0 pattern foo / end actions drop / end",
    "flow validate 0 pattern eth / ipv4 ttl is 300 / end actions drop / end",
    "flow validate 0 pattern eth / end",
    "flow validate 0 pattern eth / end actions drop /",
    "flow validate 0 pattern eth / end actions fly / end",
    "flow destroy 0 rule",
    "flow list 0 group",
    "flow isolate 0 2",
    # What `set raw_encap|raw_decap|sample_actions|conntrack` keep, the
    # hexdump `show raw_encap` prints of it, and the actions that read it.
    "set raw_encap 1 eth src is 10:11:22:33:44:55 / vlan tci is 1 inner_type is 0x0800 / ipv4 / "
    "udp dst is 4789 / vxlan vni is 2 / end_set",
    "show raw_encap 1",
    "set raw_decap 2 eth / ipv6 dst is ::2 / tcp / end_set",
    "show raw_decap 2",
    "set raw_encap 0 eth / icmp / end_set",
    "show raw_encap all",
    "show raw_encap 8",
    "set raw_encap 8 eth / end_set",
    "flow create 0 egress pattern eth / end actions raw_encap index 1 / end",
    "flow create 0 ingress pattern eth / end actions raw_decap index 2 / queue index 0 / end",
    "flow create 0 egress pattern eth / end actions raw_encap index 8 / end",
    "set sample_actions 1 mark id 3 / queue index 0 / end",
    "set sample_actions 1 port_representor ethdev_port_id 1 / end",
    "flow create 0 ingress pattern eth / end actions sample ratio 2 index 1 / queue index 1 / end",
    "set conntrack com peer 1 is_orig 1 enable 1 live 1 sack 1 cack 0 last_dir 0 liberal 0 "
    "state 1 max_ack_win 7 r_lim 5 last_win 510 last_seq 2632987379 last_ack 2532480967 "
    "last_end 2632987379 last_index 0x8",
    "set conntrack orig scale 7 fin 0 acked 1 unack_data 0 sent_end 2632987379 "
    "reply_end 2633016339 max_win 28960 max_ack 2632987379",
    "flow indirect_action 0 create ingress action conntrack / end",
    "flow create 0 ingress pattern eth / ipv4 / tcp / conntrack is 1 / end actions drop / end",
    "flow create 0 ingress pattern raw relative is 1 offset is 2 pattern is abc / end "
    "actions drop / end",
    "flow create 0 ingress pattern raw pattern_hex spec 0a0 / end actions drop / end",
    "flow create 0 ingress pattern raw offset is -2 / end actions drop / end",
    "flow create 0 ingress pattern raw pattern_hex prefix 3 / end actions drop / end",
    "flow create 0 ingress pattern conntrack / end actions drop / end",
    "set raw_encap 3 eth / end",
    "set raw_encap ipv4 / end_set",
    "set raw_decap 3 end_set",
    "set sample_actions 2 / end",
    "set sample_actions 2 end",
]
# The tunnel settings (silent; Bad arguments for what testpmd's cmdline
# refuses, "invalid parameter." for an address of the other IP version) and
# the actions that read them.
_ETH = "eth-src 11:11:11:11:11:11 eth-dst 22:22:22:22:22:22"
RING_COMMANDS += [
    "set vxlan ip-version ipv4 vni 4 udp-src 4 udp-dst 4789 ip-src 127.0.0.1 ip-dst 128.0.0.1 "
    + _ETH,
    "flow validate 0 ingress pattern end actions vxlan_encap / queue index 0 / end",
    "set vxlan ip-version ipv4 vni 4294967296 udp-src 4 udp-dst 4 ip-src 127.0.0.1 "
    "ip-dst 128.0.0.1 " + _ETH,
    "set vxlan ip-version ipv4 vni 4 udp-src 4 udp-dst 4 ip-src ::1 ip-dst 128.0.0.1 " + _ETH,
    "set vxlan-tos-ttl ip-version ipv4 vni 4 udp-src 4 udp-dst 4 ip-tos 256 ip-ttl 1 "
    "ip-src 127.0.0.1 ip-dst 128.0.0.1 " + _ETH,
    "set vxlan ip-version ipv4 vni 4 udp-src 4 udp-dst",
    "set nvgre-with-vlan ip-version ipv6 tni 4 ip-src ::1 ip-dst ::2222 vlan-tci 34 " + _ETH,
    "flow create 0 ingress pattern end actions nvgre_encap / end",
    "flow validate 0 pattern end actions vxlan_decap / nvgre_decap / end",
    "set l2_encap-with-vlan ip-version ipv4 vlan-tci 34 eth-src 11:11:11:11:11:1g "
    "eth-dst 22:22:22:22:22:22",
    "set l2_decap-with-vlan",
    "set mplsoudp_encap ip-version ipv6 label 4 udp-src 5 udp-dst 10 ip-src ::1 ip-dst ::2222 "
    + _ETH,
    "flow validate 0 egress pattern eth / end actions l2_decap / mplsoudp_encap / end",
    "set mplsogre_encap ip-version ipv4 label 4 ip-src 1.2.3 ip-dst 128.0.0.1 " + _ETH,
    "set mplsogre_decap ip-version ipv5",
    "set mplsoudp_decap-with-vlan ip-version ipv6",
    "flow create 0 ingress pattern eth / ipv4 / gre / mpls / end actions mplsogre_decap / "
    "l2_encap / end",
]
# The template and queue API: net_ring has no flow engine, so every call
# rte_flow answers is refused; what testpmd checks first (ports, template
# and table ids, queues it recorded from a refused configure) answers alike.
# (Left out: the asynchronous calls on a queue a refused configure recorded,
# which 22.11's rte_flow makes without a PMD function and testpmd crashes
# on; pmdfwd refuses them, see the unit tests.)
RING_COMMANDS += [
    "flow info 0",
    "flow info 9",
    "flow configure 0 queues_number 4 queues_size 64 counters_number 8 aging_counters_number 2 "
    "meters_number 1 conn_tracks_number 1 flags 0",
    "flow configure 9 queues_number 1 queues_size 1",
    "flow configure 0 end",
    "flow pattern_template 0 create pattern_template_id 2 relaxed yes ingress template eth / ipv4 / end",
    "flow pattern_template 0 create egress transfer template eth / end",
    "flow pattern_template 9 create template eth / end",
    "flow pattern_template 0 create template eth",
    "flow pattern_template 0 create pattern_template_id 1 relaxed maybe template eth / end",
    "flow pattern_template 0 destroy pattern_template 2 pattern_template 3",
    "flow pattern_template 9 destroy pattern_template 2",
    "flow pattern_template 0 destroy",
    "flow actions_template 0 create actions_template_id 4 template drop / end mask drop / end",
    "flow actions_template 0 create template drop / end mask drop / end",
    "flow actions_template 0 create template queue index 1 / end",
    "flow actions_template 0 create ingress actions_template_id 4 template queue index 1 / end "
    "mask queue index 0 / end",
    "flow actions_template 0 create actions_template_id 4 ingress template drop / end mask drop / end",
    "flow actions_template 0 create actions_template_id 3 template end",
    "flow actions_template 0 destroy actions_template 4",
    "flow template_table 0 create table_id 6 group 9 priority 4 ingress rules_number 64 "
    "pattern_template 2 actions_template 4",
    "flow template_table 0 create group 9 ingress rules_number 64",
    "flow template_table 0 destroy table 6 table 7",
    "flow template_table 0 destroy",
    "flow queue 0 create 3 template_table 6 pattern_template 0 actions_template 0 postpone no "
    "pattern eth / end actions drop / end",
    "flow queue 0 create 0 template_table 6 pattern_template 0 actions_template 0 postpone no "
    "pattern eth / end actions drop / end",
    "flow queue 0 create 0 template_table 6 pattern_template 0 actions_template 0 pattern eth / end actions drop / end",
    "flow queue 0 destroy 0 rule 0",
    "flow queue 0 destroy 5 postpone no rule 0",
    "flow queue 9 destroy 0 postpone yes rule 0",
    "flow push 0 queue 4",
    "flow pull 0 queue 4",
    "flow push 9 queue 0",
    "flow pull 9 queue 0",
    "flow configure 0 queues_number 0 queues_size 64",
    "flow push 0 queue 0",
    "flow pull 0 queue 0",
    "flow queue 0 destroy 0 postpone yes rule 0",
    # An indirect action refused for its queue keeps its id, without a handle.
    "flow queue 0 indirect_action 0 create action_id 1 ingress postpone no action count / end",
    "flow indirect_action 0 query 1",
    "flow queue 0 indirect_action 0 update 1 action count / end",
    "flow queue 0 indirect_action 0 update 7 action count / end",
    "flow queue 0 indirect_action 0 destroy action_id 1",
    "flow queue 0 indirect_action 0 create action_id 1 action count / end",
    "flow queue 0 indirect_action 0 create postpone maybe action count / end",
    "flow queue 9 indirect_action 0 create action count / end",
    "flow indirect_action 0 destroy action_id 1",
]
# `flow dump`: net_ring has no rte_flow, so a dump of all rules is the
# PMD's refusal; a rule the list does not hold, a file that cannot be made
# (/dev/null can: the test writes no file), testpmd's RTE_PORT_ALL (silent)
# and what its grammar refuses (a path of 128 characters; 127 are read)
# answer alike.
RING_COMMANDS += [
    "flow dump 0 all",
    "flow dump 0 all /dev/null",
    "flow dump 0 rule 0",
    "flow dump 0 rule 4294967295",
    "flow dump 0 rule 0x10 /dev/null",
    "flow dump 0 rule 3 /nonexistent/flowdump",
    "flow dump 0 all /nonexistent/flowdump",
    "flow dump 9 all",
    "flow dump 65535 all",
    "flow dump 0",
    "flow dump 0 rule",
    "flow dump 0 rule 4294967296",
    "flow dump 0 rule -1",
    "flow dump 0 all /dev/null extra",
    "flow dump 0 user_id all",
    "flow dump 0 foo",
    "flow dump 0 all /nonexistent/" + "d" * 114,
    "flow dump 0 all /nonexistent/" + "d" * 115,
    # testpmd's RTE_PORT_ALL: every command that checks the port is silent.
    "flow list 65535",
    "flow destroy 65535 rule 0",
    "flow indirect_action 65535 query 0",
    "flow configure 65535 queues_number 1 queues_size 1",
    "flow template_table 65535 destroy table 0",
    "flow pull 65535 queue 0",
]
# On net_tap (TC flower): rules the PMD takes, and one it refuses.
TAP_COMMANDS = [
    "flow validate 0 ingress pattern eth / ipv4 dst is 10.1.1.1 / udp dst is 53 / end "
    "actions drop / end",
    "flow create 0 ingress pattern eth / ipv4 dst is 10.1.1.1 / udp dst is 53 / end "
    "actions drop / end",
    "flow create 0 ingress priority 1 pattern eth / ipv4 / tcp dst is 80 / end "
    "actions queue index 0 / end",
    "flow list 0",
    "flow destroy 0 rule 0",
    "flow list 0",
    "flow create 0 egress pattern eth / end actions mark id 1 / end",
    "flow flush 0",
    "flow list 0",
]

# A cause pointer is an address of the process that printed it, and so is
# the one a hexdump's title shows.
_CAUSE = re.compile(r"cause: 0x[0-9a-f]+, ")
_DUMPED_AT = re.compile(r" at \[0x[0-9a-f]+\], len=")


def answers(binary, eal, commands, extra=()):
    prefix = rig.unique_prefix()
    argv = [str(binary), "-l", "0-1", "--no-pci", "--in-memory", "--file-prefix", prefix,
            *eal, "--", "-i", "--total-num-mbufs=2048", *extra]
    shell = shells.terminal(None, argv, prefix=prefix, prompt="testpmd>")
    out = ""
    try:
        for cmd in commands:
            out += f"=== {cmd}\n" + shell.send(cmd, skip_first_line=True)
        shell.send_quit()
    finally:
        shell.close()
    return _DUMPED_AT.sub(" at [#], len=", _CAUSE.sub("cause: #, ", out.replace("\r", "")))


def pmdfwd_answers(eal, commands):
    # --run-time: a limit on the whole session, should the test hang.
    return answers(pmdfwd_as_testpmd(), eal, commands, ["--run-time=60", "--testpmd-texts"])


def tap_rig():
    """net_tap's arguments when this machine can make a tap (root, /dev/net/tun).
    Without TC flower in the kernel both answer the PMD's refusal alike."""
    if os.geteuid() != 0 or not os.path.exists("/dev/net/tun"):
        return None
    return ["--vdev", f"net_tap0,iface={TAP_IFACE}"]


class FlowOnRing(unittest.TestCase):
    def test_answers_equal_testpmd(self):
        got = pmdfwd_answers(RING2, RING_COMMANDS)
        refs = [("recorded testpmd 22.11", RECORDED.read_text())]
        if TESTPMD:
            refs.append(("dpdk-testpmd here", answers(TESTPMD, RING2, RING_COMMANDS)))
        for name, ref in refs:
            with self.subTest(reference=name):
                self.assertEqual(got, ref, diff(ref, got))
        self.assertIn("Caught PMD error type 1 (cause unspecified): Function not implemented",
                      got)


@unittest.skipUnless(TESTPMD and tap_rig(), "needs root, TC flower and dpdk-testpmd")
class FlowOnTap(unittest.TestCase):
    def test_answers_equal_testpmd(self):
        ref = answers(TESTPMD, tap_rig(), TAP_COMMANDS)
        got = pmdfwd_answers(tap_rig(), TAP_COMMANDS)
        self.assertEqual(got, ref, diff(ref, got))
        # The PMD took the rule: rte_flow was reached with the parsed rule
        # (whether the kernel then creates it depends on its TC support).
        self.assertIn("Flow rule validated", got)


def record():
    if not TESTPMD:
        sys.exit("dpdk-testpmd not found: cannot record")
    RECORDED.write_text(answers(TESTPMD, RING2, RING_COMMANDS))
    print(f"recorded {RECORDED}")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
    else:
        unittest.main()
