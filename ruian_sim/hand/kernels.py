"""Compiled hand evaluation: distances to each winning shape, win test,
hard/soft, shanten.

Array layout (shared with the engine):
- ``cnt``: int64[34] natural tiles in the concealed hand by *face*: a stand-in
  (白板) is counted at the wild's face, wilds are not counted here;
- ``keys``: int64[4] base-B keys of ``cnt`` per group (see layout.py), kept
  up to date incrementally by callers (``key += B**rank``);
- ``w``: wilds in the concealed hand;  ``k``: melds the concealed part needs;
- ``tabs``: the lookup tables, a tables.Tables (distance tables, some of
  them as words, completion tables);  ``hs``: the parameter vector
  (layout.HS_*);
- ``capx``: this evaluation's caps per face (layout.CAPX_SIZE);
- ``buf``: the int64 work buffer (layout: rows of ``ROW`` entries, the exact
  DP's scratch, the bots' rows).  A *row* holds a group's distances for m
  melds and p pairs at ``off + p * (M_SLOTS + 1) + m``; rows are folded in
  place by offset so that no function returns or allocates an array.

Tables are built with one cap for every face; where this hand's caps differ
(tiles in melds, the wild's own face) and it could matter, the group's row
is computed exactly instead (tables.exact_group).

A distance is the least number of tiles to add for the naturals to contain
the shape; with ``w`` wilds the hand is complete iff distance == w and its
shanten is ``distance - w - 1``.
"""

import numpy as np

from ..jit import kernel, kernel_inline
from .layout import (BIG, GROUP_LEN, GROUP_SEQ, GROUP_START, HS_B, HS_CAP, HS_PAIRS, HS_QUAD2, HS_SINGLES, HS_THREE_N,
                     M_SLOTS, MODE_SHANTEN, MODE_TABLE, MODE_WIN, MODE_WIN_LOW, N_FACES, N_GROUPS, ROW, ROW_SLOTS,
                     X_BASE, X_CAPS, X_V)
from .tables import exact_group

_GS = np.array(GROUP_START, np.int64)
_GL = np.array(GROUP_LEN, np.int64)
_GQ = np.array(GROUP_SEQ, np.int64)
GROUP_OF = np.array([g for g in range(N_GROUPS) for _ in range(GROUP_LEN[g])], np.int64)

__all__ = ["GROUP_OF", "ROW_SLOTS"]


@kernel
def compute_keys(cnt, B, keys):
    for g in range(N_GROUPS):
        key = 0
        for r in range(_GL[g] - 1, -1, -1):
            key = key * B + cnt[_GS[g] + r]
        keys[g] = key


@kernel
def set_tight(capx, hs):
    """Mark the groups whose caps differ from the tables' (capx[N_FACES + g])."""
    for g in range(N_GROUPS):
        t = 0
        for r in range(_GL[g]):
            if capx[_GS[g] + r] != hs[HS_CAP]:
                t = 1
        capx[N_FACES + g] = t


@kernel_inline
def _needs_exact(g, cnt, w, capx, hs, mode):
    """Can the table's uniform cap give another answer than this hand's caps?
    Or can the table not hold this group at all: the wild's own face counting
    its stand-ins and the wilds as themselves (hard_shapes) may pass the
    copies a key's digit holds, when a wild may be a fifth copy (wild.fifth_copy)
    and so no cap there differs to send the group here."""
    for r in range(_GL[g]):
        if cnt[_GS[g] + r] >= hs[HS_B]:
            return True
    if mode == MODE_TABLE or capx[N_FACES + g] == 0:
        return False
    if mode == MODE_SHANTEN:
        return True
    # a win test adds at most w tiles: caps at or above cnt + w do not bind
    C = hs[HS_CAP]
    for r in range(_GL[g]):
        f = _GS[g] + r
        lim = cnt[f] + w
        if mode == MODE_WIN_LOW:
            # only where the table would say "impossible" wrongly
            if capx[f] > C and lim > C:
                return True
        elif min(C, lim) != min(capx[f], lim):
            return True
    return False


