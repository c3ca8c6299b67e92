"""Our shanten on 13/14-tile hands without a wild, against the `mahjong`
package (test-only dependency): regular hands and seven pairs."""

import random
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from ruian_sim.hand import HandEvaluator
from ruian_sim.ruleset import load
from ruian_sim.tiles import format_kinds

HERE = Path(__file__).parent / "rules"


def random_hands(n, size, seed):
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(n):
        rng.shuffle(wall)
        yield sorted(wall[:size])


def near_complete(n, seed):
    """Complete 14-tile regular hands with one or two tiles swapped out."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        counts = [0] * 34
        tiles = []
        pair = rng.randrange(34)
        tiles += [pair, pair]
        for _ in range(4):
            if rng.random() < 0.5:
                s, r = rng.randrange(3), rng.randrange(7)
                tiles += [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            else:
                t = rng.randrange(34)
                tiles += [t] * 3
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        for _ in range(rng.choice([0, 1, 2])):
            i = rng.randrange(14)
            t = rng.randrange(34)
            if counts[t] < 4:
                counts[tiles[i]] -= 1
                tiles[i] = t
                counts[t] += 1
        out.append(sorted(tiles[:rng.choice([13, 14])]))
    return out


@pytest.fixture(scope="module")
def regular():
    return HandEvaluator(load(str(HERE / "riichi-shape.yaml")))


@pytest.fixture(scope="module")
def chiitoi():
    return HandEvaluator(load(str(HERE / "seven-pairs-only.yaml")))


def counts34(kinds):
    c = [0] * 34
    for k in kinds:
        c[k] += 1
    return c


def test_regular_shanten_matches_the_mahjong_package(regular):
    sh = Shanten()
    hands = list(random_hands(1500, 13, 1)) + list(random_hands(500, 14, 2)) + near_complete(1500, 3)
    for kinds in hands:
        ours = regular.evaluate(kinds, None).shanten
        theirs = sh.calculate_shanten_for_regular_hand(counts34(kinds))
        assert ours == theirs, f"{format_kinds(kinds)}: ours {ours}, mahjong {theirs}"


def test_seven_pairs_shanten_matches_the_mahjong_package(chiitoi):
    sh = Shanten()
    hands = list(random_hands(1500, 13, 4)) + list(random_hands(500, 14, 5))
    for kinds in hands:
        ours = chiitoi.evaluate(kinds, None).shanten
        theirs = sh.calculate_shanten_for_chiitoitsu_hand(counts34(kinds))
        assert ours == theirs, f"{format_kinds(kinds)}: ours {ours}, mahjong {theirs}"
