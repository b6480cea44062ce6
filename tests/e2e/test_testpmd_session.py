"""A whole interactive session, line for line against dpdk-testpmd 22.11.

The same session (start-up, set fwd/burst/nbcore, show config fwd, start,
show port stats all, show fwd stats all, stop, quit) is run on the same rig
(two net_ring ports, --no-pci, -l 0-1, on a pseudo-terminal) by Debian's
dpdk-testpmd and by pmdfwd under the name app/dpdk-testpmd. The transcripts
are compared after masking only what must differ: counters and rates (they
depend on timing), the mbuf pool's size (pmdfwd sizes its pool from the
ports' rings) and EAL's own lines (EAL's, not the application's).

- With --testpmd-texts, pmdfwd's transcript equals testpmd's.
- Without it, it equals testpmd's once the intended additions listed in
  doc/user-guide.md ("Texts") are taken out, so that list stays complete.

The recorded testpmd 22.11 transcript (data/testpmd_session_ring.txt) keeps
the test meaningful where dpdk-testpmd is not installed; re-record it with
this file --record (needs /usr/bin/dpdk-testpmd 22.11).

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_testpmd_session.py
"""
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

RECORDED = HERE / "data" / "testpmd_session_ring.txt"
TESTPMD = shutil.which("dpdk-testpmd")
APP = ["-i", "-a", "--forward-mode=macswap"]
# (command, seconds to wait before sending it). Forwarding runs a moment
# before the statistics are read, so that the counters are not all zero.
SESSION = [
    ("stop", 0),
    ("set fwd macswap", 0),
    ("set burst 16", 0),
    ("set nbcore 2", 0),
    ("set nbcore 1", 0),
    ("show config fwd", 0),
    ("start tx_first", 0),
    ("show port stats all", 0.5),
    ("show fwd stats all", 0),
    ("show fwd stats", 0),
    ("stop", 0),
]

# Timing-dependent numbers: a counter or rate after its label, the pool size.
_COUNTER = re.compile(
    r"\b(RX-packets|RX-missed|RX-bytes|RX-errors|RX-nombuf|TX-packets|TX-errors|TX-bytes|"
    r"RX-dropped|RX-total|TX-dropped|TX-total|Rx-pps|Rx-bps|Tx-pps|Tx-bps):\s*\d+ *")
_POOL_SIZE = re.compile(r"(create a new mbuf pool <[^>]+>: n=)\d+")

# pmdfwd's intended additions (doc/user-guide.md, "Texts"): the engine's state
# lines after the stream display (macswap: kernel and calibration), and the
# usage lines after "Bad arguments".
_ADDITIONS = [
    re.compile(r"^  macswap kernel: .*\n(?:    .*\n|  (?:fields|kernels|calibration|auto).*\n)*", re.M),
    re.compile(r"^usage:\n(?:  .*\n)+", re.M),
]


def normalise(text):
    lines = []
    for line in text.replace("\r", "").split("\n"):
        if line.startswith("EAL: "):
            continue
        line = _COUNTER.sub(lambda m: m[1] + ": # ", line)
        lines.append(_POOL_SIZE.sub(r"\1#", line).rstrip())
    return "\n".join(lines) + "\n"


def without_additions(text):
    for pattern in _ADDITIONS:
        text = pattern.sub("", text)
    return text


def transcript(binary, extra=()):
    prefix = rig.unique_prefix()
    argv = [str(binary), "-l", "0-1", "--no-pci", "--in-memory", "--file-prefix", prefix,
            "--vdev", "net_ring0", "--vdev", "net_ring1", "--", *APP, *extra]
    shell = shells.terminal(None, argv, prefix=prefix, prompt="testpmd>")
    try:
        out = "=== start-up\n" + shell.startup
        for cmd, wait in SESSION:
            time.sleep(wait)
            out += f"=== {cmd}\n" + shell.send(cmd)
        out += "=== quit\n" + shell.send_quit()
    finally:
        shell.close()
    return normalise(out)


def pmdfwd_as_testpmd():
    return Path(os.environ.get("PMDFWD_BUILD_DIR", HERE.parent.parent / "build")) / "app" / \
        "dpdk-testpmd"


def diff(a, b):
    import difflib
    return "".join(difflib.unified_diff(a.splitlines(True), b.splitlines(True), "testpmd",
                                        "pmdfwd"))


class Session(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # --run-time: a limit on the whole session, should the test hang.
        cls.plain = transcript(pmdfwd_as_testpmd(), ["--run-time=60", "--testpmd-texts"])
        cls.added = transcript(pmdfwd_as_testpmd(), ["--run-time=60"])
        cls.live = transcript(TESTPMD) if TESTPMD else None

    def references(self):
        refs = [("recorded testpmd 22.11", RECORDED.read_text())]
        if self.live is not None:
            refs.append(("dpdk-testpmd here", self.live))
        return refs

    def test_testpmd_texts_equal_testpmd(self):
        for name, ref in self.references():
            with self.subTest(reference=name):
                self.assertEqual(self.plain, ref, diff(ref, self.plain))

    def test_additions_are_the_listed_ones(self):
        self.assertIn("  macswap kernel: ", self.added)
        self.assertNotIn("  macswap kernel: ", self.plain)
        for name, ref in self.references():
            with self.subTest(reference=name):
                self.assertEqual(without_additions(self.added), ref, diff(ref, self.added))

    def test_the_texts_issue_21_names(self):
        for line in ("Interactive-mode selected", "Auto-start selected",
                     "Set macswap packet forwarding mode", "Start automatic packet forwarding",
                     "testpmd: create a new mbuf pool <mb_pool_0>: n=#, size=2176, socket=0",
                     "Number of packets per burst set to 16",
                     "nb fwd cores 2 > 1 (max. number of configured lcores) - ignored",
                     "Number of forwarding cores set to 1"):
            self.assertIn(line + "\n", self.plain)
        # Streams equal ports: no per-stream blocks, as testpmd 22.11.
        self.assertNotIn("Forward Stats for RX Port=", self.added)


def record():
    if not TESTPMD:
        sys.exit("dpdk-testpmd not found: cannot record")
    RECORDED.write_text(transcript(TESTPMD))
    print(f"recorded {RECORDED}")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
    else:
        unittest.main()
