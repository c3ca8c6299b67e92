"""A target's tables for the smart bot (bots/smart/patterns.py weighs them): a
target restricts the hand to some tile groups, pungs only or not, and its
distance and acceptance are asked of the lookup tables restricted the same
way.  A tile moves a target's distance by one at most, so a discard's effect
and a draw's are read off the splits that meet the distance now (two words
of the packed table per tile, as bots/acceptance.py does for the plain
hand); tests/bots/test_patterns.py holds both to a brute force.

Rows _T0.. of the work buffer (T_ROWS of them).
"""

import numpy as np

from ...hand.kernels import GROUP_OF, fold, point, table_row
from ...hand.layout import BIG, HS_B, HS_M, ROW
from ...jit import kernel, kernel_inline
from ...table.layout import F_NMELD, F_W, M_FACE, M_TYPE, MAX_MELDS
from ...table.layout import MELD_CHI as E_CHI
from ..acceptance import _DROP, _T0, _drop_words, _met
from .projection import TG_GROUPS, TG_PUNGS

# work buffer rows: the target's four group rows, each group's complement, two to spare
_ROWS = _T0
_MINUS = _T0 + 4
_TMP = _T0 + 8
T_ROWS = 10



@kernel_inline
def _empty_row(buf, row):
    """A group that may hold nothing: 0 for no meld and no pair, BIG otherwise."""
    for i in range(ROW):
        buf[row * ROW + i] = BIG
    buf[row * ROW] = 0


@kernel_inline
def _copy_row(buf, src, dst):
    for i in range(ROW):
        buf[dst * ROW + i] = buf[src * ROW + i]


@kernel_inline
def _load(g, key, pungs, rules, buf, row):
    tabs = rules.tabs
    if pungs:
        table_row(tabs.suit_pungs if g < 3 else tabs.honor_pungs, key, buf, row * ROW, ROW)
    else:
        table_row(tabs.suit if g < 3 else tabs.honor, key, buf, row * ROW, ROW)


@kernel
def target_rows(s, t, rules, seats, values, work):
    """Rows of target t for seat s's hand into the work buffer (allowed groups
    from the tables; each allowed group's complement, the other allowed groups
    folded: nothing to fold for a one-suit target, a copy for a suit and the
    honors); returns the distance of the hand as it is (BIG: out of reach)."""
    keys, F = seats.keys, seats.F
    buf = work.buf
    tg = values.targets[1 + t]
    groups = tg[TG_GROUPS]
    k = rules.hs[HS_M] - F[s, F_NMELD]
    if k < 0:
        return BIG
    # the allowed groups in order, g0 .. g3 (-1: none)
    g0 = g1 = g2 = g3 = -1
    n = 0
    for g in range(4):
        if (groups >> g) & 1:
            _load(g, keys[s, g], tg[TG_PUNGS] == 1, rules, buf, _ROWS + g)
            if n == 0:
                g0 = g
            elif n == 1:
                g1 = g
            elif n == 2:
                g2 = g
            else:
                g3 = g
            n += 1
    if n == 0:
        return BIG
    # each group's complement from shared folds (min-plus folds are associative
    # and commutative, so any order gives the same row): 6 folds for 4 groups
    if n == 1:
        _empty_row(buf, _MINUS + g0)
    elif n == 2:
        _copy_row(buf, _ROWS + g1, _MINUS + g0)
        _copy_row(buf, _ROWS + g0, _MINUS + g1)
    elif n == 3:
        fold(buf, (_ROWS + g1) * ROW, (_ROWS + g2) * ROW, (_MINUS + g0) * ROW)
        fold(buf, (_ROWS + g0) * ROW, (_ROWS + g2) * ROW, (_MINUS + g1) * ROW)
        fold(buf, (_ROWS + g0) * ROW, (_ROWS + g1) * ROW, (_MINUS + g2) * ROW)
    elif n == 4:
        fold(buf, (_ROWS + g0) * ROW, (_ROWS + g1) * ROW, _TMP * ROW)
        fold(buf, _TMP * ROW, (_ROWS + g3) * ROW, (_MINUS + g2) * ROW)
        fold(buf, _TMP * ROW, (_ROWS + g2) * ROW, (_MINUS + g3) * ROW)
        fold(buf, (_ROWS + g2) * ROW, (_ROWS + g3) * ROW, _TMP * ROW)
        fold(buf, (_ROWS + g1) * ROW, _TMP * ROW, (_MINUS + g0) * ROW)
        fold(buf, (_ROWS + g0) * ROW, _TMP * ROW, (_MINUS + g1) * ROW)
    return point(buf, (_ROWS + g0) * ROW, (_MINUS + g0) * ROW, k)


