"""Turn raw samples into summaries, verdicts and files a reviewer can read.

The raw samples (every interval of every run) are always written: a report
that keeps only medians cannot be re-analysed with another confidence level
or minimum effect, and cannot be checked by someone who doubts it. The
markdown mimics the before/after blocks of the mails of the 2024 DPDK series
"app/testpmd: improve sse based macswap" (`<rig : before : after>`) so results can be pasted into a patch discussion,
but every number carries its spread and every comparison its verdict.
"""

import csv
import json
import os
from typing import Any, Dict, List, Tuple

from . import stats

MPPS = 1e6


def analyze(results, confidence=0.95, min_effect=0.02, method="both", figure="best"):
    """Add 'summary' (per cell, per subject) and 'comparison' (A vs B) to results."""
    key = "best_pps" if figure == "best" else "median_pps"
    labels = [s["label"] for s in results["subjects"]]
    summary = {}
    for cell in results["cells"]:
        if cell.get("skip"):
            continue
        per = {}
        for label in labels:
            runs = [s for s in results["samples"] if s["cell"] == cell["key"] and s["subject"] == label]
            ok = [s for s in runs if s.get(key) is not None]
            entry = stats.summarize([s[key] / MPPS for s in ok])
            entry["median_interval"] = stats.summarize([s["median_pps"] / MPPS for s in ok])
            entry["errors"] = [s["error"] for s in runs if s.get("error")]
            gen = [s["generator_tx_pps"] / MPPS for s in ok if s.get("generator_tx_pps")]
            if gen:
                entry["generator_tx"] = stats.summarize(gen)
            entry["samples"] = [round(s[key] / MPPS, 4) for s in ok]
            per[label] = entry
        summary[cell["key"]] = per
    results["summary"] = summary
    results["analysis"] = {"confidence": confidence, "min_effect": min_effect, "method": method, "figure": figure}
    results["comparison"] = {}
    if len(labels) >= 2:
        a, b = labels[0], labels[1]
        for ckey, per in summary.items():
            sa, sb = per[a]["samples"], per[b]["samples"]
            if sa and sb:
                v = stats.compare(sa, sb, confidence, min_effect, method)
                results["comparison"][ckey] = v.as_dict()
            else:
                results["comparison"][ckey] = {"verdict": "no data", "reason": "a subject has no successful run"}
    return results


def write_all(results, out, png=True):
    os.makedirs(out, exist_ok=True)
    paths = {
        "json": os.path.join(out, "results.json"),
        "md": os.path.join(out, "report.md"),
        "samples_csv": os.path.join(out, "samples.csv"),
        "summary_csv": os.path.join(out, "summary.csv"),
    }
    with open(paths["json"], "w") as f:
        json.dump(results, f, indent=1, sort_keys=False)
    with open(paths["md"], "w") as f:
        f.write(markdown(results))
    write_csv(results, paths["samples_csv"], paths["summary_csv"])
    if png:
        p = os.path.join(out, "chart.png")
        err = chart(results, p)
        if err:
            paths["png_error"] = err
        else:
            paths["png"] = p
    return paths


def _fmt(x, nd=3):
    return "-" if x is None else f"{x:.{nd}f}"


def mail_blocks(results):
    """The `TEST MODE SIZE: <rig : before : after>` blocks of the DPDK mails."""
    labels = [s["label"] for s in results["subjects"]]
    cells = [c for c in results["cells"] if not c.get("skip")]
    groups: Dict[Tuple[str, str, int], List[Dict[str, Any]]] = {}
    for c in cells:
        mode = c["mode"].upper() + (f" {c['kernel']}" if c.get("kernel") else "")
        groups.setdefault((mode, c["layout"], c["frame"]), []).append(c)
    rule = "-" * 48
    lines = [rule]
    for (mode, layout, frame), group in groups.items():
        head = " : ".join(["rig"] + labels + (["ratio : verdict"] if len(labels) >= 2 else []))
        lines.append(f"TEST {mode} {frame}B {layout}: <{head}>")
        for c in group:
            per = results["summary"].get(c["key"], {})
            vals = [_fmt(per.get(lab, {}).get("median")) for lab in labels]
            row = f" - {c['variant']}: " + " : ".join(vals)
            cmp_ = results.get("comparison", {}).get(c["key"])
            if cmp_ and "ratio" in cmp_:
                row += f" : x{cmp_['ratio']:.3f} : {cmp_['verdict']}"
            lines.append(row)
        lines.append(rule)
    return "\n".join(lines)


