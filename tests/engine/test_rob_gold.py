"""抢金 (wild.rob) and a turned tile laid aside like a flower
(wild.turn_past_aside), on the built-in Fuzhou game: the referee checks each
robbery move by move (before the first discard, a non-dealer, the first in
turn that could, never with three wilds alone); here the records agree with
it, the rule moves play, and a turned honour is never the gold."""

import numpy as np
import pytest
from referee import referee_totals

from ruian_sim import tiles as T
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.ruleset.model import build
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat


@pytest.fixture(scope="module")
def fuzhou():
    return load("fuzhou")


def without(rules, **wild):
    d = rules.as_dict()
    d["wild"].update(wild)
    return build(d)


@pytest.mark.parametrize("bots", ["greedy", "smart"])
def test_robberies_follow_the_rules(fuzhou, bots):
    hands, seen = referee_totals(simulator(fuzhou, bots), seed=5, matches=40)
    assert hands >= 160 and seen["robbed_gold"] > 0, seen


def test_a_robbed_gold_is_a_self_drawn_win_before_any_discard(fuzhou):
    recs = simulator(fuzhou, "greedy").play(2, 0, 300)
    facts = per_seat(recs, "facts", 4)
    w = recs["winner"].astype(int)
    won = np.isin(recs["outcome"], L.WIN_OUTCOMES)
    rows = np.flatnonzero(won)
    robbed = rows[(facts[rows, w[rows]] & L.FACT_ROB_GOLD) != 0]
    assert len(robbed) >= 3
    assert (recs["turns"][robbed] == 0).all()
    assert (recs["outcome"][robbed] == L.OUT_SELF_DRAW).all()
    assert (facts[robbed, w[robbed]] & L.FACT_SELF_DRAWN != 0).all()
    assert (w[robbed] != recs["dealer"][robbed]).all()
    # the robbed tile is the fourth gold: the winner may hold four
    wilds = per_seat(recs, "wilds", 4)[robbed, w[robbed]]
    assert wilds.min() >= 1
    # without the rule nobody wins before the first discard but the dealer (天胡)
    off = simulator(without(fuzhou, rob=False), "greedy").play(2, 0, 300)
    early = np.isin(off["outcome"], L.WIN_OUTCOMES) & (off["turns"] == 0)
    assert (off["winner"][early] == off["dealer"][early]).all()
    assert not (per_seat(off, "facts", 4) & L.FACT_ROB_GOLD).any()


def test_a_turned_honour_is_laid_aside_and_the_next_tile_turned(fuzhou):
    recs = simulator(fuzhou, "random").play(4, 0, 200)
    turned = recs["indicator"].astype(int)
    assert all(T.is_suited(k) for k in turned)
    # the 台 game's rule instead: a turned kind laid aside becomes the gold
    kept = simulator(without(fuzhou, turn_past_aside=False), "random").play(4, 0, 200)
    assert any(T.is_honor(int(k)) for k in kept["indicator"])
