"""The names a table's formulas may read and where each sits in vars[], and
the table's formulas (hand, value, gate, losers) parsed for the names they
read.  Apart from scoring/compile.py so that the bounds of what a table can
pay (scoring/table_bounds.py) read the same names without importing the compile.
"""

from __future__ import annotations

from . import layout as S
from .facts import FACTS
from .formula import FormulaError, names_used, parse
from .item_rows import _Builder

LOSER_NAMES = ("hi", "lo", "dealer_in_pair")   # names of scoring.losers only
FORMULA_KEYS = ("hand", "value", "gate", "losers")


def _formulas(scoring: dict, b: _Builder, facts: dict) -> tuple[list[str], dict[str, str], dict]:
    """Parse the table's formulas: (the names they read, hand inlined; their
    texts by key; {"hand": tree} when the table has a hand).  Mistakes go to
    ``b`` with their place inside the formula."""

    every = formula_names(None, facts)
    inline: dict = {}
    texts = {"value": scoring.get("value", "times * base"), "gate": scoring.get("gate"),
             "hand": scoring.get("hand"), "losers": scoring.get("losers")}
    used: list[str] = []
    progs: dict[str, str] = {}
    for key in FORMULA_KEYS:
        text = texts[key]
        if text is None:
            continue
        names = dict(every)
        if key == "losers":
            names.update(dict.fromkeys(LOSER_NAMES, 0))
        try:
            if key == "hand":
                inline["hand"] = parse(text, names)
            used += [n for n in names_used(text, names, inline if key != "hand" else None)
                     if n not in used and n not in LOSER_NAMES]
        except FormulaError as e:
            b.err((key,), _hint(e.name, key, texts["hand"] is not None) or e.message, (e.line, e.col))
            continue
        progs[key] = text
    if texts["losers"] is not None:
        if scoring.get("settle", "winner") != "pairwise":
            b.err(("losers",), "losers is what two losers settle under settle: pairwise; "
                  f"this table settles {scoring.get('settle', 'winner')!r}")
        # the losers formula replaces the pairwise factors (the default rules give factors)
    return used, progs, inline


def _hint(name, key: str, has_hand: bool) -> str:
    """Why a name the formula reads is unknown there, when the table knows it elsewhere."""
    if name in LOSER_NAMES and key != "losers":
        return (f"{name!r} is a name of scoring.losers only (hi, lo: the two losers' hand values; "
                f"dealer_in_pair: one of them deals), not of scoring.{key}")
    if name == "hand" and key == "hand":
        return "scoring.hand cannot name itself"
    if name == "hand" and not has_hand:
        return "unknown name 'hand': the table has no scoring.hand formula to read"
    return ""


def formula_names(fvars: list[str] | None = None, facts: dict | None = None) -> dict[str, int]:
    """Every name a formula may use -> its vars[] index (facts after the fixed ones)."""
    names = {n: i for i, n in enumerate(S.FIXED_VARS)}
    for j, n in enumerate(fvars if fvars is not None else [f for f in (facts or FACTS) if f not in names]):
        names[n] = S.N_FIXED_VARS + j
    return names
