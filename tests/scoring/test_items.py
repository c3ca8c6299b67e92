"""Items: conditions, `per` counts, excludes, the times power, the fan alias;
the compiled evaluator against a slow reference written here over dicts; the
default table equal to the old `pick: highest` in every fact combination."""

from itertools import product

import numpy as np
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from ruian_sim.ruleset import load
from ruian_sim.scoring import layout as S
from ruian_sim.scoring import table as compiled
from ruian_sim.scoring.compile import TableError, compile_table
from ruian_sim.scoring.kernels import reading_parts

STANDARD, EIGHT, PUNGS, THREE = 1, 2, 4, 8


def meld(kind, face, concealed=False, wilds=0):
    return kind + 8 * concealed + 16 * face + 1024 * wilds


def vector(shapes=0, hard=0, facts=0, wilds=0, melds=(), pair=0, wait=0, flower_bits=0, seat_wind=0,
           dealer=0, streak=1):
    fv = np.zeros(S.FV_SIZE, np.int64)
    fv[S.FV_SHAPES], fv[S.FV_HARD], fv[S.FV_FACTS], fv[S.FV_WILDS] = shapes, hard, facts, wilds
    fv[S.FV_PAIR], fv[S.FV_WAIT], fv[S.FV_FLOWER_BITS], fv[S.FV_SEAT_WIND] = pair, wait, flower_bits, seat_wind
    fv[S.FV_DEALER], fv[S.FV_STREAK], fv[S.FV_WON] = dealer, streak, 1
    for i, m in enumerate(melds):
        fv[S.FV_MELD + i] = m
    return fv


def parts(items, fv):
    t = compile_table({"items": items, "value": "times"})
    out, _ = reading_parts(fv, t.tab)
    return [int(x) for x in out[:S.OUT_ITEMS2]]   # points, tai, times, the first word of the items mask


def test_per_meld_filter_counts_matching_melds():
    items = [{"name": "concealed_simple_pung", "points": 4,
              "per": {"meld": "pung", "concealed": True, "class": "simple"}}]
    fv = vector(melds=[meld(2, 4, True), meld(2, 5, True), meld(2, 4, False), meld(2, 0, True), meld(1, 10, True)])
    assert parts(items, fv) == [8, 0, 1, 1]
    assert parts(items, vector(melds=[meld(1, 3, True)])) == [0, 0, 1, 0]   # count 0: does not apply


def test_times_is_raised_to_the_count_and_fan_is_tai():
    items = [{"name": "kong_double", "times": 2, "per": "kongs"}, {"name": "fan", "fan": 3}]
    fv = vector()
    fv[S.FV_KONGS] = 3
    assert parts(items, fv) == [0, 3, 8, 3]


def test_own_flowers_and_seat_wind_class():
    items = [{"name": "own_flowers", "tai": 1, "per": "own_flowers"},
             {"name": "seat_wind_pung", "tai": 1, "when": {"melds": {"meld": "pung_or_kong", "class": "seat_wind"}}}]
    # seat wind 1 (South): flowers 2f and 6f are its own (kinds 1 and 5); 2z is face 28
    fv = vector(flower_bits=0b100011, seat_wind=1, melds=[meld(2, 28)])
    assert parts(items, fv) == [0, 3, 1, 3]


def test_wait_pair_and_concealed_conditions():
    items = [{"name": "edge_or_closed", "points": 2, "when": {"wait": ["edge", "closed"]}},
             {"name": "dragon_pair", "points": 2, "when": {"pair": {"class": "dragon"}}},
             {"name": "wild_pair", "times": 2, "when": {"pair": {"wilds": {"min": 1}}}}]
    assert parts(items, vector(wait=S.WAIT_EDGE, pair=1 + 32))[:2] == [4, 0]
    assert parts(items, vector(wait=S.WAIT_SINGLE, pair=1 + 5 + 64)) == [0, 0, 2, 4]


def test_each_dragon_has_a_class_of_its_own():
    # 5z 白 face 31, 6z 发 32, 7z 中 33; the 台 game pays a 中 pair with a wild in it, a 发 pair only natural
    items = [{"name": "red_pair", "points": 2, "when": {"pair": {"class": "red_dragon"}}},
             {"name": "green_pair", "points": 4, "when": {"pair": {"class": "green_dragon", "wilds": {"max": 0}}}},
             {"name": "white_pung", "tai": 1, "per": {"meld": "pung", "class": "white_dragon"}}]
    assert parts(items, vector(pair=1 + 33 + 64))[:2] == [2, 0]
    assert parts(items, vector(pair=1 + 32))[:2] == [4, 0]
    assert parts(items, vector(pair=1 + 32 + 64))[:2] == [0, 0]
    assert parts(items, vector(pair=1 + 31, melds=[meld(2, 31), meld(2, 33)]))[:2] == [0, 1]


def test_excludes_are_not_iterated():
    # a excludes b, b excludes c: both b and c drop (b still excludes although excluded)
    items = [{"name": "a", "points": 1, "excludes": ["b"]}, {"name": "b", "points": 10, "excludes": ["c"]},
             {"name": "c", "points": 100}]
    assert parts(items, vector()) == [1, 0, 1, 1]


