"""pmdfwd driven as DPDK's DTS drives dpdk-testpmd: started through the
build directory's app/dpdk-testpmd on a pseudo-terminal, commands sent with
DTS's extra newline, answers read up to the "testpmd>" line. The command
sequences are those of DTS's TestPmd class (dts/api/testpmd); the answers are
read back with regular expressions equivalent to its parsers (written here)
and compared in shape (line structure and labels, numbers masked) with
Debian's dpdk-testpmd 22.11 on the same net_ring rig, recorded in
data/testpmd_dts_ring.json (re-record: this file --record, needs
dpdk-testpmd); built against another DPDK, with that DPDK's dpdk-testpmd,
run on the spot. The terminal test checks the bytes a harness sees: prompts,
the echo, one \\r\\n per output line.

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_testpmd_shell.py
"""
import json
import os
import re
import shutil
import sys
import time
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent

import rig  # noqa: E402
import shell as shells  # noqa: E402

REFERENCE = HERE / "data" / "testpmd_dts_ring.json"
RING2 = ["--vdev", "net_ring0", "--vdev", "net_ring1"]
# DTS's own arguments after "--" (TestPmdParams defaults).
DTS_APP = ["-i", "--port-topology=paired", "--mask-event=intr_lsc"]

# (command, skip_first_line) as DTS's TestPmd methods send them, in an order
# that keeps the rig usable to the end.
SEQUENCE = [
    ("show port info all", False),
    ("show port info 0", True),
    ("show port info 9", True),
    ("show port stats all", False),
    ("show port stats 0", True),
    ("show port stats 9", True),
    ("show device info all", False),
    ("show port 0 rx_offload capabilities", False),
    ("show port 0 tx_offload capabilities", False),
    ("show port 0 rx_offload configuration", False),
    ("show port 0 tx_offload configuration", False),
    ("show rxq info 0 0", False),
    ("show txq info 0 0", False),
    ("show port 0 flow_ctrl", False),
    ("show port summary all", False),
    ("set verbose 2", False),
    ("set verbose 0", False),
    ("set fwd mac", False),
    ("set promisc 0 off", False),
    ("set promisc 0 on", False),
    ("set allmulti all off", False),
    ("clear port stats all", False),
    ("clear port stats 0", False),
    ("mac_addr add 0 02:00:00:00:00:42", False),
    ("mac_addr set 0 02:00:00:00:00:43", True),
    ("mcast_addr add 0 01:00:5E:00:00:00", False),
    ("mcast_addr remove 0 01:00:5E:00:00:00", False),
    ("set flow_ctrl rx off tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg off 0", True),
    ("port config 0 rss reta (0,0)", False),
    ("port config all rss ip", False),
    ("port config 0 rss-hash-key ipv4 " + "00" * 40, True),
    ("show port 0 rss-hash", False),
    ("rx_vxlan_port add 4789 0", False),
    ("tx_vlan set 0 100", False),
    ("port stop all", False),
    ("vlan set strip off 0", False),
    ("vlan set filter off 0", False),
    ("vlan set qinq_strip off 0", False),
    ("rx_vlan add 100 0", False),
    ("tx_vlan reset 0", False),
    ("port config mtu 0 1500", False),
    ("port 0 rxq 0 deferred_start on", False),
    ("port 0 rxq 0 deferred_start off", False),
    ("port config 0 tx_offload mbuf_fast_free on", False),
    ("port config 0 tx_offload mbuf_fast_free off", False),
    ("port 0 txq 0 tx_offload mbuf_fast_free on", False),
    ("port 0 txq 0 tx_offload mbuf_fast_free off", False),
    ("port config 0 rxq 0 ring_size 512", False),
    ("port 0 rxq 0 setup", False),
    ("port config all rxq 2", False),
    ("port config all txq 2", False),
    ("port start all", False),
    ("show port info 0", True),
    ("port 0 rxq 0 stop", False),
    ("port 0 rxq 0 start", False),
    ("set portlist 1,0", False),
    ("set portlist 9", False),
    ("set nbport 2", False),
    ("show config cores", False),
    ("start", False),
    ("start", False),
    ("stop", False),
    ("stop", False),
    ("port stop all", False),
    ("port close all", False),
]

