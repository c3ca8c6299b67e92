"""What a seat that did not win is worth (its ``hand``, which pairwise settlement reads).

By default (``scoring.read_losers: shown``) a loser is valued on what it
shows: its melds set aside.  The 台 game's server reads the concealed hand
too (RuianMajiangJiesuanCalculator.calculateBestScoreForBuhuPlayer): every
way of reading the tiles held as pungs, pairs and singles, wilds standing in
them, is scored and the best kept, so a loser's concealed pung of 中 is a 台
and its pair of the seat wind 2 胡.  ``read_losers: concealed`` does that
here, for any table: an exact search over the concealed tiles.

A reading is written into the fact vector as the winner's is: the concealed
pungs after the melds set aside (FV_MELD), the first pair in FV_PAIR; a
loser may hold several pairs, and the others go into the free meld slots as
MELD_PAIR codes, which no meld filter matches and the pair filters read
(scoring/reading_facts._pair_matches).  The record keeps the reading like a
winner's, so a record re-scores exactly as the engine valued it.

The search, face by face from the lowest, takes one of OPTIONS at each (the
naturals of a face are all held, so the wilds standing for it may not push it
past the hand's cap, as in a winner's reading), and at the end lets the wilds
left make a pung of their own kind and a pair (their own kind or, with
``wild.pair_alone: any``, any kind in play; their own kind only where a wild
may play it, so not a kind otherwise laid aside: the server's wilds never
play 白板).  A pung has at most
``wild.max_in_pung`` wilds standing for another kind.  Chows are not formed:
they pay a loser nothing in any table that reads losers this way (the
server forms them, to no effect).  Readings of more groups than the fact
vector holds (its five meld slots and the pair) are not formed: their tiles
are left single, which the search also tries, so the best reading is kept
whenever a group adds to a loser's value rather than taking from it.  The
walk is bounded (MAX_STEPS, far above the few thousand nodes of a hand of
three wilds); past it the hand is an engine error (ERR_READINGS), never a
silently partial answer.
"""

from ..hand.layout import HS_PAIR_ANY
from ..jit import kernel
from ..scoring.arrange import meld_code, pair_code
from ..scoring.layout import FV_MELD, FV_PAIR, MELD_PAIR, MELD_PUNG, PAIR_WILDS
from ..scoring.layout import N_MELDS as FV_N_MELDS
from .layout import ERR_READINGS, F_NMELD, F_W, H_ASIDE_OFF, H_ERROR, H_WK, MAX_MELDS
from .programs import BEST, M_READ_LOSERS
from .valuation import _keep, formula_failed, hand_value, max_in_pung
from .win_facts import seat_facts

# options at one face: (naturals, wilds) of a pung, then of a pair; -1: none
N_OPTIONS = 8
OPT_PUNG_N = (-1, 3, 2, 1, -1, -1, 3, 2)
OPT_PUNG_W = (0, 0, 1, 2, 0, 0, 0, 1)
OPT_PAIR_N = (-1, -1, -1, -1, 2, 1, 1, 2)
OPT_PAIR_W = (0, 0, 0, 0, 0, 1, 1, 0)
# the search's scratch (values.asc): per face the option taken, the meld
# slot, the pair and the wilds left before it; then the step count
L_OPT, L_SLOT, L_PAIR, L_WILDS, L_STEPS = 0, 34, 68, 102, 136
MAX_STEPS = 5_000_000


@kernel
def loser_reading(s, rules, seats, table, values):
    """Seat s, which did not win, valued into ``values.best`` and
    ``values.parts``: on what it shows, or (``read_losers: concealed``) on
    its best reading of the concealed hand too."""
    prog = values.prog
    if prog.misc[M_READ_LOSERS] == 0:
        seat_facts(s, False, 0, 0, 0, rules, seats, table, values.best)
        hand_value(values.best, values.tab, prog, values.parts)
    else:
        _best_concealed(s, rules, seats, table, values)
    formula_failed(prog, table)


