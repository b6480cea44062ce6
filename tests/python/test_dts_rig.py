"""The DTS rig (scripts/dts-veth-rig.sh, pmdfwd_dev.rig.dts_veth) with a
stand-in DTS (data/fake_dts/main.py) and a stand-in sshd: its argument
errors (no root needed), the files DTS is given, one DTS run watched past
"execution has ended", and, as root, the whole rig: the links of both PMDs
in namespaces of its own, a private /run/dpdk, the lshw and sudo stand-ins,
the summary and cases; SIGTERM ends it with its DTS; nothing is left in
this namespace. Skips the root part, saying why, where it cannot run."""
import fcntl
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from pmdfwd_dev import owned_process
from pmdfwd_dev.rig import dts_files, dts_runs

ROOT = Path(__file__).resolve().parents[2]
RIG = ROOT / "scripts" / "dts-veth-rig.sh"
FAKE_MAIN = Path(__file__).resolve().parent / "data" / "fake_dts" / "main.py"


def fake_tree(top, suites=("alpha", "beta", "hold", "x_perf", "cryptodev_y")):
    """A DPDK tree as the rig wants one: dts/ (the stand-in main.py and its
    suites) and usertools/."""
    tree = Path(top, "dpdk")
    (tree / "dts" / "tests").mkdir(parents=True)
    (tree / "usertools").mkdir()
    shutil.copy(FAKE_MAIN, tree / "dts" / "main.py")
    for s in suites:
        (tree / "dts" / "tests" / f"TestSuite_{s}.py").write_text("")
    return tree


def fake_sshd(top):
    """A root whose usr/sbin/sshd records its arguments and, with -D,
    listens on 127.0.0.1:22 until killed. Without -D it stays in the
    foreground with its stdout open, as the real one does when its parent is
    init (the rig is the pid namespace's)."""
    sshd = Path(top, "ssh", "usr", "sbin", "sshd")
    sshd.parent.mkdir(parents=True)
    listen = ("import socket, time; s = socket.socket(); s.bind(('127.0.0.1', 22)); s.listen(); "
              "time.sleep(3600)")
    sshd.write_text(f"#!/bin/sh\necho \"$@\" > {top}/sshd.args\n"
                    f"case \" $* \" in *\" -D \"*) exec /usr/bin/python3 -c \"{listen}\" ;; esac\nexec sleep 3600\n")
    sshd.chmod(0o755)
    return sshd.parents[2]


