"""Issue 35: every command of testpmd's user guide and of DTS (the corpus of
the DPDK pmdfwd is built on, data/testpmd_commands-<DPDK>.txt, made by
make_command_corpus.py from that DPDK's guide) through pmdfwd's shell,
against what that DPDK's dpdk-testpmd answered to the same lines on the
same two net_ring ports (data/testpmd_command_corpus-<DPDK>.json; re-record:
this file --record, with that DPDK's dpdk-testpmd installed: in its root,
scripts/dpdk-matrix --shell VERSION). A DPDK without a corpus is skipped.

Each answer has a class: "unparsed" (the shell did not know the line: Bad
arguments, Command not found), "refused" (parsed, but an error text) or
"accepted", and a text (numbers masked). The test fails when a command
testpmd parses (accepts or refuses) gets another class or text from pmdfwd,
unless the command is listed in command_corpus_exceptions.txt (one a line,
with its reason; a line that starts with [24.11] holds on that DPDK only);
and when a listed command now passes, so that the list
shrinks as commands land, to the documented differences. It prints how many
of testpmd's accepted commands pmdfwd accepts.

Run: PMDFWD_BUILD_DIR=build PYTHONPATH=python /usr/bin/python3 tests/e2e/test_command_corpus.py
"""
import json
import re
import shutil
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent

from rig import dpdk_version  # noqa: E402
from test_testpmd_shell import build_dir, shape, start_shell  # noqa: E402

EXCEPTIONS = HERE / "command_corpus_exceptions.txt"


def version_text():
    return "%d.%02d" % dpdk_version()


def corpus_path():
    return HERE / "data" / f"testpmd_commands-{version_text()}.txt"


def reference_path():
    return HERE / "data" / f"testpmd_command_corpus-{version_text()}.json"


# cmdline's own answers to a line no command matches.
_UNPARSED = re.compile(r"^(Bad arguments|Command not found|Ambiguous command)", re.M)
# testpmd's refusals: its error words (ethdev's and its own), whole words so
# that counters ("RX-errors") and states ("disabled") stay answers, and the
# answers that name errors ("error handling mode", "level is error", "L2
# ptypes unsupported") too.
_REFUSED = re.compile(
    r"\b((?<!level is )error(?! handling)|invalid|unknown|fail|failed|failure|not supported|"
    r"(?<!ptypes )unsupported|"
    r"not implemented|not found|cannot|can't|unable|wrong|please stop|please start|must|give up|"
    r"not enabled|did not provide|bad|no such|not allowed|out of range|not exist|"
    r"does not exist|already started|not started|should be|not valid|is not|are not)\b",
    re.I)
# Lines whose numbers vary between runs and processes (addresses, sizes).
_HEX = re.compile(r"0x[0-9a-fA-F]+")


def read_corpus():
    """The commands, in order (a command may come twice)."""
    cmds = []
    for line in corpus_path().read_text().splitlines():
        cmd = line.split("  #", 1)[0].strip()
        if cmd and not line.startswith("#"):
            cmds.append(cmd)
    return cmds


def read_exceptions(version=None):
    """command -> reason, for this DPDK (version: "25.11", default the build's)."""
    version = version or version_text()
    out = {}
    for line in EXCEPTIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            cmd, _, reason = line.partition("  #")
            cmd = cmd.strip()
            if cmd.startswith("["):
                only, _, cmd = cmd[1:].partition("] ")
                if only != version:
                    continue
            out[cmd.strip()] = reason.strip()
    return out


def classify(text):
    if _UNPARSED.search(text):
        return "unparsed"
    if _REFUSED.search(text):
        return "refused"
    return "accepted"


def masked(text):
    """The text with hex numbers (addresses) and then every number masked."""
    return "\n".join(shape(_HEX.sub("0x#", text.strip())))


def run_corpus(binary, cmds):
    """[(command, class, masked text)] of one binary over the corpus."""
    shell = start_shell(binary)
    answers = []
    try:
        for cmd in cmds:
            try:
                text = shell.send(cmd, skip_first_line=True, timeout=20)
            except TimeoutError as e:
                text = f"(no prompt: {e})"
            except EOFError:
                text = "(the program ended)"
            answers.append({"cmd": cmd, "class": classify(text), "text": masked(text)})
    finally:
        shell.close()
    return answers


def assert_answers_as_testpmd(case, testpmd, cmds):
    """Each command's class and text from pmdfwd (as dpdk-testpmd) equal
    testpmd's on the same lines, one subtest a command."""
    ref = run_corpus(testpmd, cmds)
    got = run_corpus(build_dir() / "app" / "dpdk-testpmd", cmds)
    for r, g in zip(ref, got):
        with case.subTest(cmd=r["cmd"]):
            case.assertEqual((g["class"], g["text"]), (r["class"], r["text"]))


def first_difference(ref, got):
    """Both classes and the first line where the texts part."""
    a, b = ref["text"].split("\n"), got["text"].split("\n")
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    line = (lambda lines: repr(lines[i]) if i < len(lines) else "(no more lines)")
    return (f"  testpmd ({ref['class']}, line {i + 1} of {len(a)}): {line(a)}\n"
            f"  pmdfwd ({got['class']}, line {i + 1} of {len(b)}): {line(b)}")


def differences(ref, got, exceptions):
    """(unexpected failures, listed commands that now pass, accepted by both)."""
    bad, passing, both = [], set(exceptions), 0
    for r, g in zip(ref, got):
        cmd = r["cmd"]
        if r["class"] == "unparsed":
            continue
        ok = (g["class"], g["text"]) == (r["class"], r["text"])
        both += r["class"] == "accepted" and g["class"] == "accepted"
        if not ok:
            passing.discard(cmd)
            if cmd not in exceptions:
                bad.append(f"{cmd}\n{first_difference(r, g)}")
    # Listed commands not in the corpus are stale too.
    return bad, sorted(passing), both


class CommandCorpus(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not reference_path().exists():
            raise unittest.SkipTest(f"no recorded corpus for DPDK {version_text()} "
                                    f"({reference_path().name})")
        cls.ref = json.loads(reference_path().read_text())
        cls.got = run_corpus(build_dir() / "app" / "dpdk-testpmd", [r["cmd"] for r in cls.ref])

    def test_reference_is_the_corpus(self):
        self.assertEqual([r["cmd"] for r in self.ref], read_corpus(),
                         "the corpus changed: re-record (--record)")

    def test_pmdfwd_answers_as_testpmd(self):
        bad, passing, both = differences(self.ref, self.got, read_exceptions())
        accepted = sum(r["class"] == "accepted" for r in self.ref)
        print(f"\npmdfwd accepts {both} of the {accepted} commands testpmd accepts "
              f"({100.0 * both / max(accepted, 1):.1f} %)", file=sys.stderr)
        self.assertEqual(bad, [], "\n" + "\n".join(bad))
        self.assertEqual(passing, [], "listed as exceptions but passing: remove them from "
                         f"{EXCEPTIONS.name}")


def record():
    binary = shutil.which("dpdk-testpmd")
    if not binary:
        sys.exit("dpdk-testpmd is not installed")
    answers = run_corpus(binary, read_corpus())
    reference_path().write_text(json.dumps(answers, indent=1) + "\n")
    counts = {c: sum(a["class"] == c for a in answers) for c in ("accepted", "refused", "unparsed")}
    print(f"wrote {reference_path()}: {counts}")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record()
    else:
        unittest.main()
