"""The command lines DPDK's own harnesses give dpdk-testpmd, run verbatim on
pmdfwd (virtual devices instead of PCI), and what they rely on: FD.io
CSIT's (DpdkUtil.get_testpmd_pmd_options, old and new), DTS's
nic_single_core_perf line with the --mask-event=intr_lsc DTS always adds;
each must start and forward on every port. Then testpmd's NIC defaults as
the port reports them through DPDK telemetry (RSS over the queues with the
IP hash, the MTU --max-pkt-len sets), compared with dpdk-testpmd on the same
rig when it is installed; forwarding port and lcore selection; event
printing; refused offloads; --display-xstats; --disable-device-start.

Run: PMDFWD_BIN=build/pmdfwd PYTHONPATH=python /usr/bin/python3 tests/e2e/test_harness_lines.py
"""
import re
import shutil
import tempfile
import time
import unittest
from pathlib import Path


import rig  # noqa: E402
import shell as shells  # noqa: E402
from pmdfwd_dev.telemetry import Telemetry  # noqa: E402

NULL2 = ["--vdev", "net_null0", "--vdev", "net_null1"]
RING2 = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
TESTPMD = shutil.which("dpdk-testpmd")
# testpmd's default hash (RTE_ETH_RSS_IP), and --rss-udp's (RTE_ETH_RSS_UDP:
# non-fragmented IPv4/IPv6 UDP and IPv6-ex UDP), all of which net_null offers.
RSS_IP = 0xA38C
RSS_UDP = 0x20820


def fwd_ports(out):
    """{port: (rx, tx)} of the final "Forward statistics for port" blocks."""
    return {p: (s["rx"], s["tx"]) for p, s in rig.port_fwd_stats(out).items()}


def show_port_stats(out):
    """{port: (rx, tx)} of the last `show port stats` blocks."""
    stats = {}
    for m in re.finditer(r"NIC statistics for port (\d+)\s+#+\n\s+RX-packets: (\d+).*?"
                         r"TX-packets: (\d+)", out, re.S):
        stats[int(m[1])] = (int(m[2]), int(m[3]))
    return stats


class Harness(unittest.TestCase):
    def launch(self, binary, eal, app, *, memory=tuple(rig.NO_HUGE)):
        """Starts binary with EAL arguments of its own (two lcores, no PCI,
        a unique prefix); the test owns its process group."""
        prefix = rig.unique_prefix()
        args = [binary, "-l", "0-1", "--no-pci", *memory, "--file-prefix", prefix, *eal, "--",
                *app]
        return shells.start(self, args, prefix=prefix)

    def pmdfwd(self, eal, app, **kw):
        return self.launch(rig.pmdfwd_bin(), eal, app, **kw)

    def batch(self, eal, app, *, rc=0, **kw):
        run = self.pmdfwd(eal, app, **kw).finish()
        self.assertEqual(run.rc, rc, run.describe())
        return run

    def assertForwardsOnEveryPort(self, run, ports=(0, 1)):
        stats = fwd_ports(run.out)
        self.assertEqual(sorted(stats), list(ports), run.describe())
        for p in ports:
            rx, tx = stats[p]
            self.assertGreater(rx, 0, f"port {p} received nothing\n{run.describe()}")
            self.assertGreater(tx, 0, f"port {p} sent nothing\n{run.describe()}")


