# The one way an end-to-end test starts a process (pmdfwd, dpdk-testpmd, a
# DPDK tool, the exporter): run() to completion, or start() for a Process
# that goes on while the test watches it. Both are built on
# pmdfwd_dev.owned_process (a process group of its own, a parent-death
# signal, a deadline watchdog), and a started Process is owned by its test
# (closed in the test's cleanup, pass or fail), so nothing a test starts
# outlives it. tests/support/check_launchers.py keeps it the only way.
import subprocess
import threading
import time

import rig
from pmdfwd_dev import owned_process
from pmdfwd_dev.eal import remove_hugepage_files, remove_runtime_dir

# How long a forwarder a test starts may run at most (--run-time), however
# the test ends: a safety limit, far above what any test waits for.
SAFETY_RUN_TIME = 60
# A started process is killed after this long whatever the test does (the
# limit of interactive forwarders, which ignore --run-time).
DEFAULT_DEADLINE = 120


class Result:
    """A finished run: its arguments, exit status and output (stdout and
    stderr together unless stderr was asked for apart, then in err)."""

    def __init__(self, args, rc, out, err=None):
        self.args, self.rc, self.out, self.err = args, rc, out, err

    def describe(self):
        err = f"\nstderr:\n{self.err}" if self.err else ""
        return f"$ {' '.join(map(str, self.args))}\nexit {self.rc}\n{self.out}{err}"


def run(args, *, cwd=None, stdin=subprocess.DEVNULL, input=None, timeout=30, env=None,
        prefix=None, stderr=subprocess.STDOUT):
    """Runs args to completion (owned: its group is killed on return or
    timeout); removes the EAL runtime directory of prefix afterwards."""
    args = [str(a) for a in args]
    try:
        res = owned_process.run(args, cwd=cwd, stdin=stdin, input=input, stdout=subprocess.PIPE,
                                stderr=stderr, text=True, timeout=timeout, env=env)
    finally:
        if prefix:
            remove_runtime_dir(prefix)
    return Result(args, res.returncode, res.stdout, res.stderr)


def pmdfwd_args(eal, app):
    """The command line of the pmdfwd under test."""
    return [str(rig.pmdfwd_bin()), *eal, "--", *app]


def run_pmdfwd(eal_extra, app_args, *, cwd, prefix=None, **kw):
    """pmdfwd to completion on the rig's EAL arguments (rig.eal_args) plus
    eal_extra; see run()."""
    prefix = prefix or rig.unique_prefix()
    return run(pmdfwd_args([*rig.eal_args(prefix), *eal_extra], app_args), cwd=cwd,
               prefix=prefix, **kw)


def with_safety_limit(app_args):
    """app_args with a --run-time limit: the given one, or SAFETY_RUN_TIME.
    Interactive runs (-i) ignore --run-time: their deadline limits them."""
    if any(a == "--run-time" or a.startswith("--run-time=") for a in app_args):
        return list(app_args)
    return [*app_args, f"--run-time={SAFETY_RUN_TIME}"]


def check_run_time(args):
    """A batch forwarder a test starts must carry --run-time: a test that
    forgets to stop it would leave it busy-polling until the deadline."""
    app = args[args.index("--") + 1:] if "--" in args else []
    interactive = "-i" in app or "--interactive" in app
    usage = "--help" in app or "-h" in app  # printed, then it exits
    if not interactive and not usage and not any(a.startswith("--run-time") for a in app):
        raise ValueError(f"a forwarder started by a test needs --run-time: {args}")


