"""macswap's lean mode on the wire (issue 19): the same pcap corpus through
every usable kernel, --macswap-fields=lean and exact, on net_pcap; every
output frame must be identical between the modes and to what macswap makes
of the input. Lean only leaves mbuf fields the wire never sees (l2_len,
l3_len) as they came. The default stays exact.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_macswap_lean.py
"""
import re
import unittest


import forwarder  # noqa: E402
import frames as fr  # noqa: E402
import rig  # noqa: E402
from test_pcap_forward import PcapRig  # noqa: E402


class MacswapLeanTest(PcapRig):
    def test_bad_mode_says_what_is_allowed(self):
        vdevs, _, _ = rig.pcap_vdevs(self.tmp, self.tmp / "empty.pcap", self.tmp / "empty.pcap")
        run = forwarder.run_pmdfwd(vdevs, ["--run-time=1", "--forward-mode=macswap",
                                           "--macswap-fields=thin"], cwd=self.tmp)
        self.assertNotEqual(run.rc, 0, run.describe())
        self.assertIn("unknown macswap fields mode 'thin' (allowed: exact, lean)", run.out)

    def test_default_is_exact_and_lean_sends_the_same_frames_with_every_kernel(self):
        run, _, _ = self.forward(["--forward-mode=macswap", "--no-flush-rx"],
                                 rx0=self.tmp / "empty.pcap", rx1=self.tmp / "empty.pcap")
        self.assertIn("fields: exact", run.out, "the default")
        kernels = re.findall(r"^\s+(\S+)\s+usable$", run.out.split("kernels (best first):", 1)[1],
                             re.M)
        self.assertIn("scalar", kernels, run.out)
        want1 = [fr.swapped(f) for f in self.in0]
        want0 = [fr.swapped(f) for f in self.in1]
        for kernel in kernels:
            outs = {}
            for mode in ("exact", "lean"):
                with self.subTest(kernel=kernel, mode=mode):
                    run, out0, out1 = self.forward(
                        ["--forward-mode=macswap", "--no-flush-rx", "--macswap-kernel=" + kernel,
                         "--macswap-fields=" + mode])
                    self.assertIn(f"fields: {mode}", run.out)
                    self.assertFramesEqual(out1, want1, f"{kernel} {mode} port 0 -> 1")
                    self.assertFramesEqual(out0, want0, f"{kernel} {mode} port 1 -> 0")
                    self.assertCounters(run, fr.runts(self.in0), fr.runts(self.in1))
                    outs[mode] = (out0, out1)
            self.assertEqual(outs.get("lean"), outs.get("exact"), kernel)


if __name__ == "__main__":
    unittest.main()
