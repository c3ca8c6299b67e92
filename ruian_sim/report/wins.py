"""The wins part of a run's report: what a won hand was worth (the value and the
parts the table gives, as a table and as distributions) and how often each item
paid, with its 95% interval, as a chart.  Read from summary.json's ``wins``,
``extra.items`` and ``ci95``; a summary written before these keys shows none."""

from __future__ import annotations

import math

QUANTILES = ("p5", "p25", "p50", "p75", "p95")


def wins_html(s: dict, png, plt, esc, plain) -> str:
    w = s.get("wins")
    if not w or not w.get("hands"):
        return ""
    parts = ["value", *w["parts"]]
    ci = s["ci95"].get("wins", {})
    rows = []
    for part in parts:
        d = w[part]
        c = ci.get(part, {}).get("mean") or [float("nan")] * 2
        rows.append(f"<tr><td>{esc(part)}</td><td>{d['mean']:.2f}</td><td>[{_f(c[0])}, {_f(c[1])}]</td>"
                    f"<td>{d['sd']:.2f}</td>" + "".join(f"<td>{_g(d.get(q))}</td>" for q in QUANTILES)
                    + f"<td>{_g(d.get('max'))}</td></tr>")
    head = "".join(f"<th>{q}</th>" for q in QUANTILES)
    return (f"<h3>What a win is worth</h3><p>{w['hands']:,} won hands, each the first winner's: its value "
            f"(what one non-dealer payer pays it under <code>scoring.value</code>) and the parts the table's "
            f"items give ({esc(', '.join(w['parts']) or 'none')}). The mean's interval treats the match as "
            f"the unit; the quantiles are exact.</p>"
            f"<table><tr><th>per win</th><th>mean</th><th>95% CI</th><th>sd</th>{head}<th>max</th></tr>"
            f"{''.join(rows)}</table>" + _distributions(w, parts, png, plt, plain) + _items_chart(s, png, plt, plain))


def _finite(x, default: float) -> float:
    return x if isinstance(x, (int, float)) and math.isfinite(x) else default


def _f(x) -> str:
    return "nan" if x is None or x != x else f"{x:.2f}"


def _g(x) -> str:
    if x is None:
        return "—"
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"


def _distributions(w: dict, parts: list[str], png, plt, plain) -> str:
    """One panel per figure: the share of won hands at each value, mean and median marked."""
    fig, axes = plt.subplots(1, len(parts), figsize=(4 * len(parts), 3.2), squeeze=False)
    for ax, part in zip(axes[0], parts):
        hist = {int(k): v for k, v in w[part]["hist"].items()}
        xs = sorted(hist)
        total = sum(hist.values()) or 1
        gaps = [b - a for a, b in zip(xs, xs[1:])]
        ax.bar(xs, [hist[x] / total * 100 for x in xs], width=0.8 * (min(gaps) if gaps else 1), color="#4c78a8")
        ax.axvline(w[part]["mean"], color="#e45756", lw=1.2, label=f"mean {w[part]['mean']:.2f}")
        if "p50" in w[part]:
            ax.axvline(w[part]["p50"], color="#444", lw=1, ls="--", label=f"median {_g(w[part]['p50'])}")
        ax.set_title(plain(f"{part} of a won hand"))
        ax.set_xlabel(plain(part))
        ax.set_ylabel("% of wins")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return png(fig)


def _items_chart(s: dict, png, plt, plain) -> str:
    """Each item's share of wins with its 95% interval, most frequent first."""
    shares = s["extra"].get("items") or {}
    cis = s["ci95"].get("items") or {}
    names = sorted((n for n in shares if n in cis), key=lambda n: -shares[n])
    if not names:
        return ""
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(names) + 1.2))
    ys = list(range(len(names)))[::-1]
    vals = [shares[n] * 100 for n in names]
    # an interval that is not finite (one match) is drawn as none
    lo = [max(shares[n] - _finite(cis[n][0], shares[n]), 0) * 100 for n in names]
    hi = [max(_finite(cis[n][1], shares[n]) - shares[n], 0) * 100 for n in names]
    ax.barh(ys, vals, xerr=[lo, hi], capsize=3, color="#4c78a8")
    ax.set_yticks(ys, [plain(n) for n in names])
    ax.set_xlabel("% of won hands it paid (95% CI)")
    ax.set_title("How often each scoring item paid")
    return png(fig)
