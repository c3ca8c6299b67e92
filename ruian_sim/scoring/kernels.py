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
    if cls != 0:
        face = (code // S.MELD_FACE) % 64
        if kind == S.MELD_CHI:
            # a chi is terminal when it holds a 1 or a 9 (123, 789), simple otherwise
            r = face % 9
            got = S.CLASS_TERMINAL if r == 0 or r == 6 else S.CLASS_SIMPLE
        else:
            got = face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND])
        if got & cls == 0:
            return False
    return True


@kernel
def _pair_matches(fv, tab, f):
    code = fv[S.FV_PAIR]
    if code <= 0:
        return False
    face = (code - 1) % S.PAIR_WILDS
    wilds = (code - 1) // S.PAIR_WILDS
    if wilds < tab[f + S.FL_WMIN] or wilds > tab[f + S.FL_WMAX]:
        return False
    cls = tab[f + S.FL_CLASSES]
    return cls == 0 or face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND]) & cls != 0


@kernel
def _popcount(x):
    n = 0
    while x > 0:
        n += x & 1
        x >>= 1
    return n


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
    return 1  # OP_ONE


@kernel
def _item_count(fv, tab, row):
    """How many times item row ``row`` applies: 0 when a condition fails."""
    c = tab[S.T_CONDS] + tab[row + S.IT_COND0] * S.COND_W
    for _ in range(tab[row + S.IT_NCOND]):
        v = fact_value(fv, tab, tab[c + S.C_OP], tab[c + S.C_SLOT], tab[c + S.C_ARG])
        if v < tab[c + S.C_MIN] or v > tab[c + S.C_MAX]:
            return 0
        c += S.COND_W
    return fact_value(fv, tab, tab[row + S.IT_PER_OP], tab[row + S.IT_PER_SLOT], tab[row + S.IT_PER_ARG])


@kernel
def item_parts(fv, tab, out):
    """out[OUT_POINTS, OUT_TAI, OUT_TIMES, OUT_ITEMS] of one arrangement.

    Two passes, so nothing is stored per item: the first finds the items that
    apply and what they exclude (exclusions are not iterated: an excluded item
    still excludes), the second sums what survives."""
    n = tab[S.T_N_ITEMS]
    applied = 0
    dropped = 0
    for i in range(n):
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        if _item_count(fv, tab, row) > 0:
            applied |= 1 << i
            dropped |= tab[row + S.IT_EXCLUDES]
    keep = applied & ~dropped
    points = 0
    tai = 0
    times = 1
    for i in range(n):
        if (keep >> i) & 1 == 0:
            continue
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        count = _item_count(fv, tab, row)
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
    out[S.OUT_ITEMS] = keep


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
def fill_vars(fv, parts, tab, base, dealer_pays, vars):
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
    r = tab[S.T_FVARS]
    for j in range(tab[S.T_N_FVARS]):
        vars[S.N_FIXED_VARS + j] = fact_value(fv, tab, tab[r], tab[r + 1], tab[r + 2])
        r += S.FV_ROW_W


@kernel
def all_parts(fvs, tab, parts):
    """item_parts over fvs[h, s, :] into parts[h, s, :]."""
    for h in range(fvs.shape[0]):
        for s in range(fvs.shape[1]):
            item_parts(fvs[h, s], tab, parts[h, s])


@kernel
def pair_values(fvs, parts, tab, code, consts, dealer, bases, other, cap, value, vars, stack):
    """value[h, s, p]: what seat s's arrangement is worth against payer p in
    hand h (0 on the diagonal): the value formula with the pair's base
    (bases[streak-1], clamped, when either deals; ``other`` otherwise),
    capped by ``cap`` (0: no cap).  A formula error (layout.FE_*) stops
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
                fill_vars(fvs[h, s], parts[h, s], tab, base, 1 if p == d else 0, vars)
                v = formula(code, consts, vars, stack)
                if stack[S.STACK_ERR] != 0:
                    stack[S.STACK_ERR + 1] = h   # the first record that went wrong; stop there
                    return
                if cap > 0 and v > cap:
                    v = cap
                value[h, s, p] = v
