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
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from . import bounds as B
from . import layout as S
from .facts import CLASSES, CONDITION_KEYS, FACTS, MELD_KINDS, WAITS, not_a_fact
from .formula import FormulaError, Program, compile_formula, names_used, parse

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

    @property
    def n_vars(self) -> int:
        """Length of the vars[] every program of this table reads (the losers' three last)."""
        return S.N_FIXED_VARS + len(self.fvars) + len(LOSER_NAMES)


def _did_you_mean(name, known) -> str:
    if not_a_fact(name):
        return f": {not_a_fact(name)}"
    close = difflib.get_close_matches(str(name), list(known), n=1)
    return f"; did you mean {close[0]!r}?" if close else f"; one of: {', '.join(known)}"


class _Builder:
    def __init__(self):
        self.conds: list[list[int]] = []
        self.filters: list[list[int]] = []
        self.errors: list = []

    def err(self, path, msg, at=None):
        self.errors.append((tuple(path), msg, at))

    def _range(self, cond, path, default_min=0) -> tuple[int, int]:
        if isinstance(cond, bool):
            return (1, S.BIG) if cond else (0, 0)
        if isinstance(cond, int):
            return cond, cond
        lo, hi = int(cond.get("min", default_min)), int(cond.get("max", S.BIG))
        if lo > hi:
            self.err(path, f"min {lo} is above max {hi}")
        return lo, hi

    def filter(self, f: dict, path, pair=False) -> int:
        kinds = 0
        for k in _as_list(f.get("meld", list(MELD_KINDS))):
            if k not in MELD_KINDS:
                self.err(path + ("meld",), f"unknown meld kind {k!r}" + _did_you_mean(k, MELD_KINDS))
                continue
            for kind in MELD_KINDS[k]:
                kinds |= 1 << kind
        classes = 0
        for c in _as_list(f.get("class", [])):
            if c not in CLASSES:
                self.err(path + ("class",), f"unknown tile class {c!r}" + _did_you_mean(c, CLASSES))
                continue
            classes |= CLASSES[c]
        conc = -1 if "concealed" not in f else int(bool(f["concealed"]))
        w = f.get("wilds", {})
        wmin, wmax = self._range(w, path + ("wilds",))
        if isinstance(w, dict) and "max" not in w:
            wmax = S.BIG
        self.filters.append([kinds, conc, classes, wmin, wmax])
        return len(self.filters) - 1

    def conditions(self, when: dict, path) -> tuple[int, int]:
        start = len(self.conds)
        for key, cond in (when or {}).items():
            p = path + (key,)
            if key == "wait":
                mask = 0
                for w in _as_list(cond):
                    if w not in WAITS:
                        self.err(p, f"unknown wait {w!r}" + _did_you_mean(w, WAITS))
                    else:
                        mask |= 1 << WAITS[w]
                self.conds.append([S.OP_WAIT, 0, mask, 1, 1])
            elif key == "pair":
                self.conds.append([S.OP_PAIR, 0, self.filter(cond, p, pair=True), 1, 1])
            elif key == "melds":
                for j, f in enumerate(_as_list(cond)):
                    q = p + (j,) if isinstance(cond, list) else p
                    hi = int(f.get("max", S.BIG))
                    lo = int(f.get("min", min(1, hi)))   # `max: 0` alone: no meld matches
                    if lo > hi:
                        self.err(q, f"min {lo} is above max {hi}")
                    self.conds.append([S.OP_MELDS, 0, self.filter(f, q), lo, hi])
            elif key in FACTS:
                fact = FACTS[key]
                if fact.kind == "bool" and not isinstance(cond, bool):
                    self.err(p, f"{key} is true or false, not {cond!r}")
                    continue
                lo, hi = self._range(cond, p)
                self.conds.append([fact.op, fact.slot, fact.arg, lo, hi])
            else:
                self.err(p, f"unknown fact {key!r}" + _did_you_mean(key, [*FACTS, *CONDITION_KEYS]))
        return start, len(self.conds) - start

    def per(self, per, path) -> tuple[int, int, int, int]:
        """(op, slot, arg, largest count) of an item's `per`."""
        if per is None:
            return S.OP_ONE, 0, 0, 1
        if isinstance(per, str):
            if per not in FACTS or FACTS[per].kind != "count":
                counts = [n for n, f in FACTS.items() if f.kind == "count"]
                self.err(path, f"per: unknown count {per!r}" + _did_you_mean(per, counts))
                return S.OP_ONE, 0, 0, 1
            f = FACTS[per]
            return f.op, f.slot, f.arg, f.bound
        return S.OP_MELDS, 0, self.filter(per, path), S.N_MELDS


