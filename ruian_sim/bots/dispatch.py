"""What a seat's bot decides inside a hand: claims, kongs of its own, the
discard.  Bot-specific scoring lives in bots.py; this module asks the seat's
bot kind (layout.BOT_*) and applies the rules' limits."""

from ..hand.kernels import GROUP_OF
from ..hand.layout import BIG, HS_STANDARD
from ..jit import kernel, kernel_inline
from ..table.intake import can_replace
from ..table.layout import (
    BOT_RANDOM,
    BOT_SMART,
    BP_CHASE_HARD,
    BP_FOLLOW,
    BP_KIND,
    BP_MARGIN,
    CHI_ANY,
    CHI_LEFT,
    CLAIM_CHI,
    CLAIM_KONG,
    CLAIM_PON,
    EP_CHI,
    EP_KONG_ADDED,
    EP_KONG_CONCEALED,
    EP_KONG_EXPOSED,
    EP_PON,
    EP_SEATS,
    EP_WILD_DISCARD,
    F_CHIS,
    F_DISCARDS,
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
from ..table.seat import add_face, remove_face
from ..table.void import is_void, void_discard
from ..table.wall import normal_left
from .greedy import bot_shanten, greedy_discard, random_discard, takes_claim, takes_kong
from .smart.choice import kept_again, smart_claim_value, smart_discard
from .smart.danger_log import accept_sample
from .spec import MARGIN


@kernel
def shanten_after(s, f, n_remove, extra_melds, rules, seats, work, faces2):
    """Bot shanten of seat s with n_remove tiles of face f (or, for a chi, the
    two faces in ``faces2``) set aside into ``extra_melds`` new melds."""
    hs, tabs, pw = rules.hs, rules.tabs, rules.pw
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    buf = work.buf
    if f >= 0:
        for _ in range(n_remove):
            remove_face(s, f, cnt, keys, F, pw)
    else:
        remove_face(s, faces2[0], cnt, keys, F, pw)
        remove_face(s, faces2[1], cnt, keys, F, pw)
    F[s, F_NMELD] += extra_melds
    sh = bot_shanten(cnt[s], keys[s], F[s, F_W], F[s, F_NTILES], F[s, F_NMELD], F[s, F_CHIS], capx[s], hs,
                     tabs, buf)
    F[s, F_NMELD] -= extra_melds
    if f >= 0:
        for _ in range(n_remove):
            add_face(s, f, cnt, keys, F, pw)
    else:
        add_face(s, faces2[0], cnt, keys, F, pw)
        add_face(s, faces2[1], cnt, keys, F, pw)
    return sh


@kernel
def current_shanten(s, rules, seats, work):
    hs, tabs = rules.hs, rules.tabs
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    buf = work.buf
    return bot_shanten(cnt[s], keys[s], F[s, F_W], F[s, F_NTILES], F[s, F_NMELD], F[s, F_CHIS], capx[s], hs,
                     tabs, buf)


@kernel_inline
def _chi_seat(s, f, discarder, P):
    """Whether seat s may chi face f from the discarder (a suit tile, the rules' seat)."""
    n = P[EP_SEATS]
    return f < 27 and (P[EP_CHI] == CHI_ANY or (P[EP_CHI] == CHI_LEFT and s == (discarder + 1) % n))


@kernel_inline
def claimable(s, f, discarder, can_kong, P, c):
    """Whether seat s (its counts ``c``) has any claim on face f: play_hand
    asks before calling claim_choice(), which sets nothing and draws no random
    number when there is none, so the many seats with none cost no call."""
    if c[f] >= 2 and (P[EP_PON] == 1 or (can_kong and P[EP_KONG_EXPOSED] == 1 and c[f] >= 3)):
        return True
    if not _chi_seat(s, f, discarder, P):
        return False
    r = f % 9
    return (r >= 2 and c[f - 2] > 0 and c[f - 1] > 0) or (1 <= r <= 7 and c[f - 1] > 0 and c[f + 1] > 0) \
        or (r <= 6 and c[f + 1] > 0 and c[f + 2] > 0)


@kernel_inline
def _chi_shanten(s, start, f, rules, seats, work, faces2):
    """Seat s's shanten after a chi of f in the run from ``start``."""
    k = 0
    for j in range(3):
        g = start + j
        if g != f:
            faces2[k] = g
            k += 1
    return shanten_after(s, -1, 0, 1, rules, seats, work, faces2)


@kernel
def claim_choice(s, f, discarder, can_kong, rules, seats, table, bots, work, values):
    """Seat s's claim on face f: out[0:2] = (claim, chi start), claim -1: pass;
    out[2:7] is scratch (out: work.claim).  Greedy claims what lowers its
    shanten; smart claims what its valuation says beats the hand it keeps
    (once it has valued one this hand)."""
    P = rules.P
    cnt, F = seats.cnt, seats.F
    bp, rs = bots.bp, bots.rs
    out = work.claim
    c = cnt[s]
    out[0] = -1
    out[1] = -1
    kong_ok = can_kong and P[EP_KONG_EXPOSED] == 1 and c[f] >= 3
    pon_ok = P[EP_PON] == 1 and c[f] >= 2
    chi_ok = _chi_seat(s, f, discarder, P)
    starts = out[2:5]
    starts[:] = -1
    n_chi = 0
    if chi_ok:
        r = f % 9
        for st in range(r - 2, r + 1):
            if st < 0 or st > 6:
                continue
            ok = True
            for j in range(3):
                g = f - r + st + j
                if g != f and c[g] == 0:
                    ok = False
            if ok:
                starts[n_chi] = f - r + st
                n_chi += 1
    if not (kong_ok or pon_ok or n_chi > 0):
        return
    faces2 = out[5:7]
    if bp[s, BP_KIND] == BOT_RANDOM:
        n_opt = 1 + (1 if kong_ok else 0) + (1 if pon_ok else 0) + n_chi
        pick = below(rs, BOT + s, n_opt)
        if pick == 0:
            return
        pick -= 1
        if kong_ok:
            if pick == 0:
                out[0] = CLAIM_KONG
                return
            pick -= 1
        if pon_ok:
            if pick == 0:
                out[0] = CLAIM_PON
                return
            pick -= 1
        out[0] = CLAIM_CHI
        out[1] = starts[pick]
        return
    cur = F[s, F_SHANTEN]  # as it stood after this seat's last discard
    best = BIG
    choice = -1
    start = -1
    if kong_ok:
        sh = shanten_after(s, f, 3, 1, rules, seats, work, faces2)
        if takes_kong(s, bots, sh <= cur):
            best = sh
            choice = CLAIM_KONG
    # a smart seat that has discarded weighs pon and chi by their worth below;
    # their shanten matters only where it could beat a kong chosen above
    by_worth = bp[s, BP_KIND] == BOT_SMART and F[s, F_DISCARDS] > 0
    by_shanten = not by_worth or choice == CLAIM_KONG
    if pon_ok and by_shanten:
        sh = shanten_after(s, f, 2, 1, rules, seats, work, faces2)
        if sh < cur and sh < best:
            best = sh
            choice = CLAIM_PON
    for i in range(n_chi if by_shanten else 0):
        sh = _chi_shanten(s, starts[i], f, rules, seats, work, faces2)
        if sh < cur and sh < best:
            best = sh
            choice = CLAIM_CHI
            start = starts[i]
    if by_worth and choice != CLAIM_KONG:
        # the hand's worth, not its shanten: a pon toward all pungs may pay
        # without a step, a claim that breaks eight pairs may not pay with one.
        # A claim that keeps the shanten trades the hand's flexibility for a shape
        # the estimate likes: it needs MARGIN at least, even where no discard can
        # win.  On hangzhou (margin 1 for a step) that was +0.42 points a hand
        # [+0.37, +0.47] against margin 1 for every claim (200,000-hand duel, seed
        # 3).  The shanten is asked only of a claim between the two bars.
        if bots.kept[s, 1] < 0:
            kept_again(s, rules, seats, table, bots, work, values)   # its last discard was forced (定缺)
        bar = max(bots.kept[s, 0] * bp[s, BP_MARGIN], 1e-12)
        side = max(bar, bots.kept[s, 0] * MARGIN)
        choice = -1
        best_v = 0.0
        if pon_ok:
            v = smart_claim_value(s, f, -1, rules, seats, table, bots, work, values)
            if v > best_v and v > bar and (v > side or shanten_after(s, f, 2, 1, rules, seats, work, faces2) < cur):
                best_v = v
                choice = CLAIM_PON
        for i in range(n_chi):
            v = smart_claim_value(s, f, starts[i], rules, seats, table, bots, work, values)
            if v > best_v and v > bar and (v > side or _chi_shanten(s, starts[i], f, rules, seats, work, faces2) < cur):
                best_v = v
                choice = CLAIM_CHI
                start = starts[i]
    if choice >= 0 and (choice == CLAIM_KONG or takes_claim(s, bots, True)):
        out[0] = choice
        out[1] = start


@kernel_inline
def may_kong(s, P, c, F, melds):
    """Whether seat s holds a kong it may declare (four of a face, or a pon's
    fourth tile): play_hand asks before calling self_kong(), which sets
    nothing and draws no random number when there is none."""
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4 and not is_void(s, f, F):
                return True
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON and c[melds[s, i, M_FACE]] >= 1:
                return True
    return False


@kernel
def self_kong(s, rules, wall, seats, bots, work):
    """A concealed or added kong seat s declares now: out = (meld type, face)
    (out: work.claim)."""
    P = rules.P
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    bp = bots.bp
    out = work.claim
    out[0] = -1
    out[1] = -1
    if not can_replace(rules, wall):
        return
    c = cnt[s]
    faces2 = out[5:7]
    cur = BIG + 1  # the hand's shanten, worked out only if a kong is possible
    greedy = bp[s, BP_KIND] != BOT_RANDOM
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4 and not is_void(s, f, F):
                keeps = False
                if greedy:
                    if cur > BIG:
                        cur = current_shanten(s, rules, seats, work)
                    keeps = shanten_after(s, f, 4, 1, rules, seats, work, faces2) <= cur
                if takes_kong(s, bots, keeps):
                    out[0] = MELD_KONG_CON
                    out[1] = f
                    return
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON:
                f = melds[s, i, M_FACE]
                if c[f] >= 1:
                    keeps = False
                    if bp[s, BP_KIND] != BOT_RANDOM:
                        keeps = shanten_after(s, f, 1, 0, rules, seats, work, faces2) <= cur
                    if takes_kong(s, bots, keeps):
                        out[0] = MELD_KONG_ADD
                        out[1] = f
                        return


@kernel
def discard_choice(s, rules, wall, seats, table, bots, work, values):
    """The face seat s discards (-1: a wild); F[s, F_SHANTEN] is set to the
    hand's shanten once it is gone (claims and win checks read it)."""
    P, hs, pw = rules.P, rules.hs, rules.pw
    W, gone = wall.W, wall.gone
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H = table.H
    bp, rs = bots.bp, bots.rs
    allow_wild = P[EP_WILD_DISCARD] == 1
    if bp[s, BP_KIND] == BOT_RANDOM:
        f = random_discard(s, seats, bots, allow_wild)
        if f < 0 and F[s, F_W] == 0:
            f = random_discard(s, seats, bots, True)
        remove_face(s, f, cnt, keys, F, pw)
        F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
        add_face(s, f, cnt, keys, F, pw)
        return f
    if bp[s, BP_KIND] == BOT_SMART:
        draws = normal_left(P, W, gone) // P[EP_SEATS] + 1
        f, sh = smart_discard(s, rules, seats, table, bots, work, values, draws)
    else:
        prefer = -1
        last = H[H_LAST_RAW]
        if bp[s, BP_FOLLOW] > 0 and 0 <= last < N_FACE and GROUP_OF[last] == 3 and last != H[H_WK]:
            f_last = H[H_WK] if last == H[H_SI] else last
            if cnt[s, f_last] == 1 and uniform(rs, BOT + s) < bp[s, BP_FOLLOW]:
                prefer = f_last
        f, sh = greedy_discard(s, H[H_WK], H[H_SI], rules, seats, table, bots, work, prefer)
        if bots.learn[0] == 1:
            accept_sample(s, f, rules, seats, table, bots, work)   # bots/smart/danger.py is learning
    F[s, F_SHANTEN] = sh
    if f < 0 or hs[HS_STANDARD] == 0:
        # greedy's own count follows the standard shape; otherwise ask bot_shanten
        remove_face(s, f, cnt, keys, F, pw)
        F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
        add_face(s, f, cnt, keys, F, pw)
    return f


@kernel
def void_first(s, f, rules, seats, work):
    """定缺: the void tile seat s throws instead of the bot's choice f, while it
    holds one (the bot has still chosen, so what it keeps in mind for its
    claims is of this hand); F[s, F_SHANTEN] then follows the void tile."""
    v = void_discard(s, seats)
    if v < 0 or v == f:
        return f
    cnt, keys, F, pw = seats.cnt, seats.keys, seats.F, rules.pw
    remove_face(s, v, cnt, keys, F, pw)
    F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
    add_face(s, v, cnt, keys, F, pw)
    return v


@kernel
def long_wall(s, rules, wall, bots):
    return normal_left(rules.P, wall.W, wall.gone) > bots.bp[s, BP_CHASE_HARD]
