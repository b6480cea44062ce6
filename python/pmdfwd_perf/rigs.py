"""Rigs: the port setups a cell runs on, as command lines.

Each rig answers two questions for a matrix cell: which processes to start
(with which EAL and app options), and which of them is measured. They differ
in what the figure means:

null   two net_null ports: the PMD allocates on RX and frees on TX, so the
       figure is the engine on top of mempool alloc/free cost; no generator.
ring   two net_ring ports in one process, each port's TX ring is its own RX
       ring; `tx_first N` puts N bursts per queue in flight and the loop
       keeps them circulating. The engine dominates; N picks the cache tier.
memif  a generator process and the forwarder over two net_memif ports: the
       closest thing to NIC loopback without a NIC (two processes, shared
       memory copies, back-pressure). The generator's own TX rate is
       reported so a reader sees which side limits.
vhost  a generator process owning two net_vhost ports (vhost-user sockets,
       server side) and the forwarder on two virtio_user ports connected to
       them: every packet crosses virtio descriptor rings both ways and is
       copied into and out of the forwarder's mbufs by the other process, as
       a NIC's DMA would (DPDK's own PVP tests use this loopback). Start
       order: generator first, then wait for both sockets (virtio_user does
       not retry), then the forwarder, which needs its memory in huge pages
       it can hand over by file descriptor (--in-memory
       --single-file-segments; 22.11 refuses --single-file-segments with
       --huge-unlink).
afpacket
       a software NIC loopback: one veth pair (the cable) in a network
       namespace of the forwarder's own (unshare --net), net_af_packet on
       each end; --tx-first puts bursts in flight and every frame crosses
       the kernel (AF_PACKET rings, veth) both ways. The namespace and the
       veth pair go when the forwarder exits, however it exits. Needs root
       (or CAP_SYS_ADMIN for unshare, CAP_NET_ADMIN for the link).
pcap   two net_pcap ports, each replaying one pcap file without end
       (infinite_rx=1) and dropping what it sends: null's shape (the PMD
       allocates, copies the stored frame and frees), with real headers, so
       that csum and 5tswap work on every kind of frame (pcap_frames:
       pcap-udp4, pcap-tcp4, pcap-udp6, pcap-vlan; `pcap` is all four).
pci    real NIC ports by PCI address (a lab with two cabled ports); traffic
       is started with --tx-first and loops through the cable.

All processes get their own --file-prefix (runs never share a runtime dir),
pinned --lcores (see machine.lcore_plan) and --stats-period=1.
"""

import functools
import os
import subprocess
from dataclasses import dataclass, field
from typing import Optional

from pmdfwd_dev import owned_process
from pmdfwd_dev.rig import links, netns

from . import machine, pcap_frames
from .subjects import Subject

RIGS = ("null", "ring", "memif", "vhost", "afpacket", "pcap", "pci")
# Rigs that loop --tx-first bursts through their two ports, with no generator.
LOOP_RIGS = ("ring", "afpacket", "pci")
# Rigs with a generator process beside the forwarder under test.
TWO_PROCESS_RIGS = ("memif", "vhost")
FORWARDING_MODES = ("io", "mac", "macswap", "5tswap")
GENERATOR_MODES = ("txonly", "flowgen")  # figure = TX rate
SINK_MODES = ("rxonly",)


@dataclass
class ProcSpec:
    role: str  # "subject" or "generator"
    argv: list
    wait_sockets: list = field(default_factory=list)  # start the next process once these exist
    files: dict = field(default_factory=dict)  # path -> content (str or bytes) to write first


@dataclass
class Context:
    """Run-wide settings the rigs need."""

    workdir: str
    warmup: int
    duration: int
    burst: int = 32
    no_huge: bool = False
    stats_format: str = "text"
    generator: Optional[Subject] = None  # the generator of the two-process rigs
    pci_ports: list = field(default_factory=list)
    counter: int = 0

    def prefix(self, role):
        self.counter += 1
        return f"pmdfwd-perf-{os.getpid()}-{self.counter}-{role}"


def metric_for(mode):
    """Which rate is the figure: generators are judged on what they send."""
    return "tx" if mode in GENERATOR_MODES else "rx"


