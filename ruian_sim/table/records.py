"""Hand records: the engine writes int64 rows; here they get names.

One row per hand.  Fixed columns (match, hand, dealer, streak, outcome,
winner, discarder, ...) and per-seat columns named ``<field>_<seat>``.
"""

from __future__ import annotations

import numpy as np

from . import layout as L

FIXED = ("match", "hand", "dealer", "streak", "outcome", "winner", "winners", "discarder", "wild",
         "indicator", "turns", "wall_left", "kongs", "claims", "dice", "dice2", "sitting_out", "round")
PER_SEAT = ("player", "shapes", "hard", "wilds", "facts", "kong_exposed", "kong_added",
            "kong_concealed", "pons", "chis", "penalty", "flowers", "folded",
            "meld0", "meld1", "meld2", "meld3", "meld4", "pair", "wait", "flower_bits", "aside",
            "points", "tai", "times", "value", "items", "chain", "chain_wilds", "quads", "passes", "blocked",
            "win_order", "win_from", "void", "kong_log", "ready", "ready_on", "fours", "items2", "held_lo",
            "held_hi", "win_tile", "shown", "meld_from")
# int64 columns (a bit per table item; 12 bits per kong; 3 bits a face); the rest fit int32
WIDE = ("items", "items2", "kong_log", "held_lo", "held_hi")
assert len(FIXED) == L.C_FIXED and len(PER_SEAT) == L.S_NFIELDS


def column_names(seats: int) -> list[str]:
    names = list(FIXED)
    for field in PER_SEAT:
        names += [f"{field}_{s}" for s in range(seats)]
    return names


def to_structured(rows: np.ndarray, seats: int) -> np.ndarray:
    """A numpy structured array with one named int32 field per column."""
    names = column_names(seats)
    dtype = np.dtype([(n, np.int64 if n.rsplit("_", 1)[0] in WIDE else np.int32) for n in names])
    out = np.empty(len(rows), dtype)
    for i, n in enumerate(names):
        out[n] = rows[:, i]
    return out


def per_seat(records: np.ndarray, field: str, seats: int) -> np.ndarray:
    """Column block ``field_0 .. field_{seats-1}`` as an (n, seats) array."""
    return np.stack([records[f"{field}_{s}"] for s in range(seats)], axis=1)
