"""Where DTS's runner, driving pmdfwd as it drives dpdk-testpmd, found pmdfwd
ending or refusing where testpmd goes on (issue 17). Each test replays the
command sequence of a DTS suite on a terminal, as DTS does, and checks the
answer it parses:
- dynamic_config: `set fwd io` after `start` is taken ("Set io packet
  forwarding mode"); the new mode runs from the next start.
- softnic: a --vdev that fails to probe leaves the shell up with the ports
  that did probe (a batch run still refuses: it would forward on fewer ports
  than asked).
- virtio_server: a port whose link is down (net_vhost with no client) does not
  hold the prompt: testpmd, with LSC interrupts (its default), looks once.
- blocklist, mtu: no port at all, or a port the options cannot configure,
  leave the shell up with testpmd's messages ("No probed ethernet devices",
  "Fail to configure port", "Start ports failed"); so does
  --flow-isolate-all on a PMD without rte_flow.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_dts_startup.py
"""
import tempfile
import time
import unittest


import forwarder  # noqa: E402
import rig  # noqa: E402
import shell as shells  # noqa: E402

RING2 = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# DTS's own arguments after "--" (TestPmdParams defaults).
DTS_APP = ["-i", "--port-topology=paired", "--mask-event=intr_lsc"]
# DTS waits 5 s for the first prompt before it types its first command.
DTS_PROMPT_WAIT = 5


class DtsStartup(unittest.TestCase):
    def shell(self, vdevs, app=(), start_timeout=15):
        prefix = rig.unique_prefix()
        argv = [str(rig.pmdfwd_bin()), "-l", "0-1", "--no-pci", *rig.NO_HUGE,
                "--no-shconf", "--file-prefix", prefix, *vdevs, "--", *DTS_APP,
                "--total-num-mbufs=2048", *app]
        t0 = time.monotonic()
        s = shells.terminal(self, argv, prefix=prefix, prompt="pmdfwd>", start_timeout=start_timeout)
        s.startup_seconds = time.monotonic() - t0
        return s

    def test_set_fwd_while_forwarding(self):
        s = self.shell(RING2, ["--forward-mode=mac"])
        self.assertIn("mac packet forwarding - ports=2", s.send("start"))
        s.send("set promisc 0 off")
        out = s.send("set fwd io")
        self.assertIn("Set io packet forwarding mode", out)
        self.assertNotIn("stop forwarding first", out)
        self.assertIn("Accumulated forward statistics for all ports", s.send("stop"))
        self.assertIn("io packet forwarding - ports=2", s.send("start"))
        s.send("stop")
        s.send_quit()

    def test_vdev_that_fails_to_probe_leaves_the_others(self):
        s = self.shell([*RING2, "--vdev", "net_pcap2,rx_pcap=/nonexistent.pcap"])
        self.assertIn("--vdev net_pcap2,rx_pcap=/nonexistent.pcap did not probe", s.startup)
        self.assertIn("going on with the ports that did probe", s.startup)
        self.assertIn("io packet forwarding - ports=2", s.send("start"))
        s.send("stop")
        s.send_quit()

    def test_link_down_does_not_hold_the_prompt(self):
        with tempfile.TemporaryDirectory(prefix="pmdfwd-vhost-") as d:
            # No virtio client ever connects: the link stays down.
            s = self.shell(["--vdev", f"net_vhost0,iface={d}/sock,queues=1"])
            self.assertIn("Checking link statuses...", s.startup)
            self.assertNotIn("Link down", s.startup)
            self.assertLess(s.startup_seconds, DTS_PROMPT_WAIT - 2, s.startup)
            self.assertIn("Link status: down", s.send("show port info 0"))
            s.send_quit()

    def test_no_port_keeps_the_shell(self):
        s = self.shell([])
        self.assertIn("No probed ethernet devices", s.startup)
        self.assertIn("no forwarding port", s.send("start"))
        self.assertNotIn("Port 0", s.send("show port info all"))
        s.send_quit()

    def test_port_that_fails_to_configure_keeps_the_shell(self):
        s = self.shell(RING2, ["--tx-offloads=0x2"])
        self.assertIn("TX offloads 0x2 (IPV4_CKSUM) are not offered by net_ring", s.startup)
        self.assertIn("Fail to configure port 0", s.startup)
        self.assertIn("Start ports failed", s.startup)
        self.assertIn("Not all ports were started", s.send("start"))
        self.assertIn("Fail to configure port 0", s.send("port start all"))
        s.send_quit()

    def test_flow_isolation_a_pmd_refuses_keeps_the_shell(self):
        # DTS's TestPmdParams may ask --flow-isolate-all; net_ring has no
        # rte_flow: testpmd's complaint, no port started, the prompt.
        s = self.shell(RING2, ["--flow-isolate-all"])
        self.assertIn("Failed to apply isolated mode on port 0", s.startup)
        self.assertNotIn("Configuring Port", s.startup)
        self.assertIn("Start ports failed", s.startup)
        self.assertIn("Failed to apply isolated mode on port 0", s.send("port start all"))
        s.send_quit()

    def test_batch_mode_still_refuses(self):
        with tempfile.TemporaryDirectory(prefix="pmdfwd-batch-") as d:
            run = forwarder.run_pmdfwd([], ["--run-time=1"], cwd=d)
            self.assertEqual(run.rc, 1, run.describe())
            self.assertIn("no ports: give EAL virtual devices", run.out)
            run = forwarder.run_pmdfwd(RING2, ["--tx-offloads=0x2", "--run-time=1"], cwd=d)
            self.assertEqual(run.rc, 1, run.describe())
            self.assertIn("are not offered by net_ring", run.out)


if __name__ == "__main__":
    unittest.main()
