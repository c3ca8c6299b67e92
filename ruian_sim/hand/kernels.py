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
from .layout import (
    BIG,
    GROUP_LEN,
    GROUP_SEQ,
    GROUP_START,
    HS_B,
    HS_CAP,
    HS_EIGHT,
    HS_HARD_SELF,
    HS_HARD_THREE,
    HS_N_SPECIAL,
    HS_PAIRS,
    HS_PUNGS,
    HS_QUAD2,
    HS_SINGLES,
    HS_SPECIAL,
    HS_STANDARD,
    HS_THREE,
    HS_THREE_N,
    M_SLOTS,
    MODE_SHANTEN,
    MODE_TABLE,
    MODE_WIN,
    MODE_WIN_LOW,
    N_FACES,
    N_GROUPS,
    ROW,
    ROW_SLOTS,
    SHAPE_EIGHT,
    SHAPE_PUNGS,
    SHAPE_SPECIAL0,
    SHAPE_STANDARD,
    SHAPE_THREE,
    SP_COUNT,
    SP_KIND,
    SP_NSETS,
    SP_PAIR,
    SP_SETS,
    SP_W,
    SPECIAL_DISTINCT,
    X_BASE,
    X_CAPS,
    X_V,
)
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


@kernel
def distances(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf, out, mode):
    """Distance to each enabled shape (layout.SHAPE_* order) into ``out[4]``.

    ``melds``: melds already set aside (exposed or concealed kongs); ``chis``:
    how many of them are chis.  Three-wilds' distance is in wild tiles.
    """
    tsuit, thon, psuit, phon = tabs.suit, tabs.honor, tabs.suit_pungs, tabs.honor_pungs
    out[0] = BIG
    out[1] = BIG
    out[2] = BIG
    out[3] = BIG
    if hs[HS_STANDARD] == 1:
        out[0] = group_distance(cnt, keys, w, k, capx, hs, tsuit, thon, False, buf, mode)
    if hs[HS_EIGHT] == 1 and melds == 0:
        a, b, c = ep_totals(cnt, capx, hs)
        out[1] = ep_distance(a, b, c, hs)
    if hs[HS_PUNGS] == 1 and chis == 0:
        out[2] = group_distance(cnt, keys, w, k, capx, hs, psuit, phon, True, buf, mode)
    if hs[HS_THREE] == 1:
        held = w
        for f in range(N_FACES):
            held += cnt[f]
        out[3] = three_distance(w, held, k, hs)


@kernel
def shanten(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf, dist):
    """-1 complete, 0 ready, ...: min over shapes of (distance - w) - 1, exact."""
    distances(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf, dist, MODE_SHANTEN)
    best = BIG
    for i in range(4):
        if dist[i] < BIG and dist[i] - w < best:
            best = dist[i] - w
    for i in range(hs[HS_N_SPECIAL]):
        d = special_distance(i, cnt, keys, w, k, melds, hs, tabs, capx, buf)
        if d < BIG and d - w < best:
            best = d - w
    return best - 1


# --- special shapes (shapes.special; hand.layout SP_*) --------------------------
@kernel_inline
def _step(f, hs):
    """How much face f adds to its group's key."""
    step = 1
    for _ in range(f - _GS[GROUP_OF[f]]):
        step *= hs[HS_B]
    return step


@kernel
def _distinct_complete(cnt, w, hs, at):
    """Whether the hand is ``count`` different kinds of one of the shape's sets
    (one of them twice more with ``pair``), wilds filling what is missing."""
    count, pair = hs[at + SP_COUNT], hs[at + SP_PAIR]
    held = w
    for f in range(N_FACES):
        held += cnt[f]
    if held != count + pair:
        return False
    for j in range(hs[at + SP_NSETS]):
        mask = hs[at + SP_SETS + j]
        twos = 0
        ok = True
        for f in range(N_FACES):
            c = cnt[f]
            if c == 0:
                continue
            if (mask >> f) & 1 == 0 or c > 2 or (c == 2 and pair == 0):
                ok = False
                break
            if c == 2:
                twos += 1
        if ok and twos <= 1:
            return True
    return False


