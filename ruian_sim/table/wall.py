"""The wall: shuffle, dice, break, the turned wild, head and tail draws, the
dead wall and the 海底 tiles.

Layout.  ``wall[i]`` is the raw kind at ring position i.  The ring is
``sides * stacks`` stacks of ``height`` tiles; stack j holds positions
``j*height .. j*height+height-1``, top first.  Stack indices grow
counterclockwise (the way play goes, seat s to seat s+1): side s, the wall in
front of seat s, holds stacks ``s*stacks`` (its left end, next to the 上家's
wall) to ``s*stacks+stacks-1`` (its right end, next to the 下家's).

The dice total counts stacks from the end of the 开门人's wall where the
rules' counting direction starts (clockwise: its right end) and goes on along
the next wall that way; the last stack counted is the break.  Draws run from
the stack after the break in the rules' drawing direction; the tail (kong and
flower replacements) runs back the other way from the break stack, top tile
first.  ``gone[i]`` marks positions already taken or turned out of play.

Every loop over positions is bounded by the ring's size: asking for a tile
when none is left returns WALL_EMPTY (-1), which callers treat as an error.

``W`` is the wall state vector (WS_* indices below).
"""

from ..fields import Fields
from ..jit import kernel, kernel_inline
from .layout import (
    EP_ASIDE,
    EP_COPIES,
    EP_COUNT_DIR,
    EP_DEAD_ODD,
    EP_DEAD_STACKS,
    EP_DICE,
    EP_DRAW_DIR,
    EP_HAIDI,
    EP_HEIGHT,
    EP_NEXT,
    EP_SEATS,
    EP_SIDES,
    EP_STACKS,
    EP_THROWS,
    EP_TILES,
    EP_TURN_PAST_ASIDE,
    EP_TURNED_OUT,
    EP_WILD_FIXED,
    EP_WILD_SOURCE,
    EV_BREAK,
    EV_DICE,
    EV_WILD,
    N_RAW,
    WILD_FIXED,
    WILD_NEXT,
    WILD_TURNED,
)
from .log import log_event
from .rng import DICE, WALL, below

_WS = Fields()
WS_BREAK = _WS()       # the break stack (last counted)
WS_HEAD = _WS()        # draws taken from the head
WS_TAIL = _WS()        # tail positions passed
WS_GONE = _WS()        # positions taken or turned out
WS_WILD = _WS()        # wild kind, -1 none
WS_INDICATOR = _WS()   # the turned tile, -1 none
WS_DICE1 = _WS()
WS_DICE2 = _WS()
WS_OPENER = _WS()      # 开门人
WS_DRAW_DIR = _WS()    # +1 draws go counterclockwise (increasing stack index), -1 clockwise
WS_DEAD_EXTRA = _WS()  # tiles the dead wall has grown by (kongs, wall.dead_per_kong)
WS_SIZE = _WS.size

WALL_EMPTY = -1      # returned by a draw when the wall is empty (callers check first)

FLOWER_BASE = 34  # notation: kinds 34.. are flowers


@kernel_inline
def is_flower(kind):
    return kind >= FLOWER_BASE


@kernel
def shuffle_wall(P, rs, wall):
    """The tile set in canonical order, then a Fisher-Yates shuffle from the wall stream."""
    n = 0
    for k in range(N_RAW):
        for _ in range(P[EP_COPIES + k]):
            wall[n] = k
            n += 1
    for i in range(n - 1, 0, -1):
        j = below(rs, WALL, i + 1)
        t = wall[i]
        wall[i] = wall[j]
        wall[j] = t
    return n


@kernel
def throw(P, rs):
    """The sum of a throw of the rules' dice, from the hand's dice stream."""
    s = 0
    for _ in range(P[EP_DICE]):
        s += 1 + below(rs, DICE, 6)
    return s


