"""The report's section for a duel (OUT/duel.json): who played whom, a brief
in words, the rates and shares as a chart of A − B, and every figure and
item as `ruian-sim duel` prints it.  A duel reads A − B (the challenger
against the reference), where a comparison of rules reads B − A."""

from __future__ import annotations

import math

from ..runner.compare import _ci, _p

SHARES = ("win_rate", "deal_in_rate", "fold_rate", "self_draw_share", "hard_win_share")   # drawn in points
BRIEF = (("points_per_hand", "points a hand", 1, "{:+.3f}"), ("win_rate", "win rate", 100, "{:+.2f} pp"),
         ("deal_in_rate", "deal-in rate", 100, "{:+.2f} pp"))


def _has_interval(m: dict) -> bool:
    return bool(m.get("ci95")) and all(math.isfinite(x) for x in m["ci95"])


def _said(m: dict, what: str, scale: float, fmt: str) -> str:
    """One figure in words: A − B with its interval, and whether the interval leaves 0."""
    d, (lo, hi) = m["diff"] * scale, (x * scale for x in m["ci95"])
    if lo > 0 or hi < 0:
        side = "above" if lo > 0 else "below"
        verdict = f"{side} 0: A's {what} is {'higher' if lo > 0 else 'lower'}"
    else:
        verdict = "the interval holds 0: no difference shown"
    return f"{what}: A − B {fmt.format(d)} (95% CI {fmt.format(lo)} to {fmt.format(hi)}); {verdict}."


def duel_html(d: dict, forest, esc) -> str:
    metrics, items = d["metrics"], d.get("items", {})
    a, b = d["a"]["bots"], d["b"]["bots"]
    n_arr = len(d["arrangements"])
    head = [f"<h2>Duel: {esc(a)} (A) against {esc(b)} (B) on {esc(d['rules']['name'])}</h2>",
            f"<p>{d['hands']:,} hands: {d['matches']:,} matches, each played in {n_arr} seat arrangements "
            f"(A in each player's place against B, then in each pair of places), all on the same walls, so "
            f"seats and luck cancel; seed {d['seed']}, rules hash <code>{esc(d['rules']['hash'])}</code>. "
            f"Each figure is per seat the bot held; its paired 95% interval treats the match index (all its "
            f"arrangements) as the unit, and p &lt; 0.05 exactly when it leaves 0.</p>"]
    said = [_said(metrics[n], what, scale, fmt) for n, what, scale, fmt in BRIEF
            if n in metrics and _has_interval(metrics[n])]
    if said:
        head.append("<div class='summary'><h2>In brief</h2><ul>"
                    + "".join(f"<li>{esc(s)}</li>" for s in said) + "</ul></div>")
    head += [f"<p class='warn'>{esc(w)}</p>" for w in d.get("warnings", [])]
    shares = [n for n in SHARES if n in metrics and _has_interval(metrics[n])]
    if shares:
        head.append(forest(metrics, shares, "Rates and shares", "percentage points", 100, diff="A − B"))
    head.append(_table("figure", metrics, esc))
    if items:
        head.append(_table("item (share of A's and of B's wins)", items, esc))
    return "\n".join(head)


def _table(first: str, rows: dict, esc) -> str:
    body = "".join(f"<tr><td>{esc(n)}</td><td>{m['a']:.4f}</td><td>{m['b']:.4f}</td><td>{m['diff']:+.4f}</td>"
                   f"<td>{_ci(m['ci95'])}</td><td>{_p(m['p'])}</td></tr>" for n, m in rows.items())
    return (f"<table><tr><th>{esc(first)}</th><th>A</th><th>B</th><th>A − B</th><th>paired 95% CI</th>"
            f"<th>p</th></tr>{body}</table>")

