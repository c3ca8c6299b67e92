"""The engine values every seat's hand under the table as it plays (to pick a
hand's best reading and to apply the win gate); the record carries the
reading and its parts.  Scoring the record again must give the same parts,
and a gated table must never see a win its gate refuses."""

import numpy as np
import pytest
import yaml

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.scoring import layout as S
from ruian_sim.settle import values
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat


def _file(tmp_path, name, data):
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump({"extends": "ruian", "name": name, **data}), encoding="utf-8")
    return load(str(path))


TAI_TABLE = {"scoring": {
    "items": [{"name": "self_drawn", "tai": 1, "when": {"self_drawn": True}},
              {"name": "concealed", "tai": 1, "when": {"concealed_hand": True}},
              {"name": "honor_pung", "tai": 1, "per": {"meld": "pung_or_kong", "class": "honor"}},
              {"name": "edge_or_closed", "points": 2, "when": {"wait": ["edge", "closed"]}}],
    "value": "(10 + points) * 2 ** min(tai, 3)",
    "gate": "tai >= 1",
}}


@pytest.mark.parametrize("which", ["ruian", "tai"])
def test_records_score_as_the_engine_valued_them(which, tmp_path):
    rules = load("ruian") if which == "ruian" else _file(tmp_path, "tai-table", TAI_TABLE)
    recs = simulator(rules, bots="greedy").play(seed=11, first_match=0, matches=60)
    parts, _ = values(recs, rules)
    n = rules.table.seats
    for field, out in (("points", S.OUT_POINTS), ("tai", S.OUT_TAI), ("times", S.OUT_TIMES),
                       ("items", S.OUT_ITEMS)):
        assert np.array_equal(per_seat(recs, field, n), parts[:, :, out]), field


def test_the_gate_refuses_wins_below_it(tmp_path):
    rules = _file(tmp_path, "tai-table", TAI_TABLE)
    recs = simulator(rules, bots="greedy").play(seed=12, first_match=0, matches=60)
    won = np.isin(recs["outcome"], L.WIN_OUTCOMES)
    tai = per_seat(recs, "tai", rules.table.seats)
    winners = recs["winners"].astype(np.int64)
    for s in range(rules.table.seats):
        w = won & ((winners >> s) & 1 == 1)
        assert np.all(tai[w, s] >= 1)
    assert won.sum() > 20
    # without the gate, some wins have no 台 at all: the gate did refuse some
    free = _file(tmp_path, "tai-free", {"scoring": {**TAI_TABLE["scoring"], "gate": None}})
    r2 = simulator(free, bots="greedy").play(seed=12, first_match=0, matches=60)
    w2 = np.isin(r2["outcome"], L.WIN_OUTCOMES)
    first = np.clip(r2["winner"].astype(np.int64), 0, 3)
    t2 = per_seat(r2, "tai", 4)[np.arange(len(r2)), first]
    assert np.any(w2 & (t2 == 0))


def test_every_standard_win_records_its_melds(tmp_path):
    rules = _file(tmp_path, "tai-table", TAI_TABLE)
    recs = simulator(rules, bots="greedy").play(seed=13, first_match=0, matches=60)
    won = np.isin(recs["outcome"], L.WIN_OUTCOMES)
    w = np.clip(recs["winner"].astype(np.int64), 0, 3)
    melds = np.stack([per_seat(recs, f"meld{k}", 4)[np.arange(len(recs)), w] for k in range(5)], axis=1)
    standard = won & (per_seat(recs, "shapes", 4)[np.arange(len(recs)), w] & 1 == 1)
    assert standard.sum() > 20
    assert np.all(melds[standard].max(axis=1) > 0)  # every standard win has its melds recorded
