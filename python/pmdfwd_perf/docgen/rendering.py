"""The markdown of doc/performance.md (and doc/perf/goals.md) from the
results of a doc run: tables, verdicts, goals. Pure functions of the
results, tested on synthetic ones."""

import dataclasses
import os
from typing import Any, Dict, List, Optional, Tuple

from .. import report
from . import icount_section, interleaved_goals, markdown
from .discovery import Version, mirror_kernel
from .planning import VERSION_TIERS, Settings, estimate_seconds, plan

MPPS_TO_NS = 1e3  # ns per packet = 1000 / Mpps
Results = Dict[str, Any]  # a results.json of scripts/perf run, analysed
Rows = List[List[Any]]


def bench_rows(bench_json: Optional[Dict[str, Any]]) -> Rows:
    """kernel -> {set: fastest cyc/pkt over repetitions} from bench_macswap's JSON;
    a kernel's lean-mode run (macswap/SET/KERNEL/lean) is its own row, "KERNEL lean"."""
    best: Dict[str, Dict[str, float]] = {}
    for b in (bench_json or {}).get("benchmarks", []):
        if b.get("run_type") != "iteration" or "cyc/pkt" not in b:
            continue
        _, working_set, kernel, *mode = b["name"].split("/")
        kernel = " ".join([kernel, *mode])
        cur = best.setdefault(kernel, {}).get(working_set)
        if cur is None or b["cyc/pkt"] < cur:
            best[kernel][working_set] = b["cyc/pkt"]
    return [[k, _fmt(v.get("hot"), 2), _fmt(v.get("warm"), 2), _fmt(v.get("cold"), 2)]
            for k, v in sorted(best.items(), key=lambda kv: kv[1].get("hot", 1e9))]


def _cell(results, key):
    return results.get("summary", {}).get(key, {}) if results else {}


def _cmp(results, key):
    return results.get("comparison", {}).get(key) if results else None


def _med(results, key, label):
    e = _cell(results, key).get(label, {})
    return e.get("median") if e.get("n") else None


def _fmt(x: Optional[float], nd: int = 3) -> str:
    return "-" if x is None else f"{x:.{nd}f}"


def overhead_ns(results: Optional[Results], tier: str, label: str, frame: int = 64,
                layout: str = "1Q1C") -> Optional[float]:
    """1/macswap - 1/io in ns per packet from the medians, or None."""
    io = _med(results, f"{tier}/io/{frame}B/{layout}", label)
    ms = _med(results, f"{tier}/macswap/{frame}B/{layout}", label)
    if not io or not ms:
        return None
    return MPPS_TO_NS / ms - MPPS_TO_NS / io


def _key_of(results, variant, mode, frame=64):
    for c in (results or {}).get("cells", []):
        if c["variant"] == variant and c["mode"] == mode and c["frame"] == frame and not c.get("skip") \
                and not c.get("kernel"):
            return c["key"]
    return None


def _ratio_goal(name, results, key, target):
    c = _cmp(results, key) if key else None
    if not c or "ratio" not in c:
        return [name, f">= {target:.2f}x", "not measured", "-"]
    got = f"x{c['ratio']:.3f} [{c['ci_low']:.3f}, {c['ci_high']:.3f}] {c['verdict']}"
    if c["ratio"] >= target and c["verdict"] == "faster":
        met = "**yes**"
    elif c["ratio"] >= target:
        met = "median yes, not significant"
    else:
        met = "**no**"
    return [name, f">= {target:.2f}x", got, met]


def _kernel_key(results, kernel):
    return next((c["key"] for c in (results or {}).get("cells", [])
                 if c.get("kernel") == kernel and kernel and not c.get("skip")), None)


