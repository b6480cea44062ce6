"""Runs DPDK's DTS (its own runner and suites, unmodified, from a DPDK tree
given here, never from this repository) against one forwarder binary on a
software NIC loopback, as a DPDK CI would on a machine without a NIC:

  SUT  net_af_packet on sut0, sut1 ==veth== tg0, tg1  TG (DTS's scapy)

or, with --pmd tap, net_tap ports whose kernel interfaces are bridged to the
SUT's ends of the veth pairs (rig.tap_bridge), so that the TG keeps its own
link and the PMD reports what net_tap can do (promisc, allmulti, MTU, MAC
filters, checksum offloads):

  SUT  net_tap (dtap0, dtap1) --bridge brs0, brs1-- sut0, sut1 ==veth== tg0, tg1  TG

Everything lives in namespaces of its own (network, mount, pid; the rig
runs in a child that is the pid namespace's init): the veth pairs, an sshd on 127.0.0.1 (root login with a key made
per run), a private /run/dpdk (DTS kills every DPDK process it finds there),
stand-ins for `sudo` (root already) and `lshw` (rig.dts_files). When the
init ends, however it ends, the kernel ends everything in its namespace and
the namespaces go; SIGTERM, SIGINT or SIGHUP to this process (passed on)
ends it with 143, and a SIGKILL of this process kills it too.
Needs root. scripts/dts-veth-rig.sh is the entry point (same arguments):

  scripts/dts-veth-rig.sh --dts DPDK_TREE --binary PATH --out DIR \\
      [--pmd af_packet|tap] [--suites a,b] [--each-suite] [--python-root ROOT]
      [--sshd DIR] [--timeout S] [--root ROOT]

--dts          a DPDK tree holding dts/ and usertools/ (e.g. DPDK main's)
--binary       the forwarder DTS runs as dpdk-testpmd (pmdfwd, or
               /usr/bin/dpdk-testpmd for the control run)
--out          where the run's files, DTS's output, summary.txt (exit and
               time of each run) and cases.txt (every case's result) go
--pmd          the SUT ports' PMD: af_packet (default) on the veths, or tap
               (net_tap, its kernel interface bridged to the veth)
--suites       DTS test suites (default: DTS's own choice, every suite of
               the kinds the run enables: functional)
--each-suite   one DTS run per suite (a critical error ends only its own
               suite), each under OUT/SUITE; default: one run
--timeout      seconds for one DTS run (default 7200)
--python-root  a root (debootstrap) whose python3 has DTS's dependencies
               (pydantic 2, fabric, aenum, scapy, yaml); default: this host's
--sshd         a root with usr/sbin/sshd (e.g. openssh-server's .deb
               unpacked with dpkg -x); default: /
--root         the binary is built in this Debian root (scripts/dpdk-matrix's,
               e.g. /var/cache/pmdfwd/roots/sid for DPDK 25.11): it runs here,
               without a chroot, by the root's dynamic loader with the root's
               libraries and DPDK drivers (EAL -d); VERSION and dpdk-dumpcap
               are the root's

As run for issue 17 (DTS from DPDK main; its Python deps from Debian 13,
which has pydantic 2, in a debootstrap root; sshd from openssh-server's
.deb unpacked with dpkg -x):
  debootstrap --variant=minbase --include=python3,python3-pydantic,\\
    python3-fabric,python3-scapy,python3-aenum,python3-yaml,\\
    python3-typing-extensions,python3-cffi-backend trixie /work/dts-run/trixie MIRROR
  scripts/dts-veth-rig.sh --dts /work/dts-run/dpdk --binary build/pmdfwd \\
    --out /work/dts-run/pmdfwd --sshd /work/dts-run/ssh \\
    --python-root /work/dts-run/trixie --each-suite

Exit: 0 once the runs are done (a failing DTS run is a result: summary.txt
and cases.txt say how each went), 2 on bad usage or a missing tool, 143 on
SIGTERM, SIGINT or SIGHUP, 1 when a step of the rig fails (the step is named).
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence

from pmdfwd_dev import owned_process

from . import dts_files, dts_runs, links, netns

SCRIPT = "scripts/dts-veth-rig.sh"
SSHD_START_S = 30.0


class Fatal(Exception):
    """Ends the rig with a message and an exit status."""

    def __init__(self, message: str, status: int = 2):
        super().__init__(message)
        self.status = status


class Options(NamedTuple):
    dts: Path
    binary: Path
    out: Path
    suites: List[str]
    python_root: Optional[Path]
    sshd_root: Path
    timeout: int
    each: bool
    pmd: str
    root: Optional[dts_files.RootRun]


_VALUED = {"--dts", "--binary", "--out", "--suites", "--python-root", "--sshd", "--timeout", "--pmd", "--root"}


def parse(argv: Sequence[str]) -> Options:
    """The command line, checked (Fatal says what is wrong and what is allowed)."""
    given = {"--sshd": "/", "--timeout": "7200", "--pmd": "af_packet", "--suites": ""}
    each = False
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--each-suite":
            each, i = True, i + 1
        elif arg in _VALUED and i + 1 < len(argv):
            given[arg], i = argv[i + 1], i + 2
        elif arg in _VALUED:
            raise Fatal(f"{arg} needs a value (see the head of {SCRIPT})")
        else:
            raise Fatal(f"unknown argument '{arg}' (see the head of {SCRIPT})")
    for required in ("--dts", "--binary", "--out"):
        if not given.get(required):
            raise Fatal(f"{required} {'DIR' if required != '--binary' else 'PATH'} is required")
    dts = Path(os.path.realpath(given["--dts"]))
    if not (dts / "dts").is_dir() or not (dts / "usertools").is_dir():
        raise Fatal(f"--dts {dts}: no dts/ and usertools/ there")
    binary = Path(os.path.realpath(given["--binary"]))
    if not binary.is_file() or not os.access(binary, os.X_OK):
        raise Fatal(f"--binary {binary}: not an executable")
    if given["--pmd"] not in dts_files.PMDS:
        raise Fatal(f"--pmd '{given['--pmd']}': allowed are af_packet and tap")
    if not given["--timeout"].isdigit() or int(given["--timeout"]) < 1:
        raise Fatal(f"--timeout '{given['--timeout']}': allowed is a number of seconds, 1 or more")
    suites = [s for s in given["--suites"].split(",") if s]
    unknown = dts_runs.unknown_suites(dts, suites)
    if unknown:
        raise Fatal(f"--suites: no DTS suite '{unknown[0]}'")
    pyroot = Path(os.path.realpath(given["--python-root"])) if given.get("--python-root") else None
    root = None
    if given.get("--root"):
        try:
            root = dts_files.root_run(os.path.realpath(given["--root"]))
        except ValueError as e:
            raise Fatal(f"--root {given['--root']}: {e}")
    return Options(dts, binary, Path(given["--out"]), suites, pyroot, Path(os.path.realpath(given["--sshd"])),
                   int(given["--timeout"]), each, given["--pmd"], root)


def sh(*argv: str, env: Optional[dict] = None) -> str:
    """One step of the rig; Fatal (status 1) names it when it fails."""
    r = owned_process.run(list(argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60,
                          env=env)
    if r.returncode != 0:
        raise Fatal(f"{' '.join(argv)}: {r.stderr.strip() or f'exit {r.returncode}'}", 1)
    return r.stdout


def make_links(pmd: str) -> None:
    """DTS's two-link topology; with tap, the SUT ends bridged. The bridge
    is a wire: snooping off (it floods multicast), no netfilter on bridged
    frames, and the veth's MTU out of the way (net_tap's MTU on dtapN is what
    limits, as a NIC's would; DTS sets the TG's)."""
    cmds = [links.IPV6_OFF, links.LO_UP]
    for sut, tg in zip(dts_files.SUT_IFACES, dts_files.TG_IFACES):
        cmds += links.veth_pair(sut, tg)
    if pmd == "tap":
        cmds.append(links.BRIDGE_NETFILTER_OFF)
        for i, sut in enumerate(dts_files.SUT_IFACES):
            cmds += links.bridge(f"brs{i}", sut, port_mtu=65535)
    why = links.run_all(cmds)
    if why:
        raise Fatal(why, 1)


def start_tap_bridge() -> owned_process.OwnedProcess:
    """The helper that bridges each new dtapN and keeps its kernel MAC apart
    from the port's (rig.tap_bridge); it ends with this process."""
    return owned_process.OwnedProcess([sys.executable, "-m", "pmdfwd_dev.rig.tap_bridge", *dts_files.tap_specs()],
                                      deadline=None)


