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

Up to 24.11 testpmd walks the headers itself (its parse_vxlan, parse_gre,
...); from 25.03 on it asks rte_net_get_ptype (default ports only, so that
--vxlan-gpe-port and --geneve-parsed-port change nothing), and so does
pmdfwd built on that DPDK: the same comparison holds on both.

`tso set` and `tunnel_tso set` on net_pcap, which has no segmentation
offload: testpmd keeps the size it refuses, then 22.11 marks long TCP for
the NIC and leaves both its checksums as they came, and 23.11 on leaves
only the IPv4 one to the NIC and checksums TCP itself (UFO: UDP only
where the port has UDP TSO).

Run: PMDFWD_BIN=build/pmdfwd /usr/bin/python3 tests/e2e/test_csum_tunnel_vs_testpmd.py
"""
import unittest

import frames  # noqa: E402
import rig  # noqa: E402
import vs_testpmd  # noqa: E402
import test_hostile_vs_testpmd as hostile  # noqa: E402

# testpmd 25.03 on parses with rte_net_get_ptype: DPDK's default ports.
BY_PTYPE = rig.dpdk_version() >= (25, 3)
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
class TunnelsAgainstTestpmd(TunnelComparison):
    sent = frames.tunnels() + frames.cut_tunnels() + frames.long_l4()

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
            "tso": [*loop, command_file(cls.tmp, "tso", [
                "port stop 0", "tso set 100 0", "tunnel_tso set 100 0",
                "csum parse-tunnel on 0", "port start 0"])],
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
        # Those of the default ports are no tunnels now, those of 4000 and
        # 4001 are; with rte_net_get_ptype, nothing moves.
        want = [] if BY_PTYPE else [
            f.name for f in self.sent if not f.malformed and "NSH" not in f.name
            and f.name.startswith(("GENEVE", "VXLAN-GPE"))]
        self.assertEqual(moved, want)

    def test_segment_sizes_without_the_offload(self):
        ours, theirs = self.both("tso")
        self.check("tso", self.sent, ours[0], theirs[0])


@unittest.skipUnless(vs_testpmd.TESTPMD, "dpdk-testpmd is not installed")
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
        self.assertGreaterEqual(len(differ), 20, differ)


if __name__ == "__main__":
    unittest.main()