def rig(*args, timeout=120):
    return owned_process.run(["sh", str(RIG), *map(str, args)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, timeout=timeout)


class Arguments(unittest.TestCase):
    def test_bad_arguments_say_what_is_wrong_before_any_namespace(self):
        with tempfile.TemporaryDirectory() as top:
            tree = fake_tree(top)
            good = ["--dts", tree, "--binary", "/bin/true", "--out", Path(top, "out")]
            for args, text in (([], "--dts DIR is required"),
                               (["--dts"], "--dts needs a value"),
                               (["--dts", top, "--binary", "/bin/true", "--out", "o"], "no dts/ and usertools/"),
                               (["--dts", tree, "--binary", top, "--out", "o"], "not an executable"),
                               (["--dts", tree, "--binary", "/bin/true"], "--out DIR is required"),
                               (good + ["--pmd", "xdp"], "--pmd 'xdp': allowed are af_packet and tap"),
                               (good + ["--suites", "alpha,nope"], "--suites: no DTS suite 'nope'"),
                               (good + ["--timeout", "soon"], "--timeout 'soon': allowed is"),
                               (good + ["--verbose"], "unknown argument '--verbose'"),
                               (good + ["--root", top], "--root " + top + ": no dynamic loader at")):
                r = rig(*args)
                self.assertEqual(r.returncode, 2, (args, r.stderr))
                self.assertTrue(r.stderr.startswith("dts-veth-rig: "), (args, r.stderr))
                self.assertIn(text, r.stderr, args)
            self.assertFalse(Path(top, "out").exists(), "nothing is made on bad usage")


class Files(unittest.TestCase):
    def test_the_sut_ports_are_vdevs_under_made_up_bus_addresses(self):
        self.assertEqual(dts_files.sut_pci("af_packet")[1], "net_af_packet0000:dd:00.1,iface=sut1")
        self.assertEqual(dts_files.sut_pci("tap")[0], "net_tap0000:dd:00.0,iface=dtap0,mac=02:00:00:00:dd:00")
        nodes = dts_files.nodes_yaml("tap")
        self.assertIn('- name: "SUT 1"\n  hostname: 127.0.0.1\n  user: root\n', nodes)
        self.assertIn('      pci: "0000:ee:00.1"\n      os_driver_for_dpdk: veth\n', nodes)

    def test_lshw_reports_net_taps_mac_for_the_sut_with_tap(self):
        macs = {i: f"02:00:00:00:00:0{n}" for n, i in enumerate(("sut0", "sut1", "tg0", "tg1"))}
        ports = json.loads(dts_files.lshw_json("tap", macs))
        self.assertEqual([(p["logicalname"], p["serial"]) for p in ports],
                         [("sut0", "02:00:00:00:dd:00"), ("sut1", "02:00:00:00:dd:01"),
                          ("tg0", "02:00:00:00:00:02"), ("tg1", "02:00:00:00:00:03")])
        self.assertEqual(json.loads(dts_files.lshw_json("af_packet", macs))[0]["serial"], "02:00:00:00:00:00")

    def test_a_roots_binary_runs_by_the_roots_loader_as_the_scripts_path(self):
        with tempfile.TemporaryDirectory() as top:
            libs = Path(top, "root", "usr", "lib", "x86_64-linux-gnu")
            (libs / "dpdk" / "pmds-26.0").mkdir(parents=True)
            (libs / "pkgconfig").mkdir()
            with self.assertRaisesRegex(ValueError, "no dynamic loader at"):
                dts_files.root_run(str(Path(top, "root")))
            loader = libs / "ld-linux-x86-64.so.2"
            loader.write_text('#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n')  # says how it was asked to run
            loader.chmod(0o755)
            with self.assertRaisesRegex(ValueError, "no DPDK version in"):
                dts_files.root_run(str(Path(top, "root")))
            (libs / "pkgconfig" / "libdpdk.pc").write_text("Name: DPDK\nVersion: 25.11.4\n")
            run = dts_files.root_run(str(Path(top, "root")))
            self.assertEqual(run, dts_files.RootRun(str(loader), str(libs), str(libs / "dpdk" / "pmds-26.0"),
                                                    "25.11.4"))
            script = Path(top, "dpdk-testpmd")
            script.write_text(dts_files.testpmd_script("/r/pmdfwd", None, run))
            script.chmod(0o755)
            r = owned_process.run([str(script), "-l", "0-1", "--", "-i"], stdout=subprocess.PIPE, text=True,
                                  timeout=10)
            self.assertEqual(r.stdout.split("\n")[:-1],
                             ["--library-path", str(libs), "--argv0", str(script), "/r/pmdfwd", "-d", run.drivers,
                              "-l", "0-1", "--", "-i"])
            gated = dts_files.testpmd_script("/r/pmdfwd", ("/usr/bin/python3", "/src/python"), run)
            self.assertIn(f"prompt_gate --binary '{loader}' --tap dtap0,brs0,02:00:00:00:ee:00 --tap dtap1,", gated)
            self.assertIn(f" -- '{loader}' --library-path '{libs}' --argv0 \"$0\" '/r/pmdfwd' -d", gated)

    def test_test_run_lists_the_suites_or_none(self):
        self.assertNotIn("test_suites", dts_files.test_run_yaml("/t", []))
        self.assertTrue(dts_files.test_run_yaml("/t", ["a", "b"]).endswith("test_suites:\n  - a\n  - b\n"))

    def test_each_suite_means_the_functional_ones(self):
        with tempfile.TemporaryDirectory() as top:
            self.assertEqual(dts_runs.all_suites(fake_tree(top)), ["alpha", "beta", "hold"])


class OneRun(unittest.TestCase):
    def test_a_dts_that_hangs_after_its_end_line_is_stopped(self):
        # The stand-in says it has ended and then waits (suite "hold"), as
        # DTS does after a critical error: stopped after the grace, the
        # run's line says how it ended.
        with tempfile.TemporaryDirectory() as top:
            tree, out = fake_tree(top), Path(top, "out")
            (out / "rig").mkdir(parents=True)
            (out / "output").mkdir()
            (out / "output" / "dts.log").write_text("DTS execution has ended\n")
            (out / "summary.txt").write_text("")
            t0 = time.monotonic()
            rc = dts_runs.run_dts(tree, out / "rig", out, ["hold"], out, 60, None, grace_s=0.5, poll_s=0.1)
            self.assertLess(time.monotonic() - t0, 20)
            self.assertEqual(rc, 143)
            self.assertRegex((out / "summary.txt").read_text(), r"^DTS hold: exit 143 after \d+ s; log .*dts.log\n$")

    def test_the_runs_line_says_when_dts_typed_a_start_command_again(self):
        with tempfile.TemporaryDirectory() as top:
            out = Path(top)
            (out / "output").mkdir()
            (out / "output" / "dts.log").write_text(
                "x - INFO - Interactive shell failed to start (attempt 1 out of 5)\nDTS execution has ended\n")
            self.assertEqual(dts_runs.retries(out), "; 1 forwarder start(s) retried by DTS (answers off by one "
                                                    "prompt after it: rerun)")

    def test_cases_table(self):
        with tempfile.TemporaryDirectory() as top:
            d = Path(top, "s", "output")
            d.mkdir(parents=True)
            (d / "results.json").write_text(json.dumps({"test_suites": {
                "mtu": {"setup": {"result": "PASS"}, "test_a": {"result": "FAIL", "reason": "x" * 100}},
                "whole": {"result": "SKIP"}}}))
            lines = dts_runs.cases_table(Path(top)).splitlines()
            self.assertEqual(lines[0].split()[:3], ["mtu", "test_a", "FAIL"])
            self.assertIn(repr("x" * 80), lines[0])
            self.assertEqual(lines[1].split()[:3], ["whole", "*", "SKIP"])


def root_skip():
    if os.geteuid() != 0:
        return "needs root (namespaces, veth, mounts)"
    for tool in ("unshare", "ssh-keygen", "tcpdump", "ip"):
        if shutil.which(tool) is None:
            return f"no {tool}"
    probe = owned_process.run(["unshare", "--net", "--mount", "--pid", "--fork", "true"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=30)
    return f"unshare: {probe.stderr.decode().strip()}" if probe.returncode else None


@unittest.skipIf(root_skip(), root_skip())
class WholeRig(unittest.TestCase):
    def setUp(self):
        self.top = tempfile.mkdtemp(prefix="dts-rig-test-")
        self.addCleanup(shutil.rmtree, self.top, True)
        self.tree, self.sshd = fake_tree(self.top), fake_sshd(self.top)

    def run_rig(self, pmd, *extra):
        out = Path(self.top, pmd)
        r = rig("--dts", self.tree, "--binary", "/bin/true", "--out", out, "--sshd", self.sshd, "--pmd", pmd, *extra)
        self.assertEqual(r.returncode, 0, r.stderr)
        return out, r

    def test_af_packet_each_suite(self):
        out, r = self.run_rig("af_packet", "--suites", "alpha,beta", "--each-suite")
        seen = json.loads((out / "alpha" / "output" / "seen.json").read_text())
        for link in ("sut0", "sut1", "tg0", "tg1", "lo"):
            self.assertIn(link, seen["links"])
        self.assertNotIn("brs0", seen["links"])
        self.assertEqual(seen["run_dpdk"], ["tmpfs"], "a private /run/dpdk")
        self.assertEqual([p["businfo"] for p in seen["lshw"]][:2],
                         ["pci@net_af_packet0000:dd:00.0,iface=sut0", "pci@net_af_packet0000:dd:00.1,iface=sut1"])
        self.assertEqual(seen["sudo"], "as root")
        self.assertIn("pmdfwd_dev.rig.dts_veth", seen["init"], "the rig is the pid namespace's init")
        self.assertEqual(seen["nodes"], dts_files.nodes_yaml("af_packet"))
        self.assertIn(f"-D -f {out}/rig/sshd_config", Path(self.top, "sshd.args").read_text())
        testpmd = out / "rig" / "tree" / "build" / "app" / "dpdk-testpmd"
        self.assertEqual(os.readlink(testpmd), os.path.realpath("/bin/true"))
        summary = (out / "summary.txt").read_text().splitlines()
        self.assertRegex(summary[0], r"^DTS alpha: exit 0 after \d+ s; log .*/alpha/dts.log$")
        self.assertRegex(summary[1], r"^DTS beta: exit 0 after")
        self.assertRegex(summary[2], r"^all runs: \d+ s$")
        cases = (out / "cases.txt").read_text().splitlines()
        self.assertEqual([c.split()[:3] for c in cases], [["alpha", "test_case_a", "PASS"],
                                                          ["beta", "test_case_a", "PASS"]])
        self.assertIn("all runs:", r.stdout)
        self.assertNotEqual(owned_process.run(["ip", "link", "show", "sut0"], stdout=subprocess.PIPE,
                                              stderr=subprocess.PIPE, timeout=10).returncode, 0,
                            "the links stay in the rig's namespace")

    def test_tap_bridges_the_sut_ends(self):
        out, _ = self.run_rig("tap")
        seen = json.loads((out / "output" / "seen.json").read_text())
        for link in ("brs0", "brs1", "sut0", "tg1"):
            self.assertIn(link, seen["links"])
        self.assertEqual(seen["lshw"][0]["serial"], "02:00:00:00:dd:00")
        # DTS's testpmd is the binary behind the prompt gate, run as that path.
        testpmd = (out / "rig" / "tree" / "build" / "app" / "dpdk-testpmd").read_text()
        self.assertIn("-m pmdfwd_dev.rig.prompt_gate --binary '/usr/bin/true' --tap dtap0,brs0,", testpmd)
        self.assertTrue(testpmd.rstrip().endswith('-- "$0" "$@"'))
        self.assertNotIn("test_suites", seen["run"])

    def test_sigterm_ends_the_rig_and_its_dts(self):
        out = Path(self.top, "held")
        log = open(Path(self.top, "held.log"), "w+")
        self.addCleanup(log.close)
        p = owned_process.OwnedProcess(["sh", str(RIG), "--dts", self.tree, "--binary", "/bin/true", "--out", out,
                                        "--sshd", self.sshd, "--suites", "hold"],
                                       stdout=subprocess.DEVNULL, stderr=log, deadline=120)
        self.addCleanup(p.close)
        deadline = time.monotonic() + 60
        while not (out / "holding").exists() and time.monotonic() < deadline:
            self.assertIsNone(p.proc.poll(), Path(log.name).read_text())
            time.sleep(0.1)
        self.assertTrue((out / "holding").exists(), "the stand-in DTS never started")
        os.kill(p.pid, signal.SIGTERM)  # the rig's own pid: passed on to its init
        self.assertEqual(p.proc.wait(30), 143, Path(log.name).read_text())
        with open(out / "hold.lock", "w") as lock:
            deadline = time.monotonic() + 10
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    self.assertLess(time.monotonic(), deadline, "its DTS outlived the rig")
                    time.sleep(0.1)


if __name__ == "__main__":
    unittest.main()
