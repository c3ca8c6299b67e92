"""Scoring one hand written as tiles: what `ruian-sim hand --win ...` prints.

The hand goes through the same kernels as the engine: the evaluator of
shapes and hard/soft (hand/), every reading (hand/arrange.py), and the
table's items and formula (scoring/kernels.py); the reading worth most is
kept, as at the table.

    >>> score_hand(load("ruian", ["taiwanese"]), "123456789m11122z", ["pon 555p"], "self")
"""

from __future__ import annotations

import numpy as np

from .. import tiles as T
from ..engine import layout as EL
from ..engine.valuation import hand_value, passes_gate, programs
from ..errors import UserError
from ..hand import arrange as A
from ..hand.evaluate import HandEvaluator, Meld
from ..ruleset import RuleSet
from . import kernels as K
from . import layout as S
from .settle import table as compiled_table

WINS = {
    "self": EL.FACT_SELF_DRAWN,
    "discard": EL.FACT_DISCARD,
    "kong": EL.FACT_SELF_DRAWN | EL.FACT_KONG_DRAW,
    "robbed": EL.FACT_DISCARD | EL.FACT_ROBBED,
    "haidi": EL.FACT_SELF_DRAWN | EL.FACT_HAIDI,
    "none": 0,
}
MELD_WORDS = {"chi": (A.KIND_CHI, "chi"), "pon": (A.KIND_PUNG, "pon"), "pung": (A.KIND_PUNG, "pon"),
              "kong": (A.KIND_KONG_EXPOSED, "kong"), "akong": (A.KIND_KONG_ADDED, "kong"),
              "ckong": (A.KIND_KONG_CONCEALED, "kong")}
MELD_NOTATION = ("melds as 'pon 555p', 'chi 123s', 'kong 7777z' (exposed), 'akong 2222m' (added to a "
                 "pon), 'ckong 1111m' (concealed), separated by commas")


def parse_melds(melds) -> list[tuple[int, Meld]]:
    """'pon 555p, chi 123s' or a list of such strings -> [(meld kind code, Meld)]."""
    if isinstance(melds, str):
        melds = [m for m in melds.split(",") if m.strip()]
    out = []
    for text in melds:
        words = text.split()
        if len(words) != 2 or words[0] not in MELD_WORDS:
            raise UserError(f"--melds: {text.strip()!r} is not a meld; write {MELD_NOTATION}")
        code, kind = MELD_WORDS[words[0]]
        try:
            kinds = sorted(T.parse(words[1]))
        except T.TileError as exc:
            raise UserError(f"--melds: {exc}") from None
        want = 3 if kind in ("chi", "pon") else 4
        ok = len(kinds) == want and (
            len(set(kinds)) == 1 if kind != "chi"
            else T.is_suited(kinds[0]) and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2])
        if not ok:
            raise UserError(f"--melds: {text.strip()!r}: a {words[0]} is "
                            + ("three tiles in a row of one suit" if kind == "chi" else
                               f"{want} tiles of one kind"))
        out.append((code, Meld(kind, kinds[0])))
    return out


