"""Issue 35: the csum engine's tunnel parsing (`csum parse-tunnel on`),
`csum mac-swap off`, --vxlan-gpe-port and --geneve-parsed-port against
/usr/bin/dpdk-testpmd on the same net_pcap input: VXLAN, VXLAN-GPE, GENEVE,
GTP, GRE and IP-in-IP frames (frames.tunnels(): IPv4 and IPv6 inner and
outer, a VLAN outer, every checksum wrong) come out byte for byte as
testpmd's, and so do frames cut inside their tunnel headers
(frames.cut_tunnels()) except where pmdfwd leaves a byte testpmd computes
from bytes past the frame's end (the user guide's "Malformed frames").
testpmd keys both settings on the TX port: with two ports paired, only what
leaves by the port named is parsed.

The parsing is testpmd's up to 24.11 (its parse_vxlan, parse_gre, ...).
testpmd 25.11 parses with rte_net_get_ptype instead (other ports, and
--vxlan-gpe-port and --geneve-parsed-port read but unused): not compared
there.

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_csum_tunnel_vs_testpmd.py
"""
import unittest

import frames  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402
import test_hostile_vs_testpmd as hostile  # noqa: E402

# testpmd 25.11's csumonly parses tunnels with rte_net_get_ptype.
PARSED_AS_PMDFWD = rig.dpdk_version() < (25, 11)
COMMON = ["--forward-mode=csum", "--no-flush-rx", "--total-num-mbufs=8192"]
MAC_BYTES = 12


def command_file(tmp, name, lines):
    path = tmp / f"{name}.cmd"
    path.write_text("".join(line + "\n" for line in lines))
    return f"--cmdline-file={path}"


class TunnelComparison(vs_testpmd.Comparison):
    """Both forwarders' frames of a case, after their exit status and port
    counters."""

    nb_ports = 1

    def both(self, case):
        ours, theirs = self.results[(case, "pmdfwd")], self.results[(case, "testpmd")]
        for name, res in (("pmdfwd", ours), ("testpmd", theirs)):
            self.assertEqual(res.rc, 0, f"{name} {case}:\n{res.text}")
        self.assertEqual(rig.port_fwd_stats(ours.text), rig.port_fwd_stats(theirs.text),
                         f"{case}: port counters\n{ours.text}\n{theirs.text}")
        return ours.frames(self.nb_ports), theirs.frames(self.nb_ports)

    # The hostile comparison's rule for malformed frames.
    assertDocumentedDifference = hostile.HostileFramesAgainstTestpmd.assertDocumentedDifference

    def check(self, case, sent, ours, theirs):
        self.assertEqual(len(ours), len(sent), case)
        self.assertEqual(len(theirs), len(sent), case)
        for frame, a, b in zip(sent, ours, theirs):
            with self.subTest(case=case, frame=frame.name):
                what = f"{case}: {frame.name} ({len(frame.data)} B)"
                if frame.malformed:
                    self.assertDocumentedDifference(frame, a, b, what)
                else:
                    self.assertFramesEqual([a], [b], what)


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
@unittest.skipUnless(PARSED_AS_PMDFWD, "testpmd 25.11 parses tunnels with rte_net_get_ptype")
class TunnelsAgainstTestpmd(TunnelComparison):
    sent = frames.tunnels() + frames.cut_tunnels()

    @classmethod
    def port_frames(cls):
        return [[f.data for f in cls.sent]]

    @classmethod
    def cases(cls):
        loop = [*COMMON, "--port-topology=loop"]
        parse = command_file(cls.tmp, "parse", ["csum parse-tunnel on 0"])
        keep = command_file(cls.tmp, "keep", ["csum parse-tunnel on 0", "csum mac-swap off 0"])
        return {
            "plain": loop,
            "parse": [*loop, parse],
            "keep-macs": [*loop, keep],
            "ports": [*loop, parse, "--geneve-parsed-port=4000", "--vxlan-gpe-port=4001"],
        }

    def test_not_parsed_by_default(self):
        ours, theirs = self.both("plain")
        self.check("plain", self.sent, ours[0], theirs[0])

    def test_parsed(self):
        ours, theirs = self.both("parse")
        self.check("parse", self.sent, ours[0], theirs[0])
        plain, _ = self.both("plain")
        inner = [i for i, f in enumerate(self.sent) if not f.malformed and ours[0][i] != plain[0][i]]
        self.assertGreater(len(inner), 20, "parsing changed the inner checksums")

    def test_mac_swap_off_keeps_the_macs(self):
        ours, theirs = self.both("keep-macs")
        self.check("keep-macs", self.sent, ours[0], theirs[0])
        for frame, out in zip(self.sent, ours[0]):
            self.assertEqual(out[:MAC_BYTES], frame.data[:MAC_BYTES], frame.name)

    def test_tunnel_ports(self):
        ours, theirs = self.both("ports")
        self.check("ports", self.sent, ours[0], theirs[0])
        parsed, _ = self.both("parse")
        moved = [f.name for f, a, b in zip(self.sent, ours[0], parsed[0]) if a != b]
        # Those of the default ports are no tunnels now, those of 4000 and 4001 are.
        want = [f.name for f in self.sent if not f.malformed and "NSH" not in f.name
                and f.name.startswith(("GENEVE", "VXLAN-GPE"))]
        self.assertEqual(moved, want)


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
@unittest.skipUnless(PARSED_AS_PMDFWD, "testpmd 25.11 parses tunnels with rte_net_get_ptype")
class TunnelParsingIsTheTxPorts(TunnelComparison):
    nb_ports = 2
    sent = frames.tunnels()

    @classmethod
    def port_frames(cls):
        return [[f.data for f in cls.sent]] * 2

    @classmethod
    def cases(cls):
        return {"paired": [*COMMON, "--port-topology=paired",
                           command_file(cls.tmp, "tx1", ["csum parse-tunnel on 1"])]}

    def test_only_what_leaves_by_port_1_is_parsed(self):
        ours, theirs = self.both("paired")
        for p in range(2):
            self.check(f"paired port {p}", self.sent, ours[p], theirs[p])
        # The same frames, parsed on their way out of port 1 only.
        differ = [f.name for f, a, b in zip(self.sent, ours[0], ours[1]) if a[12:] != b[12:]]
        self.assertGreater(len(differ), 20, differ)


if __name__ == "__main__":
    unittest.main()
