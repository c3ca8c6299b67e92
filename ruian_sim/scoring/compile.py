"""A rule file's scoring section compiled to the int64 arrays the kernels read.

Layout (scoring/layout.py): ``tab`` = header[T_HEADER] | item rows
(ITEM_W each, in table order; item i is bit i of the items mask) |
condition rows (COND_W: op, slot, arg, min, max; an item's are contiguous) |
filter rows (FILT_W: meld kinds mask, concealed -1/0/1, class mask, wilds
min, max) | formula facts (FV_ROW_W: op, slot, arg for vars[N_FIXED_VARS+j]).
The formulas compile to formula.Program (bytecode + constants).

Mistakes are collected as (key path, message, (line, col) inside a formula
or None) in ``TableError.problems``; ruleset/validate_scoring.py turns them
into located problems, so the validator and the compiler cannot disagree.

The items' conditions, filters, sets and relations are read into rows by
item_rows.py, the formulas' names by formula_names.py, and what the table
can pay is bounded by table_bounds.py; this module puts them together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from . import bounds as B
from . import layout as S
from .facts import Fact, facts_for
from .formula import FormulaError, Program, compile_formula, names_used, parse
from .formula_names import LOSER_NAMES, _formulas, formula_names
from .item_rows import _Builder, _did_you_mean
from .table_bounds import _grow, value_bounds

PART_KEYS = {"points": S.PART_POINTS, "tai": S.PART_TAI, "fan": S.PART_TAI, "times": S.PART_TIMES}


class TableError(ValueError):
    def __init__(self, problems: list[tuple[tuple, str, tuple[int, int] | None]]):
        super().__init__("; ".join(f"{'.'.join(map(str, p))}: {m}" for p, m, _ in problems))
        self.problems = problems


@dataclass(frozen=True)
class Table:
    """A compiled scoring table."""

    tab: np.ndarray            # int64, layout above
    value: Program             # the value formula
    gate: Program | None       # the gate formula, None: every complete hand wins
    item_names: tuple[str, ...]
    fvars: tuple[str, ...]     # facts the formulas read, in vars order
    bounds: dict               # largest/smallest points, tai, times a hand can reach
    hand: Program | None = None    # a seat's own hand value (``scoring.hand``), None: the table has none
    losers: Program | None = None  # the losers' exchange (``scoring.losers``); vars as `value`, then hi, lo, dealer_in_pair
    facts: tuple[str, ...] = ()    # every fact the table may name: the language's, its special shapes, its counts

    @property
    def n_vars(self) -> int:
        """Length of the vars[] every program of this table reads (the losers' three last)."""
        return S.N_FIXED_VARS + len(self.fvars) + len(LOSER_NAMES)


FLAG_KEYS = {"combine": ({"free": 0, "once": S.TF_COMBINE_ONCE}, "free"),
             "shapes": ({"hand": 0, "reading": S.TF_READ_SHAPES}, "hand"),
             "excluders": ({"applied": 0, "kept": S.TF_KEPT}, "applied")}


def compile_table(scoring: dict, shapes: tuple[str, ...] = ()) -> Table:
    """The table of a scoring section; ``shapes``: the special shapes the rules
    declare (shapes.special), each a fact its items may read."""
    facts = facts_for(shapes)
    counts = dict(scoring.get("counts") or {})
    b = _Builder(facts)
    for name, spec in counts.items():
        if name in facts or name in S.FIXED_VARS:
            b.err(("counts", name), f"{name!r} is already a fact; a count needs a name of its own")
            continue
        if not isinstance(spec, dict) or set(spec) != {"melds"}:
            b.err(("counts", name), "a count is {melds: FILTER}: the melds of the reading that match")
            continue
        b.facts = facts = {**facts, name: Fact("count", S.OP_MELDS, 0, b.filter(spec["melds"], ("counts", name, "melds")),
                                               S.N_MELDS)}
    items = list(scoring.get("items", []))
    names = [str(it.get("name")) for it in items]
    if len(items) > S.MAX_ITEMS:
        b.err(("items",), f"at most {S.MAX_ITEMS} items (the items mask is two 62-bit words), not {len(items)}")
    flags = 0
    for key, (choices, default) in FLAG_KEYS.items():
        v = scoring.get(key, default)
        if v not in choices:
            b.err((key,), f"{key} is one of {', '.join(choices)}, not {v!r}")
        else:
            flags |= choices[v]
    rows = []
    hi = {"points": 0, "tai": 0, "times": 1}
    lo = {"points": 0, "tai": 0, "times": 1}
    first_over = None
    ignores = 0
    per_progs = {}
    most_of: list[int] = []   # each item's largest count
    for i, it in enumerate(items):
        path = ("items", i)
        if names[i] in names[:i]:
            b.err(path + ("name",), f"item name {names[i]!r} is used twice")
        parts = [k for k in PART_KEYS if k in it]
        if len(parts) != 1:
            b.err(path, "an item gives exactly one of points, tai, fan or times"
                  + (f", not {' and '.join(parts)}" if parts else ""))
            parts = parts or ["points"]
        part = PART_KEYS[parts[0]]
        amount = int(it.get(parts[0], 0))
        if abs(amount) > S.MAX_AMOUNT:
            b.err(path + (parts[0],), f"{amount} is beyond the largest amount a table may give "
                  f"(2**53 = {S.MAX_AMOUNT:,})")
            amount = 0
        c0, nc = b.conditions(it.get("when", {}), path + ("when",))
        if "together" in it:
            if "per" in it:
                b.err(path + ("together",), "an item counts melds together or by `per`, not both")
            op, slot, arg, most = S.OP_TOGETHER, 0, b.relation(it["together"] or {}, path + ("together",)), S.N_MELDS
        else:
            op, slot, arg, most = b.per(it.get("per"), path + ("per",))
            if op == S.OP_FORMULA:
                per_progs[arg] = i
        excl = [0, 0]
        for j, ex in enumerate(it.get("excludes", [])):
            if ex not in names:
                b.err(path + ("excludes", j), f"no item is named {ex!r}" + _did_you_mean(ex, names))
            else:
                k = names.index(ex)
                excl[k // S.ITEM_BITS] |= 1 << (k % S.ITEM_BITS)
        fallback = it.get("fallback", False)
        if fallback:
            flags |= S.TF_FALLBACK
            for j, ex in enumerate((fallback or {}).get("besides", []) if isinstance(fallback, dict) else []):
                if ex not in names:
                    b.err(path + ("fallback", "besides", j), f"no item is named {ex!r}" + _did_you_mean(ex, names))
                else:
                    k = names.index(ex)
                    ignores |= 1 << k
        rows.append([part, amount, c0, nc, op, slot, arg, excl[0], excl[1], int(bool(fallback))])
        if most < 0:
            most = 0   # a formula's: set once its bound is known (below)
        most_of.append(most)
        _grow(part, amount, most, lo, hi)
        over = [k for k in ("points", "tai", "times") if max(hi[k], -lo[k]) > S.MAX_AMOUNT]
        if over and first_over is None:
            first_over = (path, over[0], max(hi[over[0]], -lo[over[0]]))
    if b.faces:
        flags |= S.TF_FACES
    used, progs, inline = _formulas(scoring, b, facts)
    item_names_used = []
    # an item's formula may read the count of an item above it (one no fact is named after)
    counts_of = {n: S.N_FIXED_VARS + S.MAX_ITEM_VARS + k for k, n in enumerate(names)
                 if n not in facts and n not in S.FIXED_VARS}
    for text, path in b.progs:
        flags |= S.TF_PROGS
        try:
            read = names_used(text, {**formula_names(None, facts), **counts_of})
        except FormulaError as e:
            b.err(path, e.message, (e.line, e.col))
            continue
        later = [n for n in read if n in counts_of and names.index(n) >= path[1]]
        if later:
            b.err(path, f"an item's formula reads the items above it, not {later[0]!r} "
                  f"(item {names.index(later[0]) + 1}, this is item {path[1] + 1})")
        item_names_used += [n for n in read if n not in item_names_used and n not in counts_of]
    for n in item_names_used:
        if n in S.FIXED_VARS:
            b.err(("items",), f"an item's formula reads the facts of the hand, not {n!r} (what the items give, "
                  "the payment's base and roles are the value's)")
    if b.errors:
        raise TableError(b.errors)
    fvars = [n for n in dict.fromkeys([*used, *item_names_used]) if n not in S.FIXED_VARS]
    if len(fvars) > S.MAX_ITEM_VARS:
        raise TableError([((), f"the formulas read {len(fvars)} facts; at most {S.MAX_ITEM_VARS}", None)])
    vnames = formula_names(fvars, facts)
    value = _program(progs["value"], vnames, ("value",), inline)
    gate = _program(progs["gate"], vnames, ("gate",), inline) if "gate" in progs else None
    hand = _program(progs["hand"], vnames, ("hand",)) if "hand" in progs else None
    losers = None
    if "losers" in progs:
        lnames = {**vnames, **{n: S.N_FIXED_VARS + len(fvars) + k for k, n in enumerate(LOSER_NAMES)}}
        losers = _program(progs["losers"], lnames, ("losers",), inline)
    item_progs = [_program(text, {**vnames, **counts_of}, path) for text, path in b.progs]
    # a formula `per`'s largest count, from its bounds over the facts' and the counts of the items above
    env = {n: (0, facts[n].bound) for n in facts}
    env |= {n: (0, most_of[k]) for k, n in enumerate(names) if n in counts_of}
    for p_i, i in sorted(per_progs.items(), key=lambda x: x[1]):
        text, path = b.progs[p_i]
        try:
            top = max(B.check(parse(text, {**formula_names(None, facts), **counts_of}), env, None)[1], 0)
        except FormulaError as e:
            raise TableError([(path, e.message, (e.line, e.col))]) from None
        most_of[i] = top
        env[names[i]] = (0, top)
        _grow(rows[i][0], rows[i][1], top, lo, hi)
    tab = _assemble(rows, b, [facts[n][1:4] for n in fvars], flags, ignores, item_progs)
    bounds = {"points": (lo["points"], hi["points"]), "tai": (lo["tai"], hi["tai"]),
              "times": (lo["times"], hi["times"])}
    if first_over is None:
        over = [k for k in ("points", "tai", "times") if max(hi[k], -lo[k]) > S.MAX_AMOUNT]
        if over:
            first_over = (("items",), over[0], max(hi[over[0]], -lo[over[0]]))
    if first_over is not None:
        path, key, top = first_over
        raise TableError([(path, f"with this item the table's {key} can reach {top:,} (every item at its "
                           f"largest count), beyond 2**53 = {S.MAX_AMOUNT:,}", None)])
    table = Table(tab, value, gate, tuple(names), tuple(fvars), bounds, hand, losers, tuple(facts))
    problems = value_bounds(table, scoring, progs, inline, facts)
    if problems:
        raise TableError(problems)
    return table


def _program(text: str, names: dict, path: tuple, inline: dict | None = None) -> Program:
    """A formula compiled, or a TableError at its path and column (one that
    parsed may still hold more values at once than the kernel's stack)."""
    try:
        return compile_formula(text, names, inline)
    except FormulaError as e:
        raise TableError([(path, e.message, (e.line, e.col))]) from None


WHOLE_SLOT = (S.OP_SLOT, S.OP_NONZERO, S.OP_POPCOUNT)


def _reads_route(op, slot, arg) -> bool:
    """Whether a fact read (op, slot, arg) can see how the hand was won."""
    if slot != S.FV_FACTS:
        return False
    return (op in WHOLE_SLOT or (op == S.OP_BIT and (1 << arg) & S.ROUTE_BITS != 0)
            or (op == S.OP_POPMASK and arg & S.ROUTE_BITS != 0))


def _route_reads(items, conds, fvars) -> tuple[int, int, bool]:
    """(items whose conditions or count read the route, items that run a
    formula, whether a fact the formulas read reads the route): what
    scoring/routes.py may count once for a reading won two ways."""
    route = formulas = 0
    for i, r in enumerate(items):
        reads = [(r[S.IT_PER_OP], r[S.IT_PER_SLOT], r[S.IT_PER_ARG])]
        reads += [(c[S.C_OP], c[S.C_SLOT], c[S.C_ARG]) for c in conds[r[S.IT_COND0]:r[S.IT_COND0] + r[S.IT_NCOND]]]
        if any(_reads_route(*x) for x in reads):
            route |= 1 << i
        if any(op == S.OP_FORMULA for op, _, _ in reads):
            formulas |= 1 << i
    return route, formulas, any(_reads_route(*v[:3]) for v in fvars)


def _assemble(items, b: _Builder, fvars, flags, ignores, progs) -> np.ndarray:
    head = [0] * S.T_HEADER
    head[S.T_N_ITEMS] = len(items)
    head[S.T_ITEMS] = S.T_HEADER
    head[S.T_CONDS] = S.T_HEADER + len(items) * S.ITEM_W
    head[S.T_FILTERS] = head[S.T_CONDS] + len(b.conds) * S.COND_W
    head[S.T_N_FVARS] = len(fvars)
    head[S.T_FVARS] = head[S.T_FILTERS] + len(b.filters) * S.FILT_W
    head[S.T_SETS] = head[S.T_FVARS] + len(fvars) * S.FV_ROW_W
    head[S.T_RELS] = head[S.T_SETS] + len(b.sets)
    head[S.T_PROGS] = head[S.T_RELS] + len(b.rels) * S.REL_W
    head[S.T_FLAGS] = flags
    head[S.T_FALLBACK_IGNORES] = ignores & ((1 << S.ITEM_BITS) - 1)
    head[S.T_FALLBACK_IGNORES + 1] = ignores >> S.ITEM_BITS
    route, formulas, route_vars = _route_reads(items, b.conds, fvars)
    for at, mask in ((S.T_ROUTE_ITEMS, route), (S.T_FORMULA_ITEMS, formulas)):
        head[at] = mask & ((1 << S.ITEM_BITS) - 1)
        head[at + 1] = mask >> S.ITEM_BITS
    if route_vars:
        head[S.T_FLAGS] |= S.TF_ROUTE_VARS
    flat = head + [x for r in items for x in r] + [x for r in b.conds for x in r]
    flat += [x for r in b.filters for x in r] + [x for r in fvars for x in r] + b.sets
    flat += [x for r in b.rels for x in r]
    at = head[S.T_PROGS] + len(progs) * S.PROG_W
    body = []
    for prog in progs:
        flat += [at + len(body), len(prog.code), at + len(body) + len(prog.code), len(prog.consts)]
        body += list(prog.code) + list(prog.consts)
    return np.array(flat + body, np.int64)


@lru_cache(maxsize=32)
def _table(text: str, shapes: tuple[str, ...]) -> Table:
    return compile_table(json.loads(text), shapes)


def table(scoring, shapes: tuple[str, ...] = ()) -> Table:
    """The compiled table of a rule set's scoring section (cached by its
    content), with the special shapes of its rules (special_shapes())."""
    return _table(json.dumps(_plain(scoring), sort_keys=True), tuple(shapes))


@lru_cache(maxsize=32)
def rules_table(rules) -> Table:
    """The compiled table of a RuleSet (cached by the rules' hash: `hand`
    scores thousands of hands against one)."""
    return table(rules.scoring, special_shapes(rules))


def special_shapes(rules) -> tuple[str, ...]:
    """The names of the special shapes a RuleSet or merged rule mapping declares."""
    if isinstance(rules, dict):
        return tuple((rules["shapes"].get("special") or {}).keys())
    return tuple(sp.name for sp in rules.shapes.special)


def _plain(x):
    """Plain dicts and lists of a rule set's (possibly frozen) mappings."""
    if isinstance(x, (str, bytes)):
        return x
    if hasattr(x, "items"):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def draw_settled(scoring) -> int:
    """1 when the table settles an exhaustive draw among the seats left
    (``draw``): the engine then reads each of them (engine/ready.py)."""
    d = scoring.get("draw") or {}
    return int(bool(d.get("ready")) or int(d.get("void_penalty", 0)) > 0 or bool(d.get("refund_kongs")))
