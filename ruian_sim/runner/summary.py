"""summary.json from an accumulator, and the table printed at the end of a run."""

from __future__ import annotations

from pathlib import Path

from ..hand.spec import shape_names
from ..scoring import item_amount
from ..metrics import WIN_PARTS
from ..stats import Accumulator
from ..table.layout import OUTCOME_NAMES
from .plan import Plan
from .units import MEANS, SHARE, unit_of  # noqa: F401  (MEANS: the figures that are not shares)

QUANTILES = (5, 25, 50, 75, 95)


def applied_variants(files) -> tuple[str, ...]:
    """The variants applied on top of the base rules, however they were given (``ruian+a+b``,
    ``--variant a``, or a file that extends ruian): every layer of the merged chain after its
    root, named by file stem (a built-in variant's stem is its name)."""
    return tuple(Path(f).stem for f in list(files)[1:])


def _ci(acc: Accumulator, name: str) -> tuple[float, list[float]]:
    v, lo, hi = acc.estimate(name)
    if unit_of(name) == SHARE:  # a fraction: its interval stays within [0, 1]
        lo, hi = max(lo, 0.0), min(hi, 1.0)
    return v, [lo, hi]


def clock(acc: Accumulator, rules) -> dict | None:
    """Expected table time per hand: the rules' timing means times this run's mean actions per
    hand (the same phases as the SimPy clock in ``session``; ``ruian-sim session`` adds intervals)."""
    from ..errors import UserError
    from ..session import timing_of

    try:
        t = {a: d.mean() for a, d in timing_of(rules).items()}
    except UserError:
        return None
    mean = {k: acc.estimate(k)[0] for k in ("turns_mean", "claims_mean", "kongs_mean", "flowers_mean",
                                            "win_rate")}
    draws = max(mean["turns_mean"] - mean["claims_mean"], 0.0) + mean["kongs_mean"] + mean["flowers_mean"]
    sec = (t["shuffle"] + t["dice"] + t["deal"] + t["settle"] + t["draw"] * draws
           + (t["discard"] + t["claim_window"]) * mean["turns_mean"] + t["claim"] * mean["claims_mean"]
           + t["kong"] * mean["kongs_mean"] + t["win"] * mean["win_rate"])
    return {"seconds_per_hand": sec, "hands_per_hour": 3600 / sec if sec > 0 else None,
            "source": "expected time per hand from the rules' timing section (mean of each action) and this "
                      "run's mean draws, discards, claims, kongs and wins per hand"}


