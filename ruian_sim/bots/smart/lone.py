"""A hand whose wilds the table's gate refuses, as the smart bot sees it.

Hangzhou's 有财必爆 is a gate: ``self_drawn and (wilds == 0 or waits_any)``.
A hand holding a wild then wins only from complete melds beside one wild
kept alone, which waits on every tile (爆头), or once its wilds are thrown
away (财飘); under ``wilds == 0`` only the second.  Nothing in the rules
names these routes: ``wild_route`` asks the played table's gate, on the
hand's projected reading, whether it passes as it is, with the wait on
every tile, or with no wild held.  Where it does not pass as it is, the
standard shape's distance and acceptance say nothing about the wins the
hand can make.  Instead, ``lone_route`` counts the tiles still missing from
the melds alone (the wild kept alone is the pair's half, its partner any
tile), or from the plain shape without a wild, and which unseen tiles lower
that, from the same folded rows as the standard count; a wild thrown is a
candidate discard.  Measured on 有财必爆 (`ruian-sim run --rules FILE
--hands 4000 --seed 1`), smart drew 24% of hands while it valued such hands
by the standard shape's chance, 18.1% now over 20,000 hands (Hangzhou without
a wild: 19.8%); under ``wilds == 0`` it kept its wilds and drew 60%, 27% now.

Row use: needs shanten_scores() (the hand's group rows _R and the folds
_FM, _FMM) and draw_list() first; writes the candidate rows _RA and _G
only, as acceptance() does.
"""

import numpy as np

from ...hand.kernels import GROUP_OF, ep_short, point
from ...hand.layout import BIG, HS_M, HS_PAIRS, HS_SINGLES, HS_STANDARD, N_FACES, ROW
from ...jit import kernel, kernel_inline
from ...scoring.kernels import fill_vars, formula, item_parts
from ...scoring.layout import FV_FACTS, FV_HARD, FV_WILDS, STACK_ERR
from ...table.layout import (
    EP_WILD_DISCARD,
    F_NMELD,
    F_W,
    FACT_DISCARD,
    FACT_SELF_DRAWN,
    FACT_WAITS_ANY,
)
from ...table.programs import M_GATE, M_OTHER
from ..acceptance import _DROP, _FM, _R, _RA, _drop_words, _load, _masks
from ..layout import BP_FILL, BP_SHORT
from .chance import narrowness, p_complete_claims
from .patterns import PS_LONE
from .projection import projected, worth


@kernel_inline
def _gate_passes(fv, values):
    tab, prog, parts = values.tab, values.prog, values.parts
    item_parts(fv, tab, parts, prog.scratch, prog.stack)
    fill_vars(fv, parts, tab, prog.misc[M_OTHER], 0, 0, prog.vars)
    ok = formula(prog.gate_code, prog.gate_consts, prog.vars, prog.stack) != 0
    prog.stack[STACK_ERR] = 0
    return ok


WILDS_FREE, WILD_ALONE, WILDS_OUT = 0, 1, 2


@kernel
def wild_route(s, rules, seats, table, values):
    """How seat s, holding a wild, may still win self-drawn under the gate:
    WILDS_FREE (the gate passes its plain projected reading, or refuses it
    for something the wilds do not change), WILD_ALONE (it passes once the
    wait is on every tile: 爆头) or WILDS_OUT (only once no wild is held).
    A discard win's gate is not asked: the gates that read the wait or the
    wilds held are self-drawn ones."""
    misc = values.prog.misc
    if misc[M_GATE] != 1 or seats.F[s, F_W] == 0:
        return WILDS_FREE
    fv = values.rows[1]
    # what the gate asks of the wilds, read on the plain fill whatever the bot's
    projected(s, -1, 0, rules, seats, table, values, fv)
    fv[FV_FACTS] = (fv[FV_FACTS] & ~(FACT_SELF_DRAWN | FACT_DISCARD | FACT_WAITS_ANY)) | FACT_SELF_DRAWN
    if _gate_passes(fv, values):
        return WILDS_FREE
    fv[FV_FACTS] |= FACT_WAITS_ANY
    if _gate_passes(fv, values):
        return WILD_ALONE
    fv[FV_FACTS] &= ~FACT_WAITS_ANY
    fv[FV_WILDS] = 0
    fv[FV_HARD] = 1
    return WILDS_OUT if _gate_passes(fv, values) else WILDS_FREE


