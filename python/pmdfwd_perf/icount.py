"""Instructions per forwarded packet, counted by valgrind's callgrind.

On a shared or virtual machine the clock lies (other jobs, no hardware
counters), but the instructions a forwarder executes per packet do not: they
are what a change removes or adds. `icount` runs a subject on the ring or
null rig under callgrind for a few seconds, takes the forwarding thread's
costs, and divides them by the packets it forwarded, split by stage:

  pmd     the PMD's receive and transmit functions (librte_net_*), with the
          mempool and ring code they call (librte_mempool*, librte_ring)
  loop    the subject's own code that is not the engine: the burst loop,
          rte_eth_rx/tx_burst's inline part, counters
  engine  the forwarding engine (pmdfwd: functions of the engine, by name;
          a stripped binary such as Debian's dpdk-testpmd cannot be split,
          so its engine shows as the difference to its io mode)
  other   everything else on that thread (libc, EAL)

With cache simulation (callgrind --cache-sim=yes, D1 and LL set to this
machine's L1d and L2) the D1 and LL misses per packet come too. Valgrind
3.19 has no AVX-512: kernels that need it are not usable under it.
"""

import dataclasses
import os
import re
import shutil
import subprocess
import time

from pmdfwd_dev import owned_process

from . import machine, parse, rigs, runner

RIGS = ("ring", "null", "pcap")  # callgrind runs one process: the one-process rigs
PMD_OBJECTS = re.compile(r"librte_(net_\w+|mempool\w*|ring|mbuf)\.so")
DRIVER_OBJECTS = re.compile(r"librte_net_\w+\.so")
_ANNOTATE_LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)$")
_ACCUMULATED_RX = re.compile(r"Accumulated forward statistics.*?RX-packets:\s*(\d+)", re.S)
_ACCUMULATED_TX = re.compile(r"Accumulated forward statistics.*?TX-packets:\s*(\d+)", re.S)
EVENTS_CACHE = ["Ir", "Dr", "Dw", "D1mr", "D1mw", "DLmr", "DLmw"]


class IcountError(RuntimeError):
    pass


def countable(rig: str) -> bool:
    """Whether callgrind can count a --rigs name (pcap-KIND is pcap)."""
    return rig.partition("-")[0] in RIGS


def valgrind_available():
    """(ok, reason)."""
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            return False, f"{tool} not found (apt-get install valgrind)"
    return True, "ok"


def callgrind_argv(argv, out_file, cache_sim=False, caches=None):
    """valgrind in front of a rig's command line.

    --fair-sched=yes: valgrind runs one thread at a time, and its default
    lock lets a thread that never blocks (the forwarding lcore) take it back
    at once, so the main thread, woken from its sleep, can wait for minutes:
    testpmd's once-a-second statistics then come far apart and its final
    ones not within the stop's grace, and nothing is counted."""
    vg = ["valgrind", "--tool=callgrind", "--fair-sched=yes", "--separate-threads=yes",
          f"--callgrind-out-file={out_file}"]
    if cache_sim:
        caches = caches or {}
        l1 = caches.get("L1d", 32 * 1024)
        l2 = caches.get("L2", 1024 * 1024)
        vg += ["--cache-sim=yes", f"--D1={cache_geometry(l1)}", f"--LL={cache_geometry(l2)}"]
    return vg + list(argv)


def cache_geometry(size, line=64, min_ways=8):
    """size,ways,line for callgrind, whose set count must be a power of two:
    the most sets with at least min_ways ways (a 48 KiB L1d is 64 sets of 12
    ways, as on the CPUs that have one; 8 ways would make 96 sets, which
    valgrind refuses)."""
    sets = 1
    while sets * 2 * min_ways * line <= size:
        sets *= 2
    ways, rest = divmod(size, sets * line)
    if rest:
        raise IcountError(f"a cache of {size} bytes is no whole number of {line}-byte lines in {sets} sets")
    return f"{size},{ways},{line}"


def forwarded_packets(text, metric="rx"):
    """Total RX packets (TX for a generator, metric "tx": txonly receives
    nothing) from the final 'Accumulated forward statistics' block."""
    found = (_ACCUMULATED_TX if metric == "tx" else _ACCUMULATED_RX).findall(parse.strip_ansi(text))
    if not found:
        raise IcountError("no 'Accumulated forward statistics' block in the output (did the run stop cleanly?)")
    return int(found[-1])


