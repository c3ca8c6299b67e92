"""One whole hand in the kernel: the opening, turns in phases, 海底, the end.

    play_hand    open_hand (opening.py), then the turns until one ends the hand:
      PH_TOP       the step count, then the draw when one is due (top_of_turn)
      PH_OWN       the seat's own actions: a self-drawn win, kongs (own_turn.py)
      PH_DISCARD   抢金 before the first discard, the discard, 四同风 (discard.py)
      PH_CLAIMS    wins on the discard, then kong, pon, chi (claim_phase.py)
    then 海底 when the wall ran out with nobody won (haidi.py), and the record.

Every choice the rules leave open comes from ``P`` (table/layout.EP_*);
every choice a player makes comes from its bot (bots/dispatch.py).  State
lives in preallocated arrays, bundled as table/state.py describes:
``rules``, ``wall``, ``seats``, ``table``, ``bots``, the scratch ``work`` and
``values`` (for valuing hands), and the turn in progress ``turn``
(turn_state.py, the loop's own); ``rec`` is the record row to fill, ``log``
the events for transcripts.
"""

from ..hand.layout import HS_CAP
from ..jit import kernel, kernel_inline
from ..table.intake import receive
from ..table.layout import (
    C_OUTCOME,
    EP_DEALER_EXTRA,
    EP_DRAW_READY,
    EP_SEATS,
    EP_TILES,
    ERR_TURN_LIMIT,
    EV_DRAW,
    EV_END,
    F_DRAWS,
    F_SHANTEN,
    F_W,
    H_DISCARDER,
    H_ERROR,
    H_FIRST,
    H_OUTCOME,
    H_SI,
    H_WINNERS,
    H_WK,
    MAX_MELDS,
    NONE_JOINED,
    OUT_EXHAUSTIVE,
)
from ..table.log import log_event
from ..table.wall import draw_head, normal_left
from .claim_phase import claim_phase
from .claims import lift_pass
from .discard import discard_phase
from .haidi import haidi
from .leave import next_in
from .opening import open_hand
from .own_turn import own_actions
from .ready import ready_readings
from .record import fill_record
from .turn_state import (
    PH_DISCARD,
    PH_END,
    PH_OWN,
    PH_TOP,
    T_DISCARDER,
    T_KONG_DRAW,
    T_LAST,
    T_LIMIT,
    T_NEED_DRAW,
    T_OUTCOME,
    T_OWN,
    T_SEAT,
    T_STEPS,
    T_UNREADY,
    start_turns,
)


@kernel_inline
def failed(rec, H):
    """An impossible state (H[H_ERROR]): the record says so, and the hand returns its code."""
    rec[:] = 0
    rec[C_OUTCOME] = -1
    return -H[H_ERROR]


@kernel
def play_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, turn, work, values, rec,
              log):
    """Play one hand; fill ``rec`` (columns of layout.C_*) and return the outcome."""
    P = rules.P
    H = table.H
    T = turn.T
    n = P[EP_SEATS]
    rec[:] = 0
    wk = open_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, work, log)
    if H[H_ERROR] != 0:
        return failed(rec, H)
    # each pass draws a tile or follows a claim (which sets a meld aside); a win may add one
    start_turns(T, dealer, P[EP_DEALER_EXTRA], P[EP_TILES] + n * (MAX_MELDS + 2) + 1)
    phase = PH_TOP
    while phase != PH_END:
        if phase == PH_TOP:
            phase = top_of_turn(T, rules, wall, seats, table, log)
        elif phase == PH_OWN:
            phase = own_actions(T, rules, wall, seats, table, bots, work, values, rec, log)
        elif phase == PH_DISCARD:
            phase = discard_phase(T, dealer, rules, wall, seats, table, bots, work, values, rec, log)
        else:
            phase = claim_phase(T, rules, wall, seats, table, bots, work, values, rec, log)
    if H[H_ERROR] != 0:
        return failed(rec, H)
    outcome = T[T_OUTCOME]
    if outcome < 0:
        outcome = haidi(T, rules, wall, seats, table, bots, work, values, rec, log)
        if H[H_ERROR] != 0:
            return failed(rec, H)
    at_wall = outcome == OUT_EXHAUSTIVE   # the wall ran out with seats still in (查叫 reads them)
    discarder = T[T_DISCARDER]
    if H[H_OUTCOME] >= 0:
        # the hand's outcome is its first win's; each winner's order and who dealt in are in its columns
        outcome, discarder = H[H_OUTCOME], H[H_DISCARDER]
    # --- the record (each winner's columns were written as it won)
    fill_record(rules, wall, seats, table, values, rec, dealer, outcome, H[H_WINNERS], H[H_FIRST], discarder, wk)
    if at_wall and P[EP_DRAW_READY] == 1:
        ready_readings(rules, seats, table, work, values, rec, log)
    if H[H_ERROR] != 0:
        return failed(rec, H)
    log_event(log, EV_END, -1, -1, outcome, H[H_WINNERS])
    return outcome


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
