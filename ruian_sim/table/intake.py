"""Tiles reaching a hand: the wild and what it changes, the deal with its 补花,
draws with flowers laid aside and replaced, and whether a replacement may
still be drawn."""

from ..hand.kernels import set_tight
from ..hand.layout import HS_CAP, HS_CAPW
from ..jit import kernel, kernel_inline
from .layout import (
    EP_ASIDE,
    EP_ASIDE_IF_WILD,
    EP_CHUNK,
    EP_COPIES,
    EP_DEALER_EXTRA,
    EP_HAND,
    EP_REPLACE_TAIL,
    EP_SEATS,
    EP_STANDIN,
    ERR_WALL_EMPTY,
    EV_DEAL,
    EV_DRAW,
    EV_FLOWER,
    F_ASIDE,
    F_DRAWS,
    F_FLOWER_BITS,
    F_FLOWERS,
    H_ASIDE_OFF,
    H_ASIDE_ON,
    H_DEALER,
    H_ERROR,
    H_SI,
    H_WK,
    N_FACE,
    NONE_JOINED,
)
from .log import log_event
from .seat import add_face, face_of
from .wall import FLOWER_BASE, draw_head, draw_tail, is_flower, normal_left


@kernel_inline
def laid_aside(raw, rules, table):
    """Whether ``raw`` is laid aside and replaced this hand: flowers, and the
    kinds the rules lay aside (not while that kind is the wild)."""
    P, H = rules.P, table.H
    if raw == H[H_ASIDE_OFF]:
        return False
    return P[EP_ASIDE + raw] == 1 or raw == H[H_ASIDE_ON]


@kernel_inline
def lay_aside(s, raw, seats, table, log):
    F, vis = seats.F, table.vis
    if is_flower(raw):
        F[s, F_FLOWERS] += 1
        F[s, F_FLOWER_BITS] |= 1 << (raw - FLOWER_BASE)
    else:
        F[s, F_ASIDE] += 1
    vis[raw] += 1
    log_event(log, EV_FLOWER, s, raw, 0, 0)


@kernel
def replacement(rules, wall):
    P, W, tiles, gone = rules.P, wall.W, wall.tiles, wall.gone
    if P[EP_REPLACE_TAIL] == 1:
        return draw_tail(P, W, tiles, gone)
    return draw_head(P, W, tiles, gone)


@kernel
def can_replace(rules, wall):
    """A replacement may be drawn while a normal draw is still left.  From the
    tail it may then cut into the 海底, which is dealt out all the same, one
    tile short (the seed: 特殊情况海底牌也有三张的)."""
    return normal_left(rules.P, wall.W, wall.gone) >= 1


@kernel
def receive(s, raw, replace, rules, wall, seats, table, log):
    """Seat s receives ``raw``; flowers are laid aside and replaced while the
    wall allows.  Returns the face that joined the hand (-1 a wild) or -2 if
    no tile joined (a flower with no replacement left, or the wall was empty:
    then H[H_ERROR] says so).  Each pass takes a tile, so the wall bounds it."""
    pw = rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H = table.H
    while True:
        if raw < 0:
            H[H_ERROR] = ERR_WALL_EMPTY
            return NONE_JOINED
        if not laid_aside(raw, rules, table):
            break
        lay_aside(s, raw, seats, table, log)
        if not replace or not can_replace(rules, wall):
            return NONE_JOINED
        raw = replacement(rules, wall)
        F[s, F_DRAWS] += 1
        log_event(log, EV_DRAW, s, raw, 1, 0)
    f = face_of(raw, H[H_WK], H[H_SI])
    add_face(s, f, cnt, keys, F, pw)
    return f


@kernel_inline
def _dealt(s, raw, rules, seats, table, log, owed):
    """A tile reaches seat s during the deal: a flower is laid aside and owed a
    replacement (补花, after the deal), anything else joins the hand."""
    H = table.H
    if raw < 0:
        H[H_ERROR] = ERR_WALL_EMPTY
    elif laid_aside(raw, rules, table):
        lay_aside(s, raw, seats, table, log)
        owed[s] += 1
    else:
        add_face(s, face_of(raw, H[H_WK], H[H_SI]), seats.cnt, seats.keys, seats.F, rules.pw)


@kernel
def deal(rules, wall, seats, table, log, owed):
    P, W, tiles, gone = rules.P, wall.W, wall.tiles, wall.gone
    H = table.H
    n = P[EP_SEATS]
    dealer = H[H_DEALER]
    chunk = P[EP_CHUNK]
    size = P[EP_HAND]
    owed[:n] = 0
    given = 0
    while given < size:
        take = min(chunk, size - given)
        for i in range(n):
            s = (dealer + i) % n
            for _ in range(take):
                raw = draw_head(P, W, tiles, gone)
                log_event(log, EV_DEAL, s, raw, 0, 0)
                _dealt(s, raw, rules, seats, table, log, owed)
        given += take
    for _ in range(P[EP_DEALER_EXTRA]):
        raw = draw_head(P, W, tiles, gone)
        log_event(log, EV_DEAL, dealer, raw, 0, 0)
        _dealt(dealer, raw, rules, seats, table, log, owed)
    # 补花: flowers are replaced from the tail in seat order from the dealer
    for i in range(n):
        s = (dealer + i) % n
        while owed[s] > 0:
            owed[s] -= 1
            raw = replacement(rules, wall)
            log_event(log, EV_DRAW, s, raw, 1, 0)
            _dealt(s, raw, rules, seats, table, log, owed)


@kernel
def set_wild(wk, rules, seats, table):
    """This hand's wild kind ``wk`` (-1 none) and what follows from it: the
    stand-in (白板 playing as the wild's face), the kind laid aside in the
    wild's place, the faces a tile can come as, every seat's caps.  The
    `hand` command sets up its one seat with this same kernel."""
    P, hs = rules.P, rules.hs
    capx = seats.capx
    H, face_ok = table.H, table.face_ok
    n = P[EP_SEATS]
    si = P[EP_STANDIN]
    if si < 0 or wk < 0 or si == wk:
        si = -1
    H[H_WK] = wk
    H[H_SI] = si
    H[H_ASIDE_OFF] = -1
    H[H_ASIDE_ON] = -1
    if wk >= 0 and P[EP_ASIDE + wk] == 1 and not is_flower(wk):
        # the wild plays; another kind is laid aside in its place (if the rules name one)
        H[H_ASIDE_OFF] = wk
        H[H_ASIDE_ON] = P[EP_ASIDE_IF_WILD]
    for f in range(34):
        face_ok[f] = 1 if (P[EP_COPIES + f] > 0 and f != wk and f != si
                           and not laid_aside(f, rules, table)) else 0
    if si >= 0:
        face_ok[wk] = 1
    for s in range(n):
        capx[s, :N_FACE] = hs[HS_CAP]
        if si >= 0:
            capx[s, wk] = hs[HS_CAPW]
        set_tight(capx[s], hs)
