"""The net_bonding driver's commands (bonding_testpmd.c) answer for answer
against a live dpdk-testpmd 22.11 on the same two net_ring ports: a bonded
device made over them, its slaves, modes, policies and settings shown by
`show bonding config`, and the refusals in testpmd's words (numbers masked).

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_bonding_vs_testpmd.py
"""
import shutil
import unittest

from test_command_corpus import assert_answers_as_testpmd

TESTPMD = shutil.which("dpdk-testpmd")

LINES = [
    "show bonding config 0",
    "show bonding lacp info 0",
    "port stop all",
    "create bonded device 1 0",
    "show bonding config 2",
    "add bonding slave 0 2",
    "add bonding slave 1 2",
    "add bonding slave 7 2",
    "set bonding primary 1 2",
    "show bonding config 2",
    "set bonding mode 2 2",
    "set bonding balance_xmit_policy 2 l34",
    "show bonding config 2",
    "set bonding mode 4 2",
    "set bonding agg_mode 2 count",
    "show bonding config 2",
    "show bonding lacp info 2",
    "set bonding lacp dedicated_queues 2 disable",
    "set bonding mon_period 2 100",
    "set bonding mac_addr 2 02:00:00:00:00:09",
    "set bonding mac_addr 0 02:00:00:00:00:09",
    "remove bonding slave 1 2",
    "remove bonding slave 1 2",
    "set bonding primary 1 2",
    "show bonding config 2",
]


@unittest.skipUnless(TESTPMD, "needs dpdk-testpmd")
class BondingVsTestpmd(unittest.TestCase):
    def test_answers_as_testpmd(self):
        assert_answers_as_testpmd(self, TESTPMD, LINES)


if __name__ == "__main__":
    unittest.main()