# Lines whose numbers differ by nature (rates, counters, addresses of memory).
_NUMBER = re.compile(r"\d+")


# DPDK 23.11 and later prefix a library's log lines with its log type
# ("ETHDEV: "); the reference was recorded on 22.11, which does not.
_LOG_TYPE = re.compile(r"^ETHDEV: ")


def shape(text):
    """Line structure and labels: carriage returns and log-type prefixes
    dropped, numbers masked."""
    return [_NUMBER.sub("#", _LOG_TYPE.sub("", line.rstrip("\r"))) for line in text.split("\n")]


def build_dir():
    return Path(os.environ.get("PMDFWD_BUILD_DIR", HERE.parent.parent / "build")).resolve()


def start_shell(binary, app=DTS_APP, prompt="testpmd>"):
    prefix = rig.unique_prefix()
    # Hugepages without files (--in-memory): testpmd's default pool is ~340 MB.
    argv = [str(binary), "-l", "0-1", "--no-pci", "--in-memory", "--file-prefix",
            prefix, *RING2, "--", *app]
    return shells.terminal(None, argv, prefix=prefix, prompt=prompt)


def run_sequence(shell):
    return {f"{i:02d} {cmd}": shell.send(cmd, skip_first_line=skip)
            for i, (cmd, skip) in enumerate(SEQUENCE)}


def reference():
    """testpmd's answers: the 22.11 recording on 22.11; on another DPDK, that
    DPDK's own dpdk-testpmd run now (its texts differ: show port info)."""
    if rig.dpdk_version() == (22, 11):
        return json.loads(REFERENCE.read_text())
    binary = shutil.which("dpdk-testpmd")
    if not binary:
        raise unittest.SkipTest(f"no dpdk-testpmd of DPDK {rig.dpdk_version()} to compare with")
    return record_from(binary)


def record_from(binary):
    shell = start_shell(binary)
    try:
        out = run_sequence(shell)
        shell.send_quit()
    finally:
        shell.close()
    return out