def unsupported(rig, mode):
    """Why a (rig, mode) pair is not measured, or None when it is."""
    if rig in LOOP_RIGS + TWO_PROCESS_RIGS and mode in SINK_MODES:
        return f"{mode} on {rig}: nothing feeds the ports, so nothing is received"
    if rig in LOOP_RIGS and mode == "icmpecho":
        # tx_first's frames are UDP: icmpecho drops them, and the loop empties.
        return f"icmpecho on {rig}: the loop's frames are UDP, which icmpecho drops (it answers ICMP echo and ARP)"
    if rig in LOOP_RIGS and mode == "txonly":
        return f"txonly on {rig}: the loop fills up and the rate is the ring's, not the engine's"
    if rig == "afpacket":
        ok, why = afpacket_available()
        if not ok:
            return f"afpacket: {why}"
    if rig in TWO_PROCESS_RIGS and mode in GENERATOR_MODES:
        return f"{mode} on {rig}: the rig already has a generator; use the null rig for generators"
    return None


# The afpacket rig's cable, made inside the new namespace; then the
# forwarder replaces the shell (same pid, so the runner's signals and waits
# reach it).
_CABLE = [links.IPV6_OFF] + links.veth_pair("pf0", "pf1")


def in_veth_netns(argv):
    """argv run in a network namespace of its own holding the veth pair
    pf0/pf1 (both up)."""
    return netns.in_new_netns(argv, _CABLE, "afpacket-rig")


@functools.lru_cache(maxsize=None)
def afpacket_available():
    """(True, "") when this user may make the afpacket rig, else (False, why)."""
    try:
        r = owned_process.run(in_veth_netns(["true"]), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=10)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, f"unshare --net: {e}"
    if r.returncode != 0:
        return False, f"cannot make a veth pair in a new network namespace: {r.stderr.strip()}"
    return True, ""


def _eal(ctx, binary, lcores, role, vdevs=(), pci=(), shared_memory=False):
    """EAL options. shared_memory: the process hands its memory to another
    one by file descriptor (virtio_user): hugepages in one file per segment
    list, kept in memory only, so nothing is left behind either way. Its
    --file-prefix still names its runtime directory, and so its own
    telemetry socket (two instances alive at once must not share one)."""
    argv = [binary, "--lcores", lcores, "--file-prefix", ctx.prefix(role)]
    if shared_memory:
        argv += ["--in-memory", "--single-file-segments"]
    else:
        argv += ["--no-huge", "-m", "1024"] if ctx.no_huge else ["--huge-unlink"]
    if pci:
        for addr in pci:
            argv += ["-a", addr]
    else:
        argv.append("--no-pci")
    for v in vdevs:
        argv += ["--vdev", v]
    return argv


def _app(ctx, subject, mode, frame, layout, mbufs, run_seconds, forwarding_cores=None, kernel=None):
    cores = forwarding_cores or layout.cores
    args = [f"--forward-mode={mode}", "--stats-period=1", f"--nb-cores={cores}",
            f"--rxq={layout.queues}", f"--txq={layout.queues}", f"--burst={ctx.burst}", f"--txpkts={frame}"]
    if subject.has("total-num-mbufs"):
        args.append(f"--total-num-mbufs={mbufs}")
    # The subject's own kernel= wins over the cell's; a subject without
    # --macswap-kernel (testpmd) runs its one macswap in every kernel cell,
    # which makes it the reference each kernel is compared with.
    kernel = subject.kernel or kernel
    if kernel and mode == "macswap" and subject.has("macswap-kernel"):
        args.append(f"--macswap-kernel={kernel}")
    if subject.has("run-time"):
        # A safety net only: the runner stops the process once it has its
        # intervals; --run-time makes sure nothing outlives a killed runner.
        args.append(f"--run-time={run_seconds}")
    if ctx.stats_format == "json" and subject.has("stats-format"):
        args.append("--stats-format=json")
    return args + list(subject.extra_args)


def _mbufs(in_flight, layout):
    # Enough for what is in flight, RX rings, and per-lcore mempool caches;
    # small enough that parallel helpers do not run out of shared hugepages.
    return max(8192, 2 * in_flight + 4096 * layout.queues + 512 * (layout.cores + 1))


