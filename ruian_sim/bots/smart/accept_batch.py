"""The smart bot's batch: every candidate discard's acceptance in one call
per decision (bots/acceptance.py counts one; greedy asks only its tied
candidates).

Candidates of one group whose rows without them are equal (a lone 1m or 9m
beside 234m) meet their target on the same splits: the masks are worked out
once for them (the three folds are most of a candidate's cost) and kept for
the decision, with the count they give outside that group, which depends on
the masks alone (not where eight pairs is counted too).  A candidate whose
standard shape is not at its target loads no row at all (shanten_scores()
kept its distance).  tests/bots/test_acceptance.py holds the batch to the
single count and a brute force.
"""


from ...hand.kernels import GROUP_OF
from ...hand.layout import HS_M, N_FACES, ROW
from ...jit import kernel, kernel_inline
from ...table.layout import F_NMELD, F_NTILES, F_W
from ..acceptance import _DSTD, _KEPT, _OTHERS, _RA, ACC_AT, N_KEPT, _count, _load, _masks, no_masks


@kernel_inline
def _kept_at(buf, n_kept, a, target):
    """The kept entry (acceptances()) made for group a's row _RA at ``target``, or -1."""
    for e in range(n_kept):
        at = (_KEPT + 2 * e) * ROW
        if buf[at + ROW] != a or buf[at + ROW + 1] != target:
            continue
        same = True
        for i in range(ROW):
            if buf[_RA * ROW + i] != buf[at + i]:
                same = False
                break
        if same:
            return e
    return -1


@kernel_inline
def _kept_masks(buf, e):
    m = (_KEPT + 2 * e) * ROW + ROW + 2
    return buf[m], buf[m + 1], buf[m + 2], buf[m + 3], buf[m + 4], buf[m + 5], buf[m + 6], buf[m + 7]


@kernel_inline
def _keep(buf, e, a, target, m):
    """Entry e: row _RA, its group and target, then its masks."""
    at = (_KEPT + 2 * e) * ROW
    for i in range(ROW):
        buf[at + i] = buf[_RA * ROW + i]
    buf[at + ROW] = a
    buf[at + ROW + 1] = target
    for i in range(8):
        buf[at + ROW + 2 + i] = m[i]
    buf[at + _OTHERS] = -1   # not counted yet


@kernel
def acceptances(s, limit, nl, wild_u, rules, seats, work):
    """acceptance() of every candidate whose shanten (``work.scores``) is at
    most ``limit``, at its own shanten, into work.accept[ACC_AT + f]: one call
    per decision of the smart bot (needs shanten_scores() and draw_list())."""
    F, scores = seats.F, work.scores
    c, ky, cx = seats.cnt[s], seats.keys[s], seats.capx[s]
    w, nm, held = F[s, F_W], F[s, F_NMELD], F[s, F_NTILES]
    hs, pw, tsuit, thon = rules.hs, rules.pw, rules.tabs.suit, rules.tabs.honor
    buf, tot = work.buf, work.accept
    k = hs[HS_M] - nm
    m = no_masks()
    n_kept = 0
    for f in range(N_FACES):
        if scores[f] > limit:
            continue
        target = scores[f] + w + 1
        a = GROUP_OF[f]
        key_a = ky[a] - pw[f]
        # shanten_scores() kept the standard distance without f (BIG where the shape is
        # off): the row is loaded only where it meets
        met = buf[_DSTD * ROW + f] == target
        e = -1
        others = -1
        if met:
            _load(a, key_a, tsuit, thon, buf, _RA)
            e = _kept_at(buf, n_kept, a, target)
            if e >= 0:
                m = _kept_masks(buf, e)
                others = buf[(_KEPT + 2 * e) * ROW + _OTHERS]
            else:
                m = _masks(buf, a, k, target, True)
                if n_kept < N_KEPT:
                    _keep(buf, n_kept, a, target, m)
                    e = n_kept
                    n_kept += 1
        acc, rest = _count(f, target, nl, wild_u, c, cx, w, nm, held, rules, buf, tot, met, key_a, m, others)
        tot[ACC_AT + f] = acc
        if e >= 0 and others < 0 and rest >= 0:
            buf[(_KEPT + 2 * e) * ROW + _OTHERS] = rest   # the next candidate with these masks reuses it
