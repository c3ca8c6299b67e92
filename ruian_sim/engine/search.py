"""The search player: before it discards, it plays each candidate discard out
to the end of the hand, many times, against hidden tiles sampled from what
its seat has seen, and throws the one whose playouts paid it most
(determinized Monte Carlo, as bridge and Skat programs play).

    search_discard  candidates (the rollout policy's choice first, then the
                    discards that keep the hand nearest), for each sample a
                    copy of the table with the hidden tiles dealt anew, each
                    candidate played out in it by the rollout policy, and
                    the hand settled as the records are (table/points.py);
                    the best mean is left in bp[s, BP_FORCED] for the discard
                    (bots/dispatch.discard)

What the seat cannot see is never read: the sample is drawn from the tiles it
has not seen (the wall's copies less its own hand and the public record), dealt
to the other hands by their sizes and to the wall's untaken places, so the
same seat with the same stream decides alike however the hidden tiles lie
(tests/bots/test_search.py).  Every seat in a playout is played by the rollout
policy, and its random streams come from the sample, so the candidates meet
the same deals and the same luck (common random numbers).

Another search seat's choice of claim, made before this one searches, is
not kept in the copy: it was made for its real hand, and is hidden.

The other seats' concealed kongs, whose faces the seat has not seen, are given
faces anew in each sample (four of a kind it has not seen), so no tile is in a
sample twice (before, a kong's own tiles could be dealt to a hand beside it,
and the hand's readings then failed: ERR_READINGS on taiwanese and ruian-tai).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..bots import dispatch
from ..bots.layout import BP_FORCED, BP_FORCED_CLAIM, BP_KIND, BP_PLAYOUTS, BP_READY, BP_ROLLOUT, BP_SURE, BP_WIDTH
from ..bots.smart.choice import readiness
from ..bots.shanten import current_shanten
from ..hand.kernels import set_tight
from ..jit import kernel
from ..table.points import Settle, row_points, settle_work
from ..table import layout as L
from ..table.intake import laid_aside
from ..table.layout import (
    C_ROUND,
    C_STREAK,
    EP_COPIES,
    EP_SEATS,
    ERR_FORMULA,
    F_LAST_DISC,
    F_NTILES,
    F_SHANTEN,
    F_VOID,
    F_W,
    H_ERR_BITS,
    H_ERROR,
    H_SI,
    H_WINNERS,
    H_WK,
    M_FACE,
    M_TYPE,
    MELD_KONG_CON,
    N_FACE,
    N_RAW,
)
from ..table.rng import BOT, below, next_u64, stream, uniform
from ..table.seat import add_face, face_of, raw_of, remove_face
from ..table.state import State
from ..table.void import void_discard
from ..table.wall import normal_left
from .phases import finish_hand, step
from .shaped import deal_ready
from .turn_state import PH_DISCARD, PH_END, T_SIZE

MAX_CANDIDATES = N_FACE + 1
SAMPLE = 0   # the playout copy's random stream that deals the hidden tiles (a slot the engine leaves free)


class SearchWork(NamedTuple):
    """The search's table and scratch (one per Simulator where a seat searches)."""

    state: State          # the copy a playout is played in
    T: np.ndarray         # int64[T_SIZE]: its turn
    rec: np.ndarray       # int64[columns]: its record
    nolog: np.ndarray     # int64[1, EV_FIELDS]: playouts log nothing
    pts: np.ndarray       # int64[seats]: its points
    pool: np.ndarray      # int64[tiles]: the tiles the seat has not seen, to deal
    unseen: np.ndarray    # int64[N_RAW]
    cands: np.ndarray     # int64[MAX_CANDIDATES]: candidate faces (-1 a wild)
    sums: np.ndarray      # float64[3, MAX_CANDIDATES]: a sample's points, then the sums of each
                          # candidate's lead over the first and of its square
    settle: Settle


def search_work(spec, copy: State) -> SearchWork:
    """The search's scratch around ``copy``, a state.State of the game's sizes
    (engine/arrays.new_search allocates it; its learning counts stay zero)."""
    n, tiles = spec.seats, int(spec.P[L.EP_TILES])
    return SearchWork(copy, np.zeros(T_SIZE, np.int64), np.zeros(spec.n_columns, np.int64),
                      np.zeros((1, L.EV_FIELDS), np.int64), np.zeros(n, np.int64), np.zeros(tiles, np.int64),
                      np.zeros(N_RAW, np.int64), np.zeros(MAX_CANDIDATES, np.int64),
                      np.zeros((3, MAX_CANDIDATES), np.float64), settle_work(spec.rules))


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


@kernel
def candidates(s, first, width, rules, seats, work, sw):
    """sw.cands: ``first`` (the rollout policy's choice), then the faces whose
    discard leaves the hand nearest, in face order, ``width`` in all."""
    cnt, keys, F, pw = seats.cnt, seats.keys, seats.F, rules.pw
    sc = work.scores
    best = 1 << 30
    for f in range(N_FACE):
        sc[f] = 1 << 30
        if cnt[s, f] > 0 and f != first:
            remove_face(s, f, cnt, keys, F, pw)
            sc[f] = current_shanten(s, rules, seats, work)
            add_face(s, f, cnt, keys, F, pw)
            best = min(best, sc[f])
    sw.cands[0] = first
    k = 1
    for level in range(best, best + 2):
        for f in range(N_FACE):
            if k < width and sc[f] == level:
                sw.cands[k] = f
                k += 1
    return k


