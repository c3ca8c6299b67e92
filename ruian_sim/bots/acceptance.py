"""How far a hand is from a win after each discard, and how many unseen
tiles would bring it closer (its acceptance): the work both bots' discard
choice rests on (bots/greedy.py, bots/smart/choice.py).

Speed.  A discard decision looks at every candidate discard and, for the
best ones, at every tile that could come next.  Removing or adding one tile
changes one group's key, so the other groups are folded once per decision:
``Fm[a]`` folds every group but a, ``Fmm[a, b]`` every group but a and b.
Only tiles within two ranks of a held tile (or equal to one) can improve the
standard or eight-pairs shapes, so acceptance looks at those, the wild and
the stand-in only.  A draw lowers each entry of its group's row by at most
one, so it brings the hand closer exactly when it lowers an entry of a split
that meets the distance: two XORs of the packed table words per draw, for
the discard's own group as for the others (no row loaded and pointed).
One candidate's count is inlined where it is looped
over: a call passes every array of its bundles, which cost more than the
count itself (benchmarks/kernels.py).  shanten_scores() keeps each
candidate's standard distance, so a candidate whose standard shape is not at
its target (most of a far hand's, where eight pairs is nearer) loads no row.
The smart bot's batch of every candidate is bots/smart/accept_batch.py.
"""

import numpy as np

from ..hand.kernels import (
    GROUP_OF,
    ep_distance,
    ep_face,
    ep_totals,
    fold,
    point_tab,
    table_row,
    three_distance,
)
from ..hand.layout import (
    BIG,
    BOT_ROW0,
    HS_B,
    HS_EIGHT,
    HS_M,
    HS_QUAD2,
    HS_STANDARD,
    HS_THREE,
    M_SLOTS,
    N_FACES,
    ROW,
)
from ..jit import kernel, kernel_inline
from ..table.layout import F_NMELD, F_NTILES, F_W
from ..table.seat import unseen_face, unseen_of

# rows of the work buffer used by the counts below, after the hand kernels' own
_FM = BOT_ROW0           # 4 rows: every group but a
_FMM = BOT_ROW0 + 4       # 16 rows: every group but a and b
_G = BOT_ROW0 + 20        # 4 rows: the candidate's group folded with all but b
_RA = BOT_ROW0 + 24       # 2 rows: the candidate's group without the discard, then + a draw
_R = BOT_ROW0 + 26        # 4 rows: the hand's groups as they are
_DROP = BOT_ROW0 + 30     # 3 × 34 entries (face, unseen, -), 3 × 34 (two words of row drops, -), 5 group starts
_STARTS = 6 * 34          # where the group starts are, from _DROP's first entry
_T0 = BOT_ROW0 + 30 + (_STARTS + 5 + ROW - 1) // ROW   # then the smart bot's target rows (targets.py)
N_KEPT = 6                # accept_batch: masks kept per decision, two rows each: row; group, target, masks;
_OTHERS = ROW + 10        # then the count outside the group (-1 until one is made)
_KEPT = _T0 + 10
_PASSED = _KEPT + 2 * N_KEPT   # the smart bot: per opponent, the faces it let pass (bits)
_DSTD = _PASSED + 1       # 3 rows: each candidate's standard distance once it is gone (shanten_scores)
WORK_ROWS = _DSTD + (N_FACES + ROW - 1) // ROW
ACC_AT = 4                # work.accept: the eight-pairs totals, then each face's acceptance


@kernel_inline
def _load(g, key, tsuit, thon, buf, row):
    if g < 3:
        table_row(tsuit, key, buf, row * ROW, ROW)
    else:
        table_row(thon, key, buf, row * ROW, ROW)


@kernel_inline
def _best(dstd, d8, d3, w, nm, hs):
    best = BIG
    if dstd - w < best:
        best = dstd - w
    if hs[HS_EIGHT] == 1 and nm == 0 and d8 - w < best:
        best = d8 - w
    if hs[HS_THREE] == 1 and d3 - w < best:
        best = d3 - w
    return best - 1