def _suit_facts(kinds: list[int], melds) -> int:
    groups = {k // 9 if k < 27 else 3 for k in kinds} | {m.tile // 9 if m.tile < 27 else 3 for _, m in melds}
    suits = len(groups - {3})
    if suits == 1 and 3 not in groups:
        return EL.FACT_ONE_SUIT
    if suits == 1:
        return EL.FACT_HALF_SUIT
    return 0


class HandScorer:
    """Scores hands under one RuleSet (the evaluator and the table compile once)."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.ev = HandEvaluator(rules)
        self.table = compiled_table(rules.scoring)
        self.prog = programs(self.table, rules.scoring)
        self.sc = np.zeros(A.ARR_SCRATCH, np.int64)
        self.rows = np.zeros((512, S.FV_SIZE), np.int64)

    def _could_come(self, rest: list[int], wild, melds) -> int:
        """How many natural kinds could still come to a hand one tile short (as
        the engine's could_come: not the wild, not a flower or a kind laid
        aside, not one the hand and its melds hold every copy of)."""
        held = T.counts(rest + [t for m in melds for t in m.tiles()])
        aside = set(self.rules.tiles.aside)
        return sum(1 for x in self.ev.in_play
                   if x != wild and not T.is_flower(x) and x not in aside and held[x] < self.ev.copies)

    def hand_of(self, fv, parts) -> int:
        """The seat's own hand value: the table's ``hand`` formula (settle.hands),
        or its value against a non-dealer when the table has none."""
        from .settle import hands

        return int(hands(fv[None, None, :], parts[None, None, :S.OUT_W], self.rules)[0, 0])

    def contributions(self, fv, mask: int) -> dict:
        """Each applied item's contribution: points or 台 added, or the factor."""
        tab = self.table.tab
        out = {}
        for i, name in enumerate(self.table.item_names):
            if not (mask >> i) & 1:
                continue
            row = int(tab[S.T_ITEMS]) + i * S.ITEM_W
            count = int(K._item_count(fv, tab, row))
            amount = int(tab[row + S.IT_AMOUNT])
            out[name] = amount ** count if tab[row + S.IT_PART] == S.PART_TIMES else amount * count
        return out

    def score(self, hand: str, melds=(), win: str = "self", tile: str = "", seat: int = 0,
              round: int = 0, flowers: str = "", *, wild=None, streak: int = 1, first: bool = False,
              chain=None, discarder=None) -> dict:
        """One seat's hand: {win, value, hand, points, tai, times, items, reading, _fv}.
        ``chain``: the unbroken chain of kongs and wild discards (飘) that ended
        in this win, ``{kongs: K, piao: P}`` or a count (all kongs);
        ``discarder`` is for settle() and changes nothing here."""
        if win not in WINS:
            raise UserError(f"--win: {win!r}; one of {', '.join(WINS)}")
        if isinstance(wild, str):
            wild = None if wild.lower() == "none" else T.parse_one(wild)
        ms = parse_melds(melds)
        kinds = self.ev.parse_hand(hand, wild)
        full = self.rules.deal.hand_size + 1 - 3 * len(ms)
        win_tile = T.parse_one(tile) if tile else None
        if win != "none":
            if len(kinds) == full - 1:
                if win_tile is None:
                    raise UserError(f"the hand has {len(kinds)} tiles: give the winning tile (--tile)")
                kinds = kinds + [win_tile]
            elif len(kinds) == full:
                win_tile = win_tile if win_tile is not None else T.parse(hand)[-1]
            else:
                raise UserError(f"the hand has {len(kinds)} tiles; a win needs {full} "
                                f"(or {full - 1} and --tile) beside {len(ms)} melds")
        meld_objs = tuple(m for _, m in ms)
        cnt, w, wf = self.ev.faces(kinds, wild)
        route = WINS[win]
        shapes = self.ev.shapes_mask(cnt, w, wf, meld_objs) if win != "none" else 0
        if win != "none" and not shapes:
            return {"win": False, "reason": "the hand is not complete", "value": 0, "hand": 0, "points": 0,
                    "tai": 0, "times": 1, "items": {}}
        hard = self.ev.hard_mask(cnt, w, wf, meld_objs, bool(route & EL.FACT_SELF_DRAWN)) if shapes else 0
        facts = route
        if shapes:
            facts |= _suit_facts([k for k in kinds if k != wild], ms)
            claimed = sum(1 for c, _ in ms if c != A.KIND_KONG_CONCEALED)
            if route & EL.FACT_DISCARD and claimed == self.ev.hs[0]:
                facts |= EL.FACT_ALL_MELDED
            rest = list(kinds)
            rest.remove(win_tile)
            naturals = [x for x in self.ev.waits_of(rest, wild, meld_objs) if x != wild]
            if len(naturals) == 1:
                facts |= EL.FACT_SINGLE_WAIT
            if naturals and len(naturals) == self._could_come(rest, wild, meld_objs):
                facts |= EL.FACT_WAITS_ANY
            if first:
                facts |= EL.FACT_HEAVENLY if seat == 0 and route & EL.FACT_SELF_DRAWN else EL.FACT_EARTHLY
        fv = np.zeros(S.FV_SIZE, np.int64)
        fv[S.FV_SHAPES], fv[S.FV_HARD], fv[S.FV_FACTS] = shapes, hard, facts
        fv[S.FV_WILDS] = w
        fv[S.FV_STREAK] = streak
        fv[S.FV_DEALER] = 1 if seat == 0 else 0
        fv[S.FV_KONGS] = sum(1 for c, _ in ms if c >= A.KIND_KONG_EXPOSED)
        fl = T.parse(flowers) if flowers else []
        fv[S.FV_FLOWER_BITS] = sum(1 << (k - T.FLOWER_BASE) for k in fl if T.is_flower(k))
        fv[S.FV_ASIDE] = sum(1 for k in fl if not T.is_flower(k))
        fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND] = seat, round % 4
        fv[S.FV_CONCEALED] = 1 if all(c == A.KIND_KONG_CONCEALED for c, _ in ms) else 0
        fv[S.FV_WON] = 1 if win != "none" else 0
        kongs, piao = _chain(chain)
        fv[S.FV_CHAIN] = kongs + piao
        fv[S.FV_WHITES] = w + piao
        if win != "none":
            fv[S.FV_QUADS] = int((cnt == 4).sum())
        for i, (c, m) in enumerate(ms[:S.N_MELDS]):
            face = self.ev.meld_faces(m, wild)[0]
            fv[S.FV_MELD + i] = A.meld_code(c, 1 if c == A.KIND_KONG_CONCEALED else 0, face, 0)
        readings = [fv]
        if shapes & 1:  # standard: every reading of the concealed part
            f_win = -1
            if win_tile is not None:
                fc, fw, _ = self.ev.faces([win_tile], wild)
                f_win = int(np.argmax(fc)) if fw == 0 else -1
            need = int(self.ev.hs[0]) - len(ms)
            n = A.arrangements(cnt, w, need, wf if wf >= 0 else 0, f_win, bool(route & EL.FACT_DISCARD), fv,
                               len(ms), self.sc, self.rows)
            readings = [self.rows[i].copy() for i in range(n)] or readings
            if shapes & ~1:
                readings.append(fv)
        best = None
        for r in readings:
            parts = np.zeros(16, np.int64)
            v = int(hand_value(r, self.table.tab, self.prog, parts))
            key = (v, int(parts[S.OUT_POINTS]))
            if best is None or key > best[0]:  # as the engine: more value, then more points
                best = (key, r, parts)
        (value, _), r, parts = best
        out = {"win": win != "none", "value": value, "hand": self.hand_of(r, parts),
               "points": int(parts[S.OUT_POINTS]),
               "tai": int(parts[S.OUT_TAI]), "times": int(parts[S.OUT_TIMES]),
               "items": self.contributions(r, int(parts[S.OUT_ITEMS])),
               "reading": describe(r)}
        if win != "none" and self.table.gate is not None and not passes_gate(r, self.table.tab, self.prog, parts):
            out["win"] = False
            out["reason"] = "the rules' gate refuses this win"
        out["_fv"] = r
        return out


