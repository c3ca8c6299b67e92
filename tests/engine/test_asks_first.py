"""play_hand asks cheap questions before the per-turn calls that mostly find
nothing (engine/turn.py): whether a seat has any claim on a discard, whether
it holds a kong, whether it could win on a discard.  A "no" must mean the
call would have done nothing, or the shortcut changes the game."""

from __future__ import annotations

import pytest
from hiding import copied

from ruian_sim.bots.dispatch import claim, own_kong
from ruian_sim.engine.claims import may_win
from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.legal import claimable, may_kong
from ruian_sim.table.seat import shapes_with

BOTS = "smart,greedy,random,greedy"


def states(variant, hands=6):
    """The table after each of the first hands of a few matches (mid-game
    hands: the winner's complete, the others' as they stood)."""
    rules = load("ruian", [variant] if variant else [])
    sim = simulator(rules, BOTS)
    for match in range(hands):
        yield sim, copied(sim.replay(seed=5, match=match, hand=0)[2])


@pytest.mark.parametrize("variant", [None, "taiwanese", "ruian-tai", "hangzhou"])
def test_a_seat_with_no_claim_is_not_asked(variant):
    asked = 0
    for sim, st in states(variant):
        P, cnt = sim.kernel_rules.P, st.seats.cnt
        n = cnt.shape[0]
        for s in range(n):
            for d in range(n):
                if d == s:
                    continue
                for f in range(L.N_FACE):
                    for can_kong in (False, True):
                        if claimable(s, f, d, can_kong, P, cnt[s]):
                            continue
                        claim(s, f, d, can_kong, sim.kernel_rules, st.seats, st.table, st.bots, sim.work, sim.values)
                        assert sim.work.claim[0] == -1, (variant, s, f, d, can_kong)
                        asked += 1
    assert asked > 1000


@pytest.mark.parametrize("variant", [None, "taiwanese", "ruian-tai"])
def test_a_seat_with_no_kong_is_not_asked(variant):
    held = 0
    for sim, st in states(variant, hands=12):
        seats = st.seats
        for s in range(seats.cnt.shape[0]):
            if may_kong(s, sim.kernel_rules.P, seats.cnt[s], seats.F, seats.melds):
                held += 1
                continue
            own_kong(s, sim.kernel_rules, st.wall, seats, st.bots, sim.work)
            assert sim.work.claim[0] == -1, (variant, s)
    assert held < 12 * 4


@pytest.mark.parametrize("variant", [None, "taiwanese", "hangzhou"])
def test_a_seat_that_could_not_win_on_a_discard_is_not_asked(variant):
    for sim, st in states(variant, hands=12):
        seats = st.seats
        for s in range(seats.cnt.shape[0]):
            if may_win(s, sim.kernel_rules, seats, st.table) or seats.F[s, L.F_NTILES] % 3 != 1:
                continue
            for f in range(L.N_FACE):
                if seats.cnt[s, f] < 4:
                    assert shapes_with(s, f, sim.kernel_rules, seats, sim.work) == 0, (variant, s, f)
