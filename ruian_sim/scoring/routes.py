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
from .kernels import NO_COMBINATION, applied, fill_item_vars, finish_parts, is_dropped, item_count, reading_faces



@kernel
def _bit(tab, at, i):
    """Bit i of the two-word item mask at tab[at]."""
    if i < S.ITEM_BITS:
        return (tab[at] >> i) & 1
    return (tab[at + 1] >> (i - S.ITEM_BITS)) & 1


@kernel
def route_parts(fv, tab, out_self, out_discard, scratch, stack):
    """item_parts of reading fv won self-drawn (into ``out_self``) and won on a
    discard (``out_discard``).  ``scratch``: int64[2 * ITEM_SCRATCH], one half
    a way.  fv's route bits are left saying a discard."""
    sa = scratch[:S.ITEM_SCRATCH]
    sb = scratch[S.ITEM_SCRATCH:2 * S.ITEM_SCRATCH]
    n = tab[S.T_N_ITEMS]
    flags = tab[S.T_FLAGS]
    base = fv[S.FV_FACTS] & ~S.ROUTE_BITS
    fa = base | S.FACT_SELF_DRAWN
    fb = base | S.FACT_DISCARD
    if flags & S.TF_FACES:
        fv[S.FV_FACES] = reading_faces(fv)
    if flags & S.TF_PROGS:
        fv[S.FV_FACTS] = fa
        fill_item_vars(fv, tab, sa)
        fv[S.FV_FACTS] = fb
        fill_item_vars(fv, tab, sb)
    route_vars = flags & S.TF_ROUTE_VARS != 0
    once = flags & S.TF_COMBINE_ONCE != 0
    kept_only = flags & S.TF_KEPT != 0
    ua = ub = NO_COMBINATION
    app_a0 = app_a1 = app_b0 = app_b1 = 0
    drop_a0 = drop_a1 = drop_b0 = drop_b1 = 0
    diverged = False   # some count so far differs between the two ways
    for i in range(n):
        row = tab[S.T_ITEMS] + i * S.ITEM_W
        da = is_dropped(i, drop_a0, drop_a1)
        db = is_dropped(i, drop_b0, drop_b1)
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
                ca, ua = item_count(fv, tab, row, sa, stack, once, ua, da)
            if not skip_b:
                fv[S.FV_FACTS] = fb
                cb, ub = item_count(fv, tab, row, sb, stack, once, ub, db)
        elif not (skip_a and skip_b):
            # the same count either way (the same combine state, where it reads one)
            c, after = item_count(fv, tab, row, sa, stack, once, ua, da)
            if not skip_a:
                ca = c
                ua = after
            if not skip_b:
                cb = c
                ub = after
        sa[S.SW_COUNTS + i] = ca
        sb[S.SW_COUNTS + i] = cb
        diverged = diverged or ca != cb
        app_a0, app_a1, drop_a0, drop_a1 = applied(tab, row, i, ca, app_a0, app_a1, drop_a0, drop_a1)
        app_b0, app_b1, drop_b0, drop_b1 = applied(tab, row, i, cb, app_b0, app_b1, drop_b0, drop_b1)
    fv[S.FV_FACTS] = fa
    finish_parts(fv, tab, out_self, sa, stack, app_a0 & ~drop_a0, app_a1 & ~drop_a1)
    fv[S.FV_FACTS] = fb
    finish_parts(fv, tab, out_discard, sb, stack, app_b0 & ~drop_b0, app_b1 & ~drop_b1)
