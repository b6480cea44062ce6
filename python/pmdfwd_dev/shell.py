"""An interactive forwarder's shell (pmdfwd -i, dpdk-testpmd -i) driven a
line at a time: the one driver of the end-to-end tests (tests/e2e/shell.py
gives each test its own) and of scripts/soak.py.

The program is owned (owned_process: its own process group, killed on
close, by a deadline watchdog, and by the kernel when its owner dies) and
talks through a pipe, or through a pseudo-terminal (terminal=True) where
what is checked is what a harness sees on a terminal: DTS drives testpmd
over SSH, so its echo, line endings and prompts are the terminal's.

Two ways to read an answer, as the two kinds of harness do:
  run(line)   the output up to the next prompt at its end (a pipe: the
              prompt is written without a newline);
  send(cmd)   DTS's send_command: the command and an extra newline go out,
              and lines are read (split at \\n only, \\r kept) up to one that
              ends with the prompt.
"""
import fcntl
import os
import pty
import subprocess
import termios
import threading
import time

from . import owned_process
from .eal import remove_hugepage_files, remove_runtime_dir

# A shell is killed after this long whatever its owner does.
DEFAULT_DEADLINE = 120.0


class ShellError(Exception):
    """The program did not answer as a shell."""


class ShellTimeout(ShellError, TimeoutError):
    """No prompt in time."""


class ShellEnded(ShellError, EOFError):
    """The program ended (closed its output) before the prompt."""


