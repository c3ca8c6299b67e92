"""A sweep's results: per point its summary, the figures with a CI by public name
and the paired difference to the first point; written as ``sweep.json`` and
``sweep.csv`` and printed as a table."""

from __future__ import annotations

from pathlib import Path

from ...errors import UserError
from ...ruleset.model import build
from ...ruleset.special import meaning, off_values
from ..chunks import save_json_atomic
from ..compare import public_name
from ..plan import Plan
from ...stats import b_minus_a
from ..summary import summary_dict
from .layout import Layout
from .params import _show
from .plan import SweepPlan
from .table import format_sweep, value_label  # noqa: F401 - the table is printed from here

SWEEP_FILE = "sweep.json"
ALIASES = {"outcomes": "outcome", "shapes": "shape", "items": "item", "wins": "win"}  # as comparison.json names them


def flat_metrics(summary: dict) -> dict[str, dict]:
    """Every figure of a summary that has a 95% CI, by its public name (as in comparison.json):
    ``draw_rate``, ``outcome_self_draw``, ``seat_points_mean_0``, ``dealer_points_mean``, ..."""
    out: dict[str, dict] = {}

    def walk(ci, val, name):
        if isinstance(ci, dict):
            for k, c in ci.items():
                v = val.get(k) if isinstance(val, dict) else None
                walk(c, v, f"{name}_{k}" if name else ALIASES.get(k, k))
        elif isinstance(ci, list) and ci and isinstance(ci[0], list):
            for i, c in enumerate(ci):
                walk(c, val[i] if isinstance(val, list) and i < len(val) else None, f"{name}_{i}")
        elif isinstance(ci, list) and len(ci) == 2 and val is not None:
            out[name] = {"value": float(val), "ci95": [float(ci[0]), float(ci[1])]}

    ci = summary.get("ci95", {})
    for k, c in ci.items():
        val = summary.get(k, summary.get("extra", {}).get(k))
        walk(c, val, ALIASES.get(k, k))
    return out


def point_plan(plan: SweepPlan, rules: dict, assignment: dict) -> Plan:
    name = plan.rules_name + "[" + ",".join(f"{k}={_show(v)}" for k, v in assignment.items()) + "]"
    return Plan(rules=rules, rules_name=name, variants=plan.variants, seed=plan.seed, hands=plan.hands,
                bots=plan.bots, chunk_matches=plan.chunk_matches)


def sweep_dict(plan: SweepPlan, assigns: list[dict], lay: Layout, accs: list, wall_seconds) -> dict:
    points = []
    for k, (a, pacc) in enumerate(zip(assigns, accs)):
        summary = summary_dict(pacc.b, point_plan(plan, plan.point_rules(a), a), None)
        names = sorted(set(pacc.a.moments) & set(pacc.b.moments))
        diff = {}
        for n in names:
            c = b_minus_a(pacc.compare(n))   # a = the first point, b = this one: "this − first"
            diff[public_name(n)] = {"value": c["diff"], "ci95": c["ci95"], "p": c["p"]}
        points.append({"values": a, "replayed": lay.replayed[k], "why": lay.reasons[k],
                       "play_group": lay.point_group[k],
                       "bots_read_changed_value": lay.bots_read[k], "hands": pacc.b.hands,
                       "matches": pacc.b.matches, "metrics": flat_metrics(summary), "diff_to_first": diff,
                       "summary": summary})
    def at(values: dict) -> str:
        return ", ".join(f"{k}={value_label(v, k)}" for k, v in values.items())

    warnings = [f"at {at(pt['values'])}: {w}" for pt in points for w in pt["summary"].get("warnings", [])]
    first = points[0]["hands"] if points else 0
    # the same matches everywhere, so a point's rules may make them end sooner or later: said, as
    # its figures are over that many hands (a streak cap of 1: 75,284 hands where the first had 100,003)
    warnings += [f"{'fewer' if pt['hands'] < first else 'more'} hands at {at(pt['values'])}: {pt['hands']:,} "
                 f"(the first point {first:,}): its rules end the same {pt['matches']:,} matches "
                 f"{'sooner' if pt['hands'] < first else 'later'}"
                 for pt in points[1:] if pt["hands"] != first]
    if any(lay.bots_read):
        which = [", ".join(f"{k}={_show(v)}" for k, v in assigns[i].items()) for i, r in enumerate(lay.bots_read) if r]
        warnings.append(f"re-scored without replaying although the bots ({plan.bots}) read the changed value: "
                        f"{'; '.join(which)}. These points show the first point's play paid under their "
                        f"rules; add --replay to let the bots play under each.")
    return {
        "rules": {"name": plan.rules_name, "variants": list(plan.variants), "hash": build(plan.rules).hash},
        "params": [_param(p) for p in plan.param_list],
        "seed": plan.seed, "hands": plan.hands, "bots": plan.bots, "chunk_matches": plan.chunk_matches,
        "replay": plan.replay, "metrics_shown": list(plan.metrics),
        "pairing": "every point is played on the same seeds: hand k of match m sees the same wall at every "
                   "point; the hand target is counted on the first point; diff_to_first is this point − "
                   "the first, with a paired 95% CI over matches",
        "plays": len(lay.group_rules),
        "warnings": warnings,
        "points": points,
        "seconds": wall_seconds,
    }


def _param(p) -> dict:
    """A param as sweep.json gives it; ``off``: its values the schema gives a meaning of their own
    (``dealer.streak_cap`` 0: no cap), which are no point on a numeric axis."""
    off = off_values(p.path)
    d = {"path": p.path, "values": list(p.values), "numeric": p.numeric, "integer": p.integer}
    present = [{"value": v, "label": meaning(off, v)} for v in p.values if meaning(off, v)]
    if present:
        d["off"] = present
    return d


def write_outputs(out: Path, sweep: dict) -> None:
    import csv
    import io

    save_json_atomic(out / SWEEP_FILE, sweep)
    buf = io.StringIO()
    w = csv.writer(buf)
    names = sorted({n for p in sweep["points"] for n in p["metrics"]})
    head = [p["path"] for p in sweep["params"]] + ["replayed", "hands"]
    for n in names:
        head += [n, f"{n}_lo", f"{n}_hi", f"{n}_diff", f"{n}_diff_lo", f"{n}_diff_hi"]
    w.writerow(head)
    for p in sweep["points"]:
        row = [p["values"][q["path"]] for q in sweep["params"]] + [p["replayed"], p["hands"]]
        for n in names:
            m = p["metrics"].get(n)
            d = p["diff_to_first"].get(n)
            row += [m["value"], *m["ci95"]] if m else ["", "", ""]
            row += [d["value"], *d["ci95"]] if d else ["", "", ""]
        w.writerow(row)
    tmp = out / "sweep.csv.tmp"
    tmp.write_text(buf.getvalue(), encoding="utf-8")
    tmp.replace(out / "sweep.csv")


def check_metrics(names, known: set[str]) -> None:
    import re

    bad = [n for n in names if n not in known and not re.fullmatch(r"times_\d+", n)]
    if bad:
        raise UserError(f"--metric: unknown {', '.join(bad)} (choose from: {', '.join(sorted(known))})")
