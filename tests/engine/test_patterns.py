"""The smart bot's targets (engine/patterns.py): how far a hand is from each
pattern the table pays for, after each discard and after each draw.  plan()
counts both from the target's rows by which entries a tile lowers or raises
(no distance asked again per tile); a brute force holds each hand and asks
the target's distance afresh."""

from __future__ import annotations

import numpy as np
import pytest
from test_lone import hold, quiet_table

from ruian_sim import tiles
from ruian_sim.engine import layout as L
from ruian_sim.engine.acceptance import draw_list, shanten_scores
from ruian_sim.engine.projection import TG_GROUPS, TH_N
from ruian_sim.engine.seat import unseen_face
from ruian_sim.engine.simulate import Simulator
from ruian_sim.engine.targets import target_acceptance, target_distance_without, target_rows
from ruian_sim.hand.kernels import GROUP_OF
from ruian_sim.hand.layout import BIG
from ruian_sim.ruleset import load


@pytest.fixture(scope="module")
def taiwanese():
    sim = Simulator(load("taiwanese"), "smart")
    return sim, quiet_table(sim)


def leaning_hand(rng, size):
    """``size`` tiles, most of one suit and the honors (the hands targets are for)."""
    suit = int(rng.integers(0, 3))
    pool = [k for k in range(34) for _ in range(4) if GROUP_OF[k] in (suit, 3) or rng.random() < 0.25]
    pick = rng.choice(len(pool), size, replace=False)
    return sorted(pool[i] for i in pick)


def distance(sim, state, t, kinds):
    hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), 0)
    return target_rows(0, t, sim.kernel_rules, state.seats, sim.values, sim.work)


def test_a_discard_and_a_draw_move_each_target_as_its_distance_says(taiwanese):
    sim, state = taiwanese
    rules, work, values = sim.kernel_rules, sim.work, sim.values
    wk, si = int(state.table.H[L.H_WK]), int(state.table.H[L.H_SI])
    n_targets = int(values.targets[0, TH_N])
    assert n_targets >= 7   # one suit and half suit of each suit, all pungs, and their pungs forms
    rng = np.random.default_rng(5)
    discards = draws = closer = further = 0
    for _ in range(25):
        kinds = leaning_hand(rng, 17)   # a taiwanese hand before its discard
        for t in range(n_targets):
            groups = int(values.targets[1 + t, TG_GROUPS])
            d_now = distance(sim, state, t, kinds)
            if d_now >= BIG:
                continue
            # after each discard in the target's groups
            for f in sorted(set(kinds)):
                if (groups >> GROUP_OF[f]) & 1 == 0:
                    continue
                rest = list(kinds)
                rest.remove(f)
                want = distance(sim, state, t, rest)
                hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), 0)
                got = target_distance_without(0, t, f, rules, state.seats, values, work)
                assert got == want, (tiles.name(f), t, kinds)
                further += want > d_now
                discards += 1
            # after each draw: the unseen tiles that bring it closer
            want = 0
            unseen = None
            hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), 0)
            shanten_scores(0, rules, state.seats, work)
            draw_list(0, wk, si, rules, state.seats, state.table, work)
            unseen = work.unseen.copy()
            for g in range(34):
                u = unseen_face(g, unseen, wk, si)
                if (groups >> GROUP_OF[g]) & 1 == 0 or u <= 0 or kinds.count(g) >= 4:
                    continue
                if distance(sim, state, t, sorted(kinds + [g])) < d_now:
                    want += u
                    closer += 1
                draws += 1
            hold(sim, state, 0, "".join(tiles.name(k) for k in kinds), 0)
            shanten_scores(0, rules, state.seats, work)
            nl, wild_u = draw_list(0, wk, si, rules, state.seats, state.table, work)
            d_again = target_rows(0, t, rules, state.seats, values, work)
            got = target_acceptance(0, t, d_again, nl, wild_u, rules, state.seats, values, work)
            assert got == want, (t, kinds)
    # both outcomes met, many times: the check is not vacuous
    assert discards > 300 and further > 30 and discards - further > 30
    assert draws > 300 and closer > 30 and draws - closer > 30
