"""Claims on a discard and their consequences: who wins and in which order,
several winners, kongs set aside, and the four-winds run (四同风)."""

from ..bots import dispatch
from ..hand.kernels import set_tight
from ..hand.layout import HS_B, HS_CAP
from ..jit import kernel, kernel_inline
from ..table.layout import (
    EP_FOUR_KONGS,
    EP_FW_ACTION,
    EP_FW_TILES,
    EP_FW_WINDOW,
    EP_MULTI,
    EP_PASS_BLOCKS,
    EP_PASS_OWN,
    EP_PASS_PON,
    EP_PASS_WORTH,
    EP_SEATS,
    EP_TRIPLE,
    EV_KONG_ADD,
    EV_KONG_CON,
    EV_KONG_EXP,
    EV_PASS_WIN,
    EV_PENALTY,
    F_BLOCKED,
    F_CHAIN,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_KONG_LOG,
    F_NMELD,
    F_PASSED,
    F_PASSED_VALUE,
    F_PASSES,
    F_PENALTY,
    F_SHANTEN,
    F_W,
    FACT_DISCARD,
    FW_DRAW,
    FW_NONE,
    FW_PENALTY,
    H_CLAIMS,
    H_DISCARDS,
    H_FW_COUNT,
    H_FW_START,
    H_FW_TILE,
    H_KONG_SEATS,
    H_KONGS,
    H_SI,
    H_WINNERS,
    H_WK,
    KL_ADDED,
    KL_BITS,
    KL_CONCEALED,
    KL_EXPOSED,
    KL_MAX,
    M_FACE,
    M_TYPE,
    MAX_MELDS,
    MELD_KONG_ADD,
    MELD_KONG_CON,
    MELD_KONG_EXP,
    MELD_PON,
    MULTI_ALL,
    MULTI_DRAW,
    OUT_MULTI_WIN_DRAW,
    OUT_TRIPLE_WIN,
)
from ..table.log import log_event
from ..table.seat import add_face, add_meld, hard_now, remove_face, shapes_now, shapes_with
from ..table.programs import P_VALUE
from ..table.valuation import gate_ok, read_gated


@kernel_inline
def may_win(s, rules, seats, table):
    """Whether seat s could win on a discard: it is ready by the tables, or
    the tables' cap could be too tight for it (stand-ins and wilds crowding
    the wild's face).  play_hand asks before calling discard_winners()."""
    F, H = seats.F, table.H
    return F[s, F_SHANTEN] < 1 or (H[H_SI] >= 0 and seats.cnt[s, H[H_WK]] + F[s, F_W] + 1 > rules.hs[HS_CAP])


@kernel
def discard_winners(discarder, f, rules, wall, seats, table, bots, work, values, log, tile_raw, route):
    """Seats that claim a win on face f, as a bit mask, in order from the discarder.
    ``route``: FACT_* bits of the win (a discard, or a robbed kong), for the gate."""
    P = rules.P
    F = seats.F
    H = table.H
    n = P[EP_SEATS]
    mask = 0
    for i in range(1, n):
        s = (discarder + i) % n
        if (H[H_WINNERS] >> s) & 1 or not may_win(s, rules, seats, table):
            continue
        m, hard, worth = win_on(s, f, route, rules, seats, table, work, values)
        if m == 0:
            continue
        if blocks(s, worth, P, F):
            F[s, F_BLOCKED] += 1  # 过水: a win it passed earlier bars this one (counted for the records)
            continue
        if dispatch.take_win(s, f, m, hard, True, rules, wall, seats, table, bots, work):
            mask |= 1 << s
        else:
            log_event(log, EV_PASS_WIN, s, tile_raw, m, 0)
            F[s, F_PASSES] += 1
            note_pass(s, worth, P, F)
    return mask


