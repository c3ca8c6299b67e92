"""`ruian-sim report DIR`: one self-contained HTML page (plots embedded as PNG)
from the summary.json, comparison.json, session.json, sweep.json or duel.json a job left in DIR,
readable by someone who never ran the tool."""

from __future__ import annotations

import base64
import html
import io
import re
from pathlib import Path

from ..errors import UserError
from ..runner.compare import _ci, _p, hands_head, pairing_gain, shown_metrics
from ..runner.outdir import write_text
from ..runner.units import EVENTS, HANDS, POINTS, SHARE, TURNS, by_unit
from . import analyst, fonts
from .analyst import plain
from .load import read_output
from .seats import seat_charts
from .wins import wins_html

STYLE = """
body{font-family:FONTS;max-width:960px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:1em 0;font-size:.92em} td,th{padding:.25em .6em;text-align:right}
th{background:#f2f2f2} td:first-child,th:first-child{text-align:left} .note{color:#555;font-size:.92em}
img{max-width:100%} code{font-size:.95em} .warn{background:#fff4d6;border-left:4px solid #e0a800;padding:.5em .8em}
.summary{background:#f6f8fb;border:1px solid #dde3ea;padding:.2em 1em;margin:1em 0}
table.diff td,table.diff th{text-align:left;vertical-align:top} .touch{font-size:.85em;color:#555;max-width:18em}
""".replace("FONTS", fonts.CSS_FONTS)   # the CJK fonts a browser may have, before its default
_CJK: list[bool] = []   # whether the plots can draw Chinese: found once, on the first plot


def _plt():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:   # the optional extra is not installed (or half of it)
        raise UserError(f"report draws its charts with matplotlib, which is not installed ({exc}): "
                        f"pip install 'ruian-sim[report]'") from None
    if not _CJK:
        _CJK.append(fonts.declare(matplotlib))
    return plt


def label(text) -> str:
    """A plot label: its Chinese kept when a CJK font can draw it, else left out (analyst.plain)."""
    if _CJK and _CJK[0]:
        return re.sub(r"\s+", " ", str(text)).strip() or "?"
    return plain(text)


def _alt(fig) -> str:
    """What a chart shows, in words, for its alt text: titles, axis names, the labels of its bars
    and lines (a reader without the image, and the tests, read it)."""
    from matplotlib.ticker import FixedLocator

    words = []
    for ax in fig.axes:
        words += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        for axis in (ax.xaxis, ax.yaxis):
            if isinstance(axis.get_major_locator(), FixedLocator):   # named ticks (set_xticks), not numbers
                names = [x.get_text() for x in axis.get_ticklabels()]
                words.append(", ".join(names[::-1] if axis is ax.yaxis else names))   # top to bottom
        legend = ax.get_legend()
        if legend is not None:
            words.append(", ".join(t.get_text() for t in legend.get_texts()))
    return "; ".join(w for w in words if w)


def _png(fig) -> str:
    alt = _alt(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    _plt().close(fig)
    return (f'<img alt="{html.escape(alt or "plot")}" '
            f'src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">')


def _bars(labels, values, cis, title, ylabel, percent=True):
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 3.2))
    k = 100 if percent else 1
    vals = [v * k for v in values]
    err = [[(v - c[0]) * k for v, c in zip(values, cis)], [(c[1] - v) * k for v, c in zip(values, cis)]]
    ax.bar(range(len(vals)), vals, yerr=err, capsize=4, color="#4c78a8")
    ax.set_xticks(range(len(vals)), [label(x) for x in labels], rotation=20, ha="right")
    ax.set_title(label(title))
    ax.set_ylabel(label(ylabel))
    ax.axhline(0, color="#888", lw=0.8)
    return _png(fig)


def _esc(x) -> str:
    return html.escape(str(x))


def _pct(x) -> str:
    return f"{100 * x:.2f}%"


