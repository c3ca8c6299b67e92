"""What the smart bot's projected readings are worth (bots/smart/projection.py):
the memo of worth() is keyed by the slots the table can read, so a table
that reads no meld and no pair shares one value across readings that differ
there, and one whose formula reads them (a count of pungs) does not."""

from __future__ import annotations

import numpy as np
import pytest
from tables import quiet_table, rules_of

from ruian_sim import tiles
from ruian_sim.bots.smart.projection import SELF_DRAW_SHARE, TH_MELDS, gain, projected, worth
from ruian_sim.engine.compile import simulator
from ruian_sim.table import layout as L
from ruian_sim.ruleset import load
from ruian_sim.scoring.layout import (
    FV_MELD,
    FV_PAIR,
    MELD_CHI,
    MELD_CONCEALED,
    MELD_FACE,
    MELD_PUNG,
)

# the default table, with 2 more for every pung or kong of the winner's, in the formula alone
PUNGS_IN_FORMULA = 'extends: ruian\nscoring:\n  value: "(times + 2 * pungs) * base"\n'


def reading(sim, state, kinds):
    """A projected-like reading of seat 0: its facts, then melds of the given kinds (chi or pung of 2m..)."""
    fv = sim.values.rows[1]
    projected(0, -1, 0, sim.kernel_rules, state.seats, state.table, sim.values, fv)
    for m, kind in enumerate(kinds):
        fv[FV_MELD + m] = kind + MELD_CONCEALED + MELD_FACE * (tiles.parse("2m")[0] + m)
    fv[FV_PAIR] = 1 + tiles.parse("9p")[0]
    return fv.copy()


def direct(sim, state, fv):
    """worth() without its memo: the gain of a self-drawn and of a discard win, weighed as it weighs them."""
    a, b = fv.copy(), fv.copy()
    rules, values = sim.kernel_rules, sim.values
    return SELF_DRAW_SHARE * gain(0, a, True, rules, state.table, values) + (1 - SELF_DRAW_SHARE) * gain(0, b, False, rules, state.table, values)


@pytest.mark.parametrize("formula_reads_pungs", [False, True])
def test_worth_answers_each_reading_as_the_table_values_it(tmp_path, formula_reads_pungs):
    rules = rules_of(tmp_path, PUNGS_IN_FORMULA) if formula_reads_pungs else load("ruian")
    sim = simulator(rules, "smart")
    state = quiet_table(sim)
    assert sim.values.targets[0, TH_MELDS] == (1 if formula_reads_pungs else 0)
    runs = reading(sim, state, [MELD_CHI] * 5)
    pungs = reading(sim, state, [MELD_PUNG] * 3 + [MELD_CHI] * 2)
    sim.values.memo_keys[:] = 0
    got = []
    for fv in (runs, pungs, runs, pungs):   # each asked twice: the second answer is the memo's
        v = worth(0, fv.copy(), 0.0, 1.0, 0.0, sim.kernel_rules, state.table, sim.values)
        assert v == pytest.approx(direct(sim, state, fv))
        got.append(v)
    assert (got[1] > got[0]) == formula_reads_pungs
    assert np.all(np.array(got[2:]) == np.array(got[:2]))


