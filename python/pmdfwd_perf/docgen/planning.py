"""What a doc run measures: its parts, their scripts/perf command lines,
and the time they take. Pure functions of the settings."""

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .discovery import ROOT_PMDFWD, Version, mirror_kernel
from ..pcap_frames import KINDS as PCAP_KINDS
from .engine_table import NULL_MODES, PCAP_MODES, RING_MODES


@dataclass
class Part:
    name: str
    argv: List[str]  # scripts/perf arguments
    runs: int = 0  # process runs, for the time estimate
    two_process_runs: int = 0
    icount_runs: int = 0
    seconds: float = 0.0  # what the part takes besides its runs (interleaved windows)
    out: str = ""
    extra: Dict[str, Any] = field(default_factory=dict)


# A doc run's own record in its work directory (scripts/perf doc --render).
RUN_FILE = "doc-run.json"
RUN_FORMAT = "pmdfwd-perf-doc/1"

# The cells of a per-version table: a subset of `matrix`, so that the host's
# DPDK needs no run of its own.
VERSION_TIERS = ("ring-hot", "ring-warm", "null")
# pmdfwd's opt-in mode that leaves l2_len/l3_len alone when no TX offload
# needs them (doc/macswap-kernels.md); a subject's args= must come last.
LEAN_ARGS = "args=--macswap-fields=lean"


@dataclass
class Settings:
    testpmd: str
    pmdfwd: str
    generator: str
    kernels: List[str]
    reps: int = 4
    warmup: int = 1
    duration: int = 1
    icount: bool = True
    icount_seconds: int = 2
    bench: Optional[str] = None  # bench_macswap binary, or None
    bench_reps: int = 5
    lean: bool = True
    interleaved: bool = False  # the goals judged interleaved: ~7 minutes more
    aa_widths: bool = False  # A/A of both forwarders, interleaved and sequential: ~15 minutes more
    engines: bool = False  # every engine judged interleaved, per DPDK: the longest part by far
    pairs: int = 300  # of each interleaved cell
    engine_pairs: int = 60  # of each engine cell (10 modes x 4 rigs x each DPDK)
    engine_icount: bool = False  # callgrind's counts of the host's engine cells, for the goals page
    host_dpdk: Optional[str] = None
    versions: List[Version] = field(default_factory=list)  # Version per Debian root


def settings_to_json(s: Settings) -> Dict[str, Any]:
    return dataclasses.asdict(s)


def settings_from_json(json_dict: Dict[str, Any]) -> Settings:
    d = dict(json_dict)
    d["versions"] = [Version(**v) for v in d.get("versions", [])]
    return Settings(**d)


