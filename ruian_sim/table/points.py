"""One hand's points per seat, in the kernel, from its record row: what
settle/payments.score computes from the records, for a player that plays
hands out inside the engine (bots/search.py scores its playouts with it).

It covers the money of the wins: ``payers`` (all, discarder,
discarder_for_all, each winner paid only by the seats still in), ``settle:
pairwise`` (the ``losers`` formula or the ``pairwise`` fractions) and the
four-winds penalty.  Kong money, 财神钱 and what a draw settles (查叫, 花猪,
退税) are not here: ``unsupported`` names them, and a rule file that uses
them is refused by the player that would need this kernel.
tests/table/test_points.py holds it equal to payments.score on
recorded hands of every game it supports.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..jit import kernel
from ..scoring import layout as S
from ..scoring.compile import rules_table
from ..scoring.kernels import fill_vars, formula, item_parts
from . import layout as L
from .programs import PAYERS, PAY_ALL, PAY_DISCARDER

# Settle.misc
M_PAIRWISE = 0      # 1: settle pairwise
M_LOSERS = 1        # 1: ... by the losers formula (else the pairwise fractions)
M_PENALTY = 2       # four_winds_penalty
M_PW = 3            # pairwise dealer [num, den], other [num, den]
M_HAND_CAP = 7      # cap on a seat's own hand (the value's cap when the table has no `hand`)
M_K0 = 8            # where the losers' hi, lo, dealer_in_pair go in vars
M_OTHER = 9         # base against a non-dealer
M_CAP = 10          # cap on a value
M_PAYERS = 11       # valuation.PAY_*
M_SIZE = 12


class Settle(NamedTuple):
    """The table's programs for settling (shared), then one player's scratch."""

    misc: np.ndarray            # int64[M_SIZE]
    bases: np.ndarray           # int64: scoring.base.dealer by the dealer's term
    value_code: np.ndarray
    value_consts: np.ndarray
    hand_code: np.ndarray       # the `hand` formula, or the value's without one
    hand_consts: np.ndarray
    losers_code: np.ndarray     # the `losers` formula (unused without one)
    losers_consts: np.ndarray
    fv: np.ndarray              # int64[seats, FV_SIZE]: each seat's facts, from the row
    parts: np.ndarray           # int64[seats, OUT_W]
    value: np.ndarray           # int64[seats, seats]: value[s, p], s's arrangement against payer p
    hand: np.ndarray            # int64[seats]
    counts: np.ndarray          # int64[N_FACE]: a seat's held tiles
    vars: np.ndarray            # int64: the formulas' variables
    scratch: np.ndarray         # int64[ITEM_SCRATCH]
    stack: np.ndarray           # int64[STACK_SIZE]


def unsupported(rules) -> str | None:
    """What of the rules' money this kernel does not settle, or None."""
    sc = rules.scoring
    kongs = sc["kongs"]
    if any(int(kongs[k]) for k in ("exposed", "added", "concealed")):
        return "scoring.kongs (kong money)"
    if int(sc["wild_money"]["amount"]):
        return "scoring.wild_money"
    d = sc.get("draw") or {}
    if d.get("ready") or int(d.get("void_penalty", 0)):
        return "scoring.draw (what the seats left at a draw settle)"
    return None