@kernel
def _knitted_complete(cnt, keys, w, k, hs, tabs, capx, buf, at):
    """Whether the hand holds every tile of one of the shape's sets once, as
    natural tiles, and the rest forms melds and a pair."""
    if k < 3:
        return False
    for j in range(hs[at + SP_NSETS]):
        mask = hs[at + SP_SETS + j]
        ok = True
        for f in range(N_FACES):
            if (mask >> f) & 1 and cnt[f] == 0:
                ok = False
                break
        if not ok:
            continue
        for f in range(N_FACES):
            if (mask >> f) & 1:
                cnt[f] -= 1
                keys[GROUP_OF[f]] -= _step(f, hs)
        done = melds_complete(cnt, keys, w, k - 3, capx, hs, tabs.suit, tabs.honor, tabs.suit_done,
                              tabs.honor_done, False, buf)
        for f in range(N_FACES):
            if (mask >> f) & 1:
                cnt[f] += 1
                keys[GROUP_OF[f]] += _step(f, hs)
        if done:
            return True
    return False


@kernel
def special_shapes(cnt, keys, w, k, melds, hs, tabs, capx, buf):
    """Shape bits (SHAPE_SPECIAL0 << i) of the special shapes the complete
    hand forms.  Distinct shapes are of a concealed hand; a knitted one may
    stand beside melds set aside."""
    mask = 0
    for i in range(hs[HS_N_SPECIAL]):
        at = HS_SPECIAL + i * SP_W
        if hs[at + SP_KIND] == SPECIAL_DISTINCT:
            if melds == 0 and _distinct_complete(cnt, w, hs, at):
                mask |= SHAPE_SPECIAL0 << i
        elif _knitted_complete(cnt, keys, w, k, hs, tabs, capx, buf, at):
            mask |= SHAPE_SPECIAL0 << i
    return mask


@kernel
def special_distance(i, cnt, keys, w, k, melds, hs, tabs, capx, buf):
    """Tiles special shape i lacks (BIG: it cannot be made beside these melds)."""
    at = HS_SPECIAL + i * SP_W
    best = BIG
    if hs[at + SP_KIND] == SPECIAL_DISTINCT:
        if melds > 0:
            return BIG
        count, pair = hs[at + SP_COUNT], hs[at + SP_PAIR]
        for j in range(hs[at + SP_NSETS]):
            mask = hs[at + SP_SETS + j]
            useful = 0
            has_two = 0
            for f in range(N_FACES):
                if (mask >> f) & 1 and cnt[f] > 0:
                    useful += 1
                    if cnt[f] >= 2:
                        has_two = 1
            useful = min(useful, count) + (has_two if pair == 1 else 0)
            d = count + pair - useful
            if d < best:
                best = d
        return best
    if k < 3:
        return BIG
    for j in range(hs[at + SP_NSETS]):
        mask = hs[at + SP_SETS + j]
        missing = 0
        taken = 0
        for f in range(N_FACES):
            if (mask >> f) & 1:
                if cnt[f] > 0:
                    cnt[f] -= 1
                    keys[GROUP_OF[f]] -= _step(f, hs)
                    taken |= 1 << f
                else:
                    missing += 1
        d = missing + group_distance(cnt, keys, w, k - 3, capx, hs, tabs.suit, tabs.honor, False, buf,
                                     MODE_SHANTEN)
        for f in range(N_FACES):
            if (taken >> f) & 1:
                cnt[f] += 1
                keys[GROUP_OF[f]] += _step(f, hs)
        if d < best:
            best = d
    return best


