"""The smart bot: it plays for the table it is given and weighs what a discard
may cost it.

What it sees is what a player at its seat sees: its own tiles (``cnt[s]``,
``F[s, F_W]``), the tiles everyone has seen (``vis``: discards, melds, the
turned tile), the discards in order (``pond``, with ``F[o, F_LAST_DISC]``
the position of each player's last discard), each player's exposed melds
and discard count, and how many tiles are left.  Never the wall, never
another player's concealed tiles (tests/bots/test_smart.py checks it).

A discard f is scored as

    value(f) × (1 − p_deal(f)) − p_deal(f) × cost / aggression

- value(f): for each route (the standard shape or eight pairs, all pungs)
  the chance of completing it in the draws left, from the shanten after f
  and the unseen tiles that would improve it (a binomial tail), times what
  such a win pays *under these rules* (bots/smart/values.py: hard or soft,
  self-drawn or not, the dealer's base).  The best route counts.
- p_deal(f): the chance f wins for an opponent: how ready that opponent
  looks (its discards, its exposed melds) × how likely f is among its waits
  (0 for a tile it has let pass since its last discard; otherwise more the
  more copies of f are unseen).
- cost: what dealing in costs beyond what the bot would pay anyway if that
  player won otherwise, from the same payment values.  Under the default
  table every loser pays alike and it is small; where the discarder pays,
  it is large, and the bot folds more.  That difference is arithmetic.

Ties in value go to the tile with the fewest live tiles around it (an
isolated honor just discarded by someone has fewer copies left to pair),
which is how following an honor (跟风) comes about without a rule for it.
"""

import numpy as np

from ...hand.kernels import GROUP_OF, ep_distance, ep_face, ep_totals, group_distance
from ...hand.layout import BIG, HS_EIGHT, HS_M, HS_PUNGS, HS_QUAD2, MODE_TABLE, N_FACES, ROW
from ...jit import kernel, kernel_inline
from ...table.layout import (
    EP_SEATS,
    EP_WILD_CLAIM,
    EP_WILD_DISCARD,
    EP_WIN_DISCARD,
    F_CHIS,
    F_DISCARDS,
    F_FOLDED,
    F_LAST_DISC,
    F_NMELD,
    F_NTILES,
    F_OPEN,
    F_W,
    H_DEALER,
    H_DISCARDS,
    H_SI,
    H_WINNERS,
    H_WK,
    NO_TILE,
)
from ...table.seat import unseen_face
from ...table.wall import normal_left
from ..acceptance import _PASSED, ACC_AT, _ep_changed, draw_list, shanten_scores
from ..layout import (
    BP_AGGRESSION,
    BP_APPETITE,
    BP_CLAIMS,
    BP_FILL,
    BP_PATTERNS,
    BP_RON,
    BP_SHORT,
    BP_V0,
    BP_VALUE,
    V_BY_OTHER,
    V_BY_SELF,
    V_DEAL_IN,
    V_GAIN,
    V_HIT,
    V_READY,
)
from ..shanten import settle_shanten
from .accept_batch import acceptances
from .chance import forget, narrowness, p_complete, p_complete_claims
from .lone import (
    WILD_ALONE,
    WILDS_FREE,
    WILDS_OUT,
    lone_chance,
    lone_plan,
    pairs_then_any,
    wild_route,
    wild_throw_worth,
    wildless_worth,
)
from .patterns import MAX_PAIRS, PS_OPP, PS_PLAIN_SH, PS_SHF, PS_V0, PS_WORTH, hand_worth, plan, set_plain
from .projection import ceiling, pairs_worth

ROUTE_STD, ROUTE_EIGHT, ROUTE_PUNGS = 0, 1, 2
SELF_DRAW_SHARE = 0.35   # of wins, roughly, at these tables: weighs self-drawn against discard values
WIN_ANYWAY = 0.6         # a ready player who is not fed still wins this often


