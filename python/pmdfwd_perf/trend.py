"""The trend page: one static HTML file, one chart per cell over commits.

Each point is a commit's runs in a cell as ratios to the reference
(dpdk-testpmd) measured in the same run: one run's figure divided by the
median of the reference's runs in that run and cell. The ratio, not Mpps,
is what is drawn and segmented, so that points from history runs on
different days (or machines) share an anchor. The reference's own spread
(each reference run over their median) is the shaded band around 1.0: a
commit moving by less than the band is moving by less than the machine's
noise.

Change points (perf/changepoint.py) are the red dashed lines, labelled
with the commit, the size and the confidence; the table under each chart
says the same with the interval. The charts are PNGs drawn by matplotlib
(Debian's python3-matplotlib) and inlined as data: URIs, so the page needs
no server, no network and no files beside it.
"""

import base64
import datetime
import html
import io
from typing import Dict, List, Tuple

from . import changepoint, stats

CHANGE_COLOUR = "#ff0000"  # tests look for these pixels
CHART_W, CHART_H, DPI = 900, 300, 100
REP_ADJUST_NOTE = ", divided by its repetition's median over all subjects (the machine's drift taken out)"


def rep_scales(rows):
    """{(run, rep): median of every subject's figure in that repetition}.

    A history run measures the same subjects in every repetition, so the
    median over them is the same mix of subjects each time and differs
    between repetitions only by how fast the machine was then: on a shared
    machine that drift (other builds starting and ending) is larger than
    most steps. Dividing by it takes the drift out without favouring any
    subject; runs without repetition numbers are left as they are."""
    per: Dict[Tuple[int, int], List[float]] = {}
    refs_seen = set()
    for r in rows:
        pairs = list(zip(r["figures"], r.get("reps") or []))
        if r["run_id"] not in refs_seen:
            refs_seen.add(r["run_id"])
            pairs += list(zip(r["reference"], r.get("reference_reps") or []))
        for f, k in pairs:
            if k is not None:
                per.setdefault((r["run_id"], k), []).append(f)
    return {k: stats.median(v) for k, v in per.items()}


def _adjusted(figures, reps, run, scales):
    if not scales or len(reps or []) != len(figures) or any((run, k) not in scales for k in reps):
        return list(figures)
    return [f / scales[(run, k)] for f, k in zip(figures, reps)]


def points_of(rows, rep_adjust=True):
    """Merge a store.series() into one point per commit, oldest first:
    dicts sha, title, ratios (every run over its run's reference median),
    band (the reference runs over their own median). rep_adjust: figures
    divided by their repetition's scale first (rep_scales)."""
    scales = rep_scales(rows) if rep_adjust else {}
    by_sha, order = {}, []
    for r in rows:
        if not r["figures"] or not r["reference"]:
            continue
        figures = _adjusted(r["figures"], r.get("reps"), r["run_id"], scales)
        reference = _adjusted(r["reference"], r.get("reference_reps"), r["run_id"], scales)
        ref = stats.median(reference)
        if r["sha"] not in by_sha:
            by_sha[r["sha"]] = {"sha": r["sha"], "title": r["title"], "date": r["date"], "ratios": [], "band": [],
                                "runs": set()}
            order.append(r["sha"])
        p = by_sha[r["sha"]]
        p["ratios"] += [x / ref for x in figures]
        p["band"] += [x / ref for x in reference]
        p["runs"].add(r["run_id"])
    return [by_sha[s] for s in order]


def confidence_text(c):
    """A change's confidence; a p-value below 0.1 % is not printed as 100 %."""
    return ">99.9%" if c.p_value < 0.001 else f"{c.confidence:.1%}"


def analyse(db, cell, confidence, min_effect, figure="best", rep_adjust=True):
    from . import store

    pts = points_of(store.series(db, cell, figure), rep_adjust)
    changes = changepoint.detect([p["ratios"] for p in pts], confidence, min_effect) if len(pts) >= 2 else []
    return pts, changes


def chart_png(cell, pts, changes):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(CHART_W / DPI, CHART_H / DPI), dpi=DPI)
    try:
        band = [x for p in pts for x in p["band"]]
        if band:
            ax.axhspan(min(band), max(band), color="#f6d8a8", label="reference runs (dpdk-testpmd)")
        ax.axhline(1.0, color="#c08030", lw=0.8)
        xs = range(len(pts))
        for i, p in enumerate(pts):
            ax.scatter([i] * len(p["ratios"]), p["ratios"], s=9, color="#8090a0", zorder=3)
        ax.plot(xs, [stats.median(p["ratios"]) for p in pts], "o-", color="#1f5fbf", ms=4, lw=1.2,
                label="median of the commit's runs", zorder=4)
        for lo, hi, level in changepoint.levels([p["ratios"] for p in pts], changes):
            ax.hlines(level, lo - 0.3, hi - 0.7, color="#2a9d4a", lw=2, zorder=2)
        ymax = max(x for p in pts for x in p["ratios"] + p["band"])
        for c in changes:
            ax.axvline(c.index - 0.5, color=CHANGE_COLOUR, ls="--", lw=1.6, zorder=5)
            ax.annotate(f"{pts[c.index]['sha'][:7]} {c.ratio - 1:+.1%} ({confidence_text(c)})",
                        (c.index - 0.45, ymax), fontsize=8, color=CHANGE_COLOUR, va="top")
        ax.set_xticks(list(xs))
        ax.set_xticklabels([p["sha"][:7] for p in pts], rotation=35, fontsize=7, ha="right")
        ax.set_ylabel("ratio to reference")
        ax.set_title(cell, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=7, loc="lower left")
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
    finally:
        plt.close(fig)
    return buf.getvalue()


