"""The greedy bot, the fast baseline: lowest shanten over the enabled shapes,
ties broken by the number of unseen tiles that would improve the hand, then
at random; claims only what lowers its shanten (``claim``: how often it
makes such a claim); declares kongs that keep its shanten (``kong``); never
discards a wild unless forced; follows the previous player's honor (跟风)
when asked (``follow``); takes every win unless told to chase hard wins
(``chase_hard``).  It never defends.

Shanten and acceptance after each candidate discard come from
bots/acceptance.py; shanten by the bots' reckoning from bots/shanten.py.

Arrays (table/state.py): ``cnt[s]`` face counts, ``keys[s]`` group keys,
``F[s]`` seat fields (table/layout.F_*), ``bp[s]`` bot parameters
(bots/layout.BP_*).
"""

from ..hand.kernels import GROUP_OF
from ..hand.layout import BIG, N_FACES
from ..jit import kernel
from ..table.layout import (
    CLAIM_CHI,
    CLAIM_KONG,
    CLAIM_PON,
    EP_KONG_ADDED,
    EP_KONG_CONCEALED,
    F_NMELD,
    F_NTILES,
    F_SHANTEN,
    F_W,
    H_LAST_RAW,
    H_SI,
    H_WK,
    M_FACE,
    M_TYPE,
    MAX_MELDS,
    MELD_KONG_ADD,
    MELD_KONG_CON,
    MELD_PON,
    N_FACE,
)
from ..table.rng import BOT, below, uniform
from ..table.void import is_void
from ..table.wall import normal_left
from .acceptance import _accept, draw_list, shanten_scores
from .layout import BP_CHASE_HARD, BP_CLAIM, BP_FOLLOW, BP_KONG, CL_CHOICE, CL_FACES2, CL_START
from .shanten import chi_shanten, current_shanten, settle_shanten, shanten_after
from .smart.danger_log import accept_sample


@kernel
def greedy_discard(s, wk, si, rules, seats, table, bots, work, prefer):
    """(face to discard or -1 for a wild, shanten after it).  ``work.buf``: the
    work buffer (WORK_ROWS rows); ``scores``, ``unseen``: int64[34] scratch.
    ``prefer`` (-1: none): a face discarded if it keeps the best shanten."""
    F = seats.F
    rs = bots.rs
    scores = work.scores
    if F[s, F_NTILES] == F[s, F_W]:
        return -1, BIG
    best, n_best, only = shanten_scores(s, rules, seats, work)
    if n_best == 1:
        return only, best  # no tie to break
    if prefer >= 0 and scores[prefer] == best:
        return prefer, best
    nl, wild_u = draw_list(s, wk, si, rules, seats, table, work)
    target = best + F[s, F_W] + 1  # the distance every tied candidate leaves
    c, ky, cx = seats.cnt[s], seats.keys[s], seats.capx[s]
    w, nm, held = F[s, F_W], F[s, F_NMELD], F[s, F_NTILES]
    buf, tot = work.buf, work.accept
    # _accept inline, not acceptances(): that one call per decision more measured greedy
    # at 0.82x of this (benchmarks/engine.py --against, one run)
    best_acc = -1
    choice = -1
    ties = 0
    for f in range(N_FACES):
        if scores[f] != best:
            continue
        acc = _accept(f, target, nl, wild_u, c, ky, cx, w, nm, held, rules, buf, tot)
        if acc > best_acc:
            best_acc = acc
            choice = f
            ties = 1
        elif acc == best_acc:
            ties += 1
            if below(rs, BOT + s, ties) == 0:
                choice = f
    return choice, best


@kernel
def greedy_turn(s, rules, seats, table, bots, work):
    """The face greedy discards (-1: a wild); F[s, F_SHANTEN] is left at the
    hand's shanten once it is gone."""
    cnt = seats.cnt
    H = table.H
    bp, rs = bots.bp, bots.rs
    prefer = -1
    last = H[H_LAST_RAW]
    if bp[s, BP_FOLLOW] > 0 and 0 <= last < N_FACE and GROUP_OF[last] == 3 and last != H[H_WK]:
        f_last = H[H_WK] if last == H[H_SI] else last
        if cnt[s, f_last] == 1 and uniform(rs, BOT + s) < bp[s, BP_FOLLOW]:
            prefer = f_last
    f, sh = greedy_discard(s, H[H_WK], H[H_SI], rules, seats, table, bots, work, prefer)
    if bots.learn[0] == 1:
        accept_sample(s, f, rules, seats, table, bots, work)   # bots/smart/danger.py is learning
    settle_shanten(s, f, sh, rules, seats, work)
    return f


