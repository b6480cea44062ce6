"""`perf doc`: measure what doc/performance.md reports (the parts that
docgen.planning lists, each a scripts/perf run of its own) and write it,
charts included; with --render WORK, write it again from an earlier run."""

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from pmdfwd_dev import marked_section, owned_process
from pmdfwd_dev.seed import report as seed_report

from .. import icount, machine, report, subjects
from ..docgen import aa_widths, discovery, engine_goals, engine_table, icount_section, planning, rendering
from .results import load_results

Results = Dict[str, Any]


def doc_settings(args: argparse.Namespace) -> planning.Settings:
    """The subjects, kernels, bench binary and Debian roots of this machine."""
    least = 10 * planning.ENGINE_BLOCKS  # compare --interleave's 10 pairs a block
    if args.engine_pairs < least:
        raise ValueError(f"--engine-pairs {args.engine_pairs}: must be >= {least} (10 pairs in each of the "
                         f"{planning.ENGINE_BLOCKS} blocks of an engine cell)")
    pmdfwd = args.pmdfwd or os.path.join(args.tree, "build", "pmdfwd")
    if not os.access(pmdfwd, os.X_OK):
        raise ValueError(f"no pmdfwd at {pmdfwd}: build it (bash scripts/setup.sh build) or pass --pmdfwd")
    kernels = args.kernels
    if kernels is None:
        probe = subjects.probe(subjects.parse_spec(f"pmdfwd:bin={pmdfwd}"), f"pmdfwd-perf-{os.getpid()}-doc")
        kernels = [k_ for k_ in probe.kernels if k_ != "auto"]
    bench = os.path.join(os.path.dirname(pmdfwd), "benchmarks", "bench_macswap")
    settings = planning.Settings(testpmd=args.testpmd, pmdfwd=pmdfwd, generator=args.generator or args.testpmd,
                                 kernels=kernels, reps=args.reps, warmup=args.warmup, duration=args.duration,
                                 icount=not args.no_icount and icount.valgrind_available()[0],
                                 icount_seconds=args.icount_seconds, pairs=args.pairs,
                                 interleaved=args.interleaved or "interleaved" in (args.only or []),
                                 aa_widths=args.aa_widths or "aa-widths" in (args.only or []),
                                 engines=args.engines or "engines" in (args.only or []),
                                 engine_pairs=args.engine_pairs, engine_icount=args.engine_icount,
                                 bench=bench if os.access(bench, os.X_OK) else None,
                                 host_dpdk=discovery.dpdk_version("/"))
    if not args.no_versions:
        if os.geteuid() != 0:
            sys.stderr.write("[perf] doc: not root, so no per-version runs in Debian roots (chroot needs root)\n")
        else:
            settings.versions = discovery.find_versions(args.roots)
    return settings


def run_bench(settings: planning.Settings, work: str, failures: List[str]) -> List[str]:
    """bench_macswap's JSON into work/bench.json; its command line."""
    bench_cmd = planning.bench_argv(settings, machine.allowed_cpus()[-1])
    sys.stderr.write(f"[perf] doc part bench: {' '.join(bench_cmd)}\n")
    res = owned_process.run(bench_cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=None)
    try:
        with open(os.path.join(work, "bench.json"), "w") as f:
            json.dump(json.loads(res.stdout.decode(errors="replace")), f, indent=1)
    except ValueError:
        failures.append(f"bench_macswap exited {res.returncode} without JSON")
    return bench_cmd


