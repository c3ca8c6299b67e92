"""The parts of a report an analyst reads first: what the rules change, what
moved and by how much, what a point is and what it comes to per hour, and how
often each entry of the scoring table applied.  Plain HTML, no images."""

from __future__ import annotations

import html
import math
import re

# Chinese (and other wide) characters: never drawn inside plots, whose fonts may lack them
_WIDE = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+")

# figures worth a sentence, in the order they are considered, with how to say them
_FINDINGS = (("draw_rate", "the draw rate", "pct"), ("dealer_kept_rate", "the dealer-kept rate", "pct"),
             ("money_per_hand", "the money changing hands a hand", "num"),
             ("hard_rate", "the share of hard wins", "pct"),
             ("hands_per_match", "hands per match", "num"), ("dealer_points_mean", "the dealer's points per hand", "num"),
             ("turns_mean", "discards per hand", "num"), ("kongs_mean", "kongs per hand", "num"),
             ("claims_mean", "claims per hand", "num"))


# the figures about the dealer and the money, points a hand each, with what they are
DEALER_FIGURES = (("dealer_advantage", "the dealer's points in a hand minus the other seats' mean"),
                  ("money_per_hand", "points changing hands: the sum of a hand's gains"))


def plain(text) -> str:
    """A label for a plot: no characters the plot font may not have."""
    out = re.sub(r"\s+", " ", _WIDE.sub("", str(text))).strip(" ·:-")
    return out or "?"


def esc(x) -> str:
    return html.escape(str(x))


def _short(v) -> str:
    if v is None:
        return "(absent)"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_short(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_short(x) for x in v) + "]"
    return str(v)


def _say(x: float, kind: str, signed: bool = False) -> str:
    if kind == "pct":
        return f"{100 * x:+.2f} pp" if signed else f"{100 * x:.2f}%"  # percentage points
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def rules_diff_html(c: dict) -> str:
    changed = c.get("rules_changed")
    if changed is None:
        return ""
    if not changed:
        return "<h2>What the rules change</h2><p>Nothing: A and B are the same rules.</p>"
    rows = []
    for d in changed:
        fired = d["fired"]
        fa = "<br>".join(f"{f['a']:,} {esc(f['unit'])}" for f in fired) or "—"
        fb = "<br>".join(f"{f['b']:,} {esc(f['unit'])}" for f in fired) or "—"
        counted = "<br>".join("every hand" if f["metric"] == "hands" else esc(f["metric"]) for f in fired)
        note = f"<br><span class='note'>{esc(d['note'])}</span>" if d.get("note") else ""
        touches = "every figure" if d["touches"] == "all" else ", ".join(esc(t) for t in d["touches"][:8]) + (
            " …" if len(d["touches"]) > 8 else "")
        rows.append(f"<tr><td><code>{esc(d['key'])}</code></td><td><code>{esc(_short(d['a']))}</code></td>"
                    f"<td><code>{esc(_short(d['b']))}</code></td><td>{counted or '—'}{note}</td>"
                    f"<td>{fa}</td><td>{fb}</td><td class='touch'>{touches}</td></tr>")
    return ("<h2>What the rules change</h2><p>Every rule key whose value differs between the two merged rule "
            "sets, and how often the rule fired on each side of this run.</p>"
            "<table class='diff'><tr><th>rule key</th><th>A</th><th>B</th><th>fired, counted as</th>"
            f"<th>under A</th><th>under B</th><th>figures it touches</th></tr>{''.join(rows)}</table>")


def _hands(c: dict) -> str:
    """Both sides' hand counts when a rule made the same matches last differently."""
    a, b = c["hands"], c.get("hands_b", c["hands"])
    return f"{a:,} hands" if a == b else f"{a:,} hands under A and {b:,} under B"