@kernel_inline
def gain(bp, s, me_dealer, route, hard):
    """Expected points of a win along a route (self-drawn or not, weighed)."""
    at = BP_V0 + V_GAIN + ((me_dealer * 4 + route) * 2 + hard) * 2
    return (1.0 - SELF_DRAW_SHARE) * bp[s, at] + SELF_DRAW_SHARE * bp[s, at + 1]


@kernel_inline
def worth_bound(bp, s, me_dealer):
    """The most smart_choice can value any hand of seat s at where every win
    counts alike (``value`` 0, ``appetite`` at most 1): a reading is worth
    at most ``ref`` (projection.ceiling), a chance at most 1, and each of the
    MAX_PAIRS pairs' pungs adds at most what a reading lacks of ``ref``, which
    is (1 - short) ref at most.  Infinite elsewhere (no bound)."""
    ref = gain(bp, s, me_dealer, ROUTE_STD, 0)
    if bp[s, BP_VALUE] != 0.0 or bp[s, BP_PATTERNS] < 0.5 or bp[s, BP_APPETITE] > 1.0 or ref <= 0:
        return np.inf
    return ref * (1.0 + MAX_PAIRS * (1.0 - min(bp[s, BP_SHORT], 1.0)))


@kernel_inline
def _pairable(c, cap, hs):
    """1 when one more copy of a face held c times makes a new pair (eight pairs)."""
    _, pb, _ = ep_face(c, cap, hs[HS_QUAD2] == 1)
    return pb


@kernel_inline
def weighted(v, ref, weight):
    """A value with its spread from a plain win scaled by ``weight`` (0: every win alike)."""
    if ref <= 0 or v <= 0:
        return v
    return ref * (v / ref) ** weight


@kernel_inline
def readiness(s, o, F, bp):
    """How likely opponent o is ready, from what anyone can see: how long it has
    been discarding and how many melds it has shown (a learned table)."""
    d = min(F[o, F_DISCARDS], 15)
    m = min(F[o, F_OPEN], 3)
    return bp[s, BP_V0 + V_READY + m * 16 + d]


@kernel_inline
def hit_rate(s, f, u, bp):
    """How likely tile f, with u copies unseen, wins for a ready player (a learned table)."""
    g = GROUP_OF[f]
    cls = 2 if g == 3 else (1 if f % 9 == 0 or f % 9 == 8 else 0)
    return bp[s, BP_V0 + V_HIT + cls * 4 + min(max(u, 0), 3)]


@kernel_inline
def _opponents(s, n, me_dealer, F, H, pond, bp, buf, opp):
    """Per opponent i (seat (s + i) % n), once per decision: the faces it has
    let pass since its last discard (bits of buf row _PASSED), how likely it
    is ready, and what feeding it costs beyond what its win would cost the
    bot anyway (pscratch[PS_OPP + 2i], [PS_OPP + 2i + 1])."""
    for i in range(1, n):
        o = (s + i) % n
        if (H[H_WINNERS] >> o) & 1:
            # it won and left the hand (end.after_wins): it cannot win on anything
            buf[_PASSED * ROW + i] = 0
            opp[PS_OPP + 2 * i] = 0.0
            opp[PS_OPP + 2 * i + 1] = 0.0
            continue
        passed = np.int64(0)
        for j in range(F[o, F_LAST_DISC] + 1, H[H_DISCARDS]):
            if 0 <= pond[j] < N_FACES:
                passed |= np.int64(1) << np.int64(pond[j])
        buf[_PASSED * ROW + i] = passed
        od = 1 if H[H_DEALER] == o else 0
        at = BP_V0 + me_dealer * 2 + od
        anyway = WIN_ANYWAY * (SELF_DRAW_SHARE * bp[s, at + V_BY_SELF]
                               + (1.0 - SELF_DRAW_SHARE) * bp[s, at + V_BY_OTHER])
        opp[PS_OPP + 2 * i] = readiness(s, o, F, bp)
        opp[PS_OPP + 2 * i + 1] = max(bp[s, at + V_DEAL_IN] - anyway, 0.0)