class HarnessCommandLines(Harness):
    def test_csit(self):
        # CSIT's pool: 32768 mbufs of 16 KiB, so this one runs on hugepages.
        run = self.batch(NULL2, [
            "--forward-mode=io", "--nb-ports=2", "--portmask=0x3", "--max-pkt-len=1518",
            "--mbuf-size=16384", "--total-num-mbufs=32768", "--rxq=1", "--txq=1",
            "--nb-cores=1", "--auto-start", "--numa", "--run-time=1.5"],
            memory=("--in-memory",))
        self.assertIn("create a new mbuf pool <mb_pool_0>: n=32768, size=16384", run.out)
        self.assertForwardsOnEveryPort(run)

    def test_csit_older(self):
        run = self.batch(NULL2, [
            "--forward-mode=io", "--burst=64", "--txd=1024", "--rxd=1024", "--txq=2", "--rxq=2",
            "--tx-offloads=0x0", "--numa", "--auto-start", "--total-num-mbufs=16384",
            "--nb-ports=2", "--portmask=0x3", "--disable-link-check", "--no-lsc-interrupt",
            "--eth-peer=0,02:00:00:00:00:10", "--eth-peer=1,02:00:00:00:00:11",
            "--max-pkt-len=1518", "--mbuf-size=2176", "--nb-cores=1", "--run-time=1.5"])
        self.assertNotIn("Checking link statuses", run.out, "--disable-link-check")
        self.assertIn("peer=02:00:00:00:00:11", run.out)
        self.assertForwardsOnEveryPort(run)

    def test_dts_nic_single_core_perf(self):
        # DTS's line (-n 4 is EAL's), interactive, with DTS's own additions.
        p = self.pmdfwd(["-n", "4", *NULL2], [
            "-i", "--portmask=0x3", "--rxq=2", "--txq=2", "--txd=512", "--rxd=512",
            "--nb-cores=1", "--port-topology=paired", "--mask-event=intr_lsc"])
        p.write_line("start", pause=1.0)
        p.write_line("show port stats all")
        p.write_line("stop")
        p.write_line("quit")
        run = p.finish()
        self.assertEqual(run.rc, 0, run.describe())
        self.assertForwardsOnEveryPort(run)
        for port, (rx, tx) in show_port_stats(run.out).items():
            self.assertGreater(rx, 0, f"port {port}\n{run.out}")

    def test_getopt_abbreviations_as_testpmd(self):
        run = self.batch(NULL2, ["--forward=io", "--stats", "1", "--run=1.5", "--nb-c=1"])
        self.assertIn("Port statistics ====", run.out)
        self.assertForwardsOnEveryPort(run)
        bad = self.batch(NULL2, ["--rss"], rc=2)
        self.assertIn("option '--rss' is ambiguous; possibilities: '--rss-ip' '--rss-udp'",
                      bad.out)


class NicDefaults(Harness):
    """What a port reports through DPDK telemetry (/ethdev/info) while the
    forwarder runs."""

    def port_info(self, binary, app, eal=NULL2, **kw):
        p = self.launch(binary, eal, app, **kw)
        with Telemetry(p.prefix) as t:
            deadline = time.monotonic() + 30
            while True:
                infos = [t.query(f"/ethdev/info,{port}") for port in (0, 1)]
                if all(i and i.get("dev_started") for i in infos):
                    break
                self.assertLess(time.monotonic(), deadline, f"ports never started: {infos}")
                time.sleep(0.1)
        # DPDK 24.11 and later report bit masks as hex strings, 22.11 as numbers.
        for info in infos:
            for key, value in info.items():
                if isinstance(value, str) and value.startswith("0x"):
                    info[key] = int(value, 16)
        return p, infos

    def pmdfwd_info(self, app):
        p, infos = self.port_info(rig.pmdfwd_bin(), [*app, "--run-time=30"])
        p.close()
        return infos

    def test_rss_over_all_queues_with_testpmds_ip_hash(self):
        for info in self.pmdfwd_info(["--rxq=2", "--txq=2"]):
            self.assertEqual(info["nb_rx_queues"], 2, info)
            self.assertEqual(info["ethdev_rss_hf"], RSS_IP, info)
        for app, want in ((["--rxq=1"], 0), (["--rxq=2", "--txq=2", "--disable-rss"], 0),
                          (["--rxq=2", "--txq=2", "--rss-udp"], RSS_UDP)):
            with self.subTest(app=app):
                for info in self.pmdfwd_info(app):
                    self.assertEqual(info["ethdev_rss_hf"], want, info)

    def test_max_pkt_len_sets_the_mtu(self):
        for info in self.pmdfwd_info(["--max-pkt-len=9018"]):
            self.assertEqual(info["mtu"], 9000, info)

    @unittest.skipUnless(TESTPMD, "dpdk-testpmd is not installed")
    def test_same_port_configuration_as_dpdk_testpmd(self):
        app = ["--rxq=2", "--txq=2", "--max-pkt-len=1518"]
        ours = self.pmdfwd_info(app)
        # testpmd's pools are sized for RTE_MAX_ETHPORTS ports: hugepages.
        p, theirs = self.port_info(TESTPMD, [*app, "-i"], memory=("--in-memory",))
        p.close()
        keys = ("nb_rx_queues", "nb_tx_queues", "mtu", "ethdev_rss_hf", "rx_offloads",
                "tx_offloads", "promiscuous", "dev_started")
        for o, t in zip(ours, theirs):
            self.assertEqual({k: o[k] for k in keys}, {k: t[k] for k in keys})