@kernel_inline
def _ep_changed(p, a, lo, c_old, c_new, cap, hs):
    """Eight-pairs contributions after a face (cap ``cap``) goes from c_old to c_new tiles."""
    quad2 = hs[HS_QUAD2] == 1
    x0, x1, x2 = ep_face(c_old, cap, quad2)
    y0, y1, y2 = ep_face(c_new, cap, quad2)
    return p - x0 + y0, a - x1 + y1, lo - x2 + y2

@kernel_inline
def _drop_words(g, key, step, t64, h64):
    """Which entries of group g's row fall when one tile (key step ``step``)
    joins it, as the two words ``row_after ^ row_before`` (a row drops by at
    most one per entry, so a nonzero byte marks a fall)."""
    if g < 3:
        return np.int64(t64[key + step, 0] ^ t64[key, 0]), np.int64(t64[key + step, 1] ^ t64[key, 1])
    return np.int64(h64[key + step, 0] ^ h64[key, 0]), np.int64(h64[key + step, 1] ^ h64[key, 1])


@kernel_inline
def _drops(g, key, step, t64, h64, buf, at):
    """_drop_words() into buf[at], buf[at + 1]."""
    buf[at], buf[at + 1] = _drop_words(g, key, step, t64, h64)


@kernel_inline
def _met(buf, ox, oy, k, target, pair):
    """The splits (entries of row ox) where ox ⊕ oy reaches ``target`` at k
    melds and one pair (``pair`` false: k melds alone, bots/smart/lone.py), as
    byte masks over the two words of a table row."""
    M = M_SLOTS
    lo = np.int64(0)
    hi = np.int64(0)
    for p1 in range(2 if pair else 1):
        for m1 in range(k + 1):
            if buf[ox + p1 * (M + 1) + m1] + buf[oy + (1 - p1 if pair else 0) * (M + 1) + k - m1] == target:
                e = p1 * (M + 1) + m1
                if e < 8:
                    lo |= np.int64(0xFF) << np.int64(8 * e)
                else:
                    hi |= np.int64(0xFF) << np.int64(8 * (e - 8))
    return lo, hi


@kernel_inline
def no_masks():
    """_masks() where no split meets the target."""
    z = np.int64(0)
    return z, z, z, z, z, z, z, z


@kernel_inline
def _masks(buf, a, k, target, pair):
    """Per group b, the entries of its row on a split that meets ``target``
    once the candidate's group a has lost its tile (row _RA; a < 0: no group
    changed), as _met() masks: (lo, hi) of groups 0, 1, 2, 3.  A drawn tile
    brings the hand closer exactly when it lowers one of them."""
    L2 = ROW
    o0 = o1 = o2 = o3 = o4 = o5 = o6 = o7 = np.int64(0)
    for b in range(4):
        if b == a:
            lo, hi = _met(buf, _RA * L2, (_FM + a) * L2, k, target, pair)
        elif a >= 0:
            fold(buf, _RA * L2, (_FMM + a * 4 + b) * L2, (_G + b) * L2)
            lo, hi = _met(buf, (_R + b) * L2, (_G + b) * L2, k, target, pair)
        else:
            lo, hi = _met(buf, (_R + b) * L2, (_FM + b) * L2, k, target, pair)
        if b == 0:
            o0, o1 = lo, hi
        elif b == 1:
            o2, o3 = lo, hi
        elif b == 2:
            o4, o5 = lo, hi
        else:
            o6, o7 = lo, hi
    return o0, o1, o2, o3, o4, o5, o6, o7


