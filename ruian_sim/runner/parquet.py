"""Per-hand rows as Parquet: one file per chunk while running (atomic), one
compacted file at the end with row groups of at least 250,000 rows.

The compacted file names the run directory that wrote it (in its schema's
metadata), so that no other run replaces rows a run's plan and summary claim:
``check_dest`` refuses such a file, and a path inside a run directory's own
working areas (its chunks, its per-chunk rows), before any work and again
just before the merge."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..errors import UserError
from .outdir import WriteFailed, free_bytes

ROW_GROUP = 250_000
RECORDS = "records"
WRITER_KEY = b"ruian_sim.run_dir"      # the run directory that wrote a records file
# what a job keeps in its directory: no records file goes there (nor in a file of that name)
WORK_AREAS = (RECORDS, "chunks", "points")
OWN_FILES = ("plan.json", "sweep-plan.json", "job.json", ".lock", "summary.json", "summary.partial.json",
             "comparison.json", "duel.json", "sweep.json", "sweep.csv", "sweep.partial.json", "session.json",
             "report.html")


def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UserError("--records needs pyarrow: pip install 'ruian-sim[parquet]'") from None
    return pa, pq


def check_available() -> None:
    _pa()


def _job_dir(d: Path) -> bool:
    return any((d / n).is_file() for n in ("job.json", "plan.json", "sweep-plan.json"))


def _writer(path: Path) -> Path | None:
    """The run directory a records file says wrote it (None: no ruian-sim run did, or unreadable)."""
    _, pq = _pa()
    try:
        v = (pq.read_schema(path).metadata or {}).get(WRITER_KEY)
    except Exception:  # noqa: BLE001 - not a Parquet file: nobody's records
        return None
    return Path(v.decode("utf-8", "surrogateescape")) if v else None


# what a run's rows depend on (not its chunking, workers or where it is)
_ROWS_OF = ("rules", "rules_b", "seed", "bots", "first_match", "hands")


def _plan(run_dir: Path) -> dict:
    import json

    try:
        data = json.loads((run_dir / "plan.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _claims(run_dir: Path, dest: Path, mine: dict) -> bool:
    """Whether ``run_dir``'s plan still names ``dest`` as its records file, for rows other
    than ``mine`` (a plan's mapping) would write: a copy of the same run writes the same rows."""
    plan = _plan(run_dir)
    extra = plan.get("extra") if isinstance(plan.get("extra"), dict) else {}
    try:
        named = Path(extra.get("records_file") or run_dir / "records.parquet").resolve() == dest
    except (OSError, TypeError, ValueError):
        return False
    return named and any(plan.get(k) != mine.get(k) for k in _ROWS_OF)


def check_dest(dest: Path, out: Path, text: str | None = None, plan: dict | None = None) -> None:
    """Refuse a records file ``out``'s run (its ``plan`` as a mapping, else OUT/plan.json)
    must not write: one inside a run directory's working areas (or named as its own files),
    or one that another run directory's plan claims for other rows (they would be lost, its
    summary still counting them)."""
    text = text or str(dest)
    import json

    # as plan.json holds it (tuples as lists), to be compared with another run's
    mine = json.loads(json.dumps(plan, ensure_ascii=False)) if plan is not None else _plan(Path(out))
    dest, out = Path(dest).resolve(), Path(out).resolve()
    for d in dict.fromkeys((out, *dest.parents)):
        if d != out and not _job_dir(d):
            continue
        try:
            rel = dest.relative_to(d)
        except ValueError:
            continue
        if rel.parts[0] in WORK_AREAS and len(rel.parts) > 1 or (len(rel.parts) == 1 and rel.name in OWN_FILES):
            where = d / rel.parts[0]
            raise UserError(f"--records {text}: {where} is a run directory's own "
                            f"{'working area' if rel.parts[0] in WORK_AREAS else 'file'}, which the run "
                            f"rewrites; give a file outside it, e.g. {d / 'records.parquet'}")
    if dest.exists():
        writer = _writer(dest)
        if writer is None:
            raise UserError(f"--records {text}: that file exists and no ruian-sim run wrote it; give "
                            f"another file, or remove it first")
        if writer.resolve() != out and _claims(writer, dest, mine):
            raise UserError(f"--records {text}: holds the rows of the run in {writer} (its plan and summary "
                            f"claim them); give another file, or remove that run first")


class ChunkWriter:
    def __init__(self, out: Path):
        self.dir = out / RECORDS
        self.dir.mkdir(parents=True, exist_ok=True)

    def path(self, index: int) -> Path:
        return self.dir / ("final-partial.parquet" if index < 0 else f"chunk-{index:06d}.parquet")

    def __call__(self, index: int, columns: dict) -> None:
        pa, pq = _pa()
        table = pa.table(columns)
        path = self.path(index)
        tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
        try:
            pq.write_table(table, tmp)
            tmp.replace(path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise WriteFailed(path, exc, table.nbytes) from None

    def readable(self, index: int) -> bool:
        """Whether chunk ``index``'s file is whole (a truncated file has no footer)."""
        _, pq = _pa()
        try:
            pq.read_metadata(self.path(index))
        except Exception:  # noqa: BLE001 - pyarrow's errors for a bad file vary by version
            return False
        return True


def _files(out: Path, final_chunk: int, final_partial: bool) -> list[Path]:
    w = ChunkWriter(out)
    return [w.path(i) for i in range(final_chunk)] + [w.path(-1 if final_partial else final_chunk)]


def _data_bytes(path: Path) -> int:
    """The compressed column data of a Parquet file (its size without footer and headers)."""
    _, pq = _pa()
    try:
        m = pq.read_metadata(path)
        return sum(m.row_group(r).column(c).total_compressed_size
                   for r in range(m.num_row_groups) for c in range(m.num_columns))
    except Exception:  # noqa: BLE001 - unreadable: compact says which file, with a located message
        return path.stat().st_size


def merge_space(out: Path, final_chunk: int, final_partial: bool, dest: Path) -> None:
    """Refuse a merge the disk cannot hold, before it starts.  It needs about the chunks'
    column data (measured: 61 kB of data in chunks of 20 matches merged into 24 kB; the
    files themselves held 144 kB, most of it per-file overhead)."""
    need = sum(_data_bytes(f) for f in _files(out, final_chunk, final_partial) if f.is_file())
    free = free_bytes(dest.parent)
    if free is not None and free < need + (64 << 10):
        raise WriteFailed(dest, OSError(errno.ENOSPC, "not enough free space to merge the records"), need)


def compact(out: Path, final_chunk: int, final_partial: bool, dest: Path) -> int:
    """Join the chunk files the run kept into ``dest``; returns rows written."""
    pa, pq = _pa()
    files = _files(out, final_chunk, final_partial)
    for f in files:
        if not f.is_file():
            raise UserError(f"records of a finished chunk are missing ({f}); run again without --resume "
                            f"or without --records")
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteFailed(dest, exc) from None
    check_dest(dest, out)   # again: another run may have taken the file since this one began
    tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
    try:
        return _write(pa, pq, files, tmp, dest, {WRITER_KEY: str(Path(out).resolve()).encode("utf-8",
                                                                                         "surrogateescape")})
    except OSError as exc:
        raise WriteFailed(dest, exc, sum(_data_bytes(f) for f in files)) from None
    finally:
        tmp.unlink(missing_ok=True)


def _write(pa, pq, files: list[Path], tmp: Path, dest: Path, meta: dict) -> int:
    rows = 0
    pending, n_pending = [], 0
    writer = None
    try:
        for f in files:
            try:
                t = pq.read_table(f)
            except OSError:
                raise
            except Exception as exc:  # noqa: BLE001 - pyarrow's ArrowInvalid and kin
                raise UserError(f"{f}: damaged records ({' '.join(str(exc).split())[:120]}); "
                                f"ruian-sim run --resume plays that chunk again") from None
            pending.append(t)
            n_pending += t.num_rows
            if n_pending >= ROW_GROUP:
                table = pa.concat_tables(pending)
                writer = writer or pq.ParquetWriter(tmp, table.schema.with_metadata(meta))
                writer.write_table(table, row_group_size=max(ROW_GROUP, table.num_rows))
                rows += table.num_rows
                pending, n_pending = [], 0
        if pending:
            table = pa.concat_tables(pending)
            writer = writer or pq.ParquetWriter(tmp, table.schema.with_metadata(meta))
            writer.write_table(table, row_group_size=max(ROW_GROUP, table.num_rows))
            rows += table.num_rows
    finally:
        if writer:
            writer.close()
    tmp.replace(dest)
    return rows
