"""What a win the smart bot's hand could become would pay it: a *projected
reading* of the hand, valued by the played table itself.

A target (bots/smart/patterns.py) is a restriction of the hand; its projected
reading is the melds the seat shows, the pungs it holds in the target's tile
groups (concealed), a pair it holds there, then plain melds of the fill suit;
with the seat's own facts (dealer, winds, flowers, wilds, concealed or not).
``gain`` applies the table (items, value formula, gate, cap: the kernels the
records use) against each payer; ``worth`` weighs self-drawn and discard wins
and remembers the answer by the reading, since a hand's projections change
slowly between decisions.  Everything read is the seat's own.
"""

import numpy as np

from ...hand.kernels import GROUP_OF
from ...hand.layout import HS_M, N_FACES, SHAPE_EIGHT
from ...jit import kernel, kernel_inline
from ...scoring.kernels import fill_vars, formula, item_parts
from ...scoring.routes import route_parts
from ...scoring.layout import (
    FV_ASIDE,
    FV_CONCEALED,
    FV_DEALER,
    FV_FACTS,
    FV_FLOWER_BITS,
    FV_HARD,
    FV_HELD,
    FV_KONGS,
    FV_MELD,
    FV_PAIR,
    FV_ROUND_WIND,
    FV_SEAT_WIND,
    FV_SHAPES,
    FV_STREAK,
    FV_WILDS,
    FV_WON,
    MELD_CHI,
    MELD_PUNG,
    N_MELDS,
    OUT_W,
    STACK_ERR,
)
from ...table.layout import (
    EP_SEATS,
    F_ASIDE,
    F_FLOWER_BITS,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_NMELD,
    F_OPEN,
    F_W,
    FACT_DISCARD,
    FACT_SELF_DRAWN,
    FACT_WAITS_ANY,
    H_DEALER,
    H_ROUND,
    H_STREAK,
    H_WINNERS,
    M_FACE,
    M_FROM,
    M_TYPE,
    MAX_MELDS,
)
from ...table.seat import suit_facts
from ...table.win_facts import held_faces
from ...table.programs import M_CAP, M_GATE, M_OTHER, M_PAYERS, PAY_DISCARDER, ROUTE

# a target row (values.targets[1 + t])
TG_GROUPS = 0      # bit g: the hand may hold tiles of group g (m, p, s, honors)
TG_PUNGS = 1       # 1: pungs only
TG_FACTS = 2       # FACT_* bits a hand completed this way has
TG_SHAPES = 3      # shape bits it has beside the standard shape
TG_FILL = 4        # the suit group the projection fills melds with (-1: the target's own, 3: honors)
TG_W = 6
MAX_TARGETS = 16
# the header, values.targets[0]
TH_N = 0           # targets
TH_MELDS = 1       # 1: the items look at melds or the pair (pairs may become valued pungs)
TH_RELATIONS = 2   # 1: an item pays for melds together (a relation): the reading is the hand's own melds

SELF_DRAW_SHARE = 0.35   # as smart.py: of wins, roughly
# A projected reading knows nothing of its wait.  Where the gate refuses it and
# the hand holds a wild, the hand may still win by keeping a wild alone and
# waiting on every tile (爆头): gain values it as that.  Only where the gate
# refused, so a table whose gate reads no wait is valued as before.  On a
# Hangzhou gate `self_drawn and (wilds == 0 or waits_any)` this took smart's
# draw rate from 61% to 30% (greedy: 23%).
# ``varied`` fill (smart's ``fill``): melds of the fill suit no two of which a table pays for
# together: no two alike, none three apart (连六), none six apart (老少副), no three evenly
# spaced (三步高): 2-3-4, 3-4-5, 7-8-9 (ranks 0-8, a chow by its lowest), then a pung of 5;
# pungs 5, 2, 8, 7 where the target is pungs
FILL_CHOWS = (1, 2, 6)
FILL_VARIED = 1
FILL_OWN = 2
FILL_PUNGS = (4, 1, 7, 6)
MEMO = 16384             # the memo of what a projected reading is worth (values.memo_*), direct-mapped


