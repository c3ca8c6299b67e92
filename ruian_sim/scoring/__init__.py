"""The scoring language (docs/scoring-language.md): items, facts and formulas,
compiled to arrays, and the compiled evaluator both the engine and settlement
call.  What a hand is worth is a property of the hand, so this sits below the
table and the bots; who pays whom, over records, is ruian_sim.settle above
the engine.

- layout.py: the fact vector, the compiled table and the formula bytecode (plain ints)
- facts.py: the facts a table may name and how each is read
- formula.py: the value / gate / hand / losers formula parser (never eval) -> postfix bytecode
- bounds.py: the interval every formula node can take (overflow refused before play)
- compile.py: a scoring section -> int64 arrays
- item_rows.py: an item's conditions, filters, tile sets and relations -> the table's rows
- formula_names.py: the names a formula may read, and the table's formulas parsed for them
- table_bounds.py: what a table can pay (items and formulas), refused past int64 or 2**53
- arrange.py: every reading of a complete hand, in the fact vector's layout
- kernels.py: numba ``item_parts``, ``formula``, per-pair values over many hands
- reach.py: items and gates no hand can reach, found before play
"""

from __future__ import annotations

from ..hand.layout import SHAPE_NAMES
from . import layout as S
from .compile import Table, TableError, compile_table, table
from .facts import BOOL_FACTS, COUNT_FACTS, FACTS

SHAPE_BIT = {name: 1 << i for i, name in enumerate(SHAPE_NAMES)}
FACT_BIT = {name: 1 << i for i, name in enumerate(S.FACT_NAMES)}

__all__ = ["BOOL_FACTS", "COUNT_FACTS", "FACTS", "FACT_BIT", "SHAPE_BIT", "Table", "TableError",
           "compile_table", "item_amount", "table"]


def item_amount(item) -> dict:
    """What an item gives, as summaries print it: ``{"times": 2}``, ``{"points": 2, "per": "melds"}``."""
    out = {k: int(item[k]) for k in ("points", "tai", "fan", "times") if k in item}
    if item.get("per") is not None:
        out["per"] = item["per"] if isinstance(item["per"], str) else "melds"
    return out