def plan(s: Settings, work: str) -> List[Part]:
    """The parts of a doc run and their scripts/perf command lines."""
    common = ["-R", str(s.reps), "-W", str(s.warmup), "-T", str(s.duration), "-q"]
    tp, pf = f"testpmd:bin={s.testpmd}", f"pmdfwd:bin={s.pmdfwd}"
    parts: List[Part] = []
    # Ring and null at 64 B, then vhost at 64 and 1518 B: two compare runs,
    # because a matrix crosses every rig with every frame size.
    parts.append(Part("matrix", ["compare", "--a", tp, "--b", pf, "--rigs", "ring,null", "--ring-tiers",
                                 "hot,warm,cold", "--frames", "64", "--layouts", "1Q1C", "--modes", "io,macswap",
                                 *common], runs=8 * 2 * s.reps))
    parts.append(Part("vhost", ["compare", "--a", tp, "--b", pf, "--rigs", "vhost", "--generator", s.generator,
                                "--frames", "64,1518", "--layouts", "1Q1C", "--modes", "io,macswap", *common],
                      two_process_runs=4 * 2 * s.reps))
    if s.kernels:
        parts.append(Part("kernels", ["compare", "--a", tp, "--b", pf, "--rigs", "ring", "--ring-tiers", "hot",
                                      "--frames", "64", "--layouts", "1Q1C", "--modes", "macswap", "--kernels",
                                      ",".join(s.kernels), *common], runs=len(s.kernels) * 2 * s.reps))
    parts.append(Part("aa", ["compare", "--a", f"A:bin={s.pmdfwd}", "--b", f"B:bin={s.pmdfwd}", "--rigs",
                             "ring,vhost", "--ring-tiers", "hot", "--generator", s.generator, "--frames", "64",
                             "--layouts", "1Q1C", "--modes", "macswap", *common],
                      runs=2 * s.reps, two_process_runs=2 * s.reps))
    if s.lean:
        lean = ["--rigs", "ring,null", "--ring-tiers", "hot,warm,cold", "--frames", "64", "--layouts", "1Q1C",
                "--modes", "macswap", *common]
        parts.append(Part("lean", ["compare", "--a", tp, "--b", f"{pf},{LEAN_ARGS}", *lean], runs=4 * 2 * s.reps))
        parts.append(Part("lean-exact", ["compare", "--a", f"exact:bin={s.pmdfwd}",
                                         "--b", f"lean:bin={s.pmdfwd},{LEAN_ARGS}", *lean], runs=4 * 2 * s.reps))
    if s.icount:
        # The default kernel and testpmd 22.11's shape; valgrind 3.19 has no
        # AVX-512, so avx512 cannot be counted. The cache simulation gives
        # the data reads and writes (memory operations) and misses per packet.
        kernels = [k for k in ("avx2", "sse") if k in s.kernels] or [k for k in s.kernels if k != "avx512"][:1]
        subjects = ["--subject", tp, "--subject", pf]
        if s.lean:
            subjects += ["--subject", f"pmdfwd-lean:bin={s.pmdfwd},{LEAN_ARGS}"]
        # Every engine the ring rig lets work, so that a missed engine goal
        # has its stages beside testpmd's; macswap once per kernel.
        n = len(subjects) // 2
        runs = len(RING_MODES) + (n - 1) * (len(RING_MODES) - 1 + len(kernels))
        parts.append(Part("icount", ["icount", *subjects, "--rigs", "ring", "--ring-tiers", "hot", "--modes",
                                     ",".join(RING_MODES), "--kernels", ",".join(kernels), "--cache-sim",
                                     "--seconds", str(s.icount_seconds)], icount_runs=runs))
    if s.interleaved:
        parts.append(interleaved_part(s, tp, pf))
    if s.aa_widths:
        parts += aa_width_parts(s)
    if s.engines:
        parts += engine_parts(s, tp, pf)
    for v in s.versions:
        def in_root(rigs: str, tiers: str, modes: str, v: Version = v) -> List[str]:
            return ["compare", "--a", f"testpmd:root={v.root}", "--b", f"pmdfwd:root={v.root},bin={ROOT_PMDFWD}",
                    "--rigs", rigs, "--ring-tiers", tiers, "--frames", "64", "--layouts", "1Q1C", "--modes", modes]
        parts.append(Part(f"dpdk-{v.name}", in_root("ring,null", "hot,warm", "io,macswap") + common,
                          runs=2 * len(VERSION_TIERS) * 2 * s.reps))
        kernel = mirror_kernel(v.dpdk)
        if kernel is not None and kernel in s.kernels:
            parts.append(Part(f"dpdk-{v.name}-mirror",
                              in_root("ring", "hot", "macswap") + ["--kernels", kernel, *common], runs=2 * s.reps))
        if s.lean:
            lean = in_root("ring,null", "hot,warm", "macswap")
            lean[lean.index("--b") + 1] += f",{LEAN_ARGS}"
            parts.append(Part(f"dpdk-{v.name}-lean", lean + common, runs=3 * 2 * s.reps))
    for p in parts:
        p.out = os.path.join(work, p.name)
        p.argv += ["--out", p.out] if p.name == "icount" else ["--out", p.out, "--no-png"]
    return parts


# Per interleaved cell: start-up of both instances per block, and each
# pair's two windows with their settle time and reads (compare --interleave's
# defaults for 300 pairs: 10 blocks, 3 warm-up pairs each, 200 + 20 ms).
INTERLEAVE_BLOCKS, INTERLEAVE_WARMUP_PAIRS, INTERLEAVE_PAIR_S, INTERLEAVE_START_S = 10, 3, 0.5, 3


def interleaved_part(s: Settings, tp: str, pf: str) -> Part:
    """The goals' cells (ring-hot and null macswap, 64 B) judged interleaved,
    with their cost cells: TSC cycles, and callgrind's counts where it runs."""
    argv = ["compare", "--interleave", "--a", tp, "--b", pf, "--rigs", "ring,null", "--ring-tiers", "hot",
            "--frames", "64", "--layouts", "1Q1C", "--modes", "macswap", "--pairs", str(s.pairs), "-q"]
    if s.icount:
        argv += ["--icount", "--icount-cache-sim", "--icount-seconds", str(s.icount_seconds)]
    pairs = s.pairs + INTERLEAVE_BLOCKS * INTERLEAVE_WARMUP_PAIRS
    return Part("interleaved", argv, icount_runs=4 if s.icount else 0,
                seconds=2 * (INTERLEAVE_BLOCKS * INTERLEAVE_START_S + pairs * INTERLEAVE_PAIR_S))


# The engine table's parts: each rig with the engines its frames let work
# (docgen/engine_table.py), for the host's DPDK and then each root's.
ENGINE_RIGS = (("ring", ("hot", "warm", "cold"), RING_MODES), ("null", ("hot",), NULL_MODES),
               ("pcap", ("hot",), PCAP_MODES))


