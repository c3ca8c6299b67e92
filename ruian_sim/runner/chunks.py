"""Chunks of matches on an executor, taken in order: the one loop that runs,
saves and merges the work of `run`, `compare`, `duel` and `sweep`.

Chunk i plays matches ``first + i * chunk_matches`` onward.  Results may
arrive in any order but are taken in chunk order, and the job stops at the
first whole match where the hand count reaches the target (or where the
caller's ``stop`` says the answer is good enough); a chunk that overshoots
is cut there by the caller (played again up to that match, or its per-match
columns cut).  So the answer does not depend on chunking, workers or
interruptions.  Each finished chunk is saved atomically under ``OUT/chunks``,
with a checksum of its content (runner/integrity.py), and a resumed job
reuses it; a damaged one (cut short, edited, or whose figures do not add up)
is played again, and so is one written before chunks carried a checksum.
"""

from __future__ import annotations

import json
import math
import sys
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path

from .integrity import chunk_problem, seal_state, sealed
from .outdir import dumps, strict, write_text

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


def stop_now(executor: Executor) -> None:
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


def chunk_path(out: Path, index: int) -> Path:
    return out / CHUNKS / f"chunk-{index:06d}.json"


def save_json_atomic(path: Path, data: dict) -> None:
    """A file whole or not at all; a failed write raises WriteFailed (exit 1)."""
    write_text(path, dumps(data, indent=None))


def save_chunk(out: Path, key: str, chunk_matches: int, index: int, result: dict) -> None:
    payload = strict({"key": key, "chunk_matches": chunk_matches, "result": result})
    write_text(chunk_path(out, index), json.dumps(sealed(payload), ensure_ascii=False, allow_nan=False) + "\n")


def _whole(result, index: int, check=None) -> bool:
    """Whether a saved chunk's result is one this job can use (else it is played again)."""
    try:
        counts = result["hands_per_match"]
        ok = result["index"] == index and isinstance(counts, list) and bool(counts) \
            and all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in counts)
        return ok and chunk_problem(result) is None and (check is None or check(result) is not False)
    except Exception:  # noqa: BLE001 - any damage at all means: play it again
        return False


def load_done(out: Path, key: str, chunk_matches: int, check=None) -> dict[int, dict]:
    """Finished chunks saved in OUT for this job (``key``, its chunking).  A
    damaged file (cut short, edited, another job's) is played again, and said
    so once; ``check(result)`` may refuse more.  A file without a checksum (written
    before chunks carried one) cannot be told from an edited one: it is played again."""
    done, damaged, unsealed = {}, [], []
    for p in sorted((out / CHUNKS).glob("chunk-*.json")):
        try:
            index = int(p.stem.split("-")[1])
            data = json.loads(p.read_text(encoding="utf-8"), parse_constant=_no_constant)
        except (OSError, ValueError, IndexError):
            damaged.append(p.name)
            continue
        state = seal_state(data)
        if state != "ok":
            (unsealed if state == "none" else damaged).append(p.name)
            continue
        if data.get("key") != key or data.get("chunk_matches") != chunk_matches:
            continue  # another job's (a refused --out) or another chunking: not this one's
        if _whole(data.get("result"), index, check):
            done[index] = data["result"]
        else:
            damaged.append(p.name)
    if damaged:
        print(f"ruian-sim: note: {len(damaged)} damaged chunk files in {out / CHUNKS} "
              f"({_names(damaged)}) are played again", file=sys.stderr)
    if unsealed:
        print(f"ruian-sim: note: {len(unsealed)} chunk files in {out / CHUNKS} ({_names(unsealed)}) carry no "
              f"checksum (written by an older ruian-sim, or edited): they are played again", file=sys.stderr)
    return done


def _names(names: list[str]) -> str:
    return f"{', '.join(names[:3])}{', ...' if len(names) > 3 else ''}"


def _no_constant(token: str):
    raise ValueError(f"{token} is not a JSON number")


def hands_of(result: dict) -> int:
    return sum(result["hands_per_match"])


def drive(executor: Executor, workers: int, run, job, hands: int, done: dict[int, dict], on_result,
          guess: float, progress=None, stop=None, interrupted=None) -> tuple[dict[int, dict], int, int]:
    """Run chunks (``run(job(i))`` on the executor) and take them in order until
    their hands reach ``hands``, or ``stop(i, result)`` answers (enough,
    progress note) with enough.  ``done``: chunks finished before (resumed);
    ``on_result(i, result)`` keeps each new one (saves it); ``guess``: hands a
    chunk plays, until some have come back.  Returns (every result by index,
    the last chunk taken, the matches of it that count).  Ctrl-C ends the
    workers and raises Interrupted(``interrupted(results)``)."""
    results: dict[int, dict] = dict(done)
    inflight: dict[Future, int] = {}
    taken_hands = 0
    nxt = 0          # first chunk not yet taken, in order
    submit = 0
    final: tuple[int, int] | None = None
    if progress:
        progress.update(min(sum(hands_of(r) for r in done.values()), hands))
    try:
        while final is None:
            while nxt in results:
                r = results[nxt]
                counts = r["hands_per_match"]
                if taken_hands + sum(counts) >= hands:
                    need, kept = hands - taken_hands, 0
                    for c in counts:
                        kept += 1
                        need -= c
                        if need <= 0:
                            break
                    final = (nxt, kept)
                    break
                taken_hands += sum(counts)
                if stop is not None:
                    enough, status = stop(nxt, r)
                    if progress:
                        progress.set_postfix_str(status, refresh=False)
                    if enough:
                        final = (nxt, len(counts))
                        break
                nxt += 1
            if final is not None:
                break
            est = max(1.0, sum(hands_of(r) for r in results.values()) / len(results)) if results else guess
            # keep the workers busy without running far past the target
            ahead = sum(hands_of(results[i]) for i in results if i >= nxt)
            wanted = nxt + max(1, math.ceil((hands - taken_hands - ahead) / est)) \
                + sum(1 for i in results if i >= nxt)
            while len(inflight) < workers + 1 and submit < max(wanted, nxt + 1):
                if submit not in results and submit not in inflight.values():
                    inflight[executor.submit(run, job(submit))] = submit
                submit += 1
            if not inflight:
                submit = max(submit, nxt)
                if nxt not in results:
                    inflight[executor.submit(run, job(nxt))] = nxt
                continue
            finished, _ = wait(list(inflight), return_when=FIRST_COMPLETED)
            for f in finished:
                index = inflight.pop(f)
                r = f.result()
                on_result(index, r)
                results[index] = r
                if progress:
                    progress.update(min(hands_of(r), max(hands - progress.n, 0)))
    except KeyboardInterrupt:
        for f in inflight:
            f.cancel()
        stop_now(executor)
        raise Interrupted(interrupted(results) if interrupted else "interrupted") from None
    except BaseException:
        # a write that failed, a worker that died: end the workers now, not after their chunks
        for f in inflight:
            f.cancel()
        stop_now(executor)
        raise
    for f in inflight:
        f.cancel()
    return results, final[0], final[1]
