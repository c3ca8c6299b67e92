"""The bots' parameters: each bot reads the ones bots_spec.READS lists, and
only those.  A parameter a bot never reads is refused (a duel of
`greedy:rising=1` would otherwise measure nothing, quietly); one it reads
changes its play; one it does not read, set behind the parser's back,
changes nothing."""

import numpy as np
import pytest

from ruian_sim.bots.spec import NAMED, PARAMS, READS, parse_bots
from ruian_sim.engine.compile import simulator
from ruian_sim.errors import UserError
from ruian_sim.ruleset import load

# a value away from each default that should move play where the bot reads it
MOVES = {"claim": 0.0, "chase_hard": 1.0, "kong": 0.0, "follow": 1.0, "aggression": 0.05, "value": 0.0,
         "margin": 100.0, "patterns": 0.0, "claims": 5.0, "spread": 0.0, "ron": 0.0, "appetite": 0.0,
         "pace": 5.0, "rising": 1.0, "playouts": 2.0, "width": 1.0, "rollout": 0.0, "sure": 0.0,
         "ready": 0.0, "calls": 0.0, "confirm": 0.0, "prune": 0.0, "short": 1.0, "own": 9.0, "fill": 1.0}
# the search player cheap (three playouts of two candidates, a lead of one standard error enough, four
# matches): every parameter still moves it
AS = {"search": "search:playouts=3:width=2:sure=1"}
# parameters that speak only under a minimum gate (a way the gate refuses, the reading near
# ready) or where a table reads melds: played on mcr, where they move play
GAME_OF = {"short": "mcr", "own": "mcr", "fill": "mcr"}
MATCHES_OF = {"search": 4}
MATCHES = 12


@pytest.fixture(scope="module")
def games():
    return {g: load(g) for g in ("ruian", "mcr")}


@pytest.fixture(scope="module")
def plain(games):
    """Each bot's play at its defaults, per game, played once when first asked."""
    cache = {}

    def get(game, bot):
        if (game, bot) not in cache:
            sim = simulator(games[game], AS.get(bot, bot))
            cache[game, bot] = sim.play(3, 0, MATCHES_OF.get(bot, MATCHES))
        return cache[game, bot]
    return get


def play_with(rules, bot, key):
    sim = simulator(rules, AS.get(bot, bot))
    sim.bots[:, PARAMS[key][0]] = MOVES[key]   # behind the parser: it would refuse what the bot does not read
    return sim.play(3, 0, MATCHES_OF.get(bot, MATCHES))


def same(a, b):
    return a.shape == b.shape and all(np.array_equal(a[c], b[c]) for c in a.dtype.names)


def test_every_parameter_has_a_moving_value():
    assert set(MOVES) == set(PARAMS)
    assert all(set(keys) <= set(PARAMS) for keys in READS.values())


@pytest.mark.parametrize("bot, key", [(b, k) for b in READS for k in PARAMS])
def test_a_bot_plays_by_the_parameters_it_reads_and_no_other(games, plain, bot, key):
    game = GAME_OF.get(key, "ruian")
    moved = not same(plain(game, bot), play_with(games[game], bot, key))
    assert moved == (key in READS[bot]), f"{bot}:{key}={MOVES[key]} {'moved' if moved else 'did not move'} its play"


def test_a_parameter_the_bot_does_not_read_is_refused():
    with pytest.raises(UserError, match="greedy does not read rising.*claim=, chase_hard=, kong=, follow="):
        parse_bots("greedy:rising=1", 4)
    with pytest.raises(UserError, match="random does not read claim"):
        parse_bots("random:claim=0.5", 4)
    with pytest.raises(UserError, match="smart does not read follow"):
        parse_bots("smart,smart,smart,smart:follow=1", 4)


def test_a_parameter_given_twice_is_refused():
    with pytest.raises(UserError, match="rising given twice in 'smart:rising=1:rising=0'"):
        parse_bots("smart:rising=1:rising=0", 4)


def test_each_bot_takes_every_parameter_it_reads():
    for bot, keys in READS.items():
        given = {k: ("greedy" if k in NAMED else MOVES[k]) for k in keys}
        bp, names = parse_bots(":".join([bot] + [f"{k}={v}" for k, v in given.items()]), 4)
        for k in keys:
            assert (bp[:, PARAMS[k][0]] == MOVES[k]).all()
