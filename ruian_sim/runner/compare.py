"""comparison.json: every metric of two rule sets played on the same seeds,
with the paired difference, its 95% CI and p-value, and the unpaired CI."""

from __future__ import annotations

import math
from fnmatch import fnmatch

from ..ruleset import load_with_origins
from ..stats import PairedAccumulator, b_minus_a, holm
from .plan import Plan
from .summary import applied_variants, summary_dict

# the figures a designer reads first; Holm adjusts their p for their number
HEADLINE_PREFIX = ("draw_rate", "dealer_kept_rate", "dealer_advantage", "money_per_hand", "seat_win_rate_",
                   "seat_points_mean_")
# what a rule that moves anyone's points touches: every points figure, what dealing is worth
# and how much money changes hands
POINTS = ("*points*", "dealer_advantage", "money_per_hand")


def public_name(internal: str) -> str:
    """seat_win_rate.0 -> seat_win_rate_0; outcome.x -> outcome_x; shapes.x -> shape_x."""
    head, _, tail = internal.partition(".")
    head = {"shapes": "shape", "items": "item"}.get(
        head, head)
    return f"{head}_{tail}" if tail else head


def make_compare_plan(a: str, b: str, hands: int, seed: int, bots: str, chunk_matches: int,
                      max_hands: int = 0) -> Plan:
    ra, ma = load_with_origins(a)
    rb, mb = load_with_origins(b)
    return Plan(rules=dict(ma.data), rules_name=ra.name, variants=applied_variants(ra.files), seed=seed,
                hands=max_hands or hands, bots=bots, chunk_matches=chunk_matches, rules_b=dict(mb.data),
                rules_name_b=rb.name, variants_b=applied_variants(rb.files),
                extra={"min_hands": hands, "a_spec": a, "b_spec": b}, max_hands=max_hands)


# What each rule key changes.  (key prefix, metrics whose numerator counts
# where the rule fired, figures it touches as fnmatch patterns over internal
# metric names, a note.)  The first matching prefix wins; "hands" counts every
# hand, and no counting metric means the records cannot say when it fired.
# "metric|key=value" counts only when either side sets key to value.
RULE_EFFECTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], str], ...] = (
    ("aborts.four_winds", ("outcome.four_winds_draw|aborts.four_winds.action=draw",
                           "penalty_hand_rate|aborts.four_winds.action=penalty"),
     ("outcome.four_winds_draw", "penalty_*", "draw_rate", "dealer_kept_rate", "seat_*", *POINTS[1:]), ""),
    ("aborts.four_kongs", ("outcome.four_kongs_draw",),
     ("outcome.four_kongs_draw", "draw_rate", "dealer_kept_rate", "seat_*", *POINTS[1:]), ""),
    ("aborts.triple_win", ("outcome.triple_win_draw",),
     ("outcome.triple_win_draw", "draw_rate", "dealer_kept_rate", "seat_*", *POINTS[1:]), ""),
    ("claims.multiple_wins", ("outcome.multiple_win_draw", "multiple_winners_rate"),
     ("outcome.*", "multiple_winners_rate", "draw_rate", "dealer_*", "seat_*", *POINTS[1:]), ""),
    ("end.after_wins", ("play_on_rate",),
     ("winners*", "outcome.*", "draw_rate", "dealer_*", "seat_*", *POINTS, "turns_mean"),
     "hands that went on after their first win"),
    ("claims.pass_block", ("blocked_win_rate",),   # pass_blocks_win and pass_block.*
     ("outcome.*", "seat_win_rate.*", "draw_rate", "passed_win_rate", "hard_rate", "items.*", "times.*",
      *POINTS),
     "hands in which 过水 refused a win"),
    ("claims.kong", ("kongs_mean",), ("kongs_mean", "claims_mean"), ""),
    ("claims.rob_kong", ("outcome.robbed_kong",), ("outcome.*",), ""),
    ("claims.win_on_discard", ("outcome.discard_win",), ("outcome.*", "draw_rate"), ""),
    ("claims", ("claims_mean",), ("claims_mean", "kongs_mean", "turns_mean"), ""),
    ("dealer.keep_on_draw", ("draw_rate",), ("dealer_kept_rate", "hands_per_match", "dealer_*", *POINTS),
     "fires on every drawn hand"),
    ("dealer", ("dealer_kept_rate",), ("dealer_*", "hands_per_match", *POINTS), ""),
    ("hard.self_drawn", ("outcome.self_draw",), ("hard_rate", "times*", *POINTS),
     "fires on self-drawn wins"),
    ("hard.three_wilds", ("shapes.three_wilds",), ("hard_rate", "times*", *POINTS), ""),
    ("scoring.items.", ("items.{entry}",),
     ("items.{entry}", "times.*", *POINTS), "wins where the item applied"),
    ("scoring.value", ("win_rate",), ("times*", *POINTS), "applies to every won hand"),
    ("scoring.base", ("win_rate",), (*POINTS,), "applies to every won hand"),
    ("scoring.payers", ("outcome.discard_win", "outcome.robbed_kong"), (*POINTS,),
     "decides who pays for a win on a discard"),
    ("scoring.kongs", ("kongs_mean",), (*POINTS,), "kongs of every kind; paid on won hands"),
    ("scoring.wild_money", ("wild_held_win_rate",), (*POINTS,),
     "won hands where someone held a wild, which 财神钱 pays for"),
    ("scoring.four_winds_penalty", ("penalty_hand_rate",), ("penalty_*", *POINTS), ""),
    ("scoring", (), (*POINTS,), "no count: the records do not say when this entry paid"),
    ("timing", (), (), "no count: the table clock only (session figures), not play"),
    ("shapes.", ("shapes.{shape}",), ("shapes.*", "hard_rate", "times*", *POINTS, "seat_*"), ""),
    ("", ("hands",), ("*",), "applies to every hand"),
)
SKIP_KEYS = ("name", "title")


