"""One seat's hand in the kernel: tiles in and out, melds, the win test, the
facts a scoring table may ask about a win, and the tiles the seat has not seen.

A hand is kept by *face* (see hand.kernels), in a state.Seats: ``cnt[s, f]``
natural tiles of face f, the stand-in (白板) counted at the wild's face; wilds
in ``F[s, F_W]``; group keys in ``keys[s]`` updated with ``pw[f]`` (the key
step of face f).  ``wk`` is this hand's wild kind (-1 none) and ``si`` the
raw kind of an active stand-in (-1 none).  A face of -1 means "a wild".
One tile in or out (add_face, remove_face) takes the arrays themselves: it
is the primitive everything else is built from.
"""


from ..hand.complete import complete_shapes, hard_shapes, is_complete
from ..hand.kernels import GROUP_OF, set_tight
from ..hand.layout import HS_B, HS_CAP, HS_M, N_FACES, SHAPE_STANDARD
from ..jit import kernel, kernel_inline
from .layout import (
    EP_COPIES,
    EP_FORMAL_WAITS,
    F_CHIS,
    F_NMELD,
    F_NTILES,
    F_OPEN,
    F_W,
    FACT_ALL_HONORS,
    FACT_HALF_SUIT,
    FACT_ONE_SUIT,
    M_FACE,
    M_FROM,
    M_TYPE,
    MAX_MELDS,
    MELD_CHI,
    MELD_PON,
)


@kernel_inline
def face_of(raw, wk, si):
    if raw == wk:
        return -1
    if raw == si:
        return wk
    return raw


@kernel_inline
def raw_of(face, wk, si):
    if face < 0:
        return wk
    if si >= 0 and face == wk:
        return si
    return face


@kernel_inline
def add_face(s, f, cnt, keys, F, pw):
    if f < 0:
        F[s, F_W] += 1
    else:
        cnt[s, f] += 1
        keys[s, GROUP_OF[f]] += pw[f]
    F[s, F_NTILES] += 1


@kernel_inline
def remove_face(s, f, cnt, keys, F, pw):
    if f < 0:
        F[s, F_W] -= 1
    else:
        cnt[s, f] -= 1
        keys[s, GROUP_OF[f]] -= pw[f]
    F[s, F_NTILES] -= 1


@kernel
def add_meld(s, mtype, face, frm, rules, seats):
    """Set a meld aside; the tiles it holds leave the concealed hand's caps."""
    hs = rules.hs
    F, melds, capx = seats.F, seats.melds, seats.capx
    i = F[s, F_NMELD]
    if i < MAX_MELDS:
        melds[s, i, M_TYPE] = mtype
        melds[s, i, M_FACE] = face
        melds[s, i, M_FROM] = frm
    F[s, F_NMELD] = i + 1
    if mtype == MELD_CHI:
        F[s, F_CHIS] += 1
        for j in range(3):
            capx[s, face + j] -= 1
    elif mtype == MELD_PON:
        capx[s, face] -= 3
    else:
        capx[s, face] -= 4
    set_tight(capx[s], hs)
    if frm >= 0:
        F[s, F_OPEN] += 1


@kernel
def shapes_now(s, rules, seats, work):
    """Shape mask of seat s's concealed hand as it stands (0: not complete)."""
    hs, tabs = rules.hs, rules.tabs
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    buf = work.buf
    k = hs[HS_M] - F[s, F_NMELD]
    if not is_complete(cnt[s], keys[s], F[s, F_W], k, F[s, F_NMELD], F[s, F_CHIS], hs, tabs,
                       capx[s], buf):
        return 0
    return complete_shapes(cnt[s], keys[s], F[s, F_W], k, F[s, F_NMELD], F[s, F_CHIS], hs, tabs,
                           capx[s], buf)


@kernel
def hard_now(s, wk, self_drawn, rules, seats, work):
    hs, tabs = rules.hs, rules.tabs
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    buf = work.buf
    k = hs[HS_M] - F[s, F_NMELD]
    return hard_shapes(cnt[s], keys[s], F[s, F_W], k, F[s, F_NMELD], F[s, F_CHIS], wk, hs, tabs,
                       capx[s], self_drawn, buf)