@kernel
def shanten_scores(s, rules, seats, work):
    """Shanten after each candidate discard into ``scores`` (BIG: not held), and
    the hand's folds into the work buffer and its eight-pairs totals into
    ``work.accept`` for acceptance().  Returns (best, how
    many candidates reach it, the one when there is one)."""
    hs, pw = rules.hs, rules.pw
    buf, scores = work.buf, work.scores
    tsuit, thon = rules.tabs.suit, rules.tabs.honor
    M = hs[HS_M]
    L2 = ROW
    c = seats.cnt[s]
    ky = seats.keys[s]
    w = seats.F[s, F_W]
    nm = seats.F[s, F_NMELD]
    k = M - nm
    held = seats.F[s, F_NTILES]
    cx = seats.capx[s]
    std = hs[HS_STANDARD] == 1 and k >= 0
    eight = hs[HS_EIGHT] == 1 and nm == 0
    three = hs[HS_THREE] == 1
    if std:
        for g in range(4):
            _load(g, ky[g], tsuit, thon, buf, _R + g)
        for a in range(4):
            for b in range(a + 1, 4):
                x = -1
                y = -1
                for g in range(4):
                    if g != a and g != b:
                        if x < 0:
                            x = g
                        else:
                            y = g
                fold(buf, (_R + x) * L2, (_R + y) * L2, (_FMM + a * 4 + b) * L2)
                for i in range(L2):
                    buf[(_FMM + b * 4 + a) * L2 + i] = buf[(_FMM + a * 4 + b) * L2 + i]
        for a in range(4):
            b = 1 if a == 0 else 0
            fold(buf, (_R + b) * L2, (_FMM + a * 4 + b) * L2, (_FM + a) * L2)
    t0 = 0
    t1 = 0
    t2 = 0
    if eight:
        t0, t1, t2 = ep_totals(c, cx, hs)
    # kept for acceptance(), called once per tied candidate
    tot = work.accept
    tot[0] = t0
    tot[1] = t1
    tot[2] = t2
    best = BIG
    n_best = 0
    only = -1
    for f in range(N_FACES):
        scores[f] = BIG
        if c[f] == 0:
            continue
        a = GROUP_OF[f]
        dstd = BIG
        if std:
            dstd = point_tab(tsuit if a < 3 else thon, ky[a] - pw[f], buf, (_FM + a) * L2, k)
        buf[_DSTD * L2 + f] = dstd   # acceptance asks it again: the row is loaded only where it meets
        d8 = BIG
        if eight:
            e0, e1, e2 = _ep_changed(t0, t1, t2, c[f], c[f] - 1, cx[f], hs)
            d8 = ep_distance(e0, e1, e2, hs)
        d3 = three_distance(w, held - 1, k, hs) if three else BIG
        sh = _best(dstd, d8, d3, w, nm, hs)
        scores[f] = sh
        if sh < best:
            best = sh
            n_best = 1
            only = f
        elif sh == best:
            n_best += 1
    return best, n_best, only


@kernel
def draw_list(s, wk, si, rules, seats, table, work):
    """The faces a draw could bring (the wild apart), listed once per decision
    in the work buffer: face, its unseen tiles, and which entries of its
    group's row it lowers.  Returns (how many, unseen wilds)."""
    hs, pw = rules.hs, rules.pw
    buf, unseen = work.buf, work.unseen
    tsuit64, thon64 = rules.tabs.suit64, rules.tabs.honor64
    c = seats.cnt[s]
    ky = seats.keys[s]
    std = hs[HS_STANDARD] == 1 and hs[HS_M] - seats.F[s, F_NMELD] >= 0
    unseen_of(s, wk, si, rules, seats, table, work)
    drop = _DROP * ROW
    nl = 0
    for t in range(N_FACES):
        if t == 0 or GROUP_OF[t] != GROUP_OF[t - 1]:
            buf[drop + _STARTS + GROUP_OF[t]] = nl   # where the face's group starts in the list
        u = unseen_face(t, unseen, wk, si)
        if u <= 0 or c[t] >= hs[HS_B] - 1:
            continue
        at = drop + 3 * nl
        buf[at] = t
        buf[at + 1] = u
        b = GROUP_OF[t]
        if std:
            _drops(b, ky[b], pw[t], tsuit64, thon64, buf, at + 3 * N_FACES)
        nl += 1
    buf[drop + _STARTS + 4] = nl
    return nl, (unseen[wk] if wk >= 0 else 0)


@kernel_inline
def _accept(f, target, nl, wild_u, c, ky, cx, w, nm, held, rules, buf, tot):
    """acceptance() with the seat's arrays unpacked: inlined into greedy's
    tie-break loop, since one call per candidate passing every array of three
    bundles cost more than the count itself."""
    hs, pw = rules.hs, rules.pw
    k = hs[HS_M] - nm
    a = GROUP_OF[f]
    key_a = ky[a] - pw[f]
    # shanten_scores() kept the standard distance without f (BIG where the shape is off)
    met = buf[_DSTD * ROW + f] == target
    m = no_masks()
    if met:
        _load(a, key_a, rules.tabs.suit, rules.tabs.honor, buf, _RA)
        m = _masks(buf, a, k, target, True)
    acc, _ = _count(f, target, nl, wild_u, c, cx, w, nm, held, rules, buf, tot, met, key_a, m, -1)
    return acc