def goals(m: Optional[Results], lean: Optional[Results] = None,
          versions: Optional[List[Tuple[Version, Optional[Results]]]] = None,
          lean_by_version: Optional[Dict[str, Optional[Results]]] = None, a: str = "testpmd",
          b: str = "pmdfwd") -> Rows:
    """Issue 19's goals against this run's results. m: matrix + vhost merged
    (exact, the default); lean: pmdfwd lean against testpmd; versions:
    [(Version, results)] with the host first; lean_by_version: {name: results}."""
    rows = []
    lean_by_version = lean_by_version or {}
    versions = versions or [(Version("host", None), m)]
    for i, (v, res) in enumerate(versions):
        host = i == 0
        lres = lean if host else lean_by_version.get(v.name)
        dpdk = f"DPDK {v.dpdk or v.name}"
        rows.append(_ratio_goal(f"{dpdk}: ring-hot macswap, exact", res, _key_of(res, "ring-hot", "macswap"), 1.25))
        for tier in ("ring-warm", "ring-cold") if host else ("ring-warm",):
            rows.append(_ratio_goal(f"{dpdk}: {tier} macswap, lean", lres, _key_of(lres, tier, "macswap"), 1.35))
            rows.append(_ratio_goal(f"{dpdk}: {tier} macswap, exact", res, _key_of(res, tier, "macswap"), 1.10))
        rows.append(_ratio_goal(f"{dpdk}: null macswap, exact", res, _key_of(res, "null", "macswap"), 1.10))
    ms, io = _median_of(m, "ring-hot", "macswap", b), _median_of(m, "ring-hot", "io", b)
    ms_a, io_a = _median_of(m, "ring-hot", "macswap", a), _median_of(m, "ring-hot", "io", a)
    if ms and io:
        got = f"{ms / io:.3f} (dpdk-testpmd {ms_a / io_a:.3f})" if ms_a and io_a else f"{ms / io:.3f}"
        rows.append(["macswap/io, ring-hot, pmdfwd exact", ">= 0.55", got, "**yes**" if ms / io >= 0.55 else "**no**"])
    else:
        rows.append(["macswap/io, ring-hot, pmdfwd exact", ">= 0.55", "not measured", "-"])
    # Every cell pmdfwd runs by default or in lean mode, on every DPDK; a
    # kernel forced for comparison (scalar) is not what a user runs.
    slower = []
    for i, (v, res) in enumerate(versions):
        for mode, r in (("exact", res), ("lean", lean if i == 0 else lean_by_version.get(v.name))):
            slower += [f"{v.dpdk or v.name} {key} {mode}" for key, c in (r or {}).get("comparison", {}).items()
                       if c.get("verdict") == "slower" and "+" not in key.split("/")[1]]
    rows.append(["no cell slower than dpdk-testpmd, exact or lean", "none", ", ".join(sorted(set(slower))) or "none",
                 "**yes**" if not slower else "**no**"])
    return rows


_table = markdown.table


def cell_rows(results: Optional[Results]) -> Rows:
    """One row per measured cell: both medians with spread, ratio, CI, verdict."""
    if not results:
        return []
    labels = [s["label"] for s in results["subjects"]]
    rows = []
    for c in results["cells"]:
        if c.get("skip"):
            continue
        per = _cell(results, c["key"])
        row = [c["key"]]
        for lab in labels[:2]:
            e = per.get(lab, {})
            row.append(f"{_fmt(e.get('median'))} [{_fmt(e.get('min'))}-{_fmt(e.get('max'))}] {e['cv']:.1%}"
                       if e.get("n") else "no data")
        cmp_ = _cmp(results, c["key"])
        if cmp_ and "ratio" in cmp_:
            row += [f"{cmp_['ratio']:.3f}", f"[{cmp_['ci_low']:.3f}, {cmp_['ci_high']:.3f}]", cmp_["verdict"]]
        else:
            row += ["-", "-", (cmp_ or {}).get("verdict", "-")]
        rows.append(row)
    return rows


# A difference of two medians whose runs spread more than this says nothing.
NOISY_CV = 0.10


def _max_cv(results, keys, labels):
    return max((_cell(results, k).get(lab, {}).get("cv") or 0.0) for k in keys for lab in labels)


def overhead_rows(m: Optional[Results], a: str = "testpmd", b: str = "pmdfwd") -> Rows:
    rows = []
    for tier in ("ring-hot", "ring-warm", "null", "vhost"):
        frames = (64, 1518) if tier == "vhost" else (64,)
        for f in frames:
            oa, ob = overhead_ns(m, tier, a, f), overhead_ns(m, tier, b, f)
            if oa is None and ob is None:
                continue
            cv = _max_cv(m, [f"{tier}/io/{f}B/1Q1C", f"{tier}/macswap/{f}B/1Q1C"], (a, b))
            rows.append([f"{tier} {f} B", _fmt(oa, 2), _fmt(ob, 2),
                         f"{ob / oa:.2f}" if oa and ob is not None and oa > 0 else "-",
                         f"noise: a run spread (CV) of {cv:.0%}" if cv > NOISY_CV else ""])
    return rows


