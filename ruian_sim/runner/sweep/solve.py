"""`--solve METRIC=TARGET`: the value of one numeric parameter where a metric meets a target.

Every evaluation plays the same seeds (common random numbers), so the metric
is a smooth-looking, nearly deterministic function of the parameter and a
bracketing search works on it: secant steps (false position) alternating with
bisection, on integers for an integer parameter (the answer is then the two
bracketing values).  The interval is the same search run on the lower and
the upper 95% bound of the metric: where the CI band crosses the target.
Evaluations are cached, so the three searches share most of their points.

The search assumes a monotone metric.  It warns when the evaluated points are
not monotone, and when the target is not met over the range (separately when
the metric is flat there: it does not move beyond its own noise).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...errors import UserError

MAX_EVALS = 40


@dataclass(frozen=True)
class Target:
    metric: str
    value: float | None = None   # METRIC=NUMBER
    other: str | None = None     # METRIC=OTHER: where the two meet

    def describe(self) -> str:
        return f"{self.metric} = {self.other if self.other else _g(self.value)}"


def _g(x) -> str:
    return f"{x:.6g}" if isinstance(x, float) else str(x)


def parse_solve(text: str, plan, known: set[str]) -> Target:
    name, sep, rhs = text.partition("=")
    name, rhs = name.strip(), rhs.strip()
    if not sep or not name or not rhs:
        raise UserError(f"--solve {text!r}: expected METRIC=TARGET (draw_rate=0.25) or METRIC=OTHER "
                        f"(dealer_points_mean=nondealer_points_mean)")
    try:
        value = float(rhs)
    except ValueError:
        if not re.fullmatch(r"[A-Za-z_][\w.]*", rhs):
            raise UserError(f"--solve {text!r}: TARGET must be a finite number (draw_rate=0.25) or another "
                            f"metric's name, got {rhs!r}") from None
        target = Target(name, other=rhs)
    else:
        if not math.isfinite(value):   # nan meets nothing, inf nothing finite: the search would run for nothing
            raise UserError(f"--solve {text!r}: TARGET must be a finite number, got {rhs!r}")
        target = Target(name, value=value)
    from .results import check_metrics

    for n in (target.metric, target.other):
        if n:
            try:
                check_metrics([n], known)
            except UserError as exc:
                raise UserError(str(exc).replace("--metric:", "--solve:", 1)) from None
    params = plan.param_list
    if len(params) != 1:
        raise UserError(f"--solve: needs exactly one --param (got {len(params)})")
    (p,) = params
    if not p.numeric or len(p.values) < 2:
        raise UserError(f"--solve: --param {p.path} must be a numeric range or list of two or more numbers, "
                        f"e.g. {p.path}=0:12 (got {p.text or p.values})")
    from ...ruleset.special import meaning, off_values

    off = off_values(p.path)
    special = [v for v in p.values if meaning(off, v)]
    if special:   # 0 = no cap is no number between the others: a search through it would mean nothing
        v, plain = special[0], [x for x in p.values if x not in special]
        instead = f"; search a range without it, e.g. {p.path}={min(plain)}:{max(plain)}" if plain else ""
        raise UserError(f"--solve: --param {p.path}: {v} means {off[v]}, not a number to search through{instead}")
    return target


# --- the search (pure: any function of the parameter) ---------------------------------------


def search(f: Callable[[float], float], lo, hi, integer: bool, tol: float | None = None) -> dict:
    """A root of f in [lo, hi] by alternating secant and bisection steps.

    Returns ``{"met": bool, "bracket": [a, b], "root": x}``: f(a) and f(b) have opposite signs
    (or one is 0) and ``b - a`` is 1 (integers) or at most ``tol``; ``root`` interpolates
    linearly between them.  ``met`` is False when f has one sign at both ends."""
    a, b = lo, hi
    fa, fb = f(a), f(b)
    if fa == 0:
        return {"met": True, "bracket": [a, a], "root": a}
    if fb == 0:
        return {"met": True, "bracket": [b, b], "root": b}
    if (fa > 0) == (fb > 0):
        return {"met": False, "bracket": None, "root": None}
    width = 1 if integer else (tol if tol else (hi - lo) / 1000)
    secant = True
    for _ in range(MAX_EVALS):
        if b - a <= width:
            break
        if secant and fb != fa:
            x = a - fa * (b - a) / (fb - fa)
        else:
            x = (a + b) / 2
        secant = not secant
        if integer:
            x = min(max(round(x), a + 1), b - 1)
        else:
            x = min(max(x, a + width / 4), b - width / 4)
        fx = f(x)
        if fx == 0:
            return {"met": True, "bracket": [x, x], "root": x}
        if (fx > 0) == (fa > 0):
            a, fa = x, fx
        else:
            b, fb = x, fx
    root = a - fa * (b - a) / (fb - fa) if fb != fa else (a + b) / 2
    return {"met": True, "bracket": [a, b], "root": root}


def solve(evaluate: Callable[[float], tuple[float, float, float]], lo, hi, integer: bool,
          target: float = 0.0, tol: float | None = None, goal: str | None = None) -> dict:
    """Where ``evaluate(v)[0]`` (an estimate; [1], [2] its 95% bounds) meets ``target``.

    Returns the bracket and root of the estimate, the interval where the CI band crosses the
    target, every evaluation, and warnings (``goal`` names the target in them)."""
    goal = goal or f"the target {_g(target)}"
    seen: dict = {}

    def ev(v):
        if v not in seen:
            seen[v] = tuple(float(x) for x in evaluate(v))
        return seen[v]

    est = search(lambda v: ev(v)[0] - target, lo, hi, integer, tol)
    warnings: list[str] = []
    out: dict = {"target": target, "range": [lo, hi], "integer": integer, "met": est["met"],
                 "bracket": est["bracket"], "root": est["root"], "interval": None}
    f_lo, f_hi = ev(lo), ev(hi)
    if not est["met"]:
        mid = (lo + hi) // 2 if integer else (lo + hi) / 2
        f_mid = ev(mid)
        rng = abs(f_hi[0] - f_lo[0])
        noise = max((f[2] - f[1]) / 2 for f in (f_lo, f_hi, f_mid))
        if not min(f_lo[0], f_hi[0]) - noise <= f_mid[0] <= max(f_lo[0], f_hi[0]) + noise:
            warnings.append(f"not monotone: the metric is {_g(f_lo[0])} at {lo}, {_g(f_mid[0])} at {mid} and "
                            f"{_g(f_hi[0])} at {hi}; {goal} may be met inside a narrower range")
        elif rng <= noise:
            warnings.append(f"flat: the metric hardly moves over {lo}..{hi} (from {_g(f_lo[0])} to "
                            f"{_g(f_hi[0])}, within its own 95% interval ±{_g(noise)}); this parameter "
                            f"cannot meet {goal}")
        else:
            warnings.append(f"{goal} is not met over {lo}..{hi}: the metric goes from "
                            f"{_g(f_lo[0])} to {_g(f_hi[0])}")
    else:
        ends = []
        for k in (1, 2):
            r = search(lambda v, k=k: ev(v)[k] - target, lo, hi, integer, tol)
            ends.append(r)
        roots = [r["root"] for r in ends if r["met"]]
        if len(roots) == 2:
            interval = sorted(roots)
        elif len(roots) == 1:
            increasing = f_hi[0] > f_lo[0]
            r = roots[0]
            # increasing: the upper bound crosses first; a bound that never crosses leaves that end open
            interval = sorted([r, hi]) if (ends[1]["met"] == increasing) else sorted([lo, r])
            warnings.append(f"the 95% band does not cross the target on one side within {lo}..{hi}: the "
                            f"interval is open there (more hands, or a wider range, narrow it)")
        else:
            interval = [lo, hi]
            warnings.append("the 95% band contains the target over the whole range: more hands needed")
        out["interval_interpolated"] = list(interval)
        if integer:  # the integer values that bracket the band's crossings
            interval = [math.floor(interval[0]), math.ceil(interval[1])]
        out["interval"] = interval
        out["interval_brackets"] = [r["bracket"] for r in ends]
    pts = sorted(seen.items())
    direction = f_hi[0] - f_lo[0]
    against = [(pts[i][0], pts[i + 1][0]) for i in range(len(pts) - 1)
               if (pts[i + 1][1][0] - pts[i][1][0]) * direction < 0]
    if est["met"] and against:
        shown = "; ".join(f"{a} → {b}" for a, b in against[:3])
        warnings.append(f"not monotone over the evaluated points (the metric moves against its trend "
                        f"between {shown}); a bracketing search may have missed another crossing")
    out["evaluations"] = [{"value": v, "estimate": e[0], "ci95": [e[1], e[2]]} for v, e in pts]
    out["warnings"] = warnings
    return out


# --- the command's solve: each evaluation is a run of the point's rules ----------------------


def _point_dir(out: Path, path: str, v) -> Path:
    return out / "points" / re.sub(r"[^A-Za-z0-9_.=-]", "_", f"{path}={v}")


def run_solve(plan, target: Target, out: Path, backend, quiet: bool = True, resume: bool = False) -> dict:
    from .. import run_plan
    from ..chunks import Interrupted, save_json_atomic
    from ..chunks import Interrupted as RunInterrupted
    from ..owner import claim, rules_id
    from ..plan import PLAN_FILE
    from .params import check_rules, set_value
    from .plan import SWEEP_PLAN, SweepPlan
    from .results import SWEEP_FILE, flat_metrics, point_plan

    out = Path(out)
    claim(out, "sweep", rules_id(plan.rules), plan.rules_name)
    if (out / SWEEP_PLAN).is_file() and not resume and SweepPlan.load(out).key != plan.key:
        raise UserError(f"--out {out}: holds another sweep ({SWEEP_PLAN}); choose another directory "
                        f"or continue it with --resume {out}")
    plan.save(out)
    (p,) = plan.param_list
    lo, hi = min(p.values), max(p.values)
    steps = sorted(p.values)
    tol = min(b - a for a, b in itertools.pairwise(steps)) if not p.integer else None
    points: dict = {}

    def evaluate(v):
        if p.integer:
            v = int(v)
        rules = set_value(plan.rules, p.path, v)
        check_rules(rules, {p.path: v})
        d = _point_dir(out, p.path, v)
        pplan = point_plan(plan, rules, {p.path: v})
        try:
            summary = run_plan(pplan, d, backend, quiet=quiet, resume=(d / PLAN_FILE).is_file())
        except RunInterrupted:
            raise Interrupted(f"interrupted: {len(points)} points are finished in {out}; resume with: "
                              f"ruian-sim sweep --resume {out}") from None
        m = flat_metrics(summary)
        a = m[target.metric]
        if target.other:
            b = m[target.other]
            e = (a["value"] - b["value"], a["ci95"][0] - b["ci95"][1], a["ci95"][1] - b["ci95"][0])
        else:
            e = (a["value"], a["ci95"][0], a["ci95"][1])
        points[v] = {"values": {p.path: v}, "replayed": True,
                     "why": "played: each evaluation of --solve is a run of its value", "hands": summary["hands"],
                     "matches": summary["matches"], "metrics": m, "diff_to_first": {}, "summary": summary}
        return e

    goal = (f"{target.metric} = {target.other} (their difference 0)" if target.other
            else f"the target {target.metric} = {_g(target.value)}")
    result = solve(evaluate, lo, hi, p.integer, target.value or 0.0, tol, goal)
    result.update({"metric": target.metric, "other": target.other, "param": p.path,
                   "goal": target.describe()})
    if target.other:
        result["note"] = ("metric − other; its interval combines the two 95% bounds (conservative: the "
                          "figures of one run are not independent)")
    from ...ruleset.model import build

    sweep = {"rules": {"name": plan.rules_name, "variants": list(plan.variants), "hash": build(plan.rules).hash},
             "params": [{"path": p.path, "values": list(p.values), "numeric": True, "integer": p.integer}],
             "seed": plan.seed, "hands": plan.hands, "bots": plan.bots, "chunk_matches": plan.chunk_matches,
             "replay": True, "metrics_shown": [m for m in dict.fromkeys([target.metric, target.other, *plan.metrics])
                                               if m],
             "pairing": "every evaluated value is played on the same seeds (common random numbers)",
             "plays": len(points), "warnings": result["warnings"],
             "points": [points[v] for v in sorted(points)], "solve": result}
    save_json_atomic(out / SWEEP_FILE, sweep)
    return sweep


def format_solve(s: dict) -> str:
    r = s["solve"]
    lines = [(f"{s['rules']['name']}: solve {r['goal']} over {r['param']} = "
              f"{r['range'][0]}..{r['range'][1]}, {s['hands']:,} hands per evaluation, seed {s['seed']}, "
              f"bots {s['bots']}")]
    # metric − other: the two bounds combined, wider than 95% (the figures of one run are not independent)
    ci = "95% CI" if not r["other"] else "≥95% CI (conservative)"
    lines.append(f"  {'value':>10s}  {r['metric'] if not r['other'] else 'metric − other':>16s}   {ci}")
    for e in r["evaluations"]:
        lines.append(f"  {_g(e['value']):>10s}  {e['estimate']:16.5f}   [{e['ci95'][0]:.5f}, {e['ci95'][1]:.5f}]")
    if r["met"]:
        a, b = r["bracket"]
        if r["integer"] and a != b:
            lines.append(f"answer: between {r['param']} = {a} and {b} (interpolated {r['root']:.2f}); "
                         f"95% interval {r['interval'][0]} .. {r['interval'][1]}")
        else:
            lines.append(f"answer: {r['param']} = {_g(r['root'])}; 95% interval {_g(r['interval'][0])} .. "
                         f"{_g(r['interval'][1])}")
    else:
        lines.append("answer: none in the range")
    for w in r["warnings"]:
        lines.append(f"warning: {w}")
    return "\n".join(lines) + "\n"
