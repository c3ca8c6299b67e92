"""Kinds laid aside like flowers (the 台 game's 白板) and a dead wall that
grows with kongs: rule values of issue 12, played through the engine."""

import numpy as np
import pytest
import yaml

from ruian_sim import tiles as T
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L

WHITE, RED = T.parse_one("5z"), T.parse_one("7z")


def rules_file(tmp_path, name, **over):
    data = {"extends": "ruian", "name": name, **over}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load(str(path))


@pytest.fixture(scope="module")
def aside_rules(tmp_path_factory):
    return rules_file(tmp_path_factory.mktemp("aside"), "white-aside",
                      tiles={"aside": ["5z"], "aside_if_wild": "7z"}, wild={"stand_in": None})


def test_white_is_laid_aside_and_never_held(aside_rules):
    sim = simulator(aside_rules, bots="greedy")
    laid = {WHITE: 0, RED: 0}
    for hand in range(8):
        got = sim.replay(seed=3, match=0, hand=hand)
        if got is None:
            break  # the match was shorter
        recs, events, _ = got
        wild = int(recs["wild"][-1])
        for code, seat, tile, a, b in events.tolist():
            if code == L.EV_FLOWER:
                laid[tile] = laid.get(tile, 0) + 1
                # 红中 is laid aside only when 白板 is the wild, and the wild is never laid aside
                assert tile != wild
                assert tile == WHITE or (tile == RED and wild == WHITE)
        row = recs[-1]
        aside = sum(int(row[f"aside_{s}"]) for s in range(4))
        assert aside == sum(1 for e in events.tolist() if e[0] == L.EV_FLOWER)
        assert all(int(row[f"flowers_{s}"]) == 0 for s in range(4))
    assert laid[WHITE] > 0


def test_the_dead_wall_grows_with_each_kong(tmp_path):
    base = simulator(load("ruian"), bots="greedy")
    grow = simulator(rules_file(tmp_path, "growing", wall={"dead_per_kong": [4, 2]}), bots="greedy")
    a = base.play(seed=5, first_match=0, matches=300)
    b = grow.play(seed=5, first_match=0, matches=300)
    # a match's first hand is played alike up to the end of the wall, where a
    # hand with kongs ends sooner (later hands may have other dealers)
    a, b = a[a["hand"] == 0], b[b["hand"] == 0]
    both = ((a["outcome"] == L.OUT_EXHAUSTIVE) & (b["outcome"] == L.OUT_EXHAUSTIVE)
            & (a["kongs"] == b["kongs"]))
    kongs = both & (a["kongs"] > 0)
    assert kongs.sum() >= 5
    grown = np.where(a["kongs"][kongs] == 1, 4, 4 + 2 * (a["kongs"][kongs] - 1))
    # fewer draws, each with its discard; a claim in the turns the base played on
    # adds a discard without a draw
    fewer = (a["turns"] - b["turns"] - (a["claims"] - b["claims"]))[kongs]
    assert np.all(fewer >= 1)
    assert np.all(fewer <= grown)
    none = both & (a["kongs"] == 0)
    assert np.array_equal(a["turns"][none], b["turns"][none])