def _as_list(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


LOSER_NAMES = ("hi", "lo", "dealer_in_pair")   # names of scoring.losers only
FORMULA_KEYS = ("hand", "value", "gate", "losers")


def _formulas(scoring: dict, b: _Builder) -> tuple[list[str], dict[str, str], dict]:
    """Parse the table's formulas: (the names they read, hand inlined; their
    texts by key; {"hand": tree} when the table has a hand).  Mistakes go to
    ``b`` with their place inside the formula."""

    every = formula_names()
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


def formula_names(fvars: list[str] | None = None) -> dict[str, int]:
    """Every name a formula may use -> its vars[] index (facts after the fixed ones)."""
    names = {n: i for i, n in enumerate(S.FIXED_VARS)}
    for j, n in enumerate(fvars if fvars is not None else [f for f in FACTS if f not in names]):
        names[n] = S.N_FIXED_VARS + j
    return names


def compile_table(scoring: dict) -> Table:
    b = _Builder()
    items = list(scoring.get("items", []))
    names = [str(it.get("name")) for it in items]
    if len(items) > S.MAX_ITEMS:
        b.err(("items",), f"at most {S.MAX_ITEMS} items (the items mask is 64 bits), not {len(items)}")
    rows = []
    hi = {"points": 0, "tai": 0, "times": 1}
    lo = {"points": 0, "tai": 0, "times": 1}
    first_over = None
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
        op, slot, arg, most = b.per(it.get("per"), path + ("per",))
        excl = 0
        for j, ex in enumerate(it.get("excludes", [])):
            if ex not in names:
                b.err(path + ("excludes", j), f"no item is named {ex!r}" + _did_you_mean(ex, names))
            else:
                excl |= 1 << names.index(ex)
        rows.append([part, amount, c0, nc, op, slot, arg, excl])
        if part == S.PART_TIMES:
            # the product so far times amount ** c for some count c in 0..most
            ends = [x * amount ** c for x in (lo["times"], hi["times"])
                    for c in {0, 1, most, max(most - 1, 0)}]
            lo["times"], hi["times"] = min(ends), max(ends)
        else:
            key = S.PART_NAMES[part]
            hi[key] += max(0, amount * most)
            lo[key] += min(0, amount * most)
        over = [k for k in ("points", "tai", "times") if max(hi[k], -lo[k]) > S.MAX_AMOUNT]
        if over and first_over is None:
            first_over = (path, over[0], max(hi[over[0]], -lo[over[0]]))
    if first_over is not None:
        path, key, top = first_over
        b.err(path, f"with this item the table's {key} can reach {top:,} (every item at its largest "
              f"count), beyond 2**53 = {S.MAX_AMOUNT:,}")
    used, progs, inline = _formulas(scoring, b)
    if b.errors:
        raise TableError(b.errors)
    fvars = [n for n in used if n not in S.FIXED_VARS]
    vnames = formula_names(fvars)
    value = compile_formula(progs["value"], vnames, inline)
    gate = compile_formula(progs["gate"], vnames, inline) if "gate" in progs else None
    hand = compile_formula(progs["hand"], vnames) if "hand" in progs else None
    losers = None
    if "losers" in progs:
        lnames = {**vnames, **{n: S.N_FIXED_VARS + len(fvars) + k for k, n in enumerate(LOSER_NAMES)}}
        losers = compile_formula(progs["losers"], lnames, inline)
    tab = _assemble(rows, b.conds, b.filters, [FACTS[n][1:4] for n in fvars])
    bounds = {"points": (lo["points"], hi["points"]), "tai": (lo["tai"], hi["tai"]),
              "times": (lo["times"], hi["times"])}
    table = Table(tab, value, gate, tuple(names), tuple(fvars), bounds, hand, losers)
    problems = value_bounds(table, scoring, progs, inline)
    if problems:
        raise TableError(problems)
    return table


def _env(table: Table, scoring: dict) -> dict[str, tuple[int, int]]:
    """Each name a formula reads -> the interval it ranges over."""
    base = scoring.get("base", {})
    bases = [int(x) for x in base.get("dealer", [])] + [int(base.get("other", 1))]
    env = {"points": table.bounds["points"], "tai": table.bounds["tai"], "fan": table.bounds["tai"],
           "times": table.bounds["times"], "base": (min(bases), max(bases)),
           "streak": (1, FACTS["streak"].bound), "dealer_wins": (0, 1), "dealer_pays": (0, 1),
           "self_drawn": (0, 1)}
    for n, f in FACTS.items():
        env.setdefault(n, (0, f.bound))
    return env


def value_bounds(table: Table, scoring: dict, progs: dict, inline: dict) -> list:
    """Every formula of the table within the 64-bit integers over the names'
    bounds, and the payments (value, hand, losers) within MAX_AMOUNT (below
    the cap, when there is one)."""
    env = _env(table, scoring)
    cap = int(scoring.get("cap", 0) or 0)
    out = []
    names = formula_names()
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
    return out


def _assemble(items, conds, filters, fvars) -> np.ndarray:
    head = [0] * S.T_HEADER
    head[S.T_N_ITEMS] = len(items)
    head[S.T_ITEMS] = S.T_HEADER
    head[S.T_CONDS] = S.T_HEADER + len(items) * S.ITEM_W
    head[S.T_FILTERS] = head[S.T_CONDS] + len(conds) * S.COND_W
    head[S.T_N_FVARS] = len(fvars)
    head[S.T_FVARS] = head[S.T_FILTERS] + len(filters) * S.FILT_W
    flat = head + [x for r in items for x in r] + [x for r in conds for x in r]
    flat += [x for r in filters for x in r] + [x for r in fvars for x in r]
    return np.array(flat, np.int64)


@lru_cache(maxsize=32)
def _table(text: str) -> Table:
    return compile_table(json.loads(text))


def table(scoring) -> Table:
    """The compiled table of a rule set's scoring section (cached by its content)."""
    return _table(json.dumps(_plain(scoring), sort_keys=True))


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
