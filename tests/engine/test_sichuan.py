"""The built-in Sichuan game (rules/sichuan.yaml) played whole: every hand
refereed move by move with its kong money and the seats read at the wall,
every hand's points summing to zero, and the parts of the settlement that
only Sichuan has (kong money at once, 呼叫转移, 查叫, 退税) all paid in play."""

import numpy as np
import pytest
from referee import referee_totals

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.settle.payments import score
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat


@pytest.fixture(scope="module")
def sichuan():
    return load("sichuan")


@pytest.mark.parametrize("bots", ["greedy", "smart"])
def test_every_sichuan_hand_follows_the_rules(sichuan, bots):
    hands, seen = referee_totals(simulator(sichuan, bots), seed=11, matches=8)
    assert hands >= 32
    assert seen["wins"] > 2 * hands   # play goes on: most hands have three winners
    assert seen["kong"] > 0 and seen["exhaustive"] > 0 and seen["ready"] > 0, seen


def test_every_hand_sums_to_zero_and_every_part_is_paid(sichuan):
    recs = simulator(sichuan, "smart").play(3, 0, 300)
    sc = score(recs, sichuan)
    assert (sc.seat_points.sum(axis=1) == 0).all()
    flows = {k: int(v.sum()) for k, v in sc.flows.items()}
    # over 1,200 hands each part of the settlement happens (花猪 seldom: the bots throw the void suit first)
    for name in ("kong_money", "kong_transfer", "ready_paid", "kong_refund"):
        assert flows[name] > 0, flows
    ready = per_seat(recs, "ready", 4)
    void = (ready == L.READY_VOID).sum(axis=1)
    clean = ((ready == L.READY_YES) | (ready == L.READY_NO)).sum(axis=1)
    assert flows["void_paid"] == 16 * int((void * clean).sum())
    at_wall = (ready != L.READY_UNKNOWN).any(axis=1)
    # the seats read at the wall are exactly those still in when it ran out
    order = per_seat(recs, "win_order", 4)
    assert ((ready != L.READY_UNKNOWN) == (at_wall[:, None] & (order == 0))).all()
    assert 0.05 < at_wall.mean() < 0.6


def test_a_ready_seat_is_paid_by_each_seat_not_ready(sichuan):
    recs = simulator(sichuan, "greedy").play(4, 0, 800)
    sc = score(recs, sichuan)
    ready = per_seat(recs, "ready", 4)
    value = per_seat(recs, "value", 4)
    kongs = per_seat(recs, "kong_log", 4)
    order = per_seat(recs, "win_order", 4)
    # hands whose only money is the draw's 查叫: no win, no kong
    plain = (order.max(axis=1) == 0) & (kongs == 0).all(axis=1) & (ready >= 0).all(axis=1)
    assert plain.sum() >= 3
    for h in np.flatnonzero(plain):
        yes = ready[h] == L.READY_YES
        want = np.where(yes, value[h] * (~yes).sum(), -(value[h] * yes).sum())
        assert (sc.seat_points[h] == want).all(), (h, ready[h], value[h], sc.seat_points[h])
