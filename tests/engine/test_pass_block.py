"""过水 as claims.pass_block says it (MIL 温州麻将 2024 [六.6.2)]): a passed win
bars the seat's discard wins no more valuable than it until its next draw;
one's own discard of a winning tile is a pass; the kernels read a win's worth
as `hand` values it.  Driven on the one-seat table `hand` scores with."""

import pytest

from ruian_sim import tiles as T
from ruian_sim.engine import claims
from ruian_sim.engine.single import Situation
from ruian_sim.ruleset import load
from ruian_sim.settle.hand import HandScorer
from ruian_sim.table import layout as L
from ruian_sim.table.seat import face_of, remove_face

# wenzhou, 财神 东 (白板 stands in for it; neither is held).  On 9m the hand is
# standard and natural: 硬和 ×2; on 7m it is eight pairs and natural: 双番 ×4.
HAND = "11223344556678m99s"
WILD = "1z"
SEAT = 1   # a non-dealer: its value is the times (base 1)


@pytest.fixture(scope="module")
def wenzhou():
    return HandScorer(load("wenzhou"))


def seat_of(scorer, tiles, melds=()):
    """The one-seat table holding ``tiles`` (and ``melds``, (scoring meld kind, face)
    pairs); returns (seat, kernel arguments)."""
    st = scorer.seat_table
    s = st._setup(T.parse_one(WILD), melds, T.parse(tiles), Situation(seat_wind=SEAT, route=L.FACT_DISCARD))
    st.state.seats.F[s, L.F_SHANTEN] = 0    # ready, as the bot's count after its discard would say
    return s, (scorer.seat_table.rules, st.state.seats, st.state.table, st.work, st.values)


def face(scorer, tile):
    H = scorer.seat_table.state.table.H
    return face_of(T.parse_one(tile), int(H[L.H_WK]), int(H[L.H_SI]))


@pytest.mark.parametrize("tile,times", [("9m", 2), ("7m", 4)])
def test_a_win_is_worth_what_hand_says(wenzhou, tile, times):
    s, args = seat_of(wenzhou, HAND)
    m, _, worth = claims.win_on(s, face(wenzhou, tile), L.FACT_DISCARD, *args)
    assert m != 0
    got = wenzhou.score(HAND, (), "discard", tile, SEAT, wild=WILD)
    assert worth == got["value"] == times


def test_a_passed_win_bars_only_wins_worth_no_more(wenzhou):
    s, args = seat_of(wenzhou, HAND)
    rules, seats = args[0], args[1]
    P, F = rules.P, seats.F
    _, _, worth = claims.win_on(s, face(wenzhou, "9m"), L.FACT_DISCARD, *args)
    claims.note_pass(s, worth, P, F)         # passed 9m, ×2
    assert claims.blocks(s, 2, P, F)         # another ×2 win: barred
    assert not claims.blocks(s, 4, P, F)     # 7m, ×4: worth more, it stands
    claims.note_pass(s, 4, P, F)             # passed that too: now ×4 bars
    assert claims.blocks(s, 4, P, F) and F[s, L.F_PASSED_VALUE] == 4
    claims.note_pass(s, 2, P, F)             # a lesser pass does not lower the bar
    assert F[s, L.F_PASSED_VALUE] == 4
    claims.lift_pass(s, F)                   # the next draw
    assert not claims.blocks(s, 2, P, F)


def test_the_plain_block_bars_every_discard_win():
    scorer = HandScorer(load("ruian", ["pass-win"]))
    st = scorer.seat_table
    F, P = st.state.seats.F, st.rules.P
    F[:] = 0
    claims.note_pass(0, 1, P, F)
    assert claims.blocks(0, 10 ** 6, P, F)


def test_throwing_a_winning_tile_is_a_pass(wenzhou):
    # the seat holds a complete eight pairs (it declined the self-draw) and throws 7m,
    # on which it would have won at ×4 had another thrown it
    s, args = seat_of(wenzhou, HAND + "7m")
    rules, seats = args[0], args[1]
    f = face(wenzhou, "7m")
    remove_face(s, f, seats.cnt, seats.keys, seats.F, rules.pw)
    claims.own_discard_pass(s, f, *args)
    assert seats.F[s, L.F_PASSED] == 1 and seats.F[s, L.F_PASSED_VALUE] == 4


def test_throwing_a_tile_that_does_not_win_is_no_pass(wenzhou):
    s, args = seat_of(wenzhou, HAND + "5s")
    rules, seats = args[0], args[1]
    f = face(wenzhou, "5s")
    remove_face(s, f, seats.cnt, seats.keys, seats.F, rules.pw)
    claims.own_discard_pass(s, f, *args)
    assert seats.F[s, L.F_PASSED] == 0


PON = 2   # the scoring language's meld kind of a pon (scoring/layout MELD_PON)


# after a pon of 9s the seat holds 14 tiles beside it, before its discard
@pytest.mark.parametrize("tiles,lifted", [
    ("123456789m234s1p5s", True),     # no complete shape: the bar goes
    ("123456789m234s11p", False),     # four chows and a pair beside the pon: complete, the bar stays
])
def test_a_pon_that_breaks_the_hand_lifts_the_bar(wenzhou, tiles, lifted):
    s, args = seat_of(wenzhou, tiles, melds=((PON, T.parse_one("9s")),))
    rules, seats, _, work, _ = args
    claims.note_pass(s, 2, rules.P, seats.F)
    claims.pon_lifts(s, rules, seats, work)
    assert (seats.F[s, L.F_PASSED] == 0) == lifted


def test_without_pon_lifts_a_pon_keeps_the_bar():
    scorer = HandScorer(load("ruian", ["pass-win"]))
    s, args = seat_of(scorer, "123456789m234s1p5s", melds=((PON, T.parse_one("9s")),))
    rules, seats, _, work, _ = args
    claims.note_pass(s, 0, rules.P, seats.F)
    claims.pon_lifts(s, rules, seats, work)
    assert seats.F[s, L.F_PASSED] == 1
