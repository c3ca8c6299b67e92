"""The chance that a hand some tiles short completes in the draws left (the
smart bot's estimate; engine/smart.py and engine/patterns.py use it)."""

from ..jit import kernel

TYPICAL_ACCEPT = 9.0     # improving tiles per tile still missing, for the steps after the next
MAX_STEPS = 12


@kernel
def p_complete(steps, acc, unseen_total, draws, dp):
    """P(the hand is complete within ``draws`` draws) when it is ``steps`` tiles
    short: the first step improves with chance acc / unseen_total a draw (its
    acceptance, counted), each later one with a typical acceptance for its
    level (TYPICAL_ACCEPT per tile still missing).  A small DP over draws
    (``dp``: float scratch of MAX_STEPS + 1)."""
    return p_complete_claims(steps, acc, unseen_total, draws, dp, 1.0, 1.0)


@kernel
def p_complete_claims(steps, acc, unseen_total, draws, dp, mid, last):
    """p_complete where a draw's chance of a step is multiplied by ``mid``
    (others' discards it may chi or pon) and, for the last step, by ``last``
    (the winning tile may come from any player's discard)."""
    if steps <= 0:
        return 1.0
    if acc <= 0 or draws <= 0 or unseen_total <= 0 or steps > MAX_STEPS:
        return 0.0
    for i in range(steps + 1):
        dp[i] = 0.0
    dp[0] = 1.0
    for _ in range(draws):
        for i in range(steps - 1, -1, -1):
            left = steps - i  # tiles still missing at state i
            a = acc if i == 0 else min(TYPICAL_ACCEPT * left, unseen_total)
            q = min(a / unseen_total * (last if left == 1 else mid), 0.9)
            moved = dp[i] * q
            dp[i] -= moved
            dp[i + 1] += moved
    return dp[steps]
