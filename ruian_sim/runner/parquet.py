"""Per-hand rows as Parquet: one file per chunk while running (atomic), one
compacted file at the end with row groups of at least 250,000 rows."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UserError

ROW_GROUP = 250_000
RECORDS = "records"


def _pa():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UserError("--records needs pyarrow: pip install 'ruian-sim[parquet]'") from None
    return pa, pq


def check_available() -> None:
    _pa()


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
        pq.write_table(table, tmp)
        tmp.replace(path)


def compact(out: Path, final_chunk: int, final_partial: bool, dest: Path) -> int:
    """Join the chunk files the run kept into ``dest``; returns rows written."""
    pa, pq = _pa()
    w = ChunkWriter(out)
    files = [w.path(i) for i in range(final_chunk)] + [w.path(-1 if final_partial else final_chunk)]
    for f in files:
        if not f.is_file():
            raise UserError(f"records of a finished chunk are missing ({f}); run again without --resume "
                            f"or without --records")
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + f".{os.getpid()}.tmp")
    rows = 0
    pending, n_pending = [], 0
    writer = None
    try:
        for f in files:
            t = pq.read_table(f)
            pending.append(t)
            n_pending += t.num_rows
            if n_pending >= ROW_GROUP:
                table = pa.concat_tables(pending)
                writer = writer or pq.ParquetWriter(tmp, table.schema)
                writer.write_table(table, row_group_size=max(ROW_GROUP, table.num_rows))
                rows += table.num_rows
                pending, n_pending = [], 0
        if pending:
            table = pa.concat_tables(pending)
            writer = writer or pq.ParquetWriter(tmp, table.schema)
            writer.write_table(table, row_group_size=max(ROW_GROUP, table.num_rows))
            rows += table.num_rows
    finally:
        if writer:
            writer.close()
    tmp.replace(dest)
    return rows