@kernel_inline
def _loose(cnt, w, capx, hs):
    """Does a table's cap exceed this hand's somewhere it could matter (a meld
    holds copies of a face the hand may still need)?"""
    C = hs[HS_CAP]
    for g in range(N_GROUPS):
        if capx[N_FACES + g] == 1:
            for r in range(_GL[g]):
                f = _GS[g] + r
                if capx[f] < C and cnt[f] + w > capx[f]:
                    return True
    return False


@kernel_inline
def table_row(tab, key, buf, off, L2):
    for i in range(L2):
        buf[off + i] = tab[key, i]


# load_row, group_distance and win_distance are called, not inlined (numba's
# inline="always" types the callee's IR again in every caller): inlined, they
# and what they inline were typed again in some forty callers, and this
# module's kernels took 94 of a cold `hand`'s 130 s of compile (25 s after;
# 12 s once jit.kernel stopped building a copy per constant argument).  Called,
# smart plays 1.2x as fast and greedy and random as before
# (benchmarks/engine.py --against).  The tiny helpers and melds_complete, the
# win test every discard runs, stay inlined.
@kernel
def load_row(g, key, cnt, w, capx, hs, tsuit, thon, pungs, buf, off, mode):
    """Group g's row into buf[off:]: from a table, or computed exactly when needed."""
    if _needs_exact(g, cnt, w, capx, hs, mode):
        R = _GL[g]
        for r in range(R):
            buf[X_BASE + X_V + r] = cnt[_GS[g] + r]
            buf[X_BASE + X_CAPS + r] = capx[_GS[g] + r]
        exact_group(buf, X_BASE, R, _GQ[g] == 1 and not pungs, M_SLOTS, off)
    else:
        _table_row_of(g, key, tsuit, thon, buf, off)


@kernel_inline
def _table_row_of(g, key, tsuit, thon, buf, off):
    """Group g's row from the suit or the honor table."""
    table_row(tsuit if _GQ[g] == 1 else thon, key, buf, off, ROW)


@kernel_inline
def fold(buf, ox, oy, oo):
    """Row oo = best split of melds and pair between rows ox and oy."""
    M = M_SLOTS
    for p in range(2):
        for m in range(M + 1):
            best = BIG * 4
            for p1 in range(p + 1):
                bx = ox + p1 * (M + 1)
                by = oy + (p - p1) * (M + 1) + m
                for m1 in range(m + 1):
                    c = buf[bx + m1] + buf[by - m1]
                    if c < best:
                        best = c
            buf[oo + p * (M + 1) + m] = best


@kernel_inline
def point(buf, ox, oy, k):
    """Rows ox ⊕ oy at k melds and one pair only (the last step of a fold)."""
    M = M_SLOTS
    best = BIG * 4
    for p1 in range(2):
        bx = ox + p1 * (M + 1)
        by = oy + (1 - p1) * (M + 1) + k
        for m1 in range(k + 1):
            c = buf[bx + m1] + buf[by - m1]
            if c < best:
                best = c
    return best if best < BIG else BIG


@kernel_inline
def point_tab(tab, key, buf, oy, k):
    """point() with row ox read from the table's row ``key`` in place: no copy
    where the row is asked once (a candidate's distance)."""
    M = M_SLOTS
    best = BIG * 4
    for p1 in range(2):
        by = oy + (1 - p1) * (M + 1) + k
        for m1 in range(k + 1):
            c = np.int64(tab[key, p1 * (M + 1) + m1]) + buf[by - m1]
            if c < best:
                best = c
    return best if best < BIG else BIG


@kernel
def group_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf, mode):
    """Least tiles to add for k melds + 1 pair over all groups."""
    if k < 0:
        return BIG
    for g in range(N_GROUPS):
        # a table's row is copied here; only an exact row is a call (a call per
        # group passing a dozen arrays cost random bots a tenth of their time)
        if _needs_exact(g, cnt, w, capx, hs, mode):
            load_row(g, keys[g], cnt, w, capx, hs, tsuit, thon, pungs, buf, g * ROW, mode)
        else:
            _table_row_of(g, keys[g], tsuit, thon, buf, g * ROW)
    fold(buf, 0, ROW, 4 * ROW)
    fold(buf, 4 * ROW, 2 * ROW, 5 * ROW)
    return point(buf, 5 * ROW, 3 * ROW, k)


