"""The smart bot's one decision on a discard that would win soft: take it,
or pass it to wait for a hard win that pays more (the rules' values, and
what 过水 would forbid meanwhile)."""

from ...hand.layout import HS_B, N_FACES
from ...jit import kernel
from ...table.layout import EP_PASS_BLOCKS, EP_PASS_WORTH, EP_SEATS, H_DEALER, H_SI, H_WK
from ...table.seat import add_face, hard_now, remove_face, shapes_now, unseen_face, unseen_of
from ...table.wall import normal_left
from ..layout import BP_V0, V_GAIN
from .choice import ROUTE_EIGHT, ROUTE_PUNGS, ROUTE_STD, SELF_DRAW_SHARE, WIN_ANYWAY


@kernel
def smart_takes_win(s, f, shapes, rules, wall, seats, table, bots, work):
    """Take a soft win on a discard of face f, or pass it to wait for a hard one?

    Waiting is worth it when the tiles that would complete the hand hard are
    many, enough draws and discards remain, and a hard win pays more than
    this one (the rules' values); a pass under 过水 also gives up the discards
    until the bot's next draw.  ``shapes``: the win's shape mask."""
    P, hs, pw = rules.P, rules.hs, rules.pw
    W, gone = wall.W, wall.gone
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    H = table.H
    bp = bots.bp
    unseen = work.unseen
    n = P[EP_SEATS]
    wk, si = H[H_WK], H[H_SI]
    me_dealer = 1 if H[H_DEALER] == s else 0
    route = ROUTE_PUNGS if (shapes & 4) != 0 else (ROUTE_EIGHT if (shapes & 1) == 0 and (shapes & 2) != 0
                                                   else ROUTE_STD)
    at = BP_V0 + V_GAIN + (me_dealer * 4 + route) * 4
    v_now = bp[s, at]                       # soft, on a discard
    v_hard = (1.0 - SELF_DRAW_SHARE) * bp[s, at + 2] + SELF_DRAW_SHARE * bp[s, at + 3]
    v_soft = (1.0 - SELF_DRAW_SHARE) * bp[s, at] + SELF_DRAW_SHARE * bp[s, at + 1]
    if v_hard <= v_now * 1.05:
        return True  # a hard win pays no more: take it
    unseen_of(s, wk, si, rules, seats, table, work)
    u_total = unseen[wk] if wk >= 0 else 0
    u_any = u_total
    u_hard = 0
    top = hs[HS_B] - 1
    for t in range(N_FACES):
        u = unseen_face(t, unseen, wk, si)
        u_total += u
        if u <= 0 or cnt[s, t] >= capx[s, t] or cnt[s, t] >= top:
            continue
        add_face(s, t, cnt, keys, F, pw)
        if shapes_now(s, rules, seats, work) != 0:
            u_any += u
            if hard_now(s, wk, True, rules, seats, work) != 0:
                u_hard += u
        remove_face(s, t, cnt, keys, F, pw)
    if u_hard == 0 or u_total <= 0:
        return True
    draws = normal_left(P, W, gone) // n
    # others' discards bring a needed tile less often than draws do; 过水 loses a
    # round of them, but for a win worth more where claims.pass_block lets that stand
    lost = 1 if P[EP_PASS_BLOCKS] == 1 else 0
    chances = draws + 0.3 * (n - 1) * (draws - lost)
    chances_hard = draws + 0.3 * (n - 1) * (draws - (lost if P[EP_PASS_WORTH] == 0 else 0))
    if chances <= 0:
        return True
    p_hard = 1.0 - (1.0 - u_hard / u_total) ** chances_hard
    p_any = max(1.0 - (1.0 - u_any / u_total) ** chances, p_hard)
    ev_wait = (1.0 - WIN_ANYWAY * 0.5) * (p_hard * v_hard + (p_any - p_hard) * v_soft)
    return ev_wait <= v_now
