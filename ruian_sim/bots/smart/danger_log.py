"""Counting what the smart bot's danger tables say, inside play (bots/smart/danger.py
learns the tables from these counts for the rules being played).

``bots.learn`` (int64[LEARN_SIZE]): [0] 1 while learning; then (ready, seen)
pairs by an opponent's open melds 0..3 and own discards 0..15, then (won,
seen) pairs by the discarded tile's class (simple, terminal, honor) and the
copies the discarder could not see (0..3), for ready opponents and tiles they
had not let pass since their own last discard; then, by the shanten a smart
greedy bot's discard leaves (0..7), the share of unseen tiles that would
improve that hand (its acceptance), summed, and how many discards: the
acceptance an efficiently built hand has at each level (a smart bot's own
choices are wider than the hands its draws then lead to, and counting those
made it chase wide hands a step back and stall).  The engine knows the truth
(an opponent's bot shanten after its last discard; whether the tile completes
its hand), so the counts are exact; the bot only ever reads the tables made
from them, never the truth.
"""

from ...hand.kernels import GROUP_OF
from ...jit import kernel
from ...table.layout import (
    EP_COPIES,
    EP_SEATS,
    F_DISCARDS,
    F_LAST_DISC,
    F_OPEN,
    F_SHANTEN,
    F_W,
    H_DISCARDS,
    H_SI,
    H_WINNERS,
    H_WK,
)
from ...table.seat import shapes_with, unseen_face
from ..acceptance import acceptance, draw_list, shanten_scores

L_READY = 1          # (ready, seen) × [open 0..3][discards 0..15]
L_HIT = L_READY + 2 * 4 * 16   # (won, seen) × [class 0..2][unseen 0..3]
L_ACC = L_HIT + 2 * 3 * 4      # (Σ acceptance share × 10⁴, decisions) × [shanten 0..7]
LEARN_SIZE = L_ACC + 2 * 8


@kernel
def danger_sample(s, f, raw, rules, seats, table, bots, work):
    """Count one discard of face f (raw kind ``raw``) by seat s, as each
    opponent's bucket sees it."""
    P = rules.P
    cnt, F = seats.cnt, seats.F
    H, pond, vis = table.H, table.pond, table.vis
    lg = bots.learn
    n = P[EP_SEATS]
    if f < 0:
        return
    for i in range(1, n):
        o = (s + i) % n
        if (H[H_WINNERS] >> o) & 1:
            continue   # it won and left the hand
        at = L_READY + 2 * (min(F[o, F_OPEN], 3) * 16 + min(F[o, F_DISCARDS], 15))
        lg[at + 1] += 1
        if F[o, F_SHANTEN] != 0:
            continue
        lg[at] += 1
        passed = False
        for j in range(F[o, F_LAST_DISC] + 1, H[H_DISCARDS] - 1):
            if pond[j] == f:
                passed = True
                break
        if passed:
            continue
        cls = 2 if GROUP_OF[f] == 3 else (1 if f % 9 == 0 or f % 9 == 8 else 0)
        u = P[EP_COPIES + raw] - vis[raw] - cnt[s, f]
        hat = L_HIT + 2 * (cls * 4 + min(max(u, 0), 3))
        lg[hat + 1] += 1
        if shapes_with(o, f, rules, seats, work) != 0:
            lg[hat] += 1


@kernel
def accept_sample(s, f, rules, seats, table, bots, work):
    """Count seat s's discard of face f: the shanten it leaves and the share
    of unseen tiles that would improve that hand (bots/smart/chance.py reads the
    learned shares for the steps after the next)."""
    H = table.H
    wk, si = H[H_WK], H[H_SI]
    if f < 0:
        return
    shanten_scores(s, rules, seats, work)
    sh = work.scores[f]
    if sh < 0 or sh >= 99:
        return
    nl, wild_u = draw_list(s, wk, si, rules, seats, table, work)
    total = wild_u
    for t in range(34):
        total += unseen_face(t, work.unseen, wk, si)
    if total <= 0:
        return
    acc = acceptance(s, f, sh + seats.F[s, F_W] + 1, nl, wild_u, rules, seats, work)
    at = L_ACC + 2 * min(sh, 7)
    bots.learn[at] += (10000 * acc) // total
    bots.learn[at + 1] += 1