@kernel
def win_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf):
    """The standard (or pungs-only) distance for a win test, exact when it is w.

    Tables answer first: where melds lower this hand's caps they can only be
    optimistic, so a table "not complete" stands and only a table "complete"
    is checked again exactly (wins are rare, checks are not)."""
    d = group_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf, MODE_WIN_LOW)
    if d == w and _loose(cnt, w, capx, hs):
        d = group_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf, MODE_WIN)
    return d


@kernel_inline
def melds_complete(cnt, keys, w, k, capx, hs, tsuit, thon, csuit, chon, pungs, buf):
    """A 3k+2-tile hand forms k melds + a pair (pungs only: ``pungs``)?

    Completion tables answer in four lookups: the wilds each group needs to be
    used up exactly, one group holding the pair.  Where this hand's caps make a
    table too tight (the wild's crowded face) the distance path decides; where
    they make it too loose (melds), a "yes" is checked again exactly."""
    for g in range(N_GROUPS):
        if _needs_exact(g, cnt, w, capx, hs, MODE_WIN_LOW):
            return win_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf) == w
    s0 = 0
    delta = BIG * 4
    for g in range(N_GROUPS):
        if g < 3:
            n0 = np.int64(csuit[keys[g], 0])
            n1 = np.int64(csuit[keys[g], 1])
        else:
            n0 = np.int64(chon[keys[g], 0])
            n1 = np.int64(chon[keys[g], 1])
        s0 += n0
        if n1 - n0 < delta:
            delta = n1 - n0
    if s0 + delta > w:
        return False
    if _loose(cnt, w, capx, hs):
        return group_distance(cnt, keys, w, k, capx, hs, tsuit, thon, pungs, buf, MODE_WIN) == w
    return True


@kernel_inline
def ep_face(c, cap, quad2):
    """What ``c`` tiles of one face give toward eight pairs: (pairs, pairable
    leftovers (one more copy makes a new pair), loose leftovers).  Written
    without branches: the counts are random, so branches mispredict."""
    if quad2:
        odd = c & 1
        pb = odd & np.int64(c + 1 <= cap)
        return c >> 1, pb, odd - pb
    return np.int64(c >= 2), np.int64(c == 1), np.int64(c >= 3)


@kernel_inline
def ep_distance(pairs, pairable, loose, hs):
    """Least tiles to add for P pairs + S singles from these contributions."""
    return ep_short(pairs, pairable, loose, hs[HS_PAIRS], hs[HS_SINGLES])


@kernel_inline
def ep_short(pairs, pairable, loose, P, S):
    """ep_distance() for P pairs + S singles given (the smart bot asks for one
    pair fewer: the last one a wild kept alone and any tile, bots/smart/lone.py)."""
    if pairs >= P:
        # spare pairs can give the single too
        usable = 2 * P + min(S, pairable + loose + 2 * (pairs - P))
    else:
        half = min(pairable, P - pairs)
        usable = 2 * pairs + half + min(S, pairable - half + loose)
    return 2 * P + S - usable


@kernel_inline
def ep_totals(cnt, capx, hs):
    pairs = 0
    pairable = 0
    loose = 0
    if hs[HS_QUAD2] == 1:
        for f in range(N_FACES):
            c = cnt[f]
            odd = c & 1
            pb = odd & np.int64(c + 1 <= capx[f])
            pairs += c >> 1
            pairable += pb
            loose += odd - pb
    else:
        for f in range(N_FACES):
            c = cnt[f]
            pairs += np.int64(c >= 2)
            pairable += np.int64(c == 1)
            loose += np.int64(c >= 3)
    return pairs, pairable, loose


@kernel_inline
def three_distance(w, held, k, hs):
    """Three wilds, in tiles to add like the others so that "distance - w" is
    the tiles still missing: wilds short of n, and at least the one tile a
    hand of 3k+1 lacks whatever it holds."""
    return w + max(hs[HS_THREE_N] - w, 3 * k + 2 - held, 0)
