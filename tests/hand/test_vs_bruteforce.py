"""HandEvaluator against the slow reference in bruteforce.py.

(a) crafted hands that read like the game, with the expected answer written
    out and checked against both the reference and the evaluator;
(b) thousands of random hands biased toward complete / ready ones.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import NamedTuple

import pytest
from bruteforce import (
    brute_shapes,
    brute_waits,
    brute_win,
    naive_shapes,
    naive_waits,
    ordered,
)
from gen import random_hand
from handkit import describe, rules_for

from ruian_sim.errors import UserError
from ruian_sim.hand import Meld
from ruian_sim.tiles import name, parse, parse_one

S, E, P, T = "standard", "eight_pairs", "all_pungs", "three_wilds"


def _melds(spec: str):
    """'pon:1z chi:1m kong:7z' -> [("pon", 27), ...]"""
    out = []
    for part in spec.split():
        kind, tile = part.split(":")
        out.append((kind, parse_one(tile)))
    return out


def _api_melds(melds):
    return [Meld(k, t) for k, t in melds]


def _same_shapes(api_list, ref_set) -> bool:
    return len(api_list) == len(set(api_list)) and set(api_list) == set(ref_set)


# --------------------------------------------------------------------------- (a) crafted


class Won(NamedTuple):
    """A 3k+2 hand: what it forms, and what it forms with every wild as itself."""

    id: str
    hand: str
    wild: str
    shapes: list
    hard: list
    melds: str = ""  # "pon:1z chi:1m kong:7z"
    variant: str | None = None
    self_drawn: bool = False


# fmt: off
COMPLETE = [
    Won("plain standard", "123456789m123456p11z", "9s", [S], [S]),
    Won("soft: 9s stands for 6p", "123456789m12345p11z9s", "9s", [S], []),
    Won("hard: 财神归位, 9s as itself in 789s", "123456789m123p789s11z", "9s", [S], [S]),
    Won("hard: wild as itself in the pair", "123456789m123456p9s9s", "9s", [S], [S]),
    Won("soft: wild completes the pair", "123456789m123456p1z9s", "9s", [S], []),
    Won("stand-in 5z plays as the wild's face 7p", "123456789m123456p55z", "7p", [S], [S]),
    Won("stand-in 5z in a chi 567p", "123456789m1234p6p5z11z", "5p", [S], [S]),
    Won("eight pairs with a quad", "1122m3344p5566s7777z1z", "9m", [E], [E]),
    Won("eight pairs, the wilds pair singles (soft)", "1122m3344p5566s7z1z2z99m", "9m", [E], []),
    Won("hard eight pairs: the wilds pair themselves", "1122m3344p5566s77z1z99m", "9m", [E], [E]),
    Won("eight pairs, the wild is the single", "1122m3344p5566s77z11z9m", "9m", [E], [E]),
    Won("eight pairs: 4 stand-ins + 2 wilds make 3 pairs of 3p", "5555z33p1122m55m3344s7z", "3p",
        [E], [E]),
    Won("all pungs", "111m222p333s444z666z77z", "9m", [S, P], [S, P]),
    Won("all pungs with a 5z pung as the wild's face", "111m222p333s555z666z77z", "9m",
        [S, P], [S, P]),
    Won("soft all pungs: the wild finishes a pung", "111m222p333s44z666z77z9m", "9m", [S, P], []),
    Won("three wilds alone", "147m258p3s1234567z999p", "9p", [T], [T]),
    Won("three wilds that also form a standard hand", "123456789m123p11z999s", "9s",
        [S, T], [S, T]),
    Won("three wilds, soft standard", "123456789m12p11z1s999s", "9s", [S, T], [T]),
    Won("seven of face 1m: four 5z + three 1m as themselves", "5555z111m23m456p789p11s", "1m",
        [S, T], [S, T]),
    Won("five of face 3p: four 5z + one 3p", "5555z3p123m456m789m123s", "3p", [S], [S]),
    Won("six of face 2s: 5z x4 + 2s x2 make two pungs", "5555z2s2s123m456m789m11p", "2s", [S], [S]),
    Won("fifth copy: only a fifth 1m would complete", "1111m123p456p789p123s9s", "9s", [], []),
    Won("fifth copy: only a fifth 7z would complete", "7777z123456789m123p9s", "9s", [], []),
    Won("quad 1111m + wild as 3m: no fifth copy needed", "1111m2m456p789p123s11z9s", "9s",
        [S], []),
    Won("wild is 5z: no stand-in, 5z is a wild", "123456789m123456p1z5z", "5z", [S], []),
    Won("wild is 5z: a pair of wilds as themselves", "123456789m123456p5z5z", "5z", [S], [S]),
    Won("not complete at all", "1357m2468p1357s12345z", "9m", [], []),
    # exposed melds
    Won("pon of East + standard", "123456789m123p44s", "9s", [S], [S], "pon:1z"),
    Won("chi blocks all pungs", "222p333s444z666z77z", "9m", [S], [S], "chi:1m"),
    Won("pon keeps all pungs", "222p333s444z666z77z", "9m", [S, P], [S, P], "pon:1m"),
    Won("kong + wild", "123456789m12p11z9s", "9s", [S], [], "kong:7z"),
    Won("eight pairs needs a concealed hand", "1122m3344p5566s77z", "9m", [], [], "pon:1z"),
    Won("two melds, three wilds", "123456m11z999s", "9s", [S, T], [S, T], "pon:1p chi:4p"),
    Won("fifth copy counting an exposed pon: 1m pon + 1m + wild as 1m", "1m9s123p456p789p123s", "9s",
        [], [], "pon:1m"),
    # variants
    Won("no stand-in: 5z is an honor", "123456789m123456p55z", "7p", [S], [S],
        variant="no-white-stand-in"),
    Won("no stand-in: 5555z + three 1m is only three wilds", "5555z111m23m456p789p11s", "1m",
        [T], [T], variant="no-white-stand-in"),
    Won("no stand-in: 5z does not play as 7p", "123456789m12345p5z11z", "7p", [], [],
        variant="no-white-stand-in"),
    Won("thirteen tiles: standard", "123456789m123p11z", "9s", [S], [S], variant="thirteen-tiles"),
    Won("thirteen tiles: seven pairs", "1122m3344p5566s77z", "9s", [E], [E],
        variant="thirteen-tiles"),
    Won("thirteen tiles: seven pairs with a wild", "1122m3344p5566s7z9s", "9s", [E], [],
        variant="thirteen-tiles"),
    Won("thirteen tiles: six pairs and two singles", "1122m3344p5567s77z", "9s", [], [],
        variant="thirteen-tiles"),
    Won("self-drawn soft win is hard", "123456789m12345p11z9s", "9s", [S], [S],
        variant="self-drawn-hard", self_drawn=True),
    Won("self-drawn-hard rules, won on a discard: soft", "123456789m12345p11z9s", "9s", [S], [],
        variant="self-drawn-hard"),
    Won("default rules, self-drawn: still soft", "123456789m12345p11z9s", "9s", [S], [],
        self_drawn=True),
]
# fmt: on


@pytest.mark.parametrize("case", COMPLETE, ids=[c.id for c in COMPLETE])
def test_crafted_complete(case):
    _, ev, flags = rules_for(case.variant)
    kinds, w, ms = parse(case.hand), parse_one(case.wild), _melds(case.melds)
    shapes, hard = case.shapes, case.hard
    ref = naive_shapes(kinds, w, flags, ms, case.self_drawn)
    assert (ordered(ref[0]), ordered(ref[1])) == (shapes, hard), (
        "reference disagrees with the written answer"
    )
    assert brute_shapes(kinds, w, flags, ms, case.self_drawn) == ref, (
        "fast reference disagrees with the naive one"
    )
    r = ev.evaluate(case.hand, wild=case.wild, melds=_api_melds(ms), self_drawn=case.self_drawn)
    got = (sorted(r.shapes), sorted(r.hard_shapes), r.win, r.hard)
    assert got == (sorted(shapes), sorted(hard), bool(shapes), bool(hard)), r
    assert r.wilds == kinds.count(w)
    if shapes:
        assert r.shanten == -1
    else:
        assert r.shanten >= 0


class Ready(NamedTuple):
    """A 3k+1 hand and its waits (None: only checked against the reference)."""

    id: str
    hand: str
    wild: str
    waits: list | None
    melds: str = ""
    variant: str | None = None


ALL_BUT_9P = [name(k) for k in range(34) if k != parse_one("9p")]
ALL_BUT_9S = [name(k) for k in range(34) if k != parse_one("9s")]

# fmt: off
READY = [
    Ready("two-sided wait, the wild and 5z both wait", "123456789m123p45p11z", "6p", ["3p", "6p", "5z"]),
    Ready("pair wait on 1z, the wild waits too", "123456789m123456p1z", "9s", ["9s", "1z"]),
    Ready("closed wait 2m: the wild and 5z (face 2m) both wait", "13m456789m123p789p11z", "2m",
          ["2m", "5z"]),
    Ready("only a fifth 5s would complete: no waits", "123456789m123p5555s", "9m", []),
    Ready("three wilds: every kind but the used-up wild", "123456789m123p999p1z", "9p", ALL_BUT_9P),
    Ready("three wilds as 9s9s9s: every kind but 9s", "9s9s9s123456789m1z2z3z4z", "9s", ALL_BUT_9S),
    Ready("four 5z as 1p, no wild held: a drawn wild as itself is the 5th face 1p",
          "123456789m888s5555z", "1p", ["1p"]),
    Ready("four 5z as 7z, no wild held: only the wild 7z completes", "123456789m123s5555z", "7z",
          ["7z"]),
    Ready("four 5z as 2p and a 2p pair: the wild as itself", "123456789m9p22p5555z", "2p", None),
    Ready("wild is 5z: 5z is a wild wait", "123456789m123456p1z", "5z", ["1z", "5z"]),
    Ready("no stand-in: 5z is no wait", "123456789m123p45p11z", "6p", ["3p", "6p"],
          variant="no-white-stand-in"),
    Ready("with a pon", "123456789m12p11z", "9s", ["3p", "9s"], "pon:7z"),
    Ready("thirteen tiles", "123456789m12p11z", "9s", ["3p", "9s"], variant="thirteen-tiles"),
]
# fmt: on


@pytest.mark.parametrize("case", READY, ids=[c.id for c in READY])
def test_crafted_waits(case):
    _, ev, flags = rules_for(case.variant)
    kinds, w, ms = parse(case.hand), parse_one(case.wild), _melds(case.melds)
    ref = [name(k) for k in brute_waits(kinds, w, flags, ms)]
    if case.waits is not None:
        assert ref == case.waits, "reference disagrees with the written answer"
    r = ev.evaluate(case.hand, wild=case.wild, melds=_api_melds(ms))
    assert r.waits == ref, r
    assert not r.win
    if ref:
        assert r.shanten == 0


def test_crafted_wait_lists_leave_out_used_up_kinds():
    """The 'left out' kinds above really would complete the hand."""
    _, _, flags = rules_for(None)
    # 5555s: a fifth raw 5s would make pair + pung, but all four are held
    kinds, w = parse("123456789m123p5555s"), parse_one("9m")
    assert brute_win(kinds + [parse_one("5s")], w, flags)
    assert brute_waits(kinds, w, flags) == []
    # three wilds held: a fourth would complete too, but only three are live
    kinds, w = parse("9s9s9s123456789m1z2z3z4z"), parse_one("9s")
    assert brute_win(kinds + [w], w, flags)
    assert w not in brute_waits(kinds, w, flags)


def test_naive_and_fast_waits_agree_on_crafted_hands():
    _, _, flags = rules_for(None)
    for hand, wild in [
        ("123456789m123p45p11z", "6p"),
        ("13m456789m123p789p11z", "2m"),
        ("123456789m123p5555s", "9m"),
    ]:
        k, w = parse(hand), parse_one(wild)
        assert naive_waits(k, w, flags) == brute_waits(k, w, flags)


@pytest.mark.parametrize(
    "hand,wild,melds",
    [
        ("123456789m123p9999s", "9s", ""),  # four wilds: only three are live
        ("123456789m123p11111z", "9s", ""),  # five of a kind
        ("123456789m123p11z", "9s", ""),  # 14 tiles
        ("123456789m123p11z1234s", "9s", ""),  # 18 tiles
        ("123456789m12p11z", "9s", "chi:8s"),  # 8s 9s 1z is no chi
        ("123456789m12p11z", "9s", "chi:9m"),  # 9m 1p 2p is no chi
        ("123456789m12p11z", "9s", "chi:1z"),  # honors have no chi
        ("123456789m12p11z", "9s", "kong:9s"),  # four wilds: only three are live
        ("123456789m12p11z", "9s", "pung:1z"),  # no such meld kind
    ],
)
def test_bad_input_is_a_user_error(hand, wild, melds):
    _, ev, _ = rules_for(None)
    with pytest.raises(UserError):
        ev.evaluate(hand, wild=wild, melds=_api_melds(_melds(melds)))


# --------------------------------------------------------------------------- (b) random


def _loose(flags):
    return replace(flags, cap_counts_exposed=False)


def _hint(agrees_when_loose: bool) -> str:
    return (
        " [agrees if exposed melds are left out of the fifth-copy cap]" if agrees_when_loose else ""
    )


def _compare_complete(
    variant, n, seed, *, n_melds=0, self_drawn=False, wild_counts=(0, 1, 2, 3), **gen
):
    _, ev, flags = rules_for(variant)
    rng = random.Random(seed)
    bad, wins, hards = [], 0, 0
    for i in range(n):
        kinds, w, ms = random_hand(
            rng, flags, wilds=wild_counts[i % len(wild_counts)], n_melds=n_melds, **gen
        )
        shapes, hard = brute_shapes(kinds, w, flags, ms, self_drawn)
        r = ev.evaluate(kinds, wild=w, melds=_api_melds(ms), self_drawn=self_drawn)
        wins += bool(shapes)
        hards += bool(hard)
        ok = (
            _same_shapes(r.shapes, shapes)
            and _same_shapes(r.hard_shapes, hard)
            and r.win == bool(shapes)
            and r.hard == bool(hard)
            and (r.shanten == -1) == bool(shapes)
            and r.wilds == kinds.count(w)
        )
        if not ok:
            bad.append(
                f"{describe(kinds, w, ms)}: reference {ordered(shapes)} hard {ordered(hard)}; "
                f"api {r.shapes} hard {r.hard_shapes} win={r.win} hard={r.hard} shanten={r.shanten}"
                + _hint(
                    brute_shapes(kinds, w, _loose(flags), ms, self_drawn)
                    == (set(r.shapes), set(r.hard_shapes))
                )
            )
    # the generator must keep wins common, or the comparison says little
    assert wins > n // 3, (wins, n)
    assert not bad, f"{len(bad)} of {n} hands differ:\n" + "\n".join(sorted(bad, key=len)[:15])
    return wins, hards


def _compare_waits(variant, n, seed, *, n_melds=0, wild_counts=(0, 1, 2, 3), **gen):
    rules, ev, flags = rules_for(variant)
    rng = random.Random(seed)
    bad, ready = [], 0
    for i in range(n):
        kinds, w, ms = random_hand(
            rng,
            flags,
            wilds=wild_counts[i % len(wild_counts)],
            n_melds=n_melds,
            size=rules.deal.hand_size - 3 * n_melds,
            **gen,
        )
        waits = brute_waits(kinds, w, flags, ms)
        r = ev.evaluate(kinds, wild=w, melds=_api_melds(ms))
        ready += bool(waits)
        ok = r.waits == [name(x) for x in waits] and not r.win and (not waits or r.shanten == 0)
        if not ok:
            bad.append(
                f"{describe(kinds, w, ms)}: reference {[name(x) for x in waits]}; "
                f"api {r.waits} shanten={r.shanten}"
                + _hint([name(x) for x in brute_waits(kinds, w, _loose(flags), ms)] == r.waits)
            )
    assert ready > n // 4, (ready, n)
    assert not bad, f"{len(bad)} of {n} hands differ:\n" + "\n".join(sorted(bad, key=len)[:15])
    return ready


@pytest.mark.parametrize("wilds", [0, 1, 2, 3])
def test_random_complete_default(wilds):
    _compare_complete(None, 2500, 1000 + wilds, wild_counts=(wilds,))


@pytest.mark.parametrize("wilds", [0, 1, 2, 3])
def test_random_waits_default(wilds):
    _compare_waits(None, 500, 2000 + wilds, wild_counts=(wilds,))


def test_random_crowded_wild_face():
    """Many tiles of face W: a pair and a pung of the wild's face, stand-ins
    first (five or more of face W, some of them wilds counting as themselves)."""
    kw = {"crowd_wild": 1.0, "prefer_stand_in": True}
    _compare_complete(None, 400, 3500, **kw)
    _compare_waits(None, 300, 3600, **kw)
    _compare_waits("no-white-stand-in", 100, 3700, **kw)


@pytest.mark.parametrize("n_melds", [1, 2, 3])
def test_random_complete_with_melds(n_melds):
    _compare_complete(None, 600, 3000 + n_melds, n_melds=n_melds)


@pytest.mark.parametrize("n_melds", [1, 2, 3])
def test_random_waits_with_melds(n_melds):
    _compare_waits(None, 250, 3100 + n_melds, n_melds=n_melds)


@pytest.mark.parametrize("variant", ["no-white-stand-in", "thirteen-tiles"])
def test_random_variants(variant):
    _compare_complete(variant, 600, 4000)
    _compare_waits(variant, 250, 4100)


def test_random_self_drawn_hard():
    _compare_complete("self-drawn-hard", 400, 5000, self_drawn=True)
    _compare_complete("self-drawn-hard", 200, 5001, self_drawn=False)


def test_fast_reference_matches_naive_reference():
    """The factorised search in bruteforce.py against the plain enumeration."""
    _, _, flags = rules_for(None)
    rng = random.Random(6000)
    for i in range(120):
        kinds, w, ms = random_hand(rng, flags, wilds=(0, 1, 2, 3)[i % 4], n_melds=(0, 0, 1)[i % 3])
        assert brute_shapes(kinds, w, flags, ms) == naive_shapes(kinds, w, flags, ms), describe(
            kinds, w, ms
        )
    for i in range(8):
        kinds, w, ms = random_hand(rng, flags, wilds=(0, 1, 2)[i % 3], size=16)
        assert brute_waits(kinds, w, flags) == naive_waits(kinds, w, flags), describe(kinds, w)