@kernel
def smart_discard(s, rules, seats, table, bots, work, values, draws_left):
    """(face to discard or -1 for a wild, shanten after it); sets F[s, F_FOLDED]
    when safety beat the hand's progress, and keeps what the hand it holds
    now is worth (and the draws that counted) for its claims to beat."""
    f, sh, v = smart_choice(s, rules, seats, table, bots, work, values, draws_left, True)
    bots.kept[s, 0] = v
    bots.kept[s, 1] = draws_left
    return f, sh


@kernel
def smart_choice(s, rules, seats, table, bots, work, values, draws_left, live):
    """(face to discard or -1 for a wild, shanten after it, the value of the
    hand kept).  ``live``: a real discard (weigh the danger, mark a fold);
    otherwise a claim being weighed (the hand's progress alone)."""
    P, hs, tabs, pw = rules.P, rules.hs, rules.tabs, rules.pw
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    H, pond = table.H, table.pond
    bp = bots.bp
    buf, scores, unseen, dp = work.buf, work.scores, work.unseen, work.fscratch
    n = P[EP_SEATS]
    c = cnt[s]
    w = F[s, F_W]
    wk, si = H[H_WK], H[H_SI]
    if F[s, F_NTILES] == w:  # only wilds left
        return -1, BIG, 0.0
    forget(dp, F[s, F_DISCARDS])
    best, n_best, only = shanten_scores(s, rules, seats, work)
    nl, wild_u = draw_list(s, wk, si, rules, seats, table, work)
    u_total = 0
    for t in range(N_FACES):
        u_total += unseen_face(t, unseen, wk, si)
    u_total += wild_u
    me_dealer = 1 if H[H_DEALER] == s else 0
    hard = 1 if w == 0 else 0
    ref = gain(bp, s, me_dealer, ROUTE_STD, 0)
    vw = bp[s, BP_VALUE]
    k = hs[HS_M] - F[s, F_NMELD]
    patterns = bp[s, BP_PATTERNS] >= 0.5
    # the representative wins' values: with patterns, plan() values the hand and
    # eight pairs instead (a pow each, on every decision, for nothing)
    v_main = v_eight = v_pungs = 0.0
    if not patterns:
        v_main = weighted(gain(bp, s, me_dealer, ROUTE_STD, hard), ref, vw)
        v_eight = weighted(gain(bp, s, me_dealer, ROUTE_EIGHT, hard), ref, vw)
        v_pungs = weighted(gain(bp, s, me_dealer, ROUTE_PUNGS, hard), ref, vw)
    pungs = not patterns and hs[HS_PUNGS] == 1 and F[s, F_CHIS] == 0 and k >= 0 and v_pungs > v_main
    # others' discards help: a chi or pon toward the hand (``claims``), the winning
    # tile from anyone (``ron``)
    mid = 1.0 + bp[s, BP_CLAIMS]
    last = 1.0 + (bp[s, BP_RON] * (n - 1) if P[EP_WIN_DISCARD] == 1 else 0.0)
    # a gate that lets a hand holding a wild win only waiting on every tile (爆头), or
    # only once its wilds are gone: the hand's chance is that route's (bots/smart/lone.py)
    wilds = wild_route(s, rules, seats, table, values)
    lone = wilds != WILDS_FREE
    alone = wilds == WILD_ALONE
    if patterns:
        # what the hand can become under the table: its targets, their values and
        # chances (patterns.py); eight pairs valued by the same table
        plan(s, best, draws_left, nl, wild_u, u_total, ref, vw, mid, last, rules, seats, table, bots, work,
             values)
        v_main = work.pscratch[PS_V0]
        # eight pairs out of reach, or nothing can beat the plain hand: not valued
        if hs[HS_EIGHT] == 1 and F[s, F_NMELD] == 0 and v_main < ceiling(ref, vw):
            v_eight = pairs_worth(s, ref, vw, bp[s, BP_SHORT], rules, seats, table, values)
    if wilds == WILDS_OUT:   # every route's value is a win without a wild (eight pairs is not weighed)
        v_main = wildless_worth(s, ref, vw, bp[s, BP_SHORT], 1 if bp[s, BP_FILL] >= 0.5 else 0, rules, seats, table, values)
        set_plain(work.pscratch, v_main)
        v_eight = 0.0
    eight = hs[HS_EIGHT] == 1 and F[s, F_NMELD] == 0 and v_eight > v_main
    e0 = e1 = e2 = 0
    single_u = wild_u   # unseen tiles that pair a single (eight pairs' acceptance), the wilds with them
    if eight:
        e0, e1, e2 = ep_totals(c, capx[s], hs)
        for g in range(N_FACES):
            if _pairable(c[g], capx[s, g], hs) == 1:
                single_u += unseen_face(g, unseen, wk, si)
    # the hand's quality: its widest discard at its best shanten against a typical
    # hand's acceptance there.  Every candidate's later steps are that much
    # narrower (or typical, at best): a discard a step back with a wide first
    # step leads to hands built from these same tiles, not to typical ones
    acceptances(s, best + 2, nl, wild_u, rules, seats, work)   # every candidate weighed below
    accs = work.accept
    top_acc = 0
    for f in range(N_FACES):
        if scores[f] == best:
            top_acc = max(top_acc, accs[ACC_AT + f])
    quality = narrowness(best + 1, top_acc, u_total, bp, s)
    if lone:
        quality = lone_plan(s, alone, best + 2, nl, wild_u, u_total, rules, seats, work, bots)
    # the danger side: who may be ready, and what feeding them would cost
    defend = live and P[EP_WIN_DISCARD] == 1
    agg = max(bp[s, BP_AGGRESSION], 0.05)
    if defend:
        _opponents(s, n, me_dealer, F, H, pond, bp, buf, work.pscratch)
    best_score = -1e18
    best_plain = -1e18
    plain_choice = -1
    plain_sh = BIG
    choice = -1
    choice_sh = BIG
    choice_value = 0.0
    ps = work.pscratch
    for f in range(N_FACES):
        ps[PS_WORTH + f] = 0.0
        ps[PS_SHF + f] = BIG
        if scores[f] >= BIG or scores[f] > best + 2:
            continue
        sh = scores[f]
        acc = accs[ACC_AT + f]
        if lone:
            p_plain, _ = lone_chance(s, f, alone, u_total, draws_left, mid, last, quality, seats, work, bots)
        else:
            p_plain = p_complete_claims(sh + 1, acc, u_total, draws_left, dp, mid, last, bp, s, quality)
        value = p_plain * v_main
        p8 = 0.0
        if eight:
            # its own distance and the tiles that pair a single, not the best shape's
            x0, x1, x2 = _ep_changed(e0, e1, e2, c[f], c[f] - 1, capx[s, f], hs)
            m8 = max(ep_distance(x0, x1, x2, hs) - w, 0)
            acc8 = single_u + (_pairable(c[f] - 1, capx[s, f], hs) - _pairable(c[f], capx[s, f], hs)) \
                * unseen_face(f, unseen, wk, si)
            if alone:   # a pair short beside a wild kept alone, then any tile
                p8 = pairs_then_any(x0, x1, x2, acc8, u_total, draws_left, rules, seats, s, work, bots)
            else:
                p8 = p_complete_claims(m8, acc8, u_total, draws_left, dp, 1.0, last, bp, s,
                                       narrowness(m8, acc8, u_total, bp, s))
        if patterns:
            value = hand_worth(f, p_plain, v_eight if eight else 0.0, p8, c[f], work)
        elif eight:
            value = max(value, p8 * v_eight)
        if pungs:
            c[f] -= 1
            keys[s, GROUP_OF[f]] -= pw[f]
            dpu = group_distance(c, keys[s], w, k, capx[s], hs, tabs.suit_pungs, tabs.honor_pungs, True, buf, MODE_TABLE)
            acc_p = wild_u
            for g in range(N_FACES):
                if 1 <= c[g] <= 2:
                    acc_p += unseen_face(g, unseen, wk, si)
            c[f] += 1
            keys[s, GROUP_OF[f]] += pw[f]
            if dpu < BIG:
                value = max(value, p_complete(dpu - w, acc_p, u_total, draws_left, dp, bp, s) * v_pungs)
        # the tiles around f that could still join it: fewer is a better discard
        around = unseen_face(f, unseen, wk, si)
        if GROUP_OF[f] < 3:
            r = f % 9
            for d in range(-2, 3):
                if d != 0 and 0 <= r + d < 9:
                    around += unseen_face(f + d, unseen, wk, si) // 2
        p_deal = 0.0
        cost = 0.0
        if defend:
            rate = hit_rate(s, f, unseen_face(f, unseen, wk, si), bp)
            opp = work.pscratch
            for i in range(1, n):
                if (buf[_PASSED * ROW + i] >> f) & 1:
                    continue   # o let f pass since its last discard: it cannot win on it
                hit = opp[PS_OPP + 2 * i] * rate
                p_deal += hit
                cost += hit * opp[PS_OPP + 2 * i + 1]
        p_deal = min(p_deal, 1.0)
        ps[PS_WORTH + f] = value   # what the search's choice is worth, where it overrides (searched_discard)
        ps[PS_SHF + f] = sh
        plain = value - 1e-6 * around
        score = value * (1.0 - p_deal) - cost / agg - 1e-6 * around
        if plain > best_plain:
            best_plain = plain
            plain_choice = f
            plain_sh = sh
        if score > best_score:
            best_score = score
            choice = f
            choice_sh = sh
            choice_value = value
    ps[PS_PLAIN_SH] = plain_sh
    if lone and P[EP_WILD_DISCARD] == 1 and (P[EP_WILD_CLAIM] == 0 or not defend):
        # throwing a wild (财飘): no danger where nobody may claim it; its shanten is
        # counted again once it is gone (bots/dispatch.discard)
        value = wild_throw_worth(s, alone, u_total, draws_left, mid, last, quality, ref, vw, v_main, rules, seats,
                                 table, bots, work, values)
        if value > best_score:
            return -1, best, value   # above every face's score, so above its plain value too: no fold
    if choice < 0:
        return only, best, 0.0
    if live and choice != plain_choice and choice_sh > plain_sh:
        F[s, F_FOLDED] = 1  # safety cost the hand progress: it is folding
    return choice, choice_sh, choice_value