@kernel
def _put_pair(row, code, k):
    """A pair into the reading: FV_PAIR if free, else meld slot k (a MELD_PAIR).
    Returns the slots it took (0 or 1), -1 when none is free."""
    if row[FV_PAIR] == 0:
        row[FV_PAIR] = code
        return 0
    if k >= FV_N_MELDS:
        return -1
    row[FV_MELD + k] = meld_code(MELD_PAIR, 0, (code - 1) % PAIR_WILDS, (code - 1) // PAIR_WILDS)
    return 1


@kernel
def _leaves(s, wl, k, wface, row, rules, seats, table, values, found):
    """Value the readings a walk ends in: as it is, then with the wilds left
    making a pung of their own kind and/or a pair.  Returns readings valued."""
    tab, prog, parts, best = values.tab, values.prog, values.parts, values.best
    cnt, capx = seats.cnt, seats.capx
    pair_any = rules.hs[HS_PAIR_ANY]
    n = 0
    # wilds alone stand for their own kind only where a wild may play that kind: not a kind
    # otherwise laid aside (the 台 game's 白板 as the wild; its server's wilds never play 白板)
    own = table.H[H_ASIDE_OFF] != table.H[H_WK]
    for pung in range(2):
        kk = k
        if pung == 1:
            if wl < 3 or kk >= FV_N_MELDS or not own:
                break
            row[FV_MELD + kk] = meld_code(MELD_PUNG, 1, wface, 3)
            kk += 1
        left = wl - 3 * pung
        _keep(row, tab, prog, parts, best, found + n > 0, False)
        n += 1
        if left >= 2:
            saved = row[FV_PAIR]
            for g in range(-1, 34):
                face = wface if g < 0 else g
                if g < 0 and not own:
                    continue
                if g >= 0 and (pair_any == 0 or g == wface or table.face_ok[g] == 0
                               or cnt[s, g] + _wilds_at(values.asc, g) + 2 > capx[s, g]):
                    continue
                took = _put_pair(row, pair_code(face, 2), kk)
                if took < 0:
                    break
                _keep(row, tab, prog, parts, best, found + n > 0, False)
                n += 1
                row[FV_PAIR] = saved
                if took == 1:
                    row[FV_MELD + kk] = 0
        if pung == 1:
            row[FV_MELD + kk - 1] = 0
    return n


@kernel
def _wilds_at(asc, f):
    """Wilds standing for face f in the walk so far (0 past the faces walked)."""
    o = asc[L_OPT + f]
    if o < 0:
        return 0
    return OPT_PUNG_W[o] + OPT_PAIR_W[o]


@kernel
def _best_concealed(s, rules, seats, table, values):
    cnt, capx, F = seats.cnt, seats.capx, seats.F
    asc, row, prog = values.asc, values.rows[1], values.prog
    seat_facts(s, False, 0, 0, 0, rules, seats, table, row)
    wk = table.H[H_WK]
    wface = max(wk, 0)
    held = F[s, F_W] if wk >= 0 else 0
    cap_w = max_in_pung(prog.misc, held)
    k = min(F[s, F_NMELD], MAX_MELDS)
    wl = held
    for f in range(34):
        asc[L_OPT + f] = -1
    found = 0
    steps = 0
    d = 0
    while d >= 0:
        steps += 1
        if steps > MAX_STEPS:
            table.H[H_ERROR] = ERR_READINGS
            break
        if d == 34:
            found += _leaves(s, wl, k, wface, row, rules, seats, table, values, found)
            d -= 1
            continue
        o = asc[L_OPT + d]
        if o >= 0:   # undo the option taken here
            for m in range(asc[L_SLOT + d], k):
                row[FV_MELD + m] = 0
            k, wl, row[FV_PAIR] = asc[L_SLOT + d], asc[L_WILDS + d], asc[L_PAIR + d]
        o += 1
        c = cnt[s, d]
        while o < N_OPTIONS:
            pn, pw, qn, qw = OPT_PUNG_N[o], OPT_PUNG_W[o], OPT_PAIR_N[o], OPT_PAIR_W[o]
            nat = max(pn, 0) + max(qn, 0)
            if o == 0 or (c >= nat and wl >= pw + qw and pw <= cap_w and c + pw + qw <= capx[s, d]
                          and k + (1 if pn >= 0 else 0) + (1 if qn >= 0 and row[FV_PAIR] != 0 else 0)
                          <= FV_N_MELDS):
                break
            o += 1
        if o >= N_OPTIONS:
            asc[L_OPT + d] = -1
            d -= 1
            continue
        asc[L_OPT + d] = o
        asc[L_SLOT + d], asc[L_WILDS + d], asc[L_PAIR + d] = k, wl, row[FV_PAIR]
        if OPT_PUNG_N[o] >= 0:
            row[FV_MELD + k] = meld_code(MELD_PUNG, 1, d, OPT_PUNG_W[o])
            k += 1
        if OPT_PAIR_N[o] >= 0:
            k += _put_pair(row, pair_code(d, OPT_PAIR_W[o]), k)
        wl -= OPT_PUNG_W[o] + OPT_PAIR_W[o]
        d += 1
    parts = values.parts
    for j in range(BEST):
        parts[j] = parts[BEST + j]
