"""What a seat's hand is worth under the played table, in the kernel.

The fact vector (docs/scoring-language.md §2) of a seat is built here from the
seat state; a winning hand is read every way scoring/arrange.py finds and the
reading worth most is kept.  The same numbers go into the record, where the
scorer (ruian_sim/scoring) evaluates them again with the same kernels, so a
record scores exactly as the engine valued it.  The win gate (``gate`` in the
rules) is checked on the best reading before any win is declared.
"""

from ..hand.layout import (
    HS_M,
    HS_N_SPECIAL,
    HS_PAIR_ANY,
    HS_SPECIAL,
    SHAPE_EIGHT,
    SHAPE_PUNGS,
    SHAPE_SPECIAL0,
    SHAPE_STANDARD,
    SHAPE_THREE,
    SP_KIND,
    SP_NSETS,
    SP_SETS,
    SP_W,
    SPECIAL_KNITTED,
)
from ..jit import kernel, kernel_inline
from ..scoring import layout as S
from ..scoring.arrange import SC_ERR, SC_LIMITED, SC_MORE, arrangements, meld_code
from ..scoring.kernels import fill_vars, formula, item_parts
from ..scoring.layout import (
    FV_DEALER,
    FV_FOURS,
    FV_MELD,
    FV_PAIR,
    FV_QUADS,
    FV_SHAPES,
    FV_SHOWN,
    FV_STREAK,
    FV_WAIT,
    FV_WIN_FACE,
    MELD_KNITTED,
    STACK_ERR,
    T_FLAGS,
    TF_READ_SHAPES,
)
from ..scoring.layout import MELD_CHI as MELD_CHI_CODE
from ..scoring.layout import N_MELDS as FV_N_MELDS
from .layout import (
    ERR_FORMULA,
    ERR_READINGS,
    F_NMELD,
    F_W,
    FACT_DISCARD,
    FACT_READY_DRAW,
    FACT_SELF_DRAWN,
    H_ERR_BITS,
    H_ERROR,
    H_WK,
    MAX_MELDS,
    S_FOURS,
    S_ITEMS,
    S_ITEMS2,
    S_MELD0,
    S_PAIR,
    S_POINTS,
    S_QUADS,
    S_SHOWN,
    S_TAI,
    S_TIMES,
    S_VALUE,
    S_WAIT,
    S_WIN_TILE,
)
from .programs import (
    BEST,
    M_CAP,
    M_DEALER_VALUE,
    M_GATE,
    M_MAX_IN_PUNG,
    M_OTHER,
    M_PREFER,
    M_WAITS,
    N_MAX_IN_PUNG,
    N_PREFER,
    P_DEALER_VALUE,
    P_ITEMS,
    P_ITEMS2,
    P_POINTS,
    P_TAI,
    P_TIMES,
    P_VALUE,
)
from .seat import add_face, hard_now, remove_face, shapes_now
from .void import holds_void
from .win_facts import hand_facts, seat_facts, tile_facts, wait_facts


@kernel_inline
def joins_from_outside(route):
    """Whether the winning tile came from another seat (a discard, a robbed
    kong) or, for a ready hand at a draw (查叫), from nowhere: the meld it
    completes is not concealed."""
    return (route & (FACT_DISCARD | FACT_READY_DRAW)) != 0


@kernel
def formula_failed(prog, table):
    """After valuing: a formula error becomes the hand's engine error (H_ERROR)."""
    stack = prog.stack
    if stack[STACK_ERR] != 0:
        if table.H[H_ERROR] == 0:
            table.H[H_ERROR] = ERR_FORMULA
            table.H[H_ERR_BITS] = stack[STACK_ERR]
        stack[STACK_ERR] = 0
        return True
    return False


@kernel
def hand_value(fv, tab, prog, parts):
    """The table's parts of one reading into parts[0..4] and its value: the
    value formula against a non-dealer payer (the dealer's base when this
    seat deals), as the scorer's per-pair values give it."""
    item_parts(fv, tab, parts, prog.scratch, prog.stack)
    base = prog.misc[M_OTHER]
    if fv[FV_DEALER] == 1:
        base = prog.bases[min(max(fv[FV_STREAK] - 1, 0), prog.bases.shape[0] - 1)]
    fill_vars(fv, parts, tab, base, 0, 0, prog.vars)
    v = formula(prog.value_code, prog.value_consts, prog.vars, prog.stack)
    cap = prog.misc[M_CAP]
    if cap > 0 and v > cap:
        v = cap
    parts[P_VALUE] = v
    return v


