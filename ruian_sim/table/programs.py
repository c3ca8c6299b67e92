"""The played table as the kernels read it (Python, at compile): its value
and gate programs with the scoring section's numbers (programs), the layout
of a value's parts and of those numbers, and what the table reads (the melds,
meld relations, the waits, a minimum gate), which decides what the engine
and the bots compute for it.  The kernels that value a hand with them are
valuation.py's.
"""

from __future__ import annotations

from ..scoring import layout as S
from ..scoring.facts import FACTS
from ..scoring.layout import (
    ITEM_SCRATCH,
    N_FIXED_VARS,
    OUT_ITEMS,
    OUT_ITEMS2,
    OUT_POINTS,
    OUT_TAI,
    OUT_TIMES,
    OUT_W,
    STACK_SIZE,
)
from .state import Programs

# parts of a value (int64[PARTS_SIZE]): the reading being tried, then from
# BEST the best so far, from WAIT the best of a ready hand's waits.  The
# first four are scoring/kernels.item_parts' out[].
P_POINTS, P_TAI, P_TIMES, P_ITEMS, P_ITEMS2 = OUT_POINTS, OUT_TAI, OUT_TIMES, OUT_ITEMS, OUT_ITEMS2
P_VALUE = OUT_W
P_DEALER_VALUE = P_VALUE + 1   # the reading's value against the dealer, when scoring.prefer reads it
BEST = 8
WAIT = 16            # the best wait's best reading (ready.best_wait)
ROUTE = 24           # a bot's projected reading won on a discard (the one won self-drawn: from 0)
PARTS_SIZE = 32


# misc (int64): has a gate, the base between two non-dealers, the cap,
# whether the table reads the wait facts (single_wait, waits_any: costly, so
# the gate computes them only for a table that reads them), who pays a
# discard win (PAY_*), whether scoring.prefer reads dealer_value, then
# scoring.prefer as the parts slots it compares, in order (-1 past the last)
M_GATE, M_OTHER, M_CAP, M_WAITS, M_PAYERS, M_DEALER_VALUE, M_PREFER = 0, 1, 2, 3, 4, 5, 6
N_PREFER = 4
# then whether losers are read on their concealed hand too (scoring.read_losers, table/losers.py)
# and wild.max_in_pung by wilds held (the last repeats; BIG: no limit)
M_READ_LOSERS = M_PREFER + N_PREFER
M_MAX_IN_PUNG = M_READ_LOSERS + 1
N_MAX_IN_PUNG = 5
M_SIZE = M_MAX_IN_PUNG + N_MAX_IN_PUNG
PAY_ALL, PAY_DISCARDER, PAY_DISCARDER_FOR_ALL = 0, 1, 2
PAYERS = {"all": PAY_ALL, "discarder": PAY_DISCARDER, "discarder_for_all": PAY_DISCARDER_FOR_ALL}
PREFER = {"value": P_VALUE, "dealer_value": P_DEALER_VALUE, "points": P_POINTS, "tai": P_TAI, "times": P_TIMES}


def programs(table, scoring, max_in_pung=()) -> Programs:
    """The value and gate programs of a compiled table (scoring.compile.Table),
    with the scoring section's numbers the kernels below read (and the wild
    section's ``max_in_pung``, which the losers' search reads)."""
    import numpy as np

    empty = np.zeros(2, np.int64)
    misc = np.zeros(M_SIZE, np.int64)
    misc[M_READ_LOSERS] = scoring.get("read_losers", "shown") == "concealed"
    limits = list(max_in_pung) or [S.BIG]
    for i in range(N_MAX_IN_PUNG):
        misc[M_MAX_IN_PUNG + i] = limits[min(i, len(limits) - 1)]
    misc[M_GATE] = table.gate is not None
    misc[M_OTHER], misc[M_CAP] = int(scoring["base"]["other"]), int(scoring.get("cap", 0))
    misc[M_WAITS] = reads_waits(table)
    misc[M_PAYERS] = PAYERS[scoring.get("payers", "all")]
    prefer = list(scoring["prefer"])
    misc[M_DEALER_VALUE] = "dealer_value" in prefer
    misc[M_PREFER:M_PREFER + N_PREFER] = -1
    for i, key in enumerate(prefer):
        misc[M_PREFER + i] = PREFER[key]
    gate = table.gate
    return Programs(table.value.code, table.value.consts, gate.code if gate else empty,
                    gate.consts if gate else empty, np.zeros(N_FIXED_VARS + len(table.fvars) + 1, np.int64),
                    np.zeros(STACK_SIZE, np.int64), np.array(list(scoring["base"]["dealer"]), np.int64), misc,
                    np.zeros(2 * ITEM_SCRATCH, np.int64))   # two halves: scoring/routes.route_parts