def flatten(data: dict, prefix: str = "") -> dict[str, object]:
    """Dotted keys to leaf values; the scoring items are keyed by name."""
    out: dict[str, object] = {}
    for k, v in data.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, key + "."))
        elif key == "scoring.items" and isinstance(v, list):
            for e in v:
                body = {x: y for x, y in e.items() if x != "name"} if isinstance(e, dict) else e
                out[f"{key}.{e.get('name') if isinstance(e, dict) else e}"] = body
        else:
            out[key] = v
    return out


def rule_diff(a: dict, b: dict) -> list[dict]:
    """Every rule key whose value differs between two merged rule sets (None: absent)."""
    fa, fb = flatten(a), flatten(b)
    keys = [k for k in dict.fromkeys([*fa, *fb]) if k not in SKIP_KEYS and fa.get(k) != fb.get(k)]
    return [{"key": k, "a": fa.get(k), "b": fb.get(k)} for k in keys]


def _effect(key: str, sides: tuple[dict, dict]):
    for prefix, fires, touches, note in RULE_EFFECTS:
        if key.startswith(prefix):
            parts = key.split(".")
            fill = {"entry": parts[-1], "shape": parts[1] if len(parts) > 1 else ""}
            counted = []
            for f in fires:
                metric, _, cond = f.format(**fill).partition("|")
                ck, _, cv = cond.partition("=")
                if not cond or any(str(side.get(ck)) == cv for side in sides):
                    counted.append(metric)
            return counted, [t.format(**fill) for t in touches], note
    raise AssertionError("the last RULE_EFFECTS entry matches every key")


def _unit(metric: str) -> str:
    if metric.startswith(("items.", "shapes.")):
        return "wins"
    return {"kongs_mean": "kongs", "claims_mean": "claims"}.get(metric, "hands")


def _count(acc, metric: str) -> int:
    if metric == "hands":
        return acc.hands
    m = acc.moments.get(metric)
    return round(float(m[0])) if m is not None else 0


