"""Monte Carlo runs: chunks of matches on local processes or a Dask cluster,
merged into statistics; resumable; optional per-hand Parquet rows."""

from __future__ import annotations

from pathlib import Path

from ..bots.spec import DEFAULT_BOT
from ..ruleset import load_with_origins
from .chunks import CHUNKS, Interrupted
from .execute import execute, prepare
from .executors import Backend, dask, local
from .outdir import OutLock, WriteFailed, write_json
from .owner import OWNER_FILE, claim, of_plan
from .plan import PLAN_FILE, Plan, auto_chunk
from .summary import applied_variants, format_table, summary_dict

__all__ = ["Interrupted", "Plan", "format_table", "make_plan", "run_plan"]


def make_plan(rules: str = "ruian", variants=(), hands: int = 10_000, seed: int = 1,
              bots: str = DEFAULT_BOT, chunk_matches: int | None = None, records: bool = False) -> Plan:
    rs, merged = load_with_origins(rules, variants)
    return Plan(rules=dict(merged.data), rules_name=rs.name, variants=applied_variants(rs.files), seed=seed,
                hands=hands, bots=bots, chunk_matches=auto_chunk(hands, chunk_matches), records=records)


def warm(plan: Plan) -> None:
    """Compile (or load from numba's cache) and load the tables in this process,
    by playing one match: forked workers inherit all of it."""
    from .worker import simulator

    simulator(plan.rules, plan.key, plan.bots).play_raw(plan.seed, 0, 1)
    if plan.rules_b is not None:
        simulator(plan.rules_b, plan.key + "-b", plan.bots).play_raw(plan.seed, 0, 1)


def _discard(out: Path, made_dir: bool) -> None:
    """Remove what a failed new run wrote (its plan, and OUT if it made it) while no chunk is
    finished; finished chunks are never deleted, so that --resume can go on from them."""
    import shutil

    if any((out / CHUNKS).glob("chunk-*.json")):
        return
    (out / PLAN_FILE).unlink(missing_ok=True)
    (out / OWNER_FILE).unlink(missing_ok=True)
    shutil.rmtree(out / CHUNKS, ignore_errors=True)
    (out / "summary.partial.json").unlink(missing_ok=True)
    if made_dir:
        shutil.rmtree(out, ignore_errors=True)


def _kept(exc: OSError, out: Path, plan: Plan, done: str = "") -> WriteFailed:
    """A write failure, told with what is kept and how to finish."""
    n = len(list((out / CHUNKS).glob("chunk-*.json")))
    verb = "compare" if plan.paired else "run"
    after = (f"; {done}{n} finished chunks and {PLAN_FILE} are kept in {out}: free some space (or make "
             f"it writable), then finish with: ruian-sim {verb} --resume {out}")
    if not isinstance(exc, WriteFailed):
        exc = WriteFailed(Path(getattr(exc, "filename", None) or out), exc)
    return exc.kept(after)


def backend_for(name: str, workers: int | None, scheduler: str | None) -> Backend:
    return dask(scheduler, workers) if name == "dask" else local(workers)


def run_plan(plan: Plan, out: Path | None = None, backend: Backend | None = None, quiet: bool = True,
             resume: bool = False, records_file: Path | None = None, stop=None, builder=None,
             filename: str = "summary.json") -> dict:
    """Run a plan and return summary.json's content (also written to OUT when given).
    A comparison passes ``builder`` (comparison_dict) and its file name.  OUT is locked
    for the run (another job on it is refused)."""
    import tempfile

    tmp = None
    if out is None:
        tmp = tempfile.TemporaryDirectory(prefix="ruian-sim-")
        out = Path(tmp.name)
    out = Path(out)
    made_dir = not out.exists()
    try:
        with OutLock(out, f"ruian-sim {'compare' if plan.paired else 'run'}"):
            return _run_locked(plan, out, backend, quiet, resume, records_file, stop, builder, filename,
                               made_dir)
    finally:
        if tmp:
            tmp.cleanup()


def _run_locked(plan, out, backend, quiet, resume, records_file, stop, builder, filename, made_dir) -> dict:
    own_backend = backend is None
    backend = backend or local(1)
    on_records = None
    if plan.records:
        from .parquet import ChunkWriter, check_available

        check_available()
        on_records = ChunkWriter(out)
    new_run = not resume and not (out / PLAN_FILE).exists()
    claim(out, *of_plan(plan))   # refused here, before anything is written, if another job owns OUT
    try:
        prepare(plan, out, resume)
    except (OSError, WriteFailed) as exc:
        if new_run:
            _discard(out, made_dir)
        raise _kept(exc, out, plan) from None
    except BaseException:
        if new_run:
            _discard(out, made_dir)  # nothing half-written: a refused or failed start leaves no trace
        raise
    if backend.in_process:
        try:
            warm(plan)
        except KeyboardInterrupt:
            raise Interrupted(f"interrupted before any hand was played; resume with: ruian-sim "
                              f"{'compare' if plan.paired else 'run'} --resume {out}") from None
        except Exception:
            if new_run:
                _discard(out, made_dir)
            raise
    from .progress import progress_bar

    progress = progress_bar(plan.hands, plan.rules_name if not plan.paired else
                            f"{plan.rules_name} vs {plan.rules_name_b}", quiet)
    try:
        acc, info = execute(plan, out, backend.executor, backend.workers, progress, on_records, stop,
                            backend.in_process)
    except Interrupted:
        raise  # finished chunks stay for --resume
    except (OSError, WriteFailed) as exc:
        raise _kept(exc, out, plan) from None
    except Exception:
        if new_run:
            _discard(out, made_dir)  # a run that failed before any chunk leaves nothing behind
        raise
    finally:
        if progress:
            progress.close()
        if own_backend:
            backend.close()
    summary = (builder or summary_dict)(acc, plan, info["wall_seconds"])
    if summary.get("hands_per_second") and summary.get("hands"):
        # a rate over the hands played now, not over chunks reused from an earlier run
        rate = summary["hands_per_second"] * info["played_hands"] / summary["hands"]
        summary["hands_per_second"] = rate or None
    summary["run"] = {"chunks": info["chunks"], "resumed_chunks": info["resumed_chunks"],
                      "workers": backend.workers, "backend": backend.label}
    path = out / filename
    try:
        if records_file is not None:
            from .parquet import compact, merge_space

            # summary.json first, so that a merge that fails (a full disk) loses nothing
            summary["run"]["records"] = str(records_file)
            summary["run"]["records_rows"] = None
            write_json(path, summary)
            (out / "summary.partial.json").unlink(missing_ok=True)
            merge_space(out, info["final_chunk"], info["final_partial"], Path(records_file))
            summary["run"]["records_rows"] = compact(out, info["final_chunk"], info["final_partial"],
                                                     Path(records_file))
        write_json(path, summary)
    except (OSError, WriteFailed) as exc:
        wrote = f"{path.name} is written (records_rows: null), " if records_file and path.is_file() else ""
        raise _kept(exc, out, plan, wrote) from None
    (out / "summary.partial.json").unlink(missing_ok=True)
    return summary
