"""Per-hand rows for Parquet: one row per hand, columns named for readers
(pandas, polars, DuckDB) rather than for the engine."""

from __future__ import annotations

import numpy as np

from ..hand.spec import shape_names
from ..scoring import FACT_BIT
from ..settle import Scored
from ..settle.replay import winning_hands
from ..table import layout as L
from ..table.records import per_seat


def record_table(records: np.ndarray, scored: Scored, rules) -> dict[str, np.ndarray]:
    n = rules.table.seats
    rows = np.arange(len(records))
    first = records["winner"].astype(np.int64)
    fw = np.clip(first, 0, n - 1)
    won = first >= 0
    shapes = np.where(won, per_seat(records, "shapes", n)[rows, fw], 0)
    hard = np.where(won, per_seat(records, "hard", n)[rows, fw], 0)
    facts = np.where(won, per_seat(records, "facts", n)[rows, fw], 0)
    wilds = np.where(won, per_seat(records, "wilds", n)[rows, fw], 0)
    names = np.array(L.OUTCOME_NAMES, dtype=object)
    out: dict[str, np.ndarray] = {
        "match": records["match"].astype(np.int64),
        "hand": records["hand"].astype(np.int32),
        "dealer": records["dealer"].astype(np.int8),
        "streak": records["streak"].astype(np.int16),
        "outcome": names[records["outcome"]],
        "winner": first.astype(np.int8),
        "discarder": records["discarder"].astype(np.int8),
    }
    for i, name in enumerate(shape_names(rules)):
        out[name] = ((shapes >> i) & 1) != 0
    out["hard"] = hard != 0
    out["self_drawn"] = (facts & FACT_BIT["self_drawn"]) != 0
    out["wilds"] = wilds.astype(np.int8)
    out["round"] = records["round"].astype(np.int8)
    out["points"] = scored.points.astype(np.int64)   # the first winner's parts: points, 台 (or fan), times
    out["tai"] = scored.tai.astype(np.int64)
    out["times"] = scored.times.astype(np.int64)
    out["value"] = scored.value.astype(np.int64)
    out["items"] = scored.items.astype(np.int64)     # bit i: scoring.items[i] applied (i < 62) ...
    out["items2"] = scored.items2.astype(np.int64)   # ... and bit i - 62 here
    out["turns"] = records["turns"].astype(np.int16)
    out["kongs"] = records["kongs"].astype(np.int8)
    out["claims"] = records["claims"].astype(np.int8)
    out["wall_left"] = records["wall_left"].astype(np.int16)
    out["wild"] = records["wild"].astype(np.int8)
    # the first winner's hand as `ruian-sim hand --jsonl` takes it, to score it again outside
    lines = {h: line for h, s, line in winning_hands(records, rules) if s == first[h]}
    for key in ("hand", "tile", "melds", "win", "flowers"):
        out[f"winner_{key}"] = np.array([str(lines[h][key]) if h in lines else "" for h in range(len(records))],
                                        dtype=object)
    out["winner_shown"] = np.array([lines[h]["shown"] if h in lines else 0 for h in range(len(records))], np.int8)
    out["winner_last"] = np.array([lines[h]["last"] if h in lines else False for h in range(len(records))], bool)
    for p in range(rules.table.players):
        out[f"points_{p}"] = scored.player_points[:, p].astype(np.int64)   # a base of 10**12 must not wrap
    return out