def make_tree(o: Options, rig: Path) -> None:
    """The tree DTS takes as a precompiled DPDK: build/app/dpdk-testpmd is
    the binary under test (with tap, behind rig.prompt_gate; with --root,
    run by the root's loader); dpdk-dumpcap that of the DPDK the binary is
    built on (packet_capture starts it), whose version VERSION says."""
    app = rig / "tree" / "build" / "app"
    gate = (sys.executable, str(Path(__file__).resolve().parents[2])) if o.pmd == "tap" else None
    if gate or o.root:
        (app / "dpdk-testpmd").write_text(dts_files.testpmd_script(str(o.binary), gate, o.root))
        (app / "dpdk-testpmd").chmod(0o755)
    else:
        os.symlink(o.binary, app / "dpdk-testpmd")
    if o.root:
        dumpcap = Path(o.root.libs).parents[1] / "bin" / "dpdk-dumpcap"
        if dumpcap.is_file():
            (app / "dpdk-dumpcap").write_text(dts_files.testpmd_script(str(dumpcap), None, o.root))
            (app / "dpdk-dumpcap").chmod(0o755)
        (rig / "tree" / "VERSION").write_text(o.root.version + "\n")
        return
    host_dumpcap = shutil.which("dpdk-dumpcap")
    if host_dumpcap:
        os.symlink(host_dumpcap, app / "dpdk-dumpcap")
    r = owned_process.run(["pkg-config", "--modversion", "libdpdk"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, timeout=30)
    (rig / "tree" / "VERSION").write_text(r.stdout if r.returncode == 0 else "unknown\n")


def make_stand_ins(o: Options, rig: Path) -> None:
    """lshw and sudo stand-ins in a private /usr/local/sbin, which root's
    ssh sessions search first."""
    macs = {i: Path(f"/sys/class/net/{i}/address").read_text().strip()
            for i in dts_files.SUT_IFACES + dts_files.TG_IFACES}
    (rig / "lshw.json").write_text(dts_files.lshw_json(o.pmd, macs))
    (rig / "bin" / "lshw").write_text(dts_files.lshw_script(o.pmd, f"{rig}/lshw.json"))
    (rig / "bin" / "sudo").write_text(dts_files.SUDO_SCRIPT)
    sh("mount", "-t", "tmpfs", "tmpfs", "/usr/local/sbin")
    for name in ("lshw", "sudo"):
        (rig / "bin" / name).chmod(0o755)
        shutil.copy(rig / "bin" / name, "/usr/local/sbin/")


def start_sshd(o: Options, rig: Path) -> None:
    """sshd on 127.0.0.1 with keys of this run only; it daemonizes, and ends
    with the namespace."""
    sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{rig}/host_key")
    sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{rig}/home/.ssh/id_ed25519")
    shutil.copy(rig / "home" / ".ssh" / "id_ed25519.pub", rig / "authorized_keys")
    sshd = o.sshd_root / "usr" / "sbin" / "sshd"
    if not os.access(sshd, os.X_OK):
        raise Fatal(f"no sshd at {sshd} (give --sshd ROOT)")
    if owned_process.run(["getent", "passwd", "sshd"], stdout=subprocess.DEVNULL, timeout=30).returncode != 0:
        # Its privilege separation user, in a passwd of this namespace only.
        (rig / "passwd").write_text(Path("/etc/passwd").read_text()
                                    + "sshd:x:65500:65534::/run/sshd:/usr/sbin/nologin\n")
        sh("mount", "--bind", f"{rig}/passwd", "/etc/passwd")
    os.makedirs("/run/sshd", exist_ok=True)
    sh("mount", "-t", "tmpfs", "-o", "mode=755", "tmpfs", "/run/sshd")
    (rig / "sshd_config").write_text(dts_files.sshd_config(str(rig), f"{o.sshd_root}/usr/lib/openssh/sftp-server"))
    libs = f"{o.sshd_root}/usr/lib/x86_64-linux-gnu:{o.sshd_root}/lib/x86_64-linux-gnu"
    # In the foreground (-D), owned: sshd would not daemonize anyway, since
    # its parent is the pid namespace's init (it takes itself for daemonized
    # already and keeps our pipes).
    p = owned_process.OwnedProcess([str(sshd), "-D", "-f", f"{rig}/sshd_config", "-E", f"{rig}/sshd.log"],
                                   deadline=None, env={**os.environ, "LD_LIBRARY_PATH": libs},
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_listening(p.proc, rig / "sshd.log")


def wait_listening(proc: subprocess.Popen, log: Path, timeout_s: float = SSHD_START_S) -> None:
    """Returns once something accepts on 127.0.0.1:22; Fatal (1) with
    sshd's log when it ends first or takes too long."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", 22), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    why = log.read_text(errors="replace").strip() if log.exists() else ""
    raise Fatal(f"sshd did not start listening on 127.0.0.1:22: {why or f'exit {proc.poll()}'}", 1)


def build(o: Options, out: Path) -> Path:
    """The rig, inside the namespaces: mounts, links, files, sshd. Returns
    its directory (OUT/rig)."""
    rig = out / "rig"
    shutil.rmtree(rig, ignore_errors=True)
    for d in ("home/.ssh", "bin", "tree/build/app"):
        (rig / d).mkdir(parents=True)
    # sysfs as this network namespace sees it (/sys/class/net: the veths).
    sh("mount", "-t", "sysfs", "sysfs", "/sys")
    make_links(o.pmd)
    if o.pmd == "tap":
        start_tap_bridge()
    # A private runtime directory for DPDK.
    os.makedirs("/run/dpdk", exist_ok=True)
    sh("mount", "-t", "tmpfs", "tmpfs", "/run/dpdk")
    make_tree(o, rig)
    make_stand_ins(o, rig)
    start_sshd(o, rig)
    (rig / "nodes.yaml").write_text(dts_files.nodes_yaml(o.pmd))
    if o.python_root:
        for d in ("/proc", "/dev", "/sys", "/work", "/tmp", "/run"):
            os.makedirs(f"{o.python_root}{d}", exist_ok=True)
            sh("mount", "--rbind", d, f"{o.python_root}{d}")
    return rig


def _stop(signum, frame):
    raise SystemExit(143)


def inside(o: Options) -> int:
    """The rig and its runs, as the namespaces' init: the kernel spares it
    any signal it has no handler for, so SIGTERM, SIGINT and SIGHUP get one
    that ends the run (and the namespaces, and everything in them)."""
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, _stop)
    # /proc of this pid namespace (its pids only), on a private mount table.
    sh("mount", "--make-rprivate", "/")
    sh("mount", "-t", "proc", "proc", "/proc")
    o.out.mkdir(parents=True, exist_ok=True)
    out = Path(os.path.realpath(o.out))
    rig = build(o, out)
    dts_runs.run_all(o.dts, rig, out, o.suites, o.each, o.timeout, o.python_root)
    return 0


def _as_init(o: Options) -> None:
    """The child side of the fork: never returns."""
    status = 1
    try:
        owned_process.set_parent_death_signal()  # a killed parent takes the rig with it
        status = inside(o)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 1
    except Fatal as e:
        print(f"dts-veth-rig: {e}", file=sys.stderr)
        status = e.status
    except BaseException:
        # os._exit below would swallow the traceback: print it first.
        traceback.print_exc()
    finally:
        owned_process.kill_all()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def run_in_namespaces(o: Options) -> int:
    """New network, mount and pid namespaces; the rig runs in a child that
    is the pid namespace's init. This process passes SIGTERM, SIGINT and
    SIGHUP on to it and returns its exit status."""
    why = netns.unshare(netns.CLONE_NEWNS | netns.CLONE_NEWPID | netns.CLONE_NEWNET)
    if why:
        raise Fatal(why, 1)
    pid = os.fork()
    if pid == 0:
        _as_init(o)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda signum, frame: os.kill(pid, signum))
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        o = parse(list(sys.argv[1:] if argv is None else argv))
        if os.geteuid() != 0:
            raise Fatal("needs root (namespaces, veth, sshd)")
        # DTS's scapy sniffs with a BPF filter, which scapy compiles with tcpdump.
        if shutil.which("tcpdump") is None:
            raise Fatal("no tcpdump (Debian: apt-get install tcpdump)")
        return run_in_namespaces(o)
    except Fatal as e:
        print(f"dts-veth-rig: {e}", file=sys.stderr)
        return e.status


if __name__ == "__main__":
    sys.exit(main())
