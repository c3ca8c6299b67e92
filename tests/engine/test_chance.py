"""The smart bot's chance of finishing a hand (engine/chance.py) against a
plain Markov chain written here: the hand a number of steps short, each draw
moving it a step with its level's chance, and another player ending the hand
after each draw with the learned hazard."""

from __future__ import annotations

import numpy as np
import pytest

from ruian_sim.engine import layout as L
from ruian_sim.engine.chance import DP_SIZE, forget, p_complete_claims

ACCEPT = [0.06, 0.15, 0.24, 0.35, 0.5, 0.68, 0.76, 0.84]   # a 台 game's learned shares (danger.json)
HAZARD = 0.07


def seat_values(pace: float = 1.0) -> np.ndarray:
    bp = np.zeros((1, L.BP_SIZE))
    bp[0, L.BP_V0 + L.V_ACCEPT:L.BP_V0 + L.V_ACCEPT + L.N_ACCEPT] = ACCEPT
    bp[0, L.BP_V0 + L.V_HAZARD] = HAZARD
    bp[0, L.BP_PACE] = pace
    return bp


def chain(steps, acc, unseen, draws, mid, last, scale, pace):
    """P(complete within ``draws`` draws, the hand not ended first), state by state."""
    q = []
    for i in range(steps):
        left = steps - i
        a = acc if i == 0 else max(ACCEPT[min(left - 1, 7)] * unseen * scale * pace, 1.0)
        q.append(min(a / unseen * (last if left == 1 else mid), 0.9))
    p = [1.0] + [0.0] * steps
    for _ in range(draws):
        new = [0.0] * steps + [p[steps]]   # a complete hand stays complete
        for i in range(steps):
            new[i] += p[i] * (1 - q[i])
            new[i + 1] += p[i] * q[i]
        for i in range(steps):
            new[i] *= 1 - HAZARD
        p = new
    return p[steps]


def chance(steps, acc, unseen, draws, mid=1.0, last=1.0, scale=1.0, pace=1.0):
    dp = np.zeros(DP_SIZE)
    forget(dp)
    return p_complete_claims(steps, float(acc), float(unseen), draws, dp, mid, last, seat_values(pace), 0, scale)


@pytest.mark.parametrize("steps,acc,draws,mid,last,scale,pace", [
    (1, 8, 10, 1.0, 2.5, 1.0, 1.0),
    (2, 20, 12, 1.0, 2.5, 1.0, 1.0),
    (4, 30, 15, 1.5, 2.5, 0.6, 1.0),
    (4, 30, 15, 1.0, 2.5, 1.0, 0.75),
    (6, 50, 16, 1.0, 1.0, 0.8, 2.0),
    (3, 10, 2, 1.0, 1.0, 1.0, 1.0),    # fewer draws than steps: never
])
def test_the_chance_is_the_chain_of_its_steps(steps, acc, draws, mid, last, scale, pace):
    assert chance(steps, acc, 80, draws, mid, last, scale, pace) == pytest.approx(
        chain(steps, acc, 80, draws, mid, last, scale, pace), rel=1e-12, abs=1e-15)


def test_pace_weighs_only_the_steps_after_the_next():
    """smart:pace=K: a hand one step short keeps its chance (its step is its own
    count); a far one's chance falls below 1 and rises above."""
    assert chance(1, 8, 80, 12, pace=0.5) == chance(1, 8, 80, 12)
    far = [chance(4, 30, 80, 14, pace=k) for k in (0.75, 1.0, 1.5)]
    assert far[0] < far[1] < far[2]


def test_the_memo_answers_as_a_fresh_count():
    """Within one decision the same inputs are answered from the memo; other
    inputs sharing its slot are counted afresh, never taken from it."""
    dp = np.zeros(DP_SIZE)
    forget(dp)
    bp = seat_values()
    first = p_complete_claims(3, 20.0, 80.0, 12, dp, 1.0, 2.5, bp, 0, 1.0)
    again = p_complete_claims(3, 20.0, 80.0, 12, dp, 1.0, 2.5, bp, 0, 1.0)
    other = p_complete_claims(3, 20.0, 80.0, 11, dp, 1.0, 2.5, bp, 0, 1.0)   # same slot, fewer draws
    assert first == again == pytest.approx(chain(3, 20, 80, 12, 1.0, 2.5, 1.0, 1.0), rel=1e-12)
    assert other == pytest.approx(chain(3, 20, 80, 11, 1.0, 2.5, 1.0, 1.0), rel=1e-12)
    assert other < first