def rules_changed(acc: PairedAccumulator, rules_a: dict, rules_b: dict, metrics: list[str]) -> list[dict]:
    """The rule diff with, for each key, how often it fired on each side and the figures it touches."""
    out = []
    sides = (flatten(rules_a), flatten(rules_b))
    for d in rule_diff(rules_a, rules_b):
        fires, touches, note = _effect(d["key"], sides)
        touched = sorted(public_name(m) for m in metrics if any(fnmatch(m, t) for t in touches))
        d["fired"] = [{"metric": "hands" if f == "hands" else public_name(f), "unit": _unit(f),
                       "a": _count(acc.a, f), "b": _count(acc.b, f)} for f in fires]
        d["touches"] = "all" if touches == ["*"] else touched
        d["note"] = note or None
        out.append(d)
    return out


def _side_warnings(acc: PairedAccumulator, plan, b_plan) -> list[str]:
    """Each side's own warnings (summary.rules_warnings), named A or B."""
    out = []
    for side, a, p in (("A", acc.a, plan), ("B", acc.b, b_plan)):
        out += [f"{side}: {w}" for w in summary_dict(a, p, None)["warnings"]]
    return out


def _warnings(acc: PairedAccumulator, changed: list[dict]) -> list[str]:
    out = []
    paired, same_rec, same_pts = (int(x) for x in acc.same)
    if paired and same_rec == paired:
        if same_pts == paired:
            out.append(f"A and B played identical hands: all {paired:,} paired hands had the same deal, "
                       f"play, ending and payments under both rule sets, so every difference is exactly "
                       f"0 by construction. It says nothing about the rules that differ.")
        else:
            out.append(f"A and B played identical hands: all {paired:,} paired hands had the same deal, "
                       f"play and ending under both rule sets; only scoring differs, so only the points "
                       f"figures can move.")
    never = [d["key"] for d in changed if d["fired"] and all(f["a"] == 0 and f["b"] == 0 for f in d["fired"])]
    if never:
        out.append(f"{', '.join(never)}: never fired on either side in {acc.a.hands:,} hands; the situation "
                   f"these rules govern did not arise with these bots (try more hands or other bots).")
    return out


WALL_KEYS = ("tiles.", "wall.")


def _pairing_note(metrics: dict, changed: list[dict]) -> list[str]:
    """Where the two sides deal from different tile sets or walls, how much pairing is left.

    The wall is laid out in draw order (table/wall.fill_wall), so both sides are dealt the
    same ordinary tiles in the same order; but a bot that sees a flower laid aside or
    another count of tiles left may play otherwise, and the hands part from there."""
    keys = [d["key"] for d in changed if d["key"].startswith(WALL_KEYS)]
    m = metrics.get("draw_rate")
    if not keys or not m or m.get("variance_reduction") is None:
        return []
    narrower = math.sqrt(m["variance_reduction"])
    if narrower >= 2:
        return []
    return [(f"{', '.join(keys)}: A and B deal from different tile sets or walls. Both are dealt the same "
            f"ordinary tiles in the same order (flowers take places of their own), but play parts where a "
            f"bot sees otherwise (a flower laid aside, a replacement, the tiles left), so the pairing keeps "
            f"less: the draw rate's paired interval is {narrower:.1f}× narrower than the unpaired one "
            f"(greedy bots, which look at less, keep more).")]


