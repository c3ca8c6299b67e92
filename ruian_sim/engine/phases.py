"""The turns of a hand as steps, and its end: what play_hand runs from the
opening on, and what the search player (engine/search.py) runs from a
discard on in a copy of the table, so both play the one game.

    step         one phase of a turn (turn.py lists them); returns the next
    finish_hand  海底 when the wall ran out with nobody won, then the record
"""

from ..jit import kernel_inline
from ..table.layout import C_OUTCOME, EP_DRAW_READY, EV_END, H_DISCARDER, H_ERROR, H_FIRST, H_OUTCOME, H_WINNERS
from ..table.layout import OUT_EXHAUSTIVE
from ..table.log import log_event
from .claim_phase import claim_phase
from .discard import discard_phase
from .haidi import haidi
from .own_turn import own_actions
from .ready import ready_readings
from .record import fill_record
from .top import top_of_turn
from .turn_state import PH_DISCARD, PH_OWN, PH_TOP, T_DISCARDER, T_OUTCOME


@kernel_inline
def step(phase, T, dealer, rules, wall, seats, table, bots, work, values, rec, log):
    """Run ``phase`` of the turn in T; returns the next phase (PH_END: the turns are over)."""
    if phase == PH_TOP:
        return top_of_turn(T, rules, wall, seats, table, log)
    if phase == PH_OWN:
        return own_actions(T, rules, wall, seats, table, bots, work, values, rec, log)
    if phase == PH_DISCARD:
        return discard_phase(T, dealer, rules, wall, seats, table, bots, work, values, rec, log)
    return claim_phase(T, rules, wall, seats, table, bots, work, values, rec, log)


@kernel_inline
def failed(rec, H):
    """An impossible state (H[H_ERROR]): the record says so, and the hand returns its code."""
    rec[:] = 0
    rec[C_OUTCOME] = -1
    return -H[H_ERROR]


@kernel_inline
def finish_hand(T, dealer, wk, rules, wall, seats, table, bots, work, values, rec, log):
    """The turns are over: 海底 if nobody won, then the record; returns the
    outcome, or minus an error code (the record then says only that)."""
    H = table.H
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
    fill_record(rules, wall, seats, table, values, rec, dealer, outcome, H[H_WINNERS], H[H_FIRST], discarder, wk)
    if at_wall and rules.P[EP_DRAW_READY] == 1:
        ready_readings(rules, seats, table, work, values, rec, log)
    if H[H_ERROR] != 0:
        return failed(rec, H)
    log_event(log, EV_END, -1, -1, outcome, H[H_WINNERS])
    return outcome
