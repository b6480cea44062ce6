# A forwarder's shell driven as DTS drives testpmd over SSH: the program runs
# on a pseudo-terminal (its own session, so the test owns the whole process
# group and kills it on any exit), each command is written with an extra
# newline, and the answer is read line by line (split at \n only, \r kept)
# until a line that ends with the prompt, as DTS's InteractiveShell does.
import os
import pty
import select
import signal
import time

import rig
from pmdfwd_dev import owned_process


class PtyShell:
    def __init__(self, argv, *, prefix, prompt="testpmd>", start_timeout=60):
        self.prefix = prefix
        self.prompt = prompt
        self.raw = b""  # every byte the program wrote, for byte-level checks
        self._pending = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child: its own session already (pty.fork)
            try:
                owned_process.set_parent_death_signal()
                os.execv(argv[0], [str(a) for a in argv])
            finally:
                os._exit(127)
        # As DTS's start_application, which types the start command and an
        # extra newline: the program reads that newline as an empty line and
        # prompts again, so the first prompt ends a line.
        os.write(self.fd, b"\n")
        self.startup = self._read_until_prompt(start_timeout)

    def _fill(self, timeout):
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            raise EOFError("the program closed its terminal")
        self.raw += data
        self._pending += data
        return True

    def _lines(self, timeout):
        end = time.time() + timeout
        while True:
            nl = self._pending.find(b"\n")
            if nl >= 0:
                line, self._pending = self._pending[: nl + 1], self._pending[nl + 1 :]
                yield line
                continue
            left = end - time.time()
            if left <= 0 or not self._fill(left):
                raise TimeoutError(f"no line ending in {self.prompt!r}; got {self._pending!r}")

    def _read_until_prompt(self, timeout, skip_first_line=False):
        out = b""
        for line in self._lines(timeout):
            if skip_first_line:
                skip_first_line = False
                continue
            if line.decode(errors="replace").rstrip().endswith(self.prompt):
                return out.decode(errors="replace")
            out += line
        return out.decode(errors="replace")

    def send(self, command, *, skip_first_line=False, timeout=30, prompt=None):
        """DTS's send_command: the output before the prompt line, echo included
        (unless skip_first_line)."""
        os.write(self.fd, (command + "\n\n").encode())
        if prompt is not None:
            saved, self.prompt = self.prompt, prompt
            try:
                return self._read_until_prompt(timeout, skip_first_line)
            finally:
                self.prompt = saved
        return self._read_until_prompt(timeout, skip_first_line)

    def quit(self, timeout=30):
        out = self.send("quit", prompt="Bye...", timeout=timeout)
        self.kill()
        return out

    def kill(self):
        """The cleanup every test registers: the group dies, whatever state."""
        if self.pid is None:
            return
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass
        self.pid = None
        rig.remove_runtime_dir(self.prefix)
