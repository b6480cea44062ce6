"""Synthetic results and stores with known steps, for the store, trend and page tests."""
import random

from pmdfwd_perf import store

REF = "reference"


def results(cells, commits, reps=3, spread=0.01, seed=1, ref_mpps=10.0, rep_scale=None):
    """A results dict as `scripts/perf run` writes it: the reference and
    one subject per commit; cells maps a cell key to the commits' true
    ratios to the reference (one per commit); rep_scale: the machine's
    speed in each repetition (drift), 1.0 for all by default."""
    rng = random.Random(seed)
    labels = [REF] + list(commits)
    out = {"format": "pmdfwd-perf-results/1", "created": "2026-12-01T12:00:00", "settings": {"reps": reps},
           "machine": {"hostname": "synth", "cpu_model": "test", "cpus": [0, 1]},
           "subjects": [{"label": x} for x in labels], "cells": [], "samples": []}
    for key, ratios in cells.items():
        variant, mode, frame, layout = key.split("/")
        out["cells"].append({"key": key, "rig": variant.split("-")[0], "variant": variant, "mode": mode,
                             "kernel": None, "frame": int(frame[:-1]), "layout": layout, "skip": None})
        for rep in range(1, reps + 1):
            for label, ratio in zip(labels, [1.0] + list(ratios)):
                mean = ref_mpps * ratio * (rep_scale[rep - 1] if rep_scale else 1.0)
                pps = rng.gauss(mean, mean * spread) * 1e6
                out["samples"].append({"cell": key, "subject": label, "rep": rep, "best_pps": pps,
                                       "median_pps": pps * 0.99})
    return out


def store_with(path, cells, n_commits, **kw):
    """A store holding one history run over n synthetic commits."""
    commits = {f"c{i:02d}": (f"{i:02d}" * 20, f"2026-11-{i + 1:02d}T00:00:00", i, f"commit {i}")
               for i in range(n_commits)}
    db = store.connect(path)
    store.record(db, results(cells, list(commits), **kw), "history", "synthetic", commits, REF)
    return db
