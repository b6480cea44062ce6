"""Start a rig's processes, collect enough intervals, stop them cleanly.

A run ends when the measured process has printed 1 + warm-up + T complete
intervals, not after a wall-clock sleep: EAL start-up takes 0.3 s to several
seconds depending on load and hugepages, and a timer would either cut the
last interval or waste time. Stopping is SIGINT, which testpmd (and pmdfwd)
answer by printing final stats and exiting; testpmd ignores stdin while
--stats-period runs, so Enter would not do. Only processes this module
started are ever signalled, by pid.

stdout goes through `stdbuf -oL` when available: testpmd printf()s into a
pipe, which is block-buffered, and intervals would otherwise arrive seconds
late and in bursts.

Nothing outlives the tool: each process is started by the one process owner
(pmdfwd_dev.owned_process): it leads a process group of its own, stop()
ends with SIGKILL to what is left of that group, the owner kills the group
when the tool exits, and the kernel kills the process if the tool itself
dies (PR_SET_PDEATHSIG, also on SIGKILL): testpmd has no --run-time to fall
back on. A subject inside a Debian root (root=)
runs through chroot (pmdfwd_dev/roots/enter.py).
"""

import os
import shutil
import signal
import stat
import subprocess
import threading
import time

from pmdfwd_dev import owned_process
from pmdfwd_dev.roots import enter as roots

from . import parse

STDBUF = shutil.which("stdbuf")


class RunError(RuntimeError):
    pass


class Proc:
    def __init__(self, spec, log_path):
        self.spec = spec
        self.log_path = log_path
        self.chunks = []
        self.lock = threading.Lock()
        for path, content in spec.files.items():
            with open(path, "wb" if isinstance(content, bytes) else "w") as f:
                f.write(content)
        self.argv = roots.host_argv(spec.argv, stdbuf=STDBUF)  # as started (chroot in a root)
        # No deadline: a run's length is the caller's; stop() ends it.
        self.owned = owned_process.OwnedProcess(self.argv, deadline=None, stdin=subprocess.PIPE,
                                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.popen = self.owned.proc
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        fd = self.popen.stdout.fileno()
        while True:
            data = os.read(fd, 65536)
            if not data:
                break
            with self.lock:
                self.chunks.append(data)

    def text(self):
        with self.lock:
            return b"".join(self.chunks).decode(errors="replace")

    def alive(self):
        return self.popen.poll() is None

    def stop(self, grace=10.0):
        """SIGINT, then SIGTERM, then SIGKILL, each to this pid only; then
        SIGKILL to anything left in its process group (its own session)."""
        for sig, wait in ((signal.SIGINT, grace), (signal.SIGTERM, 3.0), (signal.SIGKILL, 3.0)):
            if not self.alive():
                break
            try:
                os.kill(self.popen.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.popen.wait(wait)
            except subprocess.TimeoutExpired:
                continue
        self.owned.kill()  # what is left of its group
        try:
            self.popen.stdin.close()
        except OSError:
            pass
        self.thread.join(5)
        self.owned.close()
        if self.log_path:
            with open(self.log_path, "w") as f:
                f.write(" ".join(self.argv) + "\n\n" + self.text())
        return self.popen.returncode


def wait_socket(path, proc, timeout):
    """Wait for proc to create the socket path; a RunError with proc's output
    if it exits first or the time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if stat.S_ISSOCK(os.stat(path).st_mode):
                return
        except FileNotFoundError:
            pass
        if not proc.alive():
            raise RunError(f"{proc.spec.role} exited (status {proc.popen.returncode}) before creating {path}:\n"
                           f"{proc.text()[-1500:]}")
        time.sleep(0.05)
    raise RunError(f"{proc.spec.role} made no socket {path} in {timeout:.0f} s:\n{proc.text()[-1500:]}")


def run(specs, warmup, duration, metric, log_prefix=None, nb_ports=2, startup_timeout=45.0):
    """Run one repetition; returns a dict with the subject's figures.

    keys: best_pps, median_pps, intervals_pps (all, first print dropped),
    used_pps (the measured ones), generator_tx_pps (two-process rigs), rc, argv.
    """
    procs = []
    needed = 1 + warmup + duration
    try:
        for spec in specs:
            for path in spec.wait_sockets:
                if os.path.exists(path):
                    os.unlink(path)
            log = f"{log_prefix}-{spec.role}.log" if log_prefix else None
            procs.append(Proc(spec, log))
            for path in spec.wait_sockets:
                wait_socket(path, procs[-1], startup_timeout)
        subject = next(p for p in procs if p.spec.role == "subject")
        deadline = time.monotonic() + startup_timeout + needed * 2
        while True:
            ivs = parse.complete_intervals(subject.text(), nb_ports)
            if len(ivs) >= needed:
                break
            if not subject.alive():
                raise RunError(f"subject exited (rc {subject.popen.returncode}) after {len(ivs)} of "
                               f"{needed} intervals:\n{subject.text()[-1500:]}")
            if any(not p.alive() for p in procs):
                raise RunError("generator exited early:\n" + procs[0].text()[-1500:])
            if time.monotonic() > deadline:
                raise RunError(f"only {len(ivs)} of {needed} intervals before the deadline:\n"
                               f"{subject.text()[-1500:]}")
            time.sleep(0.05)
    finally:
        # The forwarder (memif/virtio client) first: the generator (server) should
        # see it leave rather than the other way round.
        rcs = {}
        for p in sorted(procs, key=lambda p: p.spec.role != "subject"):
            rcs[p.spec.role] = p.stop()
    return _figures(procs, warmup, duration, metric, nb_ports, rcs)


def _figures(procs, warmup, duration, metric, nb_ports, rcs):
    from . import stats

    subject = next(p for p in procs if p.spec.role == "subject")
    rates = [iv.rate(metric) for iv in parse.complete_intervals(subject.text(), nb_ports)][1:]
    best, med, used = stats.run_figures(rates, warmup, duration)
    if len(used) < duration:
        raise RunError(f"only {len(used)} of {duration} measured intervals")
    result = {
        "best_pps": best,
        "median_pps": med,
        "intervals_pps": rates,
        "used_pps": used,
        "rc": rcs.get("subject"),
        "argv": subject.spec.argv,
    }
    gens = [p for p in procs if p.spec.role == "generator"]
    if gens:
        g = gens[0]
        tx = [iv.rate("tx") for iv in parse.complete_intervals(g.text(), nb_ports)]
        sending = [x for x in tx if x > 0]
        # Drop the connect / disconnect partials, unless a short run left
        # nothing else.
        active = sending[1:-1] or sending
        result["generator_tx_pps"] = stats.median(active) if active else None
        result["generator_intervals_pps"] = tx
        result["generator_rc"] = rcs.get("generator")
        result["generator_argv"] = g.spec.argv
    return result


def cleanup_runtime_dirs(prefix_start="pmdfwd-perf-%d-" % os.getpid(), root="/var/run/dpdk"):
    """Remove the EAL runtime dirs of this process's runs (and only those)."""
    try:
        names = os.listdir(root)
    except OSError:
        names = []
    dirs = [os.path.join(root, n) for n in names if n.startswith(prefix_start)]
    for d in dirs + roots.runtime_dirs(prefix_start):
        shutil.rmtree(d, ignore_errors=True)