@kernel_inline
def head_pos(P, W, j):
    """Ring position of the j-th tile in draw order."""
    h = P[EP_HEIGHT]
    n_stacks = P[EP_SIDES] * P[EP_STACKS]
    return ((W[WS_BREAK] + W[WS_DRAW_DIR] * (1 + j // h)) % n_stacks) * h + j % h


@kernel_inline
def tail_pos(P, W, t):
    """Ring position of the t-th tile counted back from the tail, top first."""
    h = P[EP_HEIGHT]
    n_stacks = P[EP_SIDES] * P[EP_STACKS]
    stack = (W[WS_BREAK] - W[WS_DRAW_DIR] * (t // h)) % n_stacks
    return stack * h + t % h


@kernel_inline
def remaining(P, W):
    return P[EP_TILES] - W[WS_GONE]


@kernel_inline
def dead_tiles(P, W, gone):
    """The dead wall: dead_stacks full stacks, plus a lone tile (or partial stack)
    left at the tail when the rules count it."""
    h = P[EP_HEIGHT]
    out = P[EP_DEAD_STACKS] * h + W[WS_DEAD_EXTRA]
    if P[EP_DEAD_ODD] == 1:
        t = W[WS_TAIL]
        first = t - t % h  # first tail index of the current tail stack
        left = 0
        for i in range(first, first + h):
            if gone[tail_pos(P, W, i)] == 0:
                left += 1
        if 0 < left < h:
            out += left
    return out


@kernel_inline
def normal_left(P, W, gone):
    """Tiles that may still be drawn normally, before the 海底 and the dead wall."""
    return remaining(P, W) - dead_tiles(P, W, gone) - P[EP_HAIDI]


@kernel_inline
def nothing_left(P, W, gone):
    """No tile is left that anyone may draw (normally or in the 海底): the tile
    just drawn was the last (海底撈月), a discard now is the last (河底撈魚)."""
    return remaining(P, W) - dead_tiles(P, W, gone) <= 0


@kernel
def draw(P, W, wall, gone, from_tail):
    """The next tile from the head, or from the tail (replacements)."""
    ptr = WS_TAIL if from_tail else WS_HEAD
    # each position is passed at most once from either end: bounded by the ring
    while W[ptr] < P[EP_TILES]:
        pos = tail_pos(P, W, W[ptr]) if from_tail else head_pos(P, W, W[ptr])
        W[ptr] += 1
        if gone[pos] == 0:
            gone[pos] = 1
            W[WS_GONE] += 1
            return wall[pos]
    return WALL_EMPTY


@kernel_inline
def draw_head(P, W, wall, gone):
    return draw(P, W, wall, gone, False)


@kernel_inline
def draw_tail(P, W, wall, gone):
    return draw(P, W, wall, gone, True)


@kernel
def setup_wall(P, rs, dealer, wall, gone, W, log):
    """Shuffle, throw the dice, break the wall, turn the wild.  Returns the wild kind."""
    shuffle_wall(P, rs, wall)
    gone[:] = 0
    W[:] = 0
    seats = P[EP_SEATS]
    s1 = throw(P, rs)
    log_event(log, EV_DICE, dealer, -1, s1, 1)
    opener = (dealer + s1 - 1) % seats  # count seats from the dealer = 1
    count = s1
    s2 = 0
    if P[EP_THROWS] == 2:
        s2 = throw(P, rs)
        log_event(log, EV_DICE, opener, -1, s2, 2)
        count = s1 + s2
    W[WS_DICE1], W[WS_DICE2], W[WS_OPENER] = s1, s2, opener
    n_stacks = P[EP_SIDES] * P[EP_STACKS]
    side = opener % P[EP_SIDES]
    step = P[EP_COUNT_DIR]  # +1 counterclockwise (from the left end), -1 clockwise (from the right end)
    first = side * P[EP_STACKS] + (0 if step > 0 else P[EP_STACKS] - 1)
    W[WS_BREAK] = (first + step * (count - 1)) % n_stacks
    W[WS_DRAW_DIR] = P[EP_DRAW_DIR]
    at = W[WS_BREAK] % P[EP_STACKS]  # the break stack within its side, from that side's left end
    log_event(log, EV_BREAK, opener, at, count, W[WS_BREAK] // P[EP_STACKS])
    W[WS_WILD] = -1
    W[WS_INDICATOR] = -1
    src = P[EP_WILD_SOURCE]
    if src == WILD_TURNED or src == WILD_NEXT:
        # the bottom tile of the break stack is turned; a flower (or, where the
        # rules say so, a kind laid aside like one) is laid aside and the next
        # tile from the tail is turned instead
        h = P[EP_HEIGHT]
        pos = tail_pos(P, W, h - 1)
        ind = wall[pos]
        t = 0
        # validation leaves non-flower tiles in the wall, so this ends within the ring
        while (is_flower(ind) or P[EP_TURN_PAST_ASIDE] * P[EP_ASIDE + ind] == 1) and t < P[EP_TILES]:
            gone[pos] = 1
            W[WS_GONE] += 1
            while t < P[EP_TILES] and gone[tail_pos(P, W, t)] == 1:
                t += 1
            pos = tail_pos(P, W, t % P[EP_TILES])
            ind = wall[pos]
        if P[EP_TURNED_OUT] == 1:
            gone[pos] = 1
            W[WS_GONE] += 1
        W[WS_INDICATOR] = ind
        W[WS_WILD] = ind if src == WILD_TURNED else P[EP_NEXT + ind]
    elif src == WILD_FIXED:
        W[WS_WILD] = P[EP_WILD_FIXED]
    log_event(log, EV_WILD, -1, W[WS_INDICATOR], W[WS_WILD], src)
    return W[WS_WILD]
