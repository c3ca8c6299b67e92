"""The facts of a seat's win, as the engine reads them from the seat's state:
the reading-independent part of its fact vector (docs/scoring-language.md
§2) with the melds it set aside, 根 (faces held four times), the hand's own
facts (one suit, all melded or set aside, 天胡 / 地胡) and its waits (單聽,
爆头).  valuation.py reads every way the hand can be arranged on top of these;
the `hand` command builds its one seat with the same kernels."""

from ..hand.kernels import GROUP_OF
from ..hand.layout import HS_M
from ..jit import kernel
from ..scoring.arrange import meld_code
from ..scoring.layout import (
    FV_ASIDE,
    FV_CHAIN,
    FV_CONCEALED,
    FV_DEALER,
    FV_FACTS,
    FV_FLOWER_BITS,
    FV_FOURS,
    FV_HARD,
    FV_HELD,
    FV_KONG_CHAIN,
    FV_KONGS,
    FV_MELD,
    FV_QUADS,
    FV_ROUND_WIND,
    FV_SEAT_WIND,
    FV_SHAPES,
    FV_SHOWN,
    FV_STREAK,
    FV_SUIT_KEY,
    FV_WHITES,
    FV_WILD_CHAIN,
    FV_WILDS,
    FV_WIN_FACE,
    FV_WON,
)
from ..scoring.layout import N_MELDS as FV_N_MELDS
from .layout import (
    EP_SEATS,
    F_ASIDE,
    F_CHAIN,
    F_CHAIN_WILDS,
    F_DISCARDS,
    F_FLOWER_BITS,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_NMELD,
    F_OPEN,
    F_W,
    FACT_ALL_MELDED,
    FACT_ALL_SET_ASIDE,
    FACT_DISCARD,
    FACT_EARTHLY,
    FACT_HEAVENLY,
    FACT_ROBBED,
    FACT_SELF_DRAWN,
    FACT_SINGLE_WAIT,
    FACT_WAITS_ANY,
    H_CLAIMS,
    H_DEALER,
    H_DISCARDS,
    H_KONGS,
    H_ROUND,
    H_SI,
    H_STREAK,
    H_WK,
    M_FACE,
    M_FROM,
    M_TYPE,
    MAX_MELDS,
    MELD_CHI,
    MELD_PON,
)
from .seat import add_face, could_come, natural_waits, raw_of, remove_face, suit_facts


@kernel
def seat_facts(s, won, shapes, hard, facts, rules, seats, table, fv):
    """The reading-independent part of seat s's fact vector, with its set-aside
    melds in the first meld slots; the hand's own melds, pair and wait are 0."""
    P = rules.P
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    H = table.H
    n = P[EP_SEATS]
    fv[:] = 0
    fv[FV_SHAPES] = shapes
    fv[FV_HARD] = hard
    fv[FV_FACTS] = facts
    fv[FV_WILDS] = F[s, F_W]
    fv[FV_STREAK] = H[H_STREAK]
    fv[FV_DEALER] = 1 if s == H[H_DEALER] else 0
    fv[FV_KONGS] = F[s, F_KONG_EXP] + F[s, F_KONG_ADD] + F[s, F_KONG_CON]
    fv[FV_FLOWER_BITS] = F[s, F_FLOWER_BITS]
    fv[FV_ASIDE] = F[s, F_ASIDE]
    fv[FV_SEAT_WIND] = (s - H[H_DEALER] + n) % n
    fv[FV_ROUND_WIND] = H[H_ROUND] % 4
    fv[FV_CONCEALED] = 1 if F[s, F_OPEN] == 0 else 0
    fv[FV_WON] = 1 if won else 0
    fv[FV_CHAIN] = F[s, F_CHAIN]
    fv[FV_KONG_CHAIN] = F[s, F_CHAIN] - F[s, F_CHAIN_WILDS]
    fv[FV_WILD_CHAIN] = F[s, F_CHAIN_WILDS]
    fv[FV_WHITES] = F[s, F_W] + F[s, F_CHAIN_WILDS]
    fv[FV_WIN_FACE] = -2
    fv[FV_SUIT_KEY] = -1
    fv[FV_HELD] = held_faces(s, seats)
    if won:
        fv[FV_FOURS] = fours(s, seats)
        for f in range(34):
            if cnt[s, f] == 4:
                fv[FV_QUADS] += 1
    k = 0
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        if k < FV_N_MELDS:
            fv[FV_MELD + k] = meld_code(melds[s, i, M_TYPE] + 1, 1 if melds[s, i, M_FROM] < 0 else 0,
                                        melds[s, i, M_FACE], 0)
        k += 1


