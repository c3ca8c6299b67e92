"""The smart bot's claims: a pon or chi is made when the hand after it and
its best discard is worth more than the hand it keeps (``bots.kept``, what
its last discard left), by a margin (``margin``); a kong when it keeps the
shanten, as greedy does.  The estimate does not count what a claim gives
away (the hand's flexibility, its safe tiles), hence the margin."""

from ...jit import kernel
from ...table.layout import (
    CLAIM_CHI,
    CLAIM_KONG,
    CLAIM_PON,
    EP_SEATS,
    F_CHIS,
    F_DISCARDS,
    F_FOLDED,
    F_LAST_DISC,
    F_NMELD,
    F_OPEN,
    F_SHANTEN,
    H_DEALER,
    H_SI,
    H_WK,
    M_FACE,
    M_FROM,
    M_TYPE,
    MAX_MELDS,
    MELD_CHI,
    MELD_PON,
)
from ...table.seat import add_face, raw_of, remove_face
from ..greedy import greedy_claim, shanten_claim, takes_claim
from ..layout import BP_MARGIN, CL_CHOICE, CL_FACES2, CL_START
from ..shanten import chi_shanten, shanten_after
from ..spec import MARGIN
from .choice import smart_choice, worth_bound


@kernel
def smart_claim(s, f, kong_ok, pon_ok, n_chi, starts, rules, seats, table, bots, work, values):
    """Seat s's claim on face f: work.claim[CL_CHOICE, CL_START] = (claim, chi start), -1: pass."""
    F = seats.F
    bp = bots.bp
    out = work.claim
    faces2 = out[CL_FACES2:CL_FACES2 + 2]
    if F[s, F_DISCARDS] == 0:
        # no hand of its own valued yet to weigh a claim against: by shanten, as greedy
        greedy_claim(s, f, kong_ok, pon_ok, n_chi, starts, rules, seats, bots, work)
        return
    cur = F[s, F_SHANTEN]  # as it stood after this seat's last discard
    # a kong by shanten; pon and chi by their shanten only where they could beat it
    choice, start = shanten_claim(s, f, kong_ok, pon_ok, n_chi, starts, False, rules, seats, bots, work)
    if choice != CLAIM_KONG:
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
        if bar >= worth_bound(bp, s, 1 if table.H[H_DEALER] == s else 0):
            pon_ok = False   # no hand after the claim can be worth more than the bar: none is valued
            n_chi = 0
        if pon_ok:
            v = smart_claim_value(s, f, -1, rules, seats, table, bots, work, values)
            if v > best_v and v > bar and (v > side or shanten_after(s, f, 2, 1, rules, seats, work, faces2) < cur):
                best_v = v
                choice = CLAIM_PON
        for i in range(n_chi):
            v = smart_claim_value(s, f, starts[i], rules, seats, table, bots, work, values)
            if v > best_v and v > bar and (v > side or chi_shanten(s, starts[i], f, rules, seats, work, faces2) < cur):
                best_v = v
                choice = CLAIM_CHI
                start = starts[i]
    if choice >= 0 and (choice == CLAIM_KONG or takes_claim(s, bots, True)):
        out[CL_CHOICE] = choice
        out[CL_START] = start


@kernel
def kept_again(s, rules, seats, table, bots, work, values):
    """Value again the hand seat s keeps, where its last discard was forced (a
    void tile, 定缺) and smart_discard did not run: with the tile it threw
    back in its hand (and unseen again), as smart_discard would have valued
    it then (``bots.kept[s, 1]`` holds -1 - the draws left it counted)."""
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H, vis = table.H, table.vis
    draws = int(-bots.kept[s, 1]) - 1
    f = table.pond[F[s, F_LAST_DISC]]
    raw = raw_of(f, H[H_WK], H[H_SI])
    folded = F[s, F_FOLDED]
    vis[raw] -= 1
    add_face(s, f, cnt, keys, F, rules.pw)
    _, _, v = smart_choice(s, rules, seats, table, bots, work, values, draws, True)
    remove_face(s, f, cnt, keys, F, rules.pw)
    vis[raw] += 1
    F[s, F_FOLDED] = folded
    bots.kept[s, 0] = v
    bots.kept[s, 1] = draws


@kernel
def smart_claim_value(s, f, start, rules, seats, table, bots, work, values):
    """What the hand is worth after a pon (``start`` < 0) or a chi (``start``:
    the run's first face) of the discard f and its best discard, over the
    draws the kept hand was valued for (to compare with bots.kept[s, 0]).
    The same routes count, so a pon toward all pungs gains where the table
    pays for them, and a claim that gives up eight pairs loses that route."""
    pw = rules.pw
    cnt, keys, F, melds = seats.cnt, seats.keys, seats.F, seats.melds
    H, vis = table.H, table.vis
    wk, si = H[H_WK], H[H_SI]
    g0 = f
    g1 = f
    if start >= 0:
        g0 = start if start != f else start + 1
        g1 = start + 2 if start + 2 != f else start + 1
    remove_face(s, g0, cnt, keys, F, pw)
    remove_face(s, g1, cnt, keys, F, pw)
    vis[raw_of(g0, wk, si)] += 1  # the meld's tiles are seen by everyone
    vis[raw_of(g1, wk, si)] += 1
    # the meld is shown (and the hand no longer concealed) while it is weighed
    i = F[s, F_NMELD]
    if i < MAX_MELDS:
        melds[s, i, M_TYPE] = MELD_CHI if start >= 0 else MELD_PON
        melds[s, i, M_FACE] = start if start >= 0 else f
        melds[s, i, M_FROM] = (s + 1) % rules.P[EP_SEATS]
    F[s, F_NMELD] += 1
    F[s, F_OPEN] += 1
    chi = 1 if start >= 0 else 0
    F[s, F_CHIS] += chi
    _, _, v = smart_choice(s, rules, seats, table, bots, work, values, int(bots.kept[s, 1]), False)
    F[s, F_CHIS] -= chi
    F[s, F_OPEN] -= 1
    F[s, F_NMELD] -= 1
    if i < MAX_MELDS:
        melds[s, i, M_TYPE] = -1
        melds[s, i, M_FACE] = -1
        melds[s, i, M_FROM] = -1
    vis[raw_of(g1, wk, si)] -= 1
    vis[raw_of(g0, wk, si)] -= 1
    add_face(s, g1, cnt, keys, F, pw)
    add_face(s, g0, cnt, keys, F, pw)
    return v