def comparison_dict(acc: PairedAccumulator, plan: Plan, wall_seconds: float | None) -> dict:
    names = sorted(set(acc.a.moments) & set(acc.b.moments))
    metrics = {public_name(n): b_minus_a(acc.compare(n)) for n in names}   # B − A: the variant's change
    head = {k: v["p"] for k, v in metrics.items() if k.startswith(HEADLINE_PREFIX)}
    for k, p in holm(head).items():
        metrics[k]["p_holm"] = p
        metrics[k]["headline"] = True
    ra, rb = plan.ruleset, plan.ruleset_b
    b_plan = Plan(rules=plan.rules_b, rules_name=plan.rules_name_b, variants=plan.variants_b, seed=plan.seed,
                  hands=plan.hands, bots=plan.bots, chunk_matches=plan.chunk_matches)
    changed = rules_changed(acc, plan.rules, plan.rules_b, names)
    paired, same_rec, same_pts = (int(x) for x in acc.same)
    return {
        "hands": acc.a.hands,
        "hands_b": acc.b.hands,
        "matches": acc.a.matches,
        "seed": plan.seed,
        "bots": plan.bots,
        "a": {"name": plan.rules_name, "hash": ra.hash, "spec": plan.extra.get("a_spec"),
              "variants": list(plan.variants)},
        "b": {"name": plan.rules_name_b, "hash": rb.hash, "spec": plan.extra.get("b_spec"),
              "variants": list(plan.variants_b)},
        "pairing": "same seeds: match m, hand k of both sides share the wall; intervals and p-values treat "
                   "the match as the unit (paired t over matches, the same t for both: p < 0.05 exactly when "
                   "the 95% CI excludes 0); p_holm adjusts the headline figures' p for their number",
        "rules_changed": changed,
        "identical": {"paired_hands": paired, "same_records": same_rec, "same_payments": same_pts},
        "warnings": _warnings(acc, changed) + _pairing_note(metrics, changed) + _side_warnings(acc, plan, b_plan),
        "metrics": metrics,
        "hands_per_second": (acc.a.hands + acc.b.hands) / wall_seconds if wall_seconds else None,
        "a_summary": summary_dict(acc.a, plan, None),
        "b_summary": summary_dict(acc.b, b_plan, None),
    }


GAIN_CAP = 1000.0


def pairing_gain(m: dict) -> str:
    """The variance reduction from pairing, for people: capped, and named when it is not a number."""
    vr = m.get("variance_reduction")
    if vr is None:
        lo, hi = m["unpaired_ci95"]
        return "identical" if _known(lo) and _known(hi) and hi > lo else "-"
    return f"≥{GAIN_CAP:,.0f}×" if vr >= GAIN_CAP else f"{vr:.1f}×"


def _num(x: float, digits: int = 4) -> str:
    s = f"{x:+.{digits}f}"
    return s.replace("-", "+", 1) if float(s) == 0 else s  # no "-0.0000"


def _value(x: float, digits: int = 4) -> str:
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0 else s


def _known(x) -> bool:
    return x is not None and math.isfinite(x)


def _ci(c, digits: int = 4) -> str:
    """An interval; none where it is not a number (fewer than 2 matches, or an overflow)."""
    if not (_known(c[0]) and _known(c[1])):
        return "none"
    return f"[{_num(c[0], digits)}, {_num(c[1], digits)}]"


def _p(p) -> str:
    return f"{p:.2g}" if _known(p) else "none"


def no_interval_note(metrics: dict, unit: str = "matches") -> list[str]:
    """Why a row shows no interval and no p: said once under the table rather than as NaN."""
    if any(not _known(m["p"]) for m in metrics.values()):
        return [(f"none: no interval and no p-value (they need at least 2 {unit}, the unit of every "
                 f"interval; or the figure is not a finite number)")]
    return []


def hands_head(c: dict) -> str:
    """The hand count of both sides: one number when they played alike, both when a rule made
    the same matches last a different number of hands."""
    a, b = c["hands"], c.get("hands_b", c["hands"])
    if a == b:
        return f"{a:,} hands each"
    return f"{a:,} hands under A, {b:,} under B"


def _fired(d: dict) -> str:
    if not d["fired"]:
        return d["note"] or "no count"
    parts = [f"{f['metric']} {f['a']:,} / {f['b']:,} {f['unit']}" if f["metric"] != "hands"
             else f"every hand ({f['a']:,} / {f['b']:,})" for f in d["fired"]]
    return "fired A / B: " + "; ".join(parts)