@kernel
def wildless_worth(s, ref, vw, short, varied, rules, seats, table, values):
    """What a plain win brings seat s once it holds no wild (its projected
    reading, hard, no wild), weighed over self-drawn and discard wins
    (projection.worth)."""
    fv = values.rows[1]
    projected(s, -1, varied, rules, seats, table, values, fv)
    fv[FV_WILDS] = 0
    fv[FV_HARD] = 1
    return worth(s, fv, ref, vw, short, rules, table, values)


@kernel_inline
def _split(buf, ox, oy, k, pair):
    """Rows ox ⊕ oy at k melds, with one pair (hand.kernels.point) or none
    (acceptance._met finds where)."""
    if pair:
        return point(buf, ox, oy, k)
    best = BIG * 4
    for m1 in range(k + 1):
        c = buf[ox + m1] + buf[oy + k - m1]
        if c < best:
            best = c
    return best if best < BIG else BIG


@kernel
def lone_route(s, f, alone, nl, wild_u, rules, seats, work):
    """After discarding face f (-1: a wild), (the tiles seat s still needs,
    the unseen tiles that would bring it one closer, the wilds it keeps).
    ``alone`` with a wild kept: the tiles missing from complete melds beside
    one wild, the others filling gaps (0: it waits on every tile).
    Otherwise the plain shape's tiles missing without a wild (its wilds are
    to be thrown: each goes out on a turn whose drawn tile stays).  (BIG, 0,
    w) out of reach."""
    hs, pw = rules.hs, rules.pw
    ky, F = seats.keys[s], seats.F
    tsuit, thon, t64, h64 = rules.tabs.suit, rules.tabs.honor, rules.tabs.suit64, rules.tabs.honor64
    buf = work.buf
    L2 = ROW
    w = F[s, F_W] - (1 if f < 0 else 0)
    k = hs[HS_M] - F[s, F_NMELD]
    if hs[HS_STANDARD] == 0 or k < 0 or w < 0:
        return BIG, 0, w
    alone = alone and w > 0
    pair = not alone                    # no wild kept alone: the plain shape, pair and all
    spare = max(w - 1, 0) if alone else 0   # wilds beside the one kept alone fill gaps
    a = -1
    key_a = 0
    if f >= 0:
        a = GROUP_OF[f]
        key_a = ky[a] - pw[f]
        _load(a, key_a, tsuit, thon, buf, _RA)
        d = _split(buf, _RA * L2, (_FM + a) * L2, k, pair)
    else:
        d = _split(buf, _R * L2, _FM * L2, k, pair)
    if d >= BIG:
        return BIG, 0, w
    need = max(d - spare, 0)
    if need == 0:
        return 0, 0, w
    # per group, the entries of its row on a split that meets d (as _split): a drawn tile
    # brings the hand closer exactly when it lowers one (acceptance.py)
    m = _masks(buf, a, k, d, pair)
    drop = _DROP * L2
    acc = wild_u if alone else 0   # a wild drawn fills a gap; on the plain route, it is one more to throw
    for i in range(nl):
        at = drop + 3 * i
        face = buf[at]
        b = GROUP_OF[face]
        lo = m[0] if b == 0 else (m[2] if b == 1 else (m[4] if b == 2 else m[6]))
        hi = m[1] if b == 0 else (m[3] if b == 1 else (m[5] if b == 2 else m[7]))
        if b == a:
            # f's group holds one tile less than draw_list()'s drops were taken on
            x0, x1 = _drop_words(a, key_a, pw[face], t64, h64)
        else:
            dw = at + 3 * N_FACES
            x0, x1 = np.int64(buf[dw]), np.int64(buf[dw + 1])
        if ((x0 & lo) | (x1 & hi)) != 0:
            acc += buf[at + 1]
    return need, acc, w


