"""The seats still in at an exhaustive draw, read as ready or not (查叫).

Where the rules settle an exhaustive draw among the players left
(``scoring.draw``), each seat still in is read once the wall has run out: a
seat still holding its void suit (定缺) is 花猪 and never ready; a seat whose
hand one more natural tile would complete is ready, and its hand is valued
as a win on the tile worth most (the fact ``ready_at_draw``; the tile joins
from outside, as a discard would, with no other route fact).  That reading
goes into the seat's columns as a winner's would, so the scorer pays it from
the record like any win; ``ready`` and ``ready_on`` say which seats were read
and on what tile.
"""

from ..hand.layout import HS_B, N_FACES
from ..jit import kernel
from ..table.layout import (
    C_FIXED,
    EP_SEATS,
    EV_READY,
    FACT_READY_DRAW,
    H_ERROR,
    H_SI,
    H_WK,
    READY_NO,
    READY_VOID,
    READY_YES,
    S_FACTS,
    S_HARD,
    S_READY,
    S_READY_ON,
    S_SHAPES,
)
from ..table.log import log_event
from ..table.seat import add_face, raw_of, remove_face, shapes_with
from ..table.programs import BEST, WAIT
from ..table.valuation import preferred, win_reading, write_value
from ..table.void import holds_void
from .leave import is_out


@kernel
def best_wait(s, rules, seats, table, work, values):
    """The natural tile that would complete seat s's hand best under the
    table, its best readings compared by scoring.prefer (a win the gate
    refuses left out; ties: the lower face); -1 when none would."""
    hs, pw = rules.hs, rules.pw
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    face_ok = table.face_ok
    top = hs[HS_B] - 1
    parts, misc = values.parts, values.prog.misc
    best_f = -1
    for f in range(N_FACES):
        if face_ok[f] == 0 or cnt[s, f] >= capx[s, f] or cnt[s, f] >= top:
            continue
        if shapes_with(s, f, rules, seats, work) == 0:
            continue
        add_face(s, f, cnt, keys, F, pw)
        # the readings the gate lets win (win_reading reads them all, as gate_ok would)
        passed = win_reading(s, f, FACT_READY_DRAW, True, rules, seats, table, work, values)[3]
        if passed > 0 and (best_f < 0 or preferred(parts, BEST, WAIT, misc)):
            best_f = f
            for j in range(BEST):
                parts[WAIT + j] = parts[BEST + j]
        remove_face(s, f, cnt, keys, F, pw)
        if table.H[H_ERROR] != 0:
            return -1
    return best_f


@kernel
def ready_readings(rules, seats, table, work, values, rec, log):
    """Each seat still in at an exhaustive draw: READY_* into ``ready``, and a
    ready seat's best reading (its shapes, facts and value) into its columns."""
    P, pw = rules.P, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H = table.H
    n = P[EP_SEATS]
    for s in range(n):
        if is_out(s, table):
            continue
        col = C_FIXED + S_READY * n + s
        if holds_void(s, seats):
            rec[col] = READY_VOID
            log_event(log, EV_READY, s, -1, READY_VOID, 0)
            continue
        f = best_wait(s, rules, seats, table, work, values)
        if H[H_ERROR] != 0:
            return
        if f < 0:
            rec[col] = READY_NO
            log_event(log, EV_READY, s, -1, READY_NO, 0)
            continue
        add_face(s, f, cnt, keys, F, pw)
        shapes, hard, facts, passed = win_reading(s, f, FACT_READY_DRAW, True, rules, seats, table, work, values)
        remove_face(s, f, cnt, keys, F, pw)
        rec[col] = READY_YES
        rec[C_FIXED + S_READY_ON * n + s] = f
        rec[C_FIXED + S_SHAPES * n + s] = shapes
        rec[C_FIXED + S_HARD * n + s] = hard
        rec[C_FIXED + S_FACTS * n + s] = facts
        write_value(s, n, values.best, values.parts, rec, C_FIXED)
        log_event(log, EV_READY, s, raw_of(f, H[H_WK], H[H_SI]), READY_YES, 0)
