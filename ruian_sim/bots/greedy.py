"""Bots inside the kernel: ``greedy`` and ``random``, with per-seat parameters.

Greedy: lowest shanten over the enabled shapes, ties broken by the number of
unseen tiles that would improve the hand, then at random; claims only when
they lower shanten; never discards a wild unless forced; takes every win
(unless told to chase hard wins).  Random: uniform over legal moves, but it
always takes a win (or hands would almost never end in one).

Shanten and acceptance after each candidate discard come from
bots/acceptance.py.  Bot shanten caps the wild's face at the table cap (the
exact 白板-plus-wilds edge is left to the win test, which is exact).

Arrays (state.py): ``cnt[s]`` face counts, ``keys[s]`` group keys, ``F[s]``
seat fields (layout.F_*), ``vis[k]`` raw tiles seen by everyone (discards,
melds, the turned tile), ``pw[f]`` the key step of face f, ``bp[s]`` bot
parameters.
"""


from ..hand.kernels import ep_distance, ep_totals, group_distance, three_distance
from ..hand.layout import BIG, HS_EIGHT, HS_M, HS_PUNGS, HS_STANDARD, HS_THREE, MODE_TABLE, N_FACES
from ..jit import kernel
from ..table.layout import (
    BOT_RANDOM,
    BP_CHASE_HARD,
    BP_CLAIM,
    BP_KIND,
    BP_KONG,
    F_NMELD,
    F_NTILES,
    F_W,
)
from ..table.rng import BOT, below, uniform
from .acceptance import _accept, _best, draw_list, shanten_scores


@kernel
def bot_shanten(c, ky, w, held, nm, chis, capx, hs, tabs, buf):
    """Shanten by the bot's reckoning for a hand of ``held`` tiles, ``nm`` melds
    aside (all-pungs never beats the standard shape, so it is skipped; tables
    only, so the caps' edge cases are approximate here)."""
    tsuit, thon, psuit, phon = tabs[0], tabs[1], tabs[2], tabs[3]
    k = hs[HS_M] - nm
    dstd = BIG
    if hs[HS_STANDARD] == 1 and k >= 0:
        dstd = group_distance(c, ky, w, k, capx, hs, tsuit, thon, False, buf, MODE_TABLE)
    elif hs[HS_PUNGS] == 1 and k >= 0 and chis == 0:
        # standard off: all pungs stands in its place
        dstd = group_distance(c, ky, w, k, capx, hs, psuit, phon, True, buf, MODE_TABLE)
    d8 = BIG
    if hs[HS_EIGHT] == 1 and nm == 0:
        a, b, lo = ep_totals(c, capx, hs)
        d8 = ep_distance(a, b, lo, hs)
    d3 = three_distance(w, held, k, hs) if hs[HS_THREE] == 1 else BIG
    return _best(dstd, d8, d3, w, nm, hs)


@kernel
def greedy_discard(s, wk, si, rules, seats, table, bots, work, prefer):
    """(face to discard or -1 for a wild, shanten after it).  ``work.buf``: the
    work buffer (WORK_ROWS rows); ``scores``, ``unseen``: int64[34] scratch.
    ``prefer`` (-1: none): a face discarded if it keeps the best shanten."""
    F = seats.F
    rs = bots.rs
    scores = work.scores
    if F[s, F_NTILES] == F[s, F_W]:
        return -1, BIG
    best, n_best, only = shanten_scores(s, rules, seats, work)
    if n_best == 1:
        return only, best  # no tie to break
    if prefer >= 0 and scores[prefer] == best:
        return prefer, best
    nl, wild_u = draw_list(s, wk, si, rules, seats, table, work)
    target = best + F[s, F_W] + 1  # the distance every tied candidate leaves
    c, ky, cx = seats.cnt[s], seats.keys[s], seats.capx[s]
    w, nm, held = F[s, F_W], F[s, F_NMELD], F[s, F_NTILES]
    hs, pw, tsuit, thon = rules.hs, rules.pw, rules.tabs[0], rules.tabs[1]
    t64, h64 = rules.tabs[4], rules.tabs[5]
    buf, tot = work.buf, work.accept
    # _accept inline, not acceptances(): that one call per decision more measured greedy
    # at 0.82x of this (benchmarks/engine.py --against, one run)
    best_acc = -1
    choice = -1
    ties = 0
    for f in range(N_FACES):
        if scores[f] != best:
            continue
        acc = _accept(f, target, nl, wild_u, c, ky, cx, w, nm, held, hs, pw, tsuit, thon, t64, h64, buf, tot)
        if acc > best_acc:
            best_acc = acc
            choice = f
            ties = 1
        elif acc == best_acc:
            ties += 1
            if below(rs, BOT + s, ties) == 0:
                choice = f
    return choice, best


@kernel
def random_discard(s, seats, bots, allow_wild):
    """A tile of the hand uniformly (by tile, not by kind)."""
    c = seats.cnt[s]
    w = seats.F[s, F_W]
    n = seats.F[s, F_NTILES] - (0 if allow_wild else w)
    if n <= 0:
        return -1
    i = below(bots.rs, BOT + s, n)
    for f in range(N_FACES):
        if i < c[f]:
            return f
        i -= c[f]
    return -1


@kernel
def wants_win(s, bots, soft, long_wall, on_discard):
    """Greedy and random take every win, unless this seat chases hard wins:
    then it passes a soft win on a discard while the wall is still long."""
    if bots.bp[s, BP_CHASE_HARD] > 0 and soft and on_discard and long_wall:
        return False
    return True


@kernel
def takes_claim(s, bots, improves):
    """Whether to make a claim (``improves``: the greedy test passed)."""
    bp, rs = bots.bp, bots.rs
    if bp[s, BP_KIND] == BOT_RANDOM:
        return uniform(rs, BOT + s) < 0.5
    return improves and uniform(rs, BOT + s) < bp[s, BP_CLAIM]


@kernel
def takes_kong(s, bots, keeps_shanten):
    bp, rs = bots.bp, bots.rs
    if bp[s, BP_KIND] == BOT_RANDOM:
        return uniform(rs, BOT + s) < 0.5
    return bp[s, BP_KONG] > 0 and keeps_shanten
