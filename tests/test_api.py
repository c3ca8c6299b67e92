"""The Python API checks its arguments at the door, as the command line does:
a wrong type or range is a UserError naming the argument, before anything plays;
and records are scored only by the rules that played them."""

from pathlib import Path

import numpy as np
import pytest

import ruian_sim as rs
from ruian_sim.errors import UserError


@pytest.mark.parametrize(("given", "named"), [
    ({"seed": 1.9}, "seed"), ({"seed": -1}, "seed"), ({"seed": "3"}, "seed"), ({"seed": 2**64}, "seed"),
    ({"hands": -5}, "hands"), ({"hands": 0}, "hands"), ({"hands": True}, "hands"), ({"hands": 10.0}, "hands"),
    ({"workers": 0}, "workers"), ({"backend": "threads"}, "backend"), ({"rules": 5}, "rules"),
    ({"variants": [3]}, "variants"), ({"bots": None}, "bots"), ({"out": 7}, "out"),
])
def test_simulate_refuses_a_wrong_argument_by_its_name(given, named):
    with pytest.raises(UserError, match=rf"^{named}: "):
        rs.simulate(**{"hands": 10, "bots": "random", **given})


def test_simulate_takes_numpy_integers_paths_and_a_bare_variant_name(tmp_path):
    rules = Path(rs.__file__).parent / "rules" / "ruian.yaml"
    if not rules.exists():  # the built-in files' place in a source tree
        rules = Path(__file__).parent.parent / "rules" / "ruian.yaml"
    summary = rs.simulate(rules=rules, hands=np.int64(8), seed=np.uint64(4), bots="random")
    assert summary["seed"] == 4 and summary["hands"] >= 8
    assert rs.simulate(variants="four-winds-draw", hands=8, bots="random")["variants"] == ["four-winds-draw"]


@pytest.mark.parametrize(("given", "named"), [({"matches": -1}, "matches"), ({"seed": 0.5}, "seed")])
def test_records_refuses_a_wrong_argument_by_its_name(given, named):
    with pytest.raises(UserError, match=rf"^{named}: "):
        rs.records(**{"bots": "random", **given})


def test_records_are_scored_by_the_rules_that_played_them():
    played = rs.records("ruian", matches=2, bots="random")
    whole = rs.score(played, rs.load_rules("ruian"))
    part = rs.score(played[3:7], "ruian")   # a slice keeps its rules
    assert whole.seat_points.shape[0] == len(played) and part.seat_points.shape[0] == 4
    for other in ("taiwanese", "ruian+four-winds-draw"):
        with pytest.raises(UserError, match="played under other rules"):
            rs.score(played, rs.load_rules(other))
    with pytest.raises(UserError, match="^records: "):
        rs.score(played.tolist(), "ruian")


def test_evaluate_hand_refuses_a_hand_that_is_not_a_string():
    with pytest.raises(UserError, match="^hand: "):
        rs.evaluate_hand(123456789, "9s")