def findings(c: dict) -> list[str]:
    """A few sentences: what changed and how often it fired, what moved and by how much (with the
    paired CI), what it did to what dealing is worth, and to the players' points."""
    m = c["metrics"]
    a, b = c["a"]["name"], c["b"]["name"]
    changed = c.get("rules_changed") or []
    keys = ", ".join(d["key"] for d in changed[:4]) + (" and more" if len(changed) > 4 else "")
    first = (f"B ({b}) differs from A ({a}) in {len(changed)} rule key{'s' if len(changed) != 1 else ''}"
             + (f" ({keys})" if keys else "") + f", played on the same seeds for {_hands(c)}")
    counts = {(f["metric"], f["unit"]): (f["a"], f["b"]) for d in changed for f in d["fired"]
              if f["metric"] != "hands"}
    if counts:
        first += "; the changed rules fired " + ", ".join(
            f"in {fa:,} {u} under A and {fb:,} under B (counted by {k})" for (k, u), (fa, fb) in list(counts.items())[:2])
    out = [first + "."]
    moved = []
    for key, words, kind in _FINDINGS:
        x = m.get(key)
        if not x or not (x["ci95"][0] > 0 or x["ci95"][1] < 0):
            continue
        moved.append(f"{words} is {_say(x['a'], kind)} under A and {_say(x['b'], kind)} under B "
                     f"(B − A {_say(x['diff'], kind, True)}, 95% CI {_say(x['ci95'][0], kind, True)} to "
                     f"{_say(x['ci95'][1], kind, True)})")
    if moved:
        out.append(moved[0][0].upper() + moved[0][1:] + "".join(f"; {x}" for x in moved[1:3]) + ".")
    else:
        out.append("No headline figure moved beyond its 95% interval: every paired interval of B − A "
                   "contains 0.")
    dealer = dealer_sentence(c)
    if dealer:
        out.append(dealer)
    pts = {k: x for k, x in m.items() if k.startswith("seat_points_mean_")}
    if pts and all(x["diff"] == 0 and x["ci95"] == [0.0, 0.0] for x in pts.values()):
        out.append("No player's points per hand changed, not even by rounding.")
    elif pts:
        name, big = max(pts.items(), key=lambda kv: abs(kv[1]["diff"]))
        out.append(f"The largest change in a player's points per hand is {name} "
                   f"({big['diff']:+.3f} base units, 95% CI {big['ci95'][0]:+.3f} to {big['ci95'][1]:+.3f}).")
    return out


def dealer_sentence(c: dict) -> str | None:
    """What dealing is worth under A and under B, and what B changes, in words with the paired CI."""
    x = c["metrics"].get("dealer_advantage")
    if not x:
        return None
    lo, hi = x["ci95"]
    if lo > 0:
        says = "B makes dealing worth more"
    elif hi < 0:
        says = "B makes dealing worth less"
    else:
        says = "no change in what dealing is worth can be told from this run (the interval contains 0)"
    return (f"The dealer's advantage, its points in a hand minus the mean of the other seats', is "
            f"{x['a']:+.3f} under A ({dealer_words(x['a'], *_side_ci(c, 'a_summary'))}) and {x['b']:+.3f} under B: "
            f"B − A {x['diff']:+.3f} points a hand (95% CI {lo:+.3f} to {hi:+.3f}); {says}.")


def _side_ci(c: dict, side: str) -> tuple[float, float]:
    s = c.get(side) or {}
    return tuple((s.get("ci95") or {}).get("dealer_advantage") or (math.nan, math.nan))


def dealer_words(x: float, lo: float, hi: float) -> str:
    """What a dealer advantage and its interval mean, in words."""
    if lo > 0:
        return f"dealing is worth {x:.3f} points a hand over the average other seat"
    if hi < 0:
        return f"dealing costs {-x:.3f} points a hand against the average other seat"
    if math.isnan(lo):
        return "no interval"
    return "no edge either way can be told: its 95% interval contains 0"


def run_brief(s: dict) -> str:
    """The top of a run's report: how hands end, what dealing is worth, how much money moves."""
    ci = s["ci95"]
    out = [(f"{s['hands']:,} hands: {_say(s['draw_rate'], 'pct')} end with no winner (95% CI "
            f"{_say(ci['draw_rate'][0], 'pct')} to {_say(ci['draw_rate'][1], 'pct')}), and the dealer keeps the "
            f"deal after {_say(s['dealer_kept_rate'], 'pct')} of hands.")]
    if "dealer_advantage" in s:
        x, (lo, hi) = s["dealer_advantage"], ci["dealer_advantage"]
        out.append(f"The dealer's advantage, its points in a hand minus the mean of the other seats', is {x:+.3f} "
                   f"points a hand (95% CI {lo:+.3f} to {hi:+.3f}): {dealer_words(x, lo, hi)}.")
    if "money_per_hand" in s:
        x, (lo, hi) = s["money_per_hand"], ci["money_per_hand"]
        out.append(f"{x:.3f} points change hands in an average hand (95% CI {lo:.3f} to {hi:.3f}): the sum of "
                   f"what the seats that gained took in.")
    return "<div class='summary'><h2>In brief</h2>" + "".join(f"<p>{esc(x)}</p>" for x in out) + "</div>"