def summary_dict(acc: Accumulator, plan: Plan, wall_seconds: float | None) -> dict:
    rules = plan.ruleset
    players = acc.players
    out: dict = {
        "rules": {"name": plan.rules_name, "hash": rules.hash, "title": rules.title},
        "variants": list(plan.variants),
        "seed": plan.seed,
        "hands": acc.hands,
        "matches": acc.matches,
        "first_match": plan.first_match,
        "bots": plan.bots.split(",") if "," in plan.bots else [plan.bots] * players,
    }
    ci: dict = {}
    out["outcomes"], ci["outcomes"] = {}, {}
    for name in OUTCOME_NAMES:
        out["outcomes"][name], ci["outcomes"][name] = _ci(acc, f"outcome.{name}")
    for name in ("draw_rate", "dealer_win_rate", "dealer_kept_rate"):
        out[name], ci[name] = _ci(acc, name)
    for key, metric in (("seat_win_rate", "seat_win_rate"), ("seat_points_mean", "seat_points_mean")):
        vals = [_ci(acc, f"{metric}.{p}") for p in range(players)]
        out[key], ci[key] = [v for v, _ in vals], [c for _, c in vals]
    out["shapes"], ci["shapes"] = {}, {}
    for name in shape_names(rules):
        out["shapes"][name], ci["shapes"][name] = _ci(acc, f"shapes.{name}")
    out["hard_rate"], ci["hard_rate"] = _ci(acc, "hard_rate")
    out["times"], ci["times"] = {}, {}
    for k in sorted((m for m in acc.moments if m.startswith("times.")),
                    key=lambda m: int(m.split(".")[1])):
        v = k.split(".", 1)[1]
        if acc.moments[k][0] > 0:  # values the table allows but no hand reached stay out
            out["times"][v], ci["times"][v] = _ci(acc, k)
    out["turns_mean"], ci["turns_mean"] = _ci(acc, "turns_mean")
    for name in DEALER_FIGURES:   # absent from the accumulators of an older run: left out
        if name in acc.moments:
            out[name], ci[name] = _ci(acc, name)
    out["hands_per_second"] = (acc.hands / wall_seconds) if wall_seconds else None
    out["clock"] = clock(acc, rules) if acc.hands else None
    sc = rules.scoring
    out["scoring"] = {"base": {"dealer": list(sc["base"]["dealer"]), "other": sc["base"]["other"]},
                      "payers": sc["payers"],
                      "value": sc["value"],
                      "items": {str(it["name"]): item_amount(it) for it in sc["items"]}}
    extra: dict = {}
    for name in ("dealer_points_mean", "nondealer_points_mean", "kongs_mean", "claims_mean",
                 "penalty_rate", "hands_per_match", "winners_mean"):
        extra[name], ci[name] = _ci(acc, name)
    extra["winners"], ci["winners"] = {}, {}
    for k in sorted((m for m in acc.moments if m.startswith("winners.")), key=lambda m: int(m.split(".")[1])):
        extra["winners"][k.split(".")[1]], ci["winners"][k.split(".")[1]] = _ci(acc, k)
    flows = sorted(m for m in acc.moments if m.startswith("flow_mean."))
    if flows:   # kong money and a draw's settlement, per hand (settle/draw.py)
        extra["flows"], ci["flows"] = {}, {}
        for k in flows:
            extra["flows"][k.split(".", 1)[1]], ci["flows"][k.split(".", 1)[1]] = _ci(acc, k)
    if "draw_settled_rate" in acc.moments:
        extra["draw_settled_rate"], ci["draw_settled_rate"] = _ci(acc, "draw_settled_rate")
    extra["items"] = {}
    for k in sorted(m for m in acc.moments if m.startswith("items.")):
        nm = k.split(".", 1)[1]
        extra["items"][nm], _ = _ci(acc, k)
    seats = sorted(int(m.split(".")[1]) for m in acc.moments if m.startswith("points_from_dealer."))
    if seats:
        vals = [_ci(acc, f"points_from_dealer.{k}") for k in seats]
        extra["points_from_dealer"], ci["points_from_dealer"] = [v for v, _ in vals], [c for _, c in vals]
    extra["points"] = [{"sd": acc.hist_sd(f"points.{p}"), **acc.percentiles(f"points.{p}")}
                       for p in range(players)]
    if seats:
        extra["points_hist_from_dealer"] = [{str(k): v for k, v in sorted(acc.hist.get(f"points_from_dealer.{s}",
                                                                                       {}).items())} for s in seats]
    extra["points_hist"] = [{str(k): v for k, v in sorted(acc.hist.get(f"points.{p}", {}).items())}
                            for p in range(players)]
    total = sum(acc.hist.get("streak", {}).values()) or 1
    extra["streak"] = {str(k): v / total for k, v in sorted(acc.hist.get("streak", {}).items())}
    extra["cpu_seconds"] = acc.seconds
    out["extra"] = extra
    ci["items"] = {nm: _ci(acc, f"items.{nm}")[1] for nm in extra["items"]}
    out["wins"] = wins_dict(acc, rules.scoring["items"])
    ci["wins"] = {part: {"mean": _ci(acc, f"win_{part}_mean")[1]} for part in WIN_PARTS}
    out["ci95"] = ci
    out["warnings"] = rules_warnings(out, rules) + bound_warnings(acc, rules)
    return out


# what dealing is worth and how much money moves, per hand (metrics.dealer_columns)
DEALER_FIGURES = ("dealer_advantage", "money_per_hand")
CUT = "match_cut"   # an accumulator's histogram {1: matches the hand bound stopped before they ended}


def bound_warnings(acc: Accumulator, rules) -> list[str]:
    """Play a bound cut short, counted (runner/worker.count_cut): a match
    stopped at its most hands (table/spec.py) before the deal went round
    players × rounds times.  Its hands are kept; the user must know its last
    rounds are missing."""
    from ..table.spec import UNCAPPED_TERMS, match_terms

    cut = int(acc.hist.get(CUT, {}).get(1, 0))
    if not cut:
        return []
    t, m, d = rules.table, rules.match, rules.dealer
    terms = match_terms(d)
    bound = t.players * m.rounds * terms
    why = (f"table.players × match.rounds × {UNCAPPED_TERMS}, with dealer.streak_cap 0"
           if not d.streak_cap else "table.players × match.rounds × dealer.streak_cap")
    if d.streak_cap and terms == UNCAPPED_TERMS:
        why = f"table.players × match.rounds × {UNCAPPED_TERMS}, with dealer.draw_term same"
    return [(f"{cut:,} of {acc.matches:,} matches were cut at the bound of {bound:,} hands a match ({why}) "
             f"before the deal had passed {t.players} × {m.rounds} times: their last rounds are not played; "
             f"set dealer.streak_cap to bound a dealer's streak")]


