"""comparison.json: every metric of two rule sets played on the same seeds,
with the paired difference, its 95% CI and p-value, and the unpaired CI."""

from __future__ import annotations

from ..ruleset import load_with_origins
from ..stats import PairedAccumulator, holm
from .plan import Plan
from .summary import summary_dict

HEADLINE_PREFIX = ("draw_rate", "dealer_kept_rate", "seat_win_rate_", "seat_points_mean_")


def public_name(internal: str) -> str:
    """seat_win_rate.0 -> seat_win_rate_0; outcome.x -> outcome_x; shapes.x -> shape_x."""
    head, _, tail = internal.partition(".")
    head = {"shapes": "shape", "multipliers": "multiplier", "multiplier_entries": "multiplier_entry"}.get(
        head, head)
    return f"{head}_{tail}" if tail else head


def make_compare_plan(a: str, b: str, hands: int, seed: int, bots: str, chunk_matches: int,
                      max_hands: int = 0) -> Plan:
    ra, ma = load_with_origins(a)
    rb, mb = load_with_origins(b)
    return Plan(rules=dict(ma.data), rules_name=ra.name, variants=(), seed=seed, hands=max_hands or hands,
                bots=bots, chunk_matches=chunk_matches, rules_b=dict(mb.data), rules_name_b=rb.name,
                extra={"min_hands": hands, "a_spec": a, "b_spec": b}, max_hands=max_hands)


def comparison_dict(acc: PairedAccumulator, plan: Plan, wall_seconds: float | None) -> dict:
    names = sorted(set(acc.a.moments) & set(acc.b.moments))
    metrics = {public_name(n): acc.compare(n) for n in names}
    head = {k: v["p"] for k, v in metrics.items() if k.startswith(HEADLINE_PREFIX)}
    for k, p in holm(head).items():
        metrics[k]["p_holm"] = p
        metrics[k]["headline"] = True
    ra, rb = plan.ruleset, plan.ruleset_b
    b_plan = Plan(rules=plan.rules_b, rules_name=plan.rules_name_b, variants=(), seed=plan.seed,
                  hands=plan.hands, bots=plan.bots, chunk_matches=plan.chunk_matches)
    return {
        "hands": acc.a.hands,
        "hands_b": acc.b.hands,
        "matches": acc.a.matches,
        "seed": plan.seed,
        "bots": plan.bots,
        "a": {"name": plan.rules_name, "hash": ra.hash, "spec": plan.extra.get("a_spec")},
        "b": {"name": plan.rules_name_b, "hash": rb.hash, "spec": plan.extra.get("b_spec")},
        "pairing": "same seeds: match m, hand k of both sides share the wall; intervals treat the match "
                   "as the unit; yes/no outcomes are tested with McNemar over hands present on both sides",
        "metrics": metrics,
        "hands_per_second": (acc.a.hands + acc.b.hands) / wall_seconds if wall_seconds else None,
        "a_summary": summary_dict(acc.a, plan, None),
        "b_summary": summary_dict(acc.b, b_plan, None),
    }


def format_comparison(c: dict) -> str:
    lines = [f"{c['a']['name']} vs {c['b']['name']}: {c['hands']:,} hands each ({c['matches']:,} paired "
             f"matches), seed {c['seed']}, bots {c['bots']}",
             f"{'metric':26s} {'A':>9s} {'B':>9s} {'A - B':>9s}   {'paired 95% CI':>22s}  {'p':>8s}"
             f"  {'unpaired 95% CI':>22s}  var÷"]
    order = sorted(c["metrics"], key=lambda k: (not c["metrics"][k].get("headline"), k))
    for k in order:
        m = c["metrics"][k]
        if not (m["a"] or m["b"]):
            continue
        p = m.get("p_holm", m["p"])
        star = "*" if m.get("headline") else " "
        vr = f"{m['variance_reduction']:5.1f}" if m.get("variance_reduction") else "    -"
        lines.append(f"{star}{k:25s} {m['a']:9.4f} {m['b']:9.4f} {m['diff']:+9.4f}   "
                     f"[{m['ci95'][0]:+9.4f}, {m['ci95'][1]:+9.4f}]  {p:8.2g}  "
                     f"[{m['unpaired_ci95'][0]:+9.4f}, {m['unpaired_ci95'][1]:+9.4f}]  {vr}")
    lines.append("* headline metrics: p is Holm-adjusted over them")
    if "session" in c:
        lines.append(f"sessions ({c['session']['a']['sessions']} each, paired):")
        for k, m in c["session"]["metrics"].items():
            lines.append(f" {k:25s} {m['a']:9.3f} {m['b']:9.3f} {m['diff']:+9.3f}   "
                         f"[{m['ci95'][0]:+9.3f}, {m['ci95'][1]:+9.3f}]  {m['p']:8.2g}  "
                         f"[{m['unpaired_ci95'][0]:+9.3f}, {m['unpaired_ci95'][1]:+9.3f}]")
    return "\n".join(lines) + "\n"
