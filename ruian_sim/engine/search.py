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

The samples (what the seat has not seen, dealt anew) are sample.py's; the
candidates' playouts, each in the copy a sample dealt, are here.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..bots import dispatch
from ..bots.layout import (BP_CONFIRM, BP_FORCED, BP_FORCED_CLAIM, BP_KIND, BP_PLAYOUTS, BP_PRUNE, BP_ROLLOUT,
                           BP_SURE, BP_WIDTH)
from ..bots.shanten import current_shanten
from ..jit import kernel
from ..table import layout as L
from ..table.layout import C_ROUND, C_STREAK, EP_SEATS, ERR_FORMULA, F_VOID, H_ERR_BITS, H_ERROR, N_FACE, N_RAW
from ..table.points import Settle, row_points, settle_work
from ..table.rng import BOT, next_u64, stream
from ..table.seat import add_face, remove_face
from ..table.state import State
from ..table.void import void_discard
from .phases import finish_hand, step
from .sample import copy_table, deal_sample
from .turn_state import PH_DISCARD, PH_END, T_SIZE

MAX_CANDIDATES = N_FACE + 1


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
    sums: np.ndarray      # float64[4, MAX_CANDIDATES]: a sample's points, then the sums of each
                          # candidate's lead over the first and of its square, then 1 while it plays
    settle: Settle


def search_work(spec, copy: State) -> SearchWork:
    """The search's scratch around ``copy``, a state.State of the game's sizes
    (engine/arrays.new_search allocates it; its learning counts stay zero)."""
    n, tiles = spec.seats, int(spec.P[L.EP_TILES])
    return SearchWork(copy, np.zeros(T_SIZE, np.int64), np.zeros(spec.n_columns, np.int64),
                      np.zeros((1, L.EV_FIELDS), np.int64), np.zeros(n, np.int64), np.zeros(tiles, np.int64),
                      np.zeros(N_RAW, np.int64), np.zeros(MAX_CANDIDATES, np.int64),
                      np.zeros((4, MAX_CANDIDATES), np.float64), settle_work(spec.rules))


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
def leads(s, k, j0, m, base, phase, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values):
    """The candidates sw.cands[:k] played out in samples j0 .. j0 + m - 1 (one
    seed each, common to all): each one's summed lead over the first, and its
    square, in sw.sums[1] and [2]; False when a sample cannot be dealt or a
    playout fails (then the real hand stops with its error).  With
    bp[s, BP_PRUNE], a candidate whose lead is not above 0 at half the samples
    plays no more: its sums stay those of the first half (a mean not above 0,
    which choose never takes), and when none is left the samples stop."""
    x, lead, sq, live = sw.sums[0], sw.sums[1], sw.sums[2], sw.sums[3]
    for i in range(k):
        lead[i] = 0.0
        sq[i] = 0.0
        live[i] = 1.0
    # To replace the first, a lead must end `sure` standard errors above 0; one
    # not above 0 at half would need the second half alone near 3 of them.
    # Dropping it there saves a quarter to a half of the playouts.
    half = j0 + m // 2 if bots.bp[s, BP_PRUNE] > 0.0 and m >= 2 else j0 + m
    for j in range(j0, j0 + m):
        if j == half:
            left = 0
            for i in range(1, k):
                if lead[i] <= 0.0:
                    live[i] = 0.0
                if live[i] > 0.0:
                    left += 1
            if left == 0:
                return True
        seed = stream(base, j, 0, 0)
        for i in range(k):
            if live[i] == 0.0:
                continue
            as_policy(bots.bp[s, BP_ROLLOUT], rules, wall, seats, table, bots, T, sw)
            if not deal_sample(s, seed, rules, work, sw):
                return False
            x[i] = playout(s, phase, sw.cands[i], dealer, streak, rnd, wk, rules, work, values, sw)
            if sw.state.table.H[H_ERROR] != 0:
                table.H[H_ERROR] = sw.state.table.H[H_ERROR]
                table.H[H_ERR_BITS] = sw.state.table.H[H_ERR_BITS]
                return False
        for i in range(1, k):
            if live[i] == 0.0:
                continue
            d = x[i] - x[0]
            lead[i] += d
            sq[i] += d * d
    return True


@kernel
def weigh(s, k, phase, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values):
    """Which of the k candidates in sw.cands seat s takes at ``phase``: the
    first unless another leads it (choose) in bp[s, BP_PLAYOUTS] samples and
    again in BP_CONFIRM times as many fresh ones; -1 when a sample cannot be
    dealt or a playout fails (then the real hand stops with its error)."""
    bp = bots.bp
    base = next_u64(bots.rs, BOT + s)
    m = int(bp[s, BP_PLAYOUTS])
    sure = bp[s, BP_SURE]
    if not leads(s, k, 0, m, base, phase, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work,
                 values):
        return -1
    i = choose(k, m, sw.sums[1], sw.sums[2], sure)
    m2 = int(m * bp[s, BP_CONFIRM])
    if i == 0 or m2 == 0:
        return i
    # The leader of several on a few samples is often lucky: a move that
    # risks a rare large loss (a deal-in to a big hand) mostly shows small
    # gains, its spread looks narrow, and it passes.  Where it left smart's
    # tile, such a lead at 8 playouts lost 7.5 points a decision in 256 fresh
    # ones on taiwanese (tools/search_audit.py).  So it must lead again, alone
    # against the first, in samples it has not been chosen on.
    c = sw.cands[i]
    sw.cands[i] = sw.cands[1]
    sw.cands[1] = c
    if not leads(s, 2, m, m2, base, phase, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work,
                 values):
        return -1
    return choose(2, m2, sw.sums[1], sw.sums[2], sure)


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