def thread_files(out_file):
    """The per-thread callgrind files of one run (--separate-threads)."""
    directory = os.path.dirname(out_file) or "."
    stem = os.path.basename(out_file)
    return sorted(os.path.join(directory, name) for name in os.listdir(directory)
                  if name == stem or name.startswith(stem + "-"))


def thread_total(path):
    """The instruction total in a callgrind file's header, or None."""
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    return None


def driver_ir(rows):
    """Instructions a thread spent in the net PMDs' own objects."""
    return sum(costs[0] for _, obj, costs in rows if DRIVER_OBJECTS.search(obj))


def forwarding_thread(out_file, annotate_thread):
    """(path, rows) of the thread that forwarded: the one that spent the
    most instructions in a net PMD, not the busiest one. The main thread's
    start-up (mempool population, EAL's memory) is a fixed cost; under load
    the forwarding thread gets little CPU in the seconds measured and the
    main thread can be the busier (its start-up is then divided by the
    forwarded packets). The main thread
    calls the PMD too (probe, queue flush), so the choice must be clear:
    the runner-up must have spent under a quarter of it. A binary with its
    PMDs linked in (no driver object) falls back to the busiest thread."""
    threads = []
    for path in thread_files(out_file):
        total = thread_total(path)
        if total:
            rows = function_costs(annotate_thread(path))
            threads.append((driver_ir(rows), total, path, rows))
    if not threads:
        raise IcountError(f"no callgrind output {out_file}*")
    by_driver = sorted(threads, key=lambda t: t[0], reverse=True)
    if by_driver[0][0] == 0:
        best = max(threads, key=lambda t: t[1])
        return best[2], best[3]
    if len(by_driver) > 1 and by_driver[1][0] * 4 > by_driver[0][0]:
        raise IcountError(f"two threads ran the PMD about as much ({by_driver[0][0]} and {by_driver[1][0]} "
                          "instructions): which one forwarded is unclear (more forwarding seconds help)")
    return by_driver[0][2], by_driver[0][3]


def function_costs(annotate_text):
    """callgrind_annotate's per-function lines -> [(name, object, [costs...])].

    Lines look like `1,234  ???:fn [/path/obj.so]` (one column per event
    shown); the PROGRAM TOTALS line is skipped.
    """
    rows = []
    in_functions = False
    for line in annotate_text.splitlines():
        if "file:function" in line:
            in_functions = True
            continue
        if not in_functions or not line.strip() or line.startswith("-"):
            continue
        if line.lstrip().startswith("The following"):
            break
        parts = re.sub(r"\(\s*[\d.]+%\)", " ", line).split()  # drop "( 1.2%)"
        costs = []
        i = 0
        while i < len(parts) and re.fullmatch(r"[\d,]+|\.", parts[i]):
            costs.append(0 if parts[i] == "." else int(parts[i].replace(",", "")))
            i += 1
        if not costs:
            continue
        rest = " ".join(parts[i:])
        obj = ""
        m = re.search(r"\[([^\]]+)\]\s*$", rest)
        if m:
            obj = m.group(1)
            rest = rest[:m.start()].strip()
        rows.append((rest, obj, costs))
    return rows


def classify(name, obj, subject_binary):
    if PMD_OBJECTS.search(obj):
        return "pmd"
    if obj and os.path.realpath(obj) == os.path.realpath(subject_binary):
        # A stripped binary names nothing: all of it is "loop".
        return "loop" if "lcore_main" in name or name.startswith("???:0x") else "engine"
    return "other"


def stage_costs(rows, subject_binary, nb_events):
    stages = {k: [0] * nb_events for k in ("pmd", "loop", "engine", "other")}
    for name, obj, costs in rows:
        acc = stages[classify(name, obj, subject_binary)]
        for i, c in enumerate(costs[:nb_events]):
            acc[i] += c
    return stages


def annotate(path, events):
    cmd = ["callgrind_annotate", "--threshold=100", "--inclusive=no", f"--show={','.join(events)}", path]
    res = owned_process.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=None)
    if res.returncode != 0:
        raise IcountError(f"{' '.join(cmd)} failed:\n{res.stdout.decode(errors='replace')[-1500:]}")
    return res.stdout.decode(errors="replace")


