"""dealer.draw_term: what a drawn hand the dealer keeps does to its term.

Under `next` (the default game with keep_on_draw) a kept draw is a new term;
under `same` (MIL 温州麻将: "荒庄 preserves dealer and streak") the dealer
deals again in the same term, and only its wins move it toward streak_cap."""

from itertools import pairwise

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L

KEEP = "extends: ruian\nname: keep\ndealer:\n  keep_on_draw: true\n"


def _next_hands(recs):
    for a, b in pairwise(recs):
        if a["match"] == b["match"]:
            yield a, b


def test_a_kept_draw_leaves_the_dealers_term_as_it_was(tmp_path):
    f = tmp_path / "same.yaml"
    f.write_text(KEEP + "  draw_term: same\n")
    rules = load(str(f))
    recs = simulator(rules, "greedy").play(3, 0, 30)
    cap = rules.dealer.streak_cap
    draws = wins = 0
    for a, b in _next_hands(recs):
        dealer, term = int(a["dealer"]), int(a["streak"])
        if int(a["outcome"]) not in L.WIN_OUTCOMES:
            # a draw: the same dealer, the same term, even at the cap
            assert (int(b["dealer"]), int(b["streak"])) == (dealer, term), (int(a["match"]), int(a["hand"]))
            draws += 1
        elif (int(a["winners"]) >> dealer) & 1:
            want = (dealer, term + 1) if term < cap else ((dealer + 1) % 4, 1)
            assert (int(b["dealer"]), int(b["streak"])) == want
            wins += 1
    assert draws > 10 and wins > 10, (draws, wins)


def test_by_default_a_kept_draw_is_a_new_term(tmp_path):
    f = tmp_path / "next.yaml"
    f.write_text(KEEP)
    recs = simulator(load(str(f)), "greedy").play(3, 0, 30)
    grew = 0
    for a, b in _next_hands(recs):
        if int(a["outcome"]) not in L.WIN_OUTCOMES and int(b["dealer"]) == int(a["dealer"]):
            assert int(b["streak"]) == int(a["streak"]) + 1
            grew += 1
    assert grew > 10, grew


def test_at_the_cap_the_dice_name_the_next_dealer(tmp_path):
    # dealer.after_cap dice (MIL 温州麻将 [四.5]): the capped dealer throws two dice and
    # counts seats from itself as 1; with a cap of one term every dealer win throws
    f = tmp_path / "dice.yaml"
    f.write_text("extends: wenzhou\nname: dice\ndealer:\n  streak_cap: 1\n")
    rules = load(str(f))
    assert rules.dealer.after_cap == "dice"
    recs = simulator(rules, "greedy").play(5, 0, 2000)
    shifts = []
    for a, b in _next_hands(recs):
        dealer = int(a["dealer"])
        if int(a["outcome"]) in L.WIN_OUTCOMES and (int(a["winners"]) >> dealer) & 1:
            assert int(b["streak"]) == 1   # a new first term, the same player's too
            shifts.append((int(b["dealer"]) - dealer) % 4)
    # two dice, (sum - 1) % 4: 8, 9, 10 and 9 of 36 throws
    share = [shifts.count(k) / len(shifts) for k in range(4)]
    assert len(shifts) > 1200, len(shifts)
    for got, want in zip(share, (8 / 36, 9 / 36, 10 / 36, 9 / 36)):
        assert abs(got - want) < 0.045, share   # about 4 standard errors


def test_the_throw_replays(tmp_path):
    f = tmp_path / "dice.yaml"
    f.write_text("extends: wenzhou\nname: dice\ndealer:\n  streak_cap: 1\n")
    sim = simulator(load(str(f)), "greedy")
    whole = sim.play(5, 0, 4)
    again = sim.play(5, 2, 2)   # matches 2 and 3 alone
    assert (whole[whole["match"] >= 2]["dealer"] == again["dealer"]).all()
