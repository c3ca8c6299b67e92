"""The search player's samples: a copy of the table in which the tiles a
seat has not seen are dealt anew (engine/search.py plays its candidates out
in it).

    copy_table    the copy made equal to the table
    unseen_pool   the tiles the seat has not seen, to deal
    hidden_kongs  the others' concealed kongs given faces anew
    deal_sample   the other hands (ready ones in shape: shaped.py) and the
                  wall's untaken places dealt from the pool

What the seat cannot see is never read: the sample is drawn from the tiles it
has not seen (the wall's copies less its own hand and the public record), dealt
to the other hands by their sizes and to the wall's untaken places, so the
same seat with the same stream decides alike however the hidden tiles lie
(tests/bots/test_search.py).  Every random stream of the copy comes from the
sample's seed, so the candidates meet the same deals and the same luck
(common random numbers).

The other seats' concealed kongs, whose faces the seat has not seen, are given
faces anew in each sample (four of a kind it has not seen), so no tile is in a
sample twice (before, a kong's own tiles could be dealt to a hand beside it,
and the hand's readings then failed: ERR_READINGS on taiwanese and ruian-tai).
"""

from __future__ import annotations

from ..bots.layout import BP_READY
from ..bots.smart.choice import readiness
from ..bots.shanten import current_shanten
from ..hand.kernels import set_tight
from ..jit import kernel
from ..table import layout as L
from ..table.intake import laid_aside
from ..table.layout import (EP_COPIES, EP_SEATS, F_LAST_DISC, F_NTILES, F_SHANTEN, F_W, H_SI, H_WINNERS, H_WK, M_FACE,
                           M_TYPE, MELD_KONG_CON, N_FACE, N_RAW)
from ..table.rng import below, stream, uniform
from ..table.seat import add_face, face_of, raw_of
from ..table.wall import normal_left
from .shaped import deal_ready

SAMPLE = 0   # the playout copy's random stream that deals the hidden tiles (a slot the engine leaves free)


@kernel
def _copy1(dst, src):
    for i in range(src.shape[0]):
        dst[i] = src[i]


@kernel
def _copy2(dst, src):
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@kernel
def copy_table(wall, seats, table, bots, T, sw):
    """The playout copy made equal to the table (the learning counts apart;
    element by element: the kernels run without numba's allocator)."""
    c = sw.state
    _copy1(c.wall.tiles, wall.tiles)
    _copy1(c.wall.gone, wall.gone)
    _copy1(c.wall.W, wall.W)
    _copy2(c.seats.cnt, seats.cnt)
    _copy2(c.seats.keys, seats.keys)
    _copy2(c.seats.F, seats.F)
    _copy2(c.seats.capx, seats.capx)
    for s in range(seats.melds.shape[0]):
        _copy2(c.seats.melds[s], seats.melds[s])
    _copy1(c.table.H, table.H)
    _copy1(c.table.vis, table.vis)
    _copy1(c.table.pond, table.pond)
    _copy1(c.table.face_ok, table.face_ok)
    _copy2(c.bots.bp, bots.bp)
    _copy1(c.bots.rs, bots.rs)
    _copy2(c.bots.kept, bots.kept)
    _copy1(sw.T, T)


@kernel
def unseen_pool(s, rules, seats, table, sw, rs):
    """The raw tiles seat s has not seen, into sw.pool: the tiles a hand may
    hold first, then the kinds laid aside (flowers); the others' concealed
    kongs take four of a kind each first (hidden_kongs).  Returns (all, holdable)."""
    P = rules.P
    H = table.H
    wk, si = H[H_WK], H[H_SI]
    u = sw.unseen
    for t in range(N_RAW):
        u[t] = P[EP_COPIES + t] - table.vis[t]
    for f in range(N_FACE):
        if seats.cnt[s, f] > 0:
            u[raw_of(f, wk, si)] -= seats.cnt[s, f]
    if wk >= 0:
        u[wk] -= seats.F[s, F_W]
    for i in range(min(seats.F[s, L.F_NMELD], L.MAX_MELDS)):
        if seats.melds[s, i, M_TYPE] == MELD_KONG_CON:   # its own, never shown
            u[raw_of(seats.melds[s, i, M_FACE], wk, si)] -= 4
    hidden_kongs(s, rules, seats, table, u, rs)
    k = 0
    holdable = 0
    for aside in range(2):
        for t in range(N_RAW):
            if (1 if laid_aside(t, rules, table) else 0) != aside:
                continue
            for _ in range(max(u[t], 0)):
                if k < len(sw.pool):
                    sw.pool[k] = t
                    k += 1
        if aside == 0:
            holdable = k
    return k, holdable


