"""Deep merge of rule layers: maps merge, scalars and lists replace, null deletes;
a list of named maps (the scoring items) may also be patched by name (patch.py).

Marks travel with the values, so the merged result still knows which file and
line set each value.
"""

from __future__ import annotations

import copy

from .patch import NAMED_LISTS, Patched, apply_patch, below_named
from .source import Deletion, Source


def _under(path: tuple, prefixes: set) -> bool:
    """Whether ``path`` is one of ``prefixes`` or lies below one."""
    return any(path[:i] in prefixes for i in range(1, len(path) + 1))


def _strip_nulls(value):
    """A null inside a newly set map deletes nothing and is simply dropped."""
    if isinstance(value, dict):
        return {k: _strip_nulls(v) for k, v in value.items() if v is not None}
    return copy.deepcopy(value)


def merge(base: Source, over: Source, skip_keys: tuple[str, ...] = ("extends",)) -> Source:
    """A new Source: ``over`` applied on top of ``base``.  Neither input changes.

    The marks of what ``over`` replaces or deletes are dropped in one pass at the
    end, not per key: per key it was quadratic (20,000 keys took minutes)."""
    out = Source(over.file, copy.deepcopy(base.data), dict(base.keys), dict(base.values), dict(base.deleted))
    m = _Merge(out, over, skip_keys)
    m.into(out.data, over.data, ())
    gone = m.replaced | set(m.deleted) | set(m.patched) | m.opened
    if gone:
        for marks in (out.deleted, out.keys, out.values):
            for p in [p for p in marks if _under(p, gone)]:
                del marks[p]
        out.deleted.update((p, d) for p, d in m.deleted.items() if d is not None)
        for mine, theirs in ((out.keys, over.keys), (out.values, over.values)):
            mine.update((p, mk) for p, mk in theirs.items() if _under(p, m.replaced) or p in m.opened)
        for p, patched in m.patched.items():
            for mine, theirs in ((out.keys, patched.keys), (out.values, patched.values),
                                 (out.deleted, patched.deleted)):
                mine.update((p + q, mk) for q, mk in theirs.items() if mk is not None)
    return out


class _Merge:
    """One merge's walk over ``over``: what it replaced, deleted, patched by name, and the new
    maps it had to open (to reach a named list below them) rather than copy whole."""

    def __init__(self, out: Source, over: Source, skip: tuple):
        self.out, self.over, self.skip = out, over, skip
        self.replaced: set = set()
        self.deleted: dict = {}
        self.patched: dict[tuple, Patched] = {}
        self.opened: set = set()

    def into(self, dst: dict, src: dict, path: tuple) -> None:
        for key, value in src.items():
            if not path and key in self.skip:
                continue
            p = path + (key,)
            if value is None:
                # Kept, so that a check that misses the value can blame the null.
                self.deleted[p] = (Deletion(self.over.values[p], self.out.values.get(p), dst.pop(key))
                                   if key in dst else None)
            elif p in NAMED_LISTS and isinstance(value, dict):
                patched = apply_patch(self.out, self.over, p, dst.get(key), value, merge_entry)
                dst[key] = patched.data
                self.patched[p] = patched
            elif isinstance(value, dict) and isinstance(dst.get(key), dict):
                self.into(dst[key], value, p)
            elif isinstance(value, dict) and below_named(p):
                # a new map that holds a patch (a root file's items by name) is walked, not copied
                dst[key] = {}
                self.opened.add(p)
                self.into(dst[key], value, p)
            else:
                dst[key] = _strip_nulls(value)
                self.replaced.add(p)


def merge_entry(base: Source, over: Source) -> Source:
    """One entry of a named list with its patch applied (no top-level key is skipped)."""
    return merge(base, over, skip_keys=())


def root_source(src: Source, skip_keys: tuple[str, ...] = ("extends",)) -> Source:
    """A file with no parent: its own data, nulls removed, ``extends`` left out."""
    empty = Source(src.file, {}, {}, {})
    return merge(empty, src, skip_keys)
