"""The discard on the table: wins on it first (every seat that could win is
asked, from the discarder on: 截胡, 一炮多响 or a draw, as the rules say), then
one kong, pon or chi, by the rules' priority and then seat order from the
discarder.  A discarded wild may only be won on."""

from ..bots import dispatch
from ..bots.layout import CL_CHOICE, CL_START
from ..jit import kernel_inline
from ..table.intake import can_replace
from ..table.layout import (
    CLAIM_KONG,
    CLAIM_PON,
    EP_KONG_EXPOSED,
    EP_LAST_WIN_ONLY,
    EP_PASS_PON,
    EP_PRIO,
    EP_SEATS,
    EP_WIN_DISCARD,
    EV_CHI,
    EV_PON,
    F_CHI_CLAIMS,
    F_PONS,
    FACT_DISCARD,
    FACT_KONG_DISCARD,
    FACT_LAST_DISCARD,
    H_CLAIMS,
    H_FW_COUNT,
    H_LAST_RAW,
    H_SI,
    H_WK,
    MELD_CHI,
    MELD_KONG_EXP,
    MELD_PON,
    NONE_JOINED,
    OUT_DISCARD_WIN,
    OUT_FOUR_KONGS,
)
from ..table.legal import claimable
from ..table.log import log_event
from ..table.seat import add_meld, raw_of, remove_face
from ..table.void import is_void
from ..table.wall import nothing_left
from .claims import discard_winners, do_kong, may_win, pon_lifts, settle_multi
from .leave import is_out, next_in
from .own_turn import declared, kong_replacement
from .turn_state import (
    PH_END,
    PH_TOP,
    T_AFTER_KONG,
    T_DISCARD,
    T_DISCARD_RAW,
    T_DISCARDER,
    T_FACE,
    T_NEED_DRAW,
    T_OUTCOME,
    T_OWN,
    T_RAW,
    T_ROUTE,
    T_SEAT,
    T_WINNERS,
)


@kernel_inline
def claim_phase(T, rules, wall, seats, table, bots, work, values, rec, log):
    """Claims on the discard T holds; returns the next phase."""
    P, pw = rules.P, rules.pw
    W, gone = wall.W, wall.gone
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H, vis = table.H, table.vis
    claim = work.claim
    n = P[EP_SEATS]
    turn = T[T_SEAT]
    f, raw = T[T_DISCARD], T[T_DISCARD_RAW]
    wk, si = H[H_WK], H[H_SI]
    # --- wins first
    near = False   # a seat that could win on it: else no call
    if P[EP_WIN_DISCARD] == 1:
        for i in range(1, n):
            o = (turn + i) % n
            near = near or (not is_out(o, table) and may_win(o, rules, seats, table))
    if near:
        route = (FACT_DISCARD | (FACT_LAST_DISCARD if nothing_left(P, W, gone) else 0)
                 | (FACT_KONG_DISCARD if T[T_AFTER_KONG] == 1 else 0))
        mask = discard_winners(turn, f, rules, wall, seats, table, bots, work, values, log, raw, route)
        if mask != 0:
            winners, outcome = settle_multi(turn, mask, rules)
            T[T_WINNERS] = winners
            T[T_OUTCOME] = OUT_DISCARD_WIN if outcome < 0 else outcome
            T[T_DISCARDER] = turn
            T[T_FACE] = f
            T[T_RAW] = raw
            T[T_ROUTE] = route
            if declared(T, rules, seats, table, work, values, rec, log):
                return PH_TOP
            return PH_END
    if raw == wk or (P[EP_LAST_WIN_ONLY] == 1 and nothing_left(P, W, gone)):
        # a discarded wild may only be won on: no wild goes into a meld; nor
        # the last discard where claims.last_discard says win_only
        T[T_SEAT] = next_in(turn, table, n)
        return PH_TOP
    # --- kong, pon, chi by priority, then seat order from the discarder
    # a kong on this discard needs a replacement tile; look only if someone could
    can_kong = False
    if P[EP_KONG_EXPOSED] == 1:
        for i in range(1, n):
            if cnt[(turn + i) % n, f] >= 3 and not is_out((turn + i) % n, table):
                can_kong = can_replace(rules, wall)
                break
    best_rank = 99
    taker = -1
    take_kind = -1
    take_start = -1
    for i in range(1, n):
        s = (turn + i) % n
        if is_out(s, table) or is_void(s, f, F) or not claimable(s, f, turn, can_kong, P, cnt[s]):
            continue
        dispatch.claim(s, f, turn, can_kong, rules, seats, table, bots, work, values)
        if claim[CL_CHOICE] >= 0 and P[EP_PRIO + claim[CL_CHOICE]] < best_rank:
            best_rank = P[EP_PRIO + claim[CL_CHOICE]]
            taker = s
            take_kind = claim[CL_CHOICE]
            take_start = claim[CL_START]
    if taker < 0:
        T[T_SEAT] = next_in(turn, table, n)
        return PH_TOP
    H[H_CLAIMS] += 1
    H[H_FW_COUNT] = 0
    H[H_LAST_RAW] = -1
    vis[raw] -= 1  # the claimed tile joins a meld; counted there
    T[T_SEAT] = taker
    T[T_NEED_DRAW] = 0
    if take_kind == CLAIM_KONG:
        if do_kong(taker, MELD_KONG_EXP, f, turn, rules, seats, table, log, raw):
            T[T_OUTCOME] = OUT_FOUR_KONGS
            return PH_END
        if kong_replacement(taker, T, rules, wall, seats, table, log) == NONE_JOINED:
            T[T_SEAT] = next_in(taker, table, n)
            return PH_END
        return PH_TOP   # its own actions follow (a win on the replacement, more kongs)
    if take_kind == CLAIM_PON:
        remove_face(taker, f, cnt, keys, F, pw)
        remove_face(taker, f, cnt, keys, F, pw)
        add_meld(taker, MELD_PON, f, turn, rules, seats)
        F[taker, F_PONS] += 1
        vis[raw] += 3
        log_event(log, EV_PON, taker, raw, f, turn)
        if P[EP_PASS_PON] == 1:
            pon_lifts(taker, rules, seats, work)   # 过水 ends with a pon that breaks the hand
    else:
        for j in range(3):
            g = take_start + j
            if g != f:
                remove_face(taker, g, cnt, keys, F, pw)
            vis[raw_of(g, wk, si)] += 1
        add_meld(taker, MELD_CHI, take_start, turn, rules, seats)
        F[taker, F_CHI_CLAIMS] += 1
        log_event(log, EV_CHI, taker, raw, take_start, turn)
    T[T_OWN] = 0   # after a pon or chi the seat discards at once
    return PH_TOP
