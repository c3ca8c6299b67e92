"""The bounds of what a compiled table can pay: the items' points, 台 and
times at their largest counts, and each formula's interval over them (a
formula's nodes: scoring/bounds.py), so that a table that could overflow the
64-bit integers, or pay beyond 2**53 (layout.MAX_AMOUNT), is refused when it
is compiled, not in play.  scoring/compile.py calls it with the Table it
built (``table`` below); this module does not import compile.py, which imports it.
"""

from __future__ import annotations

from . import bounds as B
from . import layout as S
from .facts import FACTS
from .formula import FormulaError, parse
from .formula_names import LOSER_NAMES, formula_names


def _grow(part, amount, most, lo, hi) -> None:
    """The table's bounds with an item of ``amount`` counted 0..``most`` times."""
    if part == S.PART_TIMES:
        # the product so far times amount ** c for some count c in 0..most
        ends = [x * amount ** c for x in (lo["times"], hi["times"])
                for c in {0, 1, most, max(most - 1, 0)}]
        lo["times"], hi["times"] = min(ends), max(ends)
    else:
        key = S.PART_NAMES[part]
        hi[key] += max(0, amount * most)
        lo[key] += min(0, amount * most)


def _env(table, scoring: dict, facts: dict) -> dict[str, tuple[int, int]]:
    """Each name a formula reads -> the interval it ranges over."""
    base = scoring.get("base", {})
    bases = [int(x) for x in base.get("dealer", [])] + [int(base.get("other", 1))]
    env = {"points": table.bounds["points"], "tai": table.bounds["tai"], "fan": table.bounds["tai"],
           "times": table.bounds["times"], "base": (min(bases), max(bases)),
           "streak": (1, FACTS["streak"].bound), "dealer_wins": (0, 1), "dealer_pays": (0, 1),
           "self_drawn": (0, 1), "discarder_pays": (0, 1)}
    for n, f in facts.items():
        env.setdefault(n, (0, f.bound))
    return env


def value_bounds(table, scoring: dict, progs: dict, inline: dict, facts: dict | None = None) -> list:
    """Every formula of the table within the 64-bit integers over the names'
    bounds, and the payments (value, hand, losers) within MAX_AMOUNT (below
    the cap, when there is one)."""
    facts = facts or FACTS
    env = _env(table, scoring, facts)
    cap = int(scoring.get("cap", 0) or 0)
    out = []
    names = formula_names(None, facts)
    ranges = {}
    for key in ("hand", "value", "gate", "losers"):
        if key not in progs:
            continue
        e = dict(env)
        if key == "losers":
            h = ranges.get("hand", ranges.get("value", (0, 0)))
            e.update(hi=h, lo=h, dealer_in_pair=(0, 1))
        inl = inline if key != "hand" else None
        try:
            tree = parse(progs[key], {**names, **dict.fromkeys(LOSER_NAMES if key == "losers" else ()),
                                      **(inl or {})})
            lo, hi = B.check(tree, e, inl)
            if key == "value" and cap > 0:
                hi = min(hi, cap)
            ranges[key] = (lo, hi)
            if key != "gate" and max(hi, -lo) > S.MAX_AMOUNT:
                raise B.limit_error(tree, hi if hi > S.MAX_AMOUNT else lo, S.MAX_AMOUNT, e)
        except FormulaError as err:
            out.append(((key,), err.message, (err.line, err.col)))
    if scoring.get("settle") == "pairwise" and "losers" not in scoring and "value" in ranges:
        v = [ranges[k] for k in ("value", "hand") if k in ranges]   # the factors' values, either way
        out += _pairwise_bounds(scoring, (min(r[0] for r in v), max(r[1] for r in v)))
    return out


def _pairwise_bounds(scoring: dict, value: tuple[int, int]) -> list:
    """``settle: pairwise``: two losers settle the difference of their values
    times num / den (settle/payments._pairwise), multiplied before it is divided:
    within the 64-bit integers, and a payment within MAX_AMOUNT."""
    out = []
    top = 2 * max(value[1], -value[0])   # the largest difference of two values
    for key in ("dealer", "other"):
        num, den = (int(x) for x in scoring.get("pairwise", {}).get(key, (1, 1)))
        if top * num > S.INT_MAX or top * num // den > S.MAX_AMOUNT:
            msg = (f"a difference of values of up to {top:,} times {num}/{den} can reach {top * num // den:,} "
                   f"(multiplied first: {top * num:,}), beyond the 2**53 = {S.MAX_AMOUNT:,} a payment may be; "
                   f"bound the value (a cap) or the factor")
            out.append((("pairwise", key), msg, None))
    return out