class Process:
    """A started process, owned: close() kills its group, reaps it, closes
    its pipes and removes the EAL files of prefix; a watchdog kills the
    group after `deadline` seconds. Its stdout (and stderr, unless given)
    is collected as it runs (out); with read_stdout=False the test reads
    proc.stdout itself."""

    def __init__(self, args, *, prefix=None, deadline=DEFAULT_DEADLINE,
                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                 read_stdout=True, **popen):
        self.args = [str(a) for a in args]
        self.prefix = prefix
        self._text_mode = bool(popen.get("text") or popen.get("universal_newlines"))
        if read_stdout and stdout == subprocess.PIPE:
            popen.setdefault("bufsize", 0)  # a read returns what is there
        self.owned = owned_process.OwnedProcess(self.args, deadline=deadline, stdin=stdin,
                                                stdout=stdout, stderr=stderr, **popen)
        self.proc = self.owned.proc
        self.pgid = self.owned.pgid
        self._data = bytearray()
        self._text = ("", 0)  # the output decoded, and how many bytes that was
        self._cond = threading.Condition()
        self._readers = []
        for stream in (self.proc.stdout if read_stdout else None, self.proc.stderr):
            if stream is not None:
                t = threading.Thread(target=self._read, args=(stream,), daemon=True)
                t.start()
                self._readers.append(t)

    def _read(self, stream):
        read = getattr(stream, "read1", stream.read)
        while True:
            try:
                chunk = read(65536)
            except (OSError, ValueError):
                chunk = b""
            with self._cond:
                if chunk:
                    self._data += chunk if isinstance(chunk, bytes) else chunk.encode()
                self._cond.notify_all()
            if not chunk:
                return

    def _decoded(self):
        # Called with _cond held; decodes again only when more came.
        if self._text[1] != len(self._data):
            self._text = (self._data.decode(errors="replace"), len(self._data))
        return self._text[0]

    @property
    def out(self):
        """Everything it wrote so far (stdout and stderr together unless
        stderr was given)."""
        with self._cond:
            return self._decoded()

    def wait_for(self, what, timeout=30):
        """True once what (a text, or a predicate of the output) holds;
        False on timeout, or when the process has ended without it. Checked
        as each read arrives: a signal sent right after can land in the
        stage that line opens."""
        test = what if callable(what) else (lambda out: what in out)
        deadline = time.monotonic() + timeout
        with self._cond:
            while not test(self._decoded()):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                if self.proc.poll() is not None:
                    break
                self._cond.wait(min(left, 0.05))
            else:
                return True
        self._join(2)  # what it wrote before it ended
        return test(self.out)

    def write(self, text):
        """Writes text to its stdin (a pipe)."""
        if isinstance(text, str) and not self._text_mode:
            text = text.encode()
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def signal(self, sig):
        self.proc.send_signal(sig)

    def wait(self, timeout):
        """The exit status, or None if it was still running after timeout
        seconds (it is then killed)."""
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None
        self._join(5)
        return rc

    def kill(self):
        """SIGKILL to the whole group; returns once the process is reaped."""
        self.owned.kill()
        self.proc.wait()
        self._join(5)

    def _join(self, timeout):
        for t in self._readers:
            t.join(timeout)

    def close(self):
        """The cleanup: safe to call more than once, whatever state."""
        self.owned.close()
        self._join(5)
        if self.prefix:
            remove_runtime_dir(self.prefix)
            remove_hugepage_files(self.prefix)

    def describe(self):
        return f"$ {' '.join(self.args)}\nexit {self.proc.returncode}\n{self.out}"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def run_testpmd_batch(args, *, forward_s, prefix=None, cwd=None, deadline=90):
    """dpdk-testpmd (args) in its batch mode, which forwards until Enter:
    Enter goes forward_s seconds after "Press enter to exit". Its output
    is line-buffered (stdbuf): testpmd prints that line with printf and
    reads stdin without flushing, so in a pipe the line would wait."""
    with Process(["stdbuf", "-oL", *args], prefix=prefix, cwd=cwd, deadline=deadline,
                 stdin=subprocess.PIPE) as p:
        p.wait_for("Press enter to exit", 60)
        time.sleep(forward_s)
        try:
            p.write("\n")
            p.proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass  # it ended already
        rc = p.wait(60)
        return Result(p.args, rc, p.out)


def start(test, args, **kw):
    """A Process the test case owns: closed in its cleanup, pass or fail
    (test None: the caller closes it, e.g. with a with block)."""
    p = Process(args, **kw)
    if test is not None:
        test.addCleanup(p.close)
    return p


def start_pmdfwd(test, eal, app, *, prefix, **kw):
    """An owned pmdfwd with EAL arguments eal (its --file-prefix prefix
    among them); batch runs must carry --run-time (with_safety_limit)."""
    args = pmdfwd_args(eal, app)
    check_run_time(args)
    return start(test, args, prefix=prefix, **kw)
