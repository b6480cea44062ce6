# The one interactive shell driver of the end-to-end tests:
# pmdfwd_dev.shell.Shell (scripts/soak.py drives the same), over a pipe or,
# where a test checks what a harness sees on a terminal, a pseudo-terminal;
# each shell owned by its test (closed in its cleanup, pass or fail: the
# process group killed, the EAL files of its prefix removed).
import forwarder
from pmdfwd_dev.shell import Shell, ShellEnded, ShellError, ShellTimeout  # noqa: F401


def start(test, args, *, prefix=None, prompt="pmdfwd> ", terminal=False, **kw):
    """args started as a shell the test owns (test None: the caller closes
    it); nothing read yet."""
    s = Shell(args, prompt=prompt, terminal=terminal, prefix=prefix, **kw)
    if test is not None:
        test.addCleanup(s.close)
    return s


def pmdfwd(test, eal, app, *, prefix=None, timeout=60, **kw):
    """pmdfwd -i on a pipe with EAL arguments eal, at its first prompt
    (startup holds what it printed before)."""
    return start(test, forwarder.pmdfwd_args(eal, ["-i", *app]), prefix=prefix,
                 **kw).start(timeout)


def terminal(test, argv, *, prefix, prompt="testpmd>", start_timeout=60, **kw):
    """argv on a terminal, started as DTS starts it (Shell.start_as_dts)."""
    return start(test, argv, prefix=prefix, prompt=prompt, terminal=True,
                 **kw).start_as_dts(start_timeout)