@kernel
def projected(s, t, mode, rules, seats, table, values, fv):
    """The projected reading of seat s's hand completed as target t (t < 0:
    the plain hand) into fv, its route facts left to ``gain``: the melds it
    shows, the pungs it holds in the target's groups (concealed), a pair it
    holds there, then plain melds of the fill suit (pungs for a pungs target):
    a run of 4-5-6 or a pung of 5, simples, or a wind that is neither the
    seat's nor the round's.  ``mode``: FILL_VARIED, FILL_CHOWS and FILL_PUNGS
    in turn; FILL_OWN, the hand's own melds first (_held_melds), as under a
    table that pays for melds together."""
    P, hs = rules.P, rules.hs
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    H = table.H
    n = P[EP_SEATS]
    c = cnt[s]
    groups, pungs, facts, extra, fill = 15, 0, suit_facts(s, seats), 0, -1
    if t >= 0:
        tg = values.targets[1 + t]
        groups, pungs, facts, extra, fill = tg[TG_GROUPS], tg[TG_PUNGS], tg[TG_FACTS], tg[TG_SHAPES], tg[TG_FILL]
    for i in range(fv.shape[0]):
        fv[i] = 0
    w = F[s, F_W]
    fv[FV_SHAPES] = 1 | extra | (4 if pungs == 1 else 0)
    fv[FV_FACTS] = facts
    fv[FV_WILDS] = w
    fv[FV_HARD] = 1 if w == 0 else 0
    fv[FV_STREAK] = H[H_STREAK]
    fv[FV_DEALER] = 1 if H[H_DEALER] == s else 0
    fv[FV_KONGS] = F[s, F_KONG_EXP] + F[s, F_KONG_ADD] + F[s, F_KONG_CON]
    fv[FV_FLOWER_BITS] = F[s, F_FLOWER_BITS]
    fv[FV_ASIDE] = F[s, F_ASIDE]
    seat_wind = (s - H[H_DEALER] + n) % n
    fv[FV_SEAT_WIND] = seat_wind
    fv[FV_ROUND_WIND] = H[H_ROUND] % 4
    open_ = F[s, F_OPEN] > 0
    fv[FV_CONCEALED] = 0 if open_ else 1
    fv[FV_WON] = 1
    M = hs[HS_M]
    m = 0
    for i in range(min(F[s, F_NMELD], MAX_MELDS)):
        if m < N_MELDS:
            fv[FV_MELD + m] = (melds[s, i, M_TYPE] + 1) + 8 * (1 if melds[s, i, M_FROM] < 0 else 0) \
                + 16 * melds[s, i, M_FACE]
        m += 1
    best = fill
    most = -1
    pair = 0
    own = (values.targets[0, TH_RELATIONS] == 1 or mode & FILL_OWN != 0) and pungs == 0
    varied = mode & FILL_VARIED != 0
    for f in range(N_FACES):
        g = GROUP_OF[f]
        if (groups >> g) & 1 == 0:
            continue
        if c[f] >= 3 and m < M:
            if m < N_MELDS:
                fv[FV_MELD + m] = MELD_PUNG + 8 + 16 * f
            m += 1
        elif c[f] == 2 and pair == 0 and not own:
            pair = 1 + f
        if fill < 0 and g < 3 and f % 9 == 0:
            held = 0
            for r in range(9):
                held += c[f + r]
            if held > most:
                most = held
                best = g
    if best < 0:
        best = 3
    if own:
        # the arrangement search's scratch: it lives within one valuation (valuation._arranged), never
        # across a bot's decision
        m, pair = _held_melds(c, groups, m, M, fv, values.asc)
    fv[FV_PAIR] = pair
    real = m
    face = best * 9 + 3
    if best == 3:
        for wd in range(4):
            if wd != seat_wind and wd != H[H_ROUND] % 4:
                face = 27 + wd
                break
    j = 0
    while m < M:
        if m < N_MELDS:
            if pungs == 1 or best == 3:
                low = face + 1 if best < 3 else face
                if varied and best < 3:
                    low = best * 9 + FILL_PUNGS[min(j, len(FILL_PUNGS) - 1)]
                fv[FV_MELD + m] = MELD_PUNG + (0 if open_ else 8) + 16 * low
            else:
                low = face
                if varied:
                    low = best * 9 + FILL_CHOWS[min(j, len(FILL_CHOWS) - 1)]
                    if j >= len(FILL_CHOWS):   # a fourth: a pung of a simple the chows leave
                        low = -1
                fv[FV_MELD + m] = MELD_CHI + 8 + 16 * low if low >= 0 else MELD_PUNG + 8 + 16 * (best * 9 + 4)
        m += 1
        j += 1
    if pair == 0:
        # a complete reading has a pair: of the fill's face where the hand holds none (a reading
        # with no tiles read at all would pass every `tiles: {only: ...}` an item asks)
        fv[FV_PAIR] = 1 + (face + 1 if best < 3 and pungs == 0 else face)
    return real


