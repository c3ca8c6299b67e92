"""Running a plan (`run`, `compare`): its chunks driven in order
(chunks.drive), merged into statistics; a chunk that overshoots the target
is played again up to the match that reaches it (it is deterministic)."""

from __future__ import annotations

import time
from concurrent.futures import Executor
from pathlib import Path

from ..errors import UserError
from ..stats import Accumulator, PairedAccumulator
from .chunks import Interrupted, drive, load_done, save_chunk, stop_now
from .outdir import WriteFailed, write_json
from .plan import PLAN_FILE, Plan
from .worker import Job, run_job


def prepare(plan: Plan, out: Path, resume: bool) -> None:
    existing = out / PLAN_FILE
    if existing.is_file() and not resume:
        old = Plan.load(out)
        if old.key != plan.key or old.hands != plan.hands:
            raise UserError(f"--out {out}: holds another run ({PLAN_FILE}); choose another directory "
                            f"or continue it with --resume {out}")
    plan.save(out)


def empty_acc(plan: Plan):
    players = plan.ruleset.table.players
    if plan.paired:
        return PairedAccumulator(Accumulator(players), Accumulator(plan.ruleset_b.table.players))
    return Accumulator(players)


def acc_from(plan: Plan, d: dict):
    return PairedAccumulator.from_dict(d) if plan.paired else Accumulator.from_dict(d)


def execute(plan: Plan, out: Path, executor: Executor, workers: int, progress=None,
            on_records=None, stop=None, in_process: bool = False) -> tuple[Accumulator, dict]:
    """Play the plan; returns the merged accumulator and run facts.

    ``stop(prefix)``, when given, is asked after every chunk taken into the
    prefix (in order) whether the merged result is good enough to stop
    (``--until-ci``), and what to show beside the progress bar: (yes or no,
    text); the hand target is then a budget cap."""
    def usable(r: dict) -> bool:
        acc_from(plan, r["acc"])
        return getattr(on_records, "readable", None) is None or on_records.readable(r["index"])

    done = load_done(out, plan.key, plan.chunk_matches, usable)
    key_b = plan.key + "-b"
    t0 = time.perf_counter()
    players = plan.ruleset.table.players

    def job(index: int, matches: int | None = None) -> Job:
        first = plan.first_match + index * plan.chunk_matches
        return Job(plan.rules, plan.key, plan.bots, plan.seed, first,
                   matches or plan.chunk_matches, index, plan.records, plan.rules_b, key_b)

    def keep(index: int, r: dict) -> None:
        records = r.pop("records", None)
        if records is not None and on_records:
            on_records(index, records)
        save_chunk(out, plan.key, plan.chunk_matches, index, r)

    prefix = [empty_acc(plan)]

    def enough(index: int, r: dict):
        prefix[0] = prefix[0] + acc_from(plan, r["acc"])
        return stop(prefix[0])

    results, index, kept = drive(executor, workers, run_job, job, plan.hands, done, keep,
                                 guess=plan.chunk_matches * players * 1.3, progress=progress,
                                 stop=enough if stop else None, interrupted=lambda res: _partial(out, plan, res))
    acc = empty_acc(plan)
    for i in range(index):
        acc = acc + acc_from(plan, results[i]["acc"])
    last = results[index]
    if kept < len(last["hands_per_match"]):
        # the chunk overshoots: replay it up to the match that reaches the
        # target (here when this process can: workers may still be busy with
        # chunks past the target)
        try:
            r = run_job(job(index, kept)) if in_process else executor.submit(run_job, job(index, kept)).result()
        except KeyboardInterrupt:
            stop_now(executor)
            raise Interrupted(_partial(out, plan, results)) from None
        records = r.pop("records", None)
        if records is not None and on_records:
            on_records(-1, records)
        last = r
    acc = acc + acc_from(plan, last["acc"])
    wall = time.perf_counter() - t0
    played = sum(sum(r["hands_per_match"]) for i, r in results.items() if i not in done and i <= index)
    return acc, {"played_hands": played, "chunks": index + 1, "final_chunk": index, "final_partial": kept < len(
        results[index]["hands_per_match"]), "wall_seconds": wall, "resumed_chunks": len(done)}


def _partial(out: Path, plan: Plan, results: dict[int, dict]) -> str:
    """Save what finished as summary.partial.json; the message for the user."""
    from .summary import summary_dict

    acc = empty_acc(plan)
    for r in results.values():
        acc = acc + acc_from(plan, r["acc"])
    single = acc.a if plan.paired else acc
    unsaved = ""
    if single.hands:
        data = summary_dict(single, plan, wall_seconds=None)
        data["partial"] = True
        try:
            write_json(out / "summary.partial.json", data)
        except WriteFailed as exc:
            unsaved = f" (summary.partial.json not written: {exc})"
    verb = "compare" if plan.paired else "run"
    return (f"interrupted: {len(results)} chunks ({single.hands} hands) are saved in {out}{unsaved}; "
            f"resume with: ruian-sim {verb} --resume {out}")
