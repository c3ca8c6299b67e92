"""Scoring tables from the rules (docs/scoring-language.md), applied to hand records.

- layout.py: the fact vector, the compiled table and the formula bytecode (plain ints)
- facts.py: the facts a table may name and how each is read
- formula.py: the value / gate / hand / losers formula parser (never eval) -> postfix bytecode
- compile.py: a scoring section -> int64 arrays
- kernels.py: numba ``item_parts``, ``formula``, per-pair values over many hands
- settle.py: records -> points per seat and player (every hand sums to zero)
"""

from __future__ import annotations

from ..engine import layout as L
from ..hand.layout import SHAPE_NAMES
from .compile import Table, TableError, compile_table
from .facts import BOOL_FACTS, COUNT_FACTS, FACTS
from .settle import Scored, fact_vectors, possible_times, score, table, values

SHAPE_BIT = {name: 1 << i for i, name in enumerate(SHAPE_NAMES)}
FACT_BIT = {name: 1 << i for i, name in enumerate(L.FACT_NAMES)}

__all__ = ["BOOL_FACTS", "COUNT_FACTS", "FACTS", "FACT_BIT", "SHAPE_BIT", "Scored", "Table", "TableError",
           "compile_table", "fact_vectors", "item_amount", "possible_times", "score", "table", "values"]


def item_amount(item) -> dict:
    """What an item gives, as summaries print it: ``{"times": 2}``, ``{"points": 2, "per": "melds"}``."""
    out = {k: int(item[k]) for k in ("points", "tai", "fan", "times") if k in item}
    if item.get("per") is not None:
        out["per"] = item["per"] if isinstance(item["per"], str) else "melds"
    return out
