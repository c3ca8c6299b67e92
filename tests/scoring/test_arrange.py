"""Readings of a complete hand (scoring/arrange.py) against a slow reference
that lists every way to split the tiles into melds and a pair."""

from functools import lru_cache

import numpy as np
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from ruian_sim import tiles
from ruian_sim.scoring import arrange as A

WILD = tiles.parse_one("5z")  # the face a meld of wilds only is written with


NO_CAPS = np.full(34, 99, np.int64)   # the reference below knows no caps
EVERY_FACE = np.ones(34, np.int64)
NO_LIMIT = 1 << 40                    # wild.max_in_pung left out


def readings(hand: str, wilds: int, need: int, win: str | None = None, discard=False, rows=16, caps=NO_CAPS,
             pair_any=0, pair_faces=EVERY_FACE, max_w=NO_LIMIT):
    """Every reading, through the resumable search with a small buffer (16
    rows: the resume is exercised on every hand with more readings, and
    inside one walk whose wild pair stands for many faces)."""
    cnt = np.array(tiles.counts(tiles.parse(hand)), np.int64) if hand else np.zeros(34, np.int64)
    base = np.zeros(A.FV_SIZE, np.int64)
    out = np.zeros((rows, A.FV_SIZE), np.int64)
    sc = np.zeros(A.ARR_SCRATCH, np.int64)
    f_win = tiles.parse_one(win) if win else -1
    got = []
    resume = False
    while True:
        n = A.arrangements(cnt, wilds, need, WILD, pair_any, pair_faces, f_win, discard, base, 0, caps, max_w, sc,
                           out, resume)
        assert sc[A.SC_ERR] == 0
        got += [(tuple(sorted(int(c) for c in r[A.FV_MELD:A.FV_MELD + A.FV_N_MELDS] if c)),
                 int(r[A.FV_PAIR]), int(r[A.FV_WAIT])) for r in out[:n]]
        if not sc[A.SC_MORE]:
            return got
        resume = True


def reference(cnt: tuple, wilds: int, need: int, pair_any=False) -> set:
    """Every split into `need` melds and a pair, each group holding at least
    one natural; leftover wilds make whole melds (and the pair) of wilds,
    the pair of any face with ``pair_any``."""
    out = set()

    @lru_cache(None)
    def walk(c, w, melds, pair):
        c = list(c)
        f = next((i for i in range(34) if c[i]), None)
        if f is None:
            extra = need - len(melds)
            pairs = [pair] if pair else [A.pair_code(g, 2) for g in (range(34) if pair_any else [WILD])]
            used = 3 * extra + (0 if pair else 2)
            if extra >= 0 and w == used:
                for p in pairs:
                    out.add((tuple(sorted(melds + (A.meld_code(A.KIND_PUNG, 1, WILD, 3),) * extra)), p))
            return
        for nat in (1, 2, 3):        # pungs
            if c[f] >= nat and w >= 3 - nat and len(melds) < need:
                d = c.copy()
                d[f] -= nat
                walk(tuple(d), w - 3 + nat, tuple(sorted(melds + (A.meld_code(A.KIND_PUNG, 1, f, 3 - nat),))), pair)
        for nat in (1, 2):           # the pair
            if not pair and c[f] >= nat and w >= 2 - nat:
                d = c.copy()
                d[f] -= nat
                walk(tuple(d), w - 2 + nat, melds, A.pair_code(f, 2 - nat))
        if f < 27 and len(melds) < need:
            for low in (f - 2, f - 1, f):
                if low < f // 9 * 9 or low % 9 > 6:
                    continue
                # every choice of natural or wild for the faces of the chi; f is natural
                for mask in range(8):
                    faces = [low + j for j in range(3) if not (mask >> j) & 1]
                    if f not in faces or any(g < f for g in faces):
                        continue
                    d = c.copy()
                    if any(d[g] < 1 for g in faces):
                        continue
                    for g in faces:
                        d[g] -= 1
                    wu = 3 - len(faces)
                    if wu <= w:
                        walk(tuple(d), w - wu, tuple(sorted(melds + (A.meld_code(A.KIND_CHI, 1, low, wu),))), pair)

    walk(cnt, wilds, (), 0)
    return out


@pytest.mark.parametrize("hand,wilds,need,count", [
    ("111222333m55p", 0, 3, 2),          # three pungs or three chis
    ("123m456p789s11z", 0, 3, 1),
    ("11m", 0, 0, 1),
    ("", 2, 0, 1),                       # a pair of wilds
    ("1m", 1, 0, 1),
])
def test_readings_of_known_hands(hand, wilds, need, count):
    got = {(m, p) for m, p, _ in readings(hand, wilds, need)}
    assert len(got) == count


