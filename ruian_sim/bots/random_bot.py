"""The random bot: uniform over legal moves (a tile of the hand, by tile not
by kind; a claim or a kong at even odds), but it takes every win (or hands
would almost never end in one), unless ``chase_hard`` has it pass a soft win
on a discard, as greedy does."""

from ..hand.layout import N_FACES
from ..jit import kernel, kernel_inline
from ..table.layout import (
    CLAIM_CHI,
    CLAIM_KONG,
    CLAIM_PON,
    EP_KONG_ADDED,
    EP_KONG_CONCEALED,
    EP_WILD_DISCARD,
    F_NMELD,
    F_NTILES,
    F_SHANTEN,
    F_W,
    M_FACE,
    M_TYPE,
    MAX_MELDS,
    MELD_KONG_ADD,
    MELD_KONG_CON,
    MELD_PON,
)
from ..table.rng import BOT, below, uniform
from ..table.seat import add_face, remove_face
from ..table.void import is_void
from .layout import CL_CHOICE, CL_START
from .shanten import current_shanten


@kernel
def random_discard(s, seats, bots, allow_wild):
    """A tile of the hand uniformly (by tile, not by kind); -1 a wild."""
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


@kernel_inline
def random_turn(s, rules, seats, bots, work):
    """The face the random bot discards (-1: a wild, where the rules allow one
    or nothing else is held); F[s, F_SHANTEN] is left at the hand's shanten."""
    cnt, keys, F, pw = seats.cnt, seats.keys, seats.F, rules.pw
    f = random_discard(s, seats, bots, rules.P[EP_WILD_DISCARD] == 1)
    if f < 0 and F[s, F_W] == 0:
        f = random_discard(s, seats, bots, True)
    remove_face(s, f, cnt, keys, F, pw)
    F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
    add_face(s, f, cnt, keys, F, pw)
    return f


@kernel_inline
def random_claim(s, kong_ok, pon_ok, n_chi, starts, bots, work):
    """One of pass, kong, pon and each chi, uniformly: work.claim[CL_CHOICE, CL_START]."""
    out = work.claim
    n_opt = 1 + (1 if kong_ok else 0) + (1 if pon_ok else 0) + n_chi
    pick = below(bots.rs, BOT + s, n_opt)
    if pick == 0:
        return
    pick -= 1
    if kong_ok:
        if pick == 0:
            out[CL_CHOICE] = CLAIM_KONG
            return
        pick -= 1
    if pon_ok:
        if pick == 0:
            out[CL_CHOICE] = CLAIM_PON
            return
        pick -= 1
    out[CL_CHOICE] = CLAIM_CHI
    out[CL_START] = starts[pick]


@kernel_inline
def random_own_kong(s, rules, seats, bots, work):
    """Each kong the seat may declare, in turn, at even odds: work.claim[CL_CHOICE, CL_START] =
    (meld type, face)."""
    P = rules.P
    c, F, melds = seats.cnt[s], seats.F, seats.melds
    out = work.claim
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4 and not is_void(s, f, F) and uniform(bots.rs, BOT + s) < 0.5:
                out[CL_CHOICE] = MELD_KONG_CON
                out[CL_START] = f
                return
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON:
                f = melds[s, i, M_FACE]
                if c[f] >= 1 and uniform(bots.rs, BOT + s) < 0.5:
                    out[CL_CHOICE] = MELD_KONG_ADD
                    out[CL_START] = f
                    return
