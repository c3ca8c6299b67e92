"""Sweeps: one rule set, some of its values varied over a list or a grid, every
point played on the same seeds (common random numbers).

A point's rules are the base rules with each ``--param PATH=V`` set; each is
checked by the same validator as a rule file.  Points that differ only in
scoring-only values (``scoring.*`` that the engine does not read) share one
play: the records are played once per chunk and re-scored per point, which is
what makes a sweep of payments cost little more than one run.  Bots that read
the scoring table (smart) would play differently under another table; by
default such points are still re-scored (and say so), ``--replay`` plays each
point.  A point that changes play is played on the same seeds.

Work is cut into chunks of matches like a run; a chunk plays every play group
and yields, per point, a paired accumulator against the first point (so each
point's difference to the first has a paired, match-clustered interval).
The hand target is counted on the first point, as ``compare`` counts it on A,
so every point sees exactly the same matches.  Finished chunks are saved under
``DIR/chunks``; ``--resume DIR`` reuses them.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..errors import UserError
from ..ruleset.model import build
from ..scoring import score
from ..stats import Accumulator, PairedAccumulator
from .compare import public_name
from .execute import Interrupted, _save_json_atomic, _stop_now
from .plan import Plan
from .summary import summary_dict
from .sweep_params import Param, _show, check_grid, check_rules, parse_param, parse_values, set_value

__all__ = ["Param", "SweepPlan", "check_rules", "layout", "make_sweep_plan", "parse_param", "parse_values",
           "run_sweep", "set_value"]

SWEEP_FILE = "sweep.json"
SWEEP_PLAN = "sweep-plan.json"
CHUNKS = "chunks"
DEFAULT_METRICS = ("draw_rate", "dealer_kept_rate", "dealer_points_mean", "nondealer_points_mean")


# --- the plan ------------------------------------------------------------------------------


@dataclass
class SweepPlan:
    rules: dict                  # the merged base rules
    rules_name: str
    variants: tuple[str, ...]
    params: list                 # [[path, [values], text], ...]
    seed: int
    hands: int
    bots: str
    chunk_matches: int = 1000
    replay: bool = False
    metrics: list = field(default_factory=lambda: list(DEFAULT_METRICS))
    solve: str | None = None
    extra: dict = field(default_factory=dict)

    def ruleset_players(self) -> int:
        return build(self.rules).table.players

    @property
    def param_list(self) -> list[Param]:
        return [Param(p, tuple(v), t) for p, v, t in self.params]

    def assignments(self) -> list[dict]:
        ps = self.param_list
        return [dict(zip([p.path for p in ps], combo)) for combo in itertools.product(*(p.values for p in ps))]

    def point_rules(self, assignment: dict) -> dict:
        data = self.rules
        for path, v in assignment.items():
            data = set_value(data, path, v)
        return data

    @property
    def key(self) -> str:
        body = json.dumps({"rules": self.rules, "params": self.params, "seed": self.seed, "bots": self.bots,
                           "replay": self.replay}, sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def save(self, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        data = asdict(self)
        data["variants"] = list(self.variants)
        tmp = out / (SWEEP_PLAN + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(out / SWEEP_PLAN)

    @classmethod
    def load(cls, out: Path) -> SweepPlan:
        path = Path(out) / SWEEP_PLAN
        if not path.is_file():
            raise UserError(f"--resume {out}: no {SWEEP_PLAN} there (not a sweep directory)")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            data["variants"] = tuple(data["variants"])
            plan = cls(**data)
        except (ValueError, TypeError, KeyError) as exc:
            raise UserError(f"--resume {out}: {SWEEP_PLAN} is damaged ({exc})") from None
        from .plan import check_saved

        check_saved(plan, out, SWEEP_PLAN)
        return plan


def make_sweep_plan(rules: str, variants, params: list[Param], hands: int, seed: int, bots: str,
                    chunk_matches: int = 1000, replay: bool = False, metrics=None, solve=None) -> SweepPlan:
    from ..ruleset import load_with_origins
    from .summary import applied_variants

    if not params:
        raise UserError("--param: give at least one, e.g. --param scoring.base.other=1,2,3")
    if len(params) > 2:
        raise UserError("--param: at most two (a grid); got " + ", ".join(p.path for p in params))
    if len({p.path for p in params}) < len(params):
        raise UserError("--param: the same PATH twice")
    check_grid(params)
    rs, merged = load_with_origins(rules, variants)
    plan = SweepPlan(rules=dict(merged.data), rules_name=rs.name, variants=applied_variants(rs.files),
                     params=[[p.path, list(p.values), p.text] for p in params], seed=seed, hands=hands,
                     bots=bots, chunk_matches=chunk_matches, replay=replay,
                     metrics=list(metrics or DEFAULT_METRICS), solve=solve)
    # every value alone first (the message names the one at fault), then every point
    for p in params:
        for v in p.values:
            check_rules(set_value(plan.rules, p.path, v), {p.path: v})
    if len(params) > 1:
        for a in plan.assignments():
            check_rules(plan.point_rules(a), a)
    return plan


# --- what each point plays -----------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Which play group each point takes its records from, and why."""

    group_rules: list          # one rule mapping per play group
    point_group: list[int]
    replayed: list[bool]       # the point's own play (not another point's records, re-scored)
    bots_read: list[bool]      # re-scored although the bots read a value that changed
    reasons: list[str] = field(default_factory=list)   # per point: why it was played or re-scored


