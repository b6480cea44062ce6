"""`perf compare --interleave`: A and B alive together, measured in turns.

Sequential runs on a shared VM see a different machine each time (the
neighbours' load, the host's cache, the clock), so their spread hides a few
percent. Here both subjects run on their own instance of the same rig (own
--file-prefix, own vdevs; on ring each its own loop started by --tx-first;
on memif each its own generator), and the tool lets one run at a time:

    for each pair (random A/B order):
        for X in order:  SIGCONT X's processes; wait settle;
                         read X's port counters (telemetry /ethdev/stats);
                         wait window; read them again; SIGSTOP X

The wall rate of a window is the counter delta over the wall time between
the two reads (each read time is the midpoint of its query), both taken
while X runs, so the stop/continue edges and the settle time after SIGCONT
are outside the window; its on-CPU rate is the same delta over the time X's
forwarding threads ran on a CPU (schedstat), which leaves out the time slices
the neighbours took. The pairs run in blocks of fresh instances, started A
first or B first in turn, because an instance keeps its own level (where its
memory landed) for its lifetime. The first pairs of a block are warm-up and
dropped; the rest go to perf/paired.py, which resamples blocks. TSC cycles
per packet of a window is the judged rate in another unit (TSC Hz / rate),
kept for gating on cycles (perf/costs.py).

Rigs: null, ring, memif, vhost, pcap (each instance its own generator,
sockets, pcap files and --file-prefix, hence its own telemetry socket). afpacket was not tried with two
instances; pci's two NIC ports belong to one process.
"""

import os
import random
import re
import signal
import subprocess
import time

from pmdfwd_dev import eal, owned_process
from pmdfwd_dev.telemetry import Telemetry
from pmdfwd_dev.roots import enter as roots

from . import costs, paired, rigs, runner

SUPPORTED = ("null", "ring", "memif", "vhost", "pcap")
WHY_NOT = {
    "afpacket": "two afpacket instances alive at once (two namespaces, two veth pairs) were not tried",
    "pci": "the pci rig's two NIC ports can be owned by one process at a time",
}


def unsupported(rig):
    """Why the interleaved mode cannot run rig, or None."""
    if rig in SUPPORTED:
        return None
    return WHY_NOT.get(rig, f"rig {rig!r} is not one of {', '.join(SUPPORTED)}")


# The kernel's own words for the TSC rate: the refined calibration when it
# did one, else the first estimate (a VM's kernel often stops there).
_TSC_LOG = (re.compile(r"Refined TSC clocksource calibration: ([\d.]+) MHz"),
            re.compile(r"tsc: Detected ([\d.]+) MHz processor"))


def tsc_hz_from_log(text):
    """The TSC rate in the kernel log's text (Hz), or None."""
    for pattern in _TSC_LOG:
        found = pattern.findall(text)
        if found:
            return float(found[-1]) * 1e6
    return None


