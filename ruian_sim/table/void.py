"""定缺 (void_suit.declare): after the deal each seat names a suit it must be
rid of (缺一门).  While it holds a tile of that suit it discards one of them
before anything else, claims none of them, makes no kong of them, and cannot
win.  ``F[s, F_VOID]`` is 1 + the suit's index, 0 for none.

Every bot names the suit it holds fewest tiles of (then fewest pairs, then
the first in suit order) and throws its void tiles singles first, then the
least connected: the choices a player makes by habit, since the suit is
thrown whatever it holds.
"""

from ..jit import kernel, kernel_inline
from .layout import EP_COPIES, EP_SEATS, EV_VOID, F_VOID
from .log import log_event

SUIT = 9   # faces per suit (0-8 m, 9-17 p, 18-26 s)


@kernel
def weakest_suit(c, P, least):
    """Of the suits in play of which hand ``c`` holds at least ``least``
    tiles, the one it holds fewest of (then fewest pairs, then the first);
    -1 when none holds that many."""
    best = -1
    best_key = 1 << 30
    for g in range(3):
        if P[EP_COPIES + g * SUIT] == 0:
            continue   # a suit not in play
        tiles = 0
        pairs = 0
        for f in range(g * SUIT, (g + 1) * SUIT):
            tiles += c[f]
            pairs += 1 if c[f] >= 2 else 0
        if tiles >= least and tiles * 16 + pairs < best_key:
            best_key = tiles * 16 + pairs
            best = g
    return best


@kernel
def name_voids(rules, seats, log):
    """Each seat names its void suit among the suits in play."""
    P = rules.P
    for s in range(P[EP_SEATS]):
        best = weakest_suit(seats.cnt[s], P, 0)
        seats.F[s, F_VOID] = best + 1
        log_event(log, EV_VOID, s, -1, best, 0)


@kernel_inline
def is_void(s, f, F):
    """Whether face f is of seat s's void suit."""
    v = F[s, F_VOID]
    return v > 0 and 0 <= f < 3 * SUIT and f // SUIT == v - 1


@kernel_inline
def holds_void(s, seats):
    """Whether seat s still holds a tile of its void suit (it cannot win)."""
    v = seats.F[s, F_VOID]
    if v == 0:
        return False
    for f in range((v - 1) * SUIT, v * SUIT):
        if seats.cnt[s, f] > 0:
            return True
    return False


@kernel
def void_discard(s, seats):
    """The void tile seat s throws now, or -2 when it holds none."""
    v = seats.F[s, F_VOID]
    if v == 0:
        return -2
    return loose_face(seats.cnt[s], (v - 1) * SUIT)


@kernel
def loose_face(c, lo):
    """Of the suit starting at face ``lo``, the tile a hand ``c`` gives up
    first: singles first, then the one with the fewest neighbours held, then
    the lowest; -2 when it holds none."""
    best = -2
    best_key = 1 << 30
    for f in range(lo, lo + SUIT):
        if c[f] == 0:
            continue
        near = 0
        for d in (-2, -1, 1, 2):
            if lo <= f + d < lo + SUIT:
                near += c[f + d]
        key = c[f] * 64 + near
        if key < best_key:
            best_key = key
            best = f
    return best
