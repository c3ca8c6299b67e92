"""What one reading of a hand holds, as the scoring table's conditions ask it:
a fact's value (a slot, a bit, a count of melds that pass a filter, the
faces' ranges and suits), the classes of a face, a meld's or a pair's match
against a filter.  Compiled; nothing allocates (scoring/kernels.py calls
these for every condition of every item).
"""

from __future__ import annotations

from ..jit import kernel
from . import layout as S


@kernel
def face_classes(face, seat_wind, round_wind):
    """CLASS_* bits of a pung's or pair's face (for a chi, of its lowest face)."""
    if face >= S.HONOR_BASE:
        c = S.CLASS_HONOR
        h = face - S.HONOR_BASE
        if h < 4:
            c |= S.CLASS_WIND
            if h == seat_wind:
                c |= S.CLASS_SEAT_WIND
            if h == round_wind:
                c |= S.CLASS_ROUND_WIND
        else:
            c |= S.CLASS_DRAGON
            c |= S.CLASS_WHITE_DRAGON if h == 4 else (S.CLASS_GREEN_DRAGON if h == 5 else S.CLASS_RED_DRAGON)
        return c
    rank = face % 9
    return S.CLASS_TERMINAL if rank == 0 or rank == 8 else S.CLASS_SIMPLE


@kernel
def _meld_matches(code, fv, tab, f):
    kind = code % 8
    if (tab[f + S.FL_KINDS] >> kind) & 1 == 0:
        return False
    conc = (code // S.MELD_CONCEALED) % 2
    if tab[f + S.FL_CONCEALED] >= 0 and conc != tab[f + S.FL_CONCEALED]:
        return False
    wilds = code // S.MELD_WILDS
    if wilds < tab[f + S.FL_WMIN] or wilds > tab[f + S.FL_WMAX]:
        return False
    cls = tab[f + S.FL_CLASSES]
    neg = tab[f + S.FL_NOT]
    if cls != 0 or neg != 0:
        face = (code // S.MELD_FACE) % 64
        if kind == S.MELD_CHI or kind == S.MELD_KNITTED:
            # a chi is terminal when it holds a 1 or a 9 (123, 789), simple otherwise
            r = face % 9
            got = S.CLASS_TERMINAL if r == 0 or (r == 6 and kind == S.MELD_CHI) else S.CLASS_SIMPLE
        else:
            got = face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND])
        if (cls != 0 and got & cls == 0) or got & neg != 0:
            return False
    return True