def _short(v) -> str:
    if v is None:
        return "(absent)"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_short(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_short(x) for x in v) + "]"
    if isinstance(v, bool):
        return str(v).lower()
    return str(v)


def _grid(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in rows]


def shown_metrics(c: dict) -> list[str]:
    """The table's rows: headline first, then every metric that is not 0 on both sides or that a
    changed rule touches or counts (so a rule that never fired still shows its 0)."""
    metrics = c["metrics"]
    keep = set()
    for d in c.get("rules_changed", []):
        keep.update(f["metric"] for f in d["fired"])
        if isinstance(d["touches"], list):
            keep.update(d["touches"])
    order = sorted(metrics, key=lambda k: (not metrics[k].get("headline"), k))
    return [k for k in order if metrics[k]["a"] or metrics[k]["b"] or k in keep]


def format_comparison(c: dict) -> str:
    lines = [f"{c['a']['name']} vs {c['b']['name']}: {hands_head(c)} ({c['matches']:,} paired "
             f"matches), seed {c['seed']}, bots {c['bots']}"]
    changed = c.get("rules_changed", [])
    tag: dict[str, list[str]] = {}
    if changed:
        lines.append("rules that differ (A → B):")
        for i, d in enumerate(changed, 1):
            lines.append(f"  [{i}] {d['key']}: {_short(d['a'])} → {_short(d['b'])}")
            every = d["fired"] and d["fired"][0]["metric"] == "hands"
            lines.append(f"      {_fired(d)}" + (f" ({d['note']})" if d["fired"] and d["note"] and not every else ""))
            if d["touches"] == "all":
                lines.append("      touches every figure")
            for k in (d["touches"] if isinstance(d["touches"], list) else []):
                tag.setdefault(k, []).append(str(i))
            for f in d["fired"]:
                tag.setdefault(f["metric"], [])
                if str(i) not in tag[f["metric"]]:
                    tag[f["metric"]].append(str(i))
    else:
        lines.append("rules that differ: none (A and B are the same rules)")
    rows = [["metric", "A", "B", "B − A", "paired 95% CI", "p", "p Holm", "unpaired 95% CI", "pairing gain",
             "rules"]]
    for k in shown_metrics(c):
        m = c["metrics"][k]
        rows.append([("*" if m.get("headline") else " ") + k, _value(m["a"]), _value(m["b"]), _num(m["diff"]),
                     _ci(m["ci95"]), _p(m["p"]), _p(m["p_holm"]) if "p_holm" in m else "",
                     _ci(m["unpaired_ci95"]), pairing_gain(m), ",".join(tag.get(k, []))])
    lines += _grid(rows, right={1, 2, 3, 5, 6, 8})
    lines.append("* headline metrics: p Holm is their p adjusted by Holm's method for their number. rules: the "
                 "numbered rule changes above that touch the figure.")
    lines.append("p: paired t over matches, unadjusted, from the same t as the paired 95% CI: p < 0.05 exactly "
                 "when the CI excludes 0.")
    lines += no_interval_note(c["metrics"])
    lines.append("pairing gain = unpaired variance ÷ paired variance of B − A: how many times more hands two "
                 f"independent runs would need for the same interval (capped at ≥{GAIN_CAP:,.0f}×; "
                 "'identical': every paired difference is 0).")
    if "session" in c:
        lines.append(f"sessions ({c['session']['a']['sessions']} each, paired):")
        rows = [["figure", "A", "B", "B − A", "paired 95% CI", "p", "unpaired 95% CI"]]
        for k, m in c["session"]["metrics"].items():
            rows.append([" " + k, _value(m["a"], 3), _value(m["b"], 3), _num(m["diff"], 3), _ci(m["ci95"], 3),
                         _p(m["p"]), _ci(m["unpaired_ci95"], 3)])
        lines += _grid(rows, right={1, 2, 3, 5})
        lines += no_interval_note(c["session"]["metrics"], "sessions")
    for w in c.get("warnings", []):
        lines.append(f"warning: {w}")
    return "\n".join(lines) + "\n"
