"""One seat's hand valued by the engine's own kernels: what `ruian-sim hand` scores.

A table is set up with only that seat's tiles (the wild and its stand-in by
intake.set_wild, the melds by seat.add_meld, each tile by add_face) and the
win is valued by valuation.win_reading, the very kernel the engine's record
calls, so every fact (suits, waits, 天胡, the chain) and every reading means
the same in `hand` and in play.  The seat is seat ``seat_wind`` with seat 0
dealing, so its seat wind is what the caller says.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import UserError
from ..table import layout as L
from ..table.intake import set_wild
from ..table.seat import add_face, add_meld, face_of
from ..table.losers import loser_reading
from ..table.valuation import win_reading
from .arrays import new_state, value_work
from .game import Game
from .record import write_hand

# meld kinds of the scoring language (scoring/layout MELD_*) -> the engine's M_TYPE
ENGINE_MELD = {1: L.MELD_CHI, 2: L.MELD_PON, 3: L.MELD_KONG_EXP, 4: L.MELD_KONG_ADD, 5: L.MELD_KONG_CON}


@dataclass
class Situation:
    """How a hand was won, beyond its tiles (what `hand`'s options say)."""

    route: int = 0            # FACT_* of the route: self_drawn, discard_win, kong_draw, robbed_kong, haidi, last_*
    seat_wind: int = 0        # 0 = East, the dealer
    round_wind: int = 0
    streak: int = 1
    flower_bits: int = 0      # bit i: flower (i+1)f laid aside
    aside: int = 0            # other tiles laid aside
    kong_chain: int = 0       # kongs in the unbroken chain that ended in the win (杠开 ...)
    wild_chain: int = 0       # wilds discarded in that chain (财飘)
    first: bool = False       # in the first go-around, before any claim (天胡 / 地胡)
    shown: int = 0            # copies of the winning tile's kind everyone saw before the win (和绝张)


class SeatTable:
    """A one-seat table of a compiled game, reused for every hand scored."""

    def __init__(self, game: Game):
        self.spec = game.spec
        self.rules = game.kernel_rules
        self.state, self.work = new_state(game.spec)
        self.values = value_work(game)

    def _setup(self, wild: int, melds, faces_of_tiles, sit: Situation, win_tile: int | None = None) -> int:
        st, n = self.state, self.spec.seats
        seats, table = st.seats, st.table
        for a in (seats.cnt, seats.keys, seats.F, table.H, table.vis, table.face_ok):
            a[:] = 0
        seats.melds[:] = -1
        H = table.H
        H[L.H_DEALER] = 0
        H[L.H_STREAK] = sit.streak
        H[L.H_ROUND] = sit.round_wind
        set_wild(wild, self.rules, seats, table)
        s = sit.seat_wind % n
        self.seat = s
        F = seats.F
        for kind, face in melds:
            frm = -1 if kind == 5 else (s + 1) % n
            add_meld(s, ENGINE_MELD[kind], face, frm, self.rules, seats)
            if kind >= 3:
                F[s, (L.F_KONG_EXP, L.F_KONG_ADD, L.F_KONG_CON)[kind - 3]] += 1
        wk, si = int(H[L.H_WK]), int(H[L.H_SI])
        for raw in faces_of_tiles:
            add_face(s, face_of(raw, wk, si), seats.cnt, seats.keys, F, self.rules.pw)
        F[s, L.F_FLOWER_BITS] = sit.flower_bits
        F[s, L.F_FLOWERS] = bin(sit.flower_bits).count("1")
        F[s, L.F_ASIDE] = sit.aside
        F[s, L.F_CHAIN] = sit.kong_chain + sit.wild_chain
        F[s, L.F_CHAIN_WILDS] = sit.wild_chain
        H[L.H_KONGS] = sum(1 for kind, _ in melds if kind >= 3)
        if sit.first:
            # nothing claimed, this seat has not discarded; before it, one discard per seat ahead
            H[L.H_CLAIMS], F[s, L.F_DISCARDS], H[L.H_DISCARDS] = 0, 0, s
        else:
            H[L.H_CLAIMS], F[s, L.F_DISCARDS], H[L.H_DISCARDS] = 1, 1, n + 1
        if win_tile is not None:
            # the copies seen before, as the table's record of them (a discard is seen as it is thrown)
            thrown = sit.route & L.FACT_DISCARD and not sit.route & L.FACT_ROBBED
            table.vis[win_tile] = sit.shown + (1 if thrown else 0)
        return s

    def _check(self) -> None:
        H = self.state.table.H
        code = int(H[L.H_ERROR])
        if code:
            from ..scoring.layout import FE_NAMES

            why = L.ERR_NAMES[code]
            if code == L.ERR_FORMULA:
                why += ": " + "; ".join(t for b, t in FE_NAMES if int(H[L.H_ERR_BITS]) & b)
            raise UserError(f"this hand cannot be scored: {why}")

    def win(self, tiles: list[int], win_tile: int | None, wild: int, melds, sit: Situation):
        """Value a win: ``tiles`` are the concealed raw kinds, the winning tile
        included; ``melds`` (scoring meld kind, face) pairs.  Returns
        (shapes, hard, facts, passed, fv, parts) with copies of the arrays."""
        s = self._setup(wild, melds, tiles, sit, win_tile)
        st = self.state
        f = L.NO_TILE
        if win_tile is not None:
            f = face_of(win_tile, int(st.table.H[L.H_WK]), int(st.table.H[L.H_SI]))
        shapes, hard, facts, passed = win_reading(s, f, sit.route, True, self.rules, st.seats, st.table,
                                                  self.work, self.values)
        self._check()
        if passed == 0 and shapes:
            # the gate refuses it: show the reading worth most all the same (marked refused by the caller)
            self._setup(wild, melds, tiles, sit, win_tile)
            win_reading(s, f, sit.route, False, self.rules, st.seats, st.table, self.work, self.values)
            self._check()
        return (int(shapes), int(hard), int(facts), int(passed), self.values.best.copy(),
                self.values.parts[:L_PARTS].copy())

    def loser(self, tiles: list[int], wild: int, melds, sit: Situation):
        """A seat that did not win, valued on its melds set aside: (fv, parts)."""
        s = self._setup(wild, melds, tiles, sit)
        st = self.state
        loser_reading(s, self.rules, st.seats, st.table, self.values)
        self._check()
        return self.values.best.copy(), self.values.parts[:L_PARTS].copy()


    def hand_columns(self) -> dict[str, int]:
        """The last valued seat's hand as the engine's record keeps it (held_lo,
        held_hi, meld_from: engine/record.write_hand), so a record built from
        this score re-scores the same (settle.hand_record.hand_record)."""
        n = self.spec.seats
        row = np.zeros(L.C_FIXED + L.S_NFIELDS * n, np.int64)
        write_hand(self.seat, n, self.state.seats, row, L.C_FIXED)
        return {name: int(row[L.C_FIXED + field * n + self.seat])
                for name, field in (("held_lo", L.S_HELD_LO), ("held_hi", L.S_HELD_HI), ("meld_from", L.S_MELD_FROM))}


L_PARTS = 8   # the reading's parts (valuation.P_*), before the best-so-far copy