def reads(table, names) -> bool:
    """Whether any item (a condition or its `per`) or formula of a compiled
    table reads one of the facts ``names``."""
    want = {(FACTS[n].op, FACTS[n].slot, FACTS[n].arg) for n in names}
    if set(table.fvars) & set(names):
        return True
    tab = table.tab
    for r in range(int(tab[S.T_N_ITEMS])):
        row = int(tab[S.T_ITEMS]) + r * S.ITEM_W
        c = int(tab[S.T_CONDS]) + int(tab[row + S.IT_COND0]) * S.COND_W
        rows = [(int(tab[c + k * S.COND_W]), int(tab[c + k * S.COND_W + 1]), int(tab[c + k * S.COND_W + 2]))
                for k in range(int(tab[row + S.IT_NCOND]))]
        rows.append((int(tab[row + S.IT_PER_OP]), int(tab[row + S.IT_PER_SLOT]), int(tab[row + S.IT_PER_ARG])))
        if want & set(rows):
            return True
    return False


def reads_melds(table) -> bool:
    """Whether the table's items, value formula or gate look at the melds or
    the pair themselves (per-meld points, a meld or pair filter, counts of
    pungs or chis)."""
    tab = table.tab
    ops = (S.OP_MELDS, S.OP_PAIR, S.OP_MELD_KINDS, S.OP_PAIR_WILDS)
    for r in range(int(tab[S.T_N_ITEMS])):
        row = int(tab[S.T_ITEMS]) + r * S.ITEM_W
        c = int(tab[S.T_CONDS]) + int(tab[row + S.IT_COND0]) * S.COND_W
        if int(tab[row + S.IT_PER_OP]) in ops:
            return True
        if any(int(tab[c + k * S.COND_W]) in ops for k in range(int(tab[row + S.IT_NCOND]))):
            return True
    # the value formula and the gate read facts too (fill_vars)
    return any(int(tab[int(tab[S.T_FVARS]) + j * S.FV_ROW_W]) in ops for j in range(int(tab[S.T_N_FVARS])))


def reads_relations(table) -> bool:
    """Whether an item of a compiled table pays for melds together (a relation:
    the same chow in three suits, a straight, shifted pungs ...)."""
    tab = table.tab
    for r in range(int(tab[S.T_N_ITEMS])):
        row = int(tab[S.T_ITEMS]) + r * S.ITEM_W
        if int(tab[row + S.IT_PER_OP]) == S.OP_TOGETHER:
            return True
    return False


def gate_is_minimum(table) -> bool:
    """Whether the table's gate reads the items' totals (points, tai, fan,
    times): a minimum a win must reach, such as MCR's 8 fan."""
    gate = None if table is None else table.gate
    if gate is None:
        return False
    code = gate.code
    totals = {S.FIXED_VARS.index(n) for n in ("points", "tai", "fan", "times")}
    return any(int(code[i]) == S.F_VAR and int(code[i + 1]) in totals for i in range(0, len(code), 2))


def reads_waits(table) -> bool:
    """Whether any item or formula of a compiled table reads single_wait or waits_any."""
    return reads(table, ("single_wait", "waits_any"))