def _proportional_to_base(node) -> bool:
    """``base × (something without base)``: the reading worth most is the same at every positive base."""
    if node.op == "var":
        return node.tok.text == "base"
    if node.op == "*" and len(node.args) == 2:
        a, b = node.args
        return (_proportional_to_base(a) and not _names_base(b)) or \
            (_proportional_to_base(b) and not _names_base(a))
    return False


def _names_base(node) -> bool:
    return (node.op == "var" and node.tok.text == "base") or any(_names_base(a) for a in node.args)


def _engine_view(data: dict, bots: str):
    """What play and the records depend on, and the value vector the bots read.

    The compiled spec's hash covers the rules the engine plays by, the items table
    and the value formula.  The engine also reads, while it plays, the win gate
    (a win it refuses is never declared), the cap (it keeps the reading worth most
    under the cap) and the bases when the value is not ``base`` times something
    without it, or the gate names ``base``: those join the view, so a change in
    them replays."""
    from ..engine.spec import compile_rules
    from ..engine.values import bot_values
    from ..scoring.compile import formula_names
    from ..scoring.formula import parse

    rs = build(data)
    spec = compile_rules(rs)
    sc = rs.scoring
    table = spec.table
    view = [spec.hash]
    if table is not None:
        gate = table.gate
        view.append(("gate", None if gate is None else (gate.code.tolist(), gate.consts.tolist())))
        view.append(("cap", int(sc.get("cap", 0) or 0)))
        bases = [int(b) for b in sc["base"]["dealer"]] + [int(sc["base"]["other"])]
        names = formula_names(list(table.fvars))
        reads_base = (gate is not None and _names_base(parse(sc["gate"], names))) or \
            not _proportional_to_base(parse(sc.get("value", "times * base"), names)) or min(bases) <= 0
        if reads_base:
            view.append(("base", bases))
    vals = bot_values(rs) if rs.table.seats >= 3 else np.zeros(0)
    return json.dumps(view), vals


