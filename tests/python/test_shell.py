"""pmdfwd_dev.shell: the one shell driver (the e2e tests' and soak's) on a
stand-in shell: answers read to the prompt over a pipe, DTS's line reading
over a terminal that is the program's controlling one, the end of the
program reported, and nothing of it left after close()."""
import sys
import textwrap
import unittest

from pmdfwd_dev import owned_process
from pmdfwd_dev.shell import Shell, ShellEnded, ShellTimeout

# A shell: prompts, answers `ran CMD`, says whether it has a controlling
# terminal, exits 5 on `die` and 3 after "Bye..." on `quit`. On a terminal
# it echoes what it reads itself, as testpmd's line editor does.
FAKE = textwrap.dedent("""
    import os, sys, termios
    tty = os.isatty(0)
    if tty:
        attrs = termios.tcgetattr(0)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(0, termios.TCSANOW, attrs)
    print("starting", flush=True)
    while True:
        sys.stdout.write("fake> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if tty:
            sys.stdout.write(line)
        if not line:
            sys.exit(0)
        cmd = line.strip()
        if cmd == "quit":
            print("Bye...", flush=True)
            sys.exit(3)
        if cmd == "die":
            sys.exit(5)
        if cmd == "tty":
            try:
                open("/dev/tty").close()
                print("controlling terminal", flush=True)
            except OSError:
                print("no controlling terminal", flush=True)
        elif cmd:
            print("ran " + cmd, flush=True)
""")


def fake(test, prompt="fake> ", **kw):
    s = Shell([sys.executable, "-c", FAKE], prompt=prompt, deadline=60, **kw)
    test.addCleanup(s.close)
    return s


class PipeShell(unittest.TestCase):
    def test_run_reads_up_to_the_prompt(self):
        s = fake(self).start(10)
        self.assertEqual(s.startup, "starting\n")
        self.assertEqual(s.run("hello"), "ran hello\n")
        self.assertEqual(s.run("tty"), "no controlling terminal\n")
        self.assertEqual(s.quit(), 3)
        self.assertIn("Bye...", s.out)

    def test_a_program_ending_without_a_prompt_is_an_error(self):
        s = fake(self).start(10)
        with self.assertRaisesRegex(ShellEnded, "no 'fake> ' prompt: it ended"):
            s.run("die")

    def test_no_prompt_in_time_is_a_timeout(self):
        s = fake(self).start(10)
        s.write("sleeping, no newline")
        with self.assertRaisesRegex(ShellTimeout, "no 'fake> ' prompt within 0.3 s"):
            s.until_prompt(0.3)

    def test_finish_closes_the_input_and_keeps_everything(self):
        s = fake(self)
        s.write_line("one")
        s.write_line("two")
        run = s.finish(10)
        self.assertEqual(run.rc, 0, run.describe())
        self.assertEqual(run.out, "starting\nfake> ran one\nfake> ran two\nfake> ")

    def test_close_leaves_nothing_running(self):
        s = fake(self).start(10)
        s.close()
        self.assertFalse(owned_process.group_alive(s.pid))
        s.close()  # again: nothing to do


class TerminalShell(unittest.TestCase):
    def test_dts_reading_on_a_controlling_terminal(self):
        s = fake(self, prompt="fake>", terminal=True).start_as_dts(10)
        self.assertIn("starting", s.startup)
        # The prompt and echo, the answer, lines ending \r\n on a terminal.
        self.assertEqual(s.send("hello"), "fake> hello\r\nran hello\r\n")
        self.assertEqual(s.send("tty", skip_first_line=True), "controlling terminal\r\n")
        self.assertIn(b"ran hello\r\n", s.raw)
        self.assertEqual(s.send_quit(), "fake> quit\r\n")
        self.assertFalse(owned_process.group_alive(s.pid))


if __name__ == "__main__":
    unittest.main()
