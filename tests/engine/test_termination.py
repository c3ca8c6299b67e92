"""Every hand ends: rule files without a dead wall or 海底 play the wall out,
and a state the rules should make impossible stops with a message, not a hang."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from referee import Referee

from ruian_sim.bots.smart.danger import default_tables
from ruian_sim.engine.compile import simulator
from ruian_sim.engine.game import build_game
from ruian_sim.engine.simulate import EngineError, Simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.spec import KernelSpec, compile_rules

NO_DEAD_WALL = """\
extends: ruian
name: no-dead-wall
wall: {dead_stacks: 0, dead_odd_single: false, haidi_tiles: 0}
"""

# Hangzhou-like: 13 tiles, 白板 a fixed wild, self-draw only, no dead wall
HANGZHOU_LIKE = """\
extends: ruian
name: hangzhou-like
deal: {hand_size: 13}
wild: {source: fixed, fixed: 5z, stand_in: null}
claims: {win_on_discard: false}
wall: {dead_stacks: 0, dead_odd_single: false, haidi_tiles: 0}
"""


def refereed(sim, matches: int) -> Counter:
    ref, seen = Referee(sim.spec), Counter()
    for match in range(matches):
        hand = 0
        while (got := sim.replay(seed=11, match=match, hand=hand)) is not None:
            records, events, state = got
            seen += ref.referee(records[hand], events, state)
            hand += 1
    return seen


def test_a_wall_without_dead_wall_or_haidi_is_played_out(write):
    sim = simulator(load(str(write("no-dead-wall.yaml", NO_DEAD_WALL))), "greedy")
    recs = sim.play(seed=1, first_match=0, matches=4000)
    assert len(recs) >= 20_000
    draws = recs[recs["outcome"] == L.OUT_EXHAUSTIVE]
    assert len(draws) > 1000 and (draws["wall_left"] == 0).all()
    seen = refereed(sim, 8)
    assert seen["exhaustive"] > 0 and seen["haidi_dealt"] == 0


def test_a_hangzhou_like_file_plays_past_its_old_hang(write):
    sim = simulator(load(str(write("hz.yaml", HANGZHOU_LIKE))), "greedy")
    recs = sim.play(seed=1, first_match=0, matches=900)  # it hung on match 654
    assert len(np.unique(recs["match"])) == 900
    assert not (recs["outcome"] == L.OUT_DISCARD_WIN).any()
    assert refereed(sim, 6)["discards"] > 0


def test_an_impossible_state_is_reported_with_the_rules_involved():
    spec = compile_rules(load("ruian"))
    P = spec.P.copy()
    P[L.EP_HAND] = 40  # bypasses validation: the deal needs 161 tiles of 136
    broken = KernelSpec(spec.rules, P, spec.hs, spec.tabs, "broken", spec.table)
    with pytest.raises(EngineError) as err:
        Simulator(build_game(broken, default_tables(), False), "greedy").play_raw(seed=2, first_match=0, matches=3)
    msg = str(err.value)
    assert "the wall ran out of tiles" in msg and "match 0, hand 0" in msg
    assert "wall.dead_stacks 10" in msg and "ruian-sim play --rules ruian --bots greedy --seed 2 --match 0 --hand 0" in msg