@kernel
def lone_plan(s, alone, limit, nl, wild_u, u_total, rules, seats, work, bots):
    """Per decision of seat s where it needs a lone wild: each candidate's
    route (lone_route: a face whose shanten, ``work.scores``, is at most
    ``limit``, and a wild if the rules let one be thrown) into
    work.pscratch[PS_LONE:]; returns the hand's quality: its closest
    candidate's widest acceptance against a typical hand's (chance.narrowness).
    One quality for every candidate, as for the standard shape: judged each
    by its own width, a discard a step back with a wide first step beat one
    that went forward (4 tiles short beside 57 helpful tiles over 3 short
    beside 23), and the bot drew 35% of hands."""
    ps, scores = work.pscratch, work.scores
    best = BIG
    top = 0
    for i in range(N_FACES + 1):
        ps[PS_LONE + 2 * i] = BIG
        ps[PS_LONE + 2 * i + 1] = 0.0
        f = i if i < N_FACES else -1
        if f >= 0 and (scores[f] >= BIG or scores[f] > limit):
            continue
        if f < 0 and (rules.P[EP_WILD_DISCARD] == 0 or seats.F[s, F_W] == 0):
            continue
        need, acc, kept = lone_route(s, f, alone, nl, wild_u, rules, seats, work)
        ps[PS_LONE + 2 * i] = need
        ps[PS_LONE + 2 * i + 1] = acc
        if alone and kept == 0:
            continue   # another route: no wild kept
        if need < best:
            best = need
            top = acc
        elif need == best and acc > top:
            top = acc
    if best >= BIG or best == 0:
        return 1.0
    return narrowness(best, top, u_total, bots.bp, s)


@kernel
def lone_chance(s, f, alone, u_total, draws, mid, last, quality, seats, work, bots):
    """The chance seat s's hand is won after discarding f (-1: a wild) where
    it needs a lone wild (lone_plan() first), and the wilds it keeps.  Kept:
    it must come to wait on every tile with a draw to spare, then any tile
    wins; none kept: the plain shape's chance."""
    i = f if f >= 0 else N_FACES
    need = int(work.pscratch[PS_LONE + 2 * i])
    acc = work.pscratch[PS_LONE + 2 * i + 1]
    w = seats.F[s, F_W] - (1 if f < 0 else 0)
    dp, bp = work.fscratch, bots.bp
    if need >= BIG:
        return 0.0, w
    if w == 0 or not alone:
        return p_complete_claims(need, acc, u_total, draws, dp, mid, last, bp, s, quality), w
    return then_any(need, acc, u_total, draws, dp, mid, bp, s, quality), w


@kernel
def then_any(need, acc, u_total, draws, dp, mid, bp, s, scale):
    """The chance a hand ``need`` tiles short of waiting on every tile (its
    next step helped by ``acc`` unseen tiles, the later ones typical times
    ``scale``) comes to wait so with a draw to spare and then wins on it."""
    if need == 0:
        return p_complete_claims(1, u_total, u_total, draws, dp, 1.0, 1.0, bp, s, 1.0)
    return p_complete_claims(need, acc, u_total, draws - 1, dp, mid, mid, bp, s, scale)


@kernel
def pairs_then_any(pairs, pairable, loose, acc, u_total, draws, rules, seats, s, work, bots):
    """then_any() for eight pairs, from the hand's pairs, pairable and loose
    leftovers (hand.kernels.ep_face): a pair short beside the wild kept
    alone, the other wilds pairing singles.  Counted as the standard shape's
    steps to a complete hand, a hand of six pairs and a wild (every tile
    wins) was a step short, and the bot drew 23% of hands, not 17%."""
    bp = bots.bp
    need = max(ep_short(pairs, pairable, loose, rules.hs[HS_PAIRS] - 1, rules.hs[HS_SINGLES])
               - (seats.F[s, F_W] - 1), 0)
    return then_any(need, acc, u_total, draws, work.fscratch, 1.0, bp, s, narrowness(need, acc, u_total, bp, s))


@kernel
def wild_throw_worth(s, alone, u_total, draws, mid, last, quality, ref, vw, v_lone, rules, seats, table, bots, work,
                     values):
    """What throwing a wild away is worth to seat s where it needs a lone
    wild: with wilds still kept, the same 爆头 (``v_lone``) by a new chance;
    with none, a plain win without a wild by the table.  Nobody wins on or
    claims a wild thrown, so it costs no danger."""
    p, kept = lone_chance(s, -1, alone, u_total, draws, mid, last, quality, seats, work, bots)
    if p <= 0.0:
        return 0.0
    if kept > 0:
        return p * v_lone
    return p * wildless_worth(s, ref, vw, bots.bp[s, BP_SHORT], 1 if bots.bp[s, BP_FILL] >= 0.5 else 0, rules, seats, table,
                              values)