def cmd_doc(args: argparse.Namespace, run_part: Callable[[List[str]], int]) -> int:
    """Measure what doc/performance.md reports and write it, charts included
    (or, with --render WORK, write it again from an earlier run's results).
    run_part runs one part's scripts/perf command line."""
    missing = rendering.renderer_missing()
    if missing:  # said before an hour of measuring, not after
        sys.stderr.write(f"perf doc: {missing}\n")
        return 2
    if args.render:
        return render_doc(args.render, args)
    started = datetime.datetime.now().isoformat(timespec="seconds")
    settings = doc_settings(args)
    work = args.work or f"perf-doc-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    parts = planning.plan(settings, work)
    if args.only:
        parts = only_parts(parts, args.only)
    eta = planning.estimate_seconds(parts, settings)
    sys.stderr.write(f"[perf] doc: {len(parts)} parts, about {eta / 60:.0f} minutes; raw results in {work}\n")
    if args.dry_run:
        for p in parts:
            print("scripts/perf " + " ".join(p.argv))
        return 0
    os.makedirs(work, exist_ok=True)
    t0 = time.monotonic()
    failures = []
    part_seconds = {}
    for p in parts:
        sys.stderr.write(f"[perf] doc part {p.name}: scripts/perf {' '.join(p.argv)}\n")
        started_part = time.monotonic()
        rc = run_part(p.argv)
        part_seconds[p.name] = time.monotonic() - started_part
        if rc >= 128:  # the part was stopped by a signal (cli's 128+N): so is the run
            sys.stderr.write(f"[perf] doc: stopped in part {p.name}; what was measured is in {work}\n")
            return rc
        if rc not in (0, 1):
            failures.append(f"part {p.name} exited {rc}")
    bench_cmd = run_bench(settings, work, failures) if settings.bench and not args.only else []
    # What render_doc needs besides the parts' results: the doc can be
    # written again from the work directory after docgen changes.
    tree = args.tree
    run = {"format": planning.RUN_FORMAT, "created": started, "machine": machine.describe(),
           "settings": planning.settings_to_json(settings),
           "parts": [p.name for p in parts], "commands": [p.argv[:p.argv.index("--out")] for p in parts],
           "wall_s": time.monotonic() - t0, "part_seconds": part_seconds, "failures": failures,
           "only": args.only, "load_average": os.getloadavg(),
           "bench_command": [os.path.relpath(a, tree) if a.startswith(tree) else a for a in bench_cmd]}
    with open(os.path.join(work, planning.RUN_FILE), "w") as f:
        json.dump(run, f, indent=1)
    rc = render_doc(work, args)
    return rc if not failures else 1


def only_parts(parts: List[planning.Part], names: List[str]) -> List[planning.Part]:
    """The parts --only names (a part or a group of them); an unknown name
    is refused with the known ones."""
    known = [p.name for p in parts] + list(planning.GROUPS) + ["engines"]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"--only {','.join(unknown)}: no such part (parts: {', '.join(known)})")
    wanted = {m for n in names for m in planning.members(n, parts)}
    return [p for p in parts if p.name in wanted]


def read_run(work: str) -> Dict[str, Any]:
    path = os.path.join(work, planning.RUN_FILE)
    if not os.path.exists(path):
        raise ValueError(f"{path} missing: not the work directory of a finished `scripts/perf doc` run")
    with open(path) as f:
        run: Dict[str, Any] = json.load(f)
    if run.get("format") != planning.RUN_FORMAT:
        raise ValueError(f"{path}: format {run.get('format')!r}, this tool writes {planning.RUN_FORMAT!r}")
    return run


def load_part(work: str, name: str) -> Optional[Results]:
    """A part's results, analysed; None when the part did not run."""
    p = os.path.join(work, name, "results.json")
    if not os.path.exists(p):
        return None
    res = load_results(p)
    report.analyze(res)
    return res


