"""A seat's own actions before it discards: a self-drawn win (the gate
first, then the seat's bot), then kongs one by one, each with its
replacement tile, and each added kong offered to the others to rob (抢杠)."""

from ..bots import dispatch
from ..bots.layout import CL_CHOICE, CL_START
from ..jit import kernel, kernel_inline
from ..table.intake import receive, replacement
from ..table.layout import (
    EP_DEAD_PER_KONG,
    EP_ROB,
    EP_SEATS,
    EV_DRAW,
    EV_PASS_WIN,
    F_DRAWS,
    FACT_DISCARD,
    FACT_KONG_DRAW,
    FACT_LAST_TILE,
    FACT_ROBBED,
    FACT_SELF_DRAWN,
    H_ERROR,
    H_KONGS,
    H_SI,
    H_WK,
    MELD_KONG_ADD,
    NONE_JOINED,
    OUT_FOUR_KONGS,
    OUT_ROBBED_KONG,
    OUT_SELF_DRAW,
    ROB_ANY,
    ROB_NEVER,
)
from ..table.legal import may_kong
from ..table.log import log_event
from ..table.seat import hard_now, raw_of, remove_face, shapes_now
from ..table.valuation import gate_ok
from ..table.wall import WS_DEAD_EXTRA, nothing_left
from .claims import discard_winners, do_kong, lift_pass, settle_multi
from .leave import last_from, next_in, record_wins
from .turn_state import (
    PH_DISCARD,
    PH_END,
    PH_TOP,
    T_DISCARDER,
    T_FACE,
    T_KONG_DRAW,
    T_LAST,
    T_NEED_DRAW,
    T_OUTCOME,
    T_RAW,
    T_ROUTE,
    T_SEAT,
    T_UNREADY,
    T_WINNERS,
    no_win,
)


@kernel
def kong_replacement(s, T, rules, wall, seats, table, log):
    """Seat s draws a kong's replacement from the tail; the dead wall grows
    once it is taken (the kong was declared while one was still allowed).
    Returns the face that joined (NONE_JOINED: a flower, and none could follow)."""
    P = rules.P
    raw = replacement(rules, wall)
    wall.W[WS_DEAD_EXTRA] += P[EP_DEAD_PER_KONG + min(table.H[H_KONGS] - 1, 3)]
    seats.F[s, F_DRAWS] += 1
    lift_pass(s, seats.F)   # a replacement is a draw: 过水 ends
    log_event(log, EV_DRAW, s, raw, 1, 0)
    T[T_LAST] = receive(s, raw, True, rules, wall, seats, table, log)
    T[T_KONG_DRAW] = 1
    return T[T_LAST]


@kernel
def declared(T, rules, seats, table, work, values, rec, log):
    """Record the win T holds; where play goes on after it (血战到底), the
    next turn is the seat after the winner's (after the robber of a kong, or
    the last winner of a discard) and True is returned."""
    n = rules.P[EP_SEATS]
    if T[T_WINNERS] == 0 or table.H[H_ERROR] != 0:
        return False
    if not record_wins(T[T_OUTCOME], T[T_WINNERS], T[T_FACE], T[T_ROUTE], T[T_RAW], T[T_DISCARDER], rules, seats,
                       table, work, values, rec, log):
        return False
    d = T[T_DISCARDER]
    T[T_SEAT] = next_in(T[T_SEAT] if d < 0 else last_from(d, T[T_WINNERS], n), table, n)
    no_win(T)
    T[T_NEED_DRAW] = 1
    return True


@kernel_inline
def own_actions(T, rules, wall, seats, table, bots, work, values, rec, log):
    """Win or kong before the discard; returns the next phase."""
    P = rules.P
    W, gone = wall.W, wall.gone
    cnt, keys, F, melds, pw = seats.cnt, seats.keys, seats.F, seats.melds, rules.pw
    H = table.H
    claim = work.claim
    turn = T[T_SEAT]
    wk, si = H[H_WK], H[H_SI]
    unready = T[T_UNREADY] == 1
    while H[H_ERROR] == 0:  # each pass after the first declares a kong and draws
        m = 0 if unready else shapes_now(turn, rules, seats, work)
        unready = False
        if m != 0:
            hard = hard_now(turn, wk, True, rules, seats, work)
            route = FACT_SELF_DRAWN | (FACT_KONG_DRAW if T[T_KONG_DRAW] == 1 else 0)
            if nothing_left(P, W, gone):
                route |= FACT_LAST_TILE
            # the rules' gate: a hand it refuses is no win, to declare or to pass
            if gate_ok(turn, T[T_LAST], route, m, hard, rules, seats, table, work, values):
                if dispatch.take_win(turn, T[T_LAST], m, hard, False, rules, wall, seats, table, bots, work):
                    T[T_OUTCOME] = OUT_SELF_DRAW
                    T[T_WINNERS] = 1 << turn
                    T[T_FACE] = T[T_LAST]
                    T[T_ROUTE] = route
                    break
                log_event(log, EV_PASS_WIN, turn, -1, m, 0)
        if not may_kong(turn, P, cnt[turn], F, melds):
            break
        dispatch.own_kong(turn, rules, wall, seats, bots, work)
        if claim[CL_CHOICE] < 0:
            break
        mtype, f = claim[CL_CHOICE], claim[CL_START]
        raw = raw_of(f, wk, si)
        if P[EP_ROB] != ROB_NEVER and (mtype == MELD_KONG_ADD or P[EP_ROB] == ROB_ANY):
            robbed = FACT_DISCARD | FACT_ROBBED
            robbers = discard_winners(turn, f, rules, wall, seats, table, bots, work, values, log, raw, robbed)
            if robbers != 0:
                remove_face(turn, f, cnt, keys, F, pw)
                winners, outcome = settle_multi(turn, robbers, rules)
                T[T_WINNERS] = winners
                T[T_OUTCOME] = OUT_ROBBED_KONG if outcome < 0 else outcome
                T[T_DISCARDER] = turn
                T[T_FACE] = f
                T[T_RAW] = raw
                T[T_ROUTE] = robbed
                break
        if do_kong(turn, mtype, f, -1, rules, seats, table, log, raw):
            T[T_OUTCOME] = OUT_FOUR_KONGS
            break
        if kong_replacement(turn, T, rules, wall, seats, table, log) == NONE_JOINED:
            break
    if T[T_OUTCOME] >= 0 and declared(T, rules, seats, table, work, values, rec, log):
        return PH_TOP
    if T[T_OUTCOME] >= 0 or H[H_ERROR] != 0:
        return PH_END
    if T[T_LAST] == NONE_JOINED:
        T[T_SEAT] = next_in(turn, table, P[EP_SEATS])
        return PH_END
    return PH_DISCARD