def noisy(results, ckey):
    """The warning for a compared cell whose runs spread more than the effect
    it is asked to detect (None when the spread allows a decision)."""
    labels = [s["label"] for s in results["subjects"]][:2]
    per = results.get("summary", {}).get(ckey, {})
    min_effect = results.get("analysis", {}).get("min_effect", 0.02)
    cvs = {lab: per.get(lab, {}).get("cv") for lab in labels}
    worst = max((cv for cv in cvs.values() if cv is not None), default=None)
    if worst is None or worst <= min_effect:
        return None
    return (f"too noisy to decide: runs spread by CV {worst:.1%} (more than the {min_effect:.1%} "
            "minimum effect); quieten the machine (idle cores, performance governor) or raise -R")


def verdict_lines(results):
    """One line per compared cell: the verdict and why (CI, p-value, effect,
    spread), and a warning when the machine is too noisy to decide."""
    labels = [s["label"] for s in results["subjects"]][:2]
    lines = []
    for ckey, cmp_ in results.get("comparison", {}).items():
        per = results.get("summary", {}).get(ckey, {})
        spread = ", ".join(f"{lab} CV {per[lab]['cv']:.1%}" for lab in labels
                           if per.get(lab, {}).get("cv") is not None)
        line = f"{ckey}: {cmp_['verdict']} - {cmp_.get('reason', '')}"
        if spread:
            line += f"; spread {spread}"
        lines.append(line)
        warning = noisy(results, ckey)
        if warning:
            lines.append(f"  warning: {warning}")
    return lines