def settle_work(rules) -> Settle:
    """The settling programs of these rules, with fresh scratch."""
    sc, n = rules.scoring, rules.table.seats
    t = rules_table(rules)
    misc = np.zeros(M_SIZE, np.int64)
    misc[M_PAIRWISE] = sc.get("settle", "winner") == "pairwise"
    misc[M_LOSERS] = t.losers is not None
    misc[M_PENALTY] = int(sc["four_winds_penalty"])
    pw = sc.get("pairwise") or {"dealer": (1, 1), "other": (1, 1)}
    misc[M_PW:M_PW + 4] = [int(pw["dealer"][0]), int(pw["dealer"][1]), int(pw["other"][0]), int(pw["other"][1])]
    misc[M_HAND_CAP] = int(sc.get("cap", 0)) if t.hand is None else 0
    misc[M_K0] = S.N_FIXED_VARS + len(t.fvars)
    misc[M_OTHER], misc[M_CAP] = int(sc["base"]["other"]), int(sc.get("cap", 0))
    misc[M_PAYERS] = PAYERS[sc.get("payers", "all")]
    hand = t.hand or t.value
    losers = t.losers or t.value
    return Settle(misc, np.array(list(sc["base"]["dealer"]), np.int64), t.value.code, t.value.consts,
                  hand.code, hand.consts, losers.code, losers.consts,
                  np.zeros((n, S.FV_SIZE), np.int64), np.zeros((n, S.OUT_W), np.int64),
                  np.zeros((n, n), np.int64), np.zeros(n, np.int64), np.zeros(L.N_FACE, np.int64),
                  np.zeros(t.n_vars + 1, np.int64), np.zeros(S.ITEM_SCRATCH, np.int64),
                  np.zeros(S.STACK_SIZE, np.int64))


@kernel
def _col(rec, n, field, s):
    return rec[L.C_FIXED + field * n + s]