def test_wait_is_where_the_winning_tile_sits():
    # 23m waiting on 1m or 4m; 13m on 2m; 12m on 3m; 5z pair and 11z
    assert {w for *_, w in readings("234m55p", 0, 1, "4m")} == {A.WAIT_TWO_SIDED}
    assert {w for *_, w in readings("123m55p", 0, 1, "2m")} == {A.WAIT_CLOSED}
    assert {w for *_, w in readings("123m55p", 0, 1, "3m")} == {A.WAIT_EDGE}
    assert {w for *_, w in readings("789m55p", 0, 1, "7m")} == {A.WAIT_EDGE}
    assert {w for *_, w in readings("123m55p", 0, 1, "5p")} == {A.WAIT_SINGLE}
    assert {w for *_, w in readings("555p11z", 0, 1, "5p")} == {A.WAIT_PAIR}
    # 1112m won on 1m: a pung + pair 2m? no: 111m + 12m is not complete; 11m pair + 123m chi
    assert sorted({w for *_, w in readings("11123m", 0, 1, "1m")}) == [A.WAIT_TWO_SIDED, A.WAIT_SINGLE]


def test_a_meld_completed_by_a_discard_is_not_concealed():
    (melds, _, _), = readings("555p11z", 0, 1, "5p", discard=True)
    assert melds == (A.meld_code(A.KIND_PUNG, 0, tiles.parse_one("5p"), 0),)


@st.composite
def hands(draw):
    """A complete hand built from melds and a pair, some tiles then made wilds
    (and sometimes one tile swapped, so that incomplete hands come too)."""
    need = draw(st.integers(0, 4))
    kinds = [draw(st.integers(0, 33))] * 2
    for _ in range(need):
        f = draw(st.integers(0, 33))
        if f < 27 and f % 9 <= 6 and draw(st.booleans()):
            kinds += [f, f + 1, f + 2]
        else:
            kinds += [f] * 3
    if draw(st.booleans()):
        kinds[draw(st.integers(0, len(kinds) - 1))] = draw(st.integers(0, 33))
    wilds = draw(st.integers(0, min(3, len(kinds) - 1)))
    for _ in range(wilds):
        kinds.pop(draw(st.integers(0, len(kinds) - 1)))
    if max(kinds.count(k) for k in kinds) > 4:
        kinds = sorted(set(kinds))
    assume(0 <= 3 * need + 2 - len(kinds) <= 3)
    return kinds, 3 * need + 2 - len(kinds), need


@settings(max_examples=400, deadline=None)
@given(hands(), st.booleans())
def test_every_split_is_found_and_nothing_else(case, pair_any):
    kinds, wilds, need = case
    got = readings(tiles.format_kinds(sorted(kinds)), wilds, need, pair_any=int(pair_any))
    want = reference(tuple(tiles.counts(kinds)[:34]), wilds, need, pair_any)
    assert {(m, p) for m, p, _ in got} == want
    event("complete" if want else "incomplete")


def wild_pairs(got):
    return {p for _, p, _ in got if p // 64 == 2}   # pairs of two wilds (pair_code)


def test_a_wild_pair_stands_for_its_own_kind_unless_the_rules_say_any():
    assert wild_pairs(readings("123m", 2, 1)) == {A.pair_code(WILD, 2)}
    assert wild_pairs(readings("123m", 2, 1, pair_any=1)) == {A.pair_code(g, 2) for g in range(34)}


def test_a_wild_pair_stands_only_for_faces_in_play_with_room_for_two():
    faces = EVERY_FACE.copy()
    faces[tiles.parse_one("7z")] = 0                   # laid aside, say
    caps = NO_CAPS.copy()
    caps[tiles.parse_one("1z")] = 4                    # 111z held: room for one more 東, not two
    caps[tiles.parse_one("2m")] = 3                    # 123m and a cap of 3: room for two 2m
    got = wild_pairs(readings("123m111z", 2, 2, caps=caps, pair_any=1, pair_faces=faces))
    assert A.pair_code(tiles.parse_one("7z"), 2) not in got
    assert A.pair_code(tiles.parse_one("1z"), 2) not in got
    assert A.pair_code(tiles.parse_one("2m"), 2) in got
    assert A.pair_code(WILD, 2) in got                 # the wild's own kind, always


def test_complete_hands_have_readings():
    # the search is not vacuous: complete hands are read, incomplete ones are not
    assert readings("123456789m11222z", 0, 4)
    assert not readings("123456789m11223z", 0, 4)


def test_a_pung_holds_no_more_wilds_for_another_kind_than_the_limit():
    # 东 + two wilds: a pung of 东 with two wilds is the only reading once no face has room
    # for another copy (caps of 4); wild.max_in_pung 1 (the 台 game's server) drops it, so
    # there is none, and the search says the limit turned it away
    hand, caps = "444p22333344s1z", np.full(34, 4, np.int64)
    assert readings(hand, 2, 4, caps=caps)
    sc = np.zeros(A.ARR_SCRATCH, np.int64)
    out = np.zeros((16, A.FV_SIZE), np.int64)
    cnt = np.array(tiles.counts(tiles.parse(hand)), np.int64)
    n = A.arrangements(cnt, 2, 4, WILD, 0, EVERY_FACE, -1, False, np.zeros(A.FV_SIZE, np.int64), 0, caps, 1,
                       sc, out, False)
    assert n == 0 and sc[A.SC_LIMITED] == 1
    # one wild in a pung is within the limit; the wilds of a pung of their own kind never count
    assert readings("123m456m789p11s77z", 1, 4, max_w=1)
    assert readings("123m456m789p11s", 3, 4, max_w=0)
