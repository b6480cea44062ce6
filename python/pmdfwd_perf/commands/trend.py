"""Commands over commits: `perf history` (measure a range of commits, built
once and cached, against one reference, into the store) and `perf trend`
(the trend page from the store)."""

import argparse
import contextlib
import os
import sys
import time

from .. import checkouts, history, store, trend
from .record import needed_store
from .run import cmd_run


def cmd_trend(args: argparse.Namespace) -> int:
    path = needed_store(args)
    if not os.path.exists(path):
        raise ValueError(f"no store at {path}: run scripts/perf run/history first, or pass --store")
    with contextlib.closing(store.connect(path)) as db:
        cells = args.cells or store.cells(db)
        intro = ""
        if args.intro:
            with open(args.intro) as f:
                intro = f.read()
        page, found = trend.render(db, cells, args.confidence, args.min_effect, args.title, intro, args.figure,
                                   not args.no_rep_adjust)
    with open(args.output, "w") as f:
        f.write(page)
    for cell, (pts, changes) in found.items():
        marks = ", ".join(f"{pts[c.index]['sha'][:10]} {c.ratio - 1:+.1%} ({trend.confidence_text(c)})"
                          for c in changes)
        print(f"{cell}: {len(pts)} commits, " + (f"changes at {marks}" if changes else "no change point"))
    print(f"wrote {args.output}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    cache = checkouts.Cache(args.repo, args.cache, meson_options=args.meson_option)
    shas = checkouts.commit_range(args.repo, args.commits, args.every, args.first_parent)
    sys.stderr.write(f"[perf] history: {len(shas)} commits of {args.repo}; builds cached in {cache.root}\n")
    t0 = time.monotonic()
    built, skipped, build_s = history.build_all(cache, shas, args.rebuild)
    if not built:
        raise ValueError("no commit of the list builds: " + "; ".join(skipped.values()))
    specs, commits = history.subjects_for(cache, built)
    args.store_commits, args.store_reference, args.store_kind = commits, "reference", "history"
    args.rotate = not args.fixed_order
    note = history.load_note() + " at start"
    args.store_note = note
    t1 = time.monotonic()
    rc = cmd_run(args, [f"reference:bin={args.reference}"] + specs)
    measure_s = time.monotonic() - t1
    sys.stderr.write(f"[perf] history: {len(built)} commits measured, {len(skipped)} skipped; builds "
                     f"{build_s / 60:.1f} min now, measuring {measure_s / 60:.1f} min "
                     f"({(time.monotonic() - t0) / 60 / len(built):.1f} min per commit); {note}, "
                     f"{history.load_note()} at the end\n")
    for sha, why in skipped.items():
        print(f"skipped {sha[:10]}: {why}")
    if args.page and rc in (0, 1):
        targs = argparse.Namespace(store=args.store, cells=None, intro=None, output=args.page, title=args.title,
                                   confidence=args.trend_confidence, min_effect=args.trend_min_effect,
                                   figure=args.figure, no_rep_adjust=False)
        cmd_trend(targs)
    return rc