def kernel_rows(k: Optional[Results], a: str = "testpmd", b: str = "pmdfwd") -> Rows:
    rows = []
    for c in (k or {}).get("cells", []):
        if c.get("skip") or not c.get("kernel"):
            continue
        e_b = _cell(k, c["key"]).get(b, {})
        e_a = _cell(k, c["key"]).get(a, {})
        cmp_ = _cmp(k, c["key"]) or {}
        rows.append([c["kernel"], _fmt(e_a.get("median")), _fmt(e_b.get("median")),
                     f"{cmp_['ratio']:.3f}" if "ratio" in cmp_ else "-",
                     f"[{cmp_['ci_low']:.3f}, {cmp_['ci_high']:.3f}]" if "ratio" in cmp_ else "-",
                     cmp_.get("verdict", "-")])
    return rows


def _median_of(results, variant, mode, label):
    key = _key_of(results, variant, mode)
    return _med(results, key, label) if key else None


def to_io_rows(m: Optional[Results], lean: Optional[Results] = None, a: str = "testpmd",
               b: str = "pmdfwd") -> Rows:
    """macswap over io per rig, medians: how close each forwarder gets to
    the rate of not touching packets at all (io reads no packet line). The
    lean column divides the lean run's macswap by the matrix's io."""
    rows = []
    for tier in ("ring-hot", "ring-warm", "ring-cold", "null"):
        cols = []
        for res, label in ((m, a), (m, b), (lean, b)):
            ms, io = _median_of(res, tier, "macswap", label), _median_of(m, tier, "io", label)
            cols.append(f"{ms / io:.3f}" if ms and io else "-")
        if any(c != "-" for c in cols):
            rows.append([tier] + cols)
    return rows


def render_lean(lean: Optional[Results], lean_exact: Optional[Results],
                charts: Optional[Dict[str, str]] = None) -> List[str]:
    """The lean mode's section: against dpdk-testpmd, and against exact."""
    out = ["## Lean mode: `--macswap-fields=lean`", "",
           "Opt-in (the default, exact, sets every TX field as testpmd does). When the port requests no TX "
           "offload flag, lean leaves `l2_len` and `l3_len` (mbuf cache line 1) as they came: no PMD reads them "
           "without such a flag, the frames on the wire are byte-identical (tests/e2e/test_macswap_lean.py, "
           "every kernel), and each packet costs one cache line fewer. With any TX flag requested lean writes "
           "what exact writes (doc/macswap-kernels.md).", ""]
    if lean:
        out += ["pmdfwd lean against dpdk-testpmd:", "",
                _table(["cell", "testpmd Mpps median [min-max] CV", "pmdfwd lean Mpps median [min-max] CV",
                        "ratio", "95 % CI", "verdict"], cell_rows(lean))]
        if charts and charts.get("lean"):
            out += ["", f"![lean]({charts['lean']})"]
    if lean_exact:
        out += ["", "Lean against exact, the same binary alternated: the effect of lean alone.", "",
                _table(["cell", "exact Mpps median [min-max] CV", "lean Mpps median [min-max] CV", "ratio",
                        "95 % CI", "verdict"], cell_rows(lean_exact))]
        if charts and charts.get("lean-exact"):
            out += ["", f"![lean against exact]({charts['lean-exact']})"]
    if not lean and not lean_exact:
        out.append("not measured")
    return out


def version_rows(results: Optional[Results], dpdk: Optional[str] = None) -> Rows:
    """cell_rows() of the per-version cells: io and macswap, VERSION_TIERS, 64 B, one queue, and
    ring-hot macswap with the kernel of that version's testpmd shape."""
    if not results:
        return []
    mirror = mirror_kernel(dpdk)
    keep = [c for c in results["cells"] if c["variant"] in VERSION_TIERS and c["frame"] == 64
            and c.get("layout") == "1Q1C" and c.get("kernel") in (None, mirror)]
    return cell_rows(dict(results, cells=keep))