def describe(fv) -> dict:
    """The reading in words: melds as written in --melds, the pair, the wait."""
    melds = []
    for code in fv[S.FV_MELD:S.FV_MELD + S.N_MELDS]:
        code = int(code)
        if not code:
            continue
        kind, face = code % 8, (code // S.MELD_FACE) % 64
        word = {S.MELD_CHI: "chi", S.MELD_PUNG: "pon", S.MELD_KONG_EXPOSED: "kong",
                S.MELD_KONG_ADDED: "akong", S.MELD_KONG_CONCEALED: "ckong"}[kind]
        tiles = [face, face + 1, face + 2] if kind == S.MELD_CHI else [face] * (3 if kind == S.MELD_PUNG else 4)
        text = f"{word} {T.format_kinds(tiles)}"
        if kind <= S.MELD_PUNG and (code // S.MELD_CONCEALED) % 2:
            text += " (concealed)"
        if code // S.MELD_WILDS:
            text += f" ({code // S.MELD_WILDS} wild)"
        melds.append(text)
    pair = int(fv[S.FV_PAIR])
    out = {"melds": melds}
    if pair:
        face, wilds = (pair - 1) % S.PAIR_WILDS, (pair - 1) // S.PAIR_WILDS
        out["pair"] = T.format_kinds([face] * 2) + (f" ({wilds} wild)" if wilds else "")
    out["wait"] = S.WAIT_NAMES[int(fv[S.FV_WAIT])]
    return out


def _chain(chain) -> tuple[int, int]:
    """(kongs, wild discards) of a chain given as {kongs, piao}, a count of kongs, or None."""
    if chain is None:
        return 0, 0
    if isinstance(chain, dict):
        unknown = set(chain) - {"kongs", "piao"}
        if unknown:
            raise UserError(f"chain: unknown key {sorted(unknown)[0]!r}; a chain is {{kongs: K, piao: P}}")
        return int(chain.get("kongs", 0)), int(chain.get("piao", 0))
    return int(chain), 0


def score_hand(rules: RuleSet, hand, melds=(), win="self", tile="", seat=0, round=0, flowers="", **context):
    """One seat's hand under ``rules``: {win, value, hand, points, tai, times, items, reading}.
    ``seat`` is the seat wind (0: the dealer); ``win="none"`` values a loser's hand.
    Keyword context: ``wild``, ``streak``, ``first``, ``chain``, ``discarder``.
    The seat's fact vector stays in the result as ``fv`` (a numpy array) for settle()."""
    out = HandScorer(rules).score(hand, melds, win, tile, seat, round, flowers, **context)
    fv = out.pop("_fv", None)
    if fv is not None:
        out["fv"] = fv
    return out


OUTCOMES = {"self": EL.OUT_SELF_DRAW, "kong": EL.OUT_SELF_DRAW, "discard": EL.OUT_DISCARD_WIN,
            "robbed": EL.OUT_ROBBED_KONG, "haidi": EL.OUT_HAIDI_WIN, "none": EL.OUT_EXHAUSTIVE}


def hand_record(rules: RuleSet, scores: dict, *, winner, dealer=0, discarder=None, streak=1, win="self"):
    """A one-hand record (engine/records.py columns) whose seats are the fact
    vectors of ``scores`` ({seat: score_hand(...) result}); a seat left out
    holds nothing.  The record rebuilds exactly these vectors
    (settle.fact_vectors), which is checked."""
    from ..engine.records import column_names, to_structured
    from .settle import fact_vectors

    n = rules.table.seats
    if win not in OUTCOMES:
        raise UserError(f"win: {win!r}; one of {', '.join(OUTCOMES)}")
    rec = to_structured(np.zeros((1, len(column_names(n))), np.int64), n)
    won = win != "none" and winner is not None
    rec["dealer"], rec["streak"] = dealer, streak
    rec["outcome"] = OUTCOMES[win] if won else EL.OUT_EXHAUSTIVE
    rec["winners"] = 1 << winner if won else 0
    rec["winner"] = winner if won else -1
    rec["discarder"] = -1 if discarder is None else discarder
    fvs = {}
    for s in range(n):
        got = scores.get(s)
        fv = np.zeros(S.FV_SIZE, np.int64) if got is None else np.asarray(got["fv"], np.int64).copy()
        if got is None:
            fv[S.FV_CONCEALED] = 1
        fv[S.FV_STREAK], fv[S.FV_DEALER], fv[S.FV_WON] = streak, s == dealer, won and s == winner
        if got is not None and fv[S.FV_SEAT_WIND] != (s - dealer) % n:
            raise UserError(f"seat {s} was scored with seat wind {int(fv[S.FV_SEAT_WIND])}, "
                            f"but with dealer {dealer} its wind is {(s - dealer) % n}")
        fv[S.FV_SEAT_WIND] = (s - dealer) % n
        fvs[s] = fv
        codes = [int(c) for c in fv[S.FV_MELD:S.FV_MELD + S.N_MELDS]]
        col = {"shapes": fv[S.FV_SHAPES], "hard": fv[S.FV_HARD], "facts": fv[S.FV_FACTS],
               "wilds": fv[S.FV_WILDS], "flower_bits": fv[S.FV_FLOWER_BITS], "aside": fv[S.FV_ASIDE],
               "flowers": bin(int(fv[S.FV_FLOWER_BITS])).count("1"),
               "kong_exposed": sum(c % 8 == S.MELD_KONG_EXPOSED for c in codes if c),
               "kong_added": sum(c % 8 == S.MELD_KONG_ADDED for c in codes if c),
               "kong_concealed": sum(c % 8 == S.MELD_KONG_CONCEALED for c in codes if c),
               # the record knows concealment only as "no claimed pon or chi" (settle.fact_vectors)
               "pons": 0 if fv[S.FV_CONCEALED] else 1, "chis": 0,
               "wait": fv[S.FV_WAIT], "pair": fv[S.FV_PAIR], "quads": fv[S.FV_QUADS], "chain": fv[S.FV_CHAIN],
               "chain_wilds": fv[S.FV_WHITES] - fv[S.FV_WILDS], "player": s,
               **{f"meld{m}": codes[m] for m in range(S.N_MELDS)}}
        for name, v in col.items():
            rec[f"{name}_{s}"] = int(v)
        for key in ("points", "tai", "times", "value"):
            if got is not None and key in got:
                rec[f"{key}_{s}"] = int(got[key])
    rec["round"] = int(fvs[0][S.FV_ROUND_WIND]) if 0 in fvs else 0
    back = fact_vectors(rec, n)[0]
    for s in range(n):
        if not np.array_equal(back[s], fvs[s]):
            diff = [i for i in range(S.FV_SIZE) if back[s, i] != fvs[s][i]]
            raise AssertionError(f"seat {s}: the record does not rebuild fact vector slots {diff}")
    return rec


def settle(rules: RuleSet, scores: dict, *, winner, dealer=0, discarder=None, streak=1, win="self") -> dict:
    """Each seat's net payment for one hand whose seats ``scores`` holds
    ({seat: score_hand(...)}; a seat left out holds nothing), by the rules'
    own settlement (settle.score on a one-hand record)."""
    from .settle import score

    rec = hand_record(rules, scores, winner=winner, dealer=dealer, discarder=discarder, streak=streak, win=win)
    pay = score(rec, rules).seat_points[0]
    return {s: int(pay[s]) for s in range(rules.table.seats)}