class PortsAndLcores(Harness):
    def test_portmask_selects_the_forwarding_ports(self):
        eal = [*NULL2, "--vdev", "net_null2"]
        run = self.batch(eal, ["--portmask=0x5", "--run-time=1.5"])
        self.assertForwardsOnEveryPort(run, ports=(0, 2))
        self.assertIn("RX P=0/Q=0 (socket 0) -> TX P=2/Q=0", run.out)

    def test_portlist_and_nb_ports_pair_an_odd_port_with_itself(self):
        eal = [*NULL2, "--vdev", "net_null2"]
        run = self.batch(eal, ["--portlist=2,0,1", "--nb-ports=3", "--run-time=1.5"])
        self.assertIn("Warning! port-topology=paired and odd forward ports number, the last "
                      "port will pair with itself.", run.out)
        self.assertIn("RX P=2/Q=0 (socket 0) -> TX P=0/Q=0", run.out)
        self.assertIn("RX P=1/Q=0 (socket 0) -> TX P=1/Q=0", run.out)
        self.assertForwardsOnEveryPort(run, ports=(0, 1, 2))

    def test_port_selection_errors(self):
        run = self.batch(NULL2, ["--portmask=0xc"], rc=1)
        self.assertIn("no forwarding port", run.out)
        run = self.batch(NULL2, ["--nb-ports=3"], rc=1)
        self.assertIn("--nb-ports=3 but there are 2 forwarding port(s) (allowed: 1..2)", run.out)

    def test_coremask(self):
        run = self.batch(NULL2, ["--coremask=0x2", "--run-time=1"])
        self.assertIn("Logical Core 1 (socket 0) forwards packets", run.out)
        run = self.batch(NULL2, ["--coremask=0x1"], rc=1)
        self.assertIn("lcore 0 cannot be masked on for running packet forwarding, which is the "
                      "main lcore", run.out)
        run = self.batch(NULL2, ["--coremask=0x4"], rc=1)
        self.assertIn("--coremask: lcore 2 not enabled", run.out)

    def test_numa_placement_on_the_sockets_there_are(self):
        run = self.batch(NULL2, ["--port-numa-config=(0,0),(1,0)", "--ring-numa-config=(1,3,0)",
                                 "--run-time=1"])
        self.assertForwardsOnEveryPort(run)
        run = self.batch(NULL2, ["--no-numa", "--socket-num=0", "--run-time=1"])
        self.assertIn("NUMA support disabled", run.out)
        self.assertForwardsOnEveryPort(run)
        run = self.batch(NULL2, ["--port-numa-config=(1,7)"], rc=1)
        self.assertIn("names socket 7, which EAL does not have (allowed: 0)", run.out)
        run = self.batch(NULL2, ["--port-numa-config=(5,0)"], rc=1)
        self.assertIn("names port 5, which does not exist", run.out)