def versions_summary(versions: List[Tuple[Version, Optional[Results]]],
                     lean: Optional[Dict[str, Optional[Results]]] = None) -> Rows:
    """One row per cell, one column per DPDK: pmdfwd/testpmd and verdict.
    versions: [(Version, results or None)]; lean: {Version name: results of
    pmdfwd lean against that testpmd}."""
    rows = []
    lean = lean or {}
    for tier in VERSION_TIERS:
        for mode in ("io", "macswap", "macswap lean"):
            if mode == "macswap lean" and not lean:
                continue
            row = [f"{tier} {mode}"]
            for v, res in versions:
                src = lean.get(v.name) if mode == "macswap lean" else res
                c = _cmp(src, f"{tier}/{mode.split()[0]}/64B/1Q1C")
                row.append(f"x{c['ratio']:.3f} {c['verdict']}" if c and "ratio" in c else "-")
            rows.append(row)
    row = ["ring-hot macswap, the kernel of testpmd's shape"]
    for v, res in versions:
        kernel = mirror_kernel(v.dpdk)
        c = _cmp(res, _kernel_key(res, kernel))
        row.append(f"{kernel}: x{c['ratio']:.3f} {c['verdict']}" if c and "ratio" in c else "-")
    rows.append(row)
    return rows


def _version_title(v: Version) -> str:
    where = "the host" if v.root is None else f"root {v.name}, `{v.root}`"
    return f"DPDK {v.dpdk or '?'} ({where})"


def render_versions(versions: List[Tuple[Version, Optional[Results]]],
                    lean: Optional[Dict[str, Optional[Results]]] = None) -> List[str]:
    """The "By DPDK version" section; versions: [(Version, results or None)], host first;
    lean: {Version name: lean results}."""
    out = ["## By DPDK version", "",
           "pmdfwd is compared only with the dpdk-testpmd of the same DPDK, both from the same Debian packages: "
           "the DPDK packages of different Debian releases differ in speed on these rigs by more than pmdfwd and "
           "testpmd differ from each other. The host's table is the subset of the matrix above; each Debian root "
           "(made by `scripts/dpdk-matrix.sh`, pmdfwd built inside it) has its own compare run, same protocol, "
           "both forwarders running in the root through chroot. The last row forces the pmdfwd kernel with the "
           "shape of that DPDK's testpmd macswap (sse up to 23.11; sse-interleaved, the 2024 interleaving, from "
           "24.11): at or above 1.0 the host adds nothing around the same kernel.", ""]
    if len(versions) < 2:
        out += ["Only the host's DPDK was measured: no Debian root with pmdfwd built in it was found "
                "(`scripts/dpdk-matrix.sh`, as root, makes them; `scripts/perf doc --roots DIR`).", ""]
    out.append(_table(["cell (pmdfwd / testpmd, 64 B, 1 core)"] + [f"DPDK {v.dpdk or v.name}" for v, _ in versions],
                      versions_summary(versions, lean)))
    for v, res in versions:
        out += ["", f"### {_version_title(v)}", ""]
        rows = version_rows(res, v.dpdk)
        rows += [[f"{r[0]} lean"] + r[1:] for r in version_rows((lean or {}).get(v.name), v.dpdk)]
        out.append(_table(["cell", "testpmd Mpps median [min-max] CV", "pmdfwd Mpps median [min-max] CV",
                           "ratio", "95 % CI", "verdict"], rows) if rows else "not measured")
    return out


def _run_minutes(ctx: Dict[str, Any], s: Settings) -> float:
    """What the run took, else (no run yet) what the default run takes."""
    if ctx.get("wall_s"):
        return ctx["wall_s"] / 60
    default = dataclasses.replace(s, reps=4, warmup=1, duration=1, icount=True, icount_seconds=2)
    return estimate_seconds(plan(default, "w"), default) / 60


