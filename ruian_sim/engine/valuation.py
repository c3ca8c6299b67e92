"""What a seat's hand is worth under the played table, in the kernel.

The fact vector (docs/scoring-language.md §2) of a seat is built here from the
seat state; a winning hand is read every way hand/arrange.py finds and the
reading worth most is kept.  The same numbers go into the record, where the
scorer (ruian_sim/scoring) evaluates them again with the same kernels, so a
record scores exactly as the engine valued it.  The win gate (``gate`` in the
rules) is checked on the best reading before any win is declared.
"""

from ..hand.arrange import (
    FV_N_MELDS,
    arrangements,
    meld_code,
)
from ..hand.layout import HS_M, SHAPE_STANDARD
from ..jit import kernel
from ..scoring.kernels import fill_vars, formula, item_parts
from ..scoring.layout import (
    FV_ASIDE,
    FV_CHAIN,
    FV_CONCEALED,
    FV_DEALER,
    FV_FACTS,
    FV_FLOWER_BITS,
    FV_HARD,
    FV_KONGS,
    FV_MELD,
    FV_PAIR,
    FV_QUADS,
    FV_ROUND_WIND,
    FV_SEAT_WIND,
    FV_SHAPES,
    FV_STREAK,
    FV_WAIT,
    FV_WHITES,
    FV_WILDS,
    FV_WON,
    MAX_STACK,
    N_FIXED_VARS,
    OUT_ITEMS,
    OUT_POINTS,
    OUT_TAI,
    OUT_TIMES,
    OUT_W,
)
from .layout import (
    EP_SEATS,
    F_ASIDE,
    F_CHAIN,
    F_CHAIN_WILDS,
    F_DISCARDS,
    F_FLOWER_BITS,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_NMELD,
    F_OPEN,
    F_W,
    FACT_ALL_MELDED,
    FACT_DISCARD,
    FACT_EARTHLY,
    FACT_HEAVENLY,
    FACT_SELF_DRAWN,
    H_CLAIMS,
    H_DEALER,
    H_DISCARDS,
    H_KONGS,
    H_ROUND,
    H_STREAK,
    H_WK,
    M_FACE,
    M_FROM,
    M_TYPE,
    MAX_MELDS,
    S_ITEMS,
    S_MELD0,
    S_PAIR,
    S_POINTS,
    S_QUADS,
    S_TAI,
    S_TIMES,
    S_VALUE,
    S_WAIT,
)
from .seat import suit_facts

# parts of a value (int64[PARTS_SIZE]): the reading being tried, then from
# BEST the best so far.  The first four are scoring/kernels.item_parts' out[].
P_POINTS, P_TAI, P_TIMES, P_ITEMS = OUT_POINTS, OUT_TAI, OUT_TIMES, OUT_ITEMS
P_VALUE = OUT_W
BEST = 8
PARTS_SIZE = 16
# prog[7] (int64): has a gate, the base between two non-dealers, the cap
M_GATE, M_OTHER, M_CAP = 0, 1, 2


def programs(table, scoring) -> tuple:
    """``prog`` of the kernels below for a compiled table (scoring.compile.Table):
    (value code, consts, gate code, consts, vars, stack, dealer bases, misc)."""
    import numpy as np

    empty = np.zeros(2, np.int64)
    misc = np.zeros(4, np.int64)
    misc[M_GATE] = table.gate is not None
    misc[M_OTHER], misc[M_CAP] = int(scoring["base"]["other"]), int(scoring.get("cap", 0))
    gate = table.gate
    return (table.value.code, table.value.consts, gate.code if gate else empty,
            gate.consts if gate else empty, np.zeros(N_FIXED_VARS + len(table.fvars) + 1, np.int64),
            np.zeros(MAX_STACK, np.int64), np.array(list(scoring["base"]["dealer"]), np.int64), misc)