@kernel
def searched_discard(s, g, folded, seats, bots, work):
    """Where the search throws g instead of smart's own choice (smart_turn has
    just weighed it): what smart keeps in mind is the hand g leaves, whose
    worth its claims must beat, and it has folded only if it had before or g
    gives up progress (``folded``: F_FOLDED before smart weighed)."""
    ps = work.pscratch
    bots.kept[s, 0] = ps[PS_WORTH + g]
    seats.F[s, F_FOLDED] = 1 if folded == 1 or ps[PS_SHF + g] > ps[PS_PLAIN_SH] else 0


@kernel
def smart_turn(s, forced, rules, wall, seats, table, bots, work, values):
    """The face the smart bot discards (-1: a wild); F[s, F_SHANTEN] is left at
    the hand's shanten once it is gone.  Where 定缺 forces a void tile
    (``forced``) it weighs nothing: the tile is the rules', and the hand it
    keeps is valued only if a claim asks (claim.kept_again); NO_TILE."""
    P = rules.P
    draws = normal_left(P, wall.W, wall.gone) // P[EP_SEATS] + 1
    if forced:
        bots.kept[s, 1] = -1.0 - draws
        return NO_TILE
    f, sh = smart_discard(s, rules, seats, table, bots, work, values, draws)
    settle_shanten(s, f, sh, rules, seats, work)
    return f