def run(spec, subject_binary, seconds, workdir, cache_sim=False, caches=None, log_path=None,
        startup_timeout=180.0, metric="rx"):
    """Run one rig process under callgrind for `seconds` of forwarding.

    Returns {"packets", "events", "per_packet": {stage: {event: x}}, "total": {event: x}}.
    """
    out_file = os.path.join(workdir, f"callgrind.{os.getpid()}.{time.monotonic_ns()}.out")
    argv = callgrind_argv(spec.argv, out_file, cache_sim, caches)
    vspec = type(spec)(spec.role, argv, files=spec.files)
    proc = runner.Proc(vspec, log_path)
    try:
        deadline = time.monotonic() + startup_timeout
        while not parse.complete_intervals(proc.text(), 2):
            if not proc.alive():
                raise IcountError(f"subject exited under valgrind:\n{proc.text()[-1500:]}")
            if time.monotonic() > deadline:
                raise IcountError(f"no stats interval after {startup_timeout:.0f} s under valgrind")
            time.sleep(0.2)
        time.sleep(seconds)
    finally:
        proc.stop(grace=60.0)
    packets = forwarded_packets(proc.text(), metric)
    if packets == 0:
        raise IcountError("nothing was forwarded")
    events = EVENTS_CACHE if cache_sim else ["Ir"]
    _, rows = forwarding_thread(out_file, lambda path: annotate(path, events))
    stages = stage_costs(rows, subject_binary, len(events))
    for name in os.listdir(workdir):
        if name.startswith(os.path.basename(out_file)):
            os.unlink(os.path.join(workdir, name))
    per_packet = {s: {e: v[i] / packets for i, e in enumerate(events)} for s, v in stages.items()}
    total = {e: sum(per_packet[s][e] for s in per_packet) for e in events}
    return {"packets": packets, "events": events, "per_packet": per_packet, "total": total}


# Choices a forwarder makes by timing itself at start-up (pmdfwd's mac TX
# stores), pinned for the counted run only: under callgrind the timing means
# nothing, and a count that followed it would move from run to run. The
# subject's own args win.
PINNED_CHOICES = {"mac-tx-store": "always"}


def pinned(subject):
    """The subject with --OPTION=VALUE added for each pinned choice it has and its args do not set."""
    given = {a.split("=", 1)[0] for a in subject.extra_args}
    extra = [f"--{o}={v}" for o, v in PINNED_CHOICES.items() if subject.has(o) and f"--{o}" not in given]
    return dataclasses.replace(subject, extra_args=list(subject.extra_args) + extra) if extra else subject


def run_cell(cell, subject, ctx, cpus, seconds, workdir, cache_sim=False, log_path=None):
    """run() of one subject on its rig process of cell, its timed choices pinned."""
    spec = rigs.build(cell, pinned(subject), ctx, cpus)[0]
    return run(spec, subject.binary, seconds, workdir, cache_sim, machine.cache_sizes(), log_path,
               metric=rigs.metric_for(subject.mode or cell.mode))


def markdown(rows):
    """The per-packet table; rows are dicts from measure_all()."""
    cache = any("D1mr" in r.get("total", {}) for r in rows)
    head = ["cell", "subject", "Ir/pkt", "pmd", "loop", "engine", "other", "Ir - io"]
    if cache:
        # Dr + Dw: the data reads and writes the instructions make, i.e.
        # memory operations, whether they hit or miss.
        head += ["mem ops/pkt", "engine mem ops", "D1 miss/pkt", "LL miss/pkt"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    io = {(r["variant"], r["subject"]): r["total"]["Ir"] for r in rows if r.get("total") and r["mode"] == "io"}
    for r in rows:
        if r.get("error"):
            out.append(f"| {r['cell']} | {r['subject']} | " + " | ".join(["-"] * (len(head) - 3)) +
                       f" | {r['error'].splitlines()[0]} |")
            continue
        pp, t = r["per_packet"], r["total"]
        base = io.get((r["variant"], r["subject"]))
        delta = f"{t['Ir'] - base:+.2f}" if base is not None and r["mode"] != "io" else "-"
        cells = [r["cell"], r["subject"], f"{t['Ir']:.2f}"] + [f"{pp[s]['Ir']:.2f}" for s in
                                                               ("pmd", "loop", "engine", "other")] + [delta]
        if cache:
            cells += [f"{t['Dr'] + t['Dw']:.2f}", f"{pp['engine']['Dr'] + pp['engine']['Dw']:.2f}",
                      f"{t['D1mr'] + t['D1mw']:.3f}", f"{t['DLmr'] + t['DLmw']:.3f}"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)