def markdown(results):
    labels = [s["label"] for s in results["subjects"]]
    st = results["settings"]
    an = results.get("analysis", {})
    out = ["# pmdfwd performance run", ""]
    out.append(f"- created: {results.get('created')}; machine: {results['machine'].get('cpu_model')} "
               f"(cpus {results['machine'].get('cpus')}, governor {results['machine'].get('governor')})")
    for s in results["subjects"]:
        desc = s.get("binary") or "?"
        extra = ", ".join(f"{k}={s[k]}" for k in ("rev", "mode", "kernel") if s.get(k))
        out.append(f"- subject **{s['label']}**: `{desc}`" + (f" ({extra})" if extra else ""))
    out.append(f"- per cell: {st['reps']} runs x {st['duration']} s after {st['warmup']} s warm-up, "
               f"subjects alternated; run figure = {an.get('figure', 'best')} 1-s interval of "
               "sum over ports of Rx-pps (Tx-pps for generator modes), in Mpps")
    if len(labels) >= 2:
        method = {"both": "bootstrap CI and Mann-Whitney U"}.get(an.get("method"), an.get("method"))
        out.append(f"- verdict: {method} at {an.get('confidence', 0):.0%} confidence on "
                   f"ratio {labels[1]}/{labels[0]} of medians, minimum effect {an.get('min_effect', 0):.1%}")
    out += ["", "## Summary (mail format, medians in Mpps)", "", "```", mail_blocks(results), "```", ""]
    if results.get("comparison"):
        out += ["## Verdicts and their reasons", ""]
        out += [f"- {line.strip()}" for line in verdict_lines(results)] + [""]
    out += ["## Cells", ""]
    head = ["cell"] + [f"{lab} median [min-max] CV" for lab in labels]
    if len(labels) >= 2:
        head += ["ratio", f"{an.get('confidence', 0.95):.0%} CI", "MWU p", "verdict"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for c in results["cells"]:
        if c.get("skip"):
            continue
        per = results["summary"].get(c["key"], {})
        row = [c["key"]]
        for lab in labels:
            e = per.get(lab, {})
            if e.get("n"):
                cell = f"{_fmt(e['median'])} [{_fmt(e['min'])}-{_fmt(e['max'])}] {e['cv']:.1%}"
                if e.get("generator_tx"):
                    cell += f" (gen TX {_fmt(e['generator_tx']['median'])})"
            else:
                cell = "no data"
            if e.get("errors"):
                cell += f" ({len(e['errors'])} failed)"
            row.append(cell)
        cmp_ = results.get("comparison", {}).get(c["key"])
        if cmp_ is not None:
            if "ratio" in cmp_:
                row += [f"{cmp_['ratio']:.4f}", f"[{cmp_['ci_low']:.4f}, {cmp_['ci_high']:.4f}]",
                        f"{cmp_['p_value']:.3g}", f"**{cmp_['verdict']}**"]
            else:
                row += ["-", "-", "-", cmp_["verdict"]]
        out.append("| " + " | ".join(row) + " |")
    notes = sorted({(c["variant"], c["note"]) for c in results["cells"] if c.get("note")})
    skips = [c for c in results["cells"] if c.get("skip")]
    if notes or skips:
        out += ["", "## Notes", ""]
        out += [f"- {v}: {n}" for v, n in notes]
        reasons = sorted({c["skip"] for c in skips})
        out += [f"- skipped ({sum(1 for c in skips if c['skip'] == r)} cells): {r}" for r in reasons]
    two = sorted({c["rig"] for c in results["cells"] if not c.get("skip") and c["rig"] in ("memif", "vhost")})
    if two:
        out += ["", f"{'/'.join(two)}: `gen TX` is the generator's own TX rate. The rig applies back-pressure, "
                "so equal rates do not prove the forwarder keeps up; compare with the io mode on the same rig: "
                "if io is no faster, the generator is the limit."]
    return "\n".join(out) + "\n"


def write_csv(results, samples_path, summary_path):
    with open(samples_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["cell", "subject", "rep", "mode", "best_mpps", "median_interval_mpps", "generator_tx_mpps",
                    "intervals_mpps", "error"])
        for s in results["samples"]:
            def m(k):
                return "" if s.get(k) is None else f"{s[k] / MPPS:.4f}"
            ivs = " ".join(f"{x / MPPS:.4f}" for x in s.get("intervals_pps", []))
            w.writerow([s["cell"], s["subject"], s["rep"], s.get("mode"), m("best_pps"), m("median_pps"),
                        m("generator_tx_pps"), ivs, (s.get("error") or "").splitlines()[0] if s.get("error") else ""])
    labels = [s["label"] for s in results["subjects"]]
    with open(summary_path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["cell", "rig", "mode", "kernel", "frame", "layout", "subject", "n", "median_mpps", "min_mpps",
                    "max_mpps", "cv", "ratio", "ci_low", "ci_high", "mwu_p", "verdict"])
        for c in results["cells"]:
            if c.get("skip"):
                continue
            cmp_ = results.get("comparison", {}).get(c["key"], {})
            for i, lab in enumerate(labels):
                e = results["summary"][c["key"]].get(lab, {})
                extra = ["", "", "", "", ""]
                if i == 1 and "ratio" in cmp_:
                    extra = [f"{cmp_['ratio']:.5f}", f"{cmp_['ci_low']:.5f}", f"{cmp_['ci_high']:.5f}",
                             f"{cmp_['p_value']:.4g}", cmp_["verdict"]]
                w.writerow([c["key"], c["variant"], c["mode"], c.get("kernel") or "", c["frame"], c["layout"], lab,
                            e.get("n", 0), _fmt(e.get("median"), 4), _fmt(e.get("min"), 4), _fmt(e.get("max"), 4),
                            "-" if e.get("cv") is None else f"{e['cv']:.4f}", *extra])


VERDICT_COLOURS = {"faster": "#1a9850", "slower": "#d73027", "within noise": "#7f7f7f"}


def forest_rows(results):
    """One row per compared cell, in matrix order: what the forest plot draws.

    Each row: label (rig/mode/size/layout), ratio B/A, CI low/high, verdict and
    its colour. Cells without a ratio (a subject had no run) are left out.
    """
    rows = []
    for c in results["cells"]:
        if c.get("skip"):
            continue
        cmp_ = results.get("comparison", {}).get(c["key"])
        if not cmp_ or "ratio" not in cmp_:
            continue
        mode = c["mode"] + (f"+{c['kernel']}" if c.get("kernel") else "")
        rows.append({"label": f"{c['variant']} {mode} {c['frame']}B {c['layout']}", "ratio": cmp_["ratio"],
                     "low": cmp_["ci_low"], "high": cmp_["ci_high"], "verdict": cmp_["verdict"],
                     "colour": VERDICT_COLOURS.get(cmp_["verdict"], "#7f7f7f")})
    return rows


def mpps_panels(results):
    """{title: cells sorted by frame size}, one panel per rig/mode/layout."""
    panels: Dict[str, List[Dict[str, Any]]] = {}
    for c in results["cells"]:
        if c.get("skip"):
            continue
        mode = c["mode"] + (f"+{c['kernel']}" if c.get("kernel") else "")
        panels.setdefault(f"{c['variant']} {mode} {c['layout']}", []).append(c)
    return {t: sorted(cells, key=lambda c: c["frame"]) for t, cells in panels.items()}


def _draw_forest(ax, rows, labels, confidence):
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows):
        ax.errorbar([r["ratio"]], [y], xerr=[[r["ratio"] - r["low"]], [r["high"] - r["ratio"]]], fmt="o",
                    color=r["colour"], ecolor=r["colour"], capsize=3, markersize=6)
        ax.annotate(f"x{r['ratio']:.3f}", (r["high"], y), xytext=(4, 0), textcoords="offset points",
                    va="center", fontsize=7, color=r["colour"])
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_yticks(ys)
    ax.set_yticklabels([r["label"] for r in rows], fontsize=8)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel(f"{labels[1]} / {labels[0]} (median ratio, {confidence:.0%} CI)")
    lo = min([r["low"] for r in rows] + [1.0])
    hi = max([r["high"] for r in rows] + [1.0])
    pad = max(0.05, (hi - lo) * 0.15)
    ax.set_xlim(lo - pad, hi + pad * 2)
    ax.grid(True, axis="x", alpha=0.3)
    ax.set_title("B/A per cell", fontsize=9)
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", linestyle="", color=c, label=v) for v, c in VERDICT_COLOURS.items()
               if any(r["verdict"] == v for r in rows)]
    if handles:
        ax.legend(handles=handles, fontsize=7, loc="best")


