"""A loser's hand read as the 台 game's server reads it (`scoring.read_losers: concealed`).

The server (hangzhouanbang/qipai_ruianmajiang, RuianMajiangJiesuanCalculator.
calculateBestScoreForBuhuPlayer) values every seat that did not win on its
best reading: each wild tried as every kind a wild may play, the concealed
tiles split every way into pungs, pairs, chows and singles, a pung holding
more wilds for another kind than it allows dropped, and the reading of the
highest value, then 台, then 胡 kept.  The reference below is written from
that text and the server's RuianMajiangHushu / RuianMajiangTaishu, not from
the engine, and random losers' hands are valued both ways.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest

from ruian_sim import tiles as T
from ruian_sim.ruleset import load
from ruian_sim.settle.hand import score_hand

WHITE, GREEN, RED = 31, 32, 33


def _terminal_or_honor(k):
    return k >= 27 or k % 9 in (0, 8)


def server_loser(concealed, pungs_shown, wild, seat_wind, aside):
    """(value, 台, 胡) of a loser under the server's rules: ``concealed`` the
    kinds held (wilds among them), ``pungs_shown`` the kinds of its exposed
    pungs, ``aside`` the 白板 (or 红中) laid aside.  Chows pay a loser
    nothing, so a chow's tiles are left single here: the same value.
    The engine's choice kept: no kind reads as more than four tiles."""
    wilds = concealed.count(wild)
    naturals = [0] * 34
    for k in concealed:
        if k != wild:
            naturals[k] += 1
    # calculatePaiTypesForGuipaiAct: suits, winds, 发, and 中 unless 白板 is the wild
    plays = list(range(31)) + [GREEN] + ([RED] if wild != WHITE else [])
    limit = 2 if wilds == 3 else 1   # countGuipaiDangQitapai > (sancaishen ? 2 : 1) is dropped
    seat = 27 + seat_wind
    hu_shown = sum(4 if _terminal_or_honor(k) else 2 for k in pungs_shown) + 4 * aside
    tai_shown = aside + 3 * (wilds == 3) + sum(k in (GREEN, RED, seat) for k in set(pungs_shown))
    best = None
    for stands in combinations_with_replacement(plays, wilds):
        per_kind = [0] * 34
        for k in stands:
            per_kind[k] += 1
        if any(naturals[k] + per_kind[k] > 4 for k in range(34)):
            continue
        kinds = [k for k in range(34) if naturals[k] + per_kind[k] > 0]
        # each kind: its groups as (size, wilds) lists; singles take what is left
        options = [_groups(naturals[k], per_kind[k], k != wild, limit) for k in kinds]
        for pick in product(*options):
            hu, tai = hu_shown, tai_shown
            pairs = {}
            for k, groups in zip(kinds, pick):
                for size, w in groups:
                    if size == 3:
                        hu += 8 if _terminal_or_honor(k) else 4
                        if k in (GREEN, RED, seat) and w < 2:   # countDangPai < 2
                            tai += 1
                    else:
                        pairs.setdefault(k, []).append(w)
            hu += 2 * (RED in pairs)                                   # hasDuiziForPaiType
            hu += 2 * any(w == 0 for w in pairs.get(GREEN, []))        # hasDuiziForPaiTypeNoCaishen
            hu += 2 * (seat in pairs)
            key = (min(500, hu * 2 ** tai), tai, hu)
            if best is None or key > best:
                best = key
    return best


def _groups(nat, stand, other, limit):
    """Every way to take pungs and pairs from ``nat`` naturals and ``stand``
    wilds of one kind: a list of (size, wilds) lists."""
    out = []
    for pungs in range(2):
        for pairs in range(3):
            if 3 * pungs + 2 * pairs > nat + stand:
                continue
            sizes = [3] * pungs + [2] * pairs
            for ws in product(*(range(min(s, stand) + 1) for s in sizes)):
                if sum(ws) > stand or sum(s - w for s, w in zip(sizes, ws)) > nat:
                    continue
                if other and any(s == 3 and w > limit for s, w in zip(sizes, ws)):
                    continue
                out.append(list(zip(sizes, ws)))
    return out


