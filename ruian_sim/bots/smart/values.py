"""What a win is worth under the rules being played, as numbers the smart bot reads.

The bot plays for the table it is given: for every way a hand can be won
(shape route × hard or soft × self-drawn or on a discard, the winner the
dealer or not) this module works out the winner's gain and each loser's
payment from the rules' scoring section, once per rule set, into a flat
float vector (layout.V_*).  The table is evaluated by the scoring package's
compiled kernels (item_parts, formula) on a representative fact vector per
case, imported lazily: that evaluator is meant to move below the engine
(DESIGN.md, hand value), and until it does the import must not run at load.  Side payments (kongs, 财神钱)
and the dealer's later terms are left out: the bot values a win at streak 1.
"""

from __future__ import annotations

import numpy as np

from ...hand.layout import SHAPE_NAMES
from ...ruleset import RuleSet
from ...scoring import layout as S
from ...scoring.compile import rules_table
from ...scoring.facts import FACTS
from ...scoring.formula import check_stack, new_stack
from ...scoring.kernels import fill_vars, formula, item_parts
from ...table import layout as L
from ...table.programs import gate_is_minimum, reads, reads_melds, reads_relations
from .. import layout as BL
from .projection import (
    MAX_TARGETS,
    TG_FACTS,
    TG_FILL,
    TG_GROUPS,
    TG_PUNGS,
    TG_SHAPES,
    TG_W,
    TH_MELDS,
    TH_RELATIONS,
    TH_N,
)

# the routes a bot can play for, as the shapes a win along each one shows
ROUTES = (("standard",), ("eight_pairs",), ("standard", "all_pungs"), ("three_wilds",))
N_ROUTES = len(ROUTES)
_HARD_SHAPES = ("standard", "eight_pairs", "all_pungs")


def win_facts(route: int, hard: bool, self_drawn: bool, winner_dealer: bool) -> dict:
    """The facts a table's `when` may name, for one synthetic win."""
    shapes = ROUTES[route]
    facts = {name: name in shapes for name in SHAPE_NAMES}
    facts.update({f"hard_{n}": hard and n in shapes for n in _HARD_SHAPES})
    facts.update({name: False for name in L.FACT_NAMES})
    facts.update(hard=hard, self_drawn=self_drawn, discard_win=not self_drawn, winner_dealer=winner_dealer,
                 shapes=len(shapes), wilds=0 if hard else 1, streak=1, kongs=0)
    return facts


def win_vector(route: int, hard: bool, self_drawn: bool, winner_dealer: bool) -> np.ndarray:
    """The fact vector (scoring/layout FV_*) of one representative win: the
    facts of win_facts, a concealed hand with no melds, pair or wait known
    (the bot values a route before it knows the melds)."""
    f = win_facts(route, hard, self_drawn, winner_dealer)
    fv = np.zeros(S.FV_SIZE, np.int64)
    fv[S.FV_SHAPES] = sum(1 << i for i, n in enumerate(SHAPE_NAMES) if f[n])
    fv[S.FV_HARD] = sum(1 << SHAPE_NAMES.index(n) for n in _HARD_SHAPES if f[f"hard_{n}"])
    fv[S.FV_FACTS] = sum(1 << i for i, n in enumerate(L.FACT_NAMES) if f[n])
    fv[S.FV_WILDS] = f["wilds"]
    fv[S.FV_STREAK] = 1
    fv[S.FV_DEALER] = int(winner_dealer)
    fv[S.FV_CONCEALED] = 1
    fv[S.FV_WON] = 1
    return fv


