"""Every built-in variant, with greedy and with random bots, refereed hand by
hand from the engine's own event log (see referee.py)."""

from collections import Counter

import pytest
from referee import referee_matches

from ruian_sim.engine.simulate import Simulator
from ruian_sim.ruleset import builtin_names, load

VARIANTS = [None] + builtin_names()["variants"]


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("variant", VARIANTS, ids=[v or "ruian" for v in VARIANTS])
def test_every_hand_follows_the_rules(variant, bots):
    rules = load("ruian", [variant] if variant else [])
    seen = Counter()
    hands = 0
    for _, stats in referee_matches(Simulator(rules, bots), seed=7, matches=6):
        seen += stats
        hands += 1
    assert hands >= 24
    assert seen["discards"] > 20 * hands
    if bots == "random":
        assert seen["pon"] + seen["chi"] > hands  # the claim paths were exercised
