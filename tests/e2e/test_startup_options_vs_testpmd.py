"""Issue 35: testpmd options pmdfwd used to refuse as unknown (--mp-alloc,
--mp-anon, --no-iova-contig, --flow-isolate-all, --multi-rx-mempool,
--rxoffs, --rxhdrs, --hairpinq, --hairpin-mode, --hot-plug), run in pmdfwd and in the
host's dpdk-testpmd with the same arguments on net_ring and net_null ports:
both start or both fail, with testpmd's texts, and the pools are made the
way the method says (the start line's "MP allocation mode", the external
heap's "Allocated N MB of external memory"). Skipped without dpdk-testpmd.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 \\
    tests/e2e/test_startup_options_vs_testpmd.py
"""
import shutil
import tempfile
import unittest

import forwarder
import rig

TESTPMD = shutil.which("dpdk-testpmd")
PORTS = ["--vdev", "net_ring0", "--vdev", "net_null0"]
MBUFS = ["--total-num-mbufs=2048"]
# More mbufs than this host's huge pages hold, or any host's without them:
# the external heap of huge pages cannot be mapped.
TOO_MANY_FOR_HUGE = ["--total-num-mbufs=2000000"]


def eal(prefix):
    return ["-l", "0-1", "--no-pci", *rig.NO_HUGE, "--no-shconf", "--file-prefix", prefix]


def run_pmdfwd(app, cwd):
    prefix = rig.unique_prefix()
    return forwarder.run(forwarder.pmdfwd_args([*eal(prefix), *PORTS], [*app, "--run-time=1"]),
                         cwd=cwd, timeout=60, prefix=prefix)


def run_testpmd(app, cwd):
    prefix = rig.unique_prefix()
    return forwarder.run_testpmd_batch([TESTPMD, *eal(prefix), *PORTS, "--", *app],
                                       forward_s=1, prefix=prefix, cwd=cwd)


def sessions(app, commands):
    """(pmdfwd's, testpmd's) interactive sessions: app's options, then the
    commands piped, then quit."""
    lines = "".join(c + "\n" for c in [*commands, "quit"])
    runs = []
    for program in ("pmdfwd", "testpmd"):
        prefix = rig.unique_prefix()
        args = ([TESTPMD, *eal(prefix), *PORTS, "--", "-i", *app] if program == "testpmd" else
                forwarder.pmdfwd_args([*eal(prefix), *PORTS], ["-i", *app, "--run-time=30"]))
        with tempfile.TemporaryDirectory(prefix="pmdfwd-opts-") as d:
            runs.append(forwarder.run(args, cwd=d, input=lines, timeout=60, prefix=prefix))
    return runs


