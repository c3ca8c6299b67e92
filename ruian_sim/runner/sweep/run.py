"""Running a sweep: chunks of matches, each playing every play group once and
scoring every point, saved under ``DIR/chunks`` as they finish; the hand target is
counted on the first point; Ctrl-C saves ``sweep.partial.json`` for ``--resume``."""

from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...errors import UserError
from ...ruleset.model import build
from ...settle import score
from ...stats import Accumulator, PairedAccumulator
from ..execute import Interrupted, _save_json_atomic, _stop_now
from .layout import layout
from .plan import SWEEP_PLAN, SweepPlan
from .results import sweep_dict, write_outputs

CHUNKS = "chunks"


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
    from ..worker import simulator

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


def _keys(rules_list: list, prefix: str) -> list[str]:
    return [prefix + hashlib.sha256(json.dumps(r, sort_keys=True).encode()).hexdigest()[:16] for r in rules_list]


def _load_done(out: Path, key: str, chunk_matches: int) -> dict[int, dict]:
    from types import SimpleNamespace

    from ..execute import load_done

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
