"""What dealing is worth (dealer_advantage) and how much money changes hands
(money_per_hand), per hand with CIs: on hands written out here, whose payments
the test knows, through the accumulator and the summary a run writes; and in a
comparison, where a rule that pays the dealer more must raise it."""

import json

import numpy as np
import pytest

from ruian_sim.ruleset import load
from ruian_sim.runner.plan import Plan
from ruian_sim.runner.summary import format_table, summary_dict
from ruian_sim.settle.hand import score_hand
from ruian_sim.settle.hand_record import hand_record
from ruian_sim.settle.payments import score
from ruian_sim.metrics import dealer_columns
from ruian_sim.stats import Accumulator

HARD = "123m456m789m123p456p66s"   # no wild in it: hard, times 2 under ruian


def won(rules, seat, dealer, match, win="self", discarder=None):
    rec = hand_record(rules, {seat: score_hand(rules, HARD, [], win, "", (seat - dealer) % 4)}, winner=seat,
                      dealer=dealer, win=win, discarder=discarder)
    rec["match"] = match
    return rec


def drawn(rules, dealer, match):
    rec = hand_record(rules, {}, winner=None, dealer=dealer, win="none")
    rec["match"] = match
    return rec


@pytest.fixture(scope="module")
def ruian():
    return load("ruian")


def test_hands_written_out_give_the_figures_worked_out_by_hand(ruian):
    hands = [
        won(ruian, 0, 0, match=0),                   # the dealer self-draws: 2 from each (base 1 × times 2)
        won(ruian, 2, 0, match=0),                   # seat 2 self-draws: 2 from each, the dealer too
        drawn(ruian, 0, match=1),                    # nobody wins: nothing moves
        won(ruian, 0, 3, match=1),                   # the seat after the dealer (3) self-draws
        won(ruian, 1, 1, match=2, win="discard", discarder=2),   # the dealer wins on seat 2's discard
    ]
    records = np.concatenate(hands)
    scored = score(records, ruian)
    # the payments these figures read, as the table gives them
    assert scored.seat_points.tolist() == [[6, -2, -2, -2], [-2, -2, 6, -2], [0, 0, 0, 0],
                                           [6, -2, -2, -2], [-2, 6, -2, -2]]
    # dealer's points minus the other seats' mean: 6 - (-2); -2 - (2/3); 0; -2 - (2/3); 6 - (-2)
    advantage = [8, -8 / 3, 0, -8 / 3, 8]
    money = [6, 6, 0, 6, 6]          # what the winner took in; half the absolute changes
    acc = Accumulator(4).add(records, scored, 4)
    assert acc.estimate("dealer_advantage")[0] == pytest.approx(np.mean(advantage))
    assert acc.estimate("money_per_hand")[0] == pytest.approx(np.mean(money))
    assert np.abs(scored.seat_points).sum(axis=1).tolist() == [2 * m for m in money]
    # by seats on from the dealer: the dealer, then the next to play
    assert acc.estimate("points_from_dealer.0")[0] == pytest.approx(np.mean([6, -2, 0, -2, 6]))
    assert acc.estimate("points_from_dealer.1")[0] == pytest.approx(np.mean([-2, -2, 0, 6, -2]))

    plan = Plan(rules=ruian.as_dict(), rules_name="ruian", variants=(), seed=1, hands=5, bots="greedy")
    s = summary_dict(acc, plan, None)
    assert s["dealer_advantage"] == pytest.approx(np.mean(advantage))
    assert s["money_per_hand"] == pytest.approx(4.8)
    # the match is the unit: three matches, an interval around each figure, not clipped to [0, 1]
    lo, hi = s["ci95"]["money_per_hand"]
    assert lo < 4.8 < hi and hi > 1
    lo, hi = s["ci95"]["dealer_advantage"]
    assert lo < s["dealer_advantage"] < hi and lo < 0
    assert len(s["extra"]["points_from_dealer"]) == 4 == len(s["ci95"]["points_from_dealer"])
    table = format_table(s)
    assert "dealer advantage" in table and f"{np.mean(advantage):7.3f}" in table
    assert "money per hand" in table and "  4.800" in table