@kernel
def complete_shapes(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf):
    """Bit mask of the shapes a complete hand (3k+2 tiles) forms; 0: not complete.

    All pungs is a special case of the standard shape, so it is only looked
    at when the standard shape is complete."""
    tsuit, thon, psuit, phon = tabs.suit, tabs.honor, tabs.suit_pungs, tabs.honor_pungs
    csuit, chon, cpsuit, cphon = tabs.suit_done, tabs.honor_done, tabs.suit_pungs_done, tabs.honor_pungs_done
    mask = 0
    if hs[HS_STANDARD] == 1 or hs[HS_PUNGS] == 1:
        if melds_complete(cnt, keys, w, k, capx, hs, tsuit, thon, csuit, chon, False, buf):
            if hs[HS_STANDARD] == 1:
                mask |= SHAPE_STANDARD
            if hs[HS_PUNGS] == 1 and chis == 0 and melds_complete(
                    cnt, keys, w, k, capx, hs, psuit, phon, cpsuit, cphon, True, buf):
                mask |= SHAPE_PUNGS
    if hs[HS_EIGHT] == 1 and melds == 0:
        a, b, c = ep_totals(cnt, capx, hs)
        if ep_distance(a, b, c, hs) == w:
            mask |= SHAPE_EIGHT
    if hs[HS_THREE] == 1 and w >= hs[HS_THREE_N]:
        mask |= SHAPE_THREE
    if hs[HS_N_SPECIAL] > 0:
        mask |= special_shapes(cnt, keys, w, k, melds, hs, tabs, capx, buf)
    return mask


@kernel
def is_complete(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf):
    """Win test: does this 3k+2-tile hand form any enabled shape?  Stops at the
    first shape found; all pungs needs its own look only when the standard
    shape is off (otherwise an all-pungs hand is a standard hand too)."""
    if hs[HS_THREE] == 1 and w >= hs[HS_THREE_N]:
        return True
    if hs[HS_STANDARD] == 1:
        if melds_complete(cnt, keys, w, k, capx, hs, tabs.suit, tabs.honor, tabs.suit_done, tabs.honor_done, False, buf):
            return True
    elif hs[HS_PUNGS] == 1 and chis == 0:
        if melds_complete(cnt, keys, w, k, capx, hs, tabs.suit_pungs, tabs.honor_pungs, tabs.suit_pungs_done, tabs.honor_pungs_done, True, buf):
            return True
    if hs[HS_EIGHT] == 1 and melds == 0:
        a, b, c = ep_totals(cnt, capx, hs)
        if ep_distance(a, b, c, hs) == w:
            return True
    return hs[HS_N_SPECIAL] > 0 and special_shapes(cnt, keys, w, k, melds, hs, tabs, capx, buf) != 0


@kernel
def hard_shapes(cnt, keys, w, k, melds, chis, wf, hs, tabs, capx, self_drawn, buf):
    """Shapes the hand forms with every wild standing for itself (财神归位),
    plus three-wilds or any shape when the rules count those as hard.

    ``cnt`` and ``keys`` are restored before returning."""
    mask = complete_shapes(cnt, keys, w, k, melds, chis, hs, tabs, capx, buf)
    if mask == 0:
        return 0
    hard = 0
    if w == 0 or wf < 0:
        hard = mask & ~SHAPE_THREE
    else:
        g = GROUP_OF[wf]
        step = 1
        for _ in range(wf - _GS[g]):
            step *= hs[HS_B]
        cnt[wf] += w
        keys[g] += w * step
        hard = complete_shapes(cnt, keys, 0, k, melds, chis, hs, tabs, capx, buf)
        cnt[wf] -= w
        keys[g] -= w * step
        hard &= ~SHAPE_THREE
    if (mask & SHAPE_THREE) != 0 and hs[HS_HARD_THREE] == 1:
        hard |= SHAPE_THREE
    if self_drawn and hs[HS_HARD_SELF] == 1:
        hard = mask
    return hard
