"""Network namespaces that hold a rig's links.

A link made in a network namespace vanishes with the namespace, which ends
with the last process in it: a test or a forwarder that dies, by any signal,
leaves nothing behind. Two ways in:

  enter_new_netns  this process moves itself (unshare(CLONE_NEWNET): only the
                   calling thread's namespace changes, so call it before any
                   thread starts) and makes the links there;
  in_new_netns     a child's command line: `unshare --net` runs a shell that
                   makes the links and then becomes the program.
"""
import ctypes
import os
from typing import List, Sequence

from . import links

CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET = 0x00020000, 0x20000000, 0x40000000


def unshare(flags: int = CLONE_NEWNET) -> str:
    """unshare(2) of this process: "" on success, else why not."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(flags) != 0:
        return f"unshare({flags:#x}): {os.strerror(ctypes.get_errno())}"
    return ""


def enter_new_netns(cmds: Sequence[links.Command], unshare=unshare, run=links.run_all) -> str:
    """Moves this process into a new network namespace, then runs cmds
    there. "" on success, else why not (a test's skip reason)."""
    return unshare() or run(cmds)


def in_new_netns(argv: Sequence[str], cmds: Sequence[links.Command], name: str = "rig") -> List[str]:
    """argv, run in a network namespace of its own once cmds have made its
    links (name is the shell's $0, shown in its error messages)."""
    return ["unshare", "--net", "--", "sh", "-c", links.prologue(cmds), name, *argv]