def _random_loser(rng):
    wild = rng.randrange(34)
    aside_kind = RED if wild == WHITE else WHITE
    wall = [k for k in range(34) if k != aside_kind for _ in range(4)]
    wall.remove(wild)   # the turned tile
    rng.shuffle(wall)
    shown = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        k = next((k for k in wall if k != wild and wall.count(k) >= 3), None)
        for _ in range(3):
            wall.remove(k)
        shown.append(k)
    # losers often hold pairs and pungs; deal from a wall biased towards them
    hand = []
    while len(hand) < 16 - 3 * len(shown):
        k = rng.choice(hand) if hand and rng.random() < 0.35 else wall[0]
        if k in wall and hand.count(k) < 4:
            wall.remove(k)
            hand.append(k)
    return sorted(hand), shown, wild, rng.randrange(4), rng.choice((0, 0, 0, 1, 2))


def test_random_losers_are_valued_as_the_server_values_them():
    rules = load("ruian-tai")
    rng = random.Random(52)
    seen_wilds = set()
    for _ in range(400):
        hand, shown, wild, seat, aside = _random_loser(rng)
        aside_kind = RED if wild == WHITE else WHITE
        got = score_hand(rules, T.format_kinds(hand), [f"pon {T.format_kinds([k] * 3)}" for k in shown],
                         win="none", wild=T.format_kinds([wild]), seat=seat,
                         flowers=T.format_kinds([aside_kind] * aside))
        want = server_loser(hand, shown, wild, seat, aside)
        assert (got["hand"], got["tai"], got["points"]) == want, (T.format_kinds(hand), shown, wild, seat, got)
        seen_wilds.add(hand.count(wild))
    assert seen_wilds >= {0, 1, 2, 3}


@pytest.fixture
def overlay(tmp_path):
    def write(body: str):
        path = tmp_path / "tai.yaml"
        path.write_text("extends: ruian-tai\nname: tai-overlay\n" + body, encoding="utf-8")
        return load(str(path))
    return write


def test_shown_values_a_loser_on_its_melds_alone(overlay):
    rules = overlay("scoring:\n  read_losers: shown\n")
    got = score_hand(rules, "777z111p33z2468m135s4z", [], win="none", wild="9m", seat=2)
    assert (got["hand"], got["points"], got["tai"]) == (0, 0, 0)


def test_without_a_limit_two_wilds_stand_in_a_pung(overlay):
    # the example's hand (tests/scoring/examples/ruian-tai.yaml) with wild.max_in_pung left out:
    # 中 + 2 wilds is a pung of 中, 8 胡, no 台 (two wilds in it)
    rules = overlay("wild:\n  max_in_pung: [3]\n")
    got = score_hand(rules, "7z9m9m1358m2468p1357s4z", [], win="none", wild="9m", seat=1)
    assert (got["hand"], got["points"], got["tai"]) == (8, 8, 0)
    limited = score_hand(load("ruian-tai"), "7z9m9m1358m2468p1357s4z", [], win="none", wild="9m", seat=1)
    assert limited["hand"] == 2


def test_a_white_dragon_wild_never_stands_for_its_own_kind_alone():
    # 白板 the wild (红中 laid aside instead): the server's wilds never play 白板, so three
    # wilds make no pung of 白板 (8 胡, an honor); two stand in a pung of simples (4 胡)
    got = score_hand(load("ruian-tai"), "5z5z5z2468m2468p2468s3s", [], win="none", wild="5z", seat=1)
    assert (got["hand"], got["points"], got["tai"]) == (32, 4, 3)


def test_a_win_whose_every_reading_breaks_the_limit_is_no_win(overlay):
    # 东 needs both wilds (5p) for its pung: every other face is at its four copies, so the
    # server finds no reading (calculateAllShoupaiPaiXingForGouXingWithHupai) and there is no 胡
    hand = "789m444p22333344s5p5p1z"
    got = score_hand(load("ruian-tai"), hand, [], win="self", wild="5p", seat=1)
    assert not got["win"] and "max_in_pung" in got["reason"]
    free = score_hand(overlay("wild:\n  max_in_pung: [3]\n"), hand, [], win="self", wild="5p", seat=1)
    assert free["win"]
