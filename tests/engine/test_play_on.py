"""Play that goes on after a win (end.after_wins, 血战到底's ending), on the
default game with 海底 off (tests/engine/rules/play-on.yaml): every hand
refereed move by move, each win paid by the seats still in when it was made
(against a slow settlement written here), the first win's columns are the
hand's, and a hand plays the same whatever was played before it."""

from collections import Counter
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from referee import referee_matches

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.settle.payments import score, values
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat

PLAY_ON = str(Path(__file__).with_name("rules") / "play-on.yaml")


@pytest.mark.parametrize("bots", ["greedy", "smart"])
@pytest.mark.parametrize("variants", [[], ["multiple-winners"]], ids=["first", "all"])
def test_every_hand_with_play_going_on_follows_the_rules(bots, variants):
    seen, orders = Counter(), Counter()
    for rec, stats in referee_matches(simulator(load(PLAY_ON, variants), bots), seed=7, matches=6):
        seen += stats
        orders[max(int(rec[f"win_order_{s}"]) for s in range(4))] += 1
    # not vacuous: hands went on to a second and a third win
    assert orders[2] + orders[3] > 0 and seen["wins"] > sum(orders.values()) // 2, (orders, seen)
    if bots == "smart":
        assert orders[3] > 0, orders


def slow_points(rec, value, rules) -> list[int]:
    """One hand's points, win by win: each winner is paid its value by every
    seat that had not won before it or with it; on a discard, under payers
    discarder only the seat that dealt in pays its share, under
    discarder_for_all it pays every share."""
    n = rules.table.seats
    pts = [0] * n
    won = int(rec["outcome"]) in L.WIN_OUTCOMES
    for w in range(n):
        if not (won and int(rec["winners"]) >> w & 1):
            continue
        mine = int(rec[f"win_order_{w}"])
        frm = int(rec[f"win_from_{w}"])
        for p in range(n):
            order = int(rec[f"win_order_{p}"])
            if p == w or (order and order <= mine):
                continue
            payer = p
            if rules.scoring["payers"] != "all" and frm >= 0:
                if rules.scoring["payers"] == "discarder" and p != frm:
                    continue
                payer = frm
            pts[w] += int(value[w, p])
            pts[payer] -= int(value[w, p])
    return pts


@pytest.mark.parametrize("variants", [[], ["discarder-pays"], ["multiple-winners"]],
                         ids=["all-pay", "discarder-pays", "multiple-winners"])
def test_each_win_is_paid_by_the_seats_still_in(variants):
    rules = load(PLAY_ON, variants)
    recs = simulator(rules, "greedy").play(3, 0, 60)
    scored = score(recs, rules)
    _, value = values(recs, rules)
    later = 0
    for h, rec in enumerate(recs):
        assert scored.seat_points[h].tolist() == slow_points(rec, value[h], rules), h
        later += int(per_seat(recs[h:h + 1], "win_order", 4).max()) >= 2
    assert (scored.seat_points.sum(axis=1) == 0).all()
    assert later > 20, later   # hands that went on after a win were scored


def test_the_first_win_is_the_hands():
    rules = load(PLAY_ON)
    recs = simulator(rules, "greedy").play(5, 0, 40)
    order = per_seat(recs, "win_order", 4)
    frm = per_seat(recs, "win_from", 4)
    won = np.isin(recs["outcome"], L.WIN_OUTCOMES)
    assert ((order.max(axis=1) > 0) == won).all()
    for h in np.flatnonzero(won):
        w = int(recs["winner"][h])
        assert order[h, w] == 1, h
        assert int(recs["discarder"][h]) == frm[h, w], h
        assert (int(recs["outcome"][h]) == L.OUT_SELF_DRAW) == (frm[h, w] < 0 and not
                                                               int(recs[f"facts_{w}"][h]) & L.FACT_HAIDI)
        # win orders run 1, 2, ... without a gap, and only winners have one
        got = sorted(set(order[h][order[h] > 0].tolist()))
        assert got == list(range(1, len(got) + 1)), h
        assert set(np.flatnonzero(order[h]).tolist()) == {s for s in range(4) if recs["winners"][h] >> s & 1}


def test_one_win_rules_record_one_win():
    recs = simulator(load("ruian"), "greedy").play(5, 0, 20)
    order = per_seat(recs, "win_order", 4)
    assert order.max() == 1
    assert ((order.max(axis=1) == 1) == np.isin(recs["outcome"], L.WIN_OUTCOMES)).all()


@pytest.mark.parametrize("variants", [[], ["multiple-winners"]], ids=["first", "all"])
def test_the_first_winner_deals_next(variants):
    rules = load(PLAY_ON, variants)
    recs = simulator(rules, "greedy").play(5, 0, 30)
    cap = rules.dealer.streak_cap
    checked = jumped = 0
    for a, b in pairwise(recs):
        if a["match"] != b["match"] or int(a["outcome"]) not in L.WIN_OUTCOMES:
            continue
        first = [s for s in range(4) if int(a[f"win_order_{s}"]) == 1]
        want = int(a["discarder"]) if len(first) > 1 else first[0]
        if want == int(a["dealer"]) and int(a["streak"]) >= cap:
            want = (want + 1) % 4   # the streak cap forces a change
        assert int(b["dealer"]) == want, (int(a["match"]), int(a["hand"]))
        assert int(b["streak"]) == (int(a["streak"]) + 1 if want == int(a["dealer"]) else 1)
        checked += 1
        jumped += want not in (int(a["dealer"]), (int(a["dealer"]) + 1) % 4)
    assert checked > 40 and jumped > 5, (checked, jumped)
