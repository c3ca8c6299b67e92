"""Compiled evaluation of a scoring table: items, formulas, settlement.

Array layouts are in scoring/layout.py (one int per index); the table a rule
file compiles to is built by scoring/compile.py.  Nothing here allocates
(``ruian_sim.jit.kernel``: no reference counting), so the engine's kernels can
call ``item_parts`` and ``formula`` at win time with arrays they own.
"""

from __future__ import annotations

from ..jit import kernel
from . import layout as S


@kernel
def face_classes(face, seat_wind, round_wind):
    """CLASS_* bits of a pung's or pair's face (for a chi, of its lowest face)."""
    if face >= S.HONOR_BASE:
        c = S.CLASS_HONOR
        h = face - S.HONOR_BASE
        if h < 4:
            c |= S.CLASS_WIND
            if h == seat_wind:
                c |= S.CLASS_SEAT_WIND
            if h == round_wind:
                c |= S.CLASS_ROUND_WIND
        else:
            c |= S.CLASS_DRAGON
            c |= S.CLASS_WHITE_DRAGON if h == 4 else (S.CLASS_GREEN_DRAGON if h == 5 else S.CLASS_RED_DRAGON)
        return c
    rank = face % 9
    return S.CLASS_TERMINAL if rank == 0 or rank == 8 else S.CLASS_SIMPLE


@kernel
def _meld_matches(code, fv, tab, f):
    kind = code % 8
    if (tab[f + S.FL_KINDS] >> kind) & 1 == 0:
        return False
    conc = (code // S.MELD_CONCEALED) % 2
    if tab[f + S.FL_CONCEALED] >= 0 and conc != tab[f + S.FL_CONCEALED]:
        return False
    wilds = code // S.MELD_WILDS
    if wilds < tab[f + S.FL_WMIN] or wilds > tab[f + S.FL_WMAX]:
        return False
    cls = tab[f + S.FL_CLASSES]
    neg = tab[f + S.FL_NOT]
    if cls != 0 or neg != 0:
        face = (code // S.MELD_FACE) % 64
        if kind == S.MELD_CHI or kind == S.MELD_KNITTED:
            # a chi is terminal when it holds a 1 or a 9 (123, 789), simple otherwise
            r = face % 9
            got = S.CLASS_TERMINAL if r == 0 or (r == 6 and kind == S.MELD_CHI) else S.CLASS_SIMPLE
        else:
            got = face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND])
        if (cls != 0 and got & cls == 0) or got & neg != 0:
            return False
    return True