CSS = """body{font-family:sans-serif;max-width:960px;margin:1em auto;color:#222}
table{border-collapse:collapse;font-size:13px;margin:.4em 0 1.2em}td,th{border:1px solid #ccc;padding:2px 6px}
img.chart{display:block;border:1px solid #ddd}section.cell{margin-bottom:1.5em}.note{color:#555;font-size:13px}
pre{background:#f4f4f4;padding:.5em;overflow-x:auto;font-size:12px}"""


def _change_rows(pts, changes):
    if not changes:
        return None
    rows = []
    for c in changes:
        p = pts[c.index]
        rows.append(f"<tr class='change'><td><code>{p['sha'][:10]}</code></td><td>{html.escape(p['title'] or '')}"
                    f"</td><td>{c.ratio - 1:+.1%}</td><td>[{c.ci_low:.3f}, {c.ci_high:.3f}]</td>"
                    f"<td>{confidence_text(c)}</td><td>{c.verdict}</td></tr>")
    return ("<table class='changes'><tr><th>first commit</th><th>subject</th><th>size</th><th>CI of the ratio</th>"
            "<th>confidence</th><th>verdict</th></tr>" + "".join(rows) + "</table>")


def _point_rows(pts):
    rows = "".join(
        f"<tr><td><code>{p['sha'][:10]}</code></td><td>{html.escape((p['title'] or '')[:90])}</td>"
        f"<td>{stats.median(p['ratios']):.3f}</td><td>{len(p['ratios'])}</td><td>{len(p['runs'])}</td></tr>"
        for p in pts)
    return ("<details><summary>points</summary><table><tr><th>commit</th><th>subject</th><th>median ratio</th>"
            f"<th>runs</th><th>history runs</th></tr>{rows}</table></details>")


def _runs_table(db):
    """The runs the page is made of: when, where, under what load, how."""
    rows = db.execute("SELECT DISTINCT r.id, r.created, r.kind, r.machine_id, r.note, r.command FROM runs r "
                      "JOIN subjects s ON s.run_id = r.id WHERE s.commit_sha IS NOT NULL ORDER BY r.id").fetchall()
    body = "".join(f"<tr><td>{r['id']}</td><td>{html.escape(r['created'] or '')}</td><td>{html.escape(r['kind'])}"
                   f"</td><td>{html.escape(r['machine_id'] or '')}</td><td>{html.escape(r['note'] or '')}</td>"
                   f"<td><code>{html.escape(r['command'] or '')}</code></td></tr>" for r in rows)
    return ("<details><summary>runs in this page</summary><table><tr><th>run</th><th>started</th><th>kind</th>"
            f"<th>machine</th><th>note</th><th>command</th></tr>{body}</table></details>")


def render(db, cells, confidence=changepoint.CONFIDENCE, min_effect=changepoint.MIN_EFFECT,
           title="pmdfwd performance over commits", intro="", figure="best", rep_adjust=True):
    """The page's HTML text and, per cell, (points, changes)."""
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{CSS}</style></head><body><h1>{html.escape(title)}</h1>", intro,
             f"<p class='note'>Change points: binary segmentation with scripts/perf's verdicts (bootstrap CI and "
             f"Mann-Whitney, Bonferroni over the candidate boundaries) at {confidence:.0%}, minimum effect "
             f"{min_effect:.0%}; figure: each run's {figure} 1-s interval"
             f"{REP_ADJUST_NOTE if rep_adjust else ''}. Generated "
             f"{datetime.datetime.now():%Y-%m-%d %H:%M}.</p>", _runs_table(db)]
    found = {}
    for cell in cells:
        pts, changes = analyse(db, cell, confidence, min_effect, figure, rep_adjust)
        found[cell] = (pts, changes)
        parts.append(f"<section class='cell' id='{html.escape(cell)}'><h2>{html.escape(cell)}</h2>")
        if not pts:
            parts.append("<p>no commits measured in this cell</p></section>")
            continue
        png = base64.b64encode(chart_png(cell, pts, changes)).decode()
        parts.append(f"<img class='chart' width='{CHART_W}' height='{CHART_H}' alt='{html.escape(cell)} over "
                     f"{len(pts)} commits' src='data:image/png;base64,{png}'>")
        parts.append(_change_rows(pts, changes) or
                     f"<p class='nochange'>no change point at {confidence:.0%} (minimum effect {min_effect:.0%})</p>")
        parts.append(_point_rows(pts) + "</section>")
    parts.append("</body></html>\n")
    return "\n".join(parts), found
