"""Properties of shanten and waits that hold by definition, whatever the hand.

shanten: -1 complete, 0 ready.  For a 3k+2 hand it is the best over its
discards, so shanten(h17) <= shanten(h17 - x) for every tile x in it; one
more tile can bring a 3k+1 hand at most one step closer, so
shanten(h16 + t) >= shanten(h16) - 1.
"""

from __future__ import annotations

import random

from bruteforce import N_FACES, available
from gen import random_hand
from handkit import describe, rules_for
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ruian_sim.hand import Meld
from ruian_sim.tiles import name, parse, parse_one

VARIANTS = [None, "no-white-stand-in", "thirteen-tiles"]


@st.composite
def ready_ish(draw):
    """(variant, concealed kinds of a 3k+1 hand, wild, melds): near-complete
    hands from the generator, or plain random tiles."""
    variant = draw(st.sampled_from(VARIANTS))
    rules, _, flags = rules_for(variant)
    n_melds = draw(st.sampled_from([0, 0, 0, 1, 2]))
    size = rules.deal.hand_size - 3 * n_melds
    if draw(st.integers(0, 3)) > 0:
        seed = draw(st.integers(0, 2**32 - 1))
        wilds = draw(st.integers(0, 3))
        crowd = draw(st.sampled_from([0.1, 1.0]))  # 1.0: a pair and a pung of face W
        kinds, wild, melds = random_hand(
            random.Random(seed),
            flags,
            size=size,
            wilds=wilds,
            n_melds=n_melds,
            crowd_wild=crowd,
            prefer_stand_in=draw(st.booleans()),
        )
        return variant, kinds, wild, melds
    size = rules.deal.hand_size  # plain random tiles: no melds
    wild = draw(st.integers(0, N_FACES - 1))
    kinds = draw(st.lists(st.integers(0, N_FACES - 1), min_size=size, max_size=size))
    counts = [kinds.count(k) for k in range(N_FACES)]
    limits = [available(k, wild, flags) for k in range(N_FACES)]
    # plain random tiles: drop the extra copies, keep the size with fresh kinds
    kinds = []
    for k in range(N_FACES):
        kinds += [k] * min(counts[k], limits[k])
    k = 0
    while len(kinds) < size:
        if kinds.count(k) < limits[k]:
            kinds.append(k)
        k = (k + 7) % N_FACES
    return variant, sorted(kinds[:size]), wild, []


def _eval(variant, kinds, wild, melds):
    _, ev, _ = rules_for(variant)
    return ev.evaluate(sorted(kinds), wild=wild, melds=[Meld(k, t) for k, t in melds])


# four stand-ins and no wild in hand: only a drawn wild (as itself, a fifth
# tile of face W) completes the hand
CROWDED = (None, parse("123456789m123s5555z"), parse_one("7z"), [])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ready_ish())
@example(CROWDED)
def test_one_more_tile(case):
    variant, h16, wild, melds = case
    _, _, flags = rules_for(variant)
    where = f"{variant or 'ruian'}: {describe(h16, wild, melds)}"
    r16 = _eval(variant, h16, wild, melds)
    assert not r16.win and r16.shanten >= 0, where
    assert len(set(r16.waits)) == len(r16.waits), where
    if r16.waits:
        assert r16.shanten == 0, where
    else:
        assert r16.shanten >= 0, where
    completing = []
    for t in range(N_FACES):
        if h16.count(t) >= available(t, wild, flags, melds):
            continue  # every copy is already held: the tile cannot come
        r17 = _eval(variant, h16 + [t], wild, melds)
        assert r17.win == (r17.shanten == -1), f"{where} + {name(t)}: {r17}"
        assert r17.shanten >= r16.shanten - 1, (
            f"{where} + {name(t)}: {r17.shanten} vs {r16.shanten}"
        )
        assert r17.shanten <= r16.shanten, (
            f"{where} + {name(t)}: discarding {name(t)} again gives {r16.shanten}"
        )
        if r17.win:
            completing.append(name(t))
    # every wait completes the hand, and every completing tile is a wait
    assert completing == r16.waits, f"{where}: {completing} complete, waits {r16.waits}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ready_ish(), st.integers(0, N_FACES - 1))
@example(CROWDED, parse_one("7z"))
def test_best_discard(case, extra):
    variant, h16, wild, melds = case
    _, _, flags = rules_for(variant)
    t = extra
    while h16.count(t) >= available(t, wild, flags, melds):
        t = (t + 1) % N_FACES
    h17 = sorted(h16 + [t])
    where = f"{variant or 'ruian'}: {describe(h17, wild, melds)}"
    r17 = _eval(variant, h17, wild, melds)
    assert r17.waits == [], where
    assert r17.win == (r17.shanten == -1) == bool(r17.shapes), where
    assert r17.hard == bool(r17.hard_shapes), where
    assert set(r17.hard_shapes) <= set(r17.shapes), where
    for x in sorted(set(h17)):
        rest = list(h17)
        rest.remove(x)
        r16 = _eval(variant, rest, wild, melds)
        assert r17.shanten <= r16.shanten, f"{where} - {name(x)}: {r17.shanten} > {r16.shanten}"
        assert r16.shanten >= 0, f"{where} - {name(x)}"
        if r17.win:
            assert r16.shanten == 0, f"{where} - {name(x)}: a complete hand less one tile is ready"