class PortsAndEvents(Harness):
    def test_offloads_the_pmd_lacks_are_refused_by_name(self):
        run = self.batch(RING2, ["--tx-offloads=0x2"], rc=1)
        self.assertIn("port 0: TX offloads 0x2 (IPV4_CKSUM) are not offered by net_ring "
                      "(it offers 0x8000 (MULTI_SEGS)", run.out)
        run = self.batch(RING2, ["--enable-rx-cksum"], rc=1)
        self.assertIn("RX offloads 0xe (IPV4_CKSUM UDP_CKSUM TCP_CKSUM)", run.out)
        # What net_ring offers is taken.
        self.batch(RING2, ["--enable-scatter", "--tx-offloads=0x8000", "--run-time=1"])

    def test_events_printed_as_asked(self):
        run = self.batch(NULL2, ["--print-event=dev_released", "--run-time=1"])
        self.assertIn("Port 0: device released event", run.out)
        self.assertIn("Port 1: device released event", run.out)
        run = self.batch(NULL2, ["--run-time=1"])
        self.assertNotIn("device released event", run.out, "not in testpmd's default mask")
        run = self.batch(NULL2, ["--print-event=all", "--mask-event=dev_released",
                                 "--run-time=1"])
        self.assertNotIn("device released event", run.out)

    def test_buffer_split_needs_its_offload(self):
        run = self.batch(NULL2, ["--mbuf-size=2176,256", "--rxpkts=64,0", "--run-time=1"])
        self.assertIn("create a new mbuf pool <mb_pool_0_1>: n=", run.out)
        self.assertIn("--rxpkts splits received packets only with the buffer_split RX offload "
                      "(--rx-offloads=0x100000)", run.out)
        run = self.batch(NULL2, ["--rxpkts=64,0", "--rx-offloads=0x100000"], rc=1)
        self.assertIn("RX offloads 0x100000 (BUFFER_SPLIT) are not offered by net_null", run.out)

    def test_link_check(self):
        # testpmd prints each link only without LSC interrupts (its default
        # has them: the header and Done alone).
        run = self.batch(NULL2, ["--run-time=1"])
        self.assertRegex(run.out, r"Checking link statuses...\nDone\n")
        run = self.batch(NULL2, ["--no-lsc-interrupt", "--run-time=1"])
        self.assertRegex(run.out, r"Checking link statuses...\nPort 0 Link up at .*\n"
                                  r"Port 1 Link up at .*\nDone\n")

    def test_display_xstats(self):
        run = self.batch(NULL2, ["--display-xstats=rx_good_packets,nosuch,tx_good_packets",
                                 "--stats-period=1", "--run-time=2.5"])
        self.assertIn("No xstat 'nosuch' on port 0 - skip it 1", run.out)
        m = re.search(r"\s+Value\s+Rate \(since last show\)\n"
                      r"  rx_good_packets\s+(\d+)\s+(\d+)\n  tx_good_packets\s+(\d+)\s+(\d+)\n",
                      run.out)
        self.assertIsNotNone(m, run.out)
        self.assertGreater(int(m[1]), 0, run.out)

    def test_disable_device_start(self):
        run = self.batch(RING2, ["--disable-device-start"], rc=1)
        self.assertIn("Not all ports were started", run.out)
        self.assertNotIn("Checking link statuses", run.out)
        # Stopped ports take `csum set`; net_ring computes no checksum.
        p = self.pmdfwd(RING2, ["-i", "--disable-device-start"])
        p.write_line("start")
        p.write_line("csum set ip hw 0")
        p.write_line("csum set udp sw 0")
        p.write_line("quit")
        run = p.finish()
        self.assertEqual(run.rc, 0, run.describe())
        self.assertIn("Not all ports were started", run.out)
        self.assertIn("IP checksum offload is not supported by port 0\nParse tunnel is off\n"
                      "IP checksum offload is sw\n", run.out)
        self.assertIn("UDP checksum offload is sw\n", run.out)


class GeneratorOptions(Harness):
    """testpmd's generator options reach the txonly and flowgen engines."""

    def generate(self, app):
        tmp = Path(tempfile.mkdtemp(prefix="pmdfwd-gen-"))
        self.addCleanup(shutil.rmtree, tmp, True)
        rig.write_pcap(tmp / "none.pcap", [])
        vdevs, tx0, _ = rig.pcap_vdevs(tmp, tmp / "none.pcap", tmp / "none.pcap")
        # One port, one queue: the frames of one stream, in order.
        vdevs = vdevs[:2]
        self.batch(vdevs, [*app, "--port-topology=loop", "--run-time=0.5"])
        return rig.read_pcap(tx0, limit=64)

    def test_tx_ip_and_tx_udp(self):
        frames = self.generate(["--forward-mode=txonly", "--tx-ip=10.1.2.3,10.4.5.6",
                                "--tx-udp=1000,2000"])
        self.assertGreater(len(frames), 32)
        for f in frames[:64]:
            self.assertEqual(f[26:30] + f[30:34], bytes([10, 1, 2, 3, 10, 4, 5, 6]))
            self.assertEqual(f[34:38], (1000).to_bytes(2, "big") + (2000).to_bytes(2, "big"))

    def test_txonly_multi_flow(self):
        frames = self.generate(["--forward-mode=txonly", "--txonly-multi-flow"])
        sources = {f[26:30] for f in frames[:64]}
        self.assertGreater(len(sources), 32, "one source per packet, 256 in turn")
        # testpmd's formula: 198.18.0.2 | ip_var << 8, plus the lcore (1).
        self.assertTrue(all(s[:2] == bytes([198, 18]) and s[3] == 3 for s in sources), sources)

    def test_flowgen_clones(self):
        frames = self.generate(["--forward-mode=flowgen", "--flowgen-clones=3"])
        self.assertGreater(len(frames), 32)
        for i in range(0, 32, 4):
            self.assertEqual(len(set(frames[i:i + 4])), 1, f"group {i // 4}")
        self.assertNotEqual(frames[0], frames[4])

    def test_bad_generator_values(self):
        run = self.batch(NULL2, ["--tx-ip=10.0.0.1"], rc=2)
        self.assertIn("--txonly-ip: txonly ip '10.0.0.1' is not SRC,DST IPv4 addresses", run.out)
        run = self.batch(NULL2, ["--flowgen-clones=600"], rc=2)
        self.assertIn("allowed: 0..511", run.out)


if __name__ == "__main__":
    unittest.main()