def render_goals(ctx: Dict[str, Any]) -> str:
    """The project's own goals (issues 19 and 28) against a run: for the
    people working on pmdfwd, written beside the charts (doc/perf/goals.md),
    not into the user's doc/performance.md. The interleaved judgement comes
    first where the run has it; the sequential table where it has a matrix."""
    s = ctx["settings"]
    out = ["# Goals of issue 19", "",
           f"From the `scripts/perf doc` run of {ctx.get('created', '?')}. Ratios are pmdfwd over dpdk-testpmd "
           "of the same DPDK, 64 B, one core; \"yes\" needs the median at the target and the verdict \"faster\".",
           ""]
    if ctx.get("interleaved"):
        out += interleaved_goals.render(ctx["interleaved"], ctx.get("interleaved_command"), ctx.get("tree")) + [""]
    if ctx.get("interleaved") and not ctx.get("matrix"):
        out += ["The other goals (lean mode, ring-warm and ring-cold, the DPDK versions of the Debian roots) "
                "come from the sequential parts, which this run left out: a full `scripts/perf doc "
                "--interleaved` run judges them too.", ""]
    if ctx.get("matrix") or not ctx.get("interleaved"):
        versions = ctx.get("versions") or [(Version("host", s.host_dpdk), ctx.get("matrix"))]
        out += ["## Judged on sequential runs (doc/performance.md has their figures)", "",
                _table(["goal", "target", "measured (B/A, 95 % CI, verdict)", "met"],
                       goals(ctx.get("matrix"), ctx.get("lean"), versions, ctx.get("lean_by_version")))]
    return "\n".join(out).rstrip("\n") + "\n"


def render(ctx: Dict[str, Any]) -> str:
    """The markdown. ctx: dict with machine, settings (Settings), commands,
    wall_s, matrix, kernels, aa, lean, lean_exact (results dicts or None),
    lean_by_version {Version name: results}, icount_md,
    calibration, charts {name: relative path}, failures [str]. The words
    are templates/performance.md.j2's; this makes its view."""
    missing = renderer_missing()
    if missing:
        raise RuntimeError(missing)
    import jinja2

    s = ctx["settings"]
    m, k, aa = ctx.get("matrix"), ctx.get("kernels"), ctx.get("aa")
    mach = ctx.get("machine") or {}
    versions = ctx.get("versions") or [(Version("host", s.host_dpdk), m)]
    table_head = ["cell", "testpmd Mpps median [min-max] CV", "pmdfwd Mpps median [min-max] CV", "ratio",
                  "95 % CI", "verdict"]
    bench = bench_rows(ctx.get("bench"))
    view = {
        "s": s, "mach": mach, "created": ctx.get("created", "?"), "commands": ctx.get("commands", []),
        # The reader's machine is not this one: say whose figures these are,
        # and give the run one duration, the one it took.
        "caches": ", ".join(f"{k_} {v // 1024} KiB" for k_, v in (mach.get("caches") or {}).items()),
        "minutes": max(1, round(_run_minutes(ctx, s))),
        "failures": ctx.get("failures"), "host": s.host_dpdk or "(host)", "charts": ctx.get("charts") or {},
        "matrix": m and {"mail": report.mail_blocks(m), "table": _table(table_head, cell_rows(m)),
                         "notes": sorted({(c["variant"], c["note"]) for c in m["cells"] if c.get("note")})},
        "lean": "\n".join(render_lean(ctx.get("lean"), ctx.get("lean_exact"), ctx.get("charts"))),
        "versions": "\n".join(render_versions(versions, ctx.get("lean_by_version"))),
        "overhead": _table(["rig", "dpdk-testpmd ns", "pmdfwd ns", "pmdfwd/testpmd", "note"], overhead_rows(m)),
        "to_io": _table(["rig", "dpdk-testpmd macswap/io", "pmdfwd exact macswap/io", "pmdfwd lean macswap/io"],
                        to_io_rows(m, ctx.get("lean"))),
        "kernels": k and _table(["kernel", "testpmd Mpps", "pmdfwd Mpps", "ratio", "95 % CI", "verdict"],
                                kernel_rows(k)),
        "bench": bench and _table(["kernel", "hot", "warm", "cold"], bench),
        "bench_command": ctx.get("bench_command", []),
        "calibration": ctx.get("calibration"),
        "icount_section": icount_section.block(ctx.get("icount_md")).rstrip("\n"),
        "aa": aa and report.mail_blocks(aa),
    }
    return _template("performance.md.j2", jinja2).render(view)


def renderer_missing() -> str:
    """Why the doc cannot be rendered here, or "". Only `scripts/perf doc`
    needs python3-jinja2: the other commands run on the standard library."""
    try:
        import jinja2  # noqa: F401
    except ImportError as e:
        return f"doc/performance.md is rendered with python3-jinja2 (apt-get install python3-jinja2): {e}"
    return ""


def _template(name: str, jinja2: Any) -> Any:
    """A template of templates/: blocks take their own line away, the
    output ends as the file does, and a name the view lacks is an error."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(os.path.dirname(__file__), "templates")),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, autoescape=False)
    return env.get_template(name)
