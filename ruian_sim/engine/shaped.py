"""Hands dealt in shape: a search sample's other hand built of sets, a pair
and a two-tile wait from the unseen tiles, where the seat judges that player
ready (engine/sample.deal_sample).

A hand dealt at random from the unseen tiles is a loose one, three or four
tiles from ready, since it has kept nothing and thrown nothing; a player who
has discarded for ten turns holds what it kept.  Playouts against loose hands
see no danger: a ready player is rare in them, and the tile that feeds one
costs nothing there.  So each other hand is dealt ready with the chance the
seat's danger model gives it from what anyone sees (how long it has
discarded, the melds it has shown: bots/smart/choice.readiness), and at
random otherwise.

The shape is a general one: sets of three alike or three in a row of a suit,
one pair, two tiles a step or two apart (ranks 1-9 in suits of nine, faces
0..26; honors alike only).  A group whose tiles are not unseen is dealt with
whatever lies next in the pool, so the tiles dealt are always the unseen ones.
"""

from __future__ import annotations

from ..jit import kernel
from ..table.rng import below, uniform
from ..table.seat import face_of

SUITED = 27   # faces below this are ranks 1-9 of the suits; a run stays within its suit
TRIES = 6     # anchors tried for each group before the pool's next tiles stand for it


@kernel
def _take(pool, at, hi, face, wk, si):
    """Move a tile of ``face`` from pool[at:hi] to pool[at]; False: none there."""
    for j in range(at, hi):
        if face_of(pool[j], wk, si) == face:
            pool[at], pool[j] = pool[j], pool[at]
            return True
    return False


@kernel
def _group(pool, at, hi, size, wk, si, rs, slot):
    """pool[at:at + size] made a group from a random anchor: ``size`` 3 a set
    (three in a row of a suit, seven times in ten, else three alike), 2 a
    pair; True if it formed."""
    for _ in range(TRIES):
        j = at + below(rs, slot, hi - at)
        pool[at], pool[j] = pool[j], pool[at]
        f = face_of(pool[at], wk, si)
        if f < 0:
            return True   # a wild: it stands for whatever the group lacks
        if size == 3 and f < SUITED and uniform(rs, slot) < 0.7:
            r = f % 9
            lo = f - min(r, below(rs, slot, 3))           # the run's first face, within the suit
            lo = min(lo, f - r + 6)
            ok = True
            k = at + 1
            for g in range(lo, lo + 3):
                if g != f:
                    ok = ok and _take(pool, k, hi, g, wk, si)
                    k += 1
            if ok:
                return True
        else:
            if _take(pool, at + 1, hi, f, wk, si) and (size == 2 or _take(pool, at + 2, hi, f, wk, si)):
                return True
    return False


@kernel
def _wait(pool, at, hi, wk, si, rs, slot):
    """pool[at:at + 2] made two tiles of one suit a step or two apart (a wait on
    the tiles between or beside them); an honor anchor waits with its pair."""
    for _ in range(TRIES):
        j = at + below(rs, slot, hi - at)
        pool[at], pool[j] = pool[j], pool[at]
        f = face_of(pool[at], wk, si)
        if f < 0:
            return True
        if f >= SUITED:
            if _take(pool, at + 1, hi, f, wk, si):
                return True
            continue
        r = f % 9
        step = 1 + below(rs, slot, 2)
        g = f + step if r + step <= 8 else f - step
        if _take(pool, at + 1, hi, g, wk, si):
            return True
    return False


@kernel
def deal_ready(pool, at, hi, m, wk, si, rs, slot):
    """Arrange pool[at:at + m] (drawn from pool[at:hi]) as a ready hand of m
    tiles: sets, then a pair and a two-tile wait (m = 3k + 1), or sets and a
    pair (3k + 2), or sets alone (3k)."""
    rest = m % 3
    sets = max((m - 4) // 3, 0) if rest == 1 else (m - 2) // 3 if rest == 2 else m // 3
    k = at
    for _ in range(sets):
        if k + 3 > at + m:
            break
        _group(pool, k, hi, 3, wk, si, rs, slot)
        k += 3
    if k + 2 <= at + m:
        _group(pool, k, hi, 2, wk, si, rs, slot)
        k += 2
    if k + 2 <= at + m:
        _wait(pool, k, hi, wk, si, rs, slot)
