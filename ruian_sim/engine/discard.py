"""The discard: 抢金 before the dealer's first one (Fuzhou), the tile the
seat's bot throws, what everyone sees of it, and the four-winds run (四同风)."""

from ..bots import dispatch
from ..bots.smart.danger_log import danger_sample
from ..jit import kernel_inline
from ..table.layout import (
    EP_FW_ACTION,
    EP_PASS_OWN,
    EP_ROB_GOLD,
    EP_SEATS,
    EP_WILD_CLAIM,
    EV_DISCARD,
    F_CHAIN,
    F_CHAIN_WILDS,
    F_DISCARDS,
    F_LAST_DISC,
    FW_NONE,
    H_DISCARDS,
    H_LAST_RAW,
    H_SI,
    H_WK,
    OUT_FOUR_WINDS,
    OUT_SELF_DRAW,
)
from ..table.log import log_event
from ..table.seat import raw_of, remove_face
from .claims import four_winds, own_discard_pass
from .leave import next_in, record_wins
from .rob_gold import ROB_ROUTE, rob_gold
from .turn_state import (
    PH_CLAIMS,
    PH_END,
    PH_TOP,
    T_AFTER_KONG,
    T_DISCARD,
    T_DISCARD_RAW,
    T_KONG_DRAW,
    T_OUTCOME,
    T_SEAT,
)


@kernel_inline
def discard_phase(T, dealer, rules, wall, seats, table, bots, work, values, rec, log):
    """The seat of the turn discards; returns the next phase.  The discard is
    left in T for the claims (T_DISCARD, T_DISCARD_RAW, T_AFTER_KONG)."""
    P, pw = rules.P, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H, vis, pond = table.H, table.vis, table.pond
    n = P[EP_SEATS]
    turn = T[T_SEAT]
    wk, si = H[H_WK], H[H_SI]
    if P[EP_ROB_GOLD] == 1 and H[H_DISCARDS] == 0:
        # 抢金, before the dealer's first discard (one win: validation)
        robber = rob_gold(dealer, rules, wall, seats, table, bots, work, values, log)
        if robber >= 0:
            T[T_OUTCOME] = OUT_SELF_DRAW
            record_wins(OUT_SELF_DRAW, 1 << robber, -1, ROB_ROUTE, -1, -1, rules, seats, table, work, values, rec,
                        log)
            return PH_END
    f = dispatch.discard(turn, rules, wall, seats, table, bots, work, values)
    raw = raw_of(f, wk, si)
    remove_face(turn, f, cnt, keys, F, pw)
    vis[raw] += 1
    pond[H[H_DISCARDS]] = f
    F[turn, F_LAST_DISC] = H[H_DISCARDS]
    H[H_DISCARDS] += 1
    F[turn, F_DISCARDS] += 1
    H[H_LAST_RAW] = raw
    log_event(log, EV_DISCARD, turn, raw, 0, 0)
    if P[EP_PASS_OWN] == 1:
        own_discard_pass(turn, f, rules, seats, table, work, values)   # 过水 by one's own discard
    T[T_AFTER_KONG] = T[T_KONG_DRAW]   # 杠上炮: this discard follows the discarder's kong replacement
    T[T_KONG_DRAW] = 0
    if bots.learn[0] == 1:
        danger_sample(turn, f, raw, rules, seats, table, bots, work)   # bots/smart/danger.py is learning
    # a wild discarded (飘) carries the seat's chain on; anything else ends it
    F[turn, F_CHAIN] = F[turn, F_CHAIN] + 1 if f < 0 else 0
    F[turn, F_CHAIN_WILDS] = F[turn, F_CHAIN_WILDS] + 1 if f < 0 else 0
    if P[EP_FW_ACTION] != FW_NONE and four_winds(turn, raw, rules, seats, table, log):
        T[T_OUTCOME] = OUT_FOUR_WINDS
        return PH_END
    if f < 0 and P[EP_WILD_CLAIM] == 0:
        T[T_SEAT] = next_in(turn, table, n)
        return PH_TOP
    # a claimable discarded wild (face -1) may only be won on (claim_phase), and
    # it joins the winner's hand as a wild: MIL 温州 2024 [五.3] counts it among
    # the 财神 held, and `hand --win discard` with the wild as --tile reads it so
    T[T_DISCARD] = f
    T[T_DISCARD_RAW] = raw
    return PH_CLAIMS
