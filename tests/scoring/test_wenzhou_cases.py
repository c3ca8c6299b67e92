"""The MIL 温州麻将 2024 hand cases, scored by `wenzhou` through the public API.

The public implementation of the MIL rules (xelnagamiao/open_mahjong_unity,
game_calculation/wenzhou/testdata/hand_cases.json) pins 28 hands; each is
written again here in our notation under its own id, and its multiplier is
worked from the rule, never from running either program.  The rules as the
implementation cites the book (docs/games.md §9):

- I: 136 tiles; the turned tile's kind is the 财神, its three live copies
  wild; 白板 is always the 财神's own kind (not a wild), or the 财神 itself
  when 白板 is turned.  A 财神 is never used in chi/pon/kong.
- IV.1: a win is 5 melds + a pair, or 八对 (eight pairs + one single,
  nothing declared; four alike are two pairs), or three 财神 whatever the rest.
- V.4: 软和 ×1 when a 财神 stands for another tile; 硬和 ×2 when none does
  (no 财神, or each as its own kind) or when self-drawn; 八对 ×4 when none
  stands for another tile or self-drawn, else ×1; three 财神 ×4 with one of
  the shapes, ×2 without.  The hand counts its best category; nothing else
  (碰碰胡 is a plain hand).

Their tile codes: 11-19 万, 21-29 筒, 31-39 条, 41-44 东南西北, 45 中, 46 白,
47 发; here 1m-9m, 1p-9p, 1s-9s, 1z-4z, 7z, 5z, 6z.  A case's last tile is its
winning tile, won on a discard unless it says self-drawn.
"""

import pytest

from ruian_sim.errors import UserError
from ruian_sim.ruleset import load
from ruian_sim.settle.hand import score_hand

FIVE_MELDS = ["chi 123m", "chi 456m", "chi 123p", "chi 123s", "pon 111z"]   # s12 s15 s22 s32 k41
REFUSED = "refused"   # the hand cannot exist in play (the implementation answers null)

