"""What the smart bot's hand can still become under the played table.

A table pays for patterns (清一色, 混一色, 字一色, 碰碰胡, a pung of dragons, 胡数
per concealed pung ...), and people play for them.  The bot does not name
them: each pattern the compiled items read becomes a *target*, a restriction
of the hand (the tile groups it may hold, pungs only), built once per rule
set from the table (values.pattern_targets; row 0 of ``values.targets`` is a
header: how many, whether the items look at melds).  Per decision:

- a *projected reading* of the hand for each target and what a win with it
  pays the bot, by the table itself (bots/smart/projection.py);
- for each candidate discard, each target's chance of winning before the
  hand ends: the lookup tables restricted to the target's groups give the
  tiles still missing and which unseen tiles would lower that, and
  chance.p_complete_claims turns both into a chance, the later steps as
  narrow as the target is.  Only candidates in a target's groups change its
  count; the others share one.  A tile moves a target's distance by one at
  most, so both counts are read off the splits that meet the distance now
  (two words of the packed table per tile, as bots/acceptance.py does for
  the plain hand), not asked of the tables again per tile.
- with items that look at melds: for each pair held, what it adds if it
  becomes a pung (a dragon pung's 台, a pung's 胡) and the chance it does.

The hand's worth after a discard is the expectation over its targets: with
targets sorted by value V1 ≥ V2 ≥ ... and their chances P, the chance of a
win worth at least Vi is taken as max(P1..Pi), so worth = Σ Vi × (that chance
minus the one before); the plain hand is a target.  A table without patterns
has no targets and costs nothing more (the default rules have one: all pungs).

Scratch: ``work.pscratch`` (float64, PS_*), rows _T0.. of the work buffer.
Everything read is what the seat sees: its own tiles and melds, the public
melds and discards (through the unseen counts), the seat's facts.
"""


import numpy as np

from ...fields import Fields
from ...hand.kernels import GROUP_OF
from ...hand.layout import BIG, HS_M, N_FACES
from ...jit import kernel
from ...scoring.layout import FV_MELD, FV_PAIR, MELD_PUNG, N_MELDS
from ...table.layout import EP_PON, EP_SEATS, F_NMELD, F_W, H_SI, H_WK, M_FACE, MAX_MELDS
from ...table.seat import unseen_face
from ..layout import BP_APPETITE, BP_FILL, BP_OWN, BP_RON, BP_SHORT, BP_SPREAD
from .chance import MAX_STEPS, narrowness, p_complete_claims
from .projection import (
    FILL_OWN,
    FILL_VARIED,
    MAX_TARGETS,
    TG_FILL,
    TG_GROUPS,
    TG_PUNGS,
    TH_MELDS,
    TH_N,
    TH_RELATIONS,
    ceiling,
    projected,
    worth,
)
from .targets import _target_masks, _without, shows_fit, target_acceptance, target_rows

# work.pscratch (float64)
PS_V0 = 0                        # the plain hand's gain
PS_V = 1                         # MAX_TARGETS: each target's gain
PS_ON = PS_V + MAX_TARGETS       # MAX_TARGETS: 1 when the target is still open this decision
PS_NB = PS_ON + MAX_TARGETS      # pairs that may become valued pungs: how many, then (face, bonus, chance) each
MAX_PAIRS = 4
PS_P = PS_NB + 1 + 3 * MAX_PAIRS  # MAX_TARGETS × 34: each target's chance after each discard
PS_STEPS = PS_P + MAX_TARGETS * N_FACES   # MAX_STEPS + 1: a target's chance by steps left (-1: not yet)
PS_LONE = PS_STEPS + MAX_STEPS + 1      # 2 × 35: each candidate's (tiles short, acceptance) on the lone-wild route (lone.py)
PS_OPP = PS_LONE + 2 * (N_FACES + 1)   # 2 × 8: each opponent's readiness, then what feeding it costs (smart.py)
PS_V0F = PS_OPP + 2 * 8           # 34: the plain hand's gain after each discard (PS_V0 each, unless relations)
PS_WORTH = PS_V0F + N_FACES      # 34: what the hand is worth after each discard weighed (0: not weighed)
PS_SHF = PS_WORTH + N_FACES      # 34: its shanten after each discard weighed (BIG: not weighed)
PS_PLAIN_SH = PS_SHF + N_FACES   # the shanten after the discard that would make the most progress
PS_SIZE = PS_PLAIN_SH + 1

# work.order (int64): the open targets by gain, highest first
_OR = Fields()
OR_N = _OR()                     # how many are open
OR_ORDER = _OR(MAX_TARGETS + 1)  # their indices (one slot more: the insertion reads one past)
OR_HELD = _OR(4)                 # the hand's tiles in each group, melds shown included
OR_SIZE = _OR.size