def table_parts(items) -> list[str]:
    """The parts a table's items give (its kind): ``["tai"]`` for a 台 table, ``["times"]`` for a
    multiplying one, ``["points", "tai"]`` for 胡数 and 台 together.  ``fan`` is 台."""
    given = {"tai" if k == "fan" else k for it in items for k in ("points", "tai", "fan", "times") if k in it}
    return [p for p in ("points", "tai", "times") if p in given]


def wins_dict(acc: Accumulator, items) -> dict:
    """What the won hands were worth: per part, the mean per win, sd, quantiles, max and the
    histogram of wins (exact, from integer histograms)."""
    out: dict = {"hands": sum(acc.hist.get("win.value", {}).values()), "parts": table_parts(items)}
    for part in WIN_PARTS:
        name = f"win.{part}"
        hist = acc.hist.get(name, {})
        out[part] = {"mean": acc.estimate(f"win_{part}_mean")[0], "sd": acc.hist_sd(name),
                     **acc.percentiles(name, QUANTILES), **({"max": float(max(hist))} if hist else {}),
                     "hist": {str(k): v for k, v in sorted(hist.items())}}
    return out


WIN_NAMES = ("self_draw", "discard_win", "robbed_kong", "haidi_win")


def rules_warnings(summary: dict, rules) -> list[str]:
    """What the user should know about the rules played: the validator's
    warnings, and a rule set under which no hand was won (a gate or a rule
    that refuses every win runs silently to 100% draws)."""
    from ..scoring.compile import rules_table
    from ..scoring.reach import dead

    out = [f"scoring.{'.'.join(map(str, path))}: {msg}" for path, msg, _ in dead(rules.as_dict(), rules_table(rules))]
    if summary["hands"] and not any(summary["outcomes"].get(n) for n in WIN_NAMES):
        out.append(f"no hand was won in {summary['hands']:,} hands: the win rate is 0. Check scoring.gate "
                   f"and the shapes and claims that make a win (`ruian-sim hand --win self ...` scores one hand "
                   f"as the engine would)")
    return out


def _pct(x: float) -> str:
    return f"{100 * x:6.2f}%"


def _range(c) -> str:
    return f"[{100 * c[0]:6.2f}, {100 * c[1]:6.2f}]"


def format_table(s: dict) -> str:
    ci = s["ci95"]
    lines = [f"{s['rules']['name']} ({s['rules']['hash']}): {s['hands']:,} hands in {s['matches']:,} matches, "
             f"seed {s['seed']}, bots {','.join(dict.fromkeys(s['bots']))}"]
    if s.get("hands_per_second"):
        lines[0] += f", {s['hands_per_second']:,.0f} hands/s"
    lines.append(f"{'':24s} {'value':>9s}   95% CI")
    for name, v in s["outcomes"].items():
        if v or name in ("self_draw", "discard_win", "exhaustive_draw"):
            lines.append(f"  {name:22s} {_pct(v)}   {_range(ci['outcomes'][name])}")
    notes = {"draw_rate": "  no winner: exhaustive + abortive draws", "hard_rate": "  of wins"}
    for name in ("draw_rate", "dealer_win_rate", "dealer_kept_rate", "hard_rate"):
        lines.append(f"  {name:22s} {_pct(s[name])}   {_range(ci[name])}{notes.get(name, '')}")
    for name, v in s["shapes"].items():
        lines.append(f"  shape {name:16s} {_pct(v)}   {_range(ci['shapes'][name])}  of wins")
    for k, v in s["times"].items():
        lines.append(f"  times ×{k:<16s} {_pct(v)}   {_range(ci['times'][k])}  of wins")
    lines.append(f"  {'turns per hand':22s} {s['turns_mean']:7.2f}    [{ci['turns_mean'][0]:.2f}, "
                 f"{ci['turns_mean'][1]:.2f}]")
    lines += dealer_lines(s)
    lines.append(f"{'player':>8s} {'win rate':>10s} {'points/hand':>12s}   95% CI (points)        sd")
    for p, (w, pts) in enumerate(zip(s["seat_win_rate"], s["seat_points_mean"])):
        c = ci["seat_points_mean"][p]
        sd = s["extra"]["points"][p].get("sd", 0.0)
        lines.append(f"{p:8d} {_pct(w):>10s} {pts:12.3f}   [{c[0]:7.3f}, {c[1]:7.3f}]   {sd:7.2f}")
    e = s["extra"]
    lines.append(f"dealer points/hand {e['dealer_points_mean']:.3f}, a non-dealer's {e['nondealer_points_mean']:.3f}")
    lines += play_on_lines(s)
    if "wins" in s:
        lines += wins_lines(s)
    return "\n".join(lines) + "\n"