def win_value(rules: RuleSet, route: int, hard: bool, self_drawn: bool, winner_dealer: bool,
              pair_has_dealer: bool, payer_dealer: bool) -> int:
    """What one payer pays for a representative win, by the compiled table
    (the same kernels the scorer runs), capped by `cap`."""
    sc = rules.scoring
    t = rules_table(rules)
    fv = win_vector(route, hard, self_drawn, winner_dealer)
    parts = np.zeros(S.OUT_W, np.int64)
    item_parts(fv, t.tab, parts, np.zeros(S.ITEM_SCRATCH, np.int64), new_stack())
    base = int(sc["base"]["dealer"][0]) if pair_has_dealer else int(sc["base"]["other"])
    vars_ = np.zeros(S.N_FIXED_VARS + len(t.fvars) + 1, np.int64)
    fill_vars(fv, parts, t.tab, base, int(payer_dealer), 0, vars_)
    stack = new_stack()
    v = int(formula(t.value.code, t.value.consts, vars_, stack))
    check_stack(stack, "scoring.value on the bots' representative win")
    return min(v, int(sc["cap"])) if sc["cap"] else v


def payments(rules: RuleSet, route: int, hard: bool, self_drawn: bool, winner: int, dealer: int,
             discarder: int) -> np.ndarray:
    """Points per seat for one win at streak 1 (sums to zero)."""
    sc, n = rules.scoring, rules.table.seats
    owed = np.zeros(n)
    for p in range(n):
        if p != winner:
            owed[p] = win_value(rules, route, hard, self_drawn, winner == dealer, dealer in (winner, p), p == dealer)
    if not self_drawn and sc["payers"] != "all":
        total = owed.sum()
        mine = owed[discarder]
        owed[:] = 0
        owed[discarder] = total if sc["payers"] == "discarder_for_all" else mine
    out = -owed
    out[winner] = owed.sum()
    return out


def presence_asks(table, melds: int) -> dict[str, bool]:
    """Which of the bot's group targets an item asks for through the counts of
    the rule language (docs/scoring-language.md §4) rather than the named
    facts: one suit (`suits` at most 1) with no honour (`honors: 0`) or with
    honours (`honors` 1 or more), honours only (`tiles: {only: honor}`), every
    meld a pung (`pungs` at least the ``melds`` of a hand)."""
    tab = table.tab
    honor_faces = FACTS["honors"].arg
    out = {"one_suit": False, "half_suit": False, "all_honors": False, "pungs": False}
    for r in range(int(tab[S.T_N_ITEMS])):
        row = int(tab[S.T_ITEMS]) + r * S.ITEM_W
        c = int(tab[S.T_CONDS]) + int(tab[row + S.IT_COND0]) * S.COND_W
        conds = [tuple(int(tab[c + k * S.COND_W + j]) for j in range(S.COND_W))
                 for k in range(int(tab[row + S.IT_NCOND]))]
        suits = [(lo, hi) for op, _, arg, lo, hi in conds if op == S.OP_GROUPS and arg == 0b111]
        hon = [(lo, hi) for op, _, arg, lo, hi in conds if op == S.OP_FACES_COUNT and arg == honor_faces]
        if suits and suits[0][1] <= 1 and suits[0][0] >= 1:
            if not hon or hon[0][1] == 0:
                out["one_suit"] = True
            if not hon or hon[0][0] >= 1:
                out["half_suit"] = True
        if any(op == S.OP_FACES_ONLY and arg & ~honor_faces == 0 for op, _, arg, _, _ in conds):
            out["all_honors"] = True
        if any(op == S.OP_MELD_KINDS and arg == FACTS["pungs"].arg and lo >= melds for op, _, arg, lo, _ in conds):
            out["pungs"] = True
    return out


