"""The smart bot's chance of finishing a hand (bots/smart/chance.py) against a
plain Markov chain written here: the hand a number of steps short, each draw
moving it a step with its level's chance, and another player ending the hand
after each draw with the learned hazard (one rate, or each round's)."""

from __future__ import annotations

import numpy as np
import pytest

from ruian_sim.bots import layout as BL
from ruian_sim.bots.smart.chance import DP_SIZE, forget, p_complete_claims

ACCEPT = [0.06, 0.15, 0.24, 0.35, 0.5, 0.68, 0.76, 0.84]   # a 台 game's learned shares (danger.json)
HAZARD = 0.07
# a 16-tile game's hazard by round (danger.json's hazard_r): rare early, likely late
BY_ROUND = [0.0, 0.0, 0.002, 0.004, 0.017, 0.033, 0.064, 0.104, 0.12, 0.171, 0.197, 0.226, 0.271, 0.257, 0.297,
            0.228]


def seat_values(pace: float = 1.0, rising: bool = False) -> np.ndarray:
    bp = np.zeros((1, BL.BP_SIZE))
    bp[0, BL.BP_V0 + BL.V_ACCEPT:BL.BP_V0 + BL.V_ACCEPT + BL.N_ACCEPT] = ACCEPT
    bp[0, BL.BP_V0 + BL.V_HAZARD] = HAZARD
    bp[0, BL.BP_V0 + BL.V_HAZARD_R:BL.BP_V0 + BL.V_HAZARD_R + BL.N_HAZARD_R] = BY_ROUND
    bp[0, BL.BP_PACE] = pace
    bp[0, BL.BP_RISING] = 1.0 if rising else 0.0
    return bp


def chain(steps, acc, unseen, draws, mid, last, scale, pace, round_now=None):
    """round_now None: the one hazard; else each draw's round's (the last
    entry for every round past the table)."""
    """P(complete within ``draws`` draws, the hand not ended first), state by state."""
    q = []
    for i in range(steps):
        left = steps - i
        a = acc if i == 0 else max(ACCEPT[min(left - 1, 7)] * unseen * scale * pace, 1.0)
        q.append(min(a / unseen * (last if left == 1 else mid), 0.9))
    p = [1.0] + [0.0] * steps
    for j in range(draws):
        hazard = HAZARD if round_now is None else BY_ROUND[min(round_now + j, len(BY_ROUND) - 1)]
        new = [0.0] * steps + [p[steps]]   # a complete hand stays complete
        for i in range(steps):
            new[i] += p[i] * (1 - q[i])
            new[i + 1] += p[i] * q[i]
        for i in range(steps):
            new[i] *= 1 - hazard
        p = new
    return p[steps]


def chance(steps, acc, unseen, draws, mid=1.0, last=1.0, scale=1.0, pace=1.0, round_now=None):
    dp = np.zeros(DP_SIZE)
    forget(dp, 0 if round_now is None else round_now)
    bp = seat_values(pace, rising=round_now is not None)
    return p_complete_claims(steps, float(acc), float(unseen), draws, dp, mid, last, bp, 0, scale)


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


@pytest.mark.parametrize("steps,acc,draws,round_now", [
    (1, 8, 10, 0), (3, 20, 12, 2), (4, 30, 15, 6), (2, 12, 6, 13), (5, 40, 16, 9)])
def test_a_rising_hazard_is_each_rounds_own(steps, acc, draws, round_now):
    """smart:rising=1: each draw ahead meets the hazard of its round, counted
    from the round the decision is made in (forget())."""
    assert chance(steps, acc, 80, draws, 1.0, 2.5, round_now=round_now) == pytest.approx(
        chain(steps, acc, 80, draws, 1.0, 2.5, 1.0, 1.0, round_now=round_now), rel=1e-12, abs=1e-15)


def test_a_rising_hazard_favours_a_plan_early_and_hurts_it_late():
    """Against the one rate (0.07), a plan made in round 0 meets almost no
    hazard in its first rounds, one made in round 8 meets 0.12-0.30 a round."""
    flat = chance(4, 30, 80, 12)
    assert chance(4, 30, 80, 12, round_now=0) > flat > chance(4, 30, 80, 12, round_now=8)


def test_one_rate_in_every_round_is_the_same_bits_as_the_one_rate():
    """Tables of an older engine have no hazard by round: the one rate stands
    in each round, and rising=1 then plays exactly as rising=0."""
    bp = seat_values()
    bp[0, BL.BP_V0 + BL.V_HAZARD_R:BL.BP_V0 + BL.V_HAZARD_R + BL.N_HAZARD_R] = HAZARD
    dp = np.zeros(DP_SIZE)
    forget(dp, 5)
    one = p_complete_claims(4, 30.0, 80.0, 14, dp, 1.0, 2.5, bp, 0, 0.8)
    bp[0, BL.BP_RISING] = 1.0
    forget(dp, 5)
    assert p_complete_claims(4, 30.0, 80.0, 14, dp, 1.0, 2.5, bp, 0, 0.8) == one


def test_the_memo_answers_as_a_fresh_count():
    """Within one decision the same inputs are answered from the memo; other
    inputs sharing its slot are counted afresh, never taken from it."""
    dp = np.zeros(DP_SIZE)
    forget(dp, 0)
    bp = seat_values()
    first = p_complete_claims(3, 20.0, 80.0, 12, dp, 1.0, 2.5, bp, 0, 1.0)
    again = p_complete_claims(3, 20.0, 80.0, 12, dp, 1.0, 2.5, bp, 0, 1.0)
    other = p_complete_claims(3, 20.0, 80.0, 11, dp, 1.0, 2.5, bp, 0, 1.0)   # same slot, fewer draws
    assert first == again == pytest.approx(chain(3, 20, 80, 12, 1.0, 2.5, 1.0, 1.0), rel=1e-12)
    assert other == pytest.approx(chain(3, 20, 80, 11, 1.0, 2.5, 1.0, 1.0), rel=1e-12)
    assert other < first