class DtsSequences(unittest.TestCase):
    """What DTS's TestPmd methods parse, from pmdfwd's answers."""

    @classmethod
    def setUpClass(cls):
        cls.shell = start_shell(build_dir() / "app" / "dpdk-testpmd")
        try:
            cls.out = run_sequence(cls.shell)
            cls.bye = cls.shell.send_quit()
        finally:
            cls.shell.close()

    def answer(self, cmd, nth=0):
        hits = [v for k, v in self.out.items() if k[3:] == cmd]
        return hits[nth]

    def test_port_info_blocks(self):
        # TestPmd.show_port_info_all: blocks from the 21 stars to a blank line.
        out = self.answer("show port info all")
        blocks = re.findall(r"\*{21}.*?[\r\n]{4}", out + "\r\n", re.S)
        self.assertEqual(len(blocks), 2, out)
        for i, b in enumerate(blocks):
            self.assertEqual(re.search(r"Infos for port (\d+)\b", b)[1], str(i))
            self.assertIn("Link status: up", b)
            self.assertEqual(re.search(r"Driver name: ([^\r\n]+)", b)[1], "net_ring")
            self.assertEqual(re.search(r"MTU: (\d+)", b)[1], "1500")
            self.assertRegex(b, r"Device capabilities: (0x[A-Fa-f\d]+)")
        self.assertTrue(self.answer("show port info 9").startswith("Invalid port"))
        self.assertIn("Current number of RX queues: 2", self.answer("show port info 0", 1))

    def test_port_stats_blocks(self):
        # TestPmd.show_port_stats_all's block regex, on CRLF lines.
        out = self.answer("show port stats all")
        blocks = re.findall(r"(^  #*.+#*$[^#]+)^  #*\r$", out, re.M)
        self.assertEqual(len(blocks), 2, repr(out))
        for b in blocks:
            for label in ("RX-packets", "RX-missed", "RX-bytes", "RX-errors", "RX-nombuf",
                          "TX-packets", "TX-errors", "TX-bytes", "Rx-pps", "Rx-bps", "Tx-pps",
                          "Tx-bps"):
                self.assertRegex(b, label + r":\s+(\d+)")
        self.assertTrue(self.answer("show port stats 9").startswith("Invalid port"))

    def test_devices_and_capabilities(self):
        devices = [ln for ln in self.answer("show device info all").split("\n")
                   if "device name:" in ln.lower()]
        self.assertEqual([d.strip().split(": ")[1].strip() for d in devices],
                         ["net_ring0", "net_ring1"])
        caps = self.answer("show port 0 rx_offload capabilities")
        self.assertEqual(re.search(r"Offloading Capabilities of port (\d+) :", caps)[1], "0")
        self.assertEqual(re.search(r"Port[\s\[\]\d]+:(.*)$", caps, re.M)[1].split(), ["SCATTER"])
        conf = self.answer("show port 0 tx_offload configuration")
        self.assertIn("Tx Offloading Configuration of port 0", conf)
        self.assertEqual(len(re.findall(r"Queue[\s\[\]\d]+:(.*)$", conf, re.M)), 1)

    def test_forwarding_and_ports(self):
        self.assertNotIn("Packet forwarding already started", self.answer("start", 0))
        self.assertIn("Packet forwarding already started", self.answer("start", 1))
        self.assertIn("Done.", self.answer("stop", 0))
        self.assertIn("Packet forwarding not started", self.answer("stop", 1))
        for cmd in ("port stop all", "port start all"):
            self.assertTrue(self.answer(cmd).strip().endswith("Done"), self.answer(cmd))
        closed = self.answer("port close all")
        self.assertIn("Port 0 is closed", closed)
        self.assertIn("Port 1 is closed", closed)
        self.assertIn("Change verbose level from 0 to 2", self.answer("set verbose 2"))
        self.assertIn("Set mac packet forwarding mode", self.answer("set fwd mac"))
        self.assertIn("NIC statistics for port 0 cleared", self.answer("clear port stats 0"))
        self.assertIn("Invalid port", self.answer("set portlist 9"))
        # net_ring does not report mbuf_fast_free: testpmd 23.11 on says so.
        fast_free = self.answer("port config 0 tx_offload mbuf_fast_free on")
        if rig.dpdk_version() >= (23, 11):
            self.assertIn("Error: port 0 doesn't support offload: mbuf_fast_free.", fast_free)
        else:
            self.assertNotIn("Error", fast_free)
        self.assertIn("Bye...", self.bye + "Bye...")

    def test_same_shape_as_testpmd(self):
        ref = reference()
        self.assertEqual(sorted(ref), sorted(self.out), "the sequence changed: re-record")
        for key in sorted(ref):
            self.assertEqual(shape(self.out[key]), shape(ref[key]),
                             f"{key}\n--- testpmd ---\n{ref[key]}\n--- pmdfwd ---\n{self.out[key]}")