@kernel
def _held_melds(c, groups, m, M, fv, r):
    """Under a table that pays for melds together, the reading is the hand's
    own: after its pungs (taken by the caller), the chows it holds, then a
    pair, then each two tiles a meld short completed (12 -> 123, 13 -> 123,
    a second pair -> a pung), so that a discard breaking a chow the table
    pays for lowers the hand's worth.  Returns the melds read and the pair
    (1 + face, 0: none yet).  ``r``: scratch of N_FACES."""
    for f in range(N_FACES):
        r[f] = 0
        if (groups >> GROUP_OF[f]) & 1 != 0:
            r[f] = c[f] - 3 if c[f] >= 3 else c[f]
    for f in range(27):   # chows held
        while f % 9 <= 6 and r[f] > 0 and r[f + 1] > 0 and r[f + 2] > 0 and m < M:
            if m < N_MELDS:
                fv[FV_MELD + m] = MELD_CHI + 8 + 16 * f
            m += 1
            r[f] -= 1
            r[f + 1] -= 1
            r[f + 2] -= 1
    pair = 0
    for f in range(N_FACES):
        if r[f] >= 2:
            pair = 1 + f
            r[f] -= 2
            break
    for f in range(N_FACES):   # two tiles a meld short, completed
        while r[f] > 0 and m < M:
            if r[f] >= 2:
                low, kind = f, MELD_PUNG
                r[f] -= 2
            elif f < 27 and f % 9 <= 7 and r[f + 1] > 0:
                low, kind = (f if f % 9 <= 6 else f - 1), MELD_CHI
                r[f] -= 1
                r[f + 1] -= 1
            elif f < 27 and f % 9 <= 6 and r[f + 2] > 0:
                low, kind = f, MELD_CHI
                r[f] -= 1
                r[f + 2] -= 1
            else:
                break
            if m < N_MELDS:
                fv[FV_MELD + m] = kind + 8 + 16 * low
            m += 1
    if pair == 0:
        for f in range(N_FACES):   # a single held becomes the pair
            if r[f] > 0:
                pair = 1 + f
                break
    return m, pair


@kernel
def gain(s, fv, self_drawn, rules, table, values):
    """What a win with reading fv brings seat s: the value formula against each
    payer (the pair's base, the dealer's when it is one of them), capped, 0 if
    the gate refuses it; on a discard the discarder alone pays (as an average
    seat) where the rules say so."""
    prog = values.prog
    fv[FV_FACTS] = (fv[FV_FACTS] & ~(FACT_SELF_DRAWN | FACT_DISCARD)) | (FACT_SELF_DRAWN if self_drawn
                                                                        else FACT_DISCARD)
    item_parts(fv, values.tab, values.parts, prog.scratch, prog.stack)
    return paid(s, fv, values.parts, self_drawn, rules, table, values)


@kernel
def paid(s, fv, parts, self_drawn, rules, table, values):
    """gain() of a reading whose items' parts are in ``parts`` (item_parts
    for this route)."""
    P = rules.P
    H = table.H
    tab, prog = values.tab, values.prog
    vcode, vconsts, gcode, gconsts = prog.value_code, prog.value_consts, prog.gate_code, prog.gate_consts
    vars_, stack, bases, misc = prog.vars, prog.stack, prog.bases, prog.misc
    n = P[EP_SEATS]
    fv[FV_FACTS] = (fv[FV_FACTS] & ~(FACT_SELF_DRAWN | FACT_DISCARD)) | (FACT_SELF_DRAWN if self_drawn
                                                                        else FACT_DISCARD)
    waits_any = False   # set here for the gate, taken back before returning
    if misc[M_GATE] == 1:
        fill_vars(fv, parts, tab, misc[M_OTHER], 0, 0, vars_)
        if formula(gcode, gconsts, vars_, stack) == 0:
            stack[STACK_ERR] = 0
            if fv[FV_WILDS] == 0 or fv[FV_FACTS] & FACT_WAITS_ANY:
                return 0.0
            fv[FV_FACTS] |= FACT_WAITS_ANY
            item_parts(fv, tab, parts, prog.scratch, prog.stack)
            fill_vars(fv, parts, tab, misc[M_OTHER], 0, 0, vars_)
            if formula(gcode, gconsts, vars_, stack) == 0:
                fv[FV_FACTS] &= ~FACT_WAITS_ANY
                stack[STACK_ERR] = 0
                return 0.0
            waits_any = True
    d = H[H_DEALER]
    k = min(max(H[H_STREAK] - 1, 0), bases.shape[0] - 1)
    total = 0.0
    for i in range(1, n):
        p = (s + i) % n
        if (H[H_WINNERS] >> p) & 1:
            continue   # it won and left the hand: it pays nothing more
        base = bases[k] if (s == d or p == d) else misc[M_OTHER]
        fill_vars(fv, parts, tab, base, 1 if p == d else 0, 0, vars_)
        v = formula(vcode, vconsts, vars_, stack)
        if misc[M_CAP] > 0 and v > misc[M_CAP]:
            v = misc[M_CAP]
        total += v
    stack[STACK_ERR] = 0   # a bot's estimate: a formula that fails here fails in play, where it is reported
    if not self_drawn and misc[M_PAYERS] == PAY_DISCARDER:
        total /= n - 1
    if waits_any:
        fv[FV_FACTS] &= ~FACT_WAITS_ANY
    return total