def _draw_panel(ax, title, cells, results, labels):
    """Mpps per subject: lines over frame sizes, or bars for one size (a line
    through one point is a lone dot)."""
    one_size = len({c["frame"] for c in cells}) == 1
    for i, lab in enumerate(labels):
        xs, ys, lo, hi = [], [], [], []
        for c in cells:
            e = results["summary"][c["key"]].get(lab, {})
            if e.get("n"):
                xs.append(c["frame"])
                ys.append(e["median"])
                lo.append(e["median"] - e["min"])
                hi.append(e["max"] - e["median"])
        if not xs:
            continue
        if one_size:
            ax.bar([i], ys, width=0.6, yerr=[lo, hi], capsize=4, label=lab, color=f"C{i}")
        else:
            ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=4, label=lab)
    ax.set_title(title, fontsize=9)
    ax.set_ylabel("Mpps (median, min-max)")
    if one_size:
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, fontsize=8)
        ax.set_xlabel(f"{cells[0]['frame']} B frames")
    else:
        ax.set_xlabel("frame size (B)")
        ax.set_xscale("log", base=2)
        ax.set_xticks([c["frame"] for c in cells])
        ax.set_xticklabels([str(c["frame"]) for c in cells])
        ax.legend(fontsize=8)
    ax.set_ylim(bottom=0)
    ax.grid(True, axis="y", alpha=0.3)


def chart(results, path):
    """A forest plot of B/A per cell (ratio, CI, verdict colour, a line at 1.0)
    beside the Mpps panels (one per rig/mode/layout, min-max bars).

    Returns None on success or a reason string (matplotlib missing is not fatal:
    the JSON/CSV/markdown carry the same numbers).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        return f"no PNG: matplotlib not importable ({e}); apt-get install python3-matplotlib"
    fig = figure(results)
    if fig is None:
        return "no PNG: no measured cells"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return None


def figure(results):
    """The chart as a matplotlib Figure (None without measured cells); its
    first axes is the forest plot when there are two subjects."""
    import matplotlib.pyplot as plt
    from matplotlib.gridspec import GridSpec

    labels = [s["label"] for s in results["subjects"]]
    panels = mpps_panels(results)
    if not panels:
        return None
    rows = forest_rows(results) if len(labels) >= 2 else []
    n = len(panels)
    cols = min(3, n)
    prow = (n + cols - 1) // cols
    forest_w = 6 if rows else 0
    height = max(3.6 * prow, 0.3 * len(rows) + 1.5)
    fig = plt.figure(figsize=(forest_w + 5 * cols, height))
    grid = GridSpec(prow, cols + (1 if rows else 0), figure=fig,
                    width_ratios=([forest_w / 5] if rows else []) + [1] * cols)
    if rows:
        confidence = results.get("analysis", {}).get("confidence", 0.95)
        _draw_forest(fig.add_subplot(grid[:, 0]), rows, labels, confidence)
    off = 1 if rows else 0
    for k, (title, cells) in enumerate(panels.items()):
        _draw_panel(fig.add_subplot(grid[k // cols, off + k % cols]), title, cells, results, labels)
    fig.tight_layout()
    return fig