def pattern_targets(table, melds: int = 5) -> np.ndarray:
    """The patterns a compiled table pays for, as targets the smart bot plays
    toward (bots/smart/patterns.py): a one-suit hand of each suit where an item or
    formula reads `one_suit`, a suit plus honors for `half_suit`, honors only
    for `all_honors`, pungs only for `all_pungs`, and the suit ones in pungs
    too where both are read; the same where an item asks them through counts
    (presence_asks: `suits`, `honors`, `tiles`, `pungs`).  Row 0 is the header (how many; whether the
    items look at melds, so that pairs that may become valued pungs count)."""
    rows = []
    honors = 8
    asks = presence_asks(table, melds)
    pungs = reads(table, ("all_pungs", "hard_all_pungs")) or asks["pungs"]
    if reads(table, ("one_suit",)) or asks["one_suit"]:
        rows += [(1 << g, 0, L.FACT_ONE_SUIT, 0, g) for g in range(3)]
    if reads(table, ("half_suit",)) or asks["half_suit"]:
        rows += [((1 << g) | honors, 0, L.FACT_HALF_SUIT, 0, g) for g in range(3)]
    if reads(table, ("all_honors",)) or asks["all_honors"]:
        rows.append((honors, 1, L.FACT_ALL_HONORS, 4, 3))
    if pungs:
        rows.append((15, 1, 0, 4, -1))
        rows += [(g, 1, f, 4, fill) for g, _, f, _, fill in list(rows) if g != 15 and g != honors]
    out = np.zeros((1 + MAX_TARGETS, TG_W), np.int64)
    rows = rows[:MAX_TARGETS]
    out[0, TH_N] = len(rows)
    out[0, TH_MELDS] = reads_melds(table)
    # the hand's own melds, not a plain fill, under a table that pays for melds together; not under
    # a minimum (MCR's 8 fan), where most such readings of a hand still short fail the gate and the
    # bot lost its way: 23.6% of hands drawn against 20.7% (docs/bots.md, known limitations)
    out[0, TH_RELATIONS] = reads_relations(table) and not gate_is_minimum(table)
    for i, (groups, p, facts, shapes, fill) in enumerate(rows):
        out[1 + i, TG_GROUPS], out[1 + i, TG_PUNGS], out[1 + i, TG_FACTS] = groups, p, facts
        out[1 + i, TG_SHAPES], out[1 + i, TG_FILL] = shapes, fill
    return out


def bot_values(rules: RuleSet, danger: dict | None = None) -> np.ndarray:
    """The vector the smart bot reads (layout.V_* offsets, N_VALUES long; stored at BP_V0 of each seat's bot parameters).

    gain[me dealer][route][hard][self-drawn]: what a win brings the bot;
    deal_in[me dealer][they dealer]: what the bot pays when its discard gives
    a typical win (soft, standard); by_self[...]: what it pays when that
    player draws the win; by_other[...]: when a third player deals in.
    ``danger``: the danger tables (bots/smart/danger.py); None leaves them 0 (the
    payments alone, as a sweep compares its points by)."""
    n = rules.table.seats
    if n < 3:
        raise ValueError("the smart bot needs three seats or more")
    v = np.zeros(BL.N_VALUES)
    for me_dealer in (0, 1):
        dealer = 0 if me_dealer else 2
        for r in range(N_ROUTES):
            for hard in (0, 1):
                for sd in (0, 1):
                    # the winner is seat 0; a discard comes from seat 1 (the average over
                    # discarders is the same at streak 1 except for who is the dealer)
                    got = [payments(rules, r, bool(hard), bool(sd), 0, dealer, d)[0] for d in range(1, n)]
                    v[BL.V_GAIN + ((me_dealer * N_ROUTES + r) * 2 + hard) * 2 + sd] = float(np.mean(got))
        for they_dealer in (0, 1):
            # the bot is seat 1, the winner seat 0, a third player seat 2
            dealer = 1 if me_dealer else (0 if they_dealer else 3 % n)
            i = me_dealer * 2 + they_dealer
            soft_std = (0, False)
            v[BL.V_DEAL_IN + i] = -payments(rules, *soft_std, False, 0, dealer, 1)[1]
            v[BL.V_BY_SELF + i] = -payments(rules, *soft_std, True, 0, dealer, 1)[1]
            v[BL.V_BY_OTHER + i] = -payments(rules, *soft_std, False, 0, dealer, 2)[1]
    if danger is not None:
        from .danger import as_arrays

        ready, hit, accept, hazard, by_round = as_arrays(danger)
        v[BL.V_READY:BL.V_READY + ready.size] = ready.ravel()
        v[BL.V_HIT:BL.V_HIT + hit.size] = hit.ravel()
        v[BL.V_ACCEPT:BL.V_ACCEPT + accept.size] = accept
        v[BL.V_HAZARD] = hazard
        v[BL.V_HAZARD_R:BL.V_HAZARD_R + BL.N_HAZARD_R] = by_round
    return v
