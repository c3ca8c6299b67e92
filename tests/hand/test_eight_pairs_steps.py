"""One tile brings eight pairs one step closer at most.

The bots' acceptance (bots/acceptance.py) skips the eight-pairs check of
every draw when the hand after a discard is more than one tile above the
distance it must beat; that is sound only if a drawn tile lowers the
eight-pairs distance by one at most, whatever the hand, caps and rules."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ruian_sim.hand.kernels import ep_distance, ep_totals
from ruian_sim.hand.layout import HS_PAIRS, HS_QUAD2, HS_SINGLES, HS_SIZE, N_FACES


def _hs(pairs: int, singles: int, quad2: bool) -> np.ndarray:
    hs = np.zeros(HS_SIZE, np.int64)
    hs[HS_PAIRS], hs[HS_SINGLES], hs[HS_QUAD2] = pairs, singles, int(quad2)
    return hs


@st.composite
def hands(draw):
    caps = np.array(draw(st.lists(st.integers(1, 4), min_size=N_FACES, max_size=N_FACES)), np.int64)
    size = draw(st.integers(1, 17))
    cnt = np.zeros(N_FACES, np.int64)
    for _ in range(size):
        free = np.flatnonzero(cnt < caps)
        cnt[free[draw(st.integers(0, len(free) - 1))]] += 1
    # 16 tiles: eight pairs and a single; 13: seven pairs
    pairs, singles = draw(st.sampled_from([(8, 1), (7, 0), (8, 0), (9, 0)]))
    return cnt, caps, _hs(pairs, singles, draw(st.booleans()))


@settings(max_examples=400, deadline=None)
@given(hands())
def test_a_tile_brings_eight_pairs_one_closer_at_most(case):
    cnt, caps, hs = case
    before = ep_distance(*ep_totals(cnt, caps, hs), hs)
    for t in range(N_FACES):
        if cnt[t] >= caps[t]:
            continue
        cnt[t] += 1
        after = ep_distance(*ep_totals(cnt, caps, hs), hs)
        cnt[t] -= 1
        assert after >= before - 1, (t, cnt.tolist())
