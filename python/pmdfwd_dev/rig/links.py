"""The commands that make a loopback's links, as argv lists.

One list of commands serves both ways a rig is made: run in this process's
namespace (run_all) or written as the prologue of a shell that then becomes
the forwarder (prologue), so a rig's links are described once.
"""
import shlex
import shutil
import subprocess
from typing import List, Sequence

from pmdfwd_dev import owned_process

Command = List[str]

# The kernel's own traffic (IPv6 router solicitations, DAD) would cross the
# links and be counted by the forwarder: links made after this have none.
IPV6_OFF = ["sh", "-c", "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6"]
# With br_netfilter loaded, bridged frames would go through iptables; the
# files exist only then, hence the test.
BRIDGE_NETFILTER_OFF = ["sh", "-c", "for f in /proc/sys/net/bridge/bridge-nf-call-iptables "
                        "/proc/sys/net/bridge/bridge-nf-call-ip6tables /proc/sys/net/bridge/bridge-nf-call-arptables; "
                        "do [ ! -e $f ] || echo 0 > $f; done"]
LO_UP = ["ip", "link", "set", "lo", "up"]


def veth_pair(a: str, b: str) -> List[Command]:
    """A veth pair a==b (the cable), both ends up."""
    return [["ip", "link", "add", a, "type", "veth", "peer", "name", b],
            ["ip", "link", "set", a, "up"], ["ip", "link", "set", b, "up"]]


def bridge(name: str, *ports: str, port_mtu: int = 0) -> List[Command]:
    """A bridge that is a wire (multicast snooping off: it floods
    multicast; no STP and no forwarding delay: a port forwards as soon as it
    is up), with ports enslaved and up."""
    cmds = [["ip", "link", "add", name, "type", "bridge", "stp_state", "0", "forward_delay", "0",
             "mcast_snooping", "0"]]
    for p in ports:
        cmds.append(["ip", "link", "set", p] + (["mtu", str(port_mtu)] if port_mtu else []) + ["master", name, "up"])
    return cmds + [["ip", "link", "set", name, "up"]]


def run_all(cmds: Sequence[Command], timeout: float = 30) -> str:
    """Runs cmds in order in this process's namespace (owned: none outlives
    us). "" when all succeeded, else which failed and why."""
    for cmd in cmds:
        if shutil.which(cmd[0]) is None:
            return f"{cmd[0]}: not installed (Debian: iproute2)"
        r = owned_process.run(list(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=timeout)
        if r.returncode != 0:
            return f"{' '.join(cmd)}: {r.stderr.strip()}"
    return ""


def prologue(cmds: Sequence[Command]) -> str:
    """cmds as one shell text that stops at the first failure and then
    replaces itself with its arguments ("$@"): the program keeps the
    shell's pid, so whoever started it signals and waits on it directly."""
    return " && ".join([shlex.join(c) for c in cmds] + ['exec "$@"'])
