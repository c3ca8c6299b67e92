"""rules/mcr.yaml against an outside scorer: PyMahjongGB, on thousands of random hands.

PyMahjongGB (a test dependency, module ``MahjongGB``) wraps the fan calculator of
ChineseOfficialMahjongHelper, the reference rules/mcr.yaml follows where the rulebook
leaves room.  tests/kit/mcr_hands.py makes random hands of every kind (a template per fan,
natural, low and incomplete hands), tests/kit/mcr_oracle.py scores them with PyMahjongGB and
turns them into score_hand's arguments.

Totals and win decisions must agree on every hand.  The one difference that once showed
(PyMahjongGB counts waits formally: a kind whose four copies the winner holds itself is
still a wait) is rule data now, `scoring.waits: formal` in rules/mcr.yaml; a test below
shows that rule moving the score.
"""
from collections import Counter

import pytest
from mcr_hands import coverage, generate
from mcr_oracle import FANS_81, WAIT_FANS, fan_difference, project_fans, score, to_project

from ruian_sim.errors import UserError
from ruian_sim.ruleset import load
from ruian_sim.settle.hand import HandScorer

N_HANDS, SEED = 6000, 1


def describe(h):
    """A hand as one readable line."""
    melds = ", ".join(m if isinstance(m, str) else m["meld"] for m in h["melds"]) or "none"
    flags = [k for k in ("last", "fourth") if h.get(k)]
    return (f"{h['hand']} + {h['tile']} ({h['win']}), melds: {melds}; seat {h['seat']} round {h['round']}, "
            f"flowers {h['flowers']}{', ' + ', '.join(flags) if flags else ''} [{h['template']}]")


@pytest.fixture(scope="module")
def scorer():
    return HandScorer(load("mcr"))   # built once: score_hand would look it up per hand


def project(scorer, h):
    # every generated hand is one play can reach, so the project must score it
    try:
        return scorer.score(**to_project(h))
    except UserError as exc:
        pytest.fail(f"the project refuses {describe(h)}: {exc}")


@pytest.fixture(scope="module")
def results(scorer):
    """[(hand, PyMahjongGB's verdict, the project's score)] for the generated hands."""
    return [(h, score(h), project(scorer, h)) for h in generate(N_HANDS, SEED)]


def complete(results):
    return [(h, ref, got) for h, ref, got in results if ref["complete"]]


def same_total(ref, got):
    # the project's tai counts the flowers (flower_tiles, 1 fan each); the oracle's fan_total does not
    return got["tai"] == ref["fan_total"] + ref["flowers"]


def report(rows, n=8):
    """The first ``n`` disagreeing hands with the fan difference (project - PyMahjongGB)."""
    lines = [f"  {describe(h)}\n    project {got['tai']} vs PyMahjongGB {ref['fan_total']}+{ref['flowers']} flowers: "
             f"{fan_difference(project_fans(got), ref['fans'])}" for h, ref, got in rows[:n]]
    return f"{len(rows)} hands:\n" + "\n".join(lines)


def test_the_hands_are_of_every_kind(results):
    kinds = Counter(h["template"].split(":")[0] for h, _, _ in results)
    assert kinds["target"] > N_HANDS // 2 and kinds["natural"] > N_HANDS // 4, kinds
    # both kinds of non-win: complete below 8 fan, and not complete at all
    assert sum(ref["complete"] and not ref["win"] for _, ref, _ in results) > N_HANDS // 20
    assert sum(not ref["complete"] for _, ref, _ in results) > N_HANDS // 20


def test_every_fan_is_reached(results):
    # so that the agreement below cannot come from easy hands only
    seen = coverage(ref for _, ref, _ in results)
    rare = {name: seen[name] for name in FANS_81 if seen[name] < 20}
    assert not rare, f"fans PyMahjongGB scores in fewer than 20 of the hands: {rare}"


def test_completeness_agrees(results):
    wrong = [(h, ref, got) for h, ref, got in results
             if ref["complete"] != (got.get("reason") != "the hand is not complete")]
    assert not wrong, "complete for one scorer, not for the other: " + report(wrong)


def test_win_decision_agrees(results):
    # complete and 8 fan or more without the flowers
    wrong = [(h, ref, got) for h, ref, got in results if bool(got["win"]) != ref["win"]]
    assert not wrong, "the win decisions differ: " + report(wrong)


def test_total_fan_agrees(results):
    rows = complete(results)
    differ = [(h, ref, got) for h, ref, got in rows if not same_total(ref, got)]
    assert not differ, "the totals differ: " + report(differ)


def test_breakdowns_agree(results):
    # the same fans, not only the same total; which of edge/closed/single wait names the one
    # wait is a convention when the winning tile reads several ways (both scorers count one),
    # and at equal totals the two may pick different divisions ("take the highest" ties)
    def fans(f):
        f = dict(f)
        wait = sum(f.pop(name, 0) for name in WAIT_FANS)
        return {**f, "a wait": wait} if wait else f

    rows = complete(results)
    differ = [(h, ref, got) for h, ref, got in rows
              if fans(project_fans(got)) != fans(ref["fans"])]
    assert len(differ) <= 0.002 * len(rows), "the fan breakdowns differ: " + report(differ)


PINNED = [
    # 4444s are the winner's own, so 4444666s waits on 5s alone as tiles can come (closed in
    # 456s), but on 4s and 5s formally
    ({"hand": "4444666s", "tile": "5s", "melds": ["chi 123m", "pon 777p"], "win": "discard"}, "closed_wait"),
    # 5555s are in the winner's concealed kong, so 34s waits on 2s alone as tiles can come:
    # that wait would be the 8th fan, and the hand a win (seed 4 of the generator found it)
    ({"hand": "56777m34s", "tile": "2s", "melds": ["chi 234s", "akong 5555s"], "win": "self",
      "seat": 2, "round": 2}, "edge_wait"),
]


@pytest.mark.parametrize("h, wait", PINNED, ids=["own 4444s", "own kong 5555s"])
def test_a_wait_on_the_winners_own_tiles_counts_only_formally(scorer, h, wait, tmp_path):
    """scoring.waits: formal (MCR's reference) counts a kind all four of which the winner
    holds as waited on, so these hands wait on two kinds and score no wait fan, as
    PyMahjongGB does; the same table with live waits scores the one live wait."""
    h = {"last": False, "fourth": False, "seat": 1, "round": 0, "flowers": 0, "template": "pinned", **h}
    got, ref = project(scorer, h), score(h)
    assert fan_difference(project_fans(got), ref["fans"]) == {}
    live_file = tmp_path / "live.yaml"
    live_file.write_text("extends: mcr\nname: mcr-live-waits\nscoring: {waits: live}\n", encoding="utf-8")
    live = HandScorer(load(str(live_file))).score(**to_project(h))
    assert fan_difference(project_fans(live), ref["fans"]) == {wait: 1}
