"""定缺 (void_suit.declare) on a Sichuan-like wall (tests/engine/rules/void.yaml:
suits only, 13 tiles, no chi, play on until three have won): every hand
refereed move by move (each seat names one suit, throws it first, never
claims it, wins only without it), the suit named is the one held least, and
games without the rule record no void."""

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from referee import referee_totals

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat

VOID = str(Path(__file__).with_name("rules") / "void.yaml")


@pytest.mark.parametrize("bots", ["greedy", "random", "smart"])
def test_every_hand_with_a_void_suit_follows_the_rules(bots):
    hands, seen = referee_totals(simulator(load(VOID), bots), seed=3, matches=4)
    assert hands >= 16 and seen["discards"] > 20 * hands
    if bots != "random":
        assert seen["wins"] > hands, seen   # most hands go on to more than one win


def test_the_suit_named_void_is_the_one_held_least():
    rules = load(VOID)
    sim = simulator(rules, "greedy")
    named = Counter()
    for match in range(3):
        records, events, _ = sim.replay(seed=5, match=match, hand=0)
        dealt = [Counter() for _ in range(4)]   # suit -> tiles dealt (a wall of suits only)
        for code, s, t, a, _b in events.tolist():
            if code == L.EV_DEAL:
                dealt[s][t // 9] += 1
            if code == L.EV_VOID:
                held = [dealt[s][g] for g in range(3)]
                assert held[a] == min(held), (match, s, held, a)
                named[code] += 1
                assert int(records[0][f"void_{s}"]) == a
            if code == L.EV_DISCARD:
                break
    assert named[L.EV_VOID] == 12


def test_no_void_without_the_rule():
    recs = simulator(load("ruian"), "greedy").play(5, 0, 5)
    assert (per_seat(recs, "void", 4) == -1).all()


def test_the_void_rule_changes_play():
    # the same walls, with and without 定缺: hands last longer and fewer are won early
    with_void = simulator(load(VOID), "greedy").play(9, 0, 40)
    data = load(VOID).as_dict()
    data["void_suit"]["declare"] = False
    from ruian_sim.ruleset.model import build

    without = simulator(build(data), "greedy").play(9, 0, 40)
    assert with_void["turns"].mean() > without["turns"].mean()
    assert np.isin(with_void["outcome"], L.WIN_OUTCOMES).sum() > 0
