"""The readings valuation offers a winning hand: an all-pungs hand is read as
its pungs and its pair, never as the melds it set aside alone.  (The branch
meant for the pairs hands and three wilds once offered every all-pungs hand a
reading with only its shown melds, no pair and no concealed part; a table with
a fallback item then paid that reading: a 6-point all-pungs hand came out as
an 8-point chicken hand.)"""

from __future__ import annotations

import textwrap

from ruian_sim.ruleset import load
from ruian_sim.settle.hand import score_hand

TABLE = """\
    extends: ruian
    name: pungs-only
    wild: {source: none, stand_in: null}
    shapes: {three_wilds: {enabled: false}}
    scoring:
      items:
        - {name: chicken, points: 8, fallback: true}
        - {name: five_pungs, points: 6, when: {pungs: 5}}
      value: "points"
"""


def test_an_all_pungs_hand_is_read_as_its_pungs_and_pair(tmp_path):
    f = tmp_path / "pungs.yaml"
    f.write_text(textwrap.dedent(TABLE), encoding="utf-8")
    rules = load(str(f))
    got = score_hand(rules, "111m222p333s6z", ["pon 777m", "pon 888p"], "discard", "6z", seat=1, wild="none")
    assert got["items"] == {"five_pungs": 6}
    assert got["reading"]["pair"] == "66z"
    assert len(got["reading"]["melds"]) == 5
