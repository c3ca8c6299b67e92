"""An item's conditions, meld filters, tile sets, relations and `per` read
into the rows of a compiled table (scoring/layout.py), apart from the rest of
the compile (scoring/compile.py) because it is the larger half of it: one
builder collects every item's rows and every mistake found on the way, each
at its key path.
"""

from __future__ import annotations

import difflib

from .. import tiles as T
from . import layout as S
from .facts import CLASSES, CONDITION_KEYS, MELD_KINDS, TILE_CLASSES, WAITS, Fact, not_a_fact


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


# the ops that read the reading's faces (item_parts fills FV_FACES where a table has one)
FACE_OPS = (S.OP_FACES_ONLY, S.OP_FACES_COUNT, S.OP_FACES_ALL, S.OP_GROUPS, S.OP_RUN, S.OP_HAS_SET)