def tsc_hz():
    """The TSC frequency the kernel calibrated (cycles per second), or None:
    sysfs where the kernel exports it (few do), else the kernel log."""
    try:
        with open("/sys/devices/system/cpu/cpu0/tsc_freq_khz") as f:
            return int(f.read()) * 1000
    except (OSError, ValueError):
        pass
    try:
        res = owned_process.run(["dmesg"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return tsc_hz_from_log(res.stdout.decode(errors="replace")) if res.returncode == 0 else None


def file_prefix(argv):
    """The --file-prefix of an EAL command line (the telemetry socket's key)."""
    for i, a in enumerate(argv):
        if a == "--file-prefix" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--file-prefix="):
            return a.split("=", 1)[1]
    raise ValueError("the forwarder's command line has no --file-prefix: its telemetry socket is unknown")


def telemetry_socket(argv):
    """The telemetry socket of a forwarder's command line, as seen from this
    host: a forwarder chrooted in a Debian root (a root= subject) makes it
    inside the root, where its path's links lead there."""
    path = eal.telemetry_socket(file_prefix(argv))
    root = roots.root_of(argv[0])
    return roots.host_path(root, path) if root else path


# EAL's worker threads: rte-worker-N (22.11), lcore-worker-N (21.11), dpdk-workerN (23.11 on).
_WORKER = re.compile(r"^(rte|lcore|dpdk)-worker")


def worker_cpu_seconds(pid, proc="/proc"):
    """The on-CPU time of pid's EAL worker threads (schedstat's first field,
    nanoseconds); None where the kernel has no schedstat or no worker runs."""
    total, found = 0, False
    try:
        tids = os.listdir(f"{proc}/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            with open(f"{proc}/{pid}/task/{tid}/comm") as f:
                if not _WORKER.match(f.read()):
                    continue
            with open(f"{proc}/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
                found = True
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended between the listing and the read
    return total / 1e9 if found else None


class Instance:
    """One subject's rig instance: its processes, stopped and continued as one."""

    def __init__(self, label, specs, log_prefix, metric, startup_timeout=45.0):
        self.label = label
        self.metric = metric
        self.procs = []
        try:
            self._start(specs, log_prefix, startup_timeout)
        except BaseException:
            # Never constructed, so nobody else closes it: a forwarder that
            # started but never forwarded (icmpecho fed UDP) kept busy-polling
            # through every later cell of the run.
            self.close()
            raise

    def _start(self, specs, log_prefix, startup_timeout):
        for spec in specs:
            for path in spec.wait_sockets:
                if os.path.exists(path):
                    os.unlink(path)
            self.procs.append(runner.Proc(spec, f"{log_prefix}-{spec.role}.log"))
            for path in spec.wait_sockets:
                runner.wait_socket(path, self.procs[-1], startup_timeout)
        subject = next(p for p in self.procs if p.spec.role == "subject")
        self.subject = subject
        socket = telemetry_socket(subject.spec.argv)
        # Waiting on the socket file watches the process too: one that failed
        # to start is reported with its output, not as a connect timeout.
        runner.wait_socket(socket, subject, startup_timeout)
        self.telemetry = Telemetry(path=socket, timeout=startup_timeout)
        self.ports = self.telemetry.query("/ethdev/list")
        if not self.ports:
            raise runner.RunError(f"{self.label}: telemetry lists no ethdev ports")
        self.wait_forwarding(startup_timeout)

    def wait_forwarding(self, timeout, sleep=time.sleep):
        """Return once the counters move. The ports are listed before the
        forwarder has made its mbuf pools, and a process stopped in the middle
        of allocating holds EAL's shared lock on the hugepage directory: the
        other instance's EAL init then waits on it for as long as it stays
        stopped."""
        deadline = time.monotonic() + timeout
        _, first = self.read()
        while time.monotonic() < deadline:
            if not self.alive():
                raise runner.RunError(f"{self.label} exited before forwarding:\n{self.subject.text()[-1500:]}")
            sleep(0.05)
            _, now = self.read()
            if now > first:
                return
        raise runner.RunError(f"{self.label}: no packet counted in {timeout:.0f} s:\n{self.subject.text()[-1500:]}")

    def signal(self, sig):
        for p in self.procs:
            if p.alive():
                os.killpg(p.popen.pid, sig)

    def alive(self):
        return all(p.alive() for p in self.procs)

    def read(self):
        """(time, packets): the sum over ports of the metric's counter."""
        key = "opackets" if self.metric == "tx" else "ipackets"
        t0 = time.monotonic()
        total = sum(int(self.telemetry.query(f"/ethdev/stats,{port}")[key]) for port in self.ports)
        return (t0 + time.monotonic()) / 2, total

    def cpu_seconds(self):
        """Time the subject's forwarding threads (EAL's workers) have run on
        a CPU: what the neighbours take away from a window does not count."""
        return worker_cpu_seconds(self.subject.popen.pid)

    def close(self):
        self.signal(signal.SIGCONT)  # a stopped process cannot answer SIGINT
        telemetry = getattr(self, "telemetry", None)  # absent when the start failed before it
        if telemetry is not None:
            telemetry.close()
        for p in sorted(self.procs, key=lambda p: p.spec.role != "subject"):
            p.stop()


def window(inst, window_s, settle_s, sleep=time.sleep):
    """One window of inst: continue, settle, read, wait, read, stop."""
    inst.signal(signal.SIGCONT)
    try:
        sleep(settle_s)
        t0, c0 = inst.read()
        cpu0 = inst.cpu_seconds()
        sleep(window_s)
        t1, c1 = inst.read()
        cpu1 = inst.cpu_seconds()
    finally:
        inst.signal(signal.SIGSTOP)
    if not inst.alive():
        raise runner.RunError(f"{inst.label} exited during the interleaved run:\n{inst.subject.text()[-1500:]}")
    w = {"t0": t0, "t1": t1, "packets": c1 - c0, "rate_pps": (c1 - c0) / (t1 - t0)}
    if cpu0 is not None and cpu1 is not None and cpu1 > cpu0:
        w["cpu_s"] = cpu1 - cpu0
        w["cpu_rate_pps"] = (c1 - c0) / (cpu1 - cpu0)
    return w


def alternate(instances, pairs, warmup_pairs, window_s, settle_s, seed=1, progress=None):
    """Windows of instances (A, B) in random order per pair; a list of
    {"pair", "first", "a", "b"} (window dicts), warm-up pairs included and
    marked."""
    rng = random.Random(seed)
    out = []
    a, b = instances
    for i in range(warmup_pairs + pairs):
        order = [a, b] if rng.random() < 0.5 else [b, a]
        w = {inst.label: window(inst, window_s, settle_s) for inst in order}
        out.append({"pair": i, "warmup": i < warmup_pairs, "first": order[0].label,
                    "a": w[a.label], "b": w[b.label]})
        if progress:
            progress(i + 1, warmup_pairs + pairs)
    return out


def rate_key(windows, rate="on-cpu"):
    """Which rate of the windows to judge: packets per second on a CPU where
    every window has it (rate "on-cpu"), else per wall second."""
    if rate == "on-cpu" and windows and all("cpu_rate_pps" in w[s] for w in windows for s in ("a", "b")):
        return "cpu_rate_pps"
    return "rate_pps"


def analyse(windows, confidence, min_effect, hz=None, rate="on-cpu"):
    """The paired and the sequential judgement of the measured pairs, and
    TSC cycles per packet per window where the TSC rate is known."""
    measured = [w for w in windows if not w["warmup"]]
    # A window that counted nothing has no ratio and no cycles per packet:
    # its subject did not forward (no CPU, or it stopped); counted, not judged.
    used = [w for w in measured if w["a"]["rate_pps"] > 0 and w["b"]["rate_pps"] > 0]
    key = rate_key(used, rate)
    a = [w["a"][key] for w in used]
    b = [w["b"][key] for w in used]
    blocks = [w.get("block", 0) for w in used]
    result = {"rate": key, "empty_pairs": len(measured) - len(used),
              "paired": paired.paired(a, b, confidence, min_effect, blocks=blocks),
              "sequential_halves": paired.sequential(a[:len(a) // 2], b[len(b) // 2:], confidence, min_effect),
              "a_median_pps": sorted(a)[len(a) // 2], "b_median_pps": sorted(b)[len(b) // 2]}
    if hz:
        result["tsc_cycles_per_packet"] = costs.cycles_cell(a, b, hz, confidence, min_effect, blocks)
    return result


def start_order(subs, block):
    """Who starts first in a block: A in even blocks, B in odd ones, so that
    whatever the start order gives an instance (where its memory lands)
    falls on both subjects alike."""
    return list(subs) if block % 2 == 0 else list(reversed(subs))


def run_block(cell, subs, ctx, cpus, pairs, warmup_pairs, window_s, settle_s, log_dir, block, seed, progress):
    """Fresh instances of both subjects, started in this block's order, alternated."""
    metric = rigs.metric_for(subs[0].mode or cell.mode)
    started = {}
    try:
        for s in start_order(subs, block):
            specs = rigs.build(cell, s, ctx, cpus)
            log = os.path.join(log_dir, f"{cell.key.replace('/', '_')}-{s.label}-block{block}")
            started[s.label] = Instance(s.label, specs, log, metric)
            started[s.label].signal(signal.SIGSTOP)
        windows = alternate([started[s.label] for s in subs], pairs, warmup_pairs, window_s, settle_s, seed,
                            progress)
    finally:
        for inst in started.values():
            inst.close()
            eal.remove_runtime_dir(file_prefix(inst.subject.spec.argv))
    first = start_order(subs, block)[0].label
    return [dict(w, block=block, started_first=first) for w in windows]


def run_cell(cell, subs, ctx, cpus, pairs, warmup_pairs, window_s, settle_s, log_dir, seed=1, progress=None,
             blocks=1):
    """Both subjects' instances of cell, alternated, in `blocks` blocks of
    fresh instances (the pairs split evenly, each block with its own
    warm-up pairs); the windows, numbered across blocks."""
    out: list = []
    for k in range(blocks):
        n = pairs // blocks + (1 if k < pairs % blocks else 0)
        windows = run_block(cell, subs, ctx, cpus, n, warmup_pairs, window_s, settle_s, log_dir, k,
                            seed + 1000 * k, progress)
        out += [dict(w, pair=len(out) + i) for i, w in enumerate(windows)]
    return out


def run_seconds(pairs, warmup_pairs, window_s, settle_s, blocks=1):
    """Wall time of one block's alternation (the forwarders' --run-time must cover it)."""
    return (pairs // blocks + 1 + warmup_pairs) * 2 * (window_s + settle_s + 0.01)
