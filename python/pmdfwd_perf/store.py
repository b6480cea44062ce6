"""One local store of every measurement, for trends across commits and time.

A results.json answers one question at one moment; a trend needs every run
side by side. Each `scripts/perf run/compare/doc/history` appends its cells
here: one row per run (when, the command, the machine, the settings), one
per subject (label, spec, commit, DPDK version, whether it is the run's
reference) and one per cell and subject with the per-run figures, so that
verdicts can be computed again later from raw figures, never from medians
alone. Old results.json files import into it (`scripts/perf import`).

SQLite from Python's standard library: one file, no server, safe to copy.
The schema carries a version: a store written by a newer tool is refused
with a message instead of being misread, and an older one is upgraded here.
"""

import datetime
import hashlib
import json
import os
import re
import sqlite3

SCHEMA_VERSION = 2  # 2: cells.reps (each figure's repetition)
ENV = "PMDFWD_PERF_STORE"
MPPS = 1e6

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, created TEXT, recorded TEXT NOT NULL, kind TEXT NOT NULL, command TEXT,
  machine TEXT, machine_id TEXT, settings TEXT, digest TEXT UNIQUE, note TEXT);
CREATE TABLE IF NOT EXISTS subjects (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs(id), label TEXT NOT NULL, spec TEXT,
  commit_sha TEXT, commit_date TEXT, commit_title TEXT, position INTEGER, dpdk TEXT,
  is_reference INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS cells (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs(id),
  subject_id INTEGER NOT NULL REFERENCES subjects(id), cell TEXT NOT NULL, rig TEXT, variant TEXT,
  mode TEXT, kernel TEXT, frame INTEGER, layout TEXT, best_mpps TEXT NOT NULL, median_mpps TEXT NOT NULL,
  reps TEXT, errors INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS cells_by_cell ON cells(cell);
"""


def default_path():
    env = os.environ.get(ENV)
    if env:
        return env
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pmdfwd", "perf.sqlite")


def connect(path):
    """Open (creating) a store; a ValueError when it is not one or too new.
    Another program's SQLite file is refused, never written into."""
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    _refuse_truncated(path)
    try:
        db = sqlite3.connect(path)
    except sqlite3.Error as e:  # a directory, a folder without write access
        raise ValueError(f"{path}: cannot open as a perf store ({e})") from None
    db.row_factory = sqlite3.Row
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "meta" not in tables:
            raise ValueError(f"{path}: not a perf store (an SQLite file with tables {', '.join(sorted(tables))} "
                             "and no schema version); give another --store")
        db.executescript(SCHEMA)
        row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None and tables:
            raise ValueError(f"{path}: not a perf store (its meta table has no schema version)")
    except sqlite3.DatabaseError as e:
        db.close()
        raise ValueError(f"{path}: not a perf store ({e})") from None
    except ValueError:
        db.close()
        raise
    if row is None:
        db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        db.commit()
        return db
    version = _version(db, path, row["value"])
    if version > SCHEMA_VERSION:
        db.close()
        raise ValueError(f"{path}: schema version {version} is newer than this tool's {SCHEMA_VERSION}; "
                         "use a newer scripts/perf")
    if version < SCHEMA_VERSION:
        _upgrade(db, version)
    return db


def _refuse_truncated(path):
    """SQLite reads the pages a truncated file lacks as missing rows, without
    an error: the header's page count says how long the file must be."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
            size = os.fstat(f.fileno()).st_size
    except (FileNotFoundError, IsADirectoryError):
        return
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
        return  # empty (a new store) or no SQLite at all: sqlite3 says which
    if head[24:28] != head[92:96]:
        return  # a page count an old SQLite did not keep up to date
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if size < pages * page_size:
        raise ValueError(f"{path}: not a perf store (truncated: {size} bytes of {pages * page_size})")


def _version(db, path, text):
    if not str(text).isdigit():
        db.close()
        raise ValueError(f"{path}: not a perf store (schema version {text!r}, allowed: a whole number)")
    return int(text)


def _upgrade(db, version):
    """Bring an older store to SCHEMA_VERSION, keeping its rows."""
    if version < 2:
        cols = [r["name"] for r in db.execute("PRAGMA table_info(cells)")]
        if "reps" not in cols:  # version 1 had no repetition numbers: those rows stay unadjusted
            db.execute("ALTER TABLE cells ADD COLUMN reps TEXT")
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
    db.commit()


def machine_id(machine):
    """Which results are comparable in absolute terms: same host and CPU."""
    machine = machine or {}
    return f"{machine.get('hostname', '?')}/{machine.get('cpu_model', '?')}/{len(machine.get('cpus') or [])}cpu"


def record(db, results, kind, command=None, commits=None, reference=None, dpdk=None, note=None, digest=None):
    """Append one results dict (as `scripts/perf run` builds it); returns the
    run id, or None when a run with the same digest is already stored.

    commits: {subject label: (sha, commit date, position, title)}; reference: the
    label of the run's reference subject; dpdk: {label: version}.
    """
    commits, dpdk = commits or {}, dpdk or {}
    digest = digest or hashlib.sha256(json.dumps(results.get("samples"), sort_keys=True).encode()).hexdigest()
    if db.execute("SELECT 1 FROM runs WHERE digest = ?", (digest,)).fetchone():
        return None
    cur = db.execute(
        "INSERT INTO runs (created, recorded, kind, command, machine, machine_id, settings, digest, note) "
        "VALUES (?,?,?,?,?,?,?,?,?)",
        (results.get("created"), datetime.datetime.now().isoformat(timespec="seconds"), kind, command,
         json.dumps(results.get("machine")), machine_id(results.get("machine")),
         json.dumps(results.get("settings")), digest, note))
    run_id = cur.lastrowid
    sids = {}
    for s in results.get("subjects", []):
        label = s["label"]
        sha, date, pos, title = commits.get(label, (None, None, None, None))
        sids[label] = db.execute(
            "INSERT INTO subjects (run_id, label, spec, commit_sha, commit_date, commit_title, position, dpdk, "
            "is_reference) VALUES (?,?,?,?,?,?,?,?,?)",
            (run_id, label, json.dumps(s), sha, date, title, pos, dpdk.get(label),
             int(label == reference))).lastrowid
    for cell in results.get("cells", []):
        if cell.get("skip"):
            continue
        for label, sid in sids.items():
            runs = [x for x in results.get("samples", []) if x["cell"] == cell["key"] and x["subject"] == label]
            ok = [x for x in runs if x.get("best_pps") is not None]
            if not runs:
                continue
            db.execute(
                "INSERT INTO cells (run_id, subject_id, cell, rig, variant, mode, kernel, frame, layout, best_mpps, "
                "median_mpps, reps, errors) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (run_id, sid, cell["key"], cell.get("rig"), cell.get("variant"), cell.get("mode"), cell.get("kernel"),
                 cell.get("frame"), cell.get("layout"), json.dumps([x["best_pps"] / MPPS for x in ok]),
                 json.dumps([x["median_pps"] / MPPS for x in ok]), json.dumps([x.get("rep") for x in ok]),
                 len(runs) - len(ok)))
    db.commit()
    return run_id


def commits_of(results, describe=None):
    """{label: (sha, date, position, title)} of a results dict: from its
    "history" block, else from subject binaries built in a commit cache
    (.../<40-hex sha>/build/pmdfwd), described by describe(sha) -> (date,
    title) when given."""
    hist = results.get("history") or {}
    if hist.get("commits"):
        return {k: (v["sha"], v.get("date"), v.get("position"), v.get("title")) for k, v in hist["commits"].items()}
    out = {}
    for pos, s in enumerate(results.get("subjects", [])):
        m = re.search(r"/([0-9a-f]{40})/build/[^/]+$", s.get("binary") or "")
        if m:
            date, title = describe(m.group(1)) if describe else (None, None)
            out[s["label"]] = (m.group(1), date, pos, title)
    return out


def import_json(db, path, describe=None):
    """Import a results.json written by `scripts/perf run` (or history);
    None if already in. describe(sha) -> (date, title) fills in commits."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        results = json.loads(raw)
    except ValueError as e:
        raise ValueError(f"{path}: not JSON ({e})") from None
    if str(results.get("format", "")).split("/")[0] != "pmdfwd-perf-results":
        raise ValueError(f"{path}: format {results.get('format')!r}, expected pmdfwd-perf-results/1")
    labels = [s["label"] for s in results.get("subjects", [])]
    hist = results.get("history") or {}
    return record(db, results, "import", command=f"import {os.path.abspath(path)}",
                  commits=commits_of(results, describe),
                  reference=hist.get("reference") or (labels[0] if labels else None), note=hist.get("note"),
                  digest=hashlib.sha256(raw).hexdigest())


def cells(db):
    return [r[0] for r in db.execute("SELECT DISTINCT cell FROM cells ORDER BY cell")]


def series(db, cell, figure="best"):
    """The points of one cell over commits: every stored subject with a
    commit, with the run figures of its run's reference in the same cell.

    Returns dicts: sha, date, title, position, run_id, machine_id, figures (Mpps),
    reps (each figure's repetition), reference and reference_reps (the
    reference's runs in the same run and cell),
    ordered by commit date, then by the order the run was given.
    """
    col = "best_mpps" if figure == "best" else "median_mpps"
    rows = db.execute(
        f"SELECT s.commit_sha, s.commit_date, s.commit_title, s.position, s.label, c.run_id, r.machine_id, "
        f"  c.{col} AS figs, c.reps, "
        f"  (SELECT c2.{col} FROM cells c2 JOIN subjects s2 ON s2.id = c2.subject_id "
        "    WHERE c2.run_id = c.run_id AND c2.cell = c.cell AND s2.is_reference = 1) AS ref, "
        "  (SELECT c2.reps FROM cells c2 JOIN subjects s2 ON s2.id = c2.subject_id "
        "    WHERE c2.run_id = c.run_id AND c2.cell = c.cell AND s2.is_reference = 1) AS ref_reps "
        "FROM cells c JOIN subjects s ON s.id = c.subject_id JOIN runs r ON r.id = c.run_id "
        "WHERE c.cell = ? AND s.commit_sha IS NOT NULL AND s.is_reference = 0 "
        "ORDER BY s.commit_date, c.run_id, s.position", (cell,)).fetchall()
    return [{"sha": r["commit_sha"], "date": r["commit_date"], "title": r["commit_title"], "position": r["position"],
             "label": r["label"],
             "run_id": r["run_id"], "machine_id": r["machine_id"], "figures": json.loads(r["figs"]),
             "reps": json.loads(r["reps"] or "[]"), "reference": json.loads(r["ref"]) if r["ref"] else [],
             "reference_reps": json.loads(r["ref_reps"] or "[]")} for r in rows]