def run_section(s: dict, session: dict | None = None) -> str:
    ci = s["ci95"]
    out = [f"<h2>Run: {_esc(s['rules']['name'])}</h2>",
           f"<p>{s['hands']:,} hands in {s['matches']:,} matches, seed {s['seed']}, bots "
           f"{_esc(', '.join(dict.fromkeys(s['bots'])))}; rules hash <code>{_esc(s['rules']['hash'])}</code>. "
           f"Every figure has a 95% confidence interval that treats the match as the independent unit "
           f"(hands in a match share the dealer's streak).</p>", analyst.run_brief(s), analyst.point_html(s),
           analyst.per_hour_html(s, session)]
    names = [n for n, v in s["outcomes"].items() if v > 0]
    out.append(_bars([n.replace("_", " ") for n in names], [s["outcomes"][n] for n in names],
                     [ci["outcomes"][n] for n in names], "How hands end", "% of hands"))
    rows = "".join(f"<tr><td>{_esc(n.replace('_', ' '))}</td><td>{_pct(v)}</td>"
                   f"<td>[{_pct(ci['outcomes'][n][0])}, {_pct(ci['outcomes'][n][1])}]</td></tr>"
                   for n, v in s["outcomes"].items())
    for n in ("draw_rate", "dealer_win_rate", "dealer_kept_rate", "hard_rate"):
        rows += (f"<tr><td>{n.replace('_', ' ')}</td><td>{_pct(s[n])}</td>"
                 f"<td>[{_pct(ci[n][0])}, {_pct(ci[n][1])}]</td></tr>")
    for n, what in analyst.DEALER_FIGURES:   # points a hand, not shares
        if n in s:
            rows += (f"<tr><td>{n.replace('_', ' ')} ({_esc(what)})</td><td>{s[n]:+.3f}</td>"
                     f"<td>[{ci[n][0]:+.3f}, {ci[n][1]:+.3f}]</td></tr>")
    out.append(f"<table><tr><th>figure</th><th>value</th><th>95% CI</th></tr>{rows}</table>")
    out += seat_charts(s, _bars, _png, _plt(), label)
    sh = list(s["shapes"])
    out.append(_bars(sh, [s["shapes"][n] for n in sh], [ci["shapes"][n] for n in sh],
                     "Winning shapes (a hand may form several)", "% of wins"))
    mult = list(s["times"])
    if mult:
        out.append(_bars([f"×{m}" for m in mult], [s["times"][m] for m in mult],
                         [ci["times"][m] for m in mult], "Hand times (the product of the times items)", "% of wins"))
    out.append(wins_html(s, _png, _plt(), _esc, label))
    out.append(analyst.entries_html(s))
    return "\n".join(out)




# the comparison's charts, one unit each, in this order; a share is drawn in percentage points
CHARTS = {SHARE: ("Shares of hands or of wins", "percentage points", 100),
          POINTS: ("Points per hand", "points per hand", 1),
          EVENTS: ("Kongs, claims, flowers and other events per hand", "per hand", 1),
          TURNS: ("Game length: turns per hand", "turns per hand", 1),
          HANDS: ("Hands per match", "hands per match", 1)}
SHARES_SHOWN = 22   # the headline shares first, then the others that moved or that a rule touches


def compare_charts(metrics: dict, keys: list[str]) -> list[tuple[str, list[str], str, float]]:
    """(title, figures, axis label, scale) of each chart: the figures of one unit each, so a share
    of ±0.01 never sits beside flowers_mean's −5.5, nor the turns beside the points."""
    groups = by_unit(keys)
    out = []
    for unit in [*CHARTS, *(u for u in groups if u not in CHARTS)]:
        if unit in groups:
            title, axis, scale = CHARTS.get(unit, (unit[:1].upper() + unit[1:], unit, 1))
            out.append((title, groups[unit][:SHARES_SHOWN] if unit == SHARE else groups[unit], axis, scale))
    return out


