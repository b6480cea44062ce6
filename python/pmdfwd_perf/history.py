"""`scripts/perf history`: a stretch of commits measured in one run.

Every commit is built once in the commit cache (perf/checkouts.py) and
becomes one subject of a single `scripts/perf run`, next to the reference
(dpdk-testpmd) as the first subject. matrix.execute alternates all subjects
inside every cell and repetition, so the reference and every commit see the
same drift of a shared machine, and each commit's figure is stored as a
ratio to that fixed anchor measured minutes apart, not days apart.

Commits whose build fails are skipped and named, with the build log's
tail kept in the cache; they are not retried by later runs.
"""

import os
import sys

from . import checkouts

DEFAULTS = {"rigs": ["null", "ring"], "ring_tiers": ["hot"], "modes": ["macswap", "io"], "frames": [64],
            "layouts": ["1Q1C"], "reps": 3, "duration": 2, "warmup": 1}


def parse_cell(text, frame=64, layout="1Q1C"):
    """'ring-hot/macswap' or 'null/io/64B/1Q1C' -> the full cell key."""
    parts = [p for p in text.split("/") if p]
    if len(parts) < 2 or len(parts) > 4:
        raise ValueError(f"cell {text!r}: expected VARIANT/MODE[/FRAMEB[/LAYOUT]], e.g. ring-hot/macswap")
    if len(parts) < 3:
        parts.append(f"{frame}B")
    if len(parts) < 4:
        parts.append(layout)
    if not parts[2].endswith("B") or not parts[2][:-1].isdigit():
        raise ValueError(f"cell {text!r}: frame {parts[2]!r} must be bytes with a B, e.g. 64B")
    return "/".join(parts)


def load_note():
    """The 1/5/15-minute load averages and CPU count: a shared machine's
    figures mean little without them."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} (1/5/15 min) on {os.cpu_count()} CPUs"


def build_all(cache, shas, rebuild=False, stream=sys.stderr):
    """Build every commit (cached); returns (built shas, {sha: why skipped}),
    plus the build seconds of the builds done now."""
    built, skipped, seconds = [], {}, 0.0
    for i, sha in enumerate(shas, 1):
        had = cache.status(sha) is not None and not rebuild
        short, title, _ = checkouts.describe(cache.repo, sha)
        stream.write(f"[perf] history: commit {i}/{len(shas)} {short} {'(cached)' if had else 'building'} "
                     f"{title[:60]}\n")
        st = cache.build(sha, rebuild)
        if not had:
            seconds += st["seconds"]
        if st["ok"]:
            built.append(sha)
        else:
            last = [ln for ln in (st.get("error") or "").splitlines() if ln.strip()][-1:] or ["?"]
            skipped[sha] = f"build failed ({last[0][:160]}); log in {cache.dir(sha)}/build.json"
            stream.write(f"[perf] history: skip {short}: {skipped[sha]}\n")
    return built, skipped, seconds


def subjects_for(cache, shas):
    """(subject specs, {label: (sha, date, position, title)}) for the commits."""
    specs, commits = [], {}
    for pos, sha in enumerate(shas):
        short, title, date = checkouts.describe(cache.repo, sha)
        specs.append(f"{short}:bin={cache.binary(sha)}")
        commits[short] = (sha, date, pos, title)
    return specs, commits