@kernel
def _pair_matches(fv, tab, f):
    """Whether the reading's pair matches filter row f, or, for a loser read
    on its concealed hand (table/losers.py), any of its pairs does."""
    code = fv[S.FV_PAIR]
    if code <= 0:
        return False
    if _one_pair_matches(fv, tab, f, (code - 1) % S.PAIR_WILDS, (code - 1) // S.PAIR_WILDS):
        return True
    if fv[S.FV_WON] != 0:
        return False   # a winner's reading has one pair: only a loser's holds more (MELD_PAIR)
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and code % 8 == S.MELD_PAIR and _one_pair_matches(fv, tab, f, (code // S.MELD_FACE) % 64,
                                                                        code // S.MELD_WILDS):
            return True
    return False


@kernel
def _one_pair_matches(fv, tab, f, face, wilds):
    if wilds < tab[f + S.FL_WMIN] or wilds > tab[f + S.FL_WMAX]:
        return False
    got = face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND])
    cls = tab[f + S.FL_CLASSES]
    return (cls == 0 or got & cls != 0) and got & tab[f + S.FL_NOT] == 0


@kernel
def _popcount(x):
    n = 0
    while x > 0:
        n += x & 1
        x >>= 1
    return n


@kernel
def meld_faces(code):
    """Bit f for each face meld ``code`` holds."""
    kind = code % 8
    face = (code // S.MELD_FACE) % 64
    if kind == S.MELD_CHI:
        return 7 << face
    if kind == S.MELD_KNITTED:
        return (1 << face) | (1 << (face + 3)) | (1 << (face + 6))
    return 1 << face


@kernel
def reading_faces(fv):
    """Bit f for each face the reading holds: its melds' and its pair's where it
    has a pair (every tile of a standard reading is in one, a wild standing for
    the face it plays as), else the hand's natural tiles (FV_HELD: wilds aside),
    as for a loser, whose reading leaves tiles single."""
    if fv[S.FV_PAIR] <= 0 or fv[S.FV_WON] == 0:
        return fv[S.FV_HELD]
    faces = 1 << ((fv[S.FV_PAIR] - 1) % S.PAIR_WILDS)
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0:
            faces |= meld_faces(code)
    return faces


@kernel
def _longest_run(faces):
    best = 0
    for g in range(3):
        run = 0
        for r in range(9):
            if (faces >> (9 * g + r)) & 1:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return best


@kernel
def _each_holds(fv, mask):
    """Whether every meld and the pair of the reading holds a face of ``mask``
    (never for a loser, whose reading leaves tiles single)."""
    if fv[S.FV_PAIR] <= 0 or fv[S.FV_WON] == 0:
        return 0
    if (1 << ((fv[S.FV_PAIR] - 1) % S.PAIR_WILDS)) & mask == 0:
        return 0
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and meld_faces(code) & mask == 0:
            return 0
    return 1


# faces of each group: the three suits, the winds, the dragons
GROUP_MASKS = ((1 << 9) - 1, ((1 << 9) - 1) << 9, ((1 << 9) - 1) << 18, 15 << 27, 7 << 31)


@kernel
def fact_value(fv, tab, op, slot, arg):
    """One fact or count read from a fact vector (layout OP_*)."""
    if op == S.OP_SLOT:
        return fv[slot]
    if op == S.OP_BIT:
        return (fv[slot] >> arg) & 1
    if op == S.OP_NONZERO:
        return 1 if fv[slot] != 0 else 0
    if op == S.OP_POPCOUNT:
        return _popcount(fv[slot])
    if op == S.OP_OWN_FLOWERS:
        n = 0
        bits = fv[S.FV_FLOWER_BITS]
        for k in range(8):
            if (bits >> k) & 1 and k % 4 == fv[S.FV_SEAT_WIND]:
                n += 1
        return n
    if op == S.OP_MELDS:
        n = 0
        f = tab[S.T_FILTERS] + arg * S.FILT_W
        for m in range(S.N_MELDS):
            code = fv[S.FV_MELD + m]
            if code > 0 and _meld_matches(code, fv, tab, f):
                n += 1
        return n
    if op == S.OP_PAIR:
        return 1 if _pair_matches(fv, tab, tab[S.T_FILTERS] + arg * S.FILT_W) else 0
    if op == S.OP_WAIT:
        return (arg >> fv[S.FV_WAIT]) & 1
    if op == S.OP_MELD_KINDS:
        n = 0
        for m in range(S.N_MELDS):
            code = fv[S.FV_MELD + m]
            if code > 0 and (arg >> (code % 8)) & 1:
                n += 1
        return n
    if op == S.OP_POPMASK:
        return _popcount(fv[slot] & arg)
    if op == S.OP_PAIR_WILDS:
        return (fv[S.FV_PAIR] - 1) // S.PAIR_WILDS if fv[S.FV_PAIR] > 0 else 0
    if op == S.OP_FACES_ONLY:
        return 1 if fv[S.FV_FACES] & ~arg == 0 else 0
    if op == S.OP_FACES_COUNT:
        return _popcount(fv[S.FV_FACES] & arg)
    if op == S.OP_FACES_ALL:
        return 1 if fv[S.FV_FACES] & arg == arg else 0
    if op == S.OP_GROUPS:
        n = 0
        for g in range(5):
            if (arg >> g) & 1 and fv[S.FV_FACES] & GROUP_MASKS[g] != 0:
                n += 1
        return n
    if op == S.OP_EACH:
        return _each_holds(fv, arg)
    if op == S.OP_RUN:
        return _longest_run(fv[S.FV_FACES])
    if op == S.OP_SUIT_KEY:
        return 1 if fv[S.FV_SUIT_KEY] == arg else 0
    if op == S.OP_HAS_SET:
        at = tab[S.T_SETS] + arg
        for j in range(tab[at]):
            mask = tab[at + 1 + j]
            if fv[S.FV_FACES] & mask == mask:
                return 1
        return 0
    return 1  # OP_ONE (OP_FORMULA and OP_TOGETHER: item_parts)


@kernel
def _conditions_hold(fv, tab, row, scratch, stack):
    """Whether every condition of item row ``row`` holds."""
    c = tab[S.T_CONDS] + tab[row + S.IT_COND0] * S.COND_W
    for _ in range(tab[row + S.IT_NCOND]):
        op = tab[c + S.C_OP]
        if op == S.OP_FORMULA:
            v = _program(tab, tab[c + S.C_ARG], scratch, stack)
        else:
            v = fact_value(fv, tab, op, tab[c + S.C_SLOT], tab[c + S.C_ARG])
        if v < tab[c + S.C_MIN] or v > tab[c + S.C_MAX]:
            return False
        c += S.COND_W
    return True


@kernel
def _program(tab, p, scratch, stack):
    """Item program ``p`` (a `per` or `test` formula) on the facts in scratch[SW_VARS:]."""
    at = tab[S.T_PROGS] + p * S.PROG_W
    code = tab[tab[at]:tab[at] + tab[at + 1]]
    consts = tab[tab[at + 2]:tab[at + 2] + tab[at + 3]]
    return formula(code, consts, scratch[S.SW_VARS:], stack)


@kernel
def _root(uf, x):
    """The combination meld slot x belongs to (uf: 3 bits a slot, its parent)."""
    while (uf >> (3 * x)) & 7 != x:
        x = (uf >> (3 * x)) & 7
    return x


@kernel
def _rel_matches(fv, tab, rel, subset):
    """Whether the melds of slots ``subset`` (a bit mask) form relation row ``rel``."""
    # their suits and ranks, sorted by rank (insertion, at most four)
    r0 = r1 = r2 = r3 = -1
    g0 = g1 = g2 = g3 = -1
    n = 0
    for m in range(S.N_MELDS):
        if (subset >> m) & 1 == 0:
            continue
        face = (fv[S.FV_MELD + m] // S.MELD_FACE) % 64
        if face >= 27:
            return False   # honours form no relation
        r, g = face % 9, face // 9
        # insert (r, g) keeping r0 <= r1 <= ...
        if n == 0:
            r0, g0 = r, g
        elif n == 1:
            if r < r0:
                r0, g0, r1, g1 = r, g, r0, g0
            else:
                r1, g1 = r, g
        elif n == 2:
            if r < r0:
                r0, g0, r1, g1, r2, g2 = r, g, r0, g0, r1, g1
            elif r < r1:
                r1, g1, r2, g2 = r, g, r1, g1
            else:
                r2, g2 = r, g
        else:
            if r < r0:
                r0, g0, r1, g1, r2, g2, r3, g3 = r, g, r0, g0, r1, g1, r2, g2
            elif r < r1:
                r1, g1, r2, g2, r3, g3 = r, g, r1, g1, r2, g2
            elif r < r2:
                r2, g2, r3, g3 = r, g, r2, g2
            else:
                r3, g3 = r, g
        n += 1
    mode = tab[rel + S.REL_SUITS]
    if mode == S.SUITS_SAME:
        if (n > 1 and g1 != g0) or (n > 2 and g2 != g0) or (n > 3 and g3 != g0):
            return False
    elif mode == S.SUITS_DIFFERENT:
        if (n > 1 and g1 == g0) or (n > 2 and (g2 == g0 or g2 == g1)) or \
                (n > 3 and (g3 == g0 or g3 == g1 or g3 == g2)):
            return False
    elif mode == S.SUITS_RANKWISE:
        # melds of one rank are each of another suit
        if (n > 1 and r1 == r0 and g1 == g0) or (n > 2 and ((r2 == r0 and g2 == g0) or (r2 == r1 and g2 == g1))) \
                or (n > 3 and ((r3 == r0 and g3 == g0) or (r3 == r1 and g3 == g1) or (r3 == r2 and g3 == g2))):
            return False
    base = 0 if tab[rel + S.REL_ABSOLUTE] == 1 else r0
    found = False
    for pat in range(tab[rel + S.REL_NPAT]):
        at = rel + S.REL_PAT + 4 * pat
        if r0 - base == tab[at] and (n < 2 or r1 - base == tab[at + 1]) and (n < 3 or r2 - base == tab[at + 2]) \
                and (n < 4 or r3 - base == tab[at + 3]):
            found = True
            break
    if not found:
        return False
    pr = tab[rel + S.REL_PAIR]
    if pr >= 0:
        code = fv[S.FV_PAIR]
        if code <= 0:
            return False
        face = (code - 1) % S.PAIR_WILDS
        if face >= 27 or face % 9 != pr:
            return False
        pg = face // 9
        if tab[rel + S.REL_PAIR_SUIT] == S.SUITS_SAME:
            return pg == g0
        return pg != g0 and (n < 2 or pg != g1) and (n < 3 or pg != g2) and (n < 4 or pg != g3)
    return True


@kernel
def _together(fv, tab, rel, once, uf):
    """(how many sets of the reading's melds form relation row ``rel``, the
    combinations after them).  ``once``: no two melds already combined (in one
    set of ``uf``) combine again, and the melds of each set counted are joined."""
    k = tab[rel + S.REL_K]
    kinds = tab[rel + S.REL_KINDS]
    usable = 0
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and (kinds >> (code % 8)) & 1:
            usable |= 1 << m
    count = 0
    for subset in range(1, 1 << S.N_MELDS):
        if subset & ~usable != 0 or _popcount(subset) != k:
            continue
        if once:
            roots = 0
            apart = True
            for m in range(S.N_MELDS):
                if (subset >> m) & 1:
                    r = _root(uf, m)
                    if (roots >> r) & 1:
                        apart = False
                        break
                    roots |= 1 << r
            if not apart:
                continue
        if not _rel_matches(fv, tab, rel, subset):
            continue
        count += 1
        if once:
            first = -1
            for m in range(S.N_MELDS):
                if (subset >> m) & 1:
                    r = _root(uf, m)
                    if first < 0:
                        first = r
                    elif r != first:
                        uf = (uf & ~(7 << (3 * r))) | (first << (3 * r))
    return count, uf


NO_COMBINATION = 0o43210   # every meld slot its own combination (3 bits a slot: its parent)


@kernel
def fill_item_vars(fv, tab, scratch):
    """The facts the items' formulas read, into scratch[SW_VARS + N_FIXED_VARS:]."""
    r = tab[S.T_FVARS]
    for j in range(tab[S.T_N_FVARS]):
        scratch[S.SW_VARS + S.N_FIXED_VARS + j] = fact_value(fv, tab, tab[r], tab[r + 1], tab[r + 2])
        r += S.FV_ROW_W


@kernel
def item_count(fv, tab, row, scratch, stack, once, uf, dropped):
    """Item row ``row``'s count on fv (its conditions, then its `per`), and the
    combine state after it: a relation's melds joined unless it is ``dropped``."""
    if not _conditions_hold(fv, tab, row, scratch, stack):
        return 0, uf
    op, arg = tab[row + S.IT_PER_OP], tab[row + S.IT_PER_ARG]
    if op == S.OP_TOGETHER:
        count, after = _together(fv, tab, tab[S.T_RELS] + arg * S.REL_W, once, uf)
        return count, (uf if dropped else after)
    if op == S.OP_FORMULA:
        return max(_program(tab, arg, scratch, stack), 0), uf
    return fact_value(fv, tab, op, tab[row + S.IT_PER_SLOT], arg), uf


@kernel
def applied(tab, row, i, count, app0, app1, drop0, drop1):
    """The items applied and dropped so far, with item i (row ``row``) counted ``count``."""
    if count > 0:
        if i < S.ITEM_BITS:
            app0 |= 1 << i
        else:
            app1 |= 1 << (i - S.ITEM_BITS)
        drop0 |= tab[row + S.IT_EXCLUDES]
        drop1 |= tab[row + S.IT_EXCLUDES2]
    return app0, app1, drop0, drop1


@kernel
def is_dropped(i, drop0, drop1):
    return ((drop0 >> i) & 1 if i < S.ITEM_BITS else (drop1 >> (i - S.ITEM_BITS)) & 1) == 1


@kernel
def item_parts(fv, tab, out, scratch, stack):
    """out[OUT_POINTS, OUT_TAI, OUT_TIMES, OUT_ITEMS, OUT_ITEMS2] of one reading.

    Items are taken in table order: each one's count (its conditions, then
    its `per`: a count, melds together, a formula) into scratch[SW_COUNTS];
    what the items that apply exclude is dropped (under scoring.excluders
    kept, an item already dropped excludes nothing); a fallback item applies
    where nothing else does.  ``scratch``: int64[ITEM_SCRATCH]; a formula's
    error goes to ``stack[STACK_ERR]`` as the value's does."""
    n = tab[S.T_N_ITEMS]
    flags = tab[S.T_FLAGS]
    if flags & S.TF_FACES:
        fv[S.FV_FACES] = reading_faces(fv)
    if flags & S.TF_PROGS:
        fill_item_vars(fv, tab, scratch)
    once = flags & S.TF_COMBINE_ONCE != 0
    kept_only = flags & S.TF_KEPT != 0
    uf = NO_COMBINATION
    app0 = app1 = 0
    drop0 = drop1 = 0
    for i in range(n):
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        dropped = is_dropped(i, drop0, drop1)
        count = 0
        if tab[row + S.IT_FALLBACK] == 0 and not (kept_only and dropped):
            count, uf = item_count(fv, tab, row, scratch, stack, once, uf, dropped)
        scratch[S.SW_COUNTS + i] = count
        app0, app1, drop0, drop1 = applied(tab, row, i, count, app0, app1, drop0, drop1)
    finish_parts(fv, tab, out, scratch, stack, app0 & ~drop0, app1 & ~drop1)


@kernel
def finish_parts(fv, tab, out, scratch, stack, keep0, keep1):
    """The items kept (``keep0``, ``keep1``), a fallback item where nothing
    else applies, into out[] as item_parts gives it; the counts are in
    scratch[SW_COUNTS:]."""
    n = tab[S.T_N_ITEMS]
    if tab[S.T_FLAGS] & S.TF_FALLBACK:
        if keep0 & ~tab[S.T_FALLBACK_IGNORES] == 0 and keep1 & ~tab[S.T_FALLBACK_IGNORES + 1] == 0:
            for i in range(n):
                row = tab[S.T_ITEMS] + i * S.ITEM_W
                if tab[row + S.IT_FALLBACK] == 1 and _conditions_hold(fv, tab, row, scratch, stack):
                    scratch[S.SW_COUNTS + i] = 1
                    if i < S.ITEM_BITS:
                        keep0 |= 1 << i
                    else:
                        keep1 |= 1 << (i - S.ITEM_BITS)
    points = 0
    tai = 0
    times = 1
    for i in range(n):
        if (i < S.ITEM_BITS and (keep0 >> i) & 1 == 0) or (i >= S.ITEM_BITS and (keep1 >> (i - S.ITEM_BITS)) & 1 == 0):
            continue
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        count = scratch[S.SW_COUNTS + i]
        amount = tab[row + S.IT_AMOUNT]
        part = tab[row + S.IT_PART]
        if part == S.PART_POINTS:
            points += amount * count
        elif part == S.PART_TAI:
            tai += amount * count
        else:
            for _ in range(count):
                times *= amount
    out[S.OUT_POINTS] = points
    out[S.OUT_TAI] = tai
    out[S.OUT_TIMES] = times
    out[S.OUT_ITEMS] = keep0
    out[S.OUT_ITEMS2] = keep1


def reading_parts(fv, tab):
    """(out[OUT_*], counts[i]) of one reading: its parts and how many times
    each item applied, exclusions aside (Python, for `hand` and the tests)."""
    import numpy as np

    scratch = np.zeros(S.ITEM_SCRATCH, np.int64)
    out = np.zeros(S.OUT_W, np.int64)
    item_parts(np.array(fv, np.int64), tab, out, scratch, np.zeros(S.STACK_SIZE, np.int64))
    return out, scratch[S.SW_COUNTS:S.SW_COUNTS + int(tab[S.T_N_ITEMS])].copy()


@kernel
def _add(a, b, stack):
    if (b > 0 and a > S.INT_MAX - b) or (b < 0 and a < S.INT_MIN - b):
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    return a + b


@kernel
def _mul(a, b, stack):
    if a == 0 or b == 0:
        return 0
    if a == S.INT_MIN or b == S.INT_MIN:
        if a == 1:
            return b
        if b == 1:
            return a
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    ua = a if a > 0 else -a
    ub = b if b > 0 else -b
    if ua > S.INT_MAX // ub:
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    return a * b


@kernel
def _pow(a, b, stack):
    if b < 0:
        stack[S.STACK_ERR] |= S.FE_NEGPOW
        return 0
    if a == 0:
        return 1 if b == 0 else 0
    if a == 1:
        return 1
    if a == -1:
        return 1 if b % 2 == 0 else -1
    if b > 63:   # |a| >= 2: 2**63 is already beyond int64; no loop runs long
        stack[S.STACK_ERR] |= S.FE_OVERFLOW
        return 0
    r = 1
    for _ in range(b):
        r = _mul(r, a, stack)
    return r


@kernel
def formula(code, consts, vars, stack):
    """Run a compiled formula (formula.py) on vars[]; ``stack`` is scratch of
    layout.STACK_SIZE whose slot STACK_ERR collects FE_* bits: an overflow,
    a division by zero or a negative exponent gives 0 there and sets its bit
    (the caller reports it; nothing wraps silently).  Jumps go forward only,
    so every program ends after at most len(code) / 2 steps."""
    sp = 0
    pc = 0
    end = len(code)
    while pc < end:
        op = code[pc]
        arg = code[pc + 1]
        pc += 2
        if op == S.F_CONST:
            stack[sp] = consts[arg]
            sp += 1
        elif op == S.F_VAR:
            stack[sp] = vars[arg]
            sp += 1
        elif op == S.F_NEG:
            if stack[sp - 1] == S.INT_MIN:
                stack[S.STACK_ERR] |= S.FE_OVERFLOW
                stack[sp - 1] = 0
            else:
                stack[sp - 1] = -stack[sp - 1]
        elif op == S.F_NOT:
            stack[sp - 1] = 1 if stack[sp - 1] == 0 else 0
        elif op == S.F_JZ:
            sp -= 1
            if stack[sp] == 0:
                pc = arg
        elif op == S.F_JMP:
            pc = arg
        elif op <= S.F_OR:
            a = stack[sp - 2]
            b = stack[sp - 1]
            sp -= 1
            r = 0
            if op == S.F_ADD:
                r = _add(a, b, stack)
            elif op == S.F_SUB:
                if b == S.INT_MIN:
                    r = _add(_add(a, S.INT_MAX, stack), 1, stack)
                else:
                    r = _add(a, -b, stack)
            elif op == S.F_MUL:
                r = _mul(a, b, stack)
            elif op == S.F_FLOORDIV or op == S.F_MOD:
                if b == 0:
                    stack[S.STACK_ERR] |= S.FE_DIV0
                elif a == S.INT_MIN and b == -1:
                    if op == S.F_FLOORDIV:
                        stack[S.STACK_ERR] |= S.FE_OVERFLOW
                elif op == S.F_FLOORDIV:
                    r = a // b
                else:
                    r = a % b
            elif op == S.F_POW:
                r = _pow(a, b, stack)
            elif op == S.F_LT:
                r = 1 if a < b else 0
            elif op == S.F_LE:
                r = 1 if a <= b else 0
            elif op == S.F_GT:
                r = 1 if a > b else 0
            elif op == S.F_GE:
                r = 1 if a >= b else 0
            elif op == S.F_EQ:
                r = 1 if a == b else 0
            elif op == S.F_NE:
                r = 1 if a != b else 0
            elif op == S.F_AND:
                r = 1 if a != 0 and b != 0 else 0
            else:
                r = 1 if a != 0 or b != 0 else 0
            stack[sp - 1] = r
        elif op == S.F_MIN or op == S.F_MAX:
            r = stack[sp - arg]
            for j in range(sp - arg + 1, sp):
                if (op == S.F_MIN and stack[j] < r) or (op == S.F_MAX and stack[j] > r):
                    r = stack[j]
            sp -= arg - 1
            stack[sp - 1] = r
        elif op == S.F_CEIL:
            x = stack[sp - 2]
            m = stack[sp - 1]
            sp -= 1
            r = x
            if m > 0:
                q = -((-x) // m) if x > S.INT_MIN else x // m
                r = _mul(q, m, stack)
            stack[sp - 1] = r
        else:  # F_PICK
            i = stack[sp - arg]
            n = arg - 1
            if i < 0:
                i = 0
            if i > n - 1:
                i = n - 1
            r = stack[sp - arg + 1 + i]
            sp -= arg - 1
            stack[sp - 1] = r
    return stack[0] if sp > 0 else 0


@kernel
def fill_vars(fv, parts, tab, base, dealer_pays, discarder_pays, vars):
    """vars[] of the formula for one seat's arrangement (the one whose value
    it is) against one payer: the fixed variables, then the facts it reads."""
    vars[S.VAR_POINTS] = parts[S.OUT_POINTS]
    vars[S.VAR_TAI] = parts[S.OUT_TAI]
    vars[S.VAR_FAN] = parts[S.OUT_TAI]
    vars[S.VAR_TIMES] = parts[S.OUT_TIMES]
    vars[S.VAR_BASE] = base
    vars[S.VAR_STREAK] = fv[S.FV_STREAK]
    vars[S.VAR_DEALER_WINS] = fv[S.FV_DEALER]
    vars[S.VAR_DEALER_PAYS] = dealer_pays
    vars[S.VAR_SELF_DRAWN] = fv[S.FV_FACTS] & 1
    vars[S.VAR_DISCARDER_PAYS] = discarder_pays
    r = tab[S.T_FVARS]
    for j in range(tab[S.T_N_FVARS]):
        vars[S.N_FIXED_VARS + j] = fact_value(fv, tab, tab[r], tab[r + 1], tab[r + 2])
        r += S.FV_ROW_W


@kernel
def all_parts(fvs, tab, parts, scratch, stack):
    """item_parts over fvs[h, s, :] into parts[h, s, :]."""
    for h in range(fvs.shape[0]):
        for s in range(fvs.shape[1]):
            item_parts(fvs[h, s], tab, parts[h, s], scratch, stack)


@kernel
def pair_values(fvs, parts, tab, code, consts, dealer, frm, bases, other, cap, value, vars, stack):
    """value[h, s, p]: what seat s's arrangement is worth against payer p in
    hand h (0 on the diagonal): the value formula with the pair's base
    (bases[streak-1], clamped, when either deals; ``other`` otherwise),
    capped by ``cap`` (0: no cap); ``frm[h, s]`` the seat that dealt in to
    s's win (-1: none), whose payment reads discarder_pays 1.  A formula error (layout.FE_*) stops
    the loop with the record's index in stack[STACK_ERR + 1]."""
    n = fvs.shape[1]
    for h in range(fvs.shape[0]):
        d = dealer[h]
        for s in range(n):
            streak = fvs[h, s, S.FV_STREAK]
            k = streak - 1
            if k < 0:
                k = 0
            if k > len(bases) - 1:
                k = len(bases) - 1
            for p in range(n):
                if p == s:
                    value[h, s, p] = 0
                    continue
                base = bases[k] if (d == s or d == p) else other
                fill_vars(fvs[h, s], parts[h, s], tab, base, 1 if p == d else 0, 1 if p == frm[h, s] else 0, vars)
                v = formula(code, consts, vars, stack)
                if stack[S.STACK_ERR] != 0:
                    stack[S.STACK_ERR + 1] = h   # the first record that went wrong; stop there
                    return
                if cap > 0 and v > cap:
                    v = cap
                value[h, s, p] = v