@kernel
def win_on(s, f, route, rules, seats, table, work, values):
    """Whether seat s would win on face f thrown by another (the rules' gate
    and all): (its shape mask, 0 no win; its hard shapes; what it is worth
    where 过水 weighs wins, else 0)."""
    P, hs, pw = rules.P, rules.hs, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    if f >= 0 and cnt[s, f] >= hs[HS_B] - 1:
        return 0, 0, 0  # a face held in full (stand-ins crowding the wild's kind): no room in the key
    m = shapes_with(s, f, rules, seats, work)
    if m == 0:
        return 0, 0, 0
    add_face(s, f, cnt, keys, F, pw)
    hard = hard_now(s, table.H[H_WK], False, rules, seats, work)
    allowed = gate_ok(s, f, route, m, hard, rules, seats, table, work, values)
    worth = 0
    if allowed and P[EP_PASS_WORTH] == 1 and read_gated(s, f, route, m, hard, rules, seats, table, work,
                                                        values) > 0:
        worth = values.parts[P_VALUE]
    remove_face(s, f, cnt, keys, F, pw)
    if not allowed:
        return 0, 0, 0  # the rules' gate: this is no win at all
    return m, hard, worth


@kernel_inline
def blocks(s, worth, P, F):
    """过水: whether a win seat s passed bars it a discard win worth ``worth``
    (claims.pass_block.worth_more_wins: one worth more than all it passed stands)."""
    if P[EP_PASS_BLOCKS] == 0 or F[s, F_PASSED] == 0:
        return False
    return P[EP_PASS_WORTH] == 0 or worth <= F[s, F_PASSED_VALUE]


@kernel_inline
def note_pass(s, worth, P, F):
    """Seat s passed a discard win worth ``worth``: 过水 bars it from now."""
    if P[EP_PASS_BLOCKS] == 1:
        F[s, F_PASSED_VALUE] = worth if F[s, F_PASSED] == 0 else max(F[s, F_PASSED_VALUE], worth)
        F[s, F_PASSED] = 1


@kernel_inline
def lift_pass(s, F):
    """A draw (or a pon that breaks the hand, claims.pass_block.pon_lifts) ends 过水."""
    F[s, F_PASSED] = 0
    F[s, F_PASSED_VALUE] = 0


@kernel
def pon_lifts(s, rules, seats, work):
    """claims.pass_block.pon_lifts: seat s has just made a pon; if its hand is
    no complete shape now, 过水 ends (MIL: "A 碰牌后手牌处于非和牌型前")."""
    F = seats.F
    if rules.P[EP_PASS_PON] == 1 and F[s, F_PASSED] == 1 and shapes_now(s, rules, seats, work) == 0:
        lift_pass(s, F)


@kernel
def own_discard_pass(s, f, rules, seats, table, work, values):
    """claims.pass_block.own_discard: seat s has just thrown face f; had
    another thrown it, would it have won?  Then the seat has passed that win."""
    P = rules.P
    if P[EP_PASS_OWN] == 0 or P[EP_PASS_BLOCKS] == 0 or not may_win(s, rules, seats, table):
        return
    m, _, worth = win_on(s, f, FACT_DISCARD, rules, seats, table, work, values)
    if m != 0:
        note_pass(s, worth, P, seats.F)


@kernel
def first_winner(discarder, mask, n):
    for i in range(1, n):
        s = (discarder + i) % n
        if mask & (1 << s):
            return s
    return -1


@kernel
def settle_multi(discarder, mask, rules):
    """Apply the rules for several winners: returns (winners mask, outcome or -1)."""
    P = rules.P
    n = P[EP_SEATS]
    count = 0
    for s in range(n):
        if mask & (1 << s):
            count += 1
    if P[EP_TRIPLE] == 1 and count >= 3:
        return 0, OUT_TRIPLE_WIN
    if count >= 2:
        if P[EP_MULTI] == MULTI_DRAW:
            return 0, OUT_MULTI_WIN_DRAW
        if P[EP_MULTI] != MULTI_ALL:
            return 1 << first_winner(discarder, mask, n), -1
    return mask, -1


@kernel
def lowest(mask, n):
    for s in range(n):
        if mask & (1 << s):
            return s
    return -1