@kernel
def shanten_claim(s, f, kong_ok, pon_ok, n_chi, starts, pon_chi_always, rules, seats, bots, work):
    """The claim that lowers seat s's shanten most (a kong: that keeps it),
    as (claim, chi start); pon and chi are weighed only when
    ``pon_chi_always`` or a kong was chosen (they may beat it)."""
    F = seats.F
    faces2 = work.claim[CL_FACES2:CL_FACES2 + 2]
    cur = F[s, F_SHANTEN]  # as it stood after this seat's last discard
    best = BIG
    choice = -1
    start = -1
    if kong_ok:
        sh = shanten_after(s, f, 3, 1, rules, seats, work, faces2)
        if takes_kong(s, bots, sh <= cur):
            best = sh
            choice = CLAIM_KONG
    if pon_chi_always or choice == CLAIM_KONG:
        if pon_ok:
            sh = shanten_after(s, f, 2, 1, rules, seats, work, faces2)
            if sh < cur and sh < best:
                best = sh
                choice = CLAIM_PON
        for i in range(n_chi):
            sh = chi_shanten(s, starts[i], f, rules, seats, work, faces2)
            if sh < cur and sh < best:
                best = sh
                choice = CLAIM_CHI
                start = starts[i]
    return choice, start


@kernel
def greedy_claim(s, f, kong_ok, pon_ok, n_chi, starts, rules, seats, bots, work):
    """Greedy's claim on face f: work.claim[CL_CHOICE, CL_START] = (claim, chi start), -1: pass."""
    out = work.claim
    choice, start = shanten_claim(s, f, kong_ok, pon_ok, n_chi, starts, True, rules, seats, bots, work)
    if choice >= 0 and (choice == CLAIM_KONG or takes_claim(s, bots, True)):
        out[CL_CHOICE] = choice
        out[CL_START] = start


@kernel
def greedy_own_kong(s, rules, seats, bots, work):
    """A concealed or added kong greedy declares now, if it keeps the hand's
    shanten (``kong``): work.claim[CL_CHOICE, CL_START] = (meld type, face)."""
    P = rules.P
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    out = work.claim
    c = cnt[s]
    faces2 = out[CL_FACES2:CL_FACES2 + 2]
    cur = BIG + 1  # the hand's shanten, worked out only if a concealed kong is possible
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4 and not is_void(s, f, F):
                if cur > BIG:
                    cur = current_shanten(s, rules, seats, work)
                if takes_kong(s, bots, shanten_after(s, f, 4, 1, rules, seats, work, faces2) <= cur):
                    out[CL_CHOICE] = MELD_KONG_CON
                    out[CL_START] = f
                    return
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON:
                f = melds[s, i, M_FACE]
                if c[f] >= 1 and takes_kong(s, bots, shanten_after(s, f, 1, 0, rules, seats, work, faces2) <= cur):
                    out[CL_CHOICE] = MELD_KONG_ADD
                    out[CL_START] = f
                    return


@kernel
def long_wall(s, rules, wall, bots):
    """Whether more tiles can be drawn than this seat's ``chase_hard``."""
    return normal_left(rules.P, wall.W, wall.gone) > bots.bp[s, BP_CHASE_HARD]


@kernel
def wants_win(s, bots, soft, long_wall, on_discard):
    """Every win is taken, unless this seat chases hard wins: then it passes
    a soft win on a discard while the wall is still long."""
    if bots.bp[s, BP_CHASE_HARD] > 0 and soft and on_discard and long_wall:
        return False
    return True


@kernel
def takes_claim(s, bots, improves):
    """Whether to make a claim (``improves``: the greedy test passed)."""
    return improves and uniform(bots.rs, BOT + s) < bots.bp[s, BP_CLAIM]


@kernel
def takes_kong(s, bots, keeps_shanten):
    return bots.bp[s, BP_KONG] > 0 and keeps_shanten
