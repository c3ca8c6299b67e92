"""A table written as a newcomer would write it from the README — additive 台
with an exclusion and a gate — validates, plays, and scores a hand through
`ruian-sim hand` exactly as worked by hand below."""

import json

import pytest

TABLE = """\
extends: ruian
name: my-tai
scoring:
  items:
    - {name: self_drawn, tai: 1, when: {self_drawn: true}}
    - {name: concealed, tai: 1, when: {concealed_hand: true}}
    - name: concealed_self_drawn
      tai: 3
      when: {concealed_hand: true, self_drawn: true}
      excludes: [self_drawn, concealed]
    - {name: honor_pung, tai: 1, per: {meld: pung_or_kong, class: honor}}
    - {name: hard, tai: 1, when: {hard: true}}
  value: "(10 + 10 * tai) * base"
  gate: "tai >= 2"
"""


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "my-tai.yaml"
    path.write_text(TABLE, encoding="utf-8")
    return path


def score(cli, table, *args):
    done = cli("hand", "--rules", table, *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["score"]


def test_it_validates_and_plays(cli, table, tmp_path):
    assert cli("validate", table).returncode == 0
    done = cli("run", "--rules", table, "--hands", "600", "--bots", "greedy", "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["hands"] >= 600


def test_a_concealed_self_draw_scores_as_worked_by_hand(cli, table):
    # 123m 456m 789m 111z (an honor pung) 555p, pair 99s, no wild used: hard.
    # 門清自摸 3 (self_drawn and concealed excluded) + honor pung 1 + hard 1 = 5 台;
    # the seat is not the dealer: base 1, value (10 + 50) × 1 = 60.
    got = score(cli, table, "--wild", "3s", "--win", "self", "--seat", "1", "123456789m555p111z99s")
    assert got["win"] is True
    assert got["tai"] == 5
    assert got["items"] == {"concealed_self_drawn": 3, "honor_pung": 1, "hard": 1}
    assert got["value"] == 60


def test_the_gate_refuses_a_cheap_win(cli, table):
    # the same hand won on a discard with an exposed chi: hard 1 + honor pung 1 = 2 台 passes;
    # without the honor pung (a chi of 123p instead) only hard 1 remains: refused
    ok = score(cli, table, "--wild", "3s", "--win", "discard", "--melds", "chi 123m", "456789m555p111z99s")
    assert ok["win"] is True and ok["tai"] == 2
    refused = score(cli, table, "--wild", "3s", "--win", "discard", "--melds", "chi 123m",
                    "456789m555p123p99s")
    assert refused["win"] is False and refused["tai"] == 1
