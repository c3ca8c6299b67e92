"""The smart bot's learned tables are a function of the rules and the code.

A built-in game reads its tables from danger.json; a user's file learns its
own at first use.  Both must come from the same procedure, or a variant that
changes nothing the bots ever meet plays other hands than its base, and
`compare` reports a difference the rules did not make (taiwanese against a
never-made 天胡 at 25 台 once showed +0.22 points of draws, p = 2.5e-6)."""

import numpy as np
import pytest

from ruian_sim.engine import danger
from ruian_sim.engine import layout as L
from ruian_sim.engine.simulate import Simulator, learn_danger
from ruian_sim.ruleset import load

LEARNED = ("ready", "hit", "accept", "hazard", "samples")
RELEARN = "the shipped tables are stale: relearn them on purpose with `python benchmarks/learn_danger.py`"


@pytest.mark.parametrize("spec", ["ruian", "taiwanese", "hangzhou"])
def test_the_shipped_tables_are_what_the_code_learns(spec):
    rules = load(spec)
    shipped = danger._shipped()["games"][rules.hash]
    got = learn_danger(rules, quiet=True)
    for key in LEARNED:
        assert shipped[key] == got[key], f"{spec}: {key}: {RELEARN}"


def test_every_built_in_game_ships_tables():
    from ruian_sim.ruleset import builtin_names

    games = danger._shipped()["games"]
    for spec in ["ruian"] + [f"ruian+{v}" for v in builtin_names()["variants"]]:
        assert load(spec).hash in games, f"{spec} ships no tables: {RELEARN}"


def test_the_prior_is_not_any_games_tables():
    # the tables every rule set starts learning from: were it the default game's,
    # relearning that game would change what every other game learns
    prior = danger.default_tables()
    ruian = danger._shipped()["games"][load("ruian").hash]
    assert any(prior[k] != ruian[k] for k in ("ready", "hit", "hazard"))


def test_a_change_no_bot_meets_plays_the_same_hands(write, tmp_path, monkeypatch):
    monkeypatch.setenv("RUIAN_SIM_CACHE", str(tmp_path / "cache"))   # learned here, not read from a cache
    base = load("taiwanese")
    f = write("tw-noop.yaml", """
        extends: taiwanese
        name: tw-noop
        scoring:
          items:
            heavenly:
              tai: 25      # 天胡: no bot has made one in 200,000 hands
    """)
    other = load(str(f))
    assert other.hash != base.hash and danger.known_tables(other) is None
    a, b = Simulator(base, "smart"), Simulator(other, "smart")
    np.testing.assert_array_equal(a.bots[:, L.BP_V0 + L.V_READY:], b.bots[:, L.BP_V0 + L.V_READY:])
    ra, rb = a.play_raw(9, 0, 60), b.play_raw(9, 0, 60)
    np.testing.assert_array_equal(ra, rb)
