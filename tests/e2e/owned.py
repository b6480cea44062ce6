# Processes a test owns. Each runs in a process group (session) of its own,
# with a parent-death signal (owned_process.popen: it dies with the test
# runner, even one killed by SIGKILL),
# and when the test ends, passed or failed, the whole group is killed, its
# EAL runtime directory removed and any hugepage file of its --file-prefix
# deleted: nothing a test starts outlives it or holds the machine's pages.
import os
import signal
import subprocess
import threading
import time

import rig
from pmdfwd_dev import owned_process
from pmdfwd_dev.eal import free_hugepages, hugepage_files, remove_hugepage_files  # noqa: F401


class Owned:
    """A process started for a test; test.addCleanup kills its group.

    Its stdout (and stderr, unless given) is collected as it runs, so the
    test can wait for a line while the process goes on; with
    read_stdout=False the test reads proc.stdout itself."""

    def __init__(self, test, args, *, prefix=None, stdin=subprocess.DEVNULL,
                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, read_stdout=True, **popen):
        self.args = [str(a) for a in args]
        self.prefix = prefix
        self.proc = owned_process.popen(self.args, stdin=stdin, stdout=stdout, stderr=stderr,
                                        **popen)
        self._out = []
        self._lock = threading.Lock()
        self._readers = []
        for stream in (self.proc.stdout if read_stdout else None, self.proc.stderr):
            if stream is not None:
                t = threading.Thread(target=self._read, args=(stream,), daemon=True)
                t.start()
                self._readers.append(t)
        test.addCleanup(self.cleanup)

    def _read(self, stream):
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                return
            with self._lock:
                self._out.append(chunk)

    @property
    def out(self):
        with self._lock:
            data = b"".join(self._out)
        return data.decode(errors="replace")

    def wait_for(self, text, timeout=30):
        """True once text is in the output; False on timeout or exit."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.out:
                return True
            if self.proc.poll() is not None:
                for t in self._readers:
                    t.join(2)
                return text in self.out
            time.sleep(0.05)
        return False

    def signal(self, sig):
        self.proc.send_signal(sig)

    def wait(self, timeout):
        """The exit status, or None if it was still running after timeout
        seconds (it is then killed)."""
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            rc = None
        for t in self._readers:
            t.join(5)
        return rc

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()

    def describe(self):
        return f"$ {' '.join(self.args)}\nexit {self.proc.returncode}\n{self.out}"

    def cleanup(self):
        self.kill()
        for t in self._readers:
            t.join(5)
        for s in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if s is not None and not s.closed:
                s.close()
        if self.prefix:
            rig.remove_runtime_dir(self.prefix)
            remove_hugepage_files(self.prefix)


def pmdfwd(test, eal, app, *, prefix, **kw):
    """Owned pmdfwd with EAL arguments eal (its --file-prefix among them)."""
    return Owned(test, [rig.pmdfwd_bin(), *eal, "--", *app], prefix=prefix, **kw)


class Piped:
    """A forwarder driven through its stdin (shell lines), owned like Owned:
    the test registers kill() as its cleanup, which kills the whole group and
    removes the EAL runtime directory whatever state the test left."""

    def __init__(self, args, *, prefix, cwd=None):
        self.args = [str(a) for a in args]
        self.prefix = prefix
        self.proc = owned_process.popen(self.args, cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)

    def send(self, line, pause=0.0):
        """Writes one shell line, then waits pause seconds."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        if pause:
            time.sleep(pause)

    def finish(self, timeout=60):
        """Closes stdin, waits for the exit; returns a rig.Run."""
        out, _ = self.proc.communicate(timeout=timeout)
        return rig.Run(self.args, subprocess.CompletedProcess(self.args, self.proc.returncode, out))

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.proc.communicate(timeout=10)
        except (ValueError, subprocess.TimeoutExpired):
            pass
        rig.remove_runtime_dir(self.prefix)