def test_projected_readings_hold_tiles_so_tile_predicates_read_them():
    """Under MCR a projected reading is a whole hand (melds and a pair) and a pairs hand
    is read as the tiles the seat holds: a reading of no tiles would pass every
    `tiles: {only: ...}` an item asks (绿一色, 字一色, 清幺九 ...) and the bot
    chased seven pairs worth hundreds of fan (28% of its wins; 12.6% with this)."""
    from tables import hold

    from ruian_sim.bots.smart.projection import pairs_worth
    from ruian_sim.scoring.kernels import reading_parts

    rules = load("mcr")
    sim = simulator(rules, "smart")
    state = quiet_table(sim)
    hold(sim, state, 0, "1133557799m2468p", 0)
    names = sim.spec.table.item_names
    fv = sim.values.rows[1]
    projected(0, -1, 0, sim.kernel_rules, state.seats, state.table, sim.values, fv)
    assert fv[FV_PAIR] > 0
    _, counts = reading_parts(fv, sim.values.tab)
    applied = {names[i] for i in range(len(names)) if counts[i]}
    assert not applied & {"all_green", "all_honors", "all_terminals", "all_terminals_and_honors"}, applied
    # seven pairs on these tiles: 七对 and what the tiles give (no honour: 无字), never 绿一色
    v = pairs_worth(0, 0.0, 1.0, 0.0, sim.kernel_rules, state.seats, state.table, sim.values)
    fv8 = sim.values.rows[1]
    _, counts = reading_parts(fv8, sim.values.tab)
    applied = {names[i] for i in range(len(names)) if counts[i]}
    assert "seven_pairs" in applied and "no_honors" in applied
    assert not applied & {"all_green", "all_honors", "all_terminals", "upper_tiles", "lower_tiles"}, applied
    assert 0 < v < 8 + 3 * (24 + 8)   # 8 + fan, from each of three payers, at most a few fans beside 七对


TRIPLE_CHOW = """extends: taiwanese
scoring:
  items:
    mixed_triple_chow:
      tai: 8
      together: {meld: chi, suits: different, offsets: [0, 0, 0]}
"""


def test_under_a_relation_the_reading_is_the_hands_own_melds(tmp_path):
    """A table that pays for melds together (三色同順 here) reads the chows the
    hand holds and completes its two-tile shapes (12 -> 123), so a discard that
    breaks the relation is worth less than one that throws a loose tile; the
    plain fill (4-5-6 of the hand's main suit) would see no relation at all."""
    from tables import hold, rules_of

    from ruian_sim.bots.smart.projection import TH_RELATIONS
    from ruian_sim.scoring.kernels import reading_parts

    sim = simulator(rules_of(tmp_path, TRIPLE_CHOW), "smart")
    assert sim.values.targets[0, TH_RELATIONS] == 1
    assert simulator(load("taiwanese"), "smart").values.targets[0, TH_RELATIONS] == 0
    assert simulator(load("mcr"), "smart").values.targets[0, TH_RELATIONS] == 0   # a minimum: not there
    state = quiet_table(sim)
    names = sim.spec.table.item_names
    seats, rules, values = state.seats, sim.kernel_rules, sim.values

    def worth_without(tile):
        f = tiles.parse(tile)[0]
        seats.cnt[0, f] -= 1
        fv = values.rows[1]
        projected(0, -1, 0, rules, seats, state.table, values, fv)
        seats.cnt[0, f] += 1
        _, counts = reading_parts(fv, values.tab)
        return worth(0, fv.copy(), 0.0, 1.0, 0.0, rules, state.table, values), {names[i] for i in range(len(names)) if counts[i]}

    hold(sim, state, 0, "123m12p123s456s789s11z9m", 0)   # 3p short of 三色同順
    v_loose, applied = worth_without("9m")
    assert "mixed_triple_chow" in applied
    v_broken, applied = worth_without("2p")
    assert "mixed_triple_chow" not in applied
    assert v_loose > v_broken