@kernel
def force(s, phase, code, bots):
    """Candidate ``code`` as seat s's next decision in the copy: a discard
    (PH_DISCARD: the face; -1 a wild) or a claim (PH_CLAIMS: dispatch.claim_code)."""
    if phase == PH_DISCARD:
        bots.bp[s, BP_FORCED] = code + 2.0
    else:
        bots.bp[s, BP_FORCED_CLAIM] = float(code)


@kernel
def playout(s, phase, code, dealer, streak, rnd, wk, rules, work, values, sw):
    """Seat s's decision ``code`` (force) in the copy (deal_sample has dealt
    it), from ``phase`` on, and the hand played out: the seat's points, its
    record settled.  On failure 0, with the copy's H_ERROR set (the caller
    stops the real hand with it)."""
    c = sw.state
    n = rules.P[EP_SEATS]
    force(s, phase, code, c.bots)
    sw.rec[:] = 0
    first = True
    while phase != PH_END:
        phase = step(phase, sw.T, dealer, rules, c.wall, c.seats, c.table, c.bots, work, values, sw.rec, sw.nolog)
        if first:
            # a claim the hand never asked for (a win on the discard came first) is not kept for later
            c.bots.bp[s, BP_FORCED_CLAIM] = 0.0
            first = False
    outcome = finish_hand(sw.T, dealer, wk, rules, c.wall, c.seats, c.table, c.bots, work, values, sw.rec,
                          sw.nolog)
    if outcome < 0:
        return 0
    sw.rec[C_STREAK] = streak
    sw.rec[C_ROUND] = rnd
    bits = row_points(sw.rec, n, values.tab, sw.settle, sw.pts)
    if bits != 0:
        c.table.H[H_ERROR] = ERR_FORMULA
        c.table.H[H_ERR_BITS] = bits
        return 0
    return sw.pts[s]


@kernel
def as_policy(rollout, rules, wall, seats, table, bots, T, sw):
    """The copy made equal to the table, every seat in it played by ``rollout``
    and none bound to a choice: another search seat's claim, chosen before
    this seat searches (search_claims asks them in turn), was made for its
    real hand, which the sample deals anew, and is hidden from this seat."""
    copy_table(wall, seats, table, bots, T, sw)
    bp = sw.state.bots.bp
    for p in range(rules.P[EP_SEATS]):
        bp[p, BP_KIND] = rollout
        bp[p, BP_FORCED] = 0.0
        bp[p, BP_FORCED_CLAIM] = 0.0


@kernel
def weigh(s, k, phase, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values):
    """Which of the k candidates in sw.cands seat s takes at ``phase`` (the
    first unless another leads it: choose), each played out in
    bp[s, BP_PLAYOUTS] samples; -1 when a sample cannot be dealt or a
    playout fails (then the real hand stops with its error)."""
    bp = bots.bp
    base = next_u64(bots.rs, BOT + s)
    x, lead, sq = sw.sums[0], sw.sums[1], sw.sums[2]
    for i in range(k):
        lead[i] = 0.0
        sq[i] = 0.0
    m = int(bp[s, BP_PLAYOUTS])
    for j in range(m):
        seed = stream(base, j, 0, 0)
        for i in range(k):
            as_policy(bp[s, BP_ROLLOUT], rules, wall, seats, table, bots, T, sw)
            if not deal_sample(s, seed, rules, work, sw):
                return -1
            x[i] = playout(s, phase, sw.cands[i], dealer, streak, rnd, wk, rules, work, values, sw)
            if sw.state.table.H[H_ERROR] != 0:
                table.H[H_ERROR] = sw.state.table.H[H_ERROR]
                table.H[H_ERR_BITS] = sw.state.table.H[H_ERR_BITS]
                return -1
        for i in range(1, k):
            d = x[i] - x[0]
            lead[i] += d
            sq[i] += d * d
    return choose(k, m, lead, sq, bp[s, BP_SURE])


@kernel
def search_discard(s, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values):
    """Seat s's discard by search, left in bots.bp[s, BP_FORCED] (0: its
    rollout policy decides, as where 定缺 forces the tile or only one
    candidate is left).  A playout that fails stops the hand with its error."""
    bp = bots.bp
    bp[s, BP_FORCED] = 0.0
    if seats.F[s, F_VOID] > 0 and void_discard(s, seats) >= 0:
        return
    # the policy's own choice, on a copy (it writes what it keeps in mind)
    as_policy(bp[s, BP_ROLLOUT], rules, wall, seats, table, bots, T, sw)
    c = sw.state
    first = dispatch.discard(s, rules, c.wall, c.seats, c.table, c.bots, work, values)
    k = candidates(s, first, int(bp[s, BP_WIDTH]), rules, seats, work, sw)
    if k < 2:
        return
    i = weigh(s, k, PH_DISCARD, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values)
    if i >= 0:
        bp[s, BP_FORCED] = sw.cands[i] + 2.0


@kernel
def choose(k, m, lead, sq, sure):
    """The candidate with the best mean lead over the first among those whose
    lead is ``sure`` standard errors above 0 (paired: the samples are common to
    all, so the lead's spread is the candidates' difference, not the deals');
    the first when none is.  Few playouts are noisy, and a noisy argmax would
    throw away the policy's judgement for luck."""
    best, best_mean = 0, 0.0
    for i in range(1, k):
        mean = lead[i] / m
        if mean <= best_mean:
            continue
        if m < 2:
            ok = sure == 0.0
        else:
            var = (sq[i] - m * mean * mean) / (m - 1)
            ok = mean > sure * np.sqrt(max(var, 0.0) / m)
        if ok:
            best, best_mean = i, mean
    return best