def interleaved_cell_seconds(pairs: int, blocks: Optional[int] = None) -> float:
    """One cell of compare --interleave with blocks, or its default blocks
    (one per 30 pairs, 1 to 10): both instances started per block, then the
    pairs."""
    blocks = blocks or min(max(pairs // 30, 1), INTERLEAVE_BLOCKS)
    return 2 * (blocks * INTERLEAVE_START_S + (pairs + blocks * INTERLEAVE_WARMUP_PAIRS) * INTERLEAVE_PAIR_S)


# Fresh instance pairs per engine cell: an instance keeps its own level
# (where its memory landed) for its life, so a cell of one block can judge
# the two instances' placement rather than the two forwarders.
ENGINE_BLOCKS = 4


def engine_part_name(rig: str, v: Optional[Version]) -> str:
    return f"engines-{rig}" + (f"-{v.name}" if v else "")


def engine_parts(s: Settings, tp: str, pf: str) -> List[Part]:
    parts = []
    for v in [None, *s.versions]:
        a, b = (tp, pf) if v is None else (f"testpmd:root={v.root}", f"pmdfwd:root={v.root},bin={ROOT_PMDFWD}")
        for rig, tiers, modes in ENGINE_RIGS:
            argv = ["compare", "--interleave", "--a", a, "--b", b, "--rigs", rig, "--ring-tiers", ",".join(tiers),
                    "--frames", "64", "--layouts", "1Q1C", "--modes", ",".join(modes),
                    "--pairs", str(s.engine_pairs), "--blocks", str(ENGINE_BLOCKS), "-q"]
            cells = len(modes) * {"ring": len(tiers), "pcap": len(PCAP_KINDS)}.get(rig, 1)
            seconds = cells * interleaved_cell_seconds(s.engine_pairs, ENGINE_BLOCKS)
            # callgrind runs on the host only: the roots have no valgrind.
            counted = s.engine_icount and v is None
            if counted:
                argv += ["--icount", "--icount-cache-sim", "--icount-seconds", str(s.icount_seconds)]
            parts.append(Part(engine_part_name(rig, v), argv, seconds=seconds, icount_runs=2 * cells if counted else 0))
    return parts


def members(name: str, parts: List[Part]) -> List[str]:
    """The parts a --only name stands for: a part, a fixed group, or
    "engines": every engine part of this run (one per rig and DPDK)."""
    if name == "engines":
        return [p.name for p in parts if p.name.startswith("engines-")]
    return GROUPS.get(name, [name])


# The A/A widths in doc/perf-tool.md: each forwarder against itself on the
# goals' cells, interleaved with compare's defaults, and sequential with
# R=5 runs of 2 s after 1 s each, in one doc run.
AA_WIDTH_FORWARDERS = ("testpmd", "pmdfwd")
GROUPS = {"aa-widths": [f"aa-{how}-{fwd}" for fwd in AA_WIDTH_FORWARDERS for how in ("interleaved", "sequential")]}


def aa_width_parts(s: Settings) -> List[Part]:
    cells = ["--rigs", "null,ring", "--ring-tiers", "hot", "--frames", "64", "--layouts", "1Q1C",
             "--modes", "macswap", "-q"]
    parts = []
    for fwd, binary in zip(AA_WIDTH_FORWARDERS, (s.testpmd, s.pmdfwd)):
        ab = ["--a", f"A:bin={binary}", "--b", f"B:bin={binary}"]
        parts.append(Part(f"aa-interleaved-{fwd}", ["compare", "--interleave", *ab, *cells, "--pairs", str(s.pairs)],
                          seconds=2 * (INTERLEAVE_BLOCKS * INTERLEAVE_START_S
                                       + (s.pairs + INTERLEAVE_BLOCKS * INTERLEAVE_WARMUP_PAIRS) * INTERLEAVE_PAIR_S)))
        parts.append(Part(f"aa-sequential-{fwd}", ["compare", *ab, *cells, "-R", "5", "-W", "1", "-T", "2"],
                          runs=2 * 2 * 5))
    return parts


def bench_argv(s: Settings, cpu: int) -> List[str]:
    """bench_macswap pinned to a CPU, JSON out; each repetition a short run."""
    if not s.bench:
        raise ValueError("no bench_macswap binary to run (settings.bench is empty)")
    return ["taskset", "-c", str(cpu), s.bench, "--benchmark_min_time=0.05",
            f"--benchmark_repetitions={s.bench_reps}", "--benchmark_format=json"]


# Valgrind's start-up and stop around a counted run, cache simulation on
# (taken from runs on a loaded 2-vCPU machine, rounded up).
ICOUNT_START_S = 8


def estimate_seconds(parts: List[Part], s: Settings) -> float:
    """Wall time of a doc run: start-up and stop, the dropped first print,
    warm-up and measured seconds per process run; a generator adds its own
    start-up and the wait for its sockets; valgrind starts slowly (per-run
    costs taken from runs on this machine, rounded up)."""
    per = 1 + 1 + s.warmup + s.duration
    t = 30.0 if s.bench else 0.0
    for p in parts:
        t += p.runs * per + p.two_process_runs * (per + 2) + p.seconds
        t += p.icount_runs * (ICOUNT_START_S + s.icount_seconds)
    return t