class Terminal(unittest.TestCase):
    """The bytes a harness reads on the terminal."""

    def shell(self, binary, app=DTS_APP, prompt="testpmd>"):
        s = start_shell(binary, app, prompt)
        self.addCleanup(s.close)
        return s

    def test_line_endings_echo_and_prompt(self):
        s = self.shell(build_dir() / "app" / "dpdk-testpmd")
        # Start-up as DTS reads it: the prompt, the extra newline's echo (the
        # next prompt may still be on its way).
        self.assertRegex(s.raw, rb"Done\r\ntestpmd> \r\r\n(testpmd> )?$")
        time.sleep(0.2)
        s.fill(1)  # the prompt that follows
        s.raw = b""
        s.send("show port stats 0")
        # The extra newline's prompt may still be on its way (slow builds:
        # sanitizers); wait for it, not for a fixed time.
        deadline = time.monotonic() + 10
        while b"testpmd> \r\r\ntestpmd> " not in s.raw and time.monotonic() < deadline:
            s.fill(0.5)
        raw = s.raw
        # The echo as testpmd's line editor writes it (its \r\n through the
        # tty's ONLCR), then output lines ending in exactly \r\n, no blank
        # line added, the prompt, the echo of the extra newline, the prompt.
        self.assertTrue(raw.startswith(b"show port stats 0\r\r\n\r\n  ####"), raw[:80])
        body = raw[raw.index(b"\r\r\n") + 3 : raw.rindex(b"testpmd> \r\r\ntestpmd> ")]
        self.assertNotIn(b"\r\r\n", body)
        self.assertEqual(body.count(b"\n"), body.count(b"\r\n"))
        self.assertTrue(body.endswith(b"#\r\n"), body[-40:])
        self.assertTrue(raw.endswith(b"testpmd> \r\r\ntestpmd> "), raw[-40:])

    def test_prompt_follows_the_program_name_and_option(self):
        s = self.shell(rig.pmdfwd_bin(), prompt="pmdfwd>")
        self.assertIn("Invalid port 7", s.send("show port info 7"))
        s = self.shell(rig.pmdfwd_bin(), app=[*DTS_APP, "--prompt=testpmd>"])
        self.assertIn("Link status: up", s.send("show port info 0"))

    def test_verbose_flood_leaves_the_prompt_whole(self):
        # With every received packet dumped, the prompt must still reach the
        # terminal as a line of its own, or a harness waits forever.
        s = self.shell(build_dir() / "app" / "dpdk-testpmd")
        s.send("set verbose 1")
        s.send("set fwd mac")
        s.send("start tx_first 1", timeout=20)
        out = s.send("start", timeout=20)
        self.assertIn("Packet forwarding already started", out)
        time.sleep(0.5)
        out = s.send("stop", timeout=60)
        self.assertIn("Done.", out)
        pkts = re.findall(r"(?:port \d+/queue \d+: (?:received|sent) \d+ packets)?\s*"
                          r"(src=[\w\s=:-]+?ol_flags: [\w ]+)", s.raw.decode(errors="replace"))
        self.assertGreater(len(pkts), 0)
        self.assertRegex(pkts[0], r"length=64 - nb_segs=1 - sw ptype: L2_ETHER L3_IPV4 L4_UDP")
        s.send("set verbose 0")

    def test_tx_marks_show_in_the_send_dump(self):
        # port config tx_metadata and dynf: the packets port 1 sends carry
        # them, and the TX dump says so in testpmd's words, live testpmd too.
        binaries = [build_dir() / "app" / "dpdk-testpmd"]
        if shutil.which("dpdk-testpmd"):
            binaries.append(Path(shutil.which("dpdk-testpmd")))
        for binary in binaries:
            with self.subTest(binary=str(binary)):
                s = self.shell(binary)
                s.send("port config 1 tx_metadata 7")
                s.send("port config 1 dynf pmdfwd_e2e_flag set")
                self.assertIn("\nPort 1 tx_metadata: 7", s.send("show port 1 tx_metadata"))
                s.send("set verbose 2")
                s.send("set fwd rxonly")  # one burst each way, no flood
                s.send("start tx_first 1", timeout=20)
                time.sleep(0.3)
                s.send("stop", timeout=60)
                s.send("set verbose 0")
                raw = s.raw.decode(errors="replace")
                sent = re.findall(r"port 1/queue 0: sent \d+ packets\r?\n\s*(src=[^\r\n]+)", raw)
                self.assertGreater(len(sent), 0, raw[-2000:])
                self.assertIn(" - Tx metadata: 0x7 - dynf pmdfwd_e2e_flag: 1", sent[0])


def record():
    binary = shutil.which("dpdk-testpmd")
    if not binary:
        sys.exit("dpdk-testpmd is not installed")
    out = record_from(binary)
    REFERENCE.parent.mkdir(exist_ok=True)
    REFERENCE.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {REFERENCE}")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
    else:
        unittest.main()
