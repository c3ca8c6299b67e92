"""Who pays whom in `wenzhou`, worked from the MIL 温州麻将 2024 rules as the
public implementation states them (docs/games.md §9): the winner collects
M × (the dealer's factor 2 × (streak + 1) when the dealer wins or pays, else
1) from each of the three others, on a discard as on a self-draw; each 财神
held collects 1 from each other seat (4 × held − total) at a win only; kong
money 1 exposed / 2 concealed / 0 added from each other seat, as the kong is
made, times the dealer's factor when the dealer makes or pays it.

Our terms count from 1, the MIL streak from 0: term t is streak t − 1, so the
dealer's factor is 2, 4, 6, 8 in terms 1-4."""

import pytest

from ruian_sim.ruleset import load
from ruian_sim.settle.hand import score_hand
from ruian_sim.settle.hand_record import hand_record, settle
from ruian_sim.settle.payments import score
from ruian_sim.table import layout as L

N = 4
PLAIN = "123456m123p123s111z22z"        # hard (×2) with 9m the 财神: none held
SOFT = "9m23456m123p123s111z22z"        # the 财神 9m stands for 1m: soft (×1) on a discard


@pytest.fixture(scope="module")
def wenzhou():
    return load("wenzhou")


def seats(rules, winner, hand, win, dealer=0, losers=None):
    out = {winner: score_hand(rules, hand, [], win, "", (winner - dealer) % N, wild="9m")}
    for s, h in (losers or {}).items():
        out[s] = score_hand(rules, h, [], "none", "", (s - dealer) % N, wild="9m")
    return out


def pay(rules, scores, winner, win, dealer=0, discarder=None, term=1):
    got = settle(rules, scores, winner=winner, dealer=dealer, discarder=discarder, streak=term, win=win)
    return [got[s] for s in range(N)]


def test_a_non_dealer_self_draw_in_the_dealers_second_term(wenzhou):
    # ×2 (hard); the dealer pays 2 × 4, the others 2 each
    assert pay(wenzhou, seats(wenzhou, 1, PLAIN, "self"), 1, "self", term=2) == [-8, 12, -2, -2]


def test_a_discard_win_is_paid_by_all_three_as_a_self_draw(wenzhou):
    # seat 2 dealt in: it pays no more than the others
    assert pay(wenzhou, seats(wenzhou, 1, PLAIN, "discard"), 1, "discard", discarder=2) == [-4, 8, -2, -2]


def test_a_soft_hand_is_one_on_a_discard_and_hard_self_drawn_its_caishen_paid_beside(wenzhou):
    # soft on a discard: ×1; the winner holds one 财神, collecting 1 from each
    got = pay(wenzhou, seats(wenzhou, 1, SOFT, "discard"), 1, "discard", discarder=3)
    assert got == [-2 - 1, 4 + 3, -1 - 1, -1 - 1]
    got = pay(wenzhou, seats(wenzhou, 1, SOFT, "self"), 1, "self")
    assert got == [-4 - 1, 8 + 3, -2 - 1, -2 - 1]


def test_the_dealer_wins_in_its_third_term(wenzhou):
    # dealer's factor 6, ×2 from each of three
    assert pay(wenzhou, seats(wenzhou, 0, PLAIN, "self"), 0, "self", term=3) == [36, -12, -12, -12]


def test_the_fourth_term_is_the_last_factor(wenzhou):
    assert pay(wenzhou, seats(wenzhou, 2, PLAIN, "self"), 2, "self", term=4) == [-16, -2, 20, -2]


def test_caishen_money_is_four_times_held_less_the_total(wenzhou):
    # the book's example, counts 0/0/1/2 -> -3/-3/1/5, beside the win (seat 3 wins ×1 soft
    # holding two 财神, seat 2 holds one)
    two = "99m3456m123p123s111z22z"           # 9m 9m stand for 1m 2m: soft
    scores = seats(wenzhou, 3, two, "discard", losers={2: "9m1234567m12p11345s1z"})
    assert scores[3]["times"] == 1
    got = pay(wenzhou, scores, 3, "discard", discarder=0)
    win = [-2, -1, -1, 4]                      # ×1, the dealer (seat 0) × 2
    assert got == [w + c for w, c in zip(win, [-3, -3, 1, 5])]


def kong(kind, maker, n_th=0, frm=-1):
    """One kong in a seat's kong_log, every other seat still in."""
    inn = (1 << (N - 1)) - 1
    return (kind | (max(frm, 0) << 2) | (inn << 5)) << (L.KL_BITS * n_th)


@pytest.mark.parametrize("maker, kind, term, want", [
    # a concealed kong by a non-dealer in term 1: 2 each, the dealer 2 × 2
    (1, L.KL_CONCEALED, 1, [-4, 8, -2, -2]),
    # an exposed kong by the dealer in term 2: 1 × 4 from each
    (0, L.KL_EXPOSED, 2, [12, -4, -4, -4]),
    # an added kong is paid nothing
    (2, L.KL_ADDED, 3, [0, 0, 0, 0]),
])
def test_kong_money_times_the_dealers_factor_won_or_drawn(wenzhou, maker, kind, term, want):
    for won in (True, False):
        scores = seats(wenzhou, 3, PLAIN, "self") if won else {}
        rec = hand_record(wenzhou, scores, winner=3 if won else None, streak=term,
                          win="self" if won else "none")
        rec[f"kong_log_{maker}"] = kong(kind, maker, frm=(maker + 1) % N if kind == L.KL_EXPOSED else -1)
        base = score(hand_record(wenzhou, scores, winner=3 if won else None, streak=term,
                                 win="self" if won else "none"), wenzhou).seat_points[0]
        got = score(rec, wenzhou).seat_points[0] - base
        assert list(got) == want, won


def test_without_times_base_kong_money_is_flat(tmp_path):
    f = tmp_path / "flat.yaml"
    f.write_text("extends: wenzhou\nname: flat\nscoring:\n  kongs:\n    times_base: false\n")
    rules = load(str(f))
    rec = hand_record(rules, {}, winner=None, streak=2, win="none")
    rec["kong_log_0"] = kong(L.KL_EXPOSED, 0, frm=1)
    assert list(score(rec, rules).seat_points[0]) == [3, -1, -1, -1]


def test_kong_money_paid_with_the_win_is_times_the_base_too(tmp_path):
    f = tmp_path / "on-win.yaml"
    f.write_text("extends: wenzhou\nname: on-win\nscoring:\n  kongs:\n    paid: on_win\n")
    rules = load(str(f))
    won = {1: score_hand(rules, "123456m123s111z22z", ["ckong 4444p"], "self", "", 1, wild="9m")}
    # ×2 self-drawn in the dealer's second term (factor 4), and the concealed kong 2 × the same bases
    assert pay(rules, won, 1, "self", term=2) == [-8 - 8, 12 + 12, -2 - 2, -2 - 2]
