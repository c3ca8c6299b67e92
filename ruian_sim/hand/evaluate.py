"""Evaluating one hand from Python: win, shapes, hard/soft, shanten, waits.

    >>> from ruian_sim.hand import HandEvaluator
    >>> ev = HandEvaluator(load_rules("ruian"))
    >>> ev.evaluate("123456789m123p11z", wild="9s").win
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .. import tiles as T
from ..errors import UserError
from . import complete as C
from . import kernels as K
from . import layout as L
from .spec import hand_params, hand_tables, live_wilds, shape_names

MELD_KINDS = ("chi", "pon", "kong")


@dataclass(frozen=True)
class Meld:
    """A meld set aside, by its tiles as written: ``Meld("chi", lowest)``,
    ``Meld("pon", kind)`` or ``Meld("kong", kind)``.  A pon of 白板 is a pon of
    the wild's kind when 白板 stands in for it; a chi that uses 白板 that way
    lists its raw tiles: ``Meld("chi", 4m, raw=(4m, 5z, 6m))``."""

    kind: str
    tile: int
    raw: tuple[int, ...] = ()

    def tiles(self) -> list[int]:
        if self.raw:
            return list(self.raw)
        if self.kind == "chi":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (3 if self.kind == "pon" else 4)


@dataclass
class HandResult:
    hand: str
    win: bool
    shapes: list[str]
    hard: bool
    shanten: int
    waits: list[str] = field(default_factory=list)
    hard_shapes: list[str] = field(default_factory=list)
    wilds: int = 0

    def as_json(self) -> dict:
        return {"hand": self.hand, "win": self.win, "shapes": self.shapes, "hard": self.hard,
                "shanten": self.shanten, "waits": self.waits, "hard_shapes": self.hard_shapes,
                "wilds": self.wilds}


def _names(mask: int, names: tuple[str, ...]) -> list[str]:
    return [n for i, n in enumerate(names) if mask & (1 << i)]


class HandEvaluator:
    """Evaluates concealed hands under one RuleSet (tables load once)."""

    def __init__(self, rules):
        self.rules = rules
        self.hs = hand_params(rules)
        self.shape_names = shape_names(rules)
        self.tabs = hand_tables(rules)
        self.in_play = set(rules.tiles.kinds)
        self.copies = rules.tiles.copies
        self.live = live_wilds(rules)
        self._bufs = (np.zeros(L.BOT_ROW0 * L.ROW, np.int64), np.zeros(4, np.int64))

    # --- input -----------------------------------------------------------
    def aside_kinds(self, wild: int | None) -> set[int]:
        """The kinds laid aside and replaced like flowers (tiles.aside): one that is
        the wild is not, and tiles.aside_if_wild is laid aside in its place."""
        kinds = set(self.rules.tiles.aside)
        if wild is not None and wild in kinds:
            kinds.discard(wild)
            if self.rules.tiles.aside_if_wild is not None:
                kinds.add(self.rules.tiles.aside_if_wild)
        return kinds

    def parse_hand(self, hand: str | list[int], wild: int | None) -> list[int]:
        kinds = T.parse(hand) if isinstance(hand, str) else list(hand)
        held = T.counts(kinds)
        aside = self.aside_kinds(wild)
        for k in sorted(set(kinds)):
            if k not in self.in_play:
                raise UserError(f"{T.name(k)} is not a tile of these rules ({self.rules.name})")
            if k in aside:
                # drawn, it is laid aside and replaced at once: no hand holds one
                raise UserError(f"{T.name(k)} is laid aside under these rules ({self.rules.name}), never held: "
                                f"give it with --flowers")
            limit = self.live if (wild is not None and k == wild) else self.copies
            if held[k] > limit:
                what = "wild tiles in play" if k == wild else "copies"
                raise UserError(f"the hand holds {held[k]} × {T.name(k)}; there are only {limit} {what}")
        return kinds

    def check_melds(self, melds: tuple[Meld, ...], kinds: list[int], wild: int | None) -> None:
        """Melds must be real: known kinds, suited runs, no wilds, no fifth copy."""
        held = T.counts(kinds)
        for m in melds:
            if m.kind not in MELD_KINDS:
                raise UserError(f"unknown meld {m.kind!r} (chi, pon or kong)")
            if m.kind == "chi":
                faces = sorted(self.meld_faces(m, wild))
                if not (T.is_suited(faces[0]) and T.rank_of(faces[0]) <= 7
                        and faces == [faces[0], faces[0] + 1, faces[0] + 2]):
                    raise UserError(f"chi {T.format_kinds(m.tiles())}: a chi is three ranks in a row "
                                    f"of one suit")
            if len(m.tiles()) != {"chi": 3, "pon": 3, "kong": 4}[m.kind]:
                raise UserError(f"{m.kind} {T.format_kinds(m.tiles())}: wrong number of tiles")
            if m.kind != "chi" and len(set(self.meld_faces(m, wild))) != 1:
                raise UserError(f"{m.kind} {T.format_kinds(m.tiles())}: tiles of one kind only")
            for t in m.tiles():
                if t not in self.in_play:
                    raise UserError(f"meld {m.kind} {T.format_kinds(m.tiles())}: {T.name(t)} is not in play")
                if wild is not None and self.live and t == wild:
                    raise UserError(f"meld {m.kind} {T.format_kinds(m.tiles())}: a wild cannot be used "
                                    f"in a meld")
                held[t] += 1
        for t in range(L.N_FACES):
            if held[t] > self.copies:
                raise UserError(f"hand and melds hold {held[t]} × {T.name(t)}; "
                                f"there are only {self.copies} copies")

    def meld_faces(self, m: Meld, wild: int | None) -> list[int]:
        wf = self._stand_in_face(wild)
        stand_in = int(self.hs[L.HS_STANDIN])
        return [wf if (wf is not None and t == stand_in) else t for t in m.tiles()]

    def _stand_in_face(self, wild: int | None) -> int | None:
        stand_in = int(self.hs[L.HS_STANDIN])
        if wild is None or self.live == 0 or stand_in < 0 or stand_in == wild:
            return None
        return wild

    def faces(self, kinds: list[int], wild: int | None) -> tuple[np.ndarray, int, int]:
        """(face counts, wilds, wild face) with the stand-in counted at the wild's face."""
        cnt = np.zeros(L.N_FACES, np.int64)
        w = 0
        stand_in = int(self.hs[L.HS_STANDIN])
        wf = -1 if wild is None or self.live == 0 else wild
        for k in kinds:
            if k == wf:
                w += 1
            elif wf >= 0 and k == stand_in and stand_in != wf:
                cnt[wf] += 1
            else:
                cnt[k] += 1
        return cnt, w, wf

    def caps(self, wf: int, melds=()) -> np.ndarray:
        """Per-face caps for this hand (hand.layout.CAPX_SIZE)."""
        capx = np.zeros(L.CAPX_SIZE, np.int64)
        capx[:L.N_FACES] = self.hs[L.HS_CAP]
        wild = wf if wf >= 0 else None
        if wild is not None and self._stand_in_face(wild) is not None:
            capx[wf] = self.hs[L.HS_CAPW]
        for m in melds:
            for f in self.meld_faces(m, wild):
                capx[f] -= 1
        K.set_tight(capx, self.hs)
        return capx

    # --- evaluation --------------------------------------------------------
    def _args(self, cnt, w, wf, melds):
        keys = np.zeros(L.N_GROUPS, np.int64)
        K.compute_keys(cnt, int(self.hs[L.HS_B]), keys)
        chis = sum(1 for m in melds if m.kind == "chi")
        k = int(self.hs[L.HS_M]) - len(melds)
        return keys, k, chis, self.caps(wf, melds)

    def shapes_mask(self, cnt, w, wf, melds=()) -> int:
        keys, k, chis, capx = self._args(cnt, w, wf, melds)
        return int(C.complete_shapes(cnt, keys, w, k, len(melds), chis, self.hs, self.tabs, capx,
                                     self._bufs[0]))

    def hard_mask(self, cnt, w, wf, melds=(), self_drawn=False) -> int:
        keys, k, chis, capx = self._args(cnt, w, wf, melds)
        return int(C.hard_shapes(cnt, keys, w, k, len(melds), chis, wf, self.hs, self.tabs, capx,
                                 self_drawn, self._bufs[0]))

    def shanten_of(self, cnt, w, wf, melds=()) -> int:
        keys, k, chis, capx = self._args(cnt, w, wf, melds)
        return int(C.shanten(cnt, keys, w, k, len(melds), chis, self.hs, self.tabs, capx, *self._bufs))

    def waits_of(self, kinds: list[int], wild: int | None, melds=()) -> list[int]:
        """Kinds that complete a hand one short, the wild and the stand-in included,
        none the hand and its melds have used up."""
        held = T.counts(kinds + [t for m in melds for t in m.tiles()])
        out = []
        for x in sorted(self.in_play):
            limit = self.live if (wild is not None and x == wild and self.live) else self.copies
            if held[x] >= limit:
                continue
            cnt, w, wf = self.faces(kinds + [x], wild)
            if self.shapes_mask(cnt, w, wf, melds):
                out.append(x)
        return out

    def evaluate(self, hand: str | list[int], wild: str | int | None, melds=(),
                 self_drawn: bool = False) -> HandResult:
        if isinstance(wild, str):
            wild = T.parse_one(wild)
        kinds = self.parse_hand(hand, wild)
        melds = tuple(melds)
        full = int(self.hs[L.HS_HAND]) + 1 - 3 * len(melds)
        most = (int(self.hs[L.HS_HAND]) - 1) // 3   # a winning hand keeps at least its pair in hand
        if len(melds) > most:
            raise UserError(f"{len(melds)} melds set aside; these rules' hands hold at most {most} "
                            f"beside the tiles in hand")
        if len(kinds) not in (full, full - 1):
            raise UserError(f"the hand has {len(kinds)} tiles; these rules need {full - 1} or {full}"
                            + (f" beside {len(melds)} meld{'s' if len(melds) > 1 else ''}" if melds else ""))
        self.check_melds(melds, kinds, wild)
        cnt, w, wf = self.faces(kinds, wild)
        text = T.format_kinds(kinds)
        shanten = self.shanten_of(cnt, w, wf, melds)
        if len(kinds) == full:
            mask = self.shapes_mask(cnt, w, wf, melds)
            hard = self.hard_mask(cnt, w, wf, melds, self_drawn) if mask else 0
            return HandResult(text, bool(mask), _names(mask, self.shape_names), bool(hard), shanten,
                              hard_shapes=_names(hard, self.shape_names), wilds=w)
        waits = self.waits_of(kinds, wild, melds) if shanten == 0 else []
        return HandResult(text, False, [], False, shanten, [T.name(x) for x in waits], wilds=w)