def _forest(metrics: dict, keys: list[str], title: str, axis: str, scale: float, diff: str = "B − A") -> str:
    """Each figure's difference (``diff``: a comparison's B − A, a duel's A − B) with its paired
    and unpaired intervals, one row a figure."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(keys) + 1))
    for i, k in enumerate(reversed(keys)):
        m = metrics[k]
        ax.plot([x * scale for x in m["unpaired_ci95"]], [i - 0.15] * 2, color="#bbb", lw=5, solid_capstyle="butt")
        ax.plot([x * scale for x in m["ci95"]], [i + 0.15] * 2, color="#e45756", lw=3)
        ax.plot([m["diff"] * scale], [i], "ko", ms=3)
    ax.axvline(0, color="#444", lw=0.8)
    ax.set_yticks(range(len(keys)), [label(k) for k in reversed(keys)])
    ax.set_title(label(f"{title}: {diff}, paired 95% CI (red) and unpaired (grey)"))
    ax.set_xlabel(label(f"{diff}, {axis}"))
    return _png(fig)


def compare_section(c: dict) -> str:
    metrics = c["metrics"]
    keys = shown_metrics(c)
    rows = "".join(
        f"<tr><td>{'<b>' if metrics[k].get('headline') else ''}{_esc(k)}</td><td>{metrics[k]['a']:.4f}</td>"
        f"<td>{metrics[k]['b']:.4f}</td><td>{metrics[k]['diff']:+.4f}</td>"
        f"<td>{_ci(metrics[k]['ci95'])}</td><td>{_p(metrics[k]['p'])}</td>"
        f"<td>{_p(metrics[k]['p_holm']) if 'p_holm' in metrics[k] else ''}</td>"
        f"<td>{_ci(metrics[k]['unpaired_ci95'])}</td>"
        f"<td>{_esc(pairing_gain(metrics[k]))}</td></tr>"
        for k in keys)
    plots = [_forest(metrics, ks, title, axis, scale) for title, ks, axis, scale in compare_charts(metrics, keys)]
    return "\n".join([
        f"<h2>Comparison: {_esc(c['a']['name'])} (A) vs {_esc(c['b']['name'])} (B)</h2>",
        analyst.compare_top(c), "<h2>Every figure</h2>",
        f"<p>{hands_head(c)}, played on the same seeds: hand k of match m sees the "
        f"same wall under both rules, so most luck cancels in the difference. The paired interval "
        f"(red) is the one to read; the grey one is what two independent runs would give. "
        f"p is a paired t over matches, from the same t as the paired interval: p &lt; 0.05 exactly when "
        f"that interval excludes 0. Headline metrics (bold) also carry p adjusted by Holm's method for "
        f"their number (p Holm); none: fewer than 2 matches, so no interval and no p.</p>", *plots,
        "<table><tr><th>metric</th><th>A</th><th>B</th><th>B − A</th><th>paired 95% CI</th><th>p</th><th>p Holm</th>"
        f"<th>unpaired 95% CI</th><th>pairing gain</th></tr>{rows}</table>",
        "<p class='note'>Pairing gain: the unpaired variance of B − A divided by the paired one, i.e. how many "
        "times more hands two independent runs would need for the same interval (capped at ≥1,000×; "
        "'identical': every paired difference is 0).</p>",
        *([_session_compare(c["session"])] if "session" in c else []),
        *(run_section(c[side]).replace("<h2>Run:", f"<h2>{label}:", 1)
          for side, label in (("a_summary", "A"), ("b_summary", "B")) if side in c)])


def _session_compare(c: dict) -> str:
    from .session import session_compare_html

    return session_compare_html(c, _esc)


def session_section(s: dict) -> str:
    from .session import session_html

    return session_html(s, _bars, _png, _plt, _esc)


def sweep_section(s: dict) -> str:
    from .sweep import sweep_html

    return sweep_html(s, _png, _plt(), label)


def duel_section(d: dict) -> str:
    from .duel import duel_html

    return duel_html(d, _forest, _esc)


def _session_for(summary: dict, session: dict | None) -> dict | None:
    """A session's clock for a run's points per hour: only one of the same rules."""
    if session and session.get("rules", {}).get("hash") == summary.get("rules", {}).get("hash"):
        return session
    return None


def build(directory: Path) -> Path:
    from ..runner.owner import RESULT, owner_of

    directory = Path(directory)
    parts = []
    found = False
    loaded = {}
    owner = owner_of(directory, legacy=False) if directory.is_dir() else None
    # a directory a job owns: only what that job wrote there
    names = [RESULT[owner["job"]]] if owner else ["summary.json", "comparison.json", "session.json", "sweep.json",
                                                   "duel.json"]
    for name in names:
        p = directory / name
        if p.is_file():
            loaded[name] = read_output(p)
    for name, section in (("summary.json", lambda s: run_section(s, _session_for(s, loaded.get("session.json")))),
                          ("comparison.json", compare_section), ("session.json", session_section),
                          ("sweep.json", sweep_section), ("duel.json", duel_section)):
        if name in loaded:
            parts.append(section(loaded[name]))
            found = True
    if not found and owner:
        job = owner["job"]
        raise UserError(f"report {directory}: the `ruian-sim {job}` there has written no {RESULT[job]}"
                        + (f" yet; finish it (ruian-sim {job} --resume {directory})" if job != "session" else ""))
    if not found:
        raise UserError(f"report {directory}: no summary.json, comparison.json, session.json, sweep.json or "
                        f"duel.json there (write one with ruian-sim run, compare, session, sweep or duel "
                        f"--out {directory})")
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>ruian-sim report</title>"
            f"<style>{STYLE}</style></head><body><h1>ruian-sim report</h1>"
            f"<p class='note'>Simulated 瑞安麻将 (Ruian mahjong) played by bots; rules as YAML. "
            f"Made by <code>ruian-sim report {_esc(directory)}</code>.</p>{''.join(parts)}</body></html>")
    out = directory / "report.html"
    write_text(out, page)
    return out
