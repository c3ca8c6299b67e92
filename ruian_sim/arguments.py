"""The Python API's arguments, checked at the door as the command line checks its
own: a wrong type or range is a UserError naming the argument, before anything
plays.  Without this, ``simulate(seed=1.9)`` played seed 1 and recorded 1.9, and
``simulate(hands=-5)`` played a match."""

from __future__ import annotations

import os
from collections.abc import Iterable

import numpy as np

from .errors import UserError

SEED_MAX = 2**64 - 1     # the root seed is a 64-bit unsigned number
COUNT_MAX = 2**63 - 1    # the engine counts matches and hands in signed 64 bits


def whole(name: str, value, low: int, high: int = COUNT_MAX) -> int:
    """A whole number in [low, high]: an int or a numpy integer, not a bool, a float or a string."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise UserError(f"{name}: a whole number {low} .. {high}, not {value!r} ({type(value).__name__})")
    v = int(value)
    if not low <= v <= high:
        raise UserError(f"{name}: must be {low} .. {high}, got {v}")
    return v


def seed(value) -> int:
    return whole("seed", value, 0, SEED_MAX)


def text(name: str, value, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise UserError(f"{name}: a non-empty string, not {value!r}")
    return value


def rules_source(value) -> str:
    """A built-in name, ``NAME+VARIANT``, or a file's path (a str or a path object)."""
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return text("rules", value)


def names(name: str, value: Iterable[str] | str) -> tuple[str, ...]:
    """A name or a list of names (variants): a bare string is one name, not its letters."""
    if isinstance(value, str):
        return (value,) if value else ()
    try:
        out = tuple(value)
    except TypeError:
        raise UserError(f"{name}: a name or a list of names, not {value!r}") from None
    for v in out:
        text(name, v)
    return out


def choice(name: str, value, allowed: Iterable[str]) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise UserError(f"{name}: one of {', '.join(allowed)}, not {value!r}")
    return value


def path_or_none(name: str, value):
    if value is None or isinstance(value, str | os.PathLike) and os.fspath(value):
        return value
    raise UserError(f"{name}: a directory's path or None, not {value!r}")


def records_for(records, rules) -> None:
    """Records scored by the rules they were played under: ``records()`` stamps the
    rule set's hash on its array's dtype, and one rule set's records scored under
    another's table gave numbers of neither."""
    if not isinstance(records, np.ndarray) or records.dtype.names is None:
        raise UserError(f"records: the structured array ruian_sim.records() returns, not {type(records).__name__}")
    played = (records.dtype.metadata or {}).get("rules")
    if played is not None and played != rules.hash:
        raise UserError(f"records: played under other rules (hash {played}) than these ({rules.name}, hash "
                        f"{rules.hash}); score records with the rules that played them")
    seats = rules.table.seats
    missing = [f"{f}_{s}" for f in ("player", "facts") for s in range(seats) if f"{f}_{s}" not in records.dtype.names]
    if missing or f"player_{seats}" in records.dtype.names:
        raise UserError(f"records: their seats do not match these rules' {seats} seats")


def stamped(records: np.ndarray, rules) -> np.ndarray:
    """The records, their dtype carrying the hash of the rules that played them."""
    meta = dict(records.dtype.metadata or {}, rules=rules.hash)
    return records.view(np.dtype(records.dtype, metadata=meta))