def dealer_lines(s: dict) -> list[str]:
    """What dealing is worth and how much money changes hands, each per hand with its CI."""
    ci = s["ci95"]
    says = {"dealer_advantage": ("dealer advantage", "the dealer's points minus the other seats' mean, a hand"),
            "money_per_hand": ("money per hand", "points changing hands: the sum of the gains of a hand")}
    lines = []
    for name, (label, what) in says.items():
        if name in s:
            c = ci[name]
            lines.append(f"  {label:22s} {s[name]:7.3f}    [{c[0]:.3f}, {c[1]:.3f}]  {what}")
    return lines


FLOW_NAMES = {"kong_money": "kong money (paid at once)", "kong_transfer": "kong money handed on (呼叫转移)",
              "ready_paid": "paid to ready hands (查叫)", "void_paid": "paid by void holders (查花猪)",
              "kong_refund": "kong money given back (退税)"}


def play_on_lines(s: dict) -> list[str]:
    """Winners per hand where play goes on after a win, the hands settled at
    the wall, and the money besides the wins, each per hand with its CI."""
    e, ci = s["extra"], s["ci95"]
    lines = []
    shares = e.get("winners", {})
    if any(int(k) >= 2 and v > 0 for k, v in shares.items()):
        lines.append("winners per hand: " + ", ".join(f"{k}: {_pct(v).strip()} {_range(ci['winners'][k])}"
                                                      for k, v in shares.items()))
    if "draw_settled_rate" in e:
        lines.append(f"  {'settled at the wall':22s} {_pct(e['draw_settled_rate'])}   "
                     f"{_range(ci['draw_settled_rate'])}  of hands (seats left when the wall ran out)")
    for name, v in e.get("flows", {}).items():
        c = ci["flows"][name]
        lines.append(f"  {FLOW_NAMES.get(name, name):34s} {v:8.3f}   [{c[0]:.3f}, {c[1]:.3f}]  per hand")
    return lines


def wins_lines(s: dict) -> list[str]:
    """The story of the wins: what a win was worth (the value and the parts the table gives:
    mean with its CI, sd, quantiles) and how often each item paid, with its CI."""
    w, ci = s["wins"], s["ci95"]
    lines = [f"wins: {w['hands']:,}, each the first winner's hand; value: what one non-dealer payer pays it",
             f"{'':24s} {'mean':>9s}   {'95% CI':<18s} {'sd':>8s}" + "".join(f"{f'p{q}':>8s}" for q in QUANTILES)
             + f"{'max':>8s}"]
    for part in ("value", *w["parts"]):
        d, c = w[part], ci["wins"][part]["mean"]
        lines.append(f"  {part:22s} {d['mean']:9.2f}   {f'[{c[0]:.2f}, {c[1]:.2f}]':<18s} {d['sd']:8.2f}"
                     + "".join(f"{_num(d.get(f'p{q}', 0)):>8s}" for q in QUANTILES) + f"{_num(d.get('max', 0)):>8s}")
    shares = s["extra"]["items"]
    if shares:
        amounts = s.get("scoring", {}).get("items", {})
        width = max(22, *map(len, shares))
        lines.append(f"{'items':{width + 2}s} {'of wins':>7s}   95% CI            gives")
        for name in [*amounts, *(n for n in shares if n not in amounts)]:
            if name in shares:
                gives = " ".join(f"{k} {v}" for k, v in amounts.get(name, {}).items())
                lines.append(f"  {name:{width}s} {_pct(shares[name])}   {_range(ci['items'][name])}  {gives}")
    return lines


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"