def _take_terminal():
    # In the child, after setsid: its stdin (the pty's other end) becomes the
    # controlling terminal, as pty.fork makes it.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Shell:
    """args run as an interactive shell whose prompt is prompt."""

    def __init__(self, args, *, prompt="pmdfwd> ", terminal=False, prefix=None,
                 deadline=DEFAULT_DEADLINE, cwd=None, env=None):
        self.args = [str(a) for a in args]
        self.prompt = prompt
        self.prefix = prefix
        self.terminal = terminal
        if terminal:
            master, slave = pty.openpty()
            try:
                self.owned = owned_process.OwnedProcess(
                    self.args, deadline=deadline, stdin=slave, stdout=slave, stderr=slave,
                    cwd=cwd, env=env, preexec_fn=_take_terminal)
            finally:
                os.close(slave)
            self._in = self._out = master
        else:
            self.owned = owned_process.OwnedProcess(
                self.args, deadline=deadline, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, cwd=cwd, env=env, bufsize=0)
            self._in = self.owned.proc.stdin.fileno()
            self._out = self.owned.proc.stdout.fileno()
        self.proc = self.owned.proc
        self.pid = self.proc.pid
        self.raw = b""  # every byte it wrote, for byte-level checks (a test may reset it)
        self._all = bytearray()  # every byte it wrote, for out and describe()
        self._pending = b""  # what no read has taken yet
        self._ended = False
        self._closed = False
        self._cond = threading.Condition()  # reentrant: describe() under it
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.startup = ""
        self.rc = None  # finish() sets it

    def _read(self):
        while True:
            try:
                data = os.read(self._out, 65536)
            except OSError:  # EIO: a terminal whose program has gone
                data = b""
            with self._cond:
                if data:
                    self.raw += data
                    self._all += data
                    self._pending += data
                else:
                    self._ended = True
                self._cond.notify_all()
            if not data:
                return

    @property
    def out(self):
        """Everything it wrote so far."""
        with self._cond:
            return self._all.decode(errors="replace")

    def describe(self):
        return f"$ {' '.join(self.args)}\nexit {self.proc.returncode}\n{self.out}"

    def fill(self, timeout):
        """Waits up to timeout seconds for more output; False if none came."""
        with self._cond:
            seen = len(self._all)
            return self._cond.wait_for(lambda: len(self._all) > seen or self._ended, timeout) \
                and len(self._all) > seen

    def write(self, text):
        os.write(self._in, text.encode())

    def write_line(self, line, pause=0.0):
        """Writes one line without reading an answer, then waits pause s."""
        self.write(line + "\n")
        if pause:
            time.sleep(pause)

    # Pipe discipline: the answer ends where the output ends with the prompt.

    def until_prompt(self, timeout=60):
        """The output up to the prompt that ends it, the prompt left out."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._pending.endswith(self.prompt.encode()):
                left = deadline - time.monotonic()
                if self._ended:
                    raise ShellEnded(f"no {self.prompt!r} prompt: it ended\n{self.describe()}")
                if left <= 0:
                    raise ShellTimeout(f"no {self.prompt!r} prompt within {timeout} s\n"
                                       f"{self.describe()}")
                self._cond.wait(left)
            out, self._pending = self._pending[: -len(self.prompt)], b""
        return out.decode(errors="replace")

    def start(self, timeout=60):
        """Waits for the first prompt (pipe discipline); its output is startup."""
        self.startup = self.until_prompt(timeout)
        return self

    def run(self, line, timeout=30):
        """Writes line, returns the output up to the next prompt (the piped
        shell's echo of the line included)."""
        self.write(line + "\n")
        return self.until_prompt(timeout)

    # Terminal discipline: DTS's InteractiveShell.

    def _line(self, deadline):
        with self._cond:
            while b"\n" not in self._pending:
                left = deadline - time.monotonic()
                if self._ended:
                    raise ShellEnded(f"the program closed its output; got {self._pending!r}")
                if left <= 0:
                    raise ShellTimeout(f"no line ending in {self.prompt!r}; got {self._pending!r}")
                self._cond.wait(left)
            nl = self._pending.index(b"\n")
            line, self._pending = self._pending[: nl + 1], self._pending[nl + 1:]
        return line

    def read_until_prompt_line(self, timeout, skip_first_line=False, prompt=None):
        """The lines before the first one that ends with the prompt."""
        prompt = prompt or self.prompt
        deadline, out = time.monotonic() + timeout, b""
        while True:
            line = self._line(deadline)
            if skip_first_line:
                skip_first_line = False
                continue
            if line.decode(errors="replace").rstrip().endswith(prompt):
                return out.decode(errors="replace")
            out += line

    def start_as_dts(self, timeout=60):
        """DTS's start_application: the start command is typed with an extra
        newline, which the program reads as an empty line and prompts again,
        so the first prompt ends a line. Its output is startup."""
        self.write("\n")
        self.startup = self.read_until_prompt_line(timeout)
        return self

    def send(self, command, *, skip_first_line=False, timeout=30, prompt=None):
        """DTS's send_command: the output before the prompt line, echo
        included (unless skip_first_line)."""
        self.write(command + "\n\n")
        return self.read_until_prompt_line(timeout, skip_first_line, prompt)

    def send_quit(self, timeout=30):
        """DTS's close: quit, the output up to "Bye...", then the group ends."""
        out = self.send("quit", prompt="Bye...", timeout=timeout)
        self.close()
        return out

    # The end.

    def quit(self, timeout=30):
        """quit, its input closed: the exit status (None if it had to be
        killed after timeout seconds)."""
        self.write("quit\n")
        if not self.terminal:
            self.proc.stdin.close()
        return self._exit_status(timeout)

    def finish(self, timeout=60):
        """Closes its input and waits for the exit; returns itself, with rc
        the exit status (None if it had to be killed) and out all output."""
        if not self.terminal:
            self.proc.stdin.close()
        else:
            self.write("\x04")  # EOF on a terminal
        self.rc = self._exit_status(timeout)
        return self

    def _exit_status(self, timeout):
        """The exit status once it ends, or None where it had to be killed
        after timeout seconds; its output read to the end."""
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.owned.kill()
            rc = None
        self._reader.join(5)
        return rc

    def close(self):
        """Kills the group, whatever state; removes the EAL files of prefix.
        Safe to call more than once."""
        self.owned.close()
        self._reader.join(5)
        if self.terminal and not self._closed:
            os.close(self._in)
        self._closed = True
        if self.prefix:
            remove_runtime_dir(self.prefix)
            remove_hugepage_files(self.prefix)
