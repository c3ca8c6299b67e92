"""Meld relations: whether the melds of a reading can be chosen to stand in
the relation an item names (the same chow in three suits, three chows a step
apart, ...), and which melds a combination has already used, so one meld
counts once (the union-find in ``uf``: 3 bits a meld slot, its parent).
Compiled; nothing allocates.
"""

from __future__ import annotations

from ..jit import kernel
from . import layout as S
from .reading_facts import popcount


@kernel
def _root(uf, x):
    """The combination meld slot x belongs to (uf: 3 bits a slot, its parent)."""
    while (uf >> (3 * x)) & 7 != x:
        x = (uf >> (3 * x)) & 7
    return x


@kernel
def _rel_matches(fv, tab, rel, subset):
    """Whether the melds of slots ``subset`` (a bit mask) form relation row ``rel``."""
    # their suits and ranks, sorted by rank (insertion, at most four)
    r0 = r1 = r2 = r3 = -1
    g0 = g1 = g2 = g3 = -1
    n = 0
    for m in range(S.N_MELDS):
        if (subset >> m) & 1 == 0:
            continue
        face = (fv[S.FV_MELD + m] // S.MELD_FACE) % 64
        if face >= 27:
            return False   # honours form no relation
        r, g = face % 9, face // 9
        # insert (r, g) keeping r0 <= r1 <= ...
        if n == 0:
            r0, g0 = r, g
        elif n == 1:
            if r < r0:
                r0, g0, r1, g1 = r, g, r0, g0
            else:
                r1, g1 = r, g
        elif n == 2:
            if r < r0:
                r0, g0, r1, g1, r2, g2 = r, g, r0, g0, r1, g1
            elif r < r1:
                r1, g1, r2, g2 = r, g, r1, g1
            else:
                r2, g2 = r, g
        else:
            if r < r0:
                r0, g0, r1, g1, r2, g2, r3, g3 = r, g, r0, g0, r1, g1, r2, g2
            elif r < r1:
                r1, g1, r2, g2, r3, g3 = r, g, r1, g1, r2, g2
            elif r < r2:
                r2, g2, r3, g3 = r, g, r2, g2
            else:
                r3, g3 = r, g
        n += 1
    mode = tab[rel + S.REL_SUITS]
    if mode == S.SUITS_SAME:
        if (n > 1 and g1 != g0) or (n > 2 and g2 != g0) or (n > 3 and g3 != g0):
            return False
    elif mode == S.SUITS_DIFFERENT:
        if (n > 1 and g1 == g0) or (n > 2 and (g2 == g0 or g2 == g1)) or \
                (n > 3 and (g3 == g0 or g3 == g1 or g3 == g2)):
            return False
    elif mode == S.SUITS_RANKWISE:
        # melds of one rank are each of another suit
        if (n > 1 and r1 == r0 and g1 == g0) or (n > 2 and ((r2 == r0 and g2 == g0) or (r2 == r1 and g2 == g1))) \
                or (n > 3 and ((r3 == r0 and g3 == g0) or (r3 == r1 and g3 == g1) or (r3 == r2 and g3 == g2))):
            return False
    base = 0 if tab[rel + S.REL_ABSOLUTE] == 1 else r0
    found = False
    for pat in range(tab[rel + S.REL_NPAT]):
        at = rel + S.REL_PAT + 4 * pat
        if r0 - base == tab[at] and (n < 2 or r1 - base == tab[at + 1]) and (n < 3 or r2 - base == tab[at + 2]) \
                and (n < 4 or r3 - base == tab[at + 3]):
            found = True
            break
    if not found:
        return False
    pr = tab[rel + S.REL_PAIR]
    if pr >= 0:
        code = fv[S.FV_PAIR]
        if code <= 0:
            return False
        face = (code - 1) % S.PAIR_WILDS
        if face >= 27 or face % 9 != pr:
            return False
        pg = face // 9
        if tab[rel + S.REL_PAIR_SUIT] == S.SUITS_SAME:
            return pg == g0
        return pg != g0 and (n < 2 or pg != g1) and (n < 3 or pg != g2) and (n < 4 or pg != g3)
    return True


@kernel
def together(fv, tab, rel, once, uf):
    """(how many sets of the reading's melds form relation row ``rel``, the
    combinations after them).  ``once``: no two melds already combined (in one
    set of ``uf``) combine again, and the melds of each set counted are joined."""
    k = tab[rel + S.REL_K]
    kinds = tab[rel + S.REL_KINDS]
    usable = 0
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and (kinds >> (code % 8)) & 1:
            usable |= 1 << m
    count = 0
    for subset in range(1, 1 << S.N_MELDS):
        if subset & ~usable != 0 or popcount(subset) != k:
            continue
        if once:
            roots = 0
            apart = True
            for m in range(S.N_MELDS):
                if (subset >> m) & 1:
                    r = _root(uf, m)
                    if (roots >> r) & 1:
                        apart = False
                        break
                    roots |= 1 << r
            if not apart:
                continue
        if not _rel_matches(fv, tab, rel, subset):
            continue
        count += 1
        if once:
            first = -1
            for m in range(S.N_MELDS):
                if (subset >> m) & 1:
                    r = _root(uf, m)
                    if first < 0:
                        first = r
                    elif r != first:
                        uf = (uf & ~(7 << (3 * r))) | (first << (3 * r))
    return count, uf
