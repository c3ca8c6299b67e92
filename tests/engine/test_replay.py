"""A run's records keep each winner's hand whole: every win of every built-in
game comes back (settle.replay.winning_hands) as the line `ruian-sim hand
--jsonl` takes, and scoring that line gives what play recorded.  MCR's wins
go to an independent scorer too: PyMahjongGB, from the recorded hand alone,
gives the recorded fan, and every one is a legal win (8 fan without flowers)."""

from __future__ import annotations

import json

import pytest
from mcr_oracle import score

from ruian_sim import tiles as T
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import builtin_specs, load
from ruian_sim.settle.hand import HandScorer
from ruian_sim.settle.replay import recorded_score, winning_hands

GAMES = [spec for spec in builtin_specs().values() if "+" not in spec]   # the whole games


def _rescored(sc: HandScorer, line: dict) -> dict:
    return sc.score(line["hand"], line["melds"], line["win"], line["tile"], line["seat"], line["round"],
                    line["flowers"], wild=line["wild"], streak=line["streak"], first=line["first"],
                    last=line["last"], chain={"kongs": line["chain"], "piao": line["piao"]},
                    after_kong=line["after_kong"], shown=line["shown"])


@pytest.mark.parametrize("game", GAMES)
def test_every_recorded_win_scores_again_to_its_record(game):
    rules = load(game)
    records = simulator(rules, "greedy").play(11, 0, 40)
    sc = HandScorer(rules)
    wins = winning_hands(records, rules)
    assert len(wins) >= 100, (game, len(wins))
    for h, s, line in wins:
        got = _rescored(sc, line)
        assert got["win"], (game, h, line, got)
        want = recorded_score(records, h, s)
        assert {k: got[k] for k in want} == want, (game, h, s, line, got["items"])


def _neutral(line: dict) -> dict:
    """A project line as the neutral description PyMahjongGB's wrapper takes
    (its meld words: akong is concealed, added is added; flowers a count)."""
    word = {"chi": "chi", "pon": "pon", "kong": "kong", "akong": "added", "ckong": "akong"}
    melds = [f"{word[m.split()[0]]} {m.split()[1]}" for m in line["melds"].split(", ") if m]
    return {"hand": line["hand"], "tile": line["tile"], "melds": melds, "win": line["win"],
            "last": line["last"], "fourth": line["shown"] == 3, "seat": line["seat"], "round": line["round"],
            "flowers": len(T.parse(line["flowers"])) if line["flowers"] else 0}


@pytest.mark.slow
def test_mcr_wins_of_a_run_score_the_same_with_pymahjonggb():
    """20,000 hands of the default bots: each win's recorded fan is PyMahjongGB's, scored
    from the recorded hand alone, and a legal win, 8 fan or more without the flowers."""
    rules = load("mcr")
    records = simulator(rules).play(2026, 0, 1250)
    assert len(records) >= 20_000
    wins = winning_hands(records, rules)
    assert len(wins) >= 10_000
    for h, s, line in wins:
        ref = score(_neutral(line))
        assert ref["error"] is None, (line, ref)
        want = recorded_score(records, h, s)
        flowers = len(T.parse(line["flowers"])) if line["flowers"] else 0
        assert want["tai"] - flowers >= 8, (line, want)
        assert ref["win"] and ref["fan_total"] + flowers == want["tai"], (line, want, ref)


@pytest.mark.cli
def test_hand_jsonl_answers_every_line_in_order(cli):
    """`hand --jsonl`: one answer a line, in order; a bad line answers an error and the rest go on."""
    rules = load("mcr")
    records = simulator(rules, "greedy").play(5, 0, 4)
    lines = [line for _, _, line in winning_hands(records, rules)][:20]
    text = "\n".join([json.dumps(lines[0]), '{"hand": "123m", "win": "self", "colour": 1}', "not json"]
                     + [json.dumps(x) for x in lines[1:]]) + "\n"
    out = cli("hand", "--rules", "mcr", "--jsonl", stdin=text)
    assert out.returncode == 0, out.stderr
    out = out.stdout.splitlines()
    answers = [json.loads(x) for x in out]
    assert len(answers) == len(lines) + 2
    assert "unknown key 'colour'" in answers[1]["error"]
    assert answers[2]["error"].startswith("not JSON")
    sc = HandScorer(rules)
    for line, got in zip([lines[0], *lines[1:]], [answers[0], *answers[3:]]):
        assert got["score"]["tai"] == _rescored(sc, line)["tai"]
