"""Every built-in variant, with greedy and with random bots, refereed hand by
hand from the engine's own event log (see referee.py)."""


import pytest
from referee import referee_totals

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import builtin_specs, load

SPECS = builtin_specs()


@pytest.mark.parametrize("bots", ["greedy", "random"])
@pytest.mark.parametrize("name", SPECS)
def test_every_hand_follows_the_rules(name, bots):
    rules = load(SPECS[name])
    hands, seen = referee_totals(simulator(rules, bots), seed=7, matches=6)
    assert hands >= 24
    # fuzhou: its 36 flowers and honours are replaced from the tail of a wall that keeps 18
    # back, which leaves some 25 draws a hand (17 discards a hand in play)
    assert seen["discards"] > (12 if name == "fuzhou" else 20) * hands
    if bots == "random":
        assert seen["pon"] + seen["chi"] > hands  # the claim paths were exercised
    if rules.scoring.get("gate") is not None and rules.claims.win_on_discard:
        # complete hands on a discard were put to the gate both ways (MCR: 8 fan)
        assert seen["gate_passed"] > 0 and seen["gate_refused"] > 0, seen


def test_a_discarded_wild_won_on_joins_as_a_wild_and_is_refereed():
    # wenzhou lets a 财神 be discarded and won on (wild.claim), never melded: random
    # bots throw wilds, and the won one joins the winner's hand as a wild (MIL [五.3])
    hands, seen = referee_totals(simulator(load("wenzhou"), "random"), seed=11, matches=20)
    assert seen["wild_won"] > 0 and seen["pon"] + seen["chi"] > hands, seen