def layout(plan: SweepPlan) -> Layout:
    """Group the points by the play they need.  A value that changes what the engine
    plays or records (its spec, the items, the value, the gate, ...) is played on the
    same seeds; one that only changes payments is re-scored from the records of the
    point that differs from it only there."""
    params = plan.param_list
    assigns = plan.assignments()
    first = assigns[0]
    views: dict[str, tuple] = {}

    def view(data):
        k = json.dumps(data, sort_keys=True)
        if k not in views:
            views[k] = _engine_view(data, plan.bots)
        return views[k]

    def shown(paths, a):
        return ", ".join(f"{p}={_show(a[p])}" for p in paths)

    groups: dict[str, int] = {}
    group_rules: list = []
    point_group, replayed, bots_read, reasons = [], [], [], []
    for i, a in enumerate(assigns):
        mine = plan.point_rules(a)
        changed = [p.path for p in params if a[p.path] != first[p.path]]
        engine = []      # changed values the engine reads (each alone against the first point)
        for path in changed:
            if view(plan.point_rules({**first, path: a[path]}))[0] != view(plan.point_rules(first))[0]:
                engine.append(path)
        play = dict(a)
        if not plan.replay:
            for path in changed:
                if path not in engine:
                    play[path] = first[path]
        play_rules = plan.point_rules(play)
        if play_rules != mine and view(play_rules)[0] != view(mine)[0]:
            # together they change play although none does alone: play this point
            engine = changed
            play_rules, play = mine, dict(a)
        rescored = [p for p in changed if play[p] != a[p]]
        read = bool(rescored) and "smart" in plan.bots and not np.array_equal(view(play_rules)[1], view(mine)[1])
        k = json.dumps(play_rules, sort_keys=True)
        if k not in groups:
            groups[k] = len(group_rules)
            group_rules.append(play_rules)
        point_group.append(groups[k])
        own = play_rules == mine
        replayed.append(own)
        bots_read.append(read)
        if i == 0:
            why = "played: the first point"
        elif own and engine:
            why = f"played: the engine plays or records by {shown(engine, a)}"
        elif own:
            why = "played: --replay" if plan.replay and changed else "played"
        else:
            src = assigns[point_group.index(groups[k])]
            why = (f"re-scored: {shown(rescored, a)} {'changes' if len(rescored) == 1 else 'change'} "
                   f"only payments; the hands of "
                   f"{shown([p.path for p in params], src)} paid under this point's rules")
            if read:
                why += f" (the {plan.bots} bots read this value; --replay lets them play under it)"
        reasons.append(why)
    return Layout(group_rules, point_group, replayed, bots_read, reasons)


# --- one chunk -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepJob:
    group_rules: list
    group_keys: list
    point_rules: list
    point_keys: list
    point_group: list
    bots: str
    seed: int
    first_match: int
    matches: int
    index: int


_RULES: dict[str, object] = {}


def _ruleset(data: dict, key: str):
    rs = _RULES.get(key)
    if rs is None:
        rs = _RULES[key] = build(data)
    return rs


def run_sweep_job(job: SweepJob) -> dict:
    """Play every group once; score each point; a paired accumulator per point against point 0."""
    from .worker import simulator

    t = time.perf_counter()
    plays = []
    for rules, key in zip(job.group_rules, job.group_keys):
        sim = simulator(rules, key, job.bots)
        plays.append((sim, sim.play(job.seed, job.first_match, job.matches)))
    scored = []
    for k, (rules, g) in enumerate(zip(job.point_rules, job.point_group)):
        sim, rec = plays[g]
        scored.append(score(rec, _ruleset(rules, job.point_keys[k])))
    sim0, rec0 = plays[job.point_group[0]]
    out_points = []
    for k, g in enumerate(job.point_group):
        sim, rec = plays[g]
        pacc = PairedAccumulator(Accumulator(sim0.rules.table.players), Accumulator(sim.rules.table.players))
        pacc.add(rec0, scored[0], rec, scored[k], sim0.spec.seats, sim.spec.seats)
        out_points.append(pacc.to_dict())
    _, per_match = np.unique(rec0["match"], return_counts=True)
    return {"index": job.index, "hands_per_match": per_match.tolist(), "points": out_points,
            "seconds": time.perf_counter() - t}


# --- running -------------------------------------------------------------------------------


def _keys(rules_list: list, prefix: str) -> list[str]:
    return [prefix + hashlib.sha256(json.dumps(r, sort_keys=True).encode()).hexdigest()[:16] for r in rules_list]


def _load_done(out: Path, key: str, chunk_matches: int) -> dict[int, dict]:
    from types import SimpleNamespace

    from .execute import load_done

    return load_done(out, SimpleNamespace(key=key, chunk_matches=chunk_matches),
                     lambda r: [PairedAccumulator.from_dict(d) for d in r["points"]])


