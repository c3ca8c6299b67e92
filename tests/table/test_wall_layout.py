"""The tiles are laid out in draw order, so that two rule sets on the same seed deal the same
tiles in the same order even when one has flowers and a longer wall (table/wall.fill_wall):
the comparison keeps its common random numbers.  Each arrangement stays equally likely."""

import re
from collections import Counter

import numpy as np
import pytest

from ruian_sim import tiles as T
from ruian_sim.engine.compile import simulator
from ruian_sim.engine.transcript import play_text
from ruian_sim.ruleset import load
from ruian_sim.table import wall as Wm
from ruian_sim.table.layout import EP_COPIES, EP_HEIGHT, EP_TILES, N_RAW
from ruian_sim.table.rng import ASIDE_PLACES, DICE, WALL, stream
from ruian_sim.table.spec import compile_rules


def laid_out(rules: str, match: int, hand: int = 0, seed: int = 1):
    """(draw order from the head, tail order, the ring) of one hand's wall, as the engine lays it."""
    P = compile_rules(load(rules)).P
    n = int(P[EP_TILES])
    rs = np.zeros(16, np.uint64)
    for slot in (WALL, DICE, ASIDE_PLACES):
        rs[slot] = stream(seed, match, hand, slot)
    wall, gone, W = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(Wm.WS_SIZE, np.int64)
    Wm.setup_wall(P, rs, 0, wall, gone, W, np.zeros(6 * n + Wm.BUCKETS, np.int64), np.zeros((64, 6), np.int64))
    head = [int(wall[Wm.head_pos(P, W, j)]) for j in range(n)]
    tail = [int(wall[Wm.tail_pos(P, W, t)]) for t in range(n)]
    return head, tail, wall, P


@pytest.mark.parametrize("rules", ["ruian", "ruian+flowers", "taiwanese", "sichuan", "ruian-tai", "fuzhou",
                                   "ruian+five-players"])
def test_every_tile_of_the_set_is_in_the_wall_once(rules):
    for m in range(20):
        _, _, wall, P = laid_out(rules, m)
        assert Counter(wall.tolist()) == {k: int(P[EP_COPIES + k]) for k in range(N_RAW) if P[EP_COPIES + k]}


def test_with_flowers_the_ordinary_tiles_keep_their_places_and_the_displaced_wait_in_the_tail():
    checked = 0
    for m in range(40):
        base, base_tail, _, P = laid_out("ruian", m)
        head, tail, _, _ = laid_out("ruian+flowers", m)
        h, n = int(P[EP_HEIGHT]), len(base)
        if Wm.is_flower(tail[h - 1]):
            continue   # a flower where the wild is turned: the next tile is turned instead
        places = {j for j, k in enumerate(head) if Wm.is_flower(k)}
        early = [j for j in sorted(places) if j < n - h]
        # every ordinary tile drawn from the head lies where it lies without flowers
        assert [head[j] for j in range(n - h) if j not in places] == [base[j] for j in range(n - h) if j not in places]
        # the turned tile is the same; from the tail come first the tiles the flowers displaced,
        # then the break stack's other tiles as they were
        assert tail[h - 1] == base_tail[h - 1]
        rest = [k for t, k in enumerate(tail) if t != h - 1 and not Wm.is_flower(k)]
        assert Counter(rest[:len(early)]) == Counter(base[j] for j in early)
        assert rest[len(early):len(early) + h - 1] == base_tail[:h - 1]
        checked += 1
    assert checked >= 30


def _deal(text: str) -> dict[str, str]:
    """Each seat's hand after the deal and 补花, and the wild, from a transcript."""
    out = {s: T.format_kinds(sorted(T.parse(t))) for s, t in re.findall(r"^  (S\d): (\S+) \(", text, re.M)}
    out["wild"] = re.search(r"^Wild.*$", text, re.M).group(0)
    return out


def test_the_same_seed_deals_the_same_hands_and_wild_with_or_without_flowers():
    a, b = simulator(load("ruian"), "greedy"), simulator(load("ruian+flowers"), "greedy")
    same = 0
    for m in range(40):
        da, db = _deal(play_text(a, 1, m, 0)), _deal(play_text(b, 1, m, 0))
        assert da["wild"] == db["wild"]
        same += da == db
    assert same >= 36, same   # a flower drawn as a replacement in the deal may swap a tile or two


def test_flowers_lie_anywhere_the_turned_tile_and_the_tail_included():
    """The layout keeps flowers out of no place: the rules for a flower turned as the wild's
    indicator or drawn as a replacement still fire."""
    turned = tail_first = 0
    for m in range(400):
        _, tail, _, P = laid_out("ruian+flowers", m)
        h = int(P[EP_HEIGHT])
        turned += Wm.is_flower(tail[h - 1])
        tail_first += Wm.is_flower(tail[0])
    # 8 of 144 places: about 22 of 400 each
    assert 8 <= turned <= 45 and 8 <= tail_first <= 45, (turned, tail_first)


def test_each_tile_is_equally_likely_at_each_place():
    """Where the copies of 1m and of one flower lie in draw order, over many hands: uniform
    (a chi-square on 8 bins)."""
    for rules, kind, copies in (("ruian", 0, 4), ("ruian+flowers", 0, 4), ("ruian+flowers", T.parse_one("3f"), 1)):
        bins = np.zeros(8)
        for m in range(800 if copies == 4 else 1600):
            head, _, _, _ = laid_out(rules, m, seed=7)
            for j, k in enumerate(head):
                if k == kind:
                    bins[j * 8 // len(head)] += 1
        want = bins.sum() / 8
        chi2 = ((bins - want) ** 2 / want).sum()
        assert chi2 < 24.3, (rules, kind, bins, chi2)   # 7 degrees of freedom, p = 0.001
    assert chi2 < 24.3, (bins, chi2)   # 7 degrees of freedom, p = 0.001
