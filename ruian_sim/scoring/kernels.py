"""Compiled evaluation of a scoring table's items, and the settlement of a
win: each item's count on one reading (its conditions, its meld relation),
the exclusions between items, the parts the formulas read, each pair of
seats' payment.

Array layouts are in scoring/layout.py (one int per index); the table a rule
file compiles to is built by scoring/compile.py.  What a condition reads of
the reading is reading_facts.py's, meld relations relations.py's, the
formulas' arithmetic formula_eval.py's.  Nothing here allocates
(``ruian_sim.jit.kernel``: no reference counting), so the engine's kernels can
call ``item_parts`` and ``formula`` at win time with arrays they own.
"""

from __future__ import annotations

from ..jit import kernel
from . import layout as S
from .formula_eval import formula
from .reading_facts import fact_value, reading_faces
from .relations import together


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
        count, after = together(fv, tab, tab[S.T_RELS] + arg * S.REL_W, once, uf)
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