@kernel
def has_gate(prog):
    return prog.misc[M_GATE] == 1


@kernel
def max_in_pung(misc, wilds):
    """The most wilds standing for another kind in one pung of a hand holding ``wilds``."""
    return misc[M_MAX_IN_PUNG + min(wilds, N_MAX_IN_PUNG - 1)]


@kernel
def limits_pungs(misc):
    """Whether wild.max_in_pung limits any hand: a win is then read before it is
    declared, as a gate would be (a hand every reading of which breaks the limit is no win)."""
    for i in range(N_MAX_IN_PUNG):
        if misc[M_MAX_IN_PUNG + i] < S.BIG:
            return True
    return False


@kernel
def passes_gate(fv, tab, prog, parts):
    """The gate formula on a reading whose parts are in parts[0..4]."""
    fill_vars(fv, parts, tab, prog.misc[M_OTHER], 0, 0, prog.vars)
    return formula(prog.gate_code, prog.gate_consts, prog.vars, prog.stack) != 0


@kernel
def dealer_value(fv, tab, prog, parts):
    """The value of the reading in parts[0..4] against the dealer: its own
    value when this seat deals, else the value formula with the dealer's base
    and ``dealer_pays``, as the scorer's per-pair values give it."""
    if fv[FV_DEALER] == 1:
        return parts[P_VALUE]
    base = prog.bases[min(max(fv[FV_STREAK] - 1, 0), prog.bases.shape[0] - 1)]
    fill_vars(fv, parts, tab, base, 1, 0, prog.vars)
    v = formula(prog.value_code, prog.value_consts, prog.vars, prog.stack)
    cap = prog.misc[M_CAP]
    if cap > 0 and v > cap:
        v = cap
    return v


@kernel_inline
def preferred(parts, a, b, misc):
    """Whether the reading whose parts start at parts[a] comes before the one
    at parts[b] under scoring.prefer: the first key that differs decides; a
    tie on every key keeps b (the one found first)."""
    for i in range(M_PREFER, M_PREFER + N_PREFER):
        j = misc[i]
        if j < 0:
            break
        if parts[a + j] != parts[b + j]:
            return parts[a + j] > parts[b + j]
    return False


@kernel
def _keep(fv, tab, prog, parts, best, found, use_gate):
    """Value reading fv; when the gate lets it win and scoring.prefer puts it
    before the best so far (``found``: there is one), it becomes the best
    (``best`` and parts[BEST..]).  Returns 0: the gate refuses it, 1: it
    passes, 2: it is the new best."""
    hand_value(fv, tab, prog, parts)
    if use_gate and has_gate(prog) and not passes_gate(fv, tab, prog, parts):
        return 0
    misc = prog.misc
    if misc[M_DEALER_VALUE] == 1:
        parts[P_DEALER_VALUE] = dealer_value(fv, tab, prog, parts)
    if found and not preferred(parts, 0, BEST, misc):
        return 1
    for j in range(BEST):
        parts[BEST + j] = parts[j]
    for i in range(best.shape[0]):
        best[i] = fv[i]
    return 2


@kernel
def knitted_bits(hs):
    """Shape bits of the rules' knitted special shapes."""
    bits = 0
    for i in range(hs[HS_N_SPECIAL]):
        if hs[HS_SPECIAL + i * SP_W + SP_KIND] == SPECIAL_KNITTED:
            bits |= SHAPE_SPECIAL0 << i
    return bits


