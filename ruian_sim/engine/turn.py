"""One whole hand in the kernel: the opening, turns in phases, 海底, the end.

    play_hand    open_hand (opening.py), then the turns until one ends the hand:
      PH_TOP       the step count, then the draw when one is due (top.py)
      PH_OWN       the seat's own actions: a self-drawn win, kongs (own_turn.py)
      PH_DISCARD   抢金 before the first discard, the discard, 四同风 (discard.py)
      PH_CLAIMS    wins on the discard, then kong, pon, chi (claim_phase.py)
    then 海底 when the wall ran out with nobody won (haidi.py), and the record
    (phases.finish_hand).  Before a search seat's discard, and before the
    claims on a discard it may claim, its search plays the candidates out
    (search.py, search_claim.py), in a copy, with the same phases.

Every choice the rules leave open comes from ``P`` (table/layout.EP_*);
every choice a player makes comes from its bot (bots/dispatch.py).  State
lives in preallocated arrays, bundled as table/state.py describes:
``rules``, ``wall``, ``seats``, ``table``, ``bots``, the scratch ``work`` and
``values`` (for valuing hands), and the turn in progress ``turn``
(turn_state.py, the loop's own); ``rec`` is the record row to fill, ``log``
the events for transcripts.
"""

from ..bots.dispatch import searches
from ..bots.layout import BP_FORCED_CLAIM
from ..jit import kernel
from ..table.layout import EP_DEALER_EXTRA, EP_SEATS, EP_TILES, H_ERROR, MAX_MELDS
from .opening import open_hand
from .phases import failed, finish_hand, step
from .search import search_discard
from .search_claim import search_claims
from .turn_state import PH_CLAIMS, PH_DISCARD, PH_END, PH_TOP, T_SEAT, start_turns


@kernel
def play_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, turn, search, work, values,
              rec, log):
    """Play one hand; fill ``rec`` (columns of layout.C_*) and return the outcome.
    ``search``: the search player's table, None where no seat searches (then
    numba prunes the branch, and the loop compiles as if search did not exist)."""
    P = rules.P
    H = table.H
    T = turn.T
    n = P[EP_SEATS]
    rec[:] = 0
    wk = open_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, work, log)
    if H[H_ERROR] != 0:
        return failed(rec, H)
    # each pass draws a tile or follows a claim (which sets a meld aside); a win may add one
    start_turns(T, dealer, P[EP_DEALER_EXTRA], P[EP_TILES] + n * (MAX_MELDS + 2) + 1)
    phase = PH_TOP
    while phase != PH_END:
        if search is not None:
            if phase == PH_DISCARD and searches(T[T_SEAT], bots):
                search_discard(T[T_SEAT], dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, search, work,
                               values)
            elif phase == PH_CLAIMS:
                search_claims(dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, search, work, values)
            if H[H_ERROR] != 0:
                break
            phase = step(phase, T, dealer, rules, wall, seats, table, bots, work, values, rec, log)
            for p in range(n):
                bots.bp[p, BP_FORCED_CLAIM] = 0.0   # a claim the discard's win never let be asked
            continue
        phase = step(phase, T, dealer, rules, wall, seats, table, bots, work, values, rec, log)
    return finish_hand(T, dealer, wk, rules, wall, seats, table, bots, work, values, rec, log)