def run_sweep(plan: SweepPlan, out: Path, backend, quiet: bool = True, resume: bool = False) -> dict:
    """Play the sweep; write and return sweep.json's content."""
    out = Path(out)
    existing = out / SWEEP_PLAN
    if existing.is_file() and not resume and SweepPlan.load(out).key != plan.key:
        raise UserError(f"--out {out}: holds another sweep ({SWEEP_PLAN}); choose another directory "
                        f"or continue it with --resume {out}")
    lay = layout(plan)
    assigns = plan.assignments()
    point_rules = [plan.point_rules(a) for a in assigns]
    gkeys = _keys(lay.group_rules, "sweep-")
    pkeys = _keys(point_rules, "")
    made_dir = not out.exists()
    plan.save(out)
    done = _load_done(out, plan.key, plan.chunk_matches)

    def job(index: int, matches: int | None = None) -> SweepJob:
        return SweepJob(lay.group_rules, gkeys, point_rules, pkeys, lay.point_group, plan.bots, plan.seed,
                        index * plan.chunk_matches, matches or plan.chunk_matches, index)

    if backend.in_process:
        from .worker import simulator

        try:
            for rules, key in zip(lay.group_rules, gkeys):
                simulator(rules, key, plan.bots).play_raw(plan.seed, 0, 1)
        except KeyboardInterrupt:
            raise Interrupted(f"interrupted before any hand was played; resume with: ruian-sim sweep "
                              f"--resume {out}") from None
        except Exception:
            if made_dir and not done:
                import shutil

                shutil.rmtree(out, ignore_errors=True)
            raise
    progress = None
    if not quiet and sys.stderr.isatty():
        from tqdm import tqdm

        progress = tqdm(total=plan.hands, unit="hand", unit_scale=True, file=sys.stderr, smoothing=0.1,
                        desc=f"sweep {len(assigns)} points, {len(lay.group_rules)} played")
    t0 = time.perf_counter()
    results: dict[int, dict] = dict(done)
    inflight: dict[Future, int] = {}
    executor, workers = backend.executor, backend.workers
    final = None
    taken = 0   # hands of whole chunks taken, in order
    nxt = 0
    submit = 0
    if progress:
        progress.update(min(sum(sum(r["hands_per_match"]) for r in done.values()), plan.hands))
    try:
        while final is None:
            while nxt in results:
                counts = results[nxt]["hands_per_match"]
                if taken + sum(counts) >= plan.hands:
                    need, kept = plan.hands - taken, 0
                    for c in counts:
                        kept += 1
                        need -= c
                        if need <= 0:
                            break
                    final = (nxt, kept)
                    break
                taken += sum(counts)
                nxt += 1
            if final is not None:
                break
            est = (sum(sum(r["hands_per_match"]) for r in results.values()) / len(results)) if results else \
                plan.chunk_matches * 15.0
            ahead = sum(sum(results[i]["hands_per_match"]) for i in results if i >= nxt)
            wanted = nxt + max(1, math.ceil((plan.hands - taken - ahead) / max(est, 1.0))) + \
                sum(1 for i in results if i >= nxt)
            while len(inflight) < workers + 1 and submit < max(wanted, nxt + 1):
                if submit not in results and submit not in inflight.values():
                    inflight[executor.submit(run_sweep_job, job(submit))] = submit
                submit += 1
            if not inflight:
                submit = max(submit, nxt)
                continue
            finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            for f in finished:
                index = inflight.pop(f)
                r = f.result()
                _save_json_atomic(out / CHUNKS / f"chunk-{index:06d}.json",
                                  {"key": plan.key, "chunk_matches": plan.chunk_matches, "result": r})
                results[index] = r
                if progress:
                    progress.update(min(sum(r["hands_per_match"]), max(plan.hands - progress.n, 0)))
        for f in inflight:
            f.cancel()
        index, kept = final
        last = results[index]
        if kept < len(last["hands_per_match"]):
            # the chunk overshoots: play it again up to the match that reaches the target
            last = run_sweep_job(job(index, kept)) if backend.in_process else \
                executor.submit(run_sweep_job, job(index, kept)).result()
    except KeyboardInterrupt:
        for f in inflight:
            f.cancel()
        _stop_now(executor)
        msg = _partial(plan, out, assigns, lay, results)
        raise Interrupted(msg) from None
    finally:
        if progress:
            progress.close()
    accs = _merge([results[i] for i in range(index)] + [last], len(assigns))
    wall = time.perf_counter() - t0
    played = sum(sum(r["hands_per_match"]) for i, r in results.items() if i not in done and i <= index)
    sweep = sweep_dict(plan, assigns, lay, accs, wall_seconds=wall)
    sweep["run"] = {"chunks": index + 1, "resumed_chunks": len(done), "workers": workers,
                    "backend": backend.label, "played_hands": played,
                    "hands_per_second": (played / wall) if wall > 0 and played else None}
    write_outputs(out, sweep)
    (out / "sweep.partial.json").unlink(missing_ok=True)
    return sweep


