"""The smart bot's targets (bots/smart/patterns.py): how far a hand is from each
pattern the table pays for, after each discard and after each draw.  plan()
counts both from the target's rows by which entries a tile lowers or raises
(no distance asked again per tile); a brute force holds each hand and asks
the target's distance afresh."""

from __future__ import annotations

import numpy as np
import pytest
from tables import hold, quiet_table

from ruian_sim import tiles
from ruian_sim.bots import layout as BL
from ruian_sim.bots.acceptance import draw_list, shanten_scores
from ruian_sim.bots.smart.projection import TG_GROUPS, TH_N
from ruian_sim.bots.smart.targets import target_acceptance, target_distance_without, target_rows
from ruian_sim.engine.compile import simulator
from ruian_sim.hand.kernels import GROUP_OF
from ruian_sim.hand.layout import BIG
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.seat import unseen_face


@pytest.fixture(scope="module")
def taiwanese():
    sim = simulator(load("taiwanese"), "smart")
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


def test_appetite_scales_what_each_pattern_adds_over_the_plain_hand(taiwanese):
    """smart:appetite=k: each open target's gain over the plain hand is k times what the table
    pays (1: as paid, the default); 0 leaves the plain hand alone."""
    from ruian_sim.bots.smart.choice import smart_choice
    from ruian_sim.bots.smart.patterns import PS_ON, PS_V, PS_V0

    sim, state = taiwanese
    n_targets = int(sim.values.targets[0, TH_N])
    bp = state.bots.bp
    hold(sim, state, 0, "1112345m667899m11z55z", 0)   # characters and honors, a step or two from 混一色

    def gains(appetite):
        bp[0, BL.BP_APPETITE] = appetite
        smart_choice(0, sim.kernel_rules, state.seats, state.table, state.bots, sim.work, sim.values, 12, False)
        ps = sim.work.pscratch
        return ps[PS_V0], {t: ps[PS_V + t] for t in range(n_targets) if ps[PS_ON + t] == 1.0}

    try:
        v0, as_paid = gains(1.0)
        assert as_paid, "no pattern open on a hand leaning to one suit"
        for k in (0.5, 4.0):
            v0_k, scaled = gains(k)
            assert v0_k == v0
            for t, v in as_paid.items():
                if v0 + k * (v - v0) > v0 * 1.001:   # a target worth no more than the plain hand is not weighed
                    assert scaled[t] == pytest.approx(v0 + k * (v - v0), rel=1e-12), (k, t)
        assert gains(0.0)[1] == {}
    finally:
        bp[0, BL.BP_APPETITE] = 1.0
