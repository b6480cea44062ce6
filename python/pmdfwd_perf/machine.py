"""What the machine offers: CPUs to pin on, cache sizes, hugepages.

Two measurement mistakes this module exists to prevent:

* two busy-polling threads on one core. A DPDK forwarding lcore spins at
  100%; if the forwarder and the generator (or two forwarding lcores) share a
  core, the figure measures the scheduler, not the code. Layouts that need
  more busy cores than the machine has are skipped with the reason given.
  The main lcore only sleeps between stats prints, so it may share a core.
* ring-rig working sets chosen blindly. How many packets are in flight
  decides whether the forwarder works out of L1, L2 or memory, which changes
  the figure more than most code changes; the tiers are computed from this
  machine's caches so "hot/warm/cold" mean the same thing everywhere.
"""

import os
import subprocess
from typing import Dict
from dataclasses import dataclass

from pmdfwd_dev import owned_process
# One hugepage check for tests and tools (perf's `check`, smoke tests).
from pmdfwd_dev.eal import hugepages_available  # noqa: F401

SYS_CACHE = "/sys/devices/system/cpu/cpu{cpu}/cache"
MBUF_FOOTPRINT = 2048  # bytes per mbuf + data buffer, rounded (2176 in testpmd)
TOUCHED_BYTES = 3 * 64  # lines macswap touches per packet: mbuf's two, the header's one
RING_USABLE = 1023  # a net_ring queue of 1024 entries holds 1023 packets
RING_MAX_QUEUES = 16  # net_ring's queues per port


def _read(path):
    with open(path) as f:
        return f.read()


def _size_bytes(text):
    text = text.strip().upper()
    mult = {"K": 1024, "M": 1024**2, "G": 1024**3}
    if text and text[-1] in mult:
        return int(text[:-1]) * mult[text[-1]]
    return int(text)


# glibc's names for the data caches (getconf; glibc reads CPUID on x86).
GETCONF_CACHES = {"L1d": "LEVEL1_DCACHE_SIZE", "L2": "LEVEL2_CACHE_SIZE", "L3": "LEVEL3_CACHE_SIZE"}


def cache_sizes(cpu=0, root=None, getconf="getconf"):
    """{'L1d': bytes, 'L2': bytes, 'L3': bytes} as sysfs reports them, else
    as glibc's getconf does: some VMs expose no cpu*/cache in sysfs, and the
    ring tiers still need the sizes."""
    return _sysfs_cache_sizes(root or SYS_CACHE.format(cpu=cpu)) or _getconf_cache_sizes(getconf)


def _getconf_cache_sizes(getconf):
    sizes: Dict[str, int] = {}
    for key, name in GETCONF_CACHES.items():
        try:
            res = owned_process.run([getconf, name], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    timeout=10)
            size = int(res.stdout.decode().strip() or 0) if res.returncode == 0 else 0
        except (OSError, ValueError, subprocess.TimeoutExpired):
            continue
        if size > 0:  # 0 or empty: glibc does not know this level
            sizes[key] = size
    return sizes


def _sysfs_cache_sizes(root):
    sizes: Dict[str, int] = {}
    try:
        entries = sorted(os.listdir(root))
    except OSError:
        return sizes
    for name in entries:
        if not name.startswith("index"):
            continue
        d = os.path.join(root, name)
        try:
            level = _read(os.path.join(d, "level")).strip()
            ctype = _read(os.path.join(d, "type")).strip()
            size = _size_bytes(_read(os.path.join(d, "size")))
        except (OSError, ValueError):
            continue
        if ctype == "Instruction":
            continue
        key = "L1d" if level == "1" else f"L{level}"
        sizes[key] = size
    return sizes


def allowed_cpus():
    """CPUs this process may run on (respects taskset / cgroup cpusets)."""
    try:
        return sorted(os.sched_getaffinity(0))
    except AttributeError:
        return list(range(os.cpu_count() or 1))


@dataclass
class RingTier:
    name: str  # hot / warm / cold
    bursts: int  # N in `start tx_first N`
    in_flight: int  # packets in flight over all ports and queues
    footprint: int  # bytes
    note: str  # why N is what it is, when it is not what the name promises
    queues: int = 1  # queues per port (cold may need more than the layout's)