# (case id, 财神, hand, melds, win, multiplier: None = not a win), each worked from the rule above
CASES = [
    # V.4: no 财神 in hand (白板 is the 财神 here, and none is held): hard ×2
    ("standard_no_caishen", "5z", "123456m123p123s111z22z", [], "discard", 2),
    # V.4: the 财神 9m stands for 1m in 123m: soft, won on a discard ×1
    ("standard_soft_ron", "9m", "9m23456m123p123s111z22z", [], "discard", 1),
    # V.4: the same hand self-drawn is hard ×2
    ("standard_soft_draw_becomes_hard", "9m", "9m23456m123p123s111z22z", [], "self", 2),
    # V.4: the 财神 1m as itself in 123m: hard ×2
    ("caishen_used_as_itself_hard", "1m", "123456m123p123s111z22z", [], "discard", 2),
    # I: 白板 is 1m, the 财神's kind, so 白23m is a natural 123m: hard ×2
    ("white_fixed_in_sequence", "1m", "5z23456m123p123s111z22z", [], "discard", 2),
    # I: 白板 is 9m here, fixed: 白23456m makes no melds, so no win
    ("white_cannot_substitute_freely", "9m", "5z23456m123p123s111z22z", [], "discard", None),
    # I, III.2: a chi of 2m 白 3m with 1m the 财神 is 123m, no 财神 used: hard ×2
    ("white_mixed_declared_sequence", "1m", "456m123p123s111z22z", ["chi 2m5z3m"], "discard", 2),
    # I, III.3: a pon of three 白 is a pon of 1m: hard ×2
    ("white_fixed_declared_triplet", "1m", "456m123p123s111z22z", ["pon 555z"], "discard", 2),
    # I, III.4: a concealed kong of four 白 is a kong of 1m: hard ×2
    ("white_fixed_declared_kong", "1m", "456m123p123s111z22z", ["ckong 5555z"], "discard", 2),
    # IV.1, V.4: eight pairs + a single with no 财神: ×4
    ("eight_pairs_unrelated_singleton", "5z", "114477m114477p1144s2z", [], "discard", 4),
    # IV.1: 1111m is two pairs: eight pairs, no 财神: ×4
    ("eight_pairs_four_identical_as_two_pairs", "5z", "11114477m114477p11s2z", [], "discard", 4),
    # IV.1: 111m is a pair and the single: eight pairs, no 财神: ×4
    ("eight_pairs_triplet_contains_pair_and_singleton", "5z", "1114477m114477p1144s", [], "discard", 4),
    # V.4: the 财神 9m pairs 1m: eight pairs with a 财神 standing in, on a discard ×1
    ("eight_pairs_soft_ron", "9m", "9m14477m114477p1144s2z", [], "discard", 1),
    # V.4: the same self-drawn: eight pairs self-drawn ×4
    ("eight_pairs_soft_draw_double", "9m", "9m14477m114477p1144s2z", [], "self", 4),
    # V.4: the 财神 2z is the single, as itself: natural eight pairs ×4
    ("eight_pairs_caishen_singleton_is_natural", "2z", "114477m114477p1144s2z", [], "discard", 4),
    # IV.1, V.4: three 财神 (白板) and no shape: a win, ×2
    ("three_caishen_arbitrary_nonordinary", "5z", "555z147m147p147s12347z", [], "discard", 2),
    # V.4: three 财神 and a plain hand: ×4
    ("three_caishen_ordinary_standard_double", "5z", "555z456m123p123s111z22z", [], "discard", 4),
    # V.4: three 财神 and eight pairs: ×4
    ("three_caishen_ordinary_pairs_double", "5z", "555z4477m114477p1144s", [], "discard", 4),
    # IV.1: two 财神 are not three: no shape, no win
    ("two_caishen_nonordinary_cannot_win", "5z", "55z2m147m147p147s12347z", [], "discard", None),
    # I/II: the turned 白板 stays out, so a fourth 财神 cannot be held
    ("four_caishen_reject_held_out_indicator", "5z", "5555z56m123p123s111z22z", [], "discard", REFUSED),
    # IV.1, V.4: five declared melds and a natural pair: hard ×2
    ("five_melds_natural_pair", "5z", "2z2z", FIVE_MELDS, "discard", 2),
    # I, V.4: the 财神 pairs 2z: soft ×1 (won on the discarded 财神 read as a wild, as the case has
    # it and `hand` does; in play a won 财神 discard is its own kind: docs/games.md §9.2)
    ("five_melds_caishen_pair", "5z", "2z5z", FIVE_MELDS, "discard", 1),
    # V.4: two 财神 alone are a pair of their own kind: hard ×2
    ("five_melds_two_caishen_pair_natural", "5z", "5z5z", FIVE_MELDS, "discard", 2),
    # IV.1: eight pairs must be concealed; with a pon declared it is no shape
    ("eight_pairs_rejected_with_declared_meld", "5z", "114477m114477p11s", ["pon 111z"], "discard", None),
    # I: four copies of each tile: 1m in hand and a pon of 1m make six
    ("physical_fifth_copy_across_declared_hand", "5z", "111234m123p123s22z", ["pon 111m"], "discard", REFUSED),
    # I: four 白 are 1m, with the two 财神 1m as themselves: 111m 111m, natural ×2 (no cap on a kind's count)
    ("natural_mapping_six_logical_copies_physical_legal", "1m", "5555z11m123p123s111z22z", [], "discard", 2),
    # I, IV.1: four 白 and three 财神 1m: seven 1m are three pairs and the single; natural eight pairs ×4
    # (three 财神 with a shape is ×4 too)
    ("natural_mapping_seven_logical_copies_eight_pairs", "1m", "5555z111m225588p1144s", [], "discard", 4),
    # online supplement to the book: a 财神 is never used in a pon
    ("declared_physical_caishen_rejected", "1m", "456m123p123s111z22z", ["pon 55z1m"], "discard", REFUSED),
]


@pytest.fixture(scope="module")
def wenzhou():
    return load("wenzhou")


def test_every_case_of_the_implementation_is_here():
    assert len(CASES) == 28 and len({c[0] for c in CASES}) == 28


@pytest.mark.parametrize("case, wild, hand, melds, win, want", CASES, ids=[c[0] for c in CASES])
def test_case(wenzhou, case, wild, hand, melds, win, want):
    if want == REFUSED:
        with pytest.raises(UserError):
            score_hand(wenzhou, hand, melds, win, "", 1, wild=wild)
        return
    got = score_hand(wenzhou, hand, melds, win, "", 1, wild=wild)
    if want is None:
        assert not got["win"], got
        return
    assert got["win"] and got["times"] == want, got


def test_a_pung_hand_is_a_plain_hand_not_doubled(wenzhou):
    """V.4 has no 碰碰胡: five pungs and a pair without a 财神 are hard, ×2."""
    got = score_hand(wenzhou, "111m222p333s444z666z22z", [], "discard", "", 1, wild="9m")
    assert got["win"] and got["times"] == 2 and got["items"] == {"hard": 2}, got