# ---- a slow reference scorer, written from docs/scoring-language.md over dicts ----

def ref_facts(fv):
    return {"hard": fv[S.FV_HARD] != 0, "self_drawn": fv[S.FV_FACTS] & 1, "wilds": fv[S.FV_WILDS],
            "kongs": fv[S.FV_KONGS], "standard": fv[S.FV_SHAPES] & 1, "all_pungs": fv[S.FV_SHAPES] >> 2 & 1,
            "pungs": sum(1 for m in fv[S.FV_MELD:] if m and m % 8 >= 2),
            "flowers": bin(int(fv[S.FV_FLOWER_BITS])).count("1")}


def ref_melds(fv, f):
    kinds = {"chi": {1}, "pung": {2}, "kong": {3, 4, 5}, "pung_or_kong": {2, 3, 4, 5}}[f["meld"]]
    n = 0
    for m in fv[S.FV_MELD:]:
        face = m // 16 % 64
        simple = face < 27 and face % 9 not in (0, 8)
        if m and m % 8 in kinds and ("concealed" not in f or bool(m // 8 % 2) == f["concealed"]) and (
                "class" not in f or (f["class"] == "simple") == simple):
            n += 1
    return n


def ref_parts(items, fv):
    facts = ref_facts(fv)
    count = {}
    for it in items:
        ok = all((bool(facts[k]) == v) if isinstance(v, bool) else v.get("min", 0) <= facts[k] <= v.get("max", 99)
                 for k, v in it.get("when", {}).items())
        per = it.get("per")
        c = 1 if per is None else facts[per] if isinstance(per, str) else ref_melds(fv, per)
        if ok and c > 0:
            count[it["name"]] = c
    dropped = {x for n in count for it in items if it["name"] == n for x in it.get("excludes", [])}
    pts, tai, times, mask = 0, 0, 1, 0
    for i, it in enumerate(items):
        if it["name"] in count and it["name"] not in dropped:
            c = count[it["name"]]
            pts += it.get("points", 0) * c
            tai += it.get("tai", 0) * c
            times *= it.get("times", 1) ** c
            mask |= 1 << i
    return [pts, tai, times, mask]


CONDS = st.sampled_from([{}, {"hard": True}, {"hard": False}, {"self_drawn": True}, {"wilds": {"min": 1}},
                         {"kongs": {"max": 1}}, {"standard": True, "all_pungs": False}, {"pungs": {"min": 2}}])
PERS = st.sampled_from([None, "wilds", "kongs", "flowers", {"meld": "pung", "concealed": True},
                        {"meld": "pung_or_kong", "class": "simple"}, {"meld": "chi"}])


@st.composite
def tables(draw):
    n = draw(st.integers(1, 6))
    items = []
    for i in range(n):
        part = draw(st.sampled_from(["points", "tai", "times"]))
        it = {"name": f"i{i}", part: draw(st.integers(1, 4)), "when": draw(CONDS)}
        per = draw(PERS)
        if per is not None:
            it["per"] = per
        ex = draw(st.lists(st.integers(0, n - 1), max_size=2))
        if ex:
            it["excludes"] = [f"i{j}" for j in ex]
        items.append(it)
    return items


MELD = st.one_of(st.just(0), st.builds(meld, st.integers(1, 5), st.integers(0, 33), st.booleans(), st.integers(0, 2)))


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(0, 15), st.integers(0, 7), st.integers(0, 2047), st.integers(0, 3),
       st.integers(0, 255), st.lists(MELD, min_size=5, max_size=5))
def test_compiled_items_match_the_reference(items, shapes, hard, facts, wilds, flowers, melds):
    fv = vector(shapes=shapes, hard=hard, facts=facts, wilds=wilds, flower_bits=flowers, melds=melds)
    fv[S.FV_KONGS] = sum(1 for m in melds if m and m % 8 >= 3)
    try:
        got = parts(items, fv)
    except TableError as e:
        # the one refusal a drawn table may meet: several `per: wilds` factors could multiply past 2**53
        assert all("beyond 2**53" in message for _, message, *_ in e.problems), e.problems
        reject()
    assert got == ref_parts(items, fv)


def old_highest(shapes, hard):
    """The table the default rules had before items: pick the highest match."""
    hits = [1]
    if hard:
        hits.append(2)
    if hard & EIGHT:
        hits.append(4)
    if shapes & THREE and bin(shapes).count("1") >= 2:
        hits.append(4)
    if shapes & PUNGS:
        hits.append(4)
    return max(hits)


def test_default_items_equal_the_old_highest_pick_in_every_combination():
    t = compiled(load("ruian").scoring)
    seen = set()
    for shapes, hard, facts in product(range(16), range(8), (0, 1, 2, 1024)):
        out, _ = reading_parts(vector(shapes=shapes, hard=hard, facts=facts), t.tab)
        assert out[S.OUT_TIMES] == old_highest(shapes, hard), (shapes, hard)
        assert bin(int(out[S.OUT_ITEMS])).count("1") == 1   # one item says where the times came from
        seen.add(int(out[S.OUT_ITEMS]))
    assert seen == {1, 2, 4, 8, 16}   # every item is the deciding one somewhere
