"""The measurement matrix and the order it is run in.

cells = rig (ring: x cache tier; pcap: x frame kind) x forward mode (+ macswap kernel)
        x frame size x layout.

Subjects are alternated inside each cell (A B A B ...), R times, instead of
measuring all of A and then all of B: on a shared machine load, thermal
state and frequency drift over minutes, and alternation spreads that drift
over both subjects instead of booking it as a difference between them.
Cells that cannot be measured honestly here (too few cores, mode makes no
sense on the rig) are kept in the results as skipped, with the reason.
"""

import os
import sys
import time
from dataclasses import dataclass, field
from typing import Optional

from . import machine, pcap_frames, rigs, runner

FRAMES = (64, 128, 256, 512, 1024, 1518)


@dataclass
class Cell:
    rig: str
    variant: str  # rig label shown in reports: null, ring-warm, memif, vhost, pci
    mode: str
    kernel: str
    frame: int
    layout: machine.Layout
    params: dict = field(default_factory=dict)
    skip: Optional[str] = None
    note: Optional[str] = None

    @property
    def key(self):
        m = self.mode + (f"+{self.kernel}" if self.kernel else "")
        return f"{self.variant}/{m}/{self.frame}B/{self.layout.name}"

    def as_dict(self):
        return {"key": self.key, "rig": self.rig, "variant": self.variant, "mode": self.mode,
                "kernel": self.kernel, "frame": self.frame, "layout": self.layout.name,
                "params": self.params, "skip": self.skip, "note": self.note}


def build_cells(rig_names, modes, kernels, frames, layouts, tiers, cpus, caches, burst=32, ring_bursts=None):
    """Expand the matrix; mark what cannot run here as skipped (with why)."""
    cells = []
    variants = [(m, k) for m in modes for k in ((kernels or [None]) if m == "macswap" else [None])]
    for rig_name in rig_names:
        rig, _, kind = rig_name.partition("-") if rig_name.startswith("pcap") else (rig_name, "", "")
        if rig not in rigs.RIGS:
            raise ValueError(f"unknown rig {rig_name!r}: use one of {', '.join(rigs.RIGS)}")
        if kind and kind not in pcap_frames.KINDS:
            raise ValueError(f"unknown pcap frames {kind!r}: use pcap (all) or one of "
                             f"{', '.join('pcap-' + k for k in pcap_frames.KINDS)}")
        for layout in layouts:
            gen_busy = 1 if rig in rigs.TWO_PROCESS_RIGS else 0
            try:
                machine.lcore_plan(cpus, layout.cores, gen_busy)
                core_skip = None
            except ValueError as e:
                core_skip = f"{layout.name} on {rig}: {e}"
            if rig == "ring":
                if ring_bursts:
                    rig_variants = [(f"ring-x{n}", {"bursts": n}, None, layout) for n in ring_bursts]
                else:
                    by_name = {t.name: t for t in machine.ring_tiers(caches, 2, layout.queues, burst)}
                    rig_variants = []
                    for name in tiers:
                        if name not in by_name:
                            raise ValueError(f"unknown ring tier {name!r}: use hot, warm, cold")
                        t = by_name[name]
                        params = {"bursts": t.bursts, "in_flight": t.in_flight, "footprint_bytes": t.footprint}
                        # A tier that needs more queues than the layout has
                        # runs them on the layout's cores, and says so in its key.
                        tl = layout if t.queues == layout.queues else machine.Layout(
                            f"{t.queues}Q{layout.cores}C", t.queues, layout.cores)
                        rig_variants.append((f"ring-{name}", params, t.note or None, tl))
            elif rig == "pcap":
                rig_variants = [(f"pcap-{k}", {"frames": k}, None, layout) for k in ([kind] if kind
                                                                                     else pcap_frames.KINDS)]
            else:
                rig_variants = [(rig, {}, None, layout)]
            for variant, params, note, cell_layout in rig_variants:
                for mode, kernel in variants:
                    for frame in frames:
                        skip = core_skip or rigs.unsupported(rig, mode)
                        cells.append(Cell(rig, variant, mode, kernel, frame, cell_layout, dict(params), skip,
                                          note))
    return cells


class Progress:
    """One self-overwriting stderr line: cell k of n, elapsed, ETA."""

    def __init__(self, total_runs, stream=sys.stderr):
        self.total = total_runs
        self.done = 0
        self.start = time.monotonic()
        self.stream = stream
        self.tty = stream.isatty()

    def update(self, k, n, cell, label, rep, reps):
        elapsed = time.monotonic() - self.start
        if self.done:
            eta = _hms(elapsed / self.done * (self.total - self.done))
        else:
            eta = "?"
        line = (f"[perf] cell {k}/{n} {cell.key} {label} rep {rep}/{reps} | "
                f"run {self.done + 1}/{self.total} | elapsed {_hms(elapsed)} | ETA {eta}")
        self.stream.write(("\r\033[K" + line) if self.tty else line + "\n")
        self.stream.flush()

    def finish(self):
        if self.tty:
            self.stream.write("\n")
        self.stream.flush()


def _hms(s):
    s = int(s)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def execute(cells, subjects, ctx, reps, cpus, logdir, progress=True, rotate=False):
    """Run every runnable cell R times per subject, alternated; raw samples out.

    rotate: repetition r starts with subject r-1 (mod n) instead of always the
    first, so that no subject is always measured at the same place in a
    repetition (history runs, with many subjects)."""
    todo = [c for c in cells if not c.skip]
    prog = Progress(len(todo) * reps * len(subjects)) if progress else None
    samples = []
    for k, cell in enumerate(todo, 1):
        for rep in range(1, reps + 1):
            shift = (rep - 1) % len(subjects) if rotate else 0
            for subject in subjects[shift:] + subjects[:shift]:
                if prog:
                    prog.update(k, len(todo), cell, subject.label, rep, reps)
                mode = subject.mode or cell.mode
                sample = {"cell": cell.key, "subject": subject.label, "rep": rep, "mode": mode}
                log_prefix = os.path.join(logdir, f"{_safe(cell.key)}-{_safe(subject.label)}-r{rep}")
                t0 = time.monotonic()
                try:
                    specs = rigs.build(cell, subject, ctx, cpus)
                    sample.update(runner.run(specs, ctx.warmup, ctx.duration, rigs.metric_for(mode), log_prefix))
                except (runner.RunError, ValueError, OSError) as e:
                    sample["error"] = str(e)
                    if prog:
                        prog.stream.write(f"\n[perf] {cell.key} {subject.label} rep {rep}: {str(e).splitlines()[0]}\n")
                sample["wall_s"] = round(time.monotonic() - t0, 3)
                samples.append(sample)
                if prog:
                    prog.done += 1
    if prog:
        prog.finish()
    runner.cleanup_runtime_dirs()
    return samples


def _safe(text):
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)
