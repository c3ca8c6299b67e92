"""Deep merge of rule layers: maps merge, scalars and lists replace, null deletes.

Marks travel with the values, so the merged result still knows which file and
line set each value.
"""

from __future__ import annotations

import copy

from .source import Deletion, Source


def _drop_marks(marks: dict, path: tuple) -> None:
    n = len(path)
    for p in [p for p in marks if p[:n] == path]:
        del marks[p]


def _copy_marks(dst: dict, src: dict, path: tuple) -> None:
    n = len(path)
    for p, m in src.items():
        if p[:n] == path:
            dst[p] = m


def _strip_nulls(value):
    """A null inside a newly set map deletes nothing and is simply dropped."""
    if isinstance(value, dict):
        return {k: _strip_nulls(v) for k, v in value.items() if v is not None}
    return copy.deepcopy(value)


def merge(base: Source, over: Source, skip_keys: tuple[str, ...] = ("extends",)) -> Source:
    """A new Source: ``over`` applied on top of ``base``.  Neither input changes."""
    out = Source(over.file, copy.deepcopy(base.data), dict(base.keys), dict(base.values), dict(base.deleted))
    _merge_into(out, out.data, over, over.data, (), skip_keys)
    return out


def _merge_into(out: Source, dst: dict, over: Source, src: dict, path: tuple, skip: tuple) -> None:
    for key, value in src.items():
        if not path and key in skip:
            continue
        p = path + (key,)
        if value is None:
            _drop_marks(out.deleted, p)
            if key in dst:
                # Kept, so that a check that misses the value can blame the null.
                out.deleted[p] = Deletion(over.values[p], out.values.get(p), dst.pop(key))
            _drop_marks(out.keys, p)
            _drop_marks(out.values, p)
        elif isinstance(value, dict) and isinstance(dst.get(key), dict):
            _merge_into(out, dst[key], over, value, p, skip)
        else:
            dst[key] = _strip_nulls(value)
            _drop_marks(out.deleted, p)
            _drop_marks(out.keys, p)
            _drop_marks(out.values, p)
            _copy_marks(out.keys, over.keys, p)
            _copy_marks(out.values, over.values, p)


def root_source(src: Source, skip_keys: tuple[str, ...] = ("extends",)) -> Source:
    """A file with no parent: its own data, nulls removed, ``extends`` left out."""
    empty = Source(src.file, {}, {}, {})
    return merge(empty, src, skip_keys)
