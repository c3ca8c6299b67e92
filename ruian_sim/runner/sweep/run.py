"""Running a sweep: chunks of matches, each playing every play group once and
scoring every point, saved under ``DIR/chunks`` as they finish; the hand target is
counted on the first point; Ctrl-C saves ``sweep.partial.json`` for ``--resume``."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import UserError
from ...ruleset.model import build
from ...settle import score
from ...stats import Accumulator, PairedAccumulator
from ..chunks import Interrupted, drive, load_done, save_chunk, save_json_atomic, stop_now
from .layout import layout
from .plan import SWEEP_PLAN, SweepPlan
from .results import sweep_dict, write_outputs


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
    from ..worker import count_cut, simulator

    t = time.perf_counter()
    plays, cuts = [], []
    for rules, key in zip(job.group_rules, job.group_keys):
        sim = simulator(rules, key, job.bots)
        before = sim.cut_matches
        plays.append((sim, sim.play(job.seed, job.first_match, job.matches)))
        cuts.append(sim.cut_matches - before)   # matches the hand bound stopped (a warning)
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
        count_cut(pacc.a, cuts[job.point_group[0]])
        count_cut(pacc.b, cuts[g])
        out_points.append(pacc.to_dict())
    _, per_match = np.unique(rec0["match"], return_counts=True)
    return {"index": job.index, "hands_per_match": per_match.tolist(), "points": out_points,
            "seconds": time.perf_counter() - t}


def _keys(rules_list: list, prefix: str) -> list[str]:
    return [prefix + hashlib.sha256(json.dumps(r, sort_keys=True).encode()).hexdigest()[:16] for r in rules_list]


def run_sweep(plan: SweepPlan, out: Path, backend, quiet: bool = True, resume: bool = False) -> dict:
    """Play the sweep; write and return sweep.json's content."""
    from ..owner import claim, rules_id

    out = Path(out)
    claim(out, "sweep", rules_id(plan.rules), plan.rules_name)
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
    done = load_done(out, plan.key, plan.chunk_matches,
                     lambda r: [PairedAccumulator.from_dict(d) for d in r["points"]])

    def job(index: int, matches: int | None = None) -> SweepJob:
        return SweepJob(lay.group_rules, gkeys, point_rules, pkeys, lay.point_group, plan.bots, plan.seed,
                        index * plan.chunk_matches, matches or plan.chunk_matches, index)

    if backend.in_process:
        from ..worker import simulator

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
    from ..progress import progress_bar

    progress = progress_bar(plan.hands, f"sweep {len(assigns)} points, {len(lay.group_rules)} played", quiet)
    t0 = time.perf_counter()
    executor, workers = backend.executor, backend.workers
    try:
        results, index, kept = drive(
            executor, workers, run_sweep_job, job, plan.hands, done,
            lambda i, r: save_chunk(out, plan.key, plan.chunk_matches, i, r), guess=plan.chunk_matches * 15.0,
            progress=progress, interrupted=lambda res: _partial(plan, out, assigns, lay, res))
        last = results[index]
        if kept < len(last["hands_per_match"]):
            # the chunk overshoots: play it again up to the match that reaches the target
            try:
                last = run_sweep_job(job(index, kept)) if backend.in_process else \
                    executor.submit(run_sweep_job, job(index, kept)).result()
            except KeyboardInterrupt:
                stop_now(executor)
                raise Interrupted(_partial(plan, out, assigns, lay, results)) from None
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
        save_json_atomic(out / "sweep.partial.json", data)
    return (f"interrupted: {len(results)} chunks ({hands} hands per point) are saved in {out}; "
            f"resume with: ruian-sim sweep --resume {out}")