@pytest.mark.parametrize("seats, points, dealer, advantage, money", [
    (3, [4, -2, -2], 0, 4 - (-2), 4),                 # three seats: the dealer against two
    (3, [-1, 2, -1], 1, 2 - (-1), 2),
    (4, [9, -3, -3, -3], 0, 9 - (-3), 9),             # the dealer self-draws 3 from each of 3
    (4, [-3, 9, -3, -3], 0, -3 - (3 / 3), 9),
    (5, [10, -4, -2, -2, -2], 0, 10 - (-10 / 4), 10),
    (4, [5, -1, -1, -1], 0, 5 - (-1), 5),             # payments that do not sum to 0: only what was received
])
def test_any_number_of_seats(seats, points, dealer, advantage, money):
    cols = dealer_columns(np.array([points]), np.array([dealer]), seats)
    x, n = cols["dealer_advantage"]
    assert (x / n).tolist() == pytest.approx([advantage])
    assert cols["money_per_hand"][0].tolist() == [money]
    assert [cols[f"points_from_dealer.{k}"][0][0] for k in range(seats)] == \
        [points[(dealer + k) % seats] for k in range(seats)]


def test_five_players_count_the_seats_not_the_player_sitting_out():
    five = load("ruian+five-players")
    assert (five.table.players, five.table.seats) == (5, 4)
    rec = won(five, 0, 0, match=0)
    acc = Accumulator(5).add(rec, score(rec, five), 4)
    assert acc.estimate("dealer_advantage")[0] == pytest.approx(8)   # 6 - (-2): three others, not four
    assert acc.estimate("money_per_hand")[0] == 6


@pytest.mark.parametrize("formula, sign", [("if(dealer_wins, 2, 0)", 1), ("if(dealer_pays, 2, 0)", -1)])
def test_a_rule_that_pays_the_dealer_more_raises_its_advantage(cli, tmp_path, write, formula, sign):
    variant = write("dealer.yaml", f"""
        extends: ruian
        name: dealer-bonus
        scoring:
          value: "times * base + {formula}"
        """)
    out = tmp_path / "cmp"
    done = cli("compare", "ruian", variant, "--hands", "1200", "--bots", "greedy", "--workers", "1", "--quiet",
               "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    adv, money = c["metrics"]["dealer_advantage"], c["metrics"]["money_per_hand"]
    assert adv["headline"] and money["headline"] and adv["p_holm"] >= adv["p"]
    # B − A: paying the dealer 2 more a payer when it wins raises it; charging 2 more when it pays lowers it
    assert sign * adv["diff"] > 0 and sign * adv["ci95"][0] > 0 and sign * adv["ci95"][1] > 0
    assert money["diff"] > 0 and money["ci95"][0] > 0   # either way more money moves
    assert c["a_summary"]["dealer_advantage"] == pytest.approx(adv["a"])
    assert c["b_summary"]["money_per_hand"] == pytest.approx(money["b"])
    (rule,) = c["rules_changed"]
    assert {"dealer_advantage", "money_per_hand"} <= set(rule["touches"])
    row = next(ln for ln in done.stdout.splitlines() if ln.startswith("*dealer_advantage "))
    assert row.rstrip().endswith("1")   # a headline figure, tagged with the rule that moved it
    assert any(ln.startswith("*money_per_hand ") for ln in done.stdout.splitlines())


def test_every_figure_sums_whole_numbers_and_has_a_unit():
    """Chunks merge by adding sums, in whatever order they come back (workers, Dask): the sums
    are exact only if every hand adds whole numbers.  And every figure says what it is
    measured in (runner/units.py), which the report's charts group by."""
    from ruian_sim.engine.compile import simulator
    from ruian_sim.runner.units import unit_of
    from ruian_sim.metrics import metric_columns

    rules = load("ruian+multiple-winners+kong-payments")
    records = simulator(rules, "greedy").play(3, 0, 40)
    scored = score(records, rules)
    _, cols = metric_columns(records, scored, 4, 4)
    assert {"dealer_advantage", "money_per_hand", "winners_mean", "multiple_winners_rate"} <= set(cols)
    for flow in ("kong_money", "ready_paid", "void_paid"):   # what settle/draw.py pays beside the wins
        assert unit_of(f"flow_mean.{flow}") == unit_of("flow_mean_" + flow) == "points per hand"
    for name, (x, n) in cols.items():
        assert np.array_equal(x, np.round(x)) and np.array_equal(n, np.round(n)), name
        assert unit_of(name) is not None, f"{name}: no unit in runner/units.py"


def test_until_ci_and_sweep_take_the_dealer_figures(cli, tmp_path):
    done = cli("compare", "ruian", "ruian+bases-doubling", "--until-ci", "dealer_advantage=5", "--hands", "300",
               "--bots", "greedy", "--workers", "1", "--quiet", "--out", tmp_path / "until")
    assert done.returncode == 0, done.stderr
    from ruian_sim.runner.units import MEANS

    assert {"dealer_advantage", "money_per_hand"} <= set(MEANS)    # `sweep --metric` takes them
    assert "points_from_dealer" not in MEANS                       # only by index: no bare name