def _merge(chunks: list[dict], n: int) -> list[PairedAccumulator]:
    accs: list = [None] * n
    for r in chunks:
        for k, d in enumerate(r["points"]):
            a = PairedAccumulator.from_dict(d)
            accs[k] = a if accs[k] is None else accs[k] + a
    return accs


def _partial(plan, out, assigns, lay, results) -> str:
    hands = 0
    if results:
        accs = _merge(list(results.values()), len(assigns))
        hands = accs[0].a.hands
        data = sweep_dict(plan, assigns, lay, accs, wall_seconds=None)
        data["partial"] = True
        _save_json_atomic(out / "sweep.partial.json", data)
    return (f"interrupted: {len(results)} chunks ({hands} hands per point) are saved in {out}; "
            f"resume with: ruian-sim sweep --resume {out}")


# --- results -------------------------------------------------------------------------------

ALIASES = {"outcomes": "outcome", "shapes": "shape"}


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
            c = pacc.compare(n)   # a = the first point, b = this one: the sign turns for "this − first"
            diff[public_name(n)] = {"value": 0.0 - c["diff"], "ci95": [0.0 - c["ci95"][1], 0.0 - c["ci95"][0]],
                                    "p": c["p"]}
        points.append({"values": a, "replayed": lay.replayed[k], "why": lay.reasons[k],
                       "play_group": lay.point_group[k],
                       "bots_read_changed_value": lay.bots_read[k], "hands": pacc.b.hands,
                       "matches": pacc.b.matches, "metrics": flat_metrics(summary), "diff_to_first": diff,
                       "summary": summary})
    warnings = []
    if any(lay.bots_read):
        which = [", ".join(f"{k}={_show(v)}" for k, v in assigns[i].items()) for i, r in enumerate(lay.bots_read) if r]
        warnings.append(f"re-scored without replaying although the bots ({plan.bots}) read the changed value: "
                        f"{'; '.join(which)}. These points show the first point's play paid under their "
                        f"rules; add --replay to let the bots play under each.")
    return {
        "rules": {"name": plan.rules_name, "variants": list(plan.variants), "hash": build(plan.rules).hash},
        "params": [{"path": p.path, "values": list(p.values), "numeric": p.numeric, "integer": p.integer}
                   for p in plan.param_list],
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


def write_outputs(out: Path, sweep: dict) -> None:
    import csv
    import io

    _save_json_atomic(out / SWEEP_FILE, sweep)
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


def format_sweep(s: dict) -> str:
    from .compare import _grid, _num

    params = [p["path"] for p in s["params"]]
    metrics = s["metrics_shown"]
    lines = [(f"{s['rules']['name']}: sweep of {', '.join(params)} over {len(s['points'])} points "
              f"({s['plays']} played, the rest re-scored), {s['points'][0]['hands']:,} hands each, seed "
              f"{s['seed']}, bots {s['bots']}")]
    rows = [params + ["play"] + [f"{m} [95% CI], Δ vs first [paired CI]" for m in metrics]]
    for p in s["points"]:
        row = [_show(p["values"][q]) for q in params] + ["played" if p["replayed"] else "re-scored"]
        for m in metrics:
            x, d = p["metrics"].get(m), p["diff_to_first"].get(m)
            cell = f"{x['value']:.4f} [{x['ci95'][0]:.4f}, {x['ci95'][1]:.4f}]" if x else "-"
            if d:
                cell += f", Δ{_num(d['value'])} [{_num(d['ci95'][0])}, {_num(d['ci95'][1])}]"
            row.append(cell)
        rows.append(row)
    lines += _grid(rows, right=set(range(len(params) + 1, len(rows[0]))))
    lines.append("play per point:")
    for p in s["points"]:
        where = ", ".join(f"{q}={_show(p['values'][q])}" for q in params)
        lines.append(f"  {where}: {p.get('why') or ('played' if p['replayed'] else 're-scored')}")
    for w in s.get("warnings", []):
        lines.append(f"warning: {w}")
    return "\n".join(lines) + "\n"