def build(cell, subject, ctx, cpus):
    """Processes for one run of `cell` with `subject`, in start order."""
    mode = subject.mode or cell.mode
    layout = cell.layout
    run_seconds = 1 + ctx.warmup + ctx.duration + 10
    if cell.rig in TWO_PROCESS_RIGS:
        fwd_map, gen_map = machine.lcore_plan(cpus, layout.cores, 1)
    else:
        fwd_map, _ = machine.lcore_plan(cpus, layout.cores)
    if cell.rig == "null":
        vdevs = [f"net_null{i},size={cell.frame}" for i in range(2)]
        argv = _eal(ctx, subject.binary, fwd_map, "fwd", vdevs)
        argv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, _mbufs(0, layout), run_seconds,
                              kernel=cell.kernel)
        return [ProcSpec("subject", argv)]
    if cell.rig == "pcap":
        kind = cell.params["frames"]
        path = os.path.join(ctx.workdir, f"{kind}-{cell.frame}.pcap")
        vdevs = [f"net_pcap{i},rx_pcap={path},infinite_rx=1" for i in range(2)]
        argv = _eal(ctx, subject.binary, fwd_map, "fwd", vdevs)
        argv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, _mbufs(0, layout), run_seconds,
                              kernel=cell.kernel)
        return [ProcSpec("subject", argv, files={path: pcap_frames.pcap(kind, cell.frame)})]
    if cell.rig in ("ring", "pci"):
        n = cell.params.get("bursts", 1)
        if cell.rig == "ring":
            argv = _eal(ctx, subject.binary, fwd_map, "fwd", [f"net_ring{i}" for i in range(2)])
        else:
            argv = _eal(ctx, subject.binary, fwd_map, "fwd", pci=ctx.pci_ports)
        in_flight = 2 * layout.queues * ctx.burst * n
        argv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, _mbufs(in_flight, layout), run_seconds,
                              kernel=cell.kernel)
        files = {}
        if n == 1:
            argv.append("--tx-first")
        else:
            if not subject.has("cmdline-file"):
                raise ValueError(f"subject {subject.label} has no --cmdline-file: cannot start tx_first {n}")
            path = os.path.join(ctx.workdir, f"txfirst{n}.cmd")
            files[path] = f"start tx_first {n}\n"
            argv.append(f"--cmdline-file={path}")
        return [ProcSpec("subject", argv, files=files)]
    if cell.rig == "afpacket":
        vdevs = [f"net_af_packet{i},iface=pf{i},qpairs={layout.queues}" for i in range(2)]
        argv = _eal(ctx, subject.binary, fwd_map, "fwd", vdevs)
        in_flight = 2 * layout.queues * ctx.burst
        argv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, _mbufs(in_flight, layout), run_seconds,
                              kernel=cell.kernel)
        return [ProcSpec("subject", in_veth_netns(argv + ["--tx-first"]))]
    if cell.rig == "memif":
        gen = ctx.generator
        sock = os.path.join(ctx.workdir, f"memif-{ctx.counter + 1}.sock")

        def memif_vdevs(role):
            return [f"net_memif{i},role={role},id={i},socket={sock},socket-abstract=no" for i in range(2)]

        # The generator is the server: it must exist before the client (the
        # client never retries), and it outlives the forwarder under test.
        gargv = _eal(ctx, gen.binary, gen_map, "gen", memif_vdevs("server"))
        gargv += ["--"] + _app(ctx, gen, "flowgen", cell.frame, layout, 16384, run_seconds + 5, forwarding_cores=1)
        fargv = _eal(ctx, subject.binary, fwd_map, "fwd", memif_vdevs("client"))
        fargv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, 16384, run_seconds, kernel=cell.kernel)
        return [ProcSpec("generator", gargv, wait_sockets=[sock]), ProcSpec("subject", fargv)]
    if cell.rig == "vhost":
        if ctx.no_huge:
            raise ValueError("the vhost rig needs hugepages (virtio_user shares its memory by file descriptor)")
        gen = ctx.generator
        n = ctx.counter + 1
        socks = [os.path.join(ctx.workdir, f"vhost-{n}-{i}.sock") for i in range(2)]
        gargv = _eal(ctx, gen.binary, gen_map, "gen",
                     [f"net_vhost{i},iface={socks[i]},queues={layout.queues}" for i in range(2)])
        gargv += ["--"] + _app(ctx, gen, "flowgen", cell.frame, layout, 16384, run_seconds + 5, forwarding_cores=1)
        fargv = _eal(ctx, subject.binary, fwd_map, "fwd",
                     [f"virtio_user{i},path={socks[i]},queues={layout.queues}" for i in range(2)],
                     shared_memory=True)
        fargv += ["--"] + _app(ctx, subject, mode, cell.frame, layout, 16384, run_seconds, kernel=cell.kernel)
        return [ProcSpec("generator", gargv, wait_sockets=socks), ProcSpec("subject", fargv)]
    raise ValueError(f"unknown rig {cell.rig!r}: use one of {', '.join(RIGS)}")