@kernel
def _pair_matches(fv, tab, f):
    """Whether the reading's pair matches filter row f, or, for a loser read
    on its concealed hand (table/losers.py), any of its pairs does."""
    code = fv[S.FV_PAIR]
    if code <= 0:
        return False
    if _one_pair_matches(fv, tab, f, (code - 1) % S.PAIR_WILDS, (code - 1) // S.PAIR_WILDS):
        return True
    if fv[S.FV_WON] != 0:
        return False   # a winner's reading has one pair: only a loser's holds more (MELD_PAIR)
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and code % 8 == S.MELD_PAIR and _one_pair_matches(fv, tab, f, (code // S.MELD_FACE) % 64,
                                                                        code // S.MELD_WILDS):
            return True
    return False


@kernel
def _one_pair_matches(fv, tab, f, face, wilds):
    if wilds < tab[f + S.FL_WMIN] or wilds > tab[f + S.FL_WMAX]:
        return False
    got = face_classes(face, fv[S.FV_SEAT_WIND], fv[S.FV_ROUND_WIND])
    cls = tab[f + S.FL_CLASSES]
    return (cls == 0 or got & cls != 0) and got & tab[f + S.FL_NOT] == 0


@kernel
def popcount(x):
    n = 0
    while x > 0:
        n += x & 1
        x >>= 1
    return n


@kernel
def meld_faces(code):
    """Bit f for each face meld ``code`` holds."""
    kind = code % 8
    face = (code // S.MELD_FACE) % 64
    if kind == S.MELD_CHI:
        return 7 << face
    if kind == S.MELD_KNITTED:
        return (1 << face) | (1 << (face + 3)) | (1 << (face + 6))
    return 1 << face


@kernel
def reading_faces(fv):
    """Bit f for each face the reading holds: its melds' and its pair's where it
    has a pair (every tile of a standard reading is in one, a wild standing for
    the face it plays as), else the hand's natural tiles (FV_HELD: wilds aside),
    as for a loser, whose reading leaves tiles single."""
    if fv[S.FV_PAIR] <= 0 or fv[S.FV_WON] == 0:
        return fv[S.FV_HELD]
    faces = 1 << ((fv[S.FV_PAIR] - 1) % S.PAIR_WILDS)
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0:
            faces |= meld_faces(code)
    return faces


@kernel
def _longest_run(faces):
    best = 0
    for g in range(3):
        run = 0
        for r in range(9):
            if (faces >> (9 * g + r)) & 1:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return best


@kernel
def _each_holds(fv, mask):
    """Whether every meld and the pair of the reading holds a face of ``mask``
    (never for a loser, whose reading leaves tiles single)."""
    if fv[S.FV_PAIR] <= 0 or fv[S.FV_WON] == 0:
        return 0
    if (1 << ((fv[S.FV_PAIR] - 1) % S.PAIR_WILDS)) & mask == 0:
        return 0
    for m in range(S.N_MELDS):
        code = fv[S.FV_MELD + m]
        if code > 0 and meld_faces(code) & mask == 0:
            return 0
    return 1


# faces of each group: the three suits, the winds, the dragons
GROUP_MASKS = ((1 << 9) - 1, ((1 << 9) - 1) << 9, ((1 << 9) - 1) << 18, 15 << 27, 7 << 31)


@kernel
def fact_value(fv, tab, op, slot, arg):
    """One fact or count read from a fact vector (layout OP_*)."""
    if op == S.OP_SLOT:
        return fv[slot]
    if op == S.OP_BIT:
        return (fv[slot] >> arg) & 1
    if op == S.OP_NONZERO:
        return 1 if fv[slot] != 0 else 0
    if op == S.OP_POPCOUNT:
        return popcount(fv[slot])
    if op == S.OP_OWN_FLOWERS:
        n = 0
        bits = fv[S.FV_FLOWER_BITS]
        for k in range(8):
            if (bits >> k) & 1 and k % 4 == fv[S.FV_SEAT_WIND]:
                n += 1
        return n
    if op == S.OP_MELDS:
        n = 0
        f = tab[S.T_FILTERS] + arg * S.FILT_W
        for m in range(S.N_MELDS):
            code = fv[S.FV_MELD + m]
            if code > 0 and _meld_matches(code, fv, tab, f):
                n += 1
        return n
    if op == S.OP_PAIR:
        return 1 if _pair_matches(fv, tab, tab[S.T_FILTERS] + arg * S.FILT_W) else 0
    if op == S.OP_WAIT:
        return (arg >> fv[S.FV_WAIT]) & 1
    if op == S.OP_MELD_KINDS:
        n = 0
        for m in range(S.N_MELDS):
            code = fv[S.FV_MELD + m]
            if code > 0 and (arg >> (code % 8)) & 1:
                n += 1
        return n
    if op == S.OP_POPMASK:
        return popcount(fv[slot] & arg)
    if op == S.OP_PAIR_WILDS:
        return (fv[S.FV_PAIR] - 1) // S.PAIR_WILDS if fv[S.FV_PAIR] > 0 else 0
    if op == S.OP_FACES_ONLY:
        return 1 if fv[S.FV_FACES] & ~arg == 0 else 0
    if op == S.OP_FACES_COUNT:
        return popcount(fv[S.FV_FACES] & arg)
    if op == S.OP_FACES_ALL:
        return 1 if fv[S.FV_FACES] & arg == arg else 0
    if op == S.OP_GROUPS:
        n = 0
        for g in range(5):
            if (arg >> g) & 1 and fv[S.FV_FACES] & GROUP_MASKS[g] != 0:
                n += 1
        return n
    if op == S.OP_EACH:
        return _each_holds(fv, arg)
    if op == S.OP_RUN:
        return _longest_run(fv[S.FV_FACES])
    if op == S.OP_SUIT_KEY:
        return 1 if fv[S.FV_SUIT_KEY] == arg else 0
    if op == S.OP_HAS_SET:
        at = tab[S.T_SETS] + arg
        for j in range(tab[at]):
            mask = tab[at + 1 + j]
            if fv[S.FV_FACES] & mask == mask:
                return 1
        return 0
    return 1  # OP_ONE (OP_FORMULA and OP_TOGETHER: item_parts)
