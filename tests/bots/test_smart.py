"""The smart bot decides from what a player at its seat can see (its own tiles,
the public record), plays for the table it is given, and defends when the
payments make dealing in costly."""

from __future__ import annotations

import pytest
from hiding import seen_alike

from ruian_sim.bots import layout as BL
from ruian_sim.bots.smart.values import bot_values, payments
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.settle import score
from ruian_sim.table import layout as L


@pytest.mark.parametrize("variant", [None, "discarder-pays", "taiwanese", "ruian-tai", "mcr"])
def test_decisions_do_not_change_when_hidden_information_does(variant):
    # taiwanese and ruian-tai: the pattern values (patterns.py) read only the seat's own hand too;
    # mcr: under its minimum a ready hand is read on its own melds, a refused way of winning valued
    rules = load(variant) if variant == "mcr" else load("ruian", [variant] if variant else [])
    assert seen_alike(simulator(rules, "smart"), 12) >= 40


def test_claims_follow_the_table(tmp_path):
    """Raise all pungs from ×4 to ×16 and the smart bot pons more, on the same
    walls, and wins more all-pungs hands: its claims read the table."""
    import yaml

    from ruian_sim.ruleset.locate import rules_dir

    items = yaml.safe_load((rules_dir() / "ruian.yaml").read_text(encoding="utf-8"))["scoring"]["items"]
    for it in items:
        if it["name"] == "all_pungs":
            it["times"] = 16
    mine = tmp_path / "pungs16.yaml"
    mine.write_text(yaml.safe_dump({"extends": "ruian", "name": "pungs16", "scoring": {"items": items}}),
                    encoding="utf-8")
    got = {}
    for name, rules in (("base", load("ruian")), ("x16", load(mine))):
        r = simulator(rules, "smart").play(seed=5, first_match=0, matches=150)
        pons = sum(int(r[f"pons_{s}"].sum()) for s in range(4))
        pungs = sum(int(((r["winner"] == s) & ((r[f"shapes_{s}"] & 4) != 0)).sum()) for s in range(4))
        got[name] = pons / len(r), pungs
    assert got["x16"][0] > 1.1 * got["base"][0], got
    assert got["x16"][1] > got["base"][1], got


def test_the_win_values_agree_with_the_scoring_of_records():
    rules = load("ruian", ["discarder-pays"])
    sim = simulator(rules, "greedy")
    recs = sim.play(seed=3, first_match=0, matches=60)
    pts = score(recs, rules).seat_points
    wins = recs[(recs["outcome"] == L.OUT_DISCARD_WIN) & (recs["streak"] == 1)]
    checked = 0
    for r, p in zip(wins, pts[(recs["outcome"] == L.OUT_DISCARD_WIN) & (recs["streak"] == 1)]):
        w, d, shapes, hard = int(r["winner"]), int(r["discarder"]), int(r[f"shapes_{r['winner']}"]), int(r[f"hard_{r['winner']}"])
        route = {1: 0, 2: 1, 5: 2}.get(shapes)
        if route is None or int(r[f"wilds_{w}"]) != (0 if hard else 1) or int(r[f"kong_exposed_{w}"]) or int(r[f"facts_{w}"]) & ~L.FACT_DISCARD:
            continue
        got = payments(rules, route, bool(hard), False, w, int(r["dealer"]), d)
        assert got.tolist() == p.tolist()
        checked += 1
    assert checked >= 10


def test_dealing_in_costs_more_where_the_discarder_pays():
    base, dp = bot_values(load("ruian")), bot_values(load("ruian", ["discarder-pays"]))
    i = 0  # neither the bot nor the winner deals
    extra = lambda v: v[BL.V_DEAL_IN + i] - v[BL.V_BY_SELF + i]  # noqa: E731
    assert extra(base) == 0 and extra(dp) > 0


def test_the_claim_margin_follows_whether_a_discard_can_win():
    """Smart's claim margin covers the safe tiles a claim gives away: 1.3
    where a discard can win, 1 where none can (hangzhou: self-drawn only);
    a margin the user gives is kept."""
    margin = lambda rules, bots: set(simulator(load(rules), bots).bots[:, BL.BP_MARGIN])  # noqa: E731
    assert margin("ruian", "smart") == {1.3}
    assert margin("hangzhou", "smart") == {1.0}
    assert margin("hangzhou", "smart:margin=1.5") == {1.5}
    assert margin("hangzhou", "smart,smart:margin=2,greedy,smart") == {1.0, 2.0}


def test_the_claim_margin_follows_the_rules():
    """A pon or chi must bring 1.3 times the kept hand's worth, 1 where no
    discard can win (hangzhou: no safe tiles to give away), 10 under a minimum
    gate (mcr: a meld gives away the concealed fans and routes to 8 fan); a
    margin the user gives is kept."""
    margin = lambda rules, bots: set(simulator(load(rules), bots).bots[:, BL.BP_MARGIN])  # noqa: E731
    assert margin("ruian", "smart") == {1.3}
    assert margin("hangzhou", "smart") == {1.0}
    assert margin("mcr", "smart") == {10.0}
    assert margin("mcr", "smart:margin=1.3,smart,smart,smart") == {1.3, 10.0}


def test_the_value_weight_follows_whether_the_gate_is_a_minimum():
    """Under a gate that is a minimum of the items' totals (mcr's 8 fan) every
    win that passes counts alike (value 0); elsewhere smart plays for expected
    points (1); a value the user gives is kept."""
    value = lambda rules, bots: set(simulator(load(rules), bots).bots[:, BL.BP_VALUE])  # noqa: E731
    assert value("ruian", "smart") == {1.0}
    assert value("hangzhou", "smart") == {1.0}   # a gate, but on the route, not a minimum
    assert value("mcr", "smart") == {0.0}
    assert value("mcr", "smart:value=1,smart,smart,smart") == {0.0, 1.0}


def test_under_a_minimum_a_refused_way_counts_and_the_ready_hand_is_read_on_its_own_melds():
    """Under a minimum (mcr) a way of winning the gate refuses counts as 0.8 of
    a win (short) and a hand a discard leaves ready is read on its own melds
    (own 1); elsewhere neither (0), and what the user gives is kept."""
    def param(rules, bots, idx):
        return set(simulator(load(rules), bots).bots[:, idx])
    assert param("ruian", "smart", BL.BP_SHORT) == {0.0} and param("ruian", "smart", BL.BP_OWN) == {0.0}
    assert param("hangzhou", "smart", BL.BP_SHORT) == {0.0}
    assert param("mcr", "smart", BL.BP_SHORT) == {0.8} and param("mcr", "smart", BL.BP_OWN) == {1.0}
    assert param("mcr", "smart:own=0:short=0.5,smart,smart,smart", BL.BP_OWN) == {0.0, 1.0}
    assert param("mcr", "smart:own=0:short=0.5,smart,smart,smart", BL.BP_SHORT) == {0.5, 0.8}
