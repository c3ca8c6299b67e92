"""The acceptance both bots rest on (bots/acceptance.py): the unseen tiles
that bring a hand closer once a tile is discarded.  The smart bot's batch
(acceptances(): the masks of equal rows kept for the decision, the draws
counted group by group) equals the single count greedy uses and a brute
force that draws each tile and asks the hand's shanten again."""

from __future__ import annotations

import numpy as np
import pytest
from tables import hold, quiet_table, random_hand

from ruian_sim import tiles
from ruian_sim.bots.acceptance import ACC_AT, acceptance, draw_list, shanten_scores
from ruian_sim.bots.shanten import current_shanten
from ruian_sim.bots.smart.accept_batch import acceptances
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.seat import unseen_face


@pytest.fixture(scope="module")
def ruian():
    sim = simulator(load("ruian"), "smart")
    return sim, quiet_table(sim)


def near_hand(rng, wk, wilds, size):
    """A random hand of ``size`` tiles, often built around complete melds (most random hands are far)."""
    hand = random_hand(rng, wk, 0) + random_hand(rng, wk, 0)
    kinds = tiles.parse(hand)[: size - wilds]
    if rng.random() < 0.5:
        kinds = tiles.parse("123m456p789s") + kinds[: size - wilds - 9]
    return sorted(kinds)


def shanten_of(sim, state, kinds, wilds):
    hold(sim, state, 0, "".join(tiles.name(k) for k in sorted(kinds)), wilds)
    return current_shanten(0, sim.kernel_rules, state.seats, sim.work)


def test_the_batch_equals_the_single_count_and_a_brute_force(ruian):
    sim, state = ruian
    rules, work = sim.kernel_rules, sim.work
    wk, si = int(state.table.H[L.H_WK]), int(state.table.H[L.H_SI])
    size = 17   # a ruian hand before its discard: 16 tiles and the one drawn
    rng = np.random.default_rng(13)
    checked = helped = 0
    for _ in range(40):
        w = int(rng.integers(0, 3))
        kinds = near_hand(rng, wk, w, size)
        if max(kinds.count(k) for k in kinds) > 4 or wk in kinds:
            continue
        hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), w)
        best, _, _ = shanten_scores(0, rules, state.seats, work)
        nl, wild_u = draw_list(0, wk, si, rules, state.seats, state.table, work)
        acceptances(0, best + 2, nl, wild_u, rules, state.seats, work)
        batch = work.accept.copy()
        scores = work.scores.copy()
        unseen = work.unseen.copy()
        for f in sorted(set(kinds)):
            if scores[f] > best + 2:
                continue
            target = int(scores[f]) + w + 1
            single = acceptance(0, f, target, nl, wild_u, rules, state.seats, work)
            assert batch[ACC_AT + f] == single, (kinds, w, tiles.name(f))
            rest = list(kinds)
            rest.remove(f)
            brute = 0
            for t in [*range(34), -1]:
                u = unseen_face(t, unseen, wk, si) if t >= 0 else int(unseen[wk])
                if u <= 0 or (t >= 0 and rest.count(t) >= 4):
                    continue
                after = shanten_of(sim, state, rest + ([t] if t >= 0 else []), w + (1 if t < 0 else 0))
                brute += u if after < scores[f] else 0
            assert single == brute, (kinds, w, tiles.name(f), single, brute)
            hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), w)
            shanten_scores(0, rules, state.seats, work)
            draw_list(0, wk, si, rules, state.seats, state.table, work)
            checked += 1
            helped += single > wild_u
    assert checked > 200 and helped > 100
