"""The kernel settlement (table/points.row_points, what the search player
scores its playouts with) gives every seat the points settle/payments.score
gives it, hand by hand, on every game and variant whose money it covers."""

import numpy as np
import pytest

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.scoring.compile import rules_table
from ruian_sim.table.points import row_points, settle_work, unsupported
from ruian_sim.settle.payments import score
from ruian_sim.table import layout as L
from ruian_sim.table.records import to_structured

GAMES = [
    ("ruian", []),
    ("ruian", ["discarder-pays"]),
    ("ruian", ["multiple-winners"]),
    ("ruian", ["five-players"]),
    ("ruian", ["flowers", "bases-doubling"]),
    ("taiwanese", []),
    ("ruian-tai", []),
    ("mcr", []),
    ("hangzhou", []),
    ("fuzhou", []),
]


def kernel_points(rules, raw):
    n = rules.table.seats
    st, tab = settle_work(rules), rules_table(rules).tab
    out = np.zeros((len(raw), n), np.int64)
    for h in range(len(raw)):
        assert row_points(raw[h], n, tab, st, out[h]) == 0
    return out


@pytest.mark.parametrize("game,variants", GAMES, ids=lambda g: g if isinstance(g, str) else "+".join(g) or "-")
def test_the_kernel_pays_what_the_records_settle_to(game, variants):
    rules = load(game, variants)
    assert unsupported(rules) is None
    raw = simulator(rules, "greedy").play_raw(7, 0, 40)
    n = rules.table.seats
    want = score(to_structured(raw, n), rules).seat_points
    got = kernel_points(rules, raw)
    won = np.isin(raw[:, L.C_OUTCOME], L.WIN_OUTCOMES).sum()
    assert len(raw) > 100 and won > 50
    assert (want != 0).any()
    bad = np.flatnonzero((got != want).any(axis=1))
    assert bad.size == 0, (bad[:5], got[bad[:5]], want[bad[:5]])


@pytest.mark.parametrize("game,variants,what", [("sichuan", [], "scoring.kongs"), ("wenzhou", [], "scoring.kongs"),
                                                ("ruian", ["caishen-money"], "scoring.wild_money")])
def test_money_it_does_not_settle_is_named(game, variants, what):
    assert what in unsupported(load(game, variants))


def test_four_winds_penalties_are_paid_to_each_other_seat():
    # penalties are rare in play: the recorded hands are given some (a record is data; both sides read it)
    rules = load("ruian", ["four-winds-penalty"])
    n = rules.table.seats
    raw = simulator(rules, "greedy").play_raw(7, 0, 10)
    for h in range(len(raw)):
        raw[h, L.C_FIXED + L.S_PENALTY * n + h % n] = 1 + h % 2
    want = score(to_structured(raw, n), rules).seat_points
    assert (kernel_points(rules, raw) == want).all()
