"""Whether and how near a hand is complete, from the group rows of
kernels.py: each winning shape's distance (the standard shape, pairs, three
wilds, the rules' special shapes: thirteen orphans, knitted and distinct
tiles), shanten, and the completion tests the engine's win check and
scoring read (complete_shapes, is_complete, hard_shapes).  Array layout and
the meaning of a distance: kernels.py.
"""

import numpy as np

from ..jit import kernel, kernel_inline
from .layout import (BIG, GROUP_START, HS_B, HS_EIGHT, HS_HARD_SELF, HS_HARD_THREE, HS_N_SPECIAL, HS_PUNGS,
                     HS_SPECIAL, HS_STANDARD, HS_THREE, HS_THREE_N, MODE_SHANTEN, N_FACES, SHAPE_EIGHT, SHAPE_PUNGS,
                     SHAPE_SPECIAL0, SHAPE_STANDARD, SHAPE_THREE, SPECIAL_DISTINCT, SP_COUNT, SP_KIND, SP_NSETS,
                     SP_PAIR, SP_SETS, SP_W)
from .kernels import (GROUP_OF, ep_distance, ep_totals, group_distance, melds_complete, three_distance)

_GS = np.array(GROUP_START, np.int64)


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
