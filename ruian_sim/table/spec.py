"""Compile a RuleSet into a KernelSpec: numbers only, for the compiled engine."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from .. import tiles as T
from ..hand.spec import hand_params, hand_tables
from ..hand.tables import Tables
from ..ruleset import RuleSet
from ..scoring.compile import draw_settled, rules_table
from . import layout as L

_SOURCE = {"turned": L.WILD_TURNED, "next": L.WILD_NEXT, "fixed": L.WILD_FIXED, "none": L.WILD_NONE}
_CHI = {"left": L.CHI_LEFT, "any": L.CHI_ANY, "never": L.CHI_NEVER}
_ROB = {"added": L.ROB_ADDED, "any": L.ROB_ANY, "never": L.ROB_NEVER}
_MULTI = {"first": L.MULTI_FIRST, "all": L.MULTI_ALL, "draw": L.MULTI_DRAW}
_FW = {"none": L.FW_NONE, "draw": L.FW_DRAW, "penalty": L.FW_PENALTY}
# ring stack indices grow counterclockwise (table/wall.py)
_DIRECTION = {"counterclockwise": 1, "clockwise": -1}
_CLAIM = {"win": L.CLAIM_WIN, "kong": L.CLAIM_KONG, "pon": L.CLAIM_PON, "chi": L.CLAIM_CHI}
# Most hands one match may take when the rules set no streak cap (a safety bound).
UNCAPPED_TERMS = 50


def match_terms(dealer) -> int:
    """Hands one dealer's turn at the deal may take, for the bound on a match:
    the streak cap, or UNCAPPED_TERMS when nothing caps it (no cap, or drawn
    hands that leave the term as it was: dealer.draw_term same)."""
    if dealer.streak_cap and not (dealer.keep_on_draw and dealer.draw_term == "same"):
        return dealer.streak_cap
    return UNCAPPED_TERMS


@dataclass(frozen=True, eq=False)
class KernelSpec:
    rules: RuleSet
    P: np.ndarray        # int64[EP_SIZE]
    hs: np.ndarray       # int64[HS_SIZE], the hand part
    tabs: Tables         # the hand kernels' lookup tables (hand/tables.Tables)
    hash: str            # of the numbers, for caches and records
    table: object = None  # the compiled scoring table (scoring.compile.Table)

    @property
    def seats(self) -> int:
        return int(self.P[L.EP_SEATS])

    @property
    def players(self) -> int:
        return int(self.P[L.EP_PLAYERS])

    @property
    def n_columns(self) -> int:
        return L.C_FIXED + L.S_NFIELDS * self.seats

    def col(self, field: int, seat: int) -> int:
        return L.C_FIXED + field * self.seats + seat

    @property
    def max_hands_per_match(self) -> int:
        return int(self.P[L.EP_MAX_HANDS])


def next_kinds(rules: RuleSet) -> np.ndarray:
    """The kind after each kind, for a wild that is 'the next kind' (suits 9 → 1)."""
    nxt = np.arange(L.N_RAW, dtype=np.int64)
    for s in rules.tiles.suits:
        for r in range(1, T.RANKS + 1):
            nxt[T.kind(r, s)] = T.kind(r % T.RANKS + 1, s)
    for cycle in rules.wild.next_cycles:
        for i, k in enumerate(cycle):
            nxt[k] = cycle[(i + 1) % len(cycle)]
    return nxt


def compile_rules(rules: RuleSet) -> KernelSpec:
    P = np.zeros(L.EP_SIZE, np.int64)
    t, w, c, a = rules.table, rules.wild, rules.claims, rules.aborts
    P[L.EP_SEATS], P[L.EP_PLAYERS], P[L.EP_SUBSTITUTE] = t.seats, t.players, t.substitute
    P[L.EP_TILES] = rules.tiles.total
    P[L.EP_SIDES], P[L.EP_STACKS], P[L.EP_HEIGHT] = (rules.wall.sides, rules.wall.stacks_per_side,
                                                     rules.wall.stack_height)
    P[L.EP_DEAD_STACKS], P[L.EP_DEAD_ODD] = rules.wall.dead_stacks, rules.wall.dead_odd_single
    P[L.EP_HAIDI] = rules.wall.haidi_tiles
    grow = rules.wall.dead_per_kong
    for i in range(4):
        P[L.EP_DEAD_PER_KONG + i] = grow[min(i, len(grow) - 1)]
    P[L.EP_ASIDE_IF_WILD] = -1 if rules.tiles.aside_if_wild is None else rules.tiles.aside_if_wild
    for k in (*rules.tiles.flower_kinds, *rules.tiles.aside):
        P[L.EP_ASIDE + k] = 1
    P[L.EP_COUNT_DIR] = _DIRECTION[rules.wall.count]
    P[L.EP_DRAW_DIR] = _DIRECTION[rules.wall.draw]
    P[L.EP_DICE], P[L.EP_THROWS] = rules.dice.dice, rules.dice.throws
    P[L.EP_WILD_SOURCE] = _SOURCE[w.source]
    P[L.EP_WILD_FIXED] = -1 if w.fixed is None else w.fixed
    P[L.EP_TURNED_OUT] = w.turned_out_of_play
    P[L.EP_STANDIN] = -1 if w.stand_in is None else w.stand_in
    P[L.EP_WILD_DISCARD], P[L.EP_WILD_CLAIM] = w.discard, w.claim
    P[L.EP_HAND], P[L.EP_CHUNK], P[L.EP_DEALER_EXTRA] = (rules.deal.hand_size, rules.deal.chunk,
                                                         rules.deal.dealer_extra)
    P[L.EP_REPLACE_TAIL] = rules.replacement == "tail"
    P[L.EP_CHI], P[L.EP_PON] = _CHI[c.chi], c.pon
    P[L.EP_KONG_EXPOSED], P[L.EP_KONG_CONCEALED], P[L.EP_KONG_ADDED] = (c.kong.exposed, c.kong.concealed,
                                                                         c.kong.added)
    P[L.EP_WIN_DISCARD], P[L.EP_ROB], P[L.EP_MULTI] = c.win_on_discard, _ROB[c.rob_kong], _MULTI[c.multiple_wins]
    P[L.EP_PASS_BLOCKS] = c.pass_blocks_win
    P[L.EP_PASS_WORTH], P[L.EP_PASS_OWN], P[L.EP_PASS_PON] = (c.pass_block.worth_more_wins, c.pass_block.own_discard,
                                                             c.pass_block.pon_lifts)
    P[L.EP_LAST_WIN_ONLY] = c.last_discard == "win_only"
    P[L.EP_FW_ACTION] = _FW[a.four_winds.action]
    P[L.EP_FW_WINDOW] = a.four_winds.window == "any"
    P[L.EP_FOUR_KONGS], P[L.EP_TRIPLE] = a.four_kongs, a.triple_win
    P[L.EP_AFTER_WINS] = rules.end.after_wins
    P[L.EP_FIRST_DEALS] = rules.dealer.next == "first_winner"
    P[L.EP_VOID] = rules.void_suit.declare
    P[L.EP_EXCHANGE] = rules.exchange.tiles
    P[L.EP_EXCHANGE_DIR] = ("next", "previous", "opposite", "dice").index(rules.exchange.direction)
    P[L.EP_DRAW_READY] = draw_settled(rules.scoring)
    P[L.EP_ROB_GOLD] = w.rob
    P[L.EP_TURN_PAST_ASIDE] = w.turn_past_aside
    P[L.EP_FORMAL_WAITS] = rules.scoring.get("waits", "live") == "formal"
    P[L.EP_KEEP_WIN], P[L.EP_KEEP_DRAW], P[L.EP_CAP] = (rules.dealer.keep_on_win, rules.dealer.keep_on_draw,
                                                         rules.dealer.streak_cap)
    P[L.EP_DRAW_SAME_TERM] = rules.dealer.draw_term == "same"
    P[L.EP_CAP_DICE] = rules.dealer.after_cap == "dice"
    P[L.EP_ROUNDS] = rules.match.rounds
    terms = match_terms(rules.dealer)
    P[L.EP_MAX_HANDS] = t.players * rules.match.rounds * terms
    for rank, claim in enumerate(c.priority):
        P[L.EP_PRIO + _CLAIM[claim]] = rank
    for k in rules.tiles.kinds:
        P[L.EP_COPIES + k] = rules.tiles.copies
    for k in rules.tiles.flower_kinds:
        P[L.EP_COPIES + k] = 1
    P[L.EP_NEXT:L.EP_NEXT + L.N_RAW] = next_kinds(rules)
    for k in a.four_winds.tiles:
        P[L.EP_FW_TILES + k] = 1
    hs = hand_params(rules)
    table = rules_table(rules)
    # the table is part of play: the engine keeps each hand's best reading under
    # it (value, capped) and applies the gate; bases and payments are not
    played = [table.tab, table.value.code, table.value.consts,
              np.array([int(rules.scoring.get("cap", 0))], np.int64)]
    if table.gate is not None:
        played += [table.gate.code, table.gate.consts]
    digest = hashlib.sha256(P.tobytes() + hs.tobytes() + b"".join(a.tobytes() for a in played)).hexdigest()[:16]
    return KernelSpec(rules, P, hs, hand_tables(rules), digest, table)
