"""Semantic checks of the scoring section: the table is compiled exactly as
the scorer will compile it (scoring/compile.py), and every mistake it finds is
put on the value the user wrote: an unknown fact or formula name (with a
did-you-mean), a formula that does not parse (the column of the bad token),
an `excludes` naming a missing item, a gate no hand can reach."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..errors import Mark, Problem, dotted


@lru_cache(maxsize=16)
def _lines(file: str) -> list[str]:
    try:
        return Path(file).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def _inside(mark: Mark, at: tuple[int, int]) -> Mark:
    """The mark of (line, col) of a formula whose YAML scalar starts at ``mark``.
    A quoted scalar's text starts one column later; a block scalar (| or >) on
    the next line, indented like its first line."""
    lines = _lines(mark.file)
    line, col = at
    if not lines or mark.line > len(lines):
        return mark
    first = lines[mark.line - 1][mark.col - 1:mark.col]
    if first in "|>" and first:
        row = mark.line + line
        head = lines[mark.line] if mark.line < len(lines) else ""   # the block's first line sets its indent
        return Mark(mark.file, row, len(head) - len(head.lstrip()) + col)
    if line == 1:
        return Mark(mark.file, mark.line, mark.col + col - 1 + (1 if first in "\"'" and first else 0))
    return Mark(mark.file, mark.line + line - 1, col)


# what a formula's bounds grow with (scoring/table_bounds._env): a formula that was fine
# in the file it came from overflows because another file changed one of these
GROWS = (("scoring", "base", "dealer"), ("scoring", "base", "other"), ("scoring", "items"), ("scoring", "cap"))


def _grown(where, path: tuple, mark: Mark, message: str) -> Problem | None:
    """An overflow found in a formula that a file before the last one wrote
    (a built-in's ``value: times * base``), while the last file changed what it
    grows with (the bases, the items): put on that change, citing the formula."""
    deps = tuple(g for g in GROWS if g in where.src.values)
    latest, at = where.latest(path, *deps)
    if latest == path or at.file == mark.file:
        return None
    return where.blame((path, *deps), message, (path,))


def scoring_problems(d: dict, where) -> list[Problem]:
    """Mistakes of the table, located; an item or gate no hand can reach is
    one too, unless it comes from a built-in file (the user's own changes made
    it dead, and it is harmless there): then it is a warning."""
    from ..scoring.compile import TableError, compile_table, special_shapes
    from ..scoring.reach import dead
    from .locate import is_builtin

    dead_ones = []
    try:
        table = compile_table(d["scoring"], special_shapes(d))
        problems = []
        dead_ones = dead(d, table)
    except TableError as e:
        problems = e.problems
    out = []
    for path, message, at, warn in [(*p, False) for p in problems] + [(*p, True) for p in dead_ones]:
        p = ("scoring",) + tuple(path)
        if path and path[-1] in ("when",) or "unknown key" in message:
            mark = where.key(p)
        else:
            mark = where.value(p)
        if at is not None and p in where.src.values:
            mark = _inside(mark, at)
        if not warn and "beyond" in message:
            blamed = _grown(where, p, mark, message)
            if blamed is not None:
                out.append(blamed)
                continue
        if warn:
            # refused where the user wrote it; a built-in item (or one of rules assembled
            # in memory, as a sweep's points) is only said
            warn = is_builtin(mark.file) or not Path(mark.file).is_file()
            if warn:
                message += " (a built-in item, dead under the rules you changed: harmless, but it will never pay)"
        out.append(Problem(mark, dotted(p), message, warn))
    return out
