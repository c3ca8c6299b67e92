"""Every built-in variant, with greedy and with random bots, refereed hand by
hand from the engine's own event log (see referee.py)."""


import pytest
from referee import referee_totals

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import builtin_names, load

VARIANTS = [None] + builtin_names()["variants"]


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("variant", VARIANTS, ids=[v or "ruian" for v in VARIANTS])
def test_every_hand_follows_the_rules(variant, bots):
    rules = load("ruian", [variant] if variant else [])
    hands, seen = referee_totals(simulator(rules, bots), seed=7, matches=6)
    assert hands >= 24
    # fuzhou: its 36 flowers and honours are replaced from the tail of a wall that keeps 18
    # back, which leaves some 25 draws a hand (17 discards a hand in play)
    assert seen["discards"] > (12 if variant == "fuzhou" else 20) * hands
    if bots == "random":
        assert seen["pon"] + seen["chi"] > hands  # the claim paths were exercised
