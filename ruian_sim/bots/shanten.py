"""Shanten by the bots' reckoning: the lookup tables only, over the shapes the
rules enable (all pungs never beats the standard shape, so it is asked only
where the standard shape is off).  The tables cap the wild's face at the
table cap, so at two rare edges (a 白板 stand-in with wilds crowding the
wild's face) this can be one off; the win test (hand/complete.py) is exact.

Every bot and the opening (each seat's shanten after the deal) read it."""

from ..hand.kernels import ep_distance, ep_totals, group_distance, three_distance
from ..hand.layout import BIG, HS_EIGHT, HS_M, HS_PUNGS, HS_STANDARD, HS_THREE, MODE_TABLE
from ..jit import kernel, kernel_inline
from ..table.layout import F_CHIS, F_NMELD, F_NTILES, F_SHANTEN, F_W
from ..table.seat import add_face, remove_face
from .acceptance import _best


@kernel
def bot_shanten(c, ky, w, held, nm, chis, capx, hs, tabs, buf):
    """Shanten for a hand of ``held`` tiles, ``nm`` melds aside."""
    tsuit, thon, psuit, phon = tabs.suit, tabs.honor, tabs.suit_pungs, tabs.honor_pungs
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
def current_shanten(s, rules, seats, work):
    cnt, keys, F, capx = seats.cnt, seats.keys, seats.F, seats.capx
    return bot_shanten(cnt[s], keys[s], F[s, F_W], F[s, F_NTILES], F[s, F_NMELD], F[s, F_CHIS], capx[s], rules.hs,
                       rules.tabs, work.buf)


@kernel
def shanten_after(s, f, n_remove, extra_melds, rules, seats, work, faces2):
    """Shanten of seat s with n_remove tiles of face f (or, for a chi, the
    two faces in ``faces2``) set aside into ``extra_melds`` new melds."""
    pw = rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    if f >= 0:
        for _ in range(n_remove):
            remove_face(s, f, cnt, keys, F, pw)
    else:
        remove_face(s, faces2[0], cnt, keys, F, pw)
        remove_face(s, faces2[1], cnt, keys, F, pw)
    F[s, F_NMELD] += extra_melds
    sh = current_shanten(s, rules, seats, work)
    F[s, F_NMELD] -= extra_melds
    if f >= 0:
        for _ in range(n_remove):
            add_face(s, f, cnt, keys, F, pw)
    else:
        add_face(s, faces2[0], cnt, keys, F, pw)
        add_face(s, faces2[1], cnt, keys, F, pw)
    return sh


@kernel_inline
def chi_shanten(s, start, f, rules, seats, work, faces2):
    """Seat s's shanten after a chi of f in the run from ``start``."""
    k = 0
    for j in range(3):
        g = start + j
        if g != f:
            faces2[k] = g
            k += 1
    return shanten_after(s, -1, 0, 1, rules, seats, work, faces2)


@kernel
def settle_shanten(s, f, sh, rules, seats, work):
    """Leave F[s, F_SHANTEN] at the shanten of seat s's hand once face f (-1: a
    wild) is gone: ``sh`` as the bot counted it, asked again of bot_shanten
    where that count may differ (a wild thrown; the standard shape off)."""
    F = seats.F
    F[s, F_SHANTEN] = sh
    if f < 0 or rules.hs[HS_STANDARD] == 0:
        remove_face(s, f, seats.cnt, seats.keys, F, rules.pw)
        F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
        add_face(s, f, seats.cnt, seats.keys, F, rules.pw)
