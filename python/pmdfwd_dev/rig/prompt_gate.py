"""Runs a forwarder on a pseudo-terminal of its own and holds back each of
its prompts until net_tap's kernel interfaces are bridged as the tap watcher
(rig.tap_bridge) keeps them:

    python3 -m pmdfwd_dev.rig.prompt_gate --binary PATH [--prompt TEXT] \\
        --tap TAP,BRIDGE,MAC ... -- ARGV0 ARGS...

A harness such as DTS sends its frames as soon as it sees the prompt. The
watcher follows link events and is always a little behind: the first frames
after the start (dtapN not in its bridge yet) and after `port start` (net_tap
gives dtapN the port's MAC again, which makes it the bridge's own: frames to
it go to the host) were lost. Here every prompt comes only after a pass of
the watcher's fixes made once the command that printed it is done, so the
bridges are settled whenever the harness may send.

The forwarder runs as ARGV0 (its prompt may follow its name); bytes pass
both ways unchanged (this terminal raw, the forwarder's own terminal does
what the forwarder asks of it). Exits with the forwarder's status (128 + N
for a death by signal N).
"""
import errno
import fcntl
import os
import pty
import select
import sys
import termios
import tty
from typing import Callable, List, NamedTuple, Optional, Sequence

from . import tap_bridge

USAGE = ("usage: prompt_gate --binary PATH [--prompt TEXT] --tap TAP,BRIDGE,MAC ... -- ARGV0 [ARGS...]")
DEFAULT_PROMPT = "testpmd> "
# How long the start of what may be a prompt waits for the rest of it.
HOLD_S = 0.05


class Options(NamedTuple):
    binary: str
    prompt: bytes
    specs: List[tap_bridge.Spec]
    argv: List[str]


def parse(args: Sequence[str], run: tap_bridge.Runner = tap_bridge.ip) -> Options:
    """The command line, checked (tap_bridge.UsageError says what is wrong)."""
    if "--" not in args:
        raise tap_bridge.UsageError(USAGE)
    split = list(args).index("--")
    own, argv = list(args[:split]), list(args[split + 1:])
    binary, prompt, taps = "", DEFAULT_PROMPT, []
    while own:
        name = own.pop(0)
        if name not in ("--binary", "--prompt", "--tap") or not own:
            raise tap_bridge.UsageError(USAGE)
        value = own.pop(0)
        if name == "--binary":
            binary = value
        elif name == "--prompt":
            prompt = value
        else:
            taps.append(value)
    if not binary or not argv or not prompt:
        raise tap_bridge.UsageError(USAGE)
    if not os.access(binary, os.X_OK):
        raise tap_bridge.UsageError(f"--binary {binary}: not an executable")
    return Options(binary, prompt.encode(), tap_bridge.parse_specs(taps, run), argv)


class Gate:
    """The forwarder's output on its way out: what precedes a prompt goes at
    once; a prompt waits for settle(). A prompt split across reads is held
    until it is whole (or turns out not to be one)."""

    def __init__(self, prompt: bytes, settle: Callable[[], None], write: Callable[[bytes], None]):
        self.prompt, self.settle, self.write = prompt, settle, write
        self.held = b""

    def feed(self, data: bytes) -> None:
        data, self.held = self.held + data, b""
        first = data.find(self.prompt)
        if first >= 0:
            # Every prompt of the burst after the pass: the harness may act
            # on the first.
            last = data.rfind(self.prompt) + len(self.prompt)
            self.write(data[:first])
            self.settle()
            self.write(data[first:last])
            data = data[last:]
        keep = self._partial_prompt_at_end(data)
        self.write(data[:len(data) - keep])
        self.held = data[len(data) - keep:]

    def flush(self) -> None:
        self.write(self.held)
        self.held = b""

    def _partial_prompt_at_end(self, data: bytes) -> int:
        for n in range(min(len(data), len(self.prompt) - 1), 0, -1):
            if self.prompt.startswith(data[-n:]):
                return n
        return 0


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


def _copy_window_size(src: int, dst: int) -> None:
    try:
        fcntl.ioctl(dst, termios.TIOCSWINSZ, fcntl.ioctl(src, termios.TIOCGWINSZ, b"\0" * 8))
    except OSError:
        pass  # not a terminal: the forwarder keeps its default size


def relay(master: int, gate: Gate, stdin: int = 0) -> None:
    """Bytes both ways until the forwarder's side closes."""
    inputs = [master, stdin]
    while True:
        ready = select.select(inputs, [], [], HOLD_S if gate.held else None)[0]
        if not ready:
            gate.flush()  # what looked like the start of a prompt was not one
        if stdin in ready:
            data = os.read(stdin, 65536)
            if data:
                _write_all(master, data)
            else:
                inputs.remove(stdin)  # end of input: the forwarder decides what that means
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError as e:
                if e.errno != errno.EIO:  # EIO: the forwarder's side is closed
                    raise
                data = b""
            if not data:
                gate.flush()
                return
            gate.feed(data)


def run(o: Options) -> int:
    """The forwarder on its own terminal, gated; its exit status."""
    pid, master = pty.fork()
    if pid == 0:
        try:
            os.execv(o.binary, o.argv)
        finally:
            os._exit(127)
    saved = None
    if os.isatty(0):
        _copy_window_size(0, master)
        saved = termios.tcgetattr(0)
        tty.setraw(0, termios.TCSANOW)  # not TCSAFLUSH: input typed already (a harness's first newline) stays
    try:
        gate = Gate(o.prompt, lambda: tap_bridge.fix_all_locked(o.specs), lambda b: _write_all(1, b))
        relay(master, gate)
    finally:
        if saved is not None:
            termios.tcsetattr(0, termios.TCSAFLUSH, saved)
        os.close(master)
    status = os.waitpid(pid, 0)[1]
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        o = parse(sys.argv[1:] if argv is None else argv)
    except tap_bridge.UsageError as e:
        print(f"prompt_gate: {e}", file=sys.stderr)
        return 2
    return run(o)


if __name__ == "__main__":
    sys.exit(main())