@kernel
def hidden_kongs(s, rules, seats, table, u, rs):
    """The others' concealed kongs, whose faces seat s has not seen, given
    faces anew in the copy: each a kind of which four are unseen (``u``, then
    less those four), so no tile is in the sample twice (the real face is
    always one of them: its four are unseen).  The caps of the hand follow
    the meld (seat.add_meld)."""
    n = rules.P[EP_SEATS]
    wk, si = table.H[H_WK], table.H[H_SI]
    capx = seats.capx
    for p in range(n):
        if p == s:
            continue
        for i in range(min(seats.F[p, L.F_NMELD], L.MAX_MELDS)):
            if seats.melds[p, i, M_TYPE] != MELD_KONG_CON:
                continue
            kinds = 0
            for f in range(N_FACE):
                if u[raw_of(f, wk, si)] >= 4:
                    kinds += 1
            if kinds == 0:
                continue   # (cannot be: the kong's own four are unseen)
            pick = below(rs, SAMPLE, kinds)
            for f in range(N_FACE):
                if u[raw_of(f, wk, si)] >= 4:
                    if pick == 0:
                        old = seats.melds[p, i, M_FACE]
                        capx[p, old] += 4
                        capx[p, f] -= 4
                        set_tight(capx[p], rules.hs)
                        seats.melds[p, i, M_FACE] = f
                        u[raw_of(f, wk, si)] -= 4
                        break
                    pick -= 1


@kernel
def shuffle(a, lo, hi, rs):
    for i in range(hi - 1, lo, -1):
        j = lo + below(rs, SAMPLE, i - lo + 1)
        a[i], a[j] = a[j], a[i]


@kernel
def deal_sample(s, seed, rules, work, sw):
    """The copy's hidden tiles dealt anew from the pool (sw.pool as unseen_pool
    left it, ``total`` tiles, the first ``holdable`` of them fit for a hand):
    the other hands keep their sizes, each dealt ready with the chance the
    seat judges it ready (``ready`` times the danger model's: shaped.py), the
    wall its untaken places; every random stream of the copy is the sample's.  False: the pool cannot fill
    them (the seat's count of what it has seen is off), and nothing is dealt."""
    c = sw.state
    P, pw = rules.P, rules.pw
    n = P[EP_SEATS]
    H = c.table.H
    wk, si = H[H_WK], H[H_SI]
    cnt, keys, F = c.seats.cnt, c.seats.keys, c.seats.F
    rs = c.bots.rs
    for slot in range(len(rs)):
        rs[slot] = stream(seed, 0, 0, slot)
    total, holdable = unseen_pool(s, rules, c.seats, c.table, sw, rs)
    need = 0
    for p in range(n):
        if p != s and (H[H_WINNERS] >> p) & 1 == 0:
            need += F[p, F_NTILES]
    spots = 0
    for i in range(len(c.wall.tiles)):
        if c.wall.gone[i] == 0:
            spots += 1
    if holdable < need or total < need + spots:
        return False
    pool = sw.pool
    shuffle(pool, 0, holdable, rs)
    ready = c.bots.bp[s, BP_READY]
    q = 0
    for p in range(n):
        if p == s or (H[H_WINNERS] >> p) & 1 == 1:
            continue
        m = F[p, F_NTILES]
        if ready > 0.0 and uniform(rs, SAMPLE) < ready * readiness(s, p, F, c.bots.bp):
            deal_ready(pool, q, holdable, m, wk, si, rs, SAMPLE)
        cnt[p, :] = 0
        keys[p, :] = 0
        F[p, F_W] = 0
        F[p, F_NTILES] = 0
        for _ in range(m):
            add_face(p, face_of(pool[q], wk, si), cnt, keys, F, pw)
            q += 1
        F[p, F_SHANTEN] = current_shanten(p, rules, c.seats, work)
    # the rest, the laid-aside kinds among them, to the wall in a fresh order
    shuffle(pool, q, total, rs)
    for i in range(len(c.wall.tiles)):
        if c.wall.gone[i] == 0:
            c.wall.tiles[i] = pool[q]
            q += 1
    # what the others' bots kept in mind was of their real hands: valued again when asked
    draws = normal_left(P, c.wall.W, c.wall.gone) // n + 1
    for p in range(n):
        if p != s:
            c.bots.kept[p, 0] = 0.0
            c.bots.kept[p, 1] = -1.0 - draws if F[p, F_LAST_DISC] >= 0 else 0.0
    return True