@unittest.skipUnless(TESTPMD, "dpdk-testpmd is not installed")
class StartupOptionsVsTestpmd(unittest.TestCase):
    def both(self, app):
        """(pmdfwd's run, testpmd's run), having checked that both started
        or both failed."""
        with tempfile.TemporaryDirectory(prefix="pmdfwd-opts-") as d:
            mine, theirs = run_pmdfwd(app, d), run_testpmd(app, d)
        self.assertEqual(mine.rc == 0, theirs.rc == 0,
                         f"{mine.describe()}\n--- testpmd:\n{theirs.describe()}")
        return mine, theirs

    def assert_both_say(self, runs, *texts):
        for run in runs:
            for text in texts:
                self.assertIn(text, run.out, run.describe())

    def test_each_method_makes_the_pools(self):
        for method in ("native", "anon", "xmem", "xbuf"):
            with self.subTest(method=method):
                runs = self.both([f"--mp-alloc={method}", *MBUFS])
                self.assertEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, f"MP allocation mode: {method}\n",
                                     "create a new mbuf pool <mb_pool_0>: n=2048, size=2176")
                if method == "xmem":
                    self.assert_both_say(runs, "MB of external memory\n")

    def test_mp_anon_is_anon(self):
        self.assert_both_say(self.both(["--mp-anon", *MBUFS]), "MP allocation mode: anon\n")

    def test_huge_external_memory_as_the_host_allows(self):
        # Starts where free huge pages hold the heap, fails alike elsewhere.
        runs = self.both(["--mp-alloc=xmemhuge", *MBUFS])
        if runs[0].rc == 0:
            self.assert_both_say(runs, "MP allocation mode: xmemhuge\n", "MB of external memory")

    def test_huge_external_memory_that_cannot_be_had(self):
        runs = self.both(["--mp-alloc=xmemhuge", *TOO_MANY_FOR_HUGE])
        self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, ": Cannot create memory area\n",
                             "Could not create external memory")

    def test_unknown_method(self):
        runs = self.both(["--mp-alloc=bogus", *MBUFS])
        self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, "mp-alloc bogus invalid - must be: native, anon, xmem or xmemhuge")

    def test_no_iova_contig_only_with_anon(self):
        runs = self.both(["--no-iova-contig", *MBUFS])
        self.assert_both_say(runs, "cannot use no-iova-contig without mp-alloc=anon. mempool "
                             "no-iova-contig is ignored\n", "MP allocation mode: native\n")
        runs = self.both(["--mp-alloc=anon", "--no-iova-contig", *MBUFS])
        self.assertEqual(runs[0].rc, 0, runs[0].describe())
        for run in runs:
            self.assertNotIn("cannot use no-iova-contig", run.out)

    def test_flow_isolate_all_on_a_pmd_without_rte_flow(self):
        # net_ring has no flow ops: testpmd's complaint, then its start
        # gives up on every port.
        runs = self.both(["--flow-isolate-all", *MBUFS])
        self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(
            runs, "port_flow_complain(): Caught PMD error type 1 (cause unspecified): Function "
            "not implemented: Function not implemented\n", "Failed to apply isolated mode on port 0\n")
        for run in runs:
            self.assertNotIn("Configuring Port", run.out)

    def test_multi_rx_mempool(self):
        # One pool: testpmd's own refusal; two: net_ring takes no pool list.
        for sizes, says in ((["--mbuf-size=2176"], "Invalid number of mempools 1\n"),
                            (["--mbuf-size=2176,4096"], "Port 0 doesn't support requested "
                             "multi-rx-mempool configuration.\n")):
            with self.subTest(sizes=sizes):
                runs = self.both(["--multi-rx-mempool", *sizes, *MBUFS])
                self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, says, "Fail to configure port 0 rx queues\n")

    def test_rx_offsets(self):
        # Taken without the buffer_split offload; too many, or too large,
        # said and ignored.
        for offs, says in (("0,2", "Port 0: "),
                           ("0,1,2,3,4,5,6,7", "nb segments per RX packets=8 >= "
                            "MAX_SEGS_BUFFER_SPLIT - ignored\n"),
                           ("1,65535", "offset[1]=65535 > UINT16_MAX - give up\n")):
            with self.subTest(offs=offs):
                runs = self.both([f"--rxoffs={offs}", "--rxpkts=64,0", *MBUFS])
                self.assertEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, says)

    def test_rx_headers(self):
        # Taken (buffer split waits for the offload); an unknown name said
        # and taken as no header; no name at all refused.
        for hdrs, says in (("eth,ipv4-udp", "Port 0: "),
                           ("eth,nosuch", "Unsupported protocol: nosuch\n")):
            with self.subTest(hdrs=hdrs):
                runs = self.both([f"--rxhdrs={hdrs}", *MBUFS])
                self.assertEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, says)
        runs = self.both(["--rxhdrs=,", *MBUFS])
        self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, "bad rxpkts")

    def test_hairpin_queues_on_ports_without_them(self):
        # net_ring has no hairpin capability: testpmd's check of the option
        # against the ports refuses any queue.
        runs = self.both(["--hairpinq=1", *MBUFS])
        self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, "Fail: input hairpin (1) can't be greater than "
                             "max_hairpin_queues (0) of port 0\n",
                             "txq 1 invalid - must be >= 0 && <= 0\n")
        for run in runs:
            self.assertNotIn("Configuring Port", run.out)

    def test_hairpin_mode_without_a_peer_layout(self):
        # No queue, and no layout bit (0x10 alone): nothing to bind, the
        # ports start and forward.
        runs = self.both(["--hairpinq=0", "--hairpin-mode=0x10", *MBUFS])
        self.assertEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, "Checking link statuses...\nDone\n",
                             "Press enter to exit")

    def test_hairpin_peer_layout_on_ports_without_hairpin(self):
        # The ports start, then asking the PMD for hairpin peers fails: the
        # start gives up without "Done" and a batch run ends.
        for mode in ("0x1", "0x2"):
            with self.subTest(mode=mode):
                runs = self.both([f"--hairpin-mode={mode}", *MBUFS])
                self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, "Port 1: ", "Checking link statuses...\n",
                                     "Start ports failed")
                for run in runs:
                    self.assertNotIn("Checking link statuses...\nDone", run.out)

    def test_hairpin_peer_layout_interactive(self):
        # The shell comes up; a port whose hairpin peers cannot be asked
        # for is not stopped, so it cannot be started again.
        runs = sessions(["--hairpin-mode=0x2", *MBUFS], ["port stop 0", "port start 0"])
        for run in runs:
            self.assertEqual(run.rc, 0, run.describe())
        self.assert_both_say(runs, "Start ports failed\n", "Port 0 is now not stopped\n",
                             "Please stop the ports first\n", "Bye...")

    def test_hairpin_mode_that_is_no_number(self):
        for value in ("zz", ""):
            with self.subTest(value=value):
                runs = self.both([f"--hairpin-mode={value}", *MBUFS])
                self.assertNotEqual(runs[0].rc, 0, runs[0].describe())
                self.assert_both_say(runs, "hairpin mode invalid")

    def test_hot_plug_forwards_and_ends_cleanly(self):
        runs = self.both(["--hot-plug", *MBUFS])
        self.assertEqual(runs[0].rc, 0, runs[0].describe())
        self.assert_both_say(runs, "Checking link statuses...\nDone\n", "Bye...")
        for run in runs:
            self.assertNotIn("fail to", run.out)

    def test_hot_plug_detach_and_attach(self):
        # With the device event monitor on, a vdev goes and comes back.
        runs = sessions(["--hot-plug", *MBUFS],
                        ["port stop all", "port detach 1", "port attach net_null0",
                         "port start 1", "show port summary all"])
        for run in runs:
            self.assertEqual(run.rc, 0, run.describe())
            self.assertNotIn("fail to", run.out)
        self.assert_both_say(runs, "Device is detached\nNow total ports is 1\nDone\n",
                             "Port 1 is attached. Now total ports is 2\n",
                             "Number of available ports: 2\n", "Bye...")


if __name__ == "__main__":
    unittest.main()
