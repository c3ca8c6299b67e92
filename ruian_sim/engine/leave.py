"""Wins as they happen, and winners who leave the hand (end.after_wins).

Every win is recorded when it is made: the winner's reading (record_winner),
the order of its win and the seat that dealt in.  Where the rules let play
go on after a win (血战到底), the winner leaves the turn order: its seat bit
is in ``H[H_WINNERS]``, its hand is shown (``vis``), and it neither draws,
discards, claims nor wins again.  Under ``after_wins: 1`` the hand ends at
the first win and nothing here changes how it is played.
"""

from ..jit import kernel, kernel_inline
from ..table.layout import (
    C_FIXED,
    EP_AFTER_WINS,
    EP_SEATS,
    F_W,
    FACT_DISCARD,
    FACT_ROBBED,
    H_DISCARDER,
    H_ERROR,
    H_FIRST,
    H_OUTCOME,
    H_SI,
    H_WINNERS,
    H_WINS,
    H_WK,
    N_FACE,
    NO_TILE,
    S_WIN_FROM,
    S_WIN_ORDER,
)
from ..table.seat import raw_of
from .record import record_winner


@kernel_inline
def is_out(s, table):
    """Whether seat s has won and left the hand."""
    return (table.H[H_WINNERS] >> s) & 1 == 1


@kernel_inline
def next_in(s, table, n):
    """The seat after s in turn order that is still in the hand."""
    out = table.H[H_WINNERS]
    for i in range(1, n):
        t = (s + i) % n
        if (out >> t) & 1 == 0:
            return t
    return s


@kernel
def last_from(discarder, winners, n):
    """The last of ``winners`` in turn order from the discarder: play goes on after it."""
    last = discarder
    for i in range(1, n):
        s = (discarder + i) % n
        if winners & (1 << s):
            last = s
    return last


@kernel
def record_wins(outcome, winners, face, route, raw, frm, rules, seats, table, work, values, rec, log):
    """Record one win (every seat of ``winners`` won on the same tile, face
    ``face``, by ``route``, ending as ``outcome`` would; ``frm`` dealt in, -1
    self-drawn) and return whether play goes on: fewer wins than the rules
    end at and at least two seats left.  The first win is kept in H (its
    outcome, discarder and winners), every winner in ``H[H_WINNERS]``."""
    P = rules.P
    H, vis = table.H, table.vis
    cnt, F = seats.cnt, seats.F
    n = P[EP_SEATS]
    wk, si = H[H_WK], H[H_SI]
    joins = (route & FACT_DISCARD) != 0
    if H[H_OUTCOME] < 0:
        H[H_OUTCOME], H[H_DISCARDER], H[H_FIRST] = outcome, frm, winners
    H[H_WINNERS] |= winners
    H[H_WINS] += 1
    for s in range(n):
        if winners & (1 << s):
            record_winner(s, face, joins, route, rules, seats, table, work, values, rec, log,
                          raw if joins else (raw_of(face, wk, si) if face != NO_TILE else -1))
            rec[C_FIXED + S_WIN_ORDER * n + s] = H[H_WINS]
            rec[C_FIXED + S_WIN_FROM * n + s] = frm if joins else -1
    won = 0
    for s in range(n):
        won += (H[H_WINNERS] >> s) & 1
    if H[H_ERROR] != 0 or won >= P[EP_AFTER_WINS] or n - won < 2:
        return False
    # play goes on: each winner's hand is shown (the discard it won on is
    # already seen in the pond; a robbed kong's tile was never shown)
    for s in range(n):
        if winners & (1 << s):
            for f in range(N_FACE):
                vis[raw_of(f, wk, si)] += cnt[s, f]
            if wk >= 0:
                vis[wk] += F[s, F_W]
            if joins and (route & FACT_ROBBED) == 0:
                vis[raw_of(face, wk, si)] -= 1   # as it was just counted, so no kind is counted twice
    return True
