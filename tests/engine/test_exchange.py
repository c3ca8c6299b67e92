"""换三张 (exchange.tiles) on the Sichuan-like wall (tests/engine/rules/
exchange.yaml): every hand refereed move by move with each direction (every
seat passes three tiles of one suit it held to the seat the rules name, all
at once, before naming its void), and the bots pass from the suit they hold
fewest of."""

from collections import Counter
from pathlib import Path

import pytest
from referee import referee_totals

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.ruleset.model import build
from ruian_sim.table import layout as L

EXCHANGE = str(Path(__file__).with_name("rules") / "exchange.yaml")


def rules_passing(direction: str):
    data = load(EXCHANGE).as_dict()
    data["exchange"]["direction"] = direction
    return build(data)


@pytest.mark.parametrize("direction", ["dice", "next", "previous", "opposite"])
@pytest.mark.parametrize("bots", ["greedy", "random", "smart"])
def test_every_hand_with_an_exchange_follows_the_rules(direction, bots):
    hands, seen = referee_totals(simulator(rules_passing(direction), bots), seed=4, matches=2)
    assert hands >= 8 and seen["discards"] > 20 * hands


def test_the_tiles_passed_are_of_the_suit_held_least():
    sim = simulator(load(EXCHANGE), "greedy")
    targets = Counter()
    for match in range(4):
        _, events, _ = sim.replay(seed=6, match=match, hand=0)
        dealt = [Counter() for _ in range(4)]
        passed: dict[int, list[int]] = {}
        for code, s, t, _a, b in events.tolist():
            if code == L.EV_DEAL:
                dealt[s][t // 9] += 1
            if code == L.EV_EXCHANGE:
                passed.setdefault(s, []).append(t)
                targets[(b - s) % 4] += 1
        assert sorted(passed) == [0, 1, 2, 3]
        for s, tiles in passed.items():
            suit = tiles[0] // 9
            enough = [dealt[s][g] for g in range(3) if dealt[s][g] >= 3]
            assert dealt[s][suit] == min(enough), (match, s, tiles, dealt[s])
    assert len(targets) >= 2   # the dice sent them more than one way