@kernel
def hand_value(fv, tab, prog, parts):
    """The table's parts of one reading into parts[0..4] and its value: the
    value formula against a non-dealer payer (the dealer's base when this
    seat deals), as the scorer's per-pair values give it."""
    vcode, vconsts, gcode, gconsts, vars_, stack, bases, misc = prog
    item_parts(fv, tab, parts)
    base = misc[M_OTHER]
    if fv[FV_DEALER] == 1:
        k = min(max(fv[FV_STREAK] - 1, 0), bases.shape[0] - 1)
        base = bases[k]
    fill_vars(fv, parts, tab, base, 0, vars_)
    v = formula(vcode, vconsts, vars_, stack)
    if misc[M_CAP] > 0 and v > misc[M_CAP]:
        v = misc[M_CAP]
    parts[P_VALUE] = v
    return v


@kernel
def has_gate(prog):
    return prog[7][M_GATE] == 1


@kernel
def passes_gate(fv, tab, prog, parts):
    """The gate formula on a reading whose parts are in parts[0..4]."""
    vcode, vconsts, gcode, gconsts, vars_, stack, bases, misc = prog
    fill_vars(fv, parts, tab, misc[M_OTHER], 0, vars_)
    return formula(gcode, gconsts, vars_, stack) != 0


@kernel
def seat_facts(s, won, shapes, hard, facts, rules, seats, table, fv):
    """The reading-independent part of seat s's fact vector, with its set-aside
    melds in the first meld slots; the hand's own melds, pair and wait are 0."""
    P = rules.P
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    H = table.H
    n = P[EP_SEATS]
    fv[:] = 0
    fv[FV_SHAPES] = shapes
    fv[FV_HARD] = hard
    fv[FV_FACTS] = facts
    fv[FV_WILDS] = F[s, F_W]
    fv[FV_STREAK] = H[H_STREAK]
    fv[FV_DEALER] = 1 if s == H[H_DEALER] else 0
    fv[FV_KONGS] = F[s, F_KONG_EXP] + F[s, F_KONG_ADD] + F[s, F_KONG_CON]
    fv[FV_FLOWER_BITS] = F[s, F_FLOWER_BITS]
    fv[FV_ASIDE] = F[s, F_ASIDE]
    fv[FV_SEAT_WIND] = (s - H[H_DEALER] + n) % n
    fv[FV_ROUND_WIND] = H[H_ROUND] % 4
    fv[FV_CONCEALED] = 1 if F[s, F_OPEN] == 0 else 0
    fv[FV_WON] = 1 if won else 0
    fv[FV_CHAIN] = F[s, F_CHAIN]
    fv[FV_WHITES] = F[s, F_W] + F[s, F_CHAIN_WILDS]
    if won:
        for f in range(34):
            if cnt[s, f] == 4:
                fv[FV_QUADS] += 1
    k = 0
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        if k < FV_N_MELDS:
            fv[FV_MELD + k] = meld_code(melds[s, i, M_TYPE] + 1, 1 if melds[s, i, M_FROM] < 0 else 0,
                                        melds[s, i, M_FACE], 0)
        k += 1