@kernel
def held_faces(s, seats):
    """Bit f: seat s holds a natural tile of face f, its melds set aside included."""
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    mask = 0
    for f in range(34):
        if cnt[s, f] > 0:
            mask |= 1 << f
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        g = melds[s, i, M_FACE]
        mask |= (7 << g) if melds[s, i, M_TYPE] == MELD_CHI else (1 << g)
    return mask


@kernel
def tile_facts(s, f_win, route, rules, seats, table, fv):
    """The winning tile's part of seat s's fact vector (its hand holds it; face
    ``f_win``, -1 a wild, below -1 none joined): the face, how many of its
    kind everyone saw before (和绝张), and the hand before it of one suit
    (九莲宝灯 reads it)."""
    cnt, F = seats.cnt, seats.F
    H, vis = table.H, table.vis
    fv[FV_WIN_FACE] = f_win if f_win >= -1 else -2
    if f_win >= 0:
        seen = vis[raw_of(f_win, H[H_WK], H[H_SI])]
        if (route & FACT_DISCARD) != 0 and (route & FACT_ROBBED) == 0:
            seen -= 1   # the discard itself, seen when it was thrown (a tile valued at the draw, 查叫, was not)
        fv[FV_SHOWN] = max(seen, 0)
    fv[FV_SUIT_KEY] = -1
    if f_win >= 0 and F[s, F_NMELD] == 0 and F[s, F_W] == 0:
        g = GROUP_OF[f_win]
        key = 0
        step = 1
        for f in range(34):
            c = cnt[s, f] - (1 if f == f_win else 0)
            if c > 0 and (GROUP_OF[f] != g or g == 3):
                return
            if GROUP_OF[f] == g:
                key += c * step
                step *= 5
        fv[FV_SUIT_KEY] = key


@kernel
def fours(s, seats):
    """Faces seat s holds four times, its melds and kongs included (根): a
    natural tile in the hand, a pung or kong set aside, a chi's tiles."""
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    n = 0
    for f in range(34):
        held = cnt[s, f]
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            t, g = melds[s, i, M_TYPE], melds[s, i, M_FACE]
            if t == MELD_CHI:
                held += 1 if g <= f <= g + 2 else 0
            elif g == f:
                held += 3 if t == MELD_PON else 4
        if held == 4:
            n += 1
    return n


@kernel
def hand_facts(s, facts, rules, seats, table):
    """``facts`` (the route: FACT_SELF_DRAWN, FACT_DISCARD, ...) with the facts
    of the hand itself: one suit, all melded, 天胡 / 地胡 (not the single wait,
    which needs every wait of the hand and is left to the record)."""
    P, hs = rules.P, rules.hs
    F = seats.F
    H = table.H
    n = P[EP_SEATS]
    facts |= suit_facts(s, seats)
    if (facts & FACT_DISCARD) != 0 and F[s, F_OPEN] == hs[HS_M]:
        facts |= FACT_ALL_MELDED
    if F[s, F_NMELD] == hs[HS_M]:
        facts |= FACT_ALL_SET_ASIDE
    if H[H_CLAIMS] == 0 and F[s, F_DISCARDS] == 0:
        if s == H[H_DEALER] and (facts & FACT_SELF_DRAWN) != 0 and H[H_KONGS] == 0:
            facts |= FACT_HEAVENLY
        elif s != H[H_DEALER] and H[H_DISCARDS] <= n:
            facts |= FACT_EARTHLY
    return facts


@kernel
def wait_facts(s, f_win, rules, seats, table, work):
    """單聽 / 爆头 of seat s, whose hand holds the winning tile (face f_win, -1
    a wild; NO_TILE and the like, below -1: none joined, no wait): the hand
    without it completes on exactly one natural face, or on every face a tile
    could still come as."""
    if f_win < -1:
        return 0
    pw = rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    remove_face(s, f_win, cnt, keys, F, pw)
    waits = natural_waits(s, rules, seats, table, work)
    facts = 0
    if waits == 1:
        facts |= FACT_SINGLE_WAIT
    if waits > 0 and waits == could_come(s, rules, seats, table):
        facts |= FACT_WAITS_ANY
    add_face(s, f_win, cnt, keys, F, pw)
    return facts