def ring_tiers(caches, nb_ports=2, nb_queues=1, burst=32):
    """tx_first burst counts for the hot / warm / cold ring-rig working sets.

    hot  = the most bursts whose packets fit L1d (at least 1),
    warm = the most that fit L2,
    cold = the fewest whose touched lines (TOUCHED_BYTES a packet) exceed
           twice L2, so that packet data and mbufs come from beyond L2; a
           queue holds at most its 1023 usable ring entries (more would be
           dropped at tx_first and silently shrink the set), so cold adds
           queues per port (on the same cores) when full rings are not enough.
    hot and warm count whole mbufs (MBUF_FOOTPRINT), as a pool spreads them.
    """
    cap = max(1, RING_USABLE // burst)
    l1 = caches.get("L1d", 32 * 1024)
    l2 = caches.get("L2", 1024 * 1024)
    tiers = []

    def tier(name, n, note, queues=nb_queues):
        n = max(1, min(n, cap))
        per_burst = nb_ports * queues * burst * MBUF_FOOTPRINT
        size = n * per_burst
        touched = n * nb_ports * queues * burst * TOUCHED_BYTES
        if name == "hot" and touched > l1:
            note = f"1 burst's touched lines ({touched // 1024} KiB) already exceed L1d ({l1 // 1024} KiB)"
        tiers.append(RingTier(name, n, n * nb_ports * queues * burst, size, note, queues))

    per_burst = nb_ports * nb_queues * burst * MBUF_FOOTPRINT
    tier("hot", l1 // per_burst, "")
    tier("warm", l2 // per_burst, "")
    want = 2 * l2
    for queues in range(nb_queues, max(nb_queues, RING_MAX_QUEUES) + 1):
        per_burst_touched = nb_ports * queues * burst * TOUCHED_BYTES
        n = want // per_burst_touched + 1
        if n <= cap:
            break
    n = min(n, cap)
    touched = nb_ports * queues * burst * n * TOUCHED_BYTES
    note = ""
    if queues > nb_queues:
        note = (f"{queues} queues per port on the layout's cores: one queue's ring holds {RING_USABLE}; "
                f"{touched / 2**20:.1f} MiB of touched lines > 2 x L2 ({l2 // 1024} KiB)")
    if touched <= want:
        note = f"capped by {RING_MAX_QUEUES} queues x {RING_USABLE} entries: {touched / 2**20:.1f} MiB <= 2 x L2"
    tier("cold", n, note, queues)
    return tiers


@dataclass
class Layout:
    """nQnC: n queues per port polled by n forwarding lcores."""

    name: str
    queues: int
    cores: int


def parse_layout(text):
    """'1Q1C' -> Layout(1, 1); anything else is an error saying what is allowed."""
    t = text.strip().upper()
    try:
        q, c = t.rstrip("C").split("Q")
        layout = Layout(f"{int(q)}Q{int(c)}C", int(q), int(c))
    except ValueError:
        raise ValueError(f"layout {text!r}: expected <queues>Q<cores>C, e.g. 1Q1C or 2Q2C") from None
    if layout.queues < 1 or layout.cores < 1 or layout.cores > layout.queues * 2:
        raise ValueError(f"layout {text!r}: need >= 1 queue and 1..2*queues cores (2 ports)")
    return layout


def lcore_plan(cpus, forwarder_busy, generator_busy=0):
    """Pin lcores so that no two busy threads share a CPU.

    Returns (forwarder_map, generator_map) as EAL --lcores strings, or raises
    ValueError saying how many cores the layout needs. Each process gets a
    main lcore 0 on the first CPU (it only sleeps between stats prints);
    busy lcores take CPUs from the end of the list so that the first CPU,
    where the mains and the OS housekeeping run, is the last one used.
    """
    need = forwarder_busy + generator_busy
    if need > len(cpus):
        raise ValueError(f"needs {need} busy-polling cores, this machine allows {len(cpus)} ({cpus})")
    busy = list(reversed(cpus))[:need]
    fwd_cpus, gen_cpus = busy[:forwarder_busy], busy[forwarder_busy:]
    main = cpus[0]
    fwd = ",".join([f"0@{main}"] + [f"{i + 1}@{c}" for i, c in enumerate(fwd_cpus)])
    gen = ",".join([f"0@{main}"] + [f"{i + 1}@{c}" for i, c in enumerate(gen_cpus)]) if generator_busy else None
    return fwd, gen


def describe():
    """Facts about this machine worth recording next to every result."""
    info = {"cpus": allowed_cpus(), "caches": cache_sizes()}
    try:
        for line in _read("/proc/cpuinfo").splitlines():
            if line.startswith("model name"):
                info["cpu_model"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        gov = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"
        info["governor"] = _read(gov).strip()
    except OSError:
        info["governor"] = None
    info["hugepages"] = hugepages_available()[1]
    info["kernel"] = os.uname().release
    info["hostname"] = os.uname().nodename
    return info