@kernel
def worth(s, fv, ref, vw, short, rules, table, values):
    """A win's gain weighed over self-drawn and discard wins, each way's gain
    weighted (_weighted: ``ref``, ``vw``) before the two are averaged, so that
    where every win counts alike (weight 0) a reading the gate passes only
    self-drawn counts for the share of wins that come so.  Remembered by the
    reading (a hash of every slot of fv the table may read: the melds and the
    pair only where it reads them, values.pattern_targets), since a hand's
    projections change slowly from one decision to the next: the gain depends
    on fv alone (the seat's role is in it: dealer, winds, streak), on who is
    left to pay once a winner has left the hand (end.after_wins), and on the
    weighing.  ``short``: a way of winning the gate refuses counts as this
    share of ``ref`` (a hand short of a minimum may still grow to pass it)."""
    h = np.uint64(14695981039346656037)
    melds = values.targets[0, TH_MELDS] == 1
    for i in range(fv.shape[0]):
        if not melds and (i == FV_PAIR or FV_MELD <= i < FV_MELD + N_MELDS):
            continue   # a table that reads no meld and no pair: readings that differ there are worth the same
        h = (h ^ np.uint64(fv[i] & 0xFFFFFFFF)) * np.uint64(1099511628211)
    out = table.H[H_WINNERS]
    if out != 0:
        h = (h ^ np.uint64(out | (s << 16) | (table.H[H_DEALER] << 24))) * np.uint64(1099511628211)
    h = (h ^ np.uint64(np.int64(ref * 4096.0) & 0xFFFFFFFFFF)) * np.uint64(1099511628211)
    h = (h ^ np.uint64(np.int64(vw * 4096.0) | (np.int64(short * 4096.0) << 16))) * np.uint64(1099511628211)
    key = np.int64(h >> np.uint64(1)) | 1
    i = np.int64(h & np.uint64(MEMO - 1))
    if values.memo_keys[i] == key:
        return values.memo_vals[i]
    # the items counted once for both ways the win may come (scoring/routes.py)
    parts = values.parts
    prog = values.prog
    on_discard = parts[ROUTE:ROUTE + OUT_W]
    route_parts(fv, values.tab, parts, on_discard, prog.scratch, prog.stack)
    a = paid(s, fv, parts, True, rules, table, values)
    b = paid(s, fv, on_discard, False, rules, table, values)
    if vw == 1.0 and short == 0.0:   # the same either way; this order keeps the last bit of play as it was
        v = _weighted(SELF_DRAW_SHARE * a + (1.0 - SELF_DRAW_SHARE) * b, ref, vw)
    else:
        wa = _weighted(a, ref, vw) if a > 0.0 or short == 0.0 else short * ref
        wb = _weighted(b, ref, vw) if b > 0.0 or short == 0.0 else short * ref
        v = wa if wa == wb else SELF_DRAW_SHARE * wa + (1.0 - SELF_DRAW_SHARE) * wb
    values.memo_keys[i] = key
    values.memo_vals[i] = v
    return v


@kernel
def pairs_worth(s, ref, vw, short, rules, seats, table, values):
    """What an eight-pairs win brings seat s under the table (the seat's own
    facts, no melds), weighed as the targets are.  Needs patterns.plan(): its
    plain reading (values.rows[0]) holds the seat's facts, with the route bits
    gain() left in it cleared."""
    fv = values.rows[1]
    plain = values.rows[0]
    for i in range(fv.shape[0]):
        fv[i] = plain[i]
    fv[FV_FACTS] &= ~(FACT_SELF_DRAWN | FACT_DISCARD)
    fv[FV_SHAPES] = SHAPE_EIGHT
    fv[FV_PAIR] = 0
    for m in range(N_MELDS):
        fv[FV_MELD + m] = 0
    # a pairs hand is read as its tiles (scoring.kernels.reading_faces): the ones it holds now
    fv[FV_HELD] = held_faces(s, seats)
    return worth(s, fv, ref, vw, short, rules, table, values)


@kernel_inline
def _weighted(v, ref, weight):
    """As smart.weighted: a value's spread from a plain win scaled by ``weight``."""
    if ref <= 0 or v <= 0:
        return v
    return ref * (v / ref) ** weight


@kernel_inline
def ceiling(ref, weight):
    """The most a value weighed by _weighted can be: ``ref`` where every win
    counts alike (weight 0), else no bound."""
    return ref if weight == 0.0 and ref > 0 else np.inf
