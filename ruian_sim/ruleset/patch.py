"""Patching a named list by name, instead of copying it whole.

A list whose entries are maps with a ``name`` (the scoring items) may be
overlaid by a *mapping* keyed by entry name.  Each key changes, removes or
adds one entry; the entries not named stay as they were, in their order::

    scoring:
      items:
        season_set: {tai: 3}          # change one field of the inherited item
        lone_wait: null               # remove the item (and its name from every `excludes`)
        two_seasons:                  # a name the list lacks: a new item, added at the end
          tai: 1
          when: {seasons: 2}

A changed entry merges like any map (maps merge, scalars and lists replace,
null deletes a field), so ``{tai: null, times: 2}`` turns a 台 item into a
times item.  A list written as a list still replaces the inherited one whole.

Why a new entry must be complete: a typo in the name of an entry to change
(``season_sets: {tai: 3}``) would otherwise add an item that always applies.
So a name the list lacks is a new entry only when it has what an entry needs
(an amount and ``when`` or ``per``); otherwise it is an error that names the
entries that exist.

Marks travel as everywhere else: an unchanged field keeps the mark of the file
that set it, a changed or new one the patch's, so ``rules show --origins`` and
every error point at the file and line that set the value.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import Mark, Problem, UserError, dotted
from .source import Source


@dataclass(frozen=True)
class NamedList:
    """A list of maps that overlays may patch by ``name``."""

    what: str                               # what an entry is called in messages
    refs: tuple[str, ...] = ()              # fields of an entry that name other entries (cleaned on removal)
    needs: tuple[tuple[str, ...], ...] = ()  # a new entry has one key of each group
    needs_text: str = ""                    # the same, in words
    example: str = ""


# Every list of named maps in rules/schema.json is here (a test checks it), so
# that a designer can patch any of them.  Aborts are a map and merge by key
# already; claims.priority is four bare words, so it is written whole.
NAMED_LISTS: dict[tuple, NamedList] = {
    ("scoring", "items"): NamedList(
        "item", refs=("excludes",), needs=(("points", "tai", "fan", "times"), ("when", "per", "together", "fallback")),
        needs_text="an amount (points, tai, fan or times) and `when`, `per`, `together` or `fallback` "
                   "(`when: {}` applies always)",
        example="season_set: {tai: 3}"),
}


def below_named(path: tuple) -> bool:
    """Whether a named list lies strictly below ``path`` (so a new map there must be walked)."""
    return any(len(n) > len(path) and n[:len(path)] == path for n in NAMED_LISTS)


def sub(src: Source, prefix: tuple, data) -> Source:
    """The part of ``src`` at ``prefix`` as a Source of its own (paths relative to it)."""
    n = len(prefix)

    def cut(marks: dict) -> dict:
        return {p[n:]: m for p, m in marks.items() if p[:n] == prefix}

    return Source(src.file, data, cut(src.keys), cut(src.values), cut(src.deleted))


@dataclass
class Patched:
    """A resolved patch: the whole new list and its marks, at paths below the list."""

    data: list
    keys: dict
    values: dict
    deleted: dict


def apply_patch(base: Source, over: Source, path: tuple, old, patch: dict,
                merge: Callable[[Source, Source], Source]) -> Patched:
    """The list at ``path``: ``old`` (``base``'s, or None) patched by ``patch`` (``over``'s
    mapping).  ``merge`` merges one entry (merge.py's, passed in: it calls this module)."""
    spec = NAMED_LISTS[path]
    old = old if isinstance(old, list) else []
    names = [e.get("name") if isinstance(e, dict) else None for e in old]
    where = dotted(path)
    problems: list[Problem] = []
    entries: list[Source] = []
    removed: set[str] = set()

    def key_mark(name) -> Mark | None:
        return over.keys.get(path + (name,)) or over.values.get(path)

    for i, (entry, name) in enumerate(zip(old, names)):
        here = sub(base, path + (i,), entry)
        if name not in patch:
            entries.append(here)
            continue
        change = patch[name]
        if change is None:
            removed.add(name)
            continue
        if not _is_change(change, name, spec, where, key_mark(name), over.values.get(path + (name,)), problems):
            continue
        merged = merge(here, sub(over, path + (name,), change))
        # the entry as a whole is now the patch's: a clash between an inherited field and a
        # changed one (two amounts) is put on the user's line, not on the built-in item
        merged.values[()] = key_mark(name)
        entries.append(merged)
    for name, change in patch.items():
        if name in names:
            continue
        mark = key_mark(name)
        if change is None:
            problems.append(Problem(mark, f"{where}.{name}", f"no {spec.what} named {name!r} to remove"
                                    + _listing(name, names, spec)))
            continue
        if not _is_change(change, name, spec, where, mark, over.values.get(path + (name,)), problems):
            continue
        if any(not any(k in change for k in group) for group in spec.needs):
            problems.append(Problem(mark, f"{where}.{name}",
                                    f"no {spec.what} named {name!r} to change" + _listing(name, names, spec)
                                    + f"; a new {spec.what} needs {spec.needs_text}"))
            continue
        new = merge(Source(over.file, {"name": str(name)}), sub(over, path + (name,), change))
        new.values[("name",)] = new.keys[("name",)] = new.values[()] = mark
        entries.append(new)
    if problems:
        raise UserError(sorted(problems, key=lambda p: p.mark or Mark("", 0, 0)))
    for entry in entries:
        for ref in spec.refs:
            _drop_refs(entry, ref, removed)
    # the list itself is the patch's (its key and the mapping's mark); each entry brings its own
    out = Patched([], {(): over.keys[path]} if path in over.keys else {}, {(): over.values[path]}, {})
    for i, entry in enumerate(entries):
        out.data.append(entry.data)
        for mine, theirs in ((out.keys, entry.keys), (out.values, entry.values), (out.deleted, entry.deleted)):
            mine.update(((i,) + p, m) for p, m in theirs.items())
    return out


def _is_change(change, name, spec: NamedList, where: str, key: Mark | None, value: Mark | None,
               problems: list[Problem]) -> bool:
    if not isinstance(change, dict):
        problems.append(Problem(value or key, f"{where}.{name}",
                                f"{_a(spec.what)} named by its key is a mapping of the fields to set "
                                f"(e.g. {spec.example}), or null to remove it; got {change!r}"))
        return False
    if "name" in change and change["name"] != name:
        problems.append(Problem(key, f"{where}.{name}.name",
                                f"the key names the {spec.what}: to rename it, remove it ({name}: null) "
                                f"and add it under the new name"))
        return False
    return True


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _listing(name, names: list, spec: NamedList) -> str:
    known = [str(n) for n in names if n is not None]
    if not known:
        return f"; the rules it extends have no {spec.what}s"
    close = difflib.get_close_matches(str(name), known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"{hint} (the {spec.what}s: {', '.join(known)})"


def _drop_refs(entry: Source, ref: str, removed: set[str]) -> None:
    """An entry's references to removed entries go with them (excluding an item that is
    gone excludes nothing); the marks of the references kept follow them to their new index."""
    refs = entry.data.get(ref) if isinstance(entry.data, dict) else None
    if not removed or not isinstance(refs, list) or not any(r in removed for r in refs):
        return
    kept = [i for i, r in enumerate(refs) if r not in removed]
    entry.data = dict(entry.data, **{ref: [refs[i] for i in kept]})
    move = {(ref, old): (ref, new) for new, old in enumerate(kept)}
    for marks in (entry.keys, entry.values, entry.deleted):
        for p in [p for p in marks if len(p) >= 2 and p[0] == ref]:
            m = marks.pop(p)
            if p[:2] in move:
                marks[move[p[:2]] + p[2:]] = m
