"""Processes a test or a tool starts and owns: none outlives its owner.

A forwarder busy-polls a core; one left behind by a failing test or a killed
perf run slows every later measurement on the machine. So every process the
tests and the tools (scripts/perf and its package perf/, scripts/soak.py, doc/man)
spawn goes through this module, which gives it

  - its own session and process group (start_new_session), so the whole
    group - the process and anything it started - is killed at once;
  - a kill of that group when the owner is done with it (close(), the with
    block, or run() returning), however the test got there;
  - a kill of every group still alive when the test's interpreter exits
    (atexit), also after an uncaught exception, and on SIGTERM (turned
    into SystemExit so that atexit runs);
  - PR_SET_PDEATHSIG=SIGKILL (via util-linux's setpriv) so the kernel kills
    it when the test process dies without running any Python (SIGKILL,
    e.g. a test runner's timeout);
  - a deadline after which a watchdog kills the group (the safety limit of
    interactive forwarders, which have no --run-time).

    with OwnedProcess([...], stdout=subprocess.PIPE) as p: ...
    res = run([...], timeout=30)       # subprocess.run, owned
"""
import atexit
import ctypes
import os
import shutil
import signal
import subprocess
import threading
import time
from typing import Any

# A process a test forgot about is killed after this long at the latest.
DEFAULT_DEADLINE = 300.0

_SETPRIV = shutil.which("setpriv")
_live = {}  # pgid -> OwnedProcess
_live_lock = threading.Lock()
_PR_SET_PDEATHSIG = 1


def set_parent_death_signal(sig=signal.SIGKILL):
    """In a child before exec: the kernel sends sig when the thread that
    forked it dies (even by SIGKILL). Keep that thread alive as long as the
    child should live (a worker thread of a pool counts as the parent)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
        os._exit(126)


def popen(args, **popen_kwargs):
    """subprocess.Popen(args) in a session (and process group) of its own,
    killed by the kernel when this process dies: the one way every helper
    here starts a process. The parent-death signal comes from util-linux's
    setpriv where it exists (nothing runs in the child before exec), else
    from prctl in preexec_fn."""
    args = [str(a) for a in args]
    if not _SETPRIV:
        own = popen_kwargs.pop("preexec_fn", None)

        def preexec():
            set_parent_death_signal()
            if own:
                own()
        popen_kwargs["preexec_fn"] = preexec
        return subprocess.Popen(args, start_new_session=True, **popen_kwargs)
    proc = subprocess.Popen([_SETPRIV, "--pdeathsig", "KILL", "--", *args], start_new_session=True,
                            **popen_kwargs)
    wait_past_setpriv(proc.pid)
    return proc


def wait_past_setpriv(pid, timeout=10.0):
    """Return once pid runs its own program (or has ended): setpriv sets the
    parent-death signal only when it runs, and a parent killed before then
    (a loaded machine, a test SIGKILLed right after a start) left a child
    that nothing would ever kill."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        stat = proc_stat(pid)
        if stat is None:
            return  # gone: reaped already
        comm, fields = stat
        if comm != "setpriv" or fields[0] in "ZX":  # its program, or setpriv failed
            return
        time.sleep(0.001)


def proc_stat(pid):
    """(comm, [state, ppid, pgrp, ...]) of /proc/<pid>/stat, or None when
    pid is gone. comm may hold spaces and parentheses: it ends at the last
    ')'."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    return stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()


def group_members(pgid):
    """Pids of the live (not zombie) processes of group pgid."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        stat = proc_stat(entry)
        if stat is None:
            continue
        fields = stat[1]
        if fields[0] != "Z" and int(fields[2]) == pgid:
            pids.append(int(entry))
    return pids


def group_alive(pgid):
    """True while any process of group pgid runs (zombies do not count:
    they use no CPU and wait only for their parent, or init, to reap them)."""
    return bool(group_members(pgid))


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class OwnedProcess:
    """subprocess.Popen in a process group of its own, killed when done."""

    def __init__(self, args, *, deadline=DEFAULT_DEADLINE, **popen_kwargs):
        self.args = [str(a) for a in args]
        self.proc = popen(self.args, **popen_kwargs)
        self.pid = self.pgid = self.proc.pid  # a session leader leads its group
        with _live_lock:
            _live[self.pgid] = self
        self._watchdog = None
        if deadline:
            self._watchdog = threading.Timer(deadline, self.kill)
            self._watchdog.daemon = True
            self._watchdog.start()

    def kill(self):
        """SIGKILL to the whole group (a no-op once it is gone)."""
        _kill_group(self.pgid)

    def close(self):
        """Kill what is left of the group, reap the process, close pipes."""
        if self._watchdog:
            self._watchdog.cancel()
        self.kill()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if f:
                try:
                    f.close()
                except OSError:
                    pass
        # Group members that were not our child (reparented to init) are
        # reaped by init; wait for them to be gone so that the next test
        # starts on a quiet machine.
        deadline = time.monotonic() + 5
        while group_alive(self.pgid) and time.monotonic() < deadline:
            time.sleep(0.01)
        with _live_lock:
            _live.pop(self.pgid, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def run(args, *, timeout, input=None, deadline=None, check=False, **popen_kwargs):
    """subprocess.run(args, timeout=..., check=...) with the process owned:
    on return, on timeout and on any exception its whole group is killed.
    timeout=None (a build, which takes what it takes) sets no deadline
    either: the parent-death signal and atexit still end it with its owner."""
    if input is not None:
        popen_kwargs["stdin"] = subprocess.PIPE
    if deadline is None and timeout is not None:
        deadline = timeout + 30
    with OwnedProcess(args, deadline=deadline, **popen_kwargs) as p:
        try:
            out, err = p.proc.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.proc.communicate()
            raise subprocess.TimeoutExpired(p.args, timeout, out, err) from None
        res: subprocess.CompletedProcess[Any] = subprocess.CompletedProcess(p.args, p.proc.returncode, out, err)
    if check:
        res.check_returncode()
    return res


def kill_all():
    """Kill every group this process still owns (atexit, SIGTERM)."""
    with _live_lock:
        owned = list(_live.values())
    for p in owned:
        p.kill()


def _on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


atexit.register(kill_all)
# Only where nobody else chose a handler: a test runner's SIGTERM then
# unwinds the test (finally blocks, atexit) instead of ending it bare.
if threading.current_thread() is threading.main_thread() and \
        signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
    signal.signal(signal.SIGTERM, _on_sigterm)
