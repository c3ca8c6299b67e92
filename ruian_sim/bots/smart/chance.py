"""The chance that a hand some tiles short is won before the hand ends (the
smart bot's estimate; bots/smart/choice.py and bots/smart/patterns.py use it).

Two things are learned by self-play for the rules played (bots/smart/danger.py)
and read from the seat's bot values:

- the acceptance of the steps after the next: the share of unseen tiles that
  improve a typical hand of the game at that shanten (the next step's is
  counted on the hand itself);
- the hazard: how often, per round of turns, another player wins and ends
  the hand.  A plan that needs many draws is worth less than the wall's
  length says.  One rate for the whole hand, or (smart:rising=1) each
  round's own: it rises from near 0 in the first rounds to 0.2-0.4 a round
  late in the hand, so the one rate fears others too much early and too
  little late (the README measures both).

Fixed guesses there misjudged whole games: 9 tiles a missing tile is twice
what a Taiwanese hand has near ready, and a wall of 16 draws a seat is not 16
draws when another player wins in 8.  A discard that kept a wide hand a step
further back, or a concealed hand that refused every claim, then beat one
that went forward, and the bot stalled."""

from ...jit import kernel, kernel_inline
from ..layout import BP_PACE, BP_RISING, BP_V0, N_ACCEPT, N_HAZARD_R, V_ACCEPT, V_HAZARD, V_HAZARD_R

MAX_STEPS = 12
# dp (work.fscratch, DP_SIZE entries): the states' chances 0..MAX_STEPS, the
# round of the hand the decision is made in (ROUND_AT), each state's step
# chance, then a memo of MEMO entries (inputs, result), direct-mapped by the
# steps and the acceptance (an entry with steps -1 is empty)
ROUND_AT = MAX_STEPS + 2
Q_AT = 16
MEMO_AT = 32
MEMO, MEMO_W = 64, 9   # MEMO a power of two: an entry is picked by a mask
DP_SIZE = MEMO_AT + MEMO * MEMO_W


@kernel
def forget(dp, round_now):
    """Empty the memo and note the round of turns the hand is in (the seat's
    discards so far): called at the start of every decision, within which
    neither can change, nor a seat's learned values (bp)."""
    dp[ROUND_AT] = round_now
    for e in range(MEMO):
        dp[MEMO_AT + MEMO_W * e] = -1.0


@kernel
def p_complete(steps, acc, unseen_total, draws, dp, bp, s):
    """P(the hand is complete within ``draws`` draws, before another player
    wins) when it is ``steps`` tiles short: the first step improves with
    chance acc / unseen_total a draw (its acceptance, counted), each later one
    with the typical acceptance of its level (seat s's bot values,
    V_ACCEPT, times the bot's ``pace``), and the hand goes on after each
    draw with chance 1 − hazard (with ``rising``, the hazard learned for
    each round ahead, from the round forget() noted).
    A small DP over draws (``dp``: float scratch of DP_SIZE; forget() it
    at each decision)."""
    return p_complete_claims(steps, acc, unseen_total, draws, dp, 1.0, 1.0, bp, s, 1.0)


@kernel
def narrowness(steps, acc, unseen_total, bp, s):
    """How a route's acceptance compares with a typical hand's at its level,
    at most 1: a route that few tiles help now (a flush, pungs only, pairs) is
    helped by few at its later steps too, while a wide one earns no credit
    beyond typical (its width is counted at its first step)."""
    if steps <= 0 or unseen_total <= 0:
        return 1.0
    typical = bp[s, BP_V0 + V_ACCEPT + min(steps - 1, N_ACCEPT - 1)] * unseen_total
    if typical <= 0:
        return 1.0
    return min(max(acc / typical, 0.1), 1.0)


@kernel
def p_complete_claims(steps, acc, unseen_total, draws, dp, mid, last, bp, s, scale):
    """p_complete where a draw's chance of a step is multiplied by ``mid``
    (others' discards it may chi or pon) and, for the last step, by ``last``
    (the winning tile may come from any player's discard); the later steps'
    typical acceptance is multiplied by ``scale`` (narrowness())."""
    if steps <= 0:
        return 1.0
    if acc <= 0 or draws < steps or unseen_total <= 0 or steps > MAX_STEPS:
        return 0.0   # a draw moves a step at most: fewer draws than steps never arrive
    # the same inputs come back often in one decision (candidates whose hands
    # are alike, a target's faces a step apart): answered from the memo, exactly
    at = MEMO_AT + MEMO_W * ((steps * 7 + int(acc)) & (MEMO - 1))
    if (dp[at] == steps and dp[at + 1] == acc and dp[at + 2] == unseen_total and dp[at + 3] == draws
            and dp[at + 4] == mid and dp[at + 5] == last and dp[at + 6] == scale and dp[at + 7] == s):
        return dp[at + 8]
    # each state's chance of a step per draw, worked out once (Q_AT on): the
    # draws loop is then multiply-adds only
    for i in range(steps):
        left = steps - i  # tiles still missing at state i (shanten left - 1)
        a = acc
        if i > 0:
            # × pace last: at 1 the same bits as without it
            a = max(bp[s, BP_V0 + V_ACCEPT + min(left - 1, N_ACCEPT - 1)] * unseen_total * scale * bp[s, BP_PACE],
                    1.0)
        dp[Q_AT + i] = min(a / unseen_total * (last if left == 1 else mid), 0.9)
    _advance(steps, draws, dp, bp, s)
    dp[at] = steps
    dp[at + 1] = acc
    dp[at + 2] = unseen_total
    dp[at + 3] = draws
    dp[at + 4] = mid
    dp[at + 5] = last
    dp[at + 6] = scale
    dp[at + 7] = s
    dp[at + 8] = dp[steps]
    return dp[steps]


@kernel_inline
def _advance(steps, draws, dp, bp, s):
    """The states' chances (dp[0..steps]) after ``draws`` draws from none
    made, each state's chance of a step per draw at dp[Q_AT + i], and the hand
    going on after each draw with chance 1 − hazard: seat s's one rate, or
    with ``rising`` the rate of the round each draw falls in."""
    for i in range(steps + 1):
        dp[i] = 0.0
    dp[0] = 1.0
    if bp[s, BP_RISING] >= 0.5:   # two loops: the one rate's stays as lean as before
        r0 = int(dp[ROUND_AT])
        for j in range(draws):
            _draw(steps, dp, 1.0 - min(max(bp[s, BP_V0 + V_HAZARD_R + min(r0 + j, N_HAZARD_R - 1)], 0.0), 0.9))
    else:
        go_on = 1.0 - min(max(bp[s, BP_V0 + V_HAZARD], 0.0), 0.9)
        for _ in range(draws):
            _draw(steps, dp, go_on)


@kernel_inline
def _draw(steps, dp, go_on):
    """One draw of _advance: from the top down, each state's hazard once
    nothing more joins it this draw: the same operations on each entry as a
    pass of moves, then one of hazards (another player won: the hands still
    short are lost)."""
    for i in range(steps - 1, -1, -1):
        moved = dp[i] * dp[Q_AT + i]
        dp[i] -= moved
        dp[i + 1] += moved
        if i + 1 < steps:
            dp[i + 1] *= go_on
    dp[0] *= go_on