def warnings_html(c: dict) -> str:
    w = c.get("warnings") or []
    return "".join(f"<p class='warn'><b>Warning:</b> {esc(x)}</p>" for x in w)


def point_html(s: dict) -> str:
    sc = s.get("scoring")
    if not sc:
        return ""
    base = sc["base"]
    items = ", ".join(f"{esc(k)} {esc(_amount(v))}" for k, v in sc["items"].items())
    return (f"<p><b>What a point is.</b> All points are base units of the scoring table: a payment between the "
            f"winner and one payer is {esc(sc['value'])}, with base {base['other']} between two non-dealers and "
            f"{esc(_short(base['dealer']))} with the dealer by the dealer's term (连庄 1, 2, 3, …), over the "
            f"table's items ({items}). Payers: {esc(sc['payers'])}. Every hand's points sum to 0, so a "
            f"player's mean is near 0 and what matters is the spread.</p>")


def _hph(s: dict, session: dict | None) -> tuple[float | None, str]:
    if session and session.get("hands_per_hour"):
        return session["hands_per_hour"], "from the session run (SimPy table clock)"
    clock = s.get("clock") or {}
    if clock.get("hands_per_hour"):
        return clock["hands_per_hour"], "expected from the rules' timing section (no session run)"
    return None, ""


def per_hour_html(s: dict, session: dict | None = None) -> str:
    hph, source = _hph(s, session)
    if not hph:
        return ""
    rows = []
    for p, pts in enumerate(s["seat_points_mean"]):
        sd = s["extra"]["points"][p].get("sd", 0.0)
        rows.append(f"<tr><td>player {p}</td><td>{pts:+.3f}</td><td>{pts * hph:+.2f}</td>"
                    f"<td>{sd:.2f}</td><td>{sd * math.sqrt(hph):.1f}</td></tr>")
    sess = ""
    if session and session.get("hands_per_session"):
        hs = session["hands_per_session"]
        sess = (f" A session ({esc(_short(session.get('session')))}) lasts {hs:.1f} hands on average: a "
                f"typical swing of ±{max(x.get('sd', 0) for x in s['extra']['points']) * math.sqrt(hs):.1f} points.")
    return (f"<p><b>Per hour.</b> {hph:.2f} hands per hour ({esc(source)}).{sess}</p>"
            "<table><tr><th>player</th><th>points/hand</th><th>points/hour</th><th>sd of a hand</th>"
            f"<th>typical hourly swing (sd·√hands)</th></tr>{''.join(rows)}</table>")


def per_hour_compare_html(c: dict) -> str:
    sa, sb = c.get("a_summary"), c.get("b_summary")
    if not sa or not sb:
        return ""
    sess = c.get("session") or {}
    ha, src = _hph(sa, sess.get("a"))
    hb, _ = _hph(sb, sess.get("b"))
    if not ha or not hb:
        return ""
    rows = []
    for p in range(min(len(sa["seat_points_mean"]), len(sb["seat_points_mean"]))):
        m = c["metrics"].get(f"seat_points_mean_{p}")
        if not m:
            continue
        rows.append(f"<tr><td>player {p}</td><td>{m['a'] * ha:+.2f}</td><td>{m['b'] * hb:+.2f}</td>"
                    f"<td>{m['diff'] * ha:+.2f}</td><td>[{m['ci95'][0] * ha:+.2f}, {m['ci95'][1] * ha:+.2f}]</td></tr>")
    return (f"<h3>Points per hour</h3><p>A plays {ha:.2f} hands per hour, B {hb:.2f} ({esc(src)}). "
            "B − A per hour and its interval are at A's pace.</p>"
            "<table><tr><th>player</th><th>A points/hour</th><th>B points/hour</th><th>B − A per hour</th>"
            f"<th>95% CI</th></tr>{''.join(rows)}</table>")