@kernel
def plan(s, best, draws, nl, wild_u, u_total, ref, vw, mid, last, rules, seats, table, bots, work, values):
    """Per decision of seat s: the plain hand's gain, each open target's gain
    and chance after each candidate discard (``work.scores``: BIG where not a
    candidate), the pairs' pung bonuses; the targets sorted by gain into
    work.order (OR_N how many, then their indices).  ``best``: the plain
    hand's shanten at its best discard; ``mid``, ``last``: chance.p_complete_claims.

    Cheap first: a target is weighed only if its suit is the one the hand
    holds most of (or one tile short of it), its melds shown fit it, and the
    tiles outside its groups leave it within ``spread`` tiles of the plain
    hand; its acceptance is counted once, on the hand as it is."""
    P, pw = rules.P, rules.pw
    cnt, keys, F, melds = seats.cnt, seats.keys, seats.F, seats.melds
    H = table.H
    ps, scores, dp, buf, order = work.pscratch, work.scores, work.fscratch, work.buf, work.order
    fv, fv2 = values.rows[0], values.rows[1]
    n = P[EP_SEATS]
    c = cnt[s]
    w = F[s, F_W]
    k = rules.hs[HS_M] - F[s, F_NMELD]
    spread = bots.bp[s, BP_SPREAD]
    appetite = bots.bp[s, BP_APPETITE]
    short = bots.bp[s, BP_SHORT]
    own = bots.bp[s, BP_OWN]
    varied = (FILL_VARIED if bots.bp[s, BP_FILL] >= 0.5 else 0) | (FILL_OWN if own > 0 and best < own else 0)
    real = projected(s, -1, varied, rules, seats, table, values, fv)
    v0 = worth(s, fv, ref, vw, short, rules, table, values)
    set_plain(ps, v0)
    if values.targets[0, TH_RELATIONS] == 1 or varied & FILL_OWN != 0:
        # the reading is the hand's own melds (projection._held_melds): a discard that
        # breaks a chow or pung the table pays for together is worth less.  Read on the hand's
        # own melds near ready alone (``own``), only the discards that keep its best shanten:
        # a discard a step back is read as the hand is now
        keep = values.targets[0, TH_RELATIONS] == 0
        for f in range(N_FACES):
            if scores[f] < BIG and (scores[f] <= best or not keep):
                c[f] -= 1
                projected(s, -1, varied, rules, seats, table, values, fv2)
                c[f] += 1
                ps[PS_V0F + f] = worth(s, fv2, ref, vw, short, rules, table, values)
    # tiles of each group, melds shown included: a suit target is for the suit the hand leans to
    held = order[OR_HELD:OR_HELD + 4]
    for g in range(4):
        held[g] = 0
    for f in range(N_FACES):
        held[GROUP_OF[f]] += c[f]
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        held[GROUP_OF[melds[s, i, M_FACE]]] += 3
    top = max(held[0], max(held[1], held[2]))
    # where every win is valued alike (``value`` 0) and the plain hand already wins, nothing
    # can pay more: no target and no pair's pung is weighed (the same play, less work)
    nt = values.targets[0, TH_N] if v0 < ceiling(ref, vw) else 0
    n_on = 0
    for t in range(nt):
        ps[PS_ON + t] = 0.0
        tg = values.targets[1 + t]
        groups = tg[TG_GROUPS]
        if groups != 15 and groups != 8:
            suit = tg[TG_FILL]
            if held[suit] < top - 1:
                continue
        outside = 0
        for g in range(4):
            if (groups >> g) & 1 == 0:
                outside += held[g]
        if outside + 1 - w > best + 1 + spread or not shows_fit(s, t, seats, values):
            continue
        d_now = target_rows(s, t, rules, seats, values, work)
        if d_now >= BIG or d_now - w > best + 1 + spread:
            continue   # out of reach, or too far behind the plain hand to matter
        projected(s, t, varied, rules, seats, table, values, fv2)
        v = worth(s, fv2, ref, vw, short, rules, table, values)
        if appetite != 1.0:   # (v as it is at 1: the same play to the last bit)
            v = v0 + appetite * (v - v0)
        if v <= v0 * 1.001:
            continue   # it pays no more than the plain hand
        ps[PS_ON + t] = 1.0
        ps[PS_V + t] = v
        pungs = tg[TG_PUNGS] == 1
        acc = target_acceptance(s, t, d_now, nl, wild_u, rules, seats, values, work)
        scale = narrowness(max(d_now - w, 0), acc, u_total, bots.bp, s)
        if not pungs and u_total > 0:
            # a suit target near done is as wide, in its own tiles, as a plain hand at
            # that shanten: its later steps are narrower than typical by the share of
            # the unseen tiles it can use, no more (its width far back says little)
            mine = wild_u
            for g in range(N_FACES):
                if (groups >> GROUP_OF[g]) & 1 != 0:
                    mine += unseen_face(g, work.unseen, H[H_WK], H[H_SI])
            scale = max(scale, mine / u_total)
        p_out = p_complete_claims(max(d_now - w, 0), acc, u_total, draws, dp, mid, last, bots.bp, s, scale)
        # every input but the steps is the target's: one chance per distance
        for i in range(MAX_STEPS + 1):
            ps[PS_STEPS + i] = -1.0
        lo = hi = np.int64(0)
        a_masks = -1
        for f in range(N_FACES):
            if scores[f] >= BIG:
                continue
            a = GROUP_OF[f]
            if (groups >> a) & 1 == 0:
                ps[PS_P + t * N_FACES + f] = p_out
                continue
            if a != a_masks:
                lo, hi = _target_masks(a, d_now, k, buf)
                a_masks = a
            steps = max(_without(a, keys[s, a], pw[f], d_now, lo, hi, pungs, rules) - w, 0)
            if steps > MAX_STEPS:
                ps[PS_P + t * N_FACES + f] = 0.0   # as p_complete_claims answers
                continue
            if ps[PS_STEPS + steps] < 0.0:
                ps[PS_STEPS + steps] = p_complete_claims(steps, acc, u_total, draws, dp, mid, last, bots.bp, s,
                                                         scale)
            p_f = ps[PS_STEPS + steps]
            ps[PS_P + t * N_FACES + f] = p_f
        # insertion into the order by gain, highest first
        j = n_on
        while j > 0 and ps[PS_V + order[OR_ORDER + j - 1]] < v:
            order[OR_ORDER + j] = order[OR_ORDER + j - 1]
            j -= 1
        order[OR_ORDER + j] = t
        n_on += 1
    order[OR_N] = n_on
    # pairs that may become pungs the table values
    ps[PS_NB] = 0.0
    if values.targets[0, TH_MELDS] == 1 and u_total > 0 and real < min(rules.hs[HS_M], N_MELDS) \
            and v0 < ceiling(ref, vw):
        slot = FV_MELD + min(rules.hs[HS_M], N_MELDS) - 1   # a filler meld: the pung may take its place
        unseen = work.unseen
        wk, si = H[H_WK], H[H_SI]
        # its third tile: drawn, or another's discard claimed (as often as a discard brings a winning tile)
        chances = draws * (1.0 + (bots.bp[s, BP_RON] * (n - 1) if P[EP_PON] == 1 else 0.0))
        nb = 0
        for f in range(N_FACES):
            if c[f] != 2 or nb >= MAX_PAIRS:
                continue
            for i in range(fv.shape[0]):
                fv2[i] = fv[i]
            fv2[slot] = MELD_PUNG + (0 if P[EP_PON] == 1 else 8) + 16 * f
            if fv2[FV_PAIR] == 1 + f:
                fv2[FV_PAIR] = 0
            bonus = (worth(s, fv2, ref, vw, short, rules, table, values) - v0) * appetite
            if bonus > 0:
                u = unseen_face(f, unseen, wk, si)
                at = PS_NB + 1 + 3 * nb
                ps[at] = f
                ps[at + 1] = bonus
                ps[at + 2] = 1.0 - (1.0 - min(u / u_total, 1.0)) ** chances
                nb += 1
        ps[PS_NB] = nb
    return n_on


