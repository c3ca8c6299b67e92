"""The smart bot's win values (bots/smart/values.py) agree with the scorer: each
representative win, written as a hand record, settles to the same points."""

from itertools import product

import numpy as np
import pytest

from ruian_sim.bots.smart.values import ROUTES, payments
from ruian_sim.hand.layout import SHAPE_NAMES
from ruian_sim.ruleset import load
from ruian_sim.settle import score
from ruian_sim.table import layout as L
from ruian_sim.table.records import column_names

HARD_SHAPES = ("standard", "eight_pairs", "all_pungs")


def record(route, hard, self_drawn, winner, dealer, discarder):
    r = np.zeros(1, np.dtype([(c, np.int32) for c in column_names(4)]))
    r["outcome"] = L.OUT_SELF_DRAW if self_drawn else L.OUT_DISCARD_WIN
    r["winner"], r["winners"], r["dealer"], r["streak"] = winner, 1 << winner, dealer, 1
    r["discarder"] = -1 if self_drawn else discarder
    shapes = ROUTES[route]
    r[f"shapes_{winner}"] = sum(1 << SHAPE_NAMES.index(n) for n in shapes)
    r[f"hard_{winner}"] = sum(1 << SHAPE_NAMES.index(n) for n in shapes if hard and n in HARD_SHAPES)
    r[f"facts_{winner}"] = L.FACT_SELF_DRAWN if self_drawn else L.FACT_DISCARD
    r[f"wilds_{winner}"] = 0 if hard else 1
    for s in range(4):
        r[f"player_{s}"] = s
    return r


@pytest.mark.parametrize("variant", [[], ["discarder-pays"], ["bases-doubling"], ["self-drawn-hard"]])
def test_payments_match_the_scorer(variant):
    rules = load("ruian", variant)
    seen = set()
    for route, hard, sd, dealer in product(range(len(ROUTES)), (False, True), (False, True), (0, 2)):
        want = score(record(route, hard, sd, 0, dealer, 1), rules).seat_points[0]
        got = payments(rules, route, hard, sd, 0, dealer, 1)
        assert list(got) == list(want), (route, hard, sd, dealer)
        seen.add(int(got[0]))
    assert len(seen) > 2   # the cases differ: the test reads the table, not a constant