def _amount(v) -> str:
    """An item's amount as a table cell: ``times 2``, ``points 2 per melds``."""
    if not isinstance(v, dict):
        return str(v)
    return " ".join(f"{k} {x}" for k, x in v.items())


def entries_html(s: dict) -> str:
    """How often each scoring item applied in one run."""
    ent = s["extra"].get("items") or {}
    if not ent:
        return ""
    wins = s["hands"] * (1 - s["draw_rate"])
    values = (s.get("scoring") or {}).get("items", {})
    cis = s["ci95"].get("items") or {}
    order = [*(k for k in values if k in ent), *(k for k in ent if k not in values)]   # the table's order
    rows = "".join(f"<tr><td>{esc(k)}</td><td>{esc(_amount(values.get(k, '')))}</td><td>{100 * ent[k]:.2f}%</td>"
                   f"{_ci_cell(cis.get(k)) if cis else ''}<td>{round(ent[k] * wins):,}</td></tr>" for k in order)
    return ("<h3>Scoring table: how often each item applied</h3><table><tr><th>item</th><th>gives</th>"
            f"<th>share of wins</th>{'<th>95% CI</th>' if cis else ''}<th>wins</th></tr>{rows}</table>")


def _ci_cell(c) -> str:
    if not c:
        return "<td>—</td>"
    return f"<td>[{100 * c[0]:.2f}%, {100 * c[1]:.2f}%]</td>"


def entries_compare_html(c: dict) -> str:
    """Per-item changes of the scoring table: each item's share of wins on both sides, B − A with its CI."""
    m = c["metrics"]
    sa, sb = c.get("a_summary") or {}, c.get("b_summary") or {}
    va = {k: _amount(v) for k, v in ((sa.get("scoring") or {}).get("items", {})).items()}
    vb = {k: _amount(v) for k, v in ((sb.get("scoring") or {}).get("items", {})).items()}
    names = list(dict.fromkeys([*va, *vb, *(k[len("item_"):] for k in m if k.startswith("item_"))]))
    if not names:
        return ""
    wa = c["hands"] * (1 - m["draw_rate"]["a"]) if "draw_rate" in m else 0
    wb = c.get("hands_b", c["hands"]) * (1 - m["draw_rate"]["b"]) if "draw_rate" in m else 0
    rows = []
    for n in names:
        x = m.get(f"item_{n}")
        if x is None:
            rows.append(f"<tr><td>{esc(n)}</td><td>{esc(va.get(n, '—'))}</td><td>{esc(vb.get(n, '—'))}</td>"
                        "<td colspan='4'>on one side only</td></tr>")
            continue
        bold = x["ci95"][0] > 0 or x["ci95"][1] < 0
        rows.append(f"<tr><td>{esc(n)}</td><td>{esc(va.get(n, '—'))}</td><td>{esc(vb.get(n, '—'))}</td>"
                    f"<td>{100 * x['a']:.2f}% ({round(x['a'] * wa):,})</td><td>{100 * x['b']:.2f}% ({round(x['b'] * wb):,})</td>"
                    f"<td>{'<b>' if bold else ''}{100 * x['diff']:+.2f}{'</b>' if bold else ''}</td>"
                    f"<td>[{100 * x['ci95'][0]:+.2f}, {100 * x['ci95'][1]:+.2f}]</td></tr>")
    return ("<h3>Scoring table, item by item</h3><p>How often each item applied to a won "
            "hand (share of wins, and the count), on each side; B − A in percentage points, bold when "
            "its paired interval excludes 0.</p><table><tr><th>item</th><th>A gives</th><th>B gives</th>"
            "<th>A: share (wins)</th><th>B: share (wins)</th><th>B − A</th><th>95% CI</th></tr>"
            f"{''.join(rows)}</table>")


def compare_top(c: dict) -> str:
    """The top of a comparison report, before any figure."""
    a = c.get("a_summary") or {}
    return "\n".join([
        "<div class='summary'><h2>In brief</h2>", *(f"<p>{esc(x)}</p>" for x in findings(c)),
        warnings_html(c), point_html(a), "</div>",
        rules_diff_html(c), per_hour_compare_html(c), entries_compare_html(c)])
