"""The wall: dice, the tiles laid out in draw order, break, the turned wild, head and tail draws, the
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

import numpy as np

from ..fields import Fields
from ..jit import kernel, kernel_inline
from .layout import (
    EP_ASIDE,
    EP_COPIES,
    EP_COUNT_DIR,
    EP_CHUNK,
    EP_DEAD_ODD,
    EP_DEAD_STACKS,
    EP_DEALER_EXTRA,
    EP_DICE,
    EP_DRAW_DIR,
    EP_HAIDI,
    EP_HAND,
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
from .rng import ASIDE_PLACES, DICE, WALL, below, mix64, next_u64

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
_KEY = np.uint64(0x9FB21C651E98DF25)   # spreads (kind, copy) over the key space


@kernel_inline
def is_flower(kind):
    return kind >= FLOWER_BASE


@kernel_inline
def laid_aside(P, kind):
    """Whether a tile of this kind is laid aside when drawn and replaced from the tail."""
    return is_flower(kind) or P[EP_ASIDE + kind] == 1


BUCKETS = 256   # the sort's first pass: by a key's top 8 bits (keys are 63-bit, uniform)


@kernel
def _sort_by_key(codes, keys, lo, hi, tmp):
    """Sort codes[lo:hi] by keys[lo:hi]: a counting pass on the keys' top bits into
    ``tmp`` (2 (hi - lo) + BUCKETS slots), then an insertion sort that finds them all
    but in place.  Once a hand; a plain insertion sort of 136 random keys, a
    mispredicted branch a step, cost the random bots a fifth of their speed.  Keys
    are distinct, so any sort gives the same order."""
    n = hi - lo
    count = tmp[2 * n:2 * n + BUCKETS]
    count[:] = 0
    for i in range(lo, hi):
        count[keys[i] >> 55] += 1
    at = 0
    for b in range(BUCKETS):
        at, count[b] = at + count[b], at
    for i in range(lo, hi):
        b = keys[i] >> 55
        tmp[count[b]] = codes[i]
        tmp[n + count[b]] = keys[i]
        count[b] += 1
    for i in range(n):
        codes[lo + i], keys[lo + i] = tmp[i], tmp[n + i]
    for i in range(lo + 1, hi):
        c, k = codes[i], keys[i]
        j = i - 1
        while j >= lo and keys[j] > k:
            codes[j + 1], keys[j + 1] = codes[j], keys[j]
            j -= 1
        codes[j + 1], keys[j + 1] = c, k


@kernel
def _tail_index(P, t):
    """The draw-order index (0 = the first tile drawn from the head) of the t-th tile
    drawn from the tail, top first: the head and tail meet in one ring."""
    h = P[EP_HEIGHT]
    return P[EP_TILES] - h * (t // h + 1) + t % h


@kernel
def _replaced_when(P, j):
    """When the tile at draw-order index j, if it is laid aside, is replaced:
    the deal's are replaced after the deal seat by seat from the dealer (补花),
    the others as they are drawn.  A key that sorts in that order."""
    n, chunk, size, total = P[EP_SEATS], P[EP_CHUNK], P[EP_HAND], P[EP_TILES]
    at = 0
    given = 0
    while given < size:   # the deal's rounds, as table/intake.deal takes them
        take = min(chunk, size - given)
        if j < at + take * n:
            return ((j - at) // take) * total + j
        at += take * n
        given += take
    if j < at + P[EP_DEALER_EXTRA]:
        return j   # the dealer's extra tile
    return n * total + j


@kernel
def fill_wall(P, rs, W, wall, gone, lay):
    """Lay the tile set out in draw order, then on the ring from the break.

    Why not a plain shuffle of the ring: two rule sets compared on the same seed
    should deal the same tiles in the same order even when one has more tiles
    (flowers) or another wall (more stacks a side, another break), so that the
    comparison keeps its common random numbers.  So each tile (kind, copy) gets a
    random key from the hand's wall stream, and the ordinary tiles, sorted by key,
    are read in draw order from the head whatever the geometry.  Tiles laid aside
    when drawn (flowers) take a uniformly random set of draw-order places from a
    stream of their own; the ordinary tile each one displaces from the head is
    put in the tail, next after the break stack, where the replacement for that
    flower is drawn, in the order the flowers are replaced.  Every arrangement
    stays equally likely."""
    total = P[EP_TILES]
    h = P[EP_HEIGHT]
    salt = next_u64(rs, WALL)
    codes = lay[:total]   # lay: codes (kind * 64 + copy), keys, draw order, the displaced, sort scratch
    keys = lay[total:2 * total]
    n = 0
    ordinary = 0
    for aside in range(2):   # the ordinary tiles first, then those laid aside
        for k in range(N_RAW):
            if laid_aside(P, k) == (aside == 1):
                for c in range(P[EP_COPIES + k]):
                    codes[n] = k * 64 + c
                    keys[n] = np.int64(mix64(salt ^ (np.uint64(k * 64 + c + 1) * _KEY)) >> np.uint64(1))
                    n += 1
        if aside == 0:
            ordinary = n
    scratch = lay[2 * total:]   # free until the draw order is written
    _sort_by_key(codes, keys, 0, ordinary, scratch)
    _sort_by_key(codes, keys, ordinary, total, scratch)
    spare = total - ordinary
    # the places of the tiles laid aside, in draw order: gone[] marks them (it is cleared after)
    gone[:] = 0
    for i in range(spare):
        r = below(rs, ASIDE_PLACES, total - i)
        j = 0
        while gone[j] == 1 or r > 0:   # the r-th free place: ends within total
            if gone[j] == 0:
                r -= 1
            j += 1
        gone[j] = 1
    # the tail's first spare + h places: the displaced tiles and the break stack
    tail_slots = min(spare + h, total)
    for t in range(tail_slots):
        gone[_tail_index(P, t)] += 2
    order = lay[2 * total:3 * total]   # draw-order index -> code
    displaced = lay[3 * total:]   # at most spare <= total; keys[] now holds when each is drawn
    queued = 0
    q = 0
    next_aside = ordinary
    for j in range(total):
        if gone[j] >= 2:
            continue   # a tail place
        if gone[j] == 1:
            order[j] = codes[next_aside]
            next_aside += 1
            displaced[queued] = codes[q]
            keys[queued] = _replaced_when(P, j)
            queued += 1
        else:
            order[j] = codes[q]
        q += 1
    _sort_by_key(displaced, keys, 0, queued, lay[4 * total:])
    # The turned tile (the bottom of the break stack, tail order h - 1) stays the
    # one it is without flowers; where a flower lies there, the next tile from
    # the tail is turned instead, so it goes first.
    turned = codes[ordinary - 1]
    turned_first = h - 1 < tail_slots and gone[_tail_index(P, h - 1)] == 3
    taken = 0
    for t in range(tail_slots):
        j = _tail_index(P, t)
        if gone[j] == 3:
            order[j] = codes[next_aside]
            next_aside += 1
            continue
        if t == h - 1 and not turned_first:
            order[j] = turned
            continue
        i = taken - 1 if turned_first else taken
        taken += 1
        if i < 0:
            order[j] = turned
        elif i < queued:
            order[j] = displaced[i]
        else:   # the break stack's other tiles, in the order they were without flowers
            order[j] = codes[ordinary - h + i - queued]
    for j in range(total):
        wall[head_pos(P, W, j)] = order[j] // 64
    return total


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
def setup_wall(P, rs, dealer, wall, gone, W, lay, log):
    """Throw the dice, break the wall, lay the tiles out from the break, turn the wild.
    Returns the wild kind."""
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
    fill_wall(P, rs, W, wall, gone, lay)
    gone[:] = 0
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
