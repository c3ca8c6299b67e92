"""What the rules let a seat do now, asked before any bot decides: which
claims it has on a discard, and whether it holds a kong it may declare.

The engine asks these cheap questions first (a "no" costs no call into the
bots and draws no random number), and a bot's claim choice starts from the
options ``claim_options`` lists: a bot never has to know the rules of chi."""

from ..jit import kernel_inline
from .layout import (
    CHI_ANY,
    CHI_LEFT,
    EP_CHI,
    EP_KONG_ADDED,
    EP_KONG_CONCEALED,
    EP_KONG_EXPOSED,
    EP_PON,
    EP_SEATS,
    F_NMELD,
    M_FACE,
    M_TYPE,
    MAX_MELDS,
    MELD_PON,
)
from .void import is_void


@kernel_inline
def chi_seat(s, f, discarder, P):
    """Whether seat s may chi face f from the discarder (a suit tile, the rules' seat)."""
    n = P[EP_SEATS]
    return f < 27 and (P[EP_CHI] == CHI_ANY or (P[EP_CHI] == CHI_LEFT and s == (discarder + 1) % n))


@kernel_inline
def claimable(s, f, discarder, can_kong, P, c):
    """Whether seat s (its counts ``c``) has any claim on face f: play_hand
    asks before the seat's bot is asked, which sets nothing and draws no random
    number when there is none, so the many seats with none cost no call."""
    if c[f] >= 2 and (P[EP_PON] == 1 or (can_kong and P[EP_KONG_EXPOSED] == 1 and c[f] >= 3)):
        return True
    if not chi_seat(s, f, discarder, P):
        return False
    r = f % 9
    return (r >= 2 and c[f - 2] > 0 and c[f - 1] > 0) or (1 <= r <= 7 and c[f - 1] > 0 and c[f + 1] > 0) \
        or (r <= 6 and c[f + 1] > 0 and c[f + 2] > 0)


@kernel_inline
def claim_options(s, f, discarder, can_kong, P, c, starts):
    """Seat s's claims on face f: (kong allowed, pon allowed, chis), the chis'
    first faces in ``starts[:chis]`` (the rest -1)."""
    kong_ok = can_kong and P[EP_KONG_EXPOSED] == 1 and c[f] >= 3
    pon_ok = P[EP_PON] == 1 and c[f] >= 2
    starts[:] = -1
    n_chi = 0
    if chi_seat(s, f, discarder, P):
        r = f % 9
        for st in range(r - 2, r + 1):
            if st < 0 or st > 6:
                continue
            ok = True
            for j in range(3):
                g = f - r + st + j
                if g != f and c[g] == 0:
                    ok = False
            if ok:
                starts[n_chi] = f - r + st
                n_chi += 1
    return kong_ok, pon_ok, n_chi


@kernel_inline
def may_kong(s, P, c, F, melds):
    """Whether seat s holds a kong it may declare (four of a face, or a pon's
    fourth tile): play_hand asks before the seat's bot is asked."""
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4 and not is_void(s, f, F):
                return True
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON and c[melds[s, i, M_FACE]] >= 1:
                return True
    return False