@kernel
def _arranged(s, f_win, on_discard, need, nm, shapes, by_reading, use_gate, passed, rules, seats, table, values):
    """Every reading of seat s's concealed hand as ``need`` melds and a pair
    (``nm`` melds already in the base row), each kept as _keep says; the
    readings that pass the gate so far, -1 when the search fails (H_ERROR)."""
    hs = rules.hs
    cnt, F = seats.cnt, seats.F
    H = table.H
    tab, rows, asc, best, parts, prog = (values.tab, values.rows, values.asc, values.best, values.parts,
                                         values.prog)
    wk = H[H_WK]
    base = rows[0]
    seen = 0
    resume = False
    while True:
        # rows[0] is the base; readings go from row 1 (the last row is kept for the hand as it is)
        n = arrangements(cnt[s], F[s, F_W], need, wk if wk >= 0 else 0, hs[HS_PAIR_ANY], table.face_ok, f_win,
                         on_discard, base, nm, seats.capx[s], max_in_pung(prog.misc, F[s, F_W]), asc,
                         rows[1:rows.shape[0] - 1], resume)
        for r in range(1, n + 1):
            if by_reading:
                rows[r, FV_SHAPES] = shapes & SHAPE_STANDARD
                if shapes & SHAPE_PUNGS and _all_pungs(rows[r]):
                    rows[r, FV_SHAPES] |= SHAPE_PUNGS
            if _keep(rows[r], tab, prog, parts, best, passed > 0, use_gate) > 0:
                passed += 1
        seen += n
        if asc[SC_ERR] != 0:
            H[H_ERROR] = ERR_READINGS
            return -1
        if asc[SC_MORE] == 0:
            break
        resume = True
    if seen == 0 and asc[SC_LIMITED] != 0:
        return passed   # every reading puts more wilds in a pung than wild.max_in_pung lets: no win
    if seen == 0:
        # the win test says standard, the search finds no reading: they disagree
        H[H_ERROR] = ERR_READINGS
        return -1
    return passed


@kernel_inline
def _all_pungs(fv):
    for m in range(FV_N_MELDS):
        code = fv[FV_MELD + m]
        if code > 0 and code % 8 == MELD_CHI_CODE:
            return False
    return True


@kernel
def _knitted(s, f_win, on_discard, bits, nm, by_reading, use_gate, passed, rules, seats, table, values):
    """The readings of seat s's hand as a knitted special shape (``bits``):
    each set of the shape the hand holds, set apart as three knitted melds
    (naturals only), the rest read as melds and a pair."""
    hs, pw = rules.hs, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    base = values.rows[0]
    hand_shapes = base[FV_SHAPES]
    for i in range(hs[HS_N_SPECIAL]):
        if bits & (SHAPE_SPECIAL0 << i) == 0:
            continue
        at = HS_SPECIAL + i * SP_W
        for j in range(hs[at + SP_NSETS]):
            mask = hs[at + SP_SETS + j]
            held = True
            for f in range(34):
                if (mask >> f) & 1 and cnt[s, f] == 0:
                    held = False
            if not held or nm + 3 > FV_N_MELDS:
                continue
            k = nm
            for g in range(3):   # the set's faces of suit g, three apart
                for f in range(9 * g, 9 * g + 9):
                    if (mask >> f) & 1:
                        base[FV_MELD + k] = meld_code(MELD_KNITTED, 1, f, 0)
                        k += 1
                        break
            for f in range(34):
                if (mask >> f) & 1:
                    remove_face(s, f, cnt, keys, F, pw)
            # the winning tile: in the rest if one of its face is left there, else in the knitted part
            f_rest = f_win if f_win < 0 or cnt[s, f_win] > 0 else -2
            if by_reading:
                base[FV_SHAPES] = SHAPE_SPECIAL0 << i
            got = _arranged(s, f_rest, on_discard, hs[HS_M] - F[s, F_NMELD] - 3, k, 0, False, use_gate, passed,
                            rules, seats, table, values)
            base[FV_SHAPES] = hand_shapes
            for f in range(34):
                if (mask >> f) & 1:
                    add_face(s, f, cnt, keys, F, pw)
            for m in range(nm, k):
                base[FV_MELD + m] = 0
            if got < 0:
                return -1
            passed = got
    return passed


