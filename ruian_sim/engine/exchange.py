"""换三张 (exchange.tiles): after the deal, before 定缺, every seat passes
that many tiles of one suit to another seat, all at once.  The seat they go
to is the rules' (``exchange.direction``: the next seat in turn order, the
previous one, the one opposite, or by the dice: the dealer's first throw's
total mod 3 picks next, opposite, previous).

Every bot passes from the suit it holds fewest of among those with enough
tiles (then fewest pairs): the suit it will most likely name void, so the
tiles it gives away are the ones it would throw.  Within the suit it passes
singles first, then the least connected, as void.void_discard throws them.
"""

from ..jit import kernel
from ..table.layout import (
    EP_EXCHANGE,
    EP_EXCHANGE_DIR,
    EP_SEATS,
    ERR_EXCHANGE,
    EV_EXCHANGE,
    H_ERROR,
    XD_DICE,
    XD_NEXT,
    XD_OPPOSITE,
    XD_PREVIOUS,
)
from ..table.log import log_event
from ..table.seat import add_face, remove_face
from ..table.void import SUIT, loose_face, weakest_suit
from ..table.wall import WS_DICE1


@kernel
def exchange_step(rules, wall):
    """How many seats on, in turn order, the passed tiles go."""
    P = rules.P
    n = P[EP_SEATS]
    d = P[EP_EXCHANGE_DIR]
    if d == XD_DICE:
        d = wall.W[WS_DICE1] % 3   # the dealer's first throw: 0 next, 1 opposite, 2 previous
        d = XD_NEXT if d == 0 else (XD_OPPOSITE if d == 1 else XD_PREVIOUS)
    if d == XD_NEXT:
        return 1
    return n // 2 if d == XD_OPPOSITE else n - 1


@kernel
def exchange_tiles(rules, wall, seats, table, log, picked):
    """Every seat picks its tiles (into ``picked``, k per seat), then each
    passes them on; the events say who passed what to whom."""
    P, pw = rules.P, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    n = P[EP_SEATS]
    k = P[EP_EXCHANGE]
    step = exchange_step(rules, wall)
    for s in range(n):
        best = weakest_suit(cnt[s], P, k)
        if best < 0:
            # validation (ruleset/validate_end.py) makes every hand hold k of some suit
            table.H[H_ERROR] = ERR_EXCHANGE
            return
        for j in range(k):
            f = loose_face(cnt[s], best * SUIT)
            remove_face(s, f, cnt, keys, F, pw)
            picked[s * k + j] = f
            log_event(log, EV_EXCHANGE, s, f, j, (s + step) % n)
    for s in range(n):
        t = (s + step) % n
        for j in range(k):
            add_face(t, picked[s * k + j], cnt, keys, F, pw)
