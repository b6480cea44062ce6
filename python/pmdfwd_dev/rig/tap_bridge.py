"""Keeps net_tap's kernel interfaces in the bridges of a software NIC
loopback (scripts/dts-veth-rig.sh --pmd tap, tests/e2e/test_tap_bridge.py):

    python3 -m pmdfwd_dev.rig.tap_bridge TAP,BRIDGE,MAC ...   (runs until killed)

net_tap makes its interface (iface=TAP) when the port probes and removes it
when the process ends, and a harness starts the forwarder again and again:
each TAP that appears goes into BRIDGE. net_tap also gives TAP the port's
MAC; on a bridge port that MAC is the bridge's own, and frames to it go up
to the host instead of out to the port. So TAP keeps MAC (any other), set
again whenever the PMD sets it back (at start, and on a MAC change); the MAC
the PMD set is the port's, and the bridge sends frames to it to TAP. A NIC
drops unicast frames to other MACs unless promiscuous; net_tap filters
nothing, so the bridge does it for the port: it floods unknown unicast to
TAP only while the PMD holds TAP promiscuous (TAP's promiscuity is then 2:
the bridge's and the PMD's), and multicast only while the PMD holds it
promiscuous or all-multicast (net_tap keeps no multicast list in the kernel:
listed groups are not told apart; broadcast always passes). Works from link events (ip monitor), not by
polling; needs iproute2 and CAP_NET_ADMIN in the namespace of the links.
Exit: 2 on bad usage, 143 on SIGTERM, SIGINT or SIGHUP.
"""
import fcntl
import os
import re
import select
import signal
import subprocess
import sys
from typing import Callable, List, NamedTuple, Optional, Sequence

from pmdfwd_dev import owned_process

USAGE = "usage: dts-tap-bridge.sh TAP,BRIDGE,MAC ... (e.g. dtap0,brs0,02:00:00:00:ee:00)"
_MAC = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$")
# A tap's birth is a burst of events (made, MAC, up, flags): the burst is
# read whole, then one pass, so that a forwarder's start-up does not wait on
# a queue of passes (a harness sends its first frames about a second after
# the prompt).
BURST_GAP_S = 0.02


class Spec(NamedTuple):
    tap: str
    bridge: str
    mac: str


class UsageError(Exception):
    pass


def ip(*args: str) -> Optional[str]:
    """ip's output, or None when it failed (a tap that went away meanwhile)."""
    r = owned_process.run(list(args), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=10)
    return r.stdout if r.returncode == 0 else None


Runner = Callable[..., Optional[str]]


def parse_specs(args: Sequence[str], run: Runner = ip) -> List[Spec]:
    """The TAP,BRIDGE,MAC arguments, checked (UsageError says what is wrong)."""
    if not args:
        raise UsageError(USAGE)
    specs = []
    for arg in args:
        parts = arg.split(",")
        if len(parts) != 3 or not parts[0] or not parts[1] or not _MAC.match(parts[2]):
            raise UsageError(f"'{arg}': want TAP,BRIDGE,MAC with MAC in lower-case xx:xx:xx:xx:xx:xx")
        if run("ip", "link", "show", "dev", parts[1]) is None:
            raise UsageError(f"'{arg}': no bridge '{parts[1]}'")
        specs.append(Spec(*parts))
    return specs


def field(text: str, name: str) -> str:
    """The word after ' name ' in text ("" when absent)."""
    words = text.split()
    return words[words.index(name) + 1] if name in words[:-1] else ""


def fix(spec: Spec, run: Runner = ip) -> None:
    """One tap put right: its MAC first (the bridge takes its ports' MACs),
    then its bridge, the port's MAC in the bridge's table, its flooding."""
    out = run("ip", "-d", "-o", "link", "show", "dev", spec.tap)
    if out is None:
        return
    port_mac = ""
    if f"link/ether {spec.mac} " not in out:
        port_mac = field(out, "link/ether")
        run("ip", "link", "set", "dev", spec.tap, "address", spec.mac)
    if f" master {spec.bridge} " not in out:
        run("ip", "link", "set", "dev", spec.tap, "master", spec.bridge)
        out = run("ip", "-d", "-o", "link", "show", "dev", spec.tap)
        if out is None:
            return
    if port_mac:
        run("bridge", "fdb", "replace", port_mac, "dev", spec.tap, "master", "static")
    promiscuity = field(out, "promiscuity")
    promisc = promiscuity.isdigit() and int(promiscuity) >= 2
    # The flags ip shows are the ones asked for from user space (the PMD's),
    # not the bridge's counts.
    allmulti = "ALLMULTI" in out.partition("<")[2].partition(">")[0].split(",")
    for flag, on in (("flood", promisc), ("mcast_flood", promisc or allmulti)):
        want = "on" if on else "off"
        # Only on a change: setting it makes an event of its own.
        if f" master {spec.bridge} " in out and f" {flag} {want} " not in out:
            run("bridge", "link", "set", "dev", spec.tap, flag, want)


def fix_all(specs: Sequence[Spec], run: Runner = ip) -> None:
    for spec in specs:
        fix(spec, run)


def lock_path() -> str:
    """One lock per network namespace (the links' own)."""
    return f"/run/lock/pmdfwd-tap-bridge-{os.stat('/proc/self/ns/net').st_ino}.lock"


def fix_all_locked(specs: Sequence[Spec], run: Runner = ip) -> None:
    """fix_all, one pass at a time in this network namespace (the watcher's
    and rig.prompt_gate's): a pass reads the links and then writes them; one
    that read before a change and wrote after another pass would undo it."""
    with open(lock_path(), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        fix_all(specs, run)


def _stop(signum, frame):
    raise SystemExit(143)


def watch(specs: Sequence[Spec]) -> None:
    """Fixes the taps now and after every burst of link events, until killed."""
    fix_all_locked(specs)
    # The monitor first, then one more pass: a tap made in between is caught
    # by the pass, any later one by its events. The monitor is owned: it goes
    # with this process, however it ends.
    with owned_process.OwnedProcess(["ip", "monitor", "link"], deadline=None, stdout=subprocess.PIPE, bufsize=0,
                                    stderr=subprocess.DEVNULL) as monitor:
        assert monitor.proc.stdout is not None
        events = monitor.proc.stdout.fileno()
        fix_all_locked(specs)
        while os.read(events, 65536):
            while select.select([events], [], [], BURST_GAP_S)[0]:
                if not os.read(events, 65536):
                    return
            fix_all_locked(specs)


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        specs = parse_specs(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        print(f"dts-tap-bridge: {e}", file=sys.stderr)
        return 2
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, _stop)
    watch(specs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