@kernel
def set_plain(ps, v):
    """The plain hand's gain, now and after every discard."""
    ps[PS_V0] = v
    for f in range(N_FACES):
        ps[PS_V0F + f] = v


@kernel
def hand_worth(f, p_plain, v8, p8, c_f, work):
    """The worth of the hand after discarding f (needs plan()): over the plain
    hand (chance p_plain), eight pairs (v8, p8) and the open targets, the
    chance of a win worth at least each value, times the value; plus the
    pairs' pung bonuses on a plain completion (f's own pair lost if f is one
    of it: ``c_f`` its count before the discard)."""
    ps, order = work.pscratch, work.order
    n_on = order[OR_N]
    total = 0.0
    got = 0.0   # the chance of a win worth at least the value reached so far
    placed8 = v8 <= 0.0
    placed0 = False
    i = 0
    while i < n_on or not placed8 or not placed0:
        # the next value down: a target, eight pairs or the plain hand
        v_t = ps[PS_V + order[OR_ORDER + i]] if i < n_on else -1.0
        v_e = v8 if not placed8 else -1.0
        v_0 = ps[PS_V0F + f] if not placed0 else -1.0
        if v_t >= v_e and v_t >= v_0 and i < n_on:
            v, p = v_t, ps[PS_P + order[OR_ORDER + i] * N_FACES + f]
            i += 1
        elif v_e >= v_0 and not placed8:
            v, p = v_e, p8
            placed8 = True
        else:
            v, p = v_0, p_plain
            placed0 = True
        if p > got:
            total += v * (p - got)
            got = p
    bonus = 0.0
    for j in range(int(ps[PS_NB])):
        at = PS_NB + 1 + 3 * j
        q = ps[at + 2]
        if int(ps[at]) == f and c_f == 2:
            q = q * q * 0.5   # one copy left: two more to come
        bonus += q * ps[at + 1]
    return total + p_plain * bonus


__all__ = ["PS_LONE", "PS_OPP", "PS_PLAIN_SH", "PS_SHF", "PS_SIZE", "PS_WORTH", "set_plain"]
