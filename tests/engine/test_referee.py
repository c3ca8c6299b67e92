"""Every built-in variant, with greedy and with random bots, refereed hand by
hand from the engine's own event log (see referee.py)."""

from collections import Counter

import pytest
from referee import Referee

from ruian_sim.engine.simulate import Simulator
from ruian_sim.ruleset import builtin_names, load

VARIANTS = [None] + builtin_names()["variants"]


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("variant", VARIANTS, ids=[v or "ruian" for v in VARIANTS])
def test_every_hand_follows_the_rules(variant, bots):
    rules = load("ruian", [variant] if variant else [])
    sim = Simulator(rules, bots)
    ref = Referee(sim.spec)
    seen = Counter()
    hands = 0
    for match in range(6):
        hand = 0
        while True:
            got = sim.replay(seed=7, match=match, hand=hand)
            if got is None:
                break
            records, events, state = got
            seen += ref.referee(records[hand], events, state)
            hands += 1
            hand += 1
    assert hands >= 24
    assert seen["discards"] > 20 * hands
    if bots == "random":
        assert seen["pon"] + seen["chi"] > hands  # the claim paths were exercised
