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

from .. import tiles as T
from . import bounds as B
from . import layout as S
from .facts import (
    CLASSES,
    CONDITION_KEYS,
    FACTS,
    MELD_KINDS,
    TILE_CLASSES,
    WAITS,
    Fact,
    facts_for,
    not_a_fact,
)
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
    facts: tuple[str, ...] = ()    # every fact the table may name: the language's, its special shapes, its counts

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
    def __init__(self, facts: dict[str, Fact]):
        self.facts = facts
        self.conds: list[list[int]] = []
        self.filters: list[list[int]] = []
        self.sets: list[int] = []          # set lists: how many masks, then the masks
        self.rels: list[list[int]] = []
        self.progs: list[tuple[str, tuple]] = []   # (formula text, its path) of `per` and `test` formulas
        self.errors: list = []
        self.faces = False                 # an item reads the reading's faces

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
        classes, neg = self.classes(f, "class", path), self.classes(f, "not", path)
        conc = -1 if "concealed" not in f else int(bool(f["concealed"]))
        w = f.get("wilds", {})
        wmin, wmax = self._range(w, path + ("wilds",))
        if isinstance(w, dict) and "max" not in w:
            wmax = S.BIG
        self.filters.append([kinds, conc, classes, wmin, wmax, neg])
        return len(self.filters) - 1

    def classes(self, f: dict, key: str, path) -> int:
        """The class bits a meld filter's ``class`` (any of) or ``not`` (none of) names."""
        bits = 0
        for c in _as_list(f.get(key, [])):
            if c not in CLASSES:
                self.err(path + (key,), f"unknown tile class {c!r}" + _did_you_mean(c, CLASSES))
                continue
            bits |= CLASSES[c]
        return bits

    def tileset(self, spec, path) -> int:
        """The faces a tile set names, as a mask: tiles written tenhou style
        (``23468s6z``) and tile classes (``terminal``, ``honor`` ...), any mix."""
        mask = 0
        for part in _as_list(spec):
            part = str(part)
            if part in TILE_CLASSES:
                mask |= TILE_CLASSES[part]
                continue
            try:
                kinds = T.parse(part)
            except ValueError as e:
                self.err(path, f"{part!r} is neither tiles (such as 23468s6z) nor a tile class "
                         f"({', '.join(TILE_CLASSES)}): {e}")
                continue
            for k in kinds:
                if k >= 34:
                    self.err(path, f"{T.name(k)} is a flower: a tile set holds tiles a hand can hold")
                else:
                    mask |= 1 << k
        return mask

    def set_list(self, specs, path) -> int:
        at = len(self.sets)
        masks = [self.tileset(x, path + (j,)) for j, x in enumerate(_as_list(specs))]
        self.sets += [len(masks), *masks]
        return at

    def program(self, text, path) -> int:
        self.progs.append((str(text), tuple(path)))
        return len(self.progs) - 1

    def relation(self, rel: dict, path) -> int:
        """A `together` relation: its row's index."""
        kinds = 0
        for k in _as_list(rel.get("meld", "chi")):
            if k not in MELD_KINDS:
                self.err(path + ("meld",), f"unknown meld kind {k!r}" + _did_you_mean(k, MELD_KINDS))
                continue
            for kind in MELD_KINDS[k]:
                kinds |= 1 << kind
        suits = {"any": S.SUITS_ANY, "same": S.SUITS_SAME, "different": S.SUITS_DIFFERENT,
                 "rankwise": S.SUITS_RANKWISE}
        mode = rel.get("suits", "any")
        if mode not in suits:
            self.err(path + ("suits",), f"suits is one of {', '.join(suits)}, not {mode!r}")
            mode = "any"
        absolute = "ranks" in rel
        pats = rel["ranks"] if absolute else rel.get("offsets", [])
        if absolute == ("offsets" in rel):
            self.err(path, "together gives ranks (1..9, the melds' lowest ranks as written) or offsets "
                     "(from the lowest), one of them")
        if pats and not isinstance(pats[0], (list, tuple)):
            pats = [pats]
        k = len(pats[0]) if pats else 0
        if not pats or not 2 <= k <= 4 or any(len(pt) != k for pt in pats) or len(pats) > S.MAX_PATTERNS:
            self.err(path, f"together needs 1 to {S.MAX_PATTERNS} patterns of 2 to 4 melds each, all alike")
            pats, k = [[0, 0]], 2
        row = [kinds, k, suits[mode], int(absolute), len(pats)]
        for j in range(S.MAX_PATTERNS):
            pt = sorted(int(x) - (1 if absolute else 0) for x in pats[j]) if j < len(pats) else [0] * k
            if absolute and any(not 0 <= x <= 8 for x in pt):
                self.err(path + ("ranks",), "ranks are 1 to 9")
            row += pt + [0] * (4 - k)
        pair = rel.get("pair")
        if pair is None:
            row += [-1, 0]
        else:
            r = int(pair.get("rank", 0))
            ps = pair.get("suit", "same")
            if not 1 <= r <= 9 or ps not in ("same", "different"):
                self.err(path + ("pair",), "a pair of a relation has a rank 1 to 9 and a suit: same (as the "
                         "melds') or different (from every meld's)")
            if ps == "same" and mode != "same":
                self.err(path + ("pair",), "a pair of the melds' suit needs the melds of one suit (suits: same)")
            row += [r - 1, S.SUITS_SAME if ps == "same" else S.SUITS_DIFFERENT]
        self.rels.append(row)
        return len(self.rels) - 1

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
            elif key == "tiles":
                self.faces = True
                for sub, v in (cond or {}).items():
                    if sub == "only":
                        self.conds.append([S.OP_FACES_ONLY, 0, self.tileset(v, p + (sub,)), 1, 1])
                    elif sub == "all":
                        self.conds.append([S.OP_FACES_ALL, 0, self.tileset(v, p + (sub,)), 1, 1])
                    elif sub == "none":
                        self.conds.append([S.OP_FACES_COUNT, 0, self.tileset(v, p + (sub,)), 0, 0])
                    elif sub == "one_of":
                        self.conds.append([S.OP_HAS_SET, 0, self.set_list(v, p + (sub,)), 1, 1])
                    else:
                        self.err(p + (sub,), f"tiles: only, all, none or one_of, not {sub!r}")
            elif key == "each":
                self.conds.append([S.OP_EACH, 0, self.tileset(cond, p), 1, 1])
            elif key == "held_before_win":
                self.conds.append([S.OP_SUIT_KEY, 0, self.suit_key(cond, p), 1, 1])
            elif key == "test":
                self.conds.append([S.OP_FORMULA, 0, self.program(cond, p), 1, S.BIG])
            elif key in self.facts:
                fact = self.facts[key]
                if fact.kind == "bool" and not isinstance(cond, bool):
                    self.err(p, f"{key} is true or false, not {cond!r}")
                    continue
                lo, hi = self._range(cond, p)
                self.conds.append([fact.op, fact.slot, fact.arg, lo, hi])
            else:
                self.err(p, f"unknown key {key!r}" + _did_you_mean(key, [*self.facts, *CONDITION_KEYS]))
            if self.conds and self.conds[-1][0] in FACE_OPS:
                self.faces = True
        return start, len(self.conds) - start

    def suit_key(self, text, path) -> int:
        """The key of a hand written as ranks of one suit (``1112345678999``)."""
        text = str(text)
        counts = [0] * 9
        for ch in text:
            if not ch.isdigit() or ch == "0":
                self.err(path, f"held_before_win is ranks 1 to 9 of one suit (such as 1112345678999), not {text!r}")
                return -2
            counts[int(ch) - 1] += 1
        if max(counts) > 4:
            self.err(path, f"held_before_win holds more than four of a rank: {text!r}")
        return sum(c * 5 ** r for r, c in enumerate(counts))

    def per(self, per, path) -> tuple[int, int, int, int]:
        """(op, slot, arg, largest count) of an item's `per`: a count, a meld
        filter, or a formula over the facts (count arithmetic)."""
        if per is None:
            return S.OP_ONE, 0, 0, 1
        if isinstance(per, str):
            if per in self.facts and self.facts[per].kind == "count":
                f = self.facts[per]
                if f.op in FACE_OPS:
                    self.faces = True
                return f.op, f.slot, f.arg, f.bound
            if per.isidentifier():
                counts = [n for n, f in self.facts.items() if f.kind == "count"]
                self.err(path, f"per: unknown count {per!r}" + _did_you_mean(per, counts))
                return S.OP_ONE, 0, 0, 1
            return S.OP_FORMULA, 0, self.program(per, path), -1   # its bound: from the formula's
        return S.OP_MELDS, 0, self.filter(per, path), S.N_MELDS


def _as_list(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


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


# the ops that read the reading's faces (item_parts fills FV_FACES where a table has one)
FACE_OPS = (S.OP_FACES_ONLY, S.OP_FACES_COUNT, S.OP_FACES_ALL, S.OP_GROUPS, S.OP_RUN, S.OP_HAS_SET)
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


def _env(table: Table, scoring: dict, facts: dict) -> dict[str, tuple[int, int]]:
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


def value_bounds(table: Table, scoring: dict, progs: dict, inline: dict, facts: dict | None = None) -> list:
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


ROUTE_BITS = S.FACT_SELF_DRAWN | S.FACT_DISCARD
WHOLE_SLOT = (S.OP_SLOT, S.OP_NONZERO, S.OP_POPCOUNT)


def _reads_route(op, slot, arg) -> bool:
    """Whether a fact read (op, slot, arg) can see how the hand was won."""
    if slot != S.FV_FACTS:
        return False
    return (op in WHOLE_SLOT or (op == S.OP_BIT and (1 << arg) & ROUTE_BITS != 0)
            or (op == S.OP_POPMASK and arg & ROUTE_BITS != 0))


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
