"""The lookup tables against a fact about mahjong, as python-chess checks its
move generator against published perft counts: the number of complete
standard hands (melds and one pair, no wild, four copies of each of the 34
kinds), each multiset of tiles weighted by the ways to draw it (the product
of C(4, k) over its kinds).  Published: 11,353,128,141,498 for 14 tiles (four
melds and a pair) and 1,554,490,175,889,888 for 17 (five and a pair);
benchmarks/pattern_odds.py counts them with its own dynamic programme.

Here the engine's own distance tables count them: a group of tiles is a
complete part of a hand exactly when it holds ``m`` melds and ``p`` pairs
with nothing to add and nothing over, so the groups' weighted counts by
(melds, pairs), convolved over three suits and the honors, give the total."""

from math import comb

import numpy as np
import pytest

from ruian_sim.hand.layout import GROUP_LEN, HS_B, M_SLOTS
from ruian_sim.hand.spec import hand_params, hand_tables
from ruian_sim.ruleset import load

PUBLISHED = {4: 11_353_128_141_498, 5: 1_554_490_175_889_888}


def group_counts(table: np.ndarray, length: int, B: int) -> dict[tuple[int, int], int]:
    """Weighted count of the group's tile multisets that are exactly m melds and p pairs."""
    keys = np.arange(B ** length)
    digits = (keys[:, None] // B ** np.arange(length)) % B
    size = digits.sum(axis=1)
    weight = np.prod(np.array([[comb(4, k) for k in range(B)]], dtype=object)[0][digits], axis=1)
    out = {}
    for p in (0, 1):
        for m in range(M_SLOTS + 1):
            hit = (table[:, p * (M_SLOTS + 1) + m] == 0) & (size == 3 * m + 2 * p)
            if hit.any():
                out[(m, p)] = int(weight[hit].sum())
    return out


@pytest.fixture(scope="module")
def groups():
    rules = load("ruian", ["no-white-stand-in"])   # no tile plays as another
    hs, tabs = hand_params(rules), hand_tables(rules)
    assert int(hs[HS_B]) == 5
    suit = group_counts(tabs.suit, GROUP_LEN[0], 5)
    honor = group_counts(tabs.honor, GROUP_LEN[3], 5)
    return suit, honor


@pytest.mark.parametrize("melds", [4, 5])
def test_the_tables_count_the_published_complete_hands(groups, melds):
    suit, honor = groups
    parts = [suit, suit, suit, honor]
    total = {(0, 0): 1}
    for g in parts:
        nxt: dict = {}
        for (m1, p1), w1 in total.items():
            for (m2, p2), w2 in g.items():
                if m1 + m2 <= melds and p1 + p2 <= 1:
                    nxt[(m1 + m2, p1 + p2)] = nxt.get((m1 + m2, p1 + p2), 0) + w1 * w2
        total = nxt
    assert total[(melds, 1)] == PUBLISHED[melds]


def test_a_suit_alone_counts_as_a_brute_force_does(groups):
    # one meld and a pair inside one suit, by listing every multiset of five tiles
    from itertools import combinations_with_replacement

    def complete(hand):   # a pair, then a pung or a chi of what is left
        for pair in set(hand):
            if hand.count(pair) < 2:
                continue
            rest = sorted(hand)
            rest.remove(pair)
            rest.remove(pair)
            if rest[0] == rest[2] or (rest[1] == rest[0] + 1 and rest[2] == rest[0] + 2):
                return True
        return False

    want = 0
    for hand in combinations_with_replacement(range(9), 5):
        counts = [hand.count(r) for r in range(9)]
        if max(counts) <= 4 and complete(hand):
            w = 1
            for c in counts:
                w *= comb(4, c)
            want += w
    assert groups[0][(1, 1)] == want
