"""A network namespace of this process's own, for tests that build links in it.

unshare(CLONE_NEWNET) moves only the calling process; links made there
vanish with it, so a test that dies leaves nothing behind.
"""
import ctypes
import os
import shutil
import subprocess

from . import owned_process

CLONE_NEWNET = 0x40000000


def enter_new_netns(cmds):
    """Unshare the network namespace, then run cmds (argv lists) in order.
    Returns "" on success, else why not (for a test's skip reason)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        return f"unshare(CLONE_NEWNET): {os.strerror(ctypes.get_errno())}"
    for cmd in cmds:
        if shutil.which(cmd[0]) is None:
            return f"{cmd[0]}: not installed (Debian: iproute2)"
        r = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=30)
        if r.returncode != 0:
            return f"{' '.join(cmd)}: {r.stderr.strip()}"
    return ""