def load_raw(work: str, name: str) -> Optional[Results]:
    """A part's results.json as written (an interleaved part is judged when
    measured); None when the part did not run."""
    p = os.path.join(work, name, "results.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        res: Results = json.load(f)
    return res


def read_text(path: str) -> Optional[str]:
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def write_charts(parts: Dict[str, Optional[Results]], charts_dir: str, doc_dir: str) -> Dict[str, str]:
    """A PNG (where matplotlib is) and a JSON summary per part; name -> the
    PNG's path relative to the doc."""
    os.makedirs(charts_dir, exist_ok=True)
    charts = {}
    for name, res in parts.items():
        if res:
            png = os.path.join(charts_dir, f"{name}.png")
            if report.chart(res, png) is None:
                charts[name] = os.path.relpath(png, doc_dir)
            with open(os.path.join(charts_dir, f"{name}.json"), "w") as f:
                json.dump({k_: res.get(k_) for k_ in ("created", "machine", "settings", "subjects", "cells",
                                                      "summary", "comparison", "analysis")}, f, indent=1)
    return charts


def doc_context(work: str, run: Dict[str, Any], charts_dir: str, doc_dir: str) -> Dict[str, Any]:
    """What rendering.render() takes, from the work directory of a run."""
    settings = planning.settings_from_json(run["settings"])
    m = discovery.merge(load_part(work, "matrix"), load_part(work, "vhost"))
    k, aa = load_part(work, "kernels"), load_part(work, "aa")
    lean, lean_exact = load_part(work, "lean"), load_part(work, "lean-exact")
    bench_text = read_text(os.path.join(work, "bench.json"))
    icount_md = read_text(os.path.join(work, "icount", "icount.md"))
    charts = write_charts({"matrix": m, "kernels": k, "aa": aa, "lean": lean, "lean-exact": lean_exact},
                          charts_dir, doc_dir)
    versions = settings.versions
    return {"created": run["created"], "machine": run["machine"], "settings": settings,
            "commands": run["commands"], "wall_s": run["wall_s"], "matrix": m, "kernels": k, "aa": aa,
            "icount_md": icount_md.strip() if icount_md is not None else None, "charts": charts,
            "bench": json.loads(bench_text) if bench_text is not None else None,
            "bench_command": run["bench_command"],
            "calibration": discovery.find_calibration(os.path.join(work, "matrix", "logs")),
            "failures": run["failures"], "lean": lean, "lean_exact": lean_exact,
            "interleaved": load_raw(work, "interleaved"),
            "interleaved_command": next((c for c in run["commands"] if "--interleave" in c), None),
            "lean_by_version": {"host": lean, **{v.name: load_part(work, f"dpdk-{v.name}-lean") for v in versions}},
            # The host's kernel of testpmd's shape is in `kernels`; a root's in its -mirror part.
            "versions": [(discovery.Version("host", settings.host_dpdk), discovery.merge(m, k))]
            + [(v, discovery.merge(load_part(work, f"dpdk-{v.name}"), load_part(work, f"dpdk-{v.name}-mirror")))
               for v in versions]}


def write_keeping_published(path: str, text: str) -> None:
    """Write the doc; the sections written apart (the engine table, and
    scripts/seed-testpmds' verdict) stay, after the rest."""
    write_keeping(path, text, (engine_table.MARKERS, seed_report.MARKERS))


def write_keeping(path: str, text: str, sections: Tuple[marked_section.Markers, ...]) -> None:
    """Write path; its marked sections of these markers stay, after text."""
    kept = ""
    if os.path.isfile(path):
        with open(path) as f:
            old = f.read()
        kept = "".join(m.kept(old) for m in sections)
    with open(path, "w") as f:
        f.write(text + ("\n" + kept if kept else ""))


def write_section(path: str, markers: marked_section.Markers, body: str, title: str) -> None:
    """The marked section into path, a new page of this title where none is."""
    if not os.path.isfile(path):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w") as f:
            f.write(f"# {title}\n")
    marked_section.write(path, markers, body)


def engine_cells(work: str, run: Dict[str, Any]) -> Optional[List[Tuple[discovery.Version, Dict[str, Any]]]]:
    """Each DPDK's engine cells from a run's engine parts, None without any."""
    if not any(n.startswith("engines-") for n in run.get("parts", [])):
        return None
    settings = planning.settings_from_json(run["settings"])
    versions = [discovery.Version("host", settings.host_dpdk)] + settings.versions

    def cells(v: discovery.Version) -> Dict[str, Any]:
        at = None if v.root is None else v
        return engine_table.merge(*(load_raw(work, planning.engine_part_name(rig, at)) for rig, _, _ in
                                    planning.ENGINE_RIGS))

    return [(v, cells(v)) for v in versions]


def kept_parts(path: str, markers: marked_section.Markers, prefix: str) -> Dict[str, str]:
    """The per-DPDK parts of path's marked section, to keep those this run
    did not measure ({} where there is no page or section yet)."""
    if not os.path.isfile(path):
        return {}
    with open(path) as f:
        return marked_section.keyed_blocks(markers.kept(f.read()), prefix)


def engine_commands(run: Dict[str, Any], versions: List[discovery.Version]) -> Dict[str, List[List[str]]]:
    """Each DPDK's engine commands, by its name."""
    by_part = dict(zip(run["parts"], run["commands"]))
    return {v.name: [by_part[n] for rig, _, _ in planning.ENGINE_RIGS
                     for n in [planning.engine_part_name(rig, None if v.root is None else v)] if n in by_part]
            for v in versions}


def engine_section(work: str, run: Dict[str, Any], page: str) -> Optional[str]:
    """The engine table's body from a run's engine parts, keeping page's
    parts of the DPDKs the run did not measure; None without any part."""
    by_version = engine_cells(work, run)
    if by_version is None:
        return None
    settings = planning.settings_from_json(run["settings"])
    commands = engine_commands(run, [v for v, _ in by_version])
    kept = kept_parts(page, engine_table.MARKERS, engine_table.PART_PREFIX)
    return engine_table.render(by_version, commands, settings.engine_pairs, run.get("created"), kept,
                               run.get("machine"))


def write_engine_goals(work: str, run: Dict[str, Any], goals: str) -> bool:
    """Issue 36's goals judged from the engine parts, into their section of
    the goals page; False where the run has no engine part."""
    by_version = engine_cells(work, run)
    if by_version is None:
        return False
    icounted = planning.settings_from_json(run["settings"]).engine_icount
    kept = kept_parts(goals, engine_goals.MARKERS, engine_goals.PART_PREFIX)
    write_section(goals, engine_goals.MARKERS,
                  engine_goals.render(by_version, run.get("created"), icounted, kept, run.get("machine")),
                  "pmdfwd's goals")
    return True


def writes_goals(run: Dict[str, Any]) -> bool:
    """Whether a run's results judge the goals of issues 19 and 28: any
    but the A/A parts (each forwarder against itself) and the engine parts
    (which write issue 36's section of the page on their own) can. Writing
    the page from a run without them would take away the goals an earlier
    run judged."""
    only = run.get("only")
    return not only or any(not part.startswith(("aa-", "engines", "icount")) for part in only)


def write_icount_section(work: str, run: Dict[str, Any], page: str) -> bool:
    """A run of the callgrind part alone rewrites its section of the page
    in place; False where this run is not one (a full run renders the
    section with the rest)."""
    if "icount" not in (run.get("only") or []):
        return False
    counted = read_text(os.path.join(work, "icount", "icount.md"))
    if counted is None:
        raise ValueError(f"{work}: the icount part left no icount/icount.md (see its log)")
    command = dict(zip(run["parts"], run["commands"])).get("icount")
    marked_section.write(page, icount_section.MARKERS, icount_section.body(counted, run.get("created"), command),
                         append=False)
    return True


def render_doc(work: str, args: argparse.Namespace) -> int:
    """doc/performance.md and its charts from the results in `work`."""
    run = read_run(work)
    charts_dir = os.path.abspath(args.charts)
    ctx = doc_context(work, run, charts_dir, os.path.dirname(os.path.abspath(args.output)))
    ctx["tree"] = args.tree
    goals = os.path.join(charts_dir, "goals.md")
    judges_goals = writes_goals(run)
    if judges_goals:
        write_keeping(goals, rendering.render_goals(ctx), (engine_goals.MARKERS,))
    if write_engine_goals(work, run, goals):
        print(f"wrote the engine goals into {goals}")
    widths = aa_widths.load(work, run)
    if widths:
        tool_doc = os.path.join(os.path.dirname(os.path.abspath(args.output)), "perf-tool.md")
        aa_widths.write_into(tool_doc, aa_widths.render(widths, args.tree))
        print(f"wrote the A/A widths into {tool_doc}")
    engines = engine_section(work, run, args.output)
    if engines is not None:
        if not os.path.isfile(args.output):
            with open(args.output, "w") as f:
                f.write("# pmdfwd performance\n")
        marked_section.write(args.output, engine_table.MARKERS, engines)
        print(f"wrote the engine table into {args.output}")
    if write_icount_section(work, run, args.output):
        print(f"wrote the instruction counts into {args.output}")
    if run.get("only"):
        # Some parts only: doc/performance.md reports them all, so it stays.
        if judges_goals:
            print(f"wrote the project's goals {goals} from {work} (parts {', '.join(run['only'])})")
        return 0
    write_keeping_published(args.output, rendering.render(ctx))
    print(f"wrote {args.output} and {len(ctx['charts'])} charts in {args.charts} from {work}; "
          f"the project's goals: {goals}")
    return 0
