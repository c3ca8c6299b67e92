"""One reading valued as won two ways, self-drawn and on a discard, in one
pass over the items: what the smart bot asks of every hand it projects
(bots/smart/projection.worth), twice per reading before.

Most items of a table do not read how the hand was won, and their counts
(conditions, meld relations: the costly part) are the same both ways; only
the items that read the route (``T_ROUTE_ITEMS``, found when the table is
compiled) are counted twice.  What one item drops can differ between the two
ways, so the two are kept apart where it matters: a relation item's combine
state, a formula reading counts that already differ, a fact the formulas
read that sees the route.  The result is item_parts' for each way, to the
last bit (tests/scoring/test_routes.py)."""

from __future__ import annotations

from ..jit import kernel
from . import layout as S
from .kernels import NO_COMBINATION, _conditions_hold, _program, _together, fact_value, reading_faces

ROUTE_BITS = S.FACT_SELF_DRAWN | S.FACT_DISCARD


@kernel
def _bit(tab, at, i):
    """Bit i of the two-word item mask at tab[at]."""
    if i < S.ITEM_BITS:
        return (tab[at] >> i) & 1
    return (tab[at + 1] >> (i - S.ITEM_BITS)) & 1


@kernel
def _fill_fvars(fv, tab, scratch):
    r = tab[S.T_FVARS]
    for j in range(tab[S.T_N_FVARS]):
        scratch[S.SW_VARS + S.N_FIXED_VARS + j] = fact_value(fv, tab, tab[r], tab[r + 1], tab[r + 2])
        r += S.FV_ROW_W


@kernel
def _count(fv, tab, row, scratch, stack, once, uf, dropped):
    """Item row ``row``'s count on fv, and the combine state after it (as item_parts)."""
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
def _finish(fv, tab, out, scratch, stack, keep0, keep1):
    """A fallback item where nothing else applies, then the parts (as item_parts)."""
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


@kernel
def route_parts(fv, tab, out_self, out_discard, scratch, stack):
    """item_parts of reading fv won self-drawn (into ``out_self``) and won on a
    discard (``out_discard``).  ``scratch``: int64[2 * ITEM_SCRATCH], one half
    a way.  fv's route bits are left saying a discard."""
    sa = scratch[:S.ITEM_SCRATCH]
    sb = scratch[S.ITEM_SCRATCH:2 * S.ITEM_SCRATCH]
    n = tab[S.T_N_ITEMS]
    flags = tab[S.T_FLAGS]
    base = fv[S.FV_FACTS] & ~ROUTE_BITS
    fa = base | S.FACT_SELF_DRAWN
    fb = base | S.FACT_DISCARD
    if flags & S.TF_FACES:
        fv[S.FV_FACES] = reading_faces(fv)
    if flags & S.TF_PROGS:
        fv[S.FV_FACTS] = fa
        _fill_fvars(fv, tab, sa)
        fv[S.FV_FACTS] = fb
        _fill_fvars(fv, tab, sb)
    route_vars = flags & S.TF_ROUTE_VARS != 0
    once = flags & S.TF_COMBINE_ONCE != 0
    kept_only = flags & S.TF_KEPT != 0
    ua = ub = NO_COMBINATION
    app_a0 = app_a1 = app_b0 = app_b1 = 0
    drop_a0 = drop_a1 = drop_b0 = drop_b1 = 0
    diverged = False   # some count so far differs between the two ways
    for i in range(n):
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        word, bit = (0, i) if i < S.ITEM_BITS else (1, i - S.ITEM_BITS)
        da = ((drop_a0 if word == 0 else drop_a1) >> bit) & 1 == 1
        db = ((drop_b0 if word == 0 else drop_b1) >> bit) & 1 == 1
        skip_a = tab[row + S.IT_FALLBACK] != 0 or (kept_only and da)
        skip_b = tab[row + S.IT_FALLBACK] != 0 or (kept_only and db)
        together = tab[row + S.IT_PER_OP] == S.OP_TOGETHER
        apart = (_bit(tab, S.T_ROUTE_ITEMS, i) == 1
                 or (_bit(tab, S.T_FORMULA_ITEMS, i) == 1 and (route_vars or diverged))
                 or (together and (ua != ub or da != db)))
        ca = cb = 0
        if apart:
            if not skip_a:
                fv[S.FV_FACTS] = fa
                ca, ua = _count(fv, tab, row, sa, stack, once, ua, da)
            if not skip_b:
                fv[S.FV_FACTS] = fb
                cb, ub = _count(fv, tab, row, sb, stack, once, ub, db)
        elif not (skip_a and skip_b):
            # the same count either way (the same combine state, where it reads one)
            c, after = _count(fv, tab, row, sa, stack, once, ua, da)
            if not skip_a:
                ca = c
                ua = after
            if not skip_b:
                cb = c
                ub = after
        sa[S.SW_COUNTS + i] = ca
        sb[S.SW_COUNTS + i] = cb
        diverged = diverged or ca != cb
        if ca > 0:
            if word == 0:
                app_a0 |= 1 << bit
            else:
                app_a1 |= 1 << bit
            drop_a0 |= tab[row + S.IT_EXCLUDES]
            drop_a1 |= tab[row + S.IT_EXCLUDES2]
        if cb > 0:
            if word == 0:
                app_b0 |= 1 << bit
            else:
                app_b1 |= 1 << bit
            drop_b0 |= tab[row + S.IT_EXCLUDES]
            drop_b1 |= tab[row + S.IT_EXCLUDES2]
    fv[S.FV_FACTS] = fa
    _finish(fv, tab, out_self, sa, stack, app_a0 & ~drop_a0, app_a1 & ~drop_a1)
    fv[S.FV_FACTS] = fb
    _finish(fv, tab, out_discard, sb, stack, app_b0 & ~drop_b0, app_b1 & ~drop_b1)
