"""The search player's claims: before the claims on a discard, each search
seat that may claim it weighs passing against each claim it has (kong, pon,
each chi), by playing the hand out from the claim phase as search.py plays
its discards out, and its choice is left for its claim (bots/dispatch.claim).

    search_claims  the seats that will be asked, as claim_phase asks them
    search_claim   one seat's candidates: its rollout policy's choice first,
                   then passing and every claim it has, ``width`` in all

A win on the discard is not searched: wins come before claims, and a seat's
rollout policy takes or passes them (bots/dispatch.take_win).  Where a win
comes first, the claim is never asked, and the choice is dropped
(turn.play_hand, search.playout).
"""

from __future__ import annotations

from ..bots import dispatch
from ..bots.layout import BP_CALLS, BP_FORCED_CLAIM, BP_ROLLOUT, BP_WIDTH, CL_CHOICE, CL_START, CL_STARTS
from ..jit import kernel
from ..table.intake import can_replace
from ..table.layout import CLAIM_CHI, CLAIM_KONG, CLAIM_PON, EP_KONG_EXPOSED, EP_LAST_WIN_ONLY, EP_SEATS, H_ERROR, H_WK
from ..table.legal import claim_options, claimable
from ..table.void import is_void
from ..table.wall import nothing_left
from .leave import is_out
from .search import as_policy, weigh
from .turn_state import PH_CLAIMS, T_DISCARD, T_DISCARD_RAW, T_SEAT


@kernel
def search_claims(dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values):
    """Each search seat claim_phase will ask about the discard T holds decides
    by search (bp[s, BP_FORCED_CLAIM]), unless it searches its discards alone
    (``calls`` 0); a playout that fails stops the hand."""
    P = rules.P
    n = P[EP_SEATS]
    turn = T[T_SEAT]
    f, raw = T[T_DISCARD], T[T_DISCARD_RAW]
    if raw == table.H[H_WK] or (P[EP_LAST_WIN_ONLY] == 1 and nothing_left(P, wall.W, wall.gone)):
        return   # only a win may take it
    for i in range(1, n):
        s = (turn + i) % n
        if not dispatch.searches(s, bots) or bots.bp[s, BP_CALLS] == 0.0 or is_out(s, table) \
                or is_void(s, f, seats.F):
            continue
        can_kong = P[EP_KONG_EXPOSED] == 1 and seats.cnt[s, f] >= 3 and can_replace(rules, wall)
        if not claimable(s, f, turn, can_kong, P, seats.cnt[s]):
            continue
        search_claim(s, f, turn, can_kong, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work,
                     values)
        if table.H[H_ERROR] != 0:
            return


@kernel
def _add(code, k, width, cands):
    """``code`` appended to cands[:k] unless there or full; the new k."""
    if k >= width:
        return k
    for i in range(k):
        if cands[i] == code:
            return k
    cands[k] = code
    return k + 1


@kernel
def search_claim(s, f, turn, can_kong, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work,
                 values):
    """Seat s's claim on face f by search, left in bots.bp[s, BP_FORCED_CLAIM]
    (0: its rollout policy decides, as where it has one option)."""
    bp = bots.bp
    bp[s, BP_FORCED_CLAIM] = 0.0
    as_policy(bp[s, BP_ROLLOUT], rules, wall, seats, table, bots, T, sw)
    c = sw.state
    dispatch.claim(s, f, turn, can_kong, rules, c.seats, c.table, c.bots, work, values)
    choice = work.claim[CL_CHOICE]
    first = dispatch.claim_code(choice, work.claim[CL_START] if choice == CLAIM_CHI else -1)
    starts = work.claim[CL_STARTS:CL_STARTS + 3]
    kong_ok, pon_ok, n_chi = claim_options(s, f, turn, can_kong, rules.P, seats.cnt[s], starts)
    width = int(bp[s, BP_WIDTH])
    cands = sw.cands
    k = _add(first, 0, width, cands)
    k = _add(dispatch.claim_code(-1, -1), k, width, cands)
    if kong_ok:
        k = _add(dispatch.claim_code(CLAIM_KONG, -1), k, width, cands)
    if pon_ok:
        k = _add(dispatch.claim_code(CLAIM_PON, -1), k, width, cands)
    for j in range(n_chi):
        k = _add(dispatch.claim_code(CLAIM_CHI, starts[j]), k, width, cands)
    if k < 2:
        return
    i = weigh(s, k, PH_CLAIMS, dealer, streak, rnd, wk, rules, wall, seats, table, bots, T, sw, work, values)
    if i >= 0:
        bp[s, BP_FORCED_CLAIM] = float(sw.cands[i])