@pytest.mark.parametrize("short", [0.0, 0.3])
def test_where_every_win_counts_alike_each_way_of_winning_is_weighed_apart(short):
    """Under a minimum (mcr: ``value`` 0) a reading the gate passes only
    self-drawn (不求人 4 fan, 门前清 2 on a discard) counts for the share of wins
    that come self-drawn, not as a whole win; ``short`` values a way the gate
    refuses as that share of a plain win."""
    from tables import hold, random_hand

    sim = simulator(load("mcr"), "smart")
    state = quiet_table(sim)
    rules, values, table = sim.kernel_rules, sim.values, state.table
    ref = 10.0
    rng = np.random.default_rng(5)
    kinds = set()
    for _ in range(300):
        hold(sim, state, 0, random_hand(rng, -1, 0), 0)
        fv = values.rows[1]
        projected(0, -1, 1, rules, state.seats, table, values, fv)
        a = gain(0, fv.copy(), True, rules, table, values)
        b = gain(0, fv.copy(), False, rules, table, values)
        wa = ref if a > 0 else short * ref
        wb = ref if b > 0 else short * ref
        want = wa if wa == wb else SELF_DRAW_SHARE * wa + (1 - SELF_DRAW_SHARE) * wb
        assert worth(0, fv.copy(), ref, 0.0, short, rules, table, values) == pytest.approx(want)
        kinds.add((a > 0, b > 0))
    assert {(True, True), (True, False), (False, False)} <= kinds, kinds


def test_under_a_minimum_a_ready_hand_read_on_its_own_melds_passes_or_counts_short():
    """mcr, ready on the hand's own melds (``own``): 123m 234p 345s is 三色三步高
    (6 fan) and with 平和 and 门前清 passes 8 fan either way, worth a whole win;
    the same hand with 789p for 234p falls short on a discard and counts 0.8
    of a win there (short); the plain fill would read both as passing."""
    from tables import hold

    from ruian_sim.bots.smart.projection import FILL_OWN

    sim = simulator(load("mcr"), "smart")
    state = quiet_table(sim)
    rules, values, table = sim.kernel_rules, sim.values, state.table
    ref, short = 10.0, 0.8

    def worth_of(hand, mode):
        hold(sim, state, 0, hand, 0)
        fv = values.rows[1]
        projected(0, -1, mode, rules, state.seats, table, values, fv)
        return worth(0, fv.copy(), ref, 0.0, short, rules, table, values)

    assert worth_of("123m234p345s78s99s", FILL_OWN) == ref
    shifted_broken = worth_of("123m789p345s78s99s", FILL_OWN)
    assert short * ref <= shifted_broken < ref
    assert worth_of("123m789p345s78s99s", 0) == ref   # the plain fill: four runs of 4-5-6s, 一色四同顺


@pytest.mark.parametrize("short", [0.0, 0.8])
def test_no_hand_is_worth_more_than_the_bound_that_lets_claims_go_unvalued(short):
    """Where every win counts alike, smart refuses a claim without valuing it
    when its bar is above worth_bound (claim.py); so no hand may ever be
    valued above the bound: over random mcr hands, 0 to 4 pairs among them,
    with and without the short count of a refused way of winning."""
    from tables import hold, random_hand

    from ruian_sim.bots import layout as BL
    from ruian_sim.bots.smart.choice import smart_choice, worth_bound

    sim = simulator(load("mcr"), "smart")
    state = quiet_table(sim)
    bp = state.bots.bp
    bp[0, BL.BP_SHORT] = short
    bound = worth_bound(bp, 0, 1 if state.table.H[L.H_DEALER] == 0 else 0)
    assert np.isfinite(bound)
    rng = np.random.default_rng(11)
    top = 0.0
    for i in range(300):
        hand = random_hand(rng, -1, 0) if i % 2 else _paired(rng)
        hold(sim, state, 0, hand, 0)
        # a long wall (200 draws) so that chances, and so worths, are near their most
        _, _, v = smart_choice(0, sim.kernel_rules, state.seats, state.table, state.bots, sim.work, sim.values, 200,
                               False)
        assert v <= bound, (hand, v, bound)
        top = max(top, v)
    assert top > 0.0
    bp[0, BL.BP_VALUE] = 1.0
    assert worth_bound(bp, 0, 0) == np.inf   # a weight above 0: no bound


def _paired(rng):
    """A hand of 14 with four pairs or more: the pairs' pungs each add to its worth."""
    faces = rng.choice(34, 7, replace=False)
    return "".join(tiles.name(int(f)) * 2 for f in sorted(faces))
