"""The smart bot's learned tables are a function of the rules and the code.

A built-in game reads its tables from danger.json; a user's file learns its
own at first use.  Both must come from the same procedure, or a variant that
changes nothing the bots ever meet plays other hands than its base, and
`compare` reports a difference the rules did not make (taiwanese against a
never-made 天胡 at 25 台 once showed +0.22 points of draws, p = 2.5e-6)."""

import numpy as np
import pytest

from ruian_sim.bots import layout as BL
from ruian_sim.bots.smart import danger
from ruian_sim.engine.compile import learn_danger, simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L

LEARNED = ("ready", "hit", "accept", "hazard", "hazard_r", "samples")
RELEARN = "the shipped tables are stale: relearn them on purpose with `python tools/learn_danger.py`"


@pytest.mark.parametrize("spec", ["ruian", "taiwanese", "hangzhou"])
def test_the_shipped_tables_are_what_the_code_learns(spec):
    rules = load(spec)
    shipped = danger._shipped()["games"][rules.hash]
    got = learn_danger(rules, quiet=True)
    for key in LEARNED:
        assert shipped[key] == got[key], f"{spec}: {key}: {RELEARN}"


def test_every_built_in_game_ships_tables():
    from ruian_sim.ruleset import builtin_specs

    games = danger._shipped()["games"]
    for spec in builtin_specs().values():
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
    a, b = simulator(base, "smart"), simulator(other, "smart")
    np.testing.assert_array_equal(a.bots[:, BL.BP_V0 + BL.V_READY:], b.bots[:, BL.BP_V0 + BL.V_READY:])
    ra, rb = a.play_raw(9, 0, 60), b.play_raw(9, 0, 60)
    np.testing.assert_array_equal(ra, rb)


def _hands(rounds_won: list[tuple[int, bool]], seats: int = 4) -> np.ndarray:
    """Records of hands that lasted so many rounds of turns, won or drawn."""
    rec = np.zeros((len(rounds_won), L.C_FIXED + 1), np.int64)
    for i, (r, won) in enumerate(rounds_won):
        rec[i, L.C_TURNS] = r * seats + 1   # ended by a turn within round r
        rec[i, L.C_OUTCOME] = L.OUT_DISCARD_WIN if won else L.OUT_EXHAUSTIVE
    return rec


def test_the_hazard_by_round_counts_the_hands_still_going():
    """Of the 100 hands alive at round 0, 10 are won in it; of the 90 left, 45
    in round 1; the 45 left are drawn in round 2 (0 won); then too few hands
    reach a round for a rate of its own, so each takes the round before's.
    Each rate counts the wins of players other than a given one (3 of 4)."""
    hands = [(0, True)] * 10 + [(1, True)] * 45 + [(2, False)] * 45
    got = danger.hazard_by_round(_hands(hands), 4)
    assert len(got) == BL.N_HAZARD_R
    assert got[:3] == [0.075, 0.375, 0.0]
    assert got[3:] == [0.0] * (BL.N_HAZARD_R - 3)
    # the one rate over the whole hand is of another kind: wins over all rounds played
    assert danger.hazard_of(_hands(hands), 4) != got[0]


def test_a_round_too_few_hands_reach_keeps_the_rate_before():
    hands = [(r, True) for r in range(4) for _ in range(40)] + [(6, True)] * 5
    got = danger.hazard_by_round(_hands(hands), 4)
    assert got[3] == round(40 / 45 * 3 / 4, 4)
    assert got[4] == got[5] == got[6] == got[-1] == got[3]   # 5 hands alive from round 4: below MIN_ALIVE
