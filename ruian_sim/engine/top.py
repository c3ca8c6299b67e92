"""The top of a turn: the step count, then the draw when one is due (engine/turn.py's PH_TOP)."""

from ..hand.layout import HS_CAP
from ..jit import kernel_inline
from ..table.intake import receive
from ..table.layout import (
    EP_SEATS,
    ERR_TURN_LIMIT,
    EV_DRAW,
    F_DRAWS,
    F_SHANTEN,
    F_W,
    H_ERROR,
    H_SI,
    H_WK,
    NONE_JOINED,
)
from ..table.log import log_event
from ..table.wall import draw_head, normal_left
from .claims import lift_pass
from .leave import next_in
from .turn_state import PH_DISCARD, PH_END, PH_OWN, T_KONG_DRAW, T_LAST, T_LIMIT, T_NEED_DRAW, T_OWN, T_SEAT, T_STEPS, T_UNREADY


@kernel_inline
def top_of_turn(T, rules, wall, seats, table, log):
    """A turn begins: past the step limit the hand stops with an error; a
    draw when one is due (none left: the turns are over).  Then the seat's
    own actions, unless it just claimed a pon or chi."""
    P, hs = rules.P, rules.hs
    tiles, gone, W = wall.tiles, wall.gone, wall.W
    cnt, F = seats.cnt, seats.F
    H = table.H
    n = P[EP_SEATS]
    T[T_STEPS] += 1
    if T[T_STEPS] > T[T_LIMIT] and H[H_ERROR] == 0:
        H[H_ERROR] = ERR_TURN_LIMIT
    if H[H_ERROR] != 0:
        return PH_END
    turn = T[T_SEAT]
    drew = T[T_NEED_DRAW] == 1
    if drew:
        if normal_left(P, W, gone) <= 0:
            return PH_END
        raw = draw_head(P, W, tiles, gone)
        F[turn, F_DRAWS] += 1
        lift_pass(turn, F)
        log_event(log, EV_DRAW, turn, raw, 0, 0)
        T[T_LAST] = receive(turn, raw, True, rules, wall, seats, table, log)
        T[T_KONG_DRAW] = 0
        if T[T_LAST] == NONE_JOINED:
            T[T_SEAT] = next_in(turn, table, n)
            return PH_END
    # a hand that was not ready before this draw cannot be complete now
    # (tables can only be too tight at the wild's crowded face)
    si, wk = H[H_SI], H[H_WK]
    T[T_UNREADY] = 1 if drew and F[turn, F_SHANTEN] >= 1 and not (
        si >= 0 and cnt[turn, wk] + F[turn, F_W] > hs[HS_CAP]) else 0
    T[T_NEED_DRAW] = 1
    if T[T_OWN] == 1:
        return PH_OWN
    T[T_OWN] = 1
    return PH_DISCARD
