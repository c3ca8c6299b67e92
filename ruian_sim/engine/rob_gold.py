"""抢金 (``wild.rob``, Fuzhou): before the dealer's first discard, a player
whose dealt hand one more tile would complete takes the turned tile, which
joins its hand as a wild, and wins at once.  The seats are asked in turn
from the dealer's right (the dealer itself does not rob: it has its 天胡);
the first that can and wants to takes it.  The win counts as self-drawn
(the fact ``robbed_gold`` beside ``self_drawn``)."""

from ..bots import dispatch
from ..hand.layout import SHAPE_THREE
from ..jit import kernel
from ..table.layout import EP_SEATS, EV_PASS_WIN, EV_ROB_GOLD, FACT_ROB_GOLD, FACT_SELF_DRAWN, H_WK
from ..table.log import log_event
from ..table.seat import add_face, hard_now, remove_face, shapes_now, shapes_with
from ..table.valuation import gate_ok
from ..table.wall import WS_INDICATOR

ROB_ROUTE = FACT_SELF_DRAWN | FACT_ROB_GOLD


@kernel
def rob_gold(dealer, rules, wall, seats, table, bots, work, values, log):
    """The seat that robs the turned wild (it then holds it), -1 none."""
    P, pw = rules.P, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    n = P[EP_SEATS]
    wk = table.H[H_WK]
    if wk < 0 or wall.W[WS_INDICATOR] < 0:
        return -1
    for i in range(1, n):
        s = (dealer + i) % n
        if shapes_with(s, -1, rules, seats, work) & ~SHAPE_THREE == 0:
            continue
        add_face(s, -1, cnt, keys, F, pw)
        shapes = shapes_now(s, rules, seats, work) & ~SHAPE_THREE
        hard = hard_now(s, wk, True, rules, seats, work)
        if gate_ok(s, -1, ROB_ROUTE, shapes, hard, rules, seats, table, work, values):
            if dispatch.take_win(s, -1, shapes, hard, False, rules, wall, seats, table, bots, work):
                log_event(log, EV_ROB_GOLD, s, wall.W[WS_INDICATOR], 0, 0)
                return s
            log_event(log, EV_PASS_WIN, s, -1, shapes, 0)
        remove_face(s, -1, cnt, keys, F, pw)
    return -1