@kernel_inline
def _words(g, key, step, pungs, rules):
    """Which entries of group g's target row change when one tile (key step
    ``step``, negative: a tile gone) joins it, as two words (acceptance._drop_words
    on the target's tables; the honors' pungs-only table is their standard one)."""
    return _drop_words(g, key, step, rules.tabs.suit_pungs64 if pungs else rules.tabs.suit64, rules.tabs.honor64)


@kernel_inline
def _changed(x):
    """0xFF in each byte of x that is not zero."""
    x |= (x >> 4) & np.int64(0x0F0F0F0F0F0F0F0F)
    x |= (x >> 2) & np.int64(0x3333333333333333)
    x |= (x >> 1) & np.int64(0x5555555555555555)
    return (x & np.int64(0x0101010101010101)) * np.int64(0xFF)


@kernel_inline
def _target_masks(a, d_now, k, buf):
    """Group a's entries (target_rows()' row) on a split that meets the target's
    distance ``d_now``, as acceptance._met() masks.  A tile joining a group
    lowers each entry of its row by one at most, and one leaving raises each
    by one at most; so a draw brings the target closer exactly when it lowers
    one of these entries, and a discard leaves it as close exactly when one of
    them stays (tests/bots/test_patterns.py holds them to the distances)."""
    return _met(buf, (_ROWS + a) * ROW, (_MINUS + a) * ROW, k, d_now, True)


@kernel_inline
def _without(a, key, step, d_now, lo, hi, pungs, rules):
    """The target's distance once a tile (key step ``step``) leaves group a
    (key ``key``): as close if an entry on a meeting split stays, else a tile further."""
    x0, x1 = _words(a, key - step, step, pungs, rules)
    return d_now if (lo & ~_changed(x0)) | (hi & ~_changed(x1)) != 0 else d_now + 1


@kernel
def target_distance_without(s, t, f, rules, seats, values, work):
    """Target t's distance once seat s discards f (in one of its groups), as
    plan() counts it; BIG where target_rows() finds it out of reach."""
    d_now = target_rows(s, t, rules, seats, values, work)
    if d_now >= BIG:
        return BIG
    a = GROUP_OF[f]
    lo, hi = _target_masks(a, d_now, rules.hs[HS_M] - seats.F[s, F_NMELD], work.buf)
    return _without(a, seats.keys[s, a], rules.pw[f], d_now, lo, hi, values.targets[1 + t, TG_PUNGS] == 1, rules)


@kernel
def shows_fit(s, t, seats, values):
    """Whether the melds seat s shows allow target t (their groups, pungs only)."""
    F, melds = seats.F, seats.melds
    tg = values.targets[1 + t]
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        if (tg[TG_GROUPS] >> GROUP_OF[melds[s, i, M_FACE]]) & 1 == 0:
            return False
        if tg[TG_PUNGS] == 1 and melds[s, i, M_TYPE] == E_CHI:
            return False
    return True


@kernel
def target_acceptance(s, t, d_now, nl, wild_u, rules, seats, values, work):
    """The unseen tiles that would bring target t closer than ``d_now`` (its
    distance now, target_rows() first): each face of its groups in the draw
    list, asked of the target's tables, and the wilds.  An estimate by the
    faces near those held was two to three times too wide, and the bot chased
    flushes it could not finish."""
    c = seats.cnt[s]
    keys = seats.keys[s]
    pw = rules.pw
    buf = work.buf
    tg = values.targets[1 + t]
    groups = tg[TG_GROUPS]
    pungs = tg[TG_PUNGS] == 1
    k = rules.hs[HS_M] - seats.F[s, F_NMELD]
    top = rules.hs[HS_B] - 1
    drop = _DROP * ROW
    acc = wild_u if d_now - seats.F[s, F_W] > 0 else 0
    lo = hi = np.int64(0)
    a_masks = -1
    for i in range(nl):
        at = drop + 3 * i
        g = buf[at]
        a = GROUP_OF[g]
        if (groups >> a) & 1 == 0 or c[g] >= top:
            continue
        if a != a_masks:   # the draw list is in face order: a group's masks once
            lo, hi = _target_masks(a, d_now, k, buf)
            a_masks = a
        x0, x1 = _words(a, keys[a], pw[g], pungs, rules)
        if (x0 & lo) | (x1 & hi) != 0:
            acc += buf[at + 1]
    return acc