@kernel
def row_facts(rec, n, s, fv, counts):
    """fv[FV_*] of seat s, rebuilt from the record row as payments.fact_vectors
    and _tile_facts rebuild it from the records' columns."""
    fv[:] = 0
    dealer = rec[L.C_DEALER]
    won = (rec[L.C_OUTCOME] == L.OUT_SELF_DRAW or rec[L.C_OUTCOME] == L.OUT_DISCARD_WIN
           or rec[L.C_OUTCOME] == L.OUT_ROBBED_KONG or rec[L.C_OUTCOME] == L.OUT_HAIDI_WIN)
    fv[S.FV_SHAPES] = _col(rec, n, L.S_SHAPES, s)
    fv[S.FV_HARD] = _col(rec, n, L.S_HARD, s)
    fv[S.FV_FACTS] = _col(rec, n, L.S_FACTS, s)
    fv[S.FV_WILDS] = _col(rec, n, L.S_WILDS, s)
    fv[S.FV_STREAK] = rec[L.C_STREAK]
    fv[S.FV_DEALER] = 1 if dealer == s else 0
    kexp, kadd = _col(rec, n, L.S_KONG_EXP, s), _col(rec, n, L.S_KONG_ADD, s)
    fv[S.FV_KONGS] = kexp + kadd + _col(rec, n, L.S_KONG_CON, s)
    fv[S.FV_FLOWER_BITS] = _col(rec, n, L.S_FLOWER_BITS, s)
    fv[S.FV_ASIDE] = _col(rec, n, L.S_ASIDE, s)
    fv[S.FV_SEAT_WIND] = (s - dealer) % n
    fv[S.FV_ROUND_WIND] = rec[L.C_ROUND]
    fv[S.FV_CONCEALED] = 1 if _col(rec, n, L.S_PONS, s) + _col(rec, n, L.S_CHIS, s) + kexp + kadd == 0 else 0
    fv[S.FV_WAIT] = _col(rec, n, L.S_WAIT, s)
    fv[S.FV_PAIR] = _col(rec, n, L.S_PAIR, s)
    ready = _col(rec, n, L.S_READY, s) == L.READY_YES
    fv[S.FV_WON] = 1 if (won and (rec[L.C_WINNERS] >> s) & 1 == 1) or ready else 0
    for m in range(S.N_MELDS):
        fv[S.FV_MELD + m] = _col(rec, n, L.S_MELD0 + m, s)
    chain, chain_wilds = _col(rec, n, L.S_CHAIN, s), _col(rec, n, L.S_CHAIN_WILDS, s)
    fv[S.FV_QUADS] = _col(rec, n, L.S_QUADS, s)
    fv[S.FV_CHAIN] = chain
    fv[S.FV_KONG_CHAIN] = chain - chain_wilds
    fv[S.FV_WILD_CHAIN] = chain_wilds
    fv[S.FV_WHITES] = fv[S.FV_WILDS] + chain_wilds
    fv[S.FV_FOURS] = _col(rec, n, L.S_FOURS, s)
    # the winning tile's facts and the faces held
    lo, hi = _col(rec, n, L.S_HELD_LO, s), _col(rec, n, L.S_HELD_HI, s)
    top = (1 << L.HELD_BITS) - 1
    for f in range(L.N_FACE):
        word, at = (lo, f) if f < 17 else (hi, f - 17)
        counts[f] = (word >> (L.HELD_BITS * at)) & top
    win = _col(rec, n, L.S_WIN_TILE, s)
    if ready and win >= 0:
        counts[win] += 1
    faces = 0
    for f in range(L.N_FACE):
        if counts[f] > 0:
            faces |= 1 << f
    frm = _col(rec, n, L.S_MELD_FROM, s)
    aside = False
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        set_aside = (frm >> (L.MELD_FROM_BITS * m)) & 15 != 0
        face = (code // S.MELD_FACE) % 64
        if set_aside and code > 0:
            faces |= (7 << face) if code % 8 == S.MELD_CHI else (1 << face)
        aside = aside or set_aside
    fv[S.FV_HELD] = faces
    fv[S.FV_WIN_FACE] = win
    fv[S.FV_SHOWN] = _col(rec, n, L.S_SHOWN, s)
    key = -1
    if win >= 0 and not aside and fv[S.FV_WILDS] == 0:
        counts[win] -= 1   # the hand before its winning tile
        total = 0
        for f in range(L.N_FACE):
            total += counts[f]
        g = win // 9
        if g < 3:
            inside = 0
            k = 0
            p = 1
            for r in range(9):
                inside += counts[9 * g + r]
                k += counts[9 * g + r] * p
                p *= 5
            if inside == total:
                key = k
    fv[S.FV_SUIT_KEY] = key


@kernel
def _clamp_term(streak, bases):
    k = streak - 1
    if k < 0:
        k = 0
    if k > len(bases) - 1:
        k = len(bases) - 1
    return bases[k]


@kernel
def row_points(rec, n, tab, st, pay):
    """pay[s]: seat s's points for the hand of record row ``rec``, as
    payments.score gives them.  Returns a formula's error bits (FE_*), 0 when
    every formula ran."""
    misc, fv, parts, value, vars, stack = st.misc, st.fv, st.parts, st.value, st.vars, st.stack
    stack[S.STACK_ERR] = 0
    dealer, winners = rec[L.C_DEALER], rec[L.C_WINNERS]
    outcome = rec[L.C_OUTCOME]
    won = (outcome == L.OUT_SELF_DRAW or outcome == L.OUT_DISCARD_WIN or outcome == L.OUT_ROBBED_KONG
           or outcome == L.OUT_HAIDI_WIN)
    for s in range(n):
        pay[s] = 0
        row_facts(rec, n, s, fv[s], st.counts)
        item_parts(fv[s], tab, parts[s], st.scratch, stack)
    if stack[S.STACK_ERR] != 0:
        return stack[S.STACK_ERR]
    # value[s, p] (kernels.pair_values on one row)
    for s in range(n):
        for p in range(n):
            if p == s:
                value[s, p] = 0
                continue
            base = _clamp_term(fv[s, S.FV_STREAK], st.bases) if (dealer == s or dealer == p) else misc[M_OTHER]
            frm = _col(rec, n, L.S_WIN_FROM, s)
            fill_vars(fv[s], parts[s], tab, base, 1 if p == dealer else 0, 1 if p == frm else 0, vars)
            v = formula(st.value_code, st.value_consts, vars, stack)
            if stack[S.STACK_ERR] != 0:
                return stack[S.STACK_ERR]
            if misc[M_CAP] > 0 and v > misc[M_CAP]:
                v = misc[M_CAP]
            value[s, p] = v
    # win order and who dealt in (draw.win_orders; a row with a winner and no order: all at once)
    legacy = False
    for s in range(n):
        if _col(rec, n, L.S_WIN_ORDER, s) == 0 and (winners >> s) & 1 == 1:
            legacy = True
    if won:
        for w in range(n):
            if (winners >> w) & 1 == 0:
                continue
            ow = 1 if legacy else _col(rec, n, L.S_WIN_ORDER, w)
            dealt_in = rec[L.C_DISCARDER] if legacy else _col(rec, n, L.S_WIN_FROM, w)
            on_discard = _col(rec, n, L.S_FACTS, w) & L.FACT_DISCARD != 0 and dealt_in >= 0
            total = 0
            for p in range(n):
                op = ((winners >> p) & 1) if legacy else _col(rec, n, L.S_WIN_ORDER, p)
                if p != w and (op == 0 or op > ow):
                    total += value[w, p]
            for p in range(n):
                op = ((winners >> p) & 1) if legacy else _col(rec, n, L.S_WIN_ORDER, p)
                owed = value[w, p] if p != w and (op == 0 or op > ow) else 0
                if misc[M_PAYERS] != PAY_ALL and on_discard:
                    if p != dealt_in:
                        owed = 0
                    elif misc[M_PAYERS] != PAY_DISCARDER:
                        owed = total
                pay[p] -= owed
                pay[w] += owed
        if misc[M_PAIRWISE] == 1:
            if misc[M_LOSERS] == 1:
                _losers_exchange(n, dealer, winners, tab, st, pay)
            else:
                _pairwise(n, dealer, winners, misc, value, pay)
    pen = misc[M_PENALTY]
    if pen != 0:
        total = 0
        for s in range(n):
            total += _col(rec, n, L.S_PENALTY, s) * pen
        for s in range(n):
            pay[s] -= _col(rec, n, L.S_PENALTY, s) * pen * n - total
    return stack[S.STACK_ERR]


@kernel
def _losers_exchange(n, dealer, winners, tab, st, pay):
    """payments._losers_exchange on one won hand."""
    misc, fv, parts, hand, vars, stack = st.misc, st.fv, st.parts, st.hand, st.vars, st.stack
    for s in range(n):
        base = _clamp_term(fv[s, S.FV_STREAK], st.bases) if fv[s, S.FV_DEALER] else misc[M_OTHER]
        fill_vars(fv[s], parts[s], tab, base, 0, 0, vars)
        v = formula(st.hand_code, st.hand_consts, vars, stack)
        hand[s] = min(v, misc[M_HAND_CAP]) if misc[M_HAND_CAP] > 0 else v
    k0 = misc[M_K0]
    for i in range(n):
        for j in range(i + 1, n):
            if (winners >> i) & 1 or (winners >> j) & 1:
                continue
            hi, lo = (i, j) if hand[i] >= hand[j] else (j, i)
            in_pair = dealer == i or dealer == j
            base = _clamp_term(fv[hi, S.FV_STREAK], st.bases) if in_pair else misc[M_OTHER]
            fill_vars(fv[hi], parts[hi], tab, base, 1 if lo == dealer else 0, 0, vars)
            vars[k0], vars[k0 + 1], vars[k0 + 2] = hand[hi], hand[lo], 1 if in_pair else 0
            x = formula(st.losers_code, st.losers_consts, vars, stack)
            cap = misc[M_CAP]
            if cap > 0:
                x = max(-cap, min(cap, x))
            pay[hi] += x
            pay[lo] -= x


@kernel
def _pairwise(n, dealer, winners, misc, value, pay):
    """payments._pairwise on one won hand: x rounded toward zero, the same for both sides."""
    for i in range(n):
        for j in range(i + 1, n):
            if (winners >> i) & 1 or (winners >> j) & 1:
                continue
            d = dealer == i or dealer == j
            num = misc[M_PW] if d else misc[M_PW + 2]
            den = misc[M_PW + 1] if d else misc[M_PW + 3]
            diff = (value[i, j] - value[j, i]) * num
            x = abs(diff) // den
            if diff < 0:
                x = -x
            pay[i] += x
            pay[j] -= x
