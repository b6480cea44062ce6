"""The results store from the command line: where it is, the hook that
appends every finished run/compare/history run to it, and `perf import`."""

import argparse
import contextlib
import os
import sqlite3
import sys
from typing import Any, Dict, List, Optional, Tuple

from .. import checkouts, history, store, subjects
from ..docgen import discovery


def store_path(args: argparse.Namespace) -> Optional[str]:
    path = args.store or store.default_path()
    return None if path == "none" else path


def needed_store(args: argparse.Namespace) -> str:
    path = store_path(args)
    if not path:
        raise ValueError("no store: --store or $PMDFWD_PERF_STORE says 'none'; give --store PATH")
    return path


def subject_commits(args: argparse.Namespace, subs: List[subjects.Subject]) -> Dict[str, Tuple[Any, ...]]:
    """label -> (sha, date, position, title) of rev= subjects and of binaries
    built in the source tree (its HEAD), beside those history gave."""
    tree = args.tree
    commits = dict(getattr(args, "store_commits", None) or {})
    for s in subs:
        where = s.rev or (tree and s.binary and s.binary.startswith(tree + os.sep) and "HEAD")
        if s.label not in commits and where:
            try:
                sha = checkouts.resolve(args.repo if s.rev else tree, where)
                _, title, date = checkouts.describe(args.repo if s.rev else tree, sha)
                commits[s.label] = (sha, date, None, title)
            except ValueError:
                pass
    return commits


def record_store(args: argparse.Namespace, results: Dict[str, Any], subs: List[subjects.Subject]) -> None:
    """Append a finished run to the store; commits of rev= subjects and of
    binaries built in this repository are recorded with them."""
    path = store_path(args)
    if not path:
        return
    commits = subject_commits(args, subs)
    dpdk = {s.label: discovery.dpdk_version(s.root or "/") for s in subs}
    labels = [s.label for s in subs]
    note = getattr(args, "store_note", None)
    if note:
        note += f"; {history.load_note()} at the end"
    try:
        with contextlib.closing(store.connect(path)) as db:
            store.record(db, results, getattr(args, "store_kind", args.cmd), " ".join(sys.argv), commits,
                         getattr(args, "store_reference", None) or labels[0], dpdk, note)
    except (sqlite3.Error, ValueError) as e:  # the run's files are written: say so, do not fail the run
        sys.stderr.write(f"[perf] not stored in {path}: {e}; `scripts/perf import` its results.json later\n")
        return
    sys.stderr.write(f"[perf] stored in {path}\n")


def cmd_import(args: argparse.Namespace) -> int:
    path = needed_store(args)

    def describe(sha: str) -> Tuple[Optional[str], Optional[str]]:
        try:
            _, title, date = checkouts.describe(args.repo, sha)
            return date, title
        except ValueError:
            return None, None

    with contextlib.closing(store.connect(path)) as db:
        for f in args.results:
            run_id = store.import_json(db, f, describe)
            print(f"{f}: " + (f"run {run_id}" if run_id else "already in the store"))
    return 0
