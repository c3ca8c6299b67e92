"""A designer changes one Taiwanese item in one line (花槓, all four seasons,
from 2 to 3 台) and gets the built-in game with that one change: the same hand
scores one 台 more, and the same seeds play the same hands, every item firing
as often as before."""

import json

import pytest

ONE_LINE = "extends: taiwanese\nname: seasons-3\nscoring: {items: {season_set: {tai: 3}}}\n"
# East's own flower 1f among the four seasons; a concealed hand won on a discard, 9s the only wait
HAND = ("--wild", "none", "--win", "discard", "--seat", "1", "--flowers", "1f2f3f4f", "123456789m555p111z99s")


@pytest.fixture
def seasons3(tmp_path):
    path = tmp_path / "seasons-3.yaml"
    path.write_text(ONE_LINE, encoding="utf-8")
    return path


def hand(cli, rules):
    done = cli("hand", "--rules", rules, *HAND)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["score"]


def test_a_hand_with_the_item_scores_one_tai_more(cli, seasons3):
    built_in, mine = hand(cli, "taiwanese"), hand(cli, seasons3)
    assert built_in["items"]["season_set"] == 2 and mine["items"]["season_set"] == 3
    assert {k: v for k, v in mine["items"].items() if k != "season_set"} == \
        {k: v for k, v in built_in["items"].items() if k != "season_set"}
    assert mine["tai"] == built_in["tai"] + 1
    assert mine["value"] == built_in["value"] + 20          # 底 + 20 per 台
    assert mine["reading"] == built_in["reading"]


def run(cli, rules, out):
    done = cli("run", "--rules", rules, "--hands", "2000", "--bots", "greedy", "--workers", "1", "--quiet",
               "--out", out)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "summary.json").read_text())


def test_the_same_seeds_play_the_same_hands_and_items(cli, seasons3, tmp_path):
    built_in, mine = run(cli, "taiwanese", tmp_path / "a"), run(cli, seasons3, tmp_path / "b")
    assert mine["rules"]["hash"] != built_in["rules"]["hash"]
    assert mine["scoring"]["items"]["season_set"] == {"tai": 3}
    assert mine["hands"] == built_in["hands"] and mine["outcomes"] == built_in["outcomes"]
    # greedy bots do not read the table, and a 台 more for 花槓 changes no reading kept
    assert mine["extra"]["items"] == built_in["extra"]["items"]
    assert mine["ci95"]["items"] == built_in["ci95"]["items"]
    share = built_in["extra"]["items"]["season_set"]
    assert share > 0, "no 花槓 in 2,000 hands: pick another seed"
    # the one change shows in the 台 of wins, by exactly the item's share
    assert mine["wins"]["tai"]["mean"] == pytest.approx(built_in["wins"]["tai"]["mean"] + share)