@kernel_inline
def log_kong(s, kind, frm, F, H, n):
    """Note seat s's kong just made (KL_* ``kind``, claimed from ``frm``) with
    the seats still in, who pay kong money made at once (scoring.kongs.paid)."""
    k = F[s, F_KONG_EXP] + F[s, F_KONG_ADD] + F[s, F_KONG_CON] - 1
    if k >= KL_MAX:
        return   # validation: a hand has at most KL_MAX melds
    inn = 0
    for i in range(1, n):
        if (H[H_WINNERS] >> ((s + i) % n)) & 1 == 0:
            inn |= 1 << (i - 1)
    F[s, F_KONG_LOG] |= (kind | ((frm if frm >= 0 else 0) << 2) | (inn << 5)) << (KL_BITS * k)


@kernel
def do_kong(s, mtype, f, frm, rules, seats, table, log, raw):
    """Set a kong aside (the claimed tile, if any, is not in the hand)."""
    P, hs, pw = rules.P, rules.hs, rules.pw
    cnt, keys, F, capx, melds = seats.cnt, seats.keys, seats.F, seats.capx, seats.melds
    H, vis = table.H, table.vis
    n_hand = 4 if mtype == MELD_KONG_CON else (3 if mtype == MELD_KONG_EXP else 1)
    for _ in range(n_hand):
        remove_face(s, f, cnt, keys, F, pw)
    if mtype == MELD_KONG_ADD:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON and melds[s, i, M_FACE] == f:
                melds[s, i, M_TYPE] = MELD_KONG_ADD
        capx[s, f] -= 1
        set_tight(capx[s], hs)
        F[s, F_KONG_ADD] += 1
        log_kong(s, KL_ADDED, -1, F, H, P[EP_SEATS])
        vis[raw] += 1
        log_event(log, EV_KONG_ADD, s, raw, f, s)
    elif mtype == MELD_KONG_CON:
        add_meld(s, MELD_KONG_CON, f, -1, rules, seats)
        F[s, F_KONG_CON] += 1
        log_kong(s, KL_CONCEALED, -1, F, H, P[EP_SEATS])
        log_event(log, EV_KONG_CON, s, raw, f, s)
    else:
        add_meld(s, MELD_KONG_EXP, f, frm, rules, seats)
        F[s, F_KONG_EXP] += 1
        log_kong(s, KL_EXPOSED, frm, F, H, P[EP_SEATS])
        vis[raw] += 3
        log_event(log, EV_KONG_EXP, s, raw, f, frm)
    H[H_KONGS] += 1
    H[H_KONG_SEATS] |= 1 << s
    F[s, F_CHAIN] += 1  # 杠开: a kong carries the seat's chain on
    if P[EP_FOUR_KONGS] == 1 and H[H_KONGS] >= 4:
        seats = 0
        for t in range(P[EP_SEATS]):
            if H[H_KONG_SEATS] & (1 << t):
                seats += 1
        if seats >= 2:
            return True
    return False


@kernel
def four_winds(s, raw, rules, seats, table, log):
    """Track runs of the same wind; True when the hand ends in an abortive draw."""
    P = rules.P
    F = seats.F
    H = table.H
    action = P[EP_FW_ACTION]
    if action == FW_NONE:
        return False
    n = P[EP_SEATS]
    if P[EP_FW_WINDOW] == 0 and (H[H_DISCARDS] > n or H[H_CLAIMS] > 0):
        return False
    if P[EP_FW_TILES + raw] == 1 and raw == H[H_FW_TILE] and H[H_FW_COUNT] > 0:
        H[H_FW_COUNT] += 1
    elif P[EP_FW_TILES + raw] == 1:
        H[H_FW_TILE] = raw
        H[H_FW_COUNT] = 1
        H[H_FW_START] = s
    else:
        H[H_FW_TILE] = -1
        H[H_FW_COUNT] = 0
    if H[H_FW_COUNT] >= n:
        if action == FW_DRAW:
            return True
        if action == FW_PENALTY:
            F[H[H_FW_START], F_PENALTY] += 1
            log_event(log, EV_PENALTY, H[H_FW_START], raw, 0, 0)
        H[H_FW_COUNT] = 0
        H[H_FW_TILE] = -1
    return False