@kernel
def best_reading(s, f_win, on_discard, shapes, rules, seats, table, values):
    """Read winner s (``rows[0]`` holds seat_facts) every way, keep the reading
    worth most in ``best`` with its parts; returns how many readings there were.
    Ties go to more points, then to the reading found first."""
    hs = rules.hs
    cnt, F = seats.cnt, seats.F
    H = table.H
    tab, rows, asc, best, parts, prog = (values.tab, values.rows, values.asc, values.best, values.parts,
                                         values.prog)
    wk = H[H_WK]
    base = rows[0]
    nm = min(F[s, F_NMELD], MAX_MELDS)
    n = 0
    if shapes & SHAPE_STANDARD:
        need = hs[HS_M] - F[s, F_NMELD]
        # rows[0] is the base; readings go from row 1
        n = arrangements(cnt[s], F[s, F_W], need, wk if wk >= 0 else 0, f_win, on_discard, base, nm,
                         asc, rows[1:rows.shape[0] - 1])  # the last row is kept for the line below
    if n == 0 or shapes & ~SHAPE_STANDARD:
        # eight pairs or three wilds (or no reading found): the hand as it is
        for i in range(base.shape[0]):
            rows[n + 1, i] = base[i]
        rows[n + 1, FV_PAIR] = 0
        rows[n + 1, FV_WAIT] = 0
        n += 1
    top = -1
    for r in range(1, n + 1):
        v = hand_value(rows[r], tab, prog, parts)
        if top < 0 or v > parts[BEST + P_VALUE] or (v == parts[BEST + P_VALUE]
                                                     and parts[P_POINTS] > parts[BEST + P_POINTS]):
            top = r
            for j in range(BEST):
                parts[BEST + j] = parts[j]
    for i in range(best.shape[0]):
        best[i] = rows[top, i]
    for j in range(BEST):
        parts[j] = parts[BEST + j]
    return n


@kernel
def write_value(s, n, fv, parts, rec, col):
    """The reading and its parts into record row ``rec`` (per-seat column
    blocks from ``col`` = C_FIXED, ``n`` seats)."""
    for k in range(FV_N_MELDS):
        rec[col + (S_MELD0 + k) * n + s] = fv[FV_MELD + k]
    rec[col + S_PAIR * n + s] = fv[FV_PAIR]
    rec[col + S_WAIT * n + s] = fv[FV_WAIT]
    rec[col + S_POINTS * n + s] = parts[P_POINTS]
    rec[col + S_TAI * n + s] = parts[P_TAI]
    rec[col + S_TIMES * n + s] = parts[P_TIMES]
    rec[col + S_VALUE * n + s] = parts[P_VALUE]
    rec[col + S_ITEMS * n + s] = parts[P_ITEMS]
    rec[col + S_QUADS * n + s] = fv[FV_QUADS]


@kernel
def hand_facts(s, facts, rules, seats, table):
    """``facts`` (the route: FACT_SELF_DRAWN, FACT_DISCARD, ...) with the facts
    of the hand itself: one suit, all melded, 天胡 / 地胡 (not the single wait,
    which needs every wait of the hand and is left to the record)."""
    P, hs = rules.P, rules.hs
    F = seats.F
    H = table.H
    n = P[EP_SEATS]
    facts |= suit_facts(s, seats)
    if (facts & FACT_DISCARD) != 0 and F[s, F_OPEN] == hs[HS_M]:
        facts |= FACT_ALL_MELDED
    if H[H_CLAIMS] == 0 and F[s, F_DISCARDS] == 0:
        if s == H[H_DEALER] and (facts & FACT_SELF_DRAWN) != 0 and H[H_KONGS] == 0:
            facts |= FACT_HEAVENLY
        elif s != H[H_DEALER] and H[H_DISCARDS] <= n:
            facts |= FACT_EARTHLY
    return facts


@kernel
def gate_ok(s, f_win, route, shapes, hard, rules, seats, table, values):
    """Whether the rules' win gate lets seat s win this way (always, without a
    gate); seat s's hand holds the winning tile.  ``route``: FACT_* bits of
    how the hand is won.  Since the gate sees no single-wait fact, a table
    should not gate on it."""
    tab, rows, best, parts, prog = values.tab, values.rows, values.best, values.parts, values.prog
    if not has_gate(prog):
        return True
    if f_win < 0:
        f_win = -1  # a wild, or no tile joined (the dealer's dealt hand)
    facts = hand_facts(s, route, rules, seats, table)
    seat_facts(s, True, shapes, hard, facts, rules, seats, table, rows[0])
    best_reading(s, f_win, (route & FACT_DISCARD) != 0, shapes, rules, seats, table, values)
    return passes_gate(best, tab, prog, parts)
