"""The traffic management and meter families (cmdline_tm.c, cmdline_mtr.c)
answer for answer against a live dpdk-testpmd 22.11 on the same two
net_ring ports, for lines the command corpus does not hold: every node kind,
the commit, the WRED profile, the meter tables and statistics, port checks
(testpmd's "Invalid port N" alone), the multi-word arguments testpmd parses
itself, and the port state checks on a stopped port. net_ring has neither
TM nor meter ops, so most answers are rte_tm's and rte_mtr's refusals in
print_err_msg's words.

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_tm_mtr_vs_testpmd.py
"""
import shutil
import unittest

from test_command_corpus import assert_answers_as_testpmd

TESTPMD = shutil.which("dpdk-testpmd")

LINES = [
    "show port tm cap 5",
    "show port tm level cap 0 2",
    "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0 0",
    "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0",
    "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0 2 4",
    "add port tm nonleaf node 0 1 -1 0 1 0 -1 1 0 1 x",
    "add port tm nonleaf node 0 1 x 0 1 0 -1 1 0 0",
    "add port tm nonleaf node pktmode 0 1 -1 0 1 0 -1 1 0 1 5",
    "add port tm leaf node 0 1 -1 0 1 0 -1 0 0 0 0",
    "add port tm node wred profile 0 0 G 0 0 0 0 Y 0 0 0 0 R 0 0 0 0",
    "port tm hierarchy commit 0 yes",
    "port tm hierarchy commit 0 no",
    "set port tm mark ip_ecn 4 0 0 0",
    "show port tm node stats 1 0 0",
    "add port tm node shared shaper 1 0 0",
    "port stop 1",
    "show port tm node stats 1 0 0",
    "set port tm node parent 1 0 0 0 0",
    "add port tm node shared shaper 1 0 0",
    "del port tm node 1 0",
    "port start 1",
    "show port meter cap 7",
    "show port meter stats 0 0 yes",
    "set port meter dscp table 0 0 outer_ip",
    "set port meter dscp table 0",
    "set port meter dscp table 5 0",
    "set port meter dscp table 0x1 0",
    "set port meter vlan table 0 0 outer_vlan g g g",
    "get port meter proto 0 0",
    "set port meter proto 0 0 outer_ip 1",
    "get port meter proto_prio 0 0 inner_vlan",
    "get port meter proto_prio 9 0 inner_vlan",
    "add port meter profile trtcm_rfc4115 1 2 10 20 30 40 1",
]


@unittest.skipUnless(TESTPMD, "needs dpdk-testpmd")
class TmMtrVsTestpmd(unittest.TestCase):
    def test_answers_as_testpmd(self):
        assert_answers_as_testpmd(self, TESTPMD, LINES)


if __name__ == "__main__":
    unittest.main()
