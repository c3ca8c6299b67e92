"""海底: when only the dead wall and the 海底 tiles are left, each seat in draw
order receives one tile and may only win on it or pass (no discard, claim,
kong or replacement)."""

from ..bots import dispatch
from ..jit import kernel
from ..table.intake import receive
from ..table.layout import (
    EP_HAIDI,
    EP_SEATS,
    EV_HAIDI,
    F_DRAWS,
    FACT_HAIDI,
    FACT_LAST_TILE,
    FACT_SELF_DRAWN,
    H_ERROR,
    H_WK,
    NONE_JOINED,
    OUT_EXHAUSTIVE,
    OUT_HAIDI_WIN,
)
from ..table.log import log_event
from ..table.seat import hard_now, shapes_now
from ..table.valuation import gate_ok
from ..table.wall import dead_tiles, draw_head, nothing_left, remaining
from .leave import next_in, record_wins
from .turn_state import T_SEAT


@kernel
def haidi(T, rules, wall, seats, table, bots, work, values, rec, log):
    """The 海底 tiles, from the seat of the turn on; returns the hand's outcome
    (OUT_HAIDI_WIN or OUT_EXHAUSTIVE; an error is left in H)."""
    P = rules.P
    tiles, gone, W = wall.tiles, wall.gone, wall.W
    F, H = seats.F, table.H
    n = P[EP_SEATS]
    wk = H[H_WK]
    turn = T[T_SEAT]
    for _ in range(P[EP_HAIDI]):
        if remaining(P, W) - dead_tiles(P, W, gone) <= 0:
            break
        raw = draw_head(P, W, tiles, gone)
        F[turn, F_DRAWS] += 1
        log_event(log, EV_HAIDI, turn, raw, 0, 0)
        got = receive(turn, raw, False, rules, wall, seats, table, log)
        if H[H_ERROR] != 0:
            return OUT_EXHAUSTIVE
        if got != NONE_JOINED and shapes_now(turn, rules, seats, work) != 0:
            hard = hard_now(turn, wk, True, rules, seats, work)
            route = FACT_SELF_DRAWN | FACT_HAIDI | (FACT_LAST_TILE if nothing_left(P, W, gone) else 0)
            m = shapes_now(turn, rules, seats, work)
            if (gate_ok(turn, got, route, m, hard, rules, seats, table, work, values)
                    and dispatch.take_win(turn, got, m, hard, False, rules, wall, seats, table, bots, work)):
                # the hand ends here: 海底 and play after a win are never combined (ruleset/validate_end.py)
                record_wins(OUT_HAIDI_WIN, 1 << turn, got, route, -1, -1, rules, seats, table, work, values, rec, log)
                return OUT_HAIDI_WIN
        turn = next_in(turn, table, n)
    return OUT_EXHAUSTIVE