@kernel
def best_reading(s, f_win, on_discard, shapes, use_gate, rules, seats, table, values):
    """Read winner s (``rows[0]`` holds seat_facts) every way and keep, in
    ``best`` with its parts, the reading worth most among those the gate lets
    win.  Returns how many readings the gate lets win (0: the win is refused).
    Every reading is seen: the search resumes while it has more than fit in
    ``rows``.  A search that cannot finish, or a formula that goes wrong, is
    the hand's engine error (H_ERROR).  ``use_gate`` False: the best reading
    whatever the gate says (what `hand` shows of a refused win)."""
    hs = rules.hs
    F = seats.F
    tab, rows, best, parts, prog = values.tab, values.rows, values.best, values.parts, values.prog
    base = rows[0]
    nm = min(F[s, F_NMELD], MAX_MELDS)
    knitted = knitted_bits(hs)
    by_reading = tab[T_FLAGS] & TF_READ_SHAPES != 0
    passed = 0
    if shapes & (SHAPE_STANDARD | SHAPE_PUNGS):
        passed = _arranged(s, f_win, on_discard, hs[HS_M] - F[s, F_NMELD], nm, shapes, by_reading, use_gate, passed,
                           rules, seats, table, values)
        if passed < 0:
            return 0
    if shapes & (SHAPE_EIGHT | SHAPE_THREE) or (shapes & ~knitted) >= SHAPE_SPECIAL0:
        # eight pairs, three wilds or a distinct special shape: the hand as it is
        last = rows.shape[0] - 1
        for i in range(base.shape[0]):
            rows[last, i] = base[i]
        rows[last, FV_PAIR] = 0
        rows[last, FV_WAIT] = 0
        if by_reading:
            rows[last, FV_SHAPES] = shapes & ~(SHAPE_STANDARD | SHAPE_PUNGS) & ~knitted
        if rows[last, FV_SHAPES] != 0 or not by_reading:
            if _keep(rows[last], tab, prog, parts, best, passed > 0, use_gate) > 0:
                passed += 1
    kn = shapes & knitted
    if kn != 0:
        passed = _knitted(s, f_win, on_discard, kn, nm, by_reading, use_gate, passed, rules, seats, table, values)
        if passed < 0:
            return 0
    if formula_failed(prog, table):
        return 0
    for j in range(BEST):
        parts[j] = parts[BEST + j]
    return passed


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
    rec[col + S_ITEMS2 * n + s] = parts[P_ITEMS2]
    rec[col + S_WIN_TILE * n + s] = fv[FV_WIN_FACE]
    rec[col + S_SHOWN * n + s] = fv[FV_SHOWN]
    rec[col + S_QUADS * n + s] = fv[FV_QUADS]
    rec[col + S_FOURS * n + s] = fv[FV_FOURS]


@kernel
def gate_ok(s, f_win, route, shapes, hard, rules, seats, table, work, values):
    """Whether the rules' win gate lets seat s win this way (always, without a
    gate); seat s's hand holds the winning tile (face f_win; below -1 when
    none joined, as the dealer's dealt hand).  ``route``: FACT_* bits of how
    the hand is won.  The facts are the record's (record.record_winner), the
    waits included when the table reads them, and a win passes when any of
    its readings does."""
    rows, prog = values.rows, values.prog
    if holds_void(s, seats):
        return False   # 定缺: a hand holding its void suit is no win (void_suit.declare)
    if not has_gate(prog) and not limits_pungs(prog.misc):
        return True
    return read_gated(s, f_win, route, shapes, hard, rules, seats, table, work, values) > 0


@kernel
def read_gated(s, f_win, route, shapes, hard, rules, seats, table, work, values):
    """gate_ok's reading of the win, whatever the gate: how many readings the
    gate lets win, the best of them in ``values.best`` and ``values.parts``."""
    rows, prog = values.rows, values.prog
    facts = hand_facts(s, route, rules, seats, table)
    if prog.misc[M_WAITS] == 1:
        facts |= wait_facts(s, f_win, rules, seats, table, work)
    seat_facts(s, True, shapes, hard, facts, rules, seats, table, rows[0])
    tile_facts(s, f_win, route, rules, seats, table, rows[0])
    return best_reading(s, f_win if f_win >= -1 else -1, joins_from_outside(route), shapes, True, rules,
                        seats, table, values)


@kernel
def win_reading(s, f, route, use_gate, rules, seats, table, work, values):
    """The win of seat s, whose hand holds the winning tile (face f; -1 a
    wild; below -1 none joined): its shapes, hard shapes and facts (the route,
    the hand's own facts, its waits) and its best reading under the table
    (``values.best`` and ``values.parts``).  Returns (shapes, hard, facts,
    readings the gate lets win).  The record (record.record_winner) and the
    `hand` command (settle/hand.py) both value a win with this kernel."""
    shapes = shapes_now(s, rules, seats, work)
    hard = hard_now(s, table.H[H_WK], (route & FACT_SELF_DRAWN) != 0, rules, seats, work)
    facts = hand_facts(s, route, rules, seats, table) | wait_facts(s, f, rules, seats, table, work)
    seat_facts(s, True, shapes, hard, facts, rules, seats, table, values.rows[0])
    tile_facts(s, f, facts, rules, seats, table, values.rows[0])
    passed = best_reading(s, f if f >= -1 else -1, joins_from_outside(route), shapes, use_gate, rules, seats,
                          table, values)
    return shapes, hard, facts, passed