@kernel
def shapes_with(s, f, rules, seats, work):
    """Shape mask if face f (-1: a wild) joined seat s's hand."""
    pw = rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    add_face(s, f, cnt, keys, F, pw)
    m = shapes_now(s, rules, seats, work)
    remove_face(s, f, cnt, keys, F, pw)
    return m


@kernel
def natural_waits(s, rules, seats, table, work):
    """How many natural faces would complete seat s's hand (the wild left out).
    ``face_ok[f]``: some natural tile of this hand plays as face f.  A face the
    hand already holds to its cap cannot come again, unless the rules count
    waits formally (scoring.waits: formal): then a kind every copy of which
    the seat holds itself is waited on all the same (a fifth copy, read as a
    pung of it beside the rest: one more tile would carry into the next digit
    of its group's key, past the tables' end)."""
    hs = rules.hs
    cnt, capx = seats.cnt, seats.capx
    F = seats.F
    face_ok = table.face_ok
    formal = rules.P[EP_FORMAL_WAITS] == 1
    n = 0
    top = hs[HS_B] - 1
    for f in range(N_FACES):
        if face_ok[f] == 0 or (cnt[s, f] >= capx[s, f] and not formal):
            continue
        if cnt[s, f] >= top:
            if formal:
                # five of f: a pung of three and the hand's other two complete
                remove_face(s, f, cnt, seats.keys, F, rules.pw)
                remove_face(s, f, cnt, seats.keys, F, rules.pw)
                F[s, F_NMELD] += 1   # the pung, as if set aside
                if shapes_now(s, rules, seats, work) & SHAPE_STANDARD:
                    n += 1
                F[s, F_NMELD] -= 1
                add_face(s, f, cnt, seats.keys, F, rules.pw)
                add_face(s, f, cnt, seats.keys, F, rules.pw)
            continue
        if cnt[s, f] >= capx[s, f]:
            # formal: as if the copies it set aside in its melds were free to come
            cap = capx[s, f]
            capx[s, f] = hs[HS_CAP]
            set_tight(capx[s], hs)
            if shapes_with(s, f, rules, seats, work) != 0:
                n += 1
            capx[s, f] = cap
            set_tight(capx[s], hs)
        elif shapes_with(s, f, rules, seats, work) != 0:
            n += 1
    return n


@kernel
def could_come(s, rules, seats, table):
    """How many natural faces natural_waits tries: every face a tile could
    still come as (爆头: the hand waited on all of them)."""
    hs = rules.hs
    cnt, capx = seats.cnt, seats.capx
    face_ok = table.face_ok
    n = 0
    top = hs[HS_B] - 1
    for f in range(N_FACES):
        if face_ok[f] == 1 and cnt[s, f] < capx[s, f] and cnt[s, f] < top:
            n += 1
    return n


@kernel
def suit_facts(s, seats):
    """清一色 / 混一色 / 字一色 from the faces of the hand and its melds (wilds
    ignored; a stand-in plays at the wild's face, so it is of the wild's suit)."""
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    seen = 0  # bit g: group g present
    for f in range(N_FACES):
        if cnt[s, f] > 0:
            seen |= 1 << GROUP_OF[f]
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        seen |= 1 << GROUP_OF[melds[s, i, M_FACE]]
    n_suits = (seen & 1) + ((seen >> 1) & 1) + ((seen >> 2) & 1)
    honors = (seen >> 3) & 1
    if n_suits == 1 and honors == 0:
        return FACT_ONE_SUIT
    if n_suits == 1 and honors == 1:
        return FACT_HALF_SUIT
    if n_suits == 0 and honors == 1:
        return FACT_ALL_HONORS
    return 0


@kernel_inline
def unseen_face(f, unseen, wk, si):
    """Unseen natural tiles that play as face f (the stand-in for the wild's face)."""
    if f == wk:
        return unseen[si] if si >= 0 else 0
    if f == si:
        return 0
    return unseen[f]


@kernel
def unseen_of(s, wk, si, rules, seats, table, work):
    """Tiles of each raw kind that seat s has not seen, into work.unseen (what
    a bot counts with: its own tiles and the public record, never the wall)."""
    P = rules.P
    c, F = seats.cnt[s], seats.F
    vis = table.vis
    out = work.unseen
    for t in range(N_FACES):
        own = c[t]
        if t == wk:
            own = F[s, F_W]
        elif t == si:
            own = c[wk]
        out[t] = P[EP_COPIES + t] - vis[t] - own
