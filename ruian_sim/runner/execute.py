"""Running a plan: chunks of matches on an executor, merged in order.

Chunk c plays matches ``first_match + c * chunk_matches`` onward.  Results
may arrive in any order but are taken in chunk order, and the run stops at
the first whole match where the hand count reaches the target; a chunk that
overshoots is replayed up to that match (it is deterministic).  So the
answer does not depend on chunking, workers, or interruptions.  Each
finished chunk is saved atomically under ``OUT/chunks``; a resumed run
reuses them.
"""

from __future__ import annotations

import json
import math
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path

from ..errors import UserError
from ..stats import Accumulator, PairedAccumulator
from .outdir import WriteFailed, dumps, write_json, write_text
from .plan import PLAN_FILE, Plan
from .worker import Job, run_job

CHUNKS = "chunks"


class Interrupted(Exception):
    """Ctrl-C: finished chunks are saved; the message says how to resume."""


class SerialExecutor(Executor):
    """Runs jobs in this process, one at a time (one worker: no pool to start)."""

    def submit(self, fn, /, *args, **kwargs):
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # KeyboardInterrupt included: the caller handles it
            if isinstance(exc, KeyboardInterrupt):
                raise
            f.set_exception(exc)
        return f


def _stop_now(executor: Executor) -> None:
    """Ctrl-C: end local workers now rather than let their chunks finish (a
    chunk can take many seconds; unfinished ones are played again on --resume)."""
    for proc in list((getattr(executor, "_processes", None) or {}).values()):
        proc.terminate()
    executor.shutdown(wait=False, cancel_futures=True)
    # let the pool's manager thread finish closing its wakeup pipe: on CPython
    # 3.11 an exit while it is still closing prints an OSError traceback from
    # concurrent.futures' atexit hook (seen once in CI under load)
    manager = getattr(executor, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=10)


def _chunk_path(out: Path, index: int) -> Path:
    return out / CHUNKS / f"chunk-{index:06d}.json"


def _save_json_atomic(path: Path, data: dict) -> None:
    """A chunk's file, whole or not at all; a failed write raises WriteFailed (exit 1)."""
    write_text(path, dumps(data, indent=None))


def _whole(result, index: int, check=None) -> bool:
    """Whether a saved chunk's result is one this run can use (else it is played again)."""
    try:
        counts = result["hands_per_match"]
        ok = result["index"] == index and isinstance(counts, list) and bool(counts) \
            and all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in counts)
        return ok and (check is None or check(result) is not False)
    except Exception:  # noqa: BLE001 - any damage at all means: play it again
        return False


def load_done(out: Path, plan: Plan, check=None, key: str | None = None) -> dict[int, dict]:
    """Finished chunks saved in OUT for this plan.  A damaged file (cut short, edited,
    another run's) is played again, and said so once; ``check(result)`` may refuse more."""
    done, damaged = {}, []
    key = plan.key if key is None else key
    for p in sorted((out / CHUNKS).glob("chunk-*.json")):
        try:
            index = int(p.stem.split("-")[1])
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError, IndexError):
            damaged.append(p.name)
            continue
        if not isinstance(data, dict):
            damaged.append(p.name)
            continue
        if data.get("key") != key or data.get("chunk_matches") != plan.chunk_matches:
            continue  # another run's (a refused --out) or another chunking: not this plan's
        if _whole(data.get("result"), index, check):
            done[index] = data["result"]
        else:
            damaged.append(p.name)
    if damaged:
        import sys

        print(f"ruian-sim: note: {len(damaged)} damaged chunk files in {out / CHUNKS} "
              f"({', '.join(damaged[:3])}{', ...' if len(damaged) > 3 else ''}) are played again",
              file=sys.stderr)
    return done


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

    done = load_done(out, plan, usable)
    rules_key = plan.key
    key_b = plan.key + "-b"
    t0 = time.perf_counter()
    players = plan.ruleset.table.players

    def job(index: int, matches: int | None = None) -> Job:
        first = plan.first_match + index * plan.chunk_matches
        return Job(plan.rules, rules_key, plan.bots, plan.seed, first,
                   matches or plan.chunk_matches, index, plan.records, plan.rules_b, key_b)

    results: dict[int, dict] = dict(done)
    inflight: dict[Future, int] = {}
    prefix_hands = 0
    next_index = 0   # first chunk not yet taken into the prefix
    submit_index = 0
    est = None       # hands per chunk, from what has come back
    if progress:
        progress.update(min(sum(sum(r["hands_per_match"]) for r in done.values()), plan.hands))
    final: tuple[int, int] | None = None  # (chunk, matches kept)
    prefix = empty_acc(plan) if stop else None
    try:
        while final is None:
            # take finished chunks into the prefix, in order
            while next_index in results:
                r = results[next_index]
                counts = r["hands_per_match"]
                if prefix_hands + sum(counts) >= plan.hands:
                    need, kept = plan.hands - prefix_hands, 0
                    for c in counts:
                        kept += 1
                        need -= c
                        if need <= 0:
                            break
                    final = (next_index, kept)
                    break
                prefix_hands += sum(counts)
                if stop is not None:
                    prefix = prefix + acc_from(plan, r["acc"])
                    enough, status = stop(prefix)
                    if progress:
                        progress.set_postfix_str(status, refresh=False)
                    if enough:
                        final = (next_index, len(counts))
                        break
                next_index += 1
            if final is not None:
                break
            if results:
                est = max(1.0, sum(sum(r["hands_per_match"]) for r in results.values()) / len(results))
            # keep the workers busy without running far past the target
            ahead = sum(sum(results[i]["hands_per_match"]) for i in results if i >= next_index)
            guess = est or plan.chunk_matches * players * 1.3
            wanted = next_index + max(1, math.ceil((plan.hands - prefix_hands - ahead) / guess)) \
                + sum(1 for i in results if i >= next_index)
            while len(inflight) < workers + 1 and submit_index < max(wanted, next_index + 1):
                if submit_index not in results and submit_index not in inflight.values():
                    inflight[executor.submit(run_job, job(submit_index))] = submit_index
                submit_index += 1
            if not inflight:
                submit_index = max(submit_index, next_index)
                if next_index not in results:
                    inflight[executor.submit(run_job, job(next_index))] = next_index
                continue
            finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            for f in finished:
                index = inflight.pop(f)
                r = f.result()
                records = r.pop("records", None)
                if records is not None and on_records:
                    on_records(index, records)
                _save_json_atomic(_chunk_path(out, index),
                                  {"key": plan.key, "chunk_matches": plan.chunk_matches, "result": r})
                results[index] = r
                if progress:
                    progress.update(min(sum(r["hands_per_match"]), max(plan.hands - progress.n, 0)))
    except KeyboardInterrupt:
        for f in inflight:
            f.cancel()
        _stop_now(executor)
        raise Interrupted(_partial(out, plan, results)) from None
    except BaseException:
        # a write that failed, a worker that died: end the workers now, not after their chunks
        for f in inflight:
            f.cancel()
        _stop_now(executor)
        raise
    for f in inflight:
        f.cancel()
    index, kept = final
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
            _stop_now(executor)
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
