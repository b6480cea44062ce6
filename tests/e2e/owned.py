# Processes a test owns: each forwarder (pmdfwd or dpdk-testpmd) starts in
# its own session, so that on any exit of the test, pass or fail, the whole
# process group is killed and reaped, and its EAL runtime directory removed.
import os
import signal
import subprocess
import time

import rig


class Owned:
    def __init__(self, args, *, prefix, cwd=None):
        self.args = [str(a) for a in args]
        self.prefix = prefix
        self.proc = subprocess.Popen(self.args, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, start_new_session=True)

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
        """The cleanup every test registers: the group dies, whatever state."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.proc.communicate(timeout=10)
        except (ValueError, subprocess.TimeoutExpired):
            pass
        rig.remove_runtime_dir(self.prefix)