@kernel_inline
def _count(f, target, nl, wild_u, c, cx, w, nm, held, rules, buf, tot, met, key_a, m, others):
    """The unseen tiles that bring the hand below ``target`` once f is gone,
    given the splits where the standard shape's distance is met (``met``:
    it is at the target; ``m``: _masks() of f's group row without f), and
    the part of that count from groups other than f's (-1 where eight pairs
    was counted too).  Outside f's group a draw helps by the masks alone, so
    ``others`` >= 0 (another candidate's part, with the same masks) is taken
    as it is."""
    hs, pw, t64, h64 = rules.hs, rules.pw, rules.tabs.suit64, rules.tabs.honor64
    k = hs[HS_M] - nm
    eight = hs[HS_EIGHT] == 1 and nm == 0
    three = hs[HS_THREE] == 1
    drop = _DROP * ROW
    a = GROUP_OF[f]
    b0 = 0
    b1 = 0
    b2 = 0
    if eight:
        b0, b1, b2 = _ep_changed(tot[0], tot[1], tot[2], c[f], c[f] - 1, cx[f], hs)
        # a tile lowers the eight-pairs distance by one at most: none can where it
        # is above the target (tests/hand: test_a_tile_brings_eight_pairs_one_closer_at_most)
        eight = ep_distance(b0, b1, b2, hs) <= target
    # three wilds' distance does not depend on the face drawn
    if three and three_distance(w, held, k, hs) < target:
        acc = wild_u
        for i in range(nl):
            acc += buf[drop + 3 * i + 1]
        return acc, -1
    if not met and not eight:
        return wild_u, -1   # no drawn face lowers the distance; a wild still fills a gap
    c[f] -= 1
    acc = wild_u  # a wild fills any gap
    reuse = others >= 0 and not eight
    if reuse:
        acc += others
    rest = 0   # the groups other than f's
    # group by group (draw_list() lists faces in order and keeps where each
    # group starts): the group's masks are picked once, not per face
    starts = drop + _STARTS
    for b in range(4):
        if reuse and b != a:
            continue
        lo = m[0] if b == 0 else (m[2] if b == 1 else (m[4] if b == 2 else m[6]))
        hi = m[1] if b == 0 else (m[3] if b == 1 else (m[5] if b == 2 else m[7]))
        if not met:
            lo = hi = np.int64(0)
        elif lo == 0 and hi == 0 and not eight:
            continue   # no split of this group meets the distance: none of its faces helps
        for i in range(buf[starts + b], buf[starts + b + 1]):
            at = drop + 3 * i
            face = buf[at]
            if b == a:
                # f's group holds one tile less than draw_list()'s drops were taken on
                x0, x1 = _drop_words(a, key_a, pw[face], t64, h64)
            else:
                x0, x1 = buf[at + 3 * N_FACES], buf[at + 3 * N_FACES + 1]
            better = ((x0 & lo) | (x1 & hi)) != 0
            if not better and eight:
                e0, e1, e2 = _ep_changed(b0, b1, b2, c[face], c[face] + 1, cx[face], hs)
                better = ep_distance(e0, e1, e2, hs) < target
            if better:
                acc += buf[at + 1]
                if b != a:
                    rest += buf[at + 1]
    c[f] += 1
    return acc, (-1 if eight else (others if reuse else rest))


@kernel
def acceptance(s, f, target, nl, wild_u, rules, seats, work):
    """Unseen tiles that would bring the hand below ``target`` (a distance)
    once face f is discarded; needs shanten_scores() and draw_list() first."""
    F = seats.F
    return _accept(f, target, nl, wild_u, seats.cnt[s], seats.keys[s], seats.capx[s], F[s, F_W], F[s, F_NMELD],
                   F[s, F_NTILES], rules, work.buf, work.accept)
