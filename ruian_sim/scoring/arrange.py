"""Every arrangement of a complete hand into melds and a pair (compiled).

A scoring table that counts melds (胡数 per pung, 台 for a pung of dragons,
the wait) needs to know *how* a hand is read, and one hand can often be read
several ways: 111222333m is three pungs or three chis, and a wild may stand
in any meld.  The engine scores every reading and keeps the best
(docs/scoring-language.md §1), so this module lists them all.

A reading is written into a fact vector row (scoring layout FV_*): the hand's
own melds after the exposed ones (FV_MELD), the pair (FV_PAIR) and the wait
(FV_WAIT); every other field is copied from the caller's ``base`` row.

The search is a depth-first walk without recursion (numba kernels may not
allocate): level d forms one meld or the pair from the lowest face still
held, with the options below, and the wilds left at the end stand for
whatever is still missing.  Options at the lowest face f:

    0 pung of 3 naturals   1 pung 2 + 1 wild   2 pung 1 + 2 wilds
    3 pair of 2 naturals   4 pair 1 + 1 wild
    5..16    chi starting at f, f-1 or f-2: faces below f are wilds (no
             natural below f is left), f is natural, and each face above f
             is a natural or a wild (a wild even when one is held: keeping
             that natural for another meld can read better)

A wild stands for a face only while the face has room under the hand's caps
(``caps``: the most tiles of each face the concealed hand may end with, as
the win test reads them), so no reading uses a wild as a fifth copy where
the rules forbid it.

Wilds left over at the end stand for the melds still missing as pungs of
the wild's own kind.  Two left over for the pair are the wild's own kind
too, or, where the rules let a wild pair stand for any kind
(``wild.pair_alone: any``, the 台 game's server), a pair of every face in
play with room for both: one complete walk then gives a set of rows per
face (a *variant*), and a walk whose variants do not fit in ``out`` at once
resumes at its next variant.

The walk is resumable, so no reading is ever dropped: when ``out`` has no
room for the next complete walk, the search saves where it is in the scratch
and returns with ``sc[SC_MORE] = 1``; the caller values the rows and calls
again with ``resume=True``.  The walk is bounded (MAX_STEPS nodes in all, 70
times the most that 20,000 random dense hands of five melds and up to four
wilds took, 28,265: ``sc[SC_ERR] = 1`` past it, which the engine reports as
an error and never as a silently partial answer).
"""

from ..jit import kernel

# the fact vector's fields and the codes of melds and waits (docs/scoring-language.md)
from .layout import (  # noqa: F401 - FV_SIZE for callers
    FV_MELD,
    FV_PAIR,
    FV_SIZE,
    FV_WAIT,
    WAIT_CLOSED,
    WAIT_EDGE,
    WAIT_NONE,
    WAIT_PAIR,
    WAIT_SINGLE,
    WAIT_TWO_SIDED,
)
from .layout import MELD_CHI as KIND_CHI
from .layout import MELD_KONG_ADDED as KIND_KONG_ADDED  # noqa: F401
from .layout import MELD_KONG_CONCEALED as KIND_KONG_CONCEALED  # noqa: F401
from .layout import MELD_KONG_EXPOSED as KIND_KONG_EXPOSED  # noqa: F401
from .layout import MELD_PUNG as KIND_PUNG
from .layout import N_MELDS as FV_N_MELDS

N_OPTIONS = 17
MAX_LEVELS = 8
# scratch layout (int64[ARR_SCRATCH]): counts, room for wilds per face, then
# per level: option, code, three natural faces taken (-1 none), wilds taken,
# 1 for the pair, the faces its wilds stand for (-1 none); then the saved
# walk (depth, wilds left, steps), whether it has more, and the error flag
SC_CNT = 0
SC_ROOM = 34
SC_LEVEL = 68
LV_OPT, LV_CODE, LV_F0, LV_WILDS, LV_PAIR, LV_W0 = 0, 1, 2, 5, 6, 7
LV_SIZE = 10
SC_DEPTH = SC_LEVEL + MAX_LEVELS * LV_SIZE
SC_WL = SC_DEPTH + 1
SC_STEPS = SC_DEPTH + 2
SC_MORE = SC_DEPTH + 3
SC_ERR = SC_DEPTH + 4
SC_VARIANT = SC_DEPTH + 5     # the face of the wild pair the walk resumes at (0: from the start)
SC_MAXW = SC_DEPTH + 6        # the most wilds for another kind in one pung (wild.max_in_pung)
SC_LIMITED = SC_DEPTH + 7     # 1: that limit turned some pung away
ARR_SCRATCH = SC_DEPTH + 8
MAX_STEPS = 2_000_000
MIN_ROWS = MAX_LEVELS + 1     # rows one complete walk may write


@kernel
def meld_code(kind, concealed, face, wilds):
    return kind + 8 * concealed + 16 * face + 1024 * wilds


@kernel
def pair_code(face, wilds):
    return 1 + face + 64 * wilds


@kernel
def _try(opt, f, sc, wl, lv, wface):
    """Take option ``opt`` at face f into level slot ``lv`` (an offset in sc).
    Returns the wilds it uses, -1 when it cannot be taken."""
    c0 = sc[SC_CNT + f]
    for j in range(3):
        sc[lv + LV_F0 + j] = -1
        sc[lv + LV_W0 + j] = -1
    sc[lv + LV_PAIR] = 0
    if opt <= 2:  # pungs: 3 - opt naturals
        nat = 3 - opt
        if c0 < nat or wl < opt or sc[SC_ROOM + f] < opt:
            return -1
        if opt > sc[SC_MAXW] and f != wface:
            sc[SC_LIMITED] = 1   # more wilds for another kind than wild.max_in_pung lets a pung hold
            return -1
        for j in range(nat):
            sc[lv + LV_F0 + j] = f
        for j in range(opt):
            sc[lv + LV_W0 + j] = f
        sc[SC_ROOM + f] -= opt
        sc[lv + LV_CODE] = meld_code(KIND_PUNG, 1, f, opt)
        sc[SC_CNT + f] -= nat
        return opt
    if opt <= 4:  # pairs
        nat = 5 - opt
        if c0 < nat or wl < opt - 3 or sc[SC_ROOM + f] < opt - 3:
            return -1
        for j in range(nat):
            sc[lv + LV_F0 + j] = f
        for j in range(opt - 3):
            sc[lv + LV_W0 + j] = f
        sc[SC_ROOM + f] -= opt - 3
        sc[lv + LV_CODE] = pair_code(f, opt - 3)
        sc[lv + LV_PAIR] = 1
        sc[SC_CNT + f] -= nat
        return opt - 3
    # chis: suits only, within one suit
    if f >= 27:
        return -1
    idx = opt - 5
    below = idx // 4          # how far the chi starts below f
    mask = idx % 4            # bit j: the j-th face above f is a wild even if held
    low = f - below
    if low < (f // 9) * 9 or low % 9 > 6 or mask >= (1 << (2 - below)):
        return -1
    wilds = 0
    for j in range(3):
        g = low + j
        if g < f:
            wilds += 1
            sc[lv + LV_W0 + j] = g
        elif g == f:
            sc[lv + LV_F0 + j] = f
        elif (mask >> (g - f - 1)) & 1 == 0 and sc[SC_CNT + g] > 0:
            sc[lv + LV_F0 + j] = g
        elif (mask >> (g - f - 1)) & 1 == 1 and sc[SC_CNT + g] > 0:
            wilds += 1
            sc[lv + LV_W0 + j] = g
        else:
            # not held: a wild, and the same reading as the mask with this bit set
            if (mask >> (g - f - 1)) & 1 == 0:
                wilds += 1
                sc[lv + LV_W0 + j] = g
            else:
                wilds = 99
    ok = wilds <= wl
    for j in range(3):
        g = sc[lv + LV_W0 + j]
        if g >= 0 and sc[SC_ROOM + g] < 1:
            ok = False   # a wild may not stand for a face the hand holds to its cap
    if not ok:
        for j in range(3):
            sc[lv + LV_F0 + j] = -1
            sc[lv + LV_W0 + j] = -1
        return -1
    for j in range(3):
        g = sc[lv + LV_F0 + j]
        if g >= 0:
            sc[SC_CNT + g] -= 1
        g = sc[lv + LV_W0 + j]
        if g >= 0:
            sc[SC_ROOM + g] -= 1
    sc[lv + LV_CODE] = meld_code(KIND_CHI, 1, low, wilds)
    return wilds


@kernel
def _undo(sc, lv):
    for j in range(3):
        g = sc[lv + LV_F0 + j]
        if g >= 0:
            sc[SC_CNT + g] += 1
        sc[lv + LV_F0 + j] = -1
        g = sc[lv + LV_W0 + j]
        if g >= 0:
            sc[SC_ROOM + g] += 1
        sc[lv + LV_W0 + j] = -1


@kernel
def _wait(code, is_pair, f):
    if is_pair:
        return WAIT_SINGLE
    kind = code % 8
    if kind != KIND_CHI:
        return WAIT_PAIR
    low = (code // 16) % 64
    if f == low + 1:
        return WAIT_CLOSED
    if (f == low + 2 and low % 9 == 0) or (f == low and low % 9 == 6):
        return WAIT_EDGE
    return WAIT_TWO_SIDED


@kernel
def _emit(sc, depth, need, wface, pair_any, pair_faces, f_win, on_discard, base, first_slot, out, n):
    """Write the readings of one complete walk (one per place the winning
    tile can sit, for each face its wild pair may stand for) into out from
    row n, starting at variant ``sc[SC_VARIANT]``.  Returns the new row
    count; ``sc[SC_VARIANT]`` is then 0, or the variant to resume at when
    the next one did not fit."""
    rows = out.shape[0]
    pair = 0
    for d in range(depth):
        lv = SC_LEVEL + d * LV_SIZE
        if sc[lv + LV_PAIR] == 1:
            pair = sc[lv + LV_CODE]
    v = sc[SC_VARIANT]
    sc[SC_VARIANT] = 0
    # the wilds left stand for the melds still missing
    extra = need - (depth - (1 if pair > 0 else 0))
    if pair > 0:
        return _emit_one(sc, depth, extra, wface, pair, f_win, on_discard, base, first_slot, out, n)
    # two wilds left make the pair: the wild's own kind (variant 0, face wface), then, with
    # pair_any, each other face pair_faces lets them stand for where the hand has room for two more
    while v < 35:
        g = wface if v == 0 else v - 1
        if v == 0 or (pair_any == 1 and g != wface and pair_faces[g] == 1 and sc[SC_ROOM + g] >= 2):
            if n + depth + 1 > rows:
                sc[SC_VARIANT] = v
                return n
            n = _emit_one(sc, depth, extra, wface, pair_code(g, 2), f_win, on_discard, base, first_slot,
                          out, n)
        v += 1
    return n


@kernel
def _emit_one(sc, depth, extra, wface, pair, f_win, on_discard, base, first_slot, out, n):
    """The rows of one variant of a complete walk: ``pair`` is its pair's
    code, ``extra`` the pungs of wilds alone (of the wild's own kind)."""
    rows = out.shape[0]
    slot = first_slot
    # where can the winning tile sit: any level holding it as a natural
    for d in range(-1, depth):
        if d == -1:
            if f_win >= 0:
                continue  # a natural winning tile sits in some level
        else:
            if f_win < 0:
                break
            lv = SC_LEVEL + d * LV_SIZE
            held = False
            for j in range(3):
                if sc[lv + LV_F0 + j] == f_win:
                    held = True
            if not held:
                continue
            dup = False  # the same meld (or pair) at an earlier level reads the same
            for e in range(d):
                le = SC_LEVEL + e * LV_SIZE
                # a pair's code and a meld's live in different spaces and can be
                # equal (pair 1p and a concealed pung of 1m are both 10)
                if sc[le + LV_CODE] == sc[lv + LV_CODE] and sc[le + LV_PAIR] == sc[lv + LV_PAIR]:
                    dup = True
            if dup:
                continue
        if n >= rows:
            return n
        for i in range(out.shape[1]):
            out[n, i] = base[i]
        k = slot
        for e in range(depth):
            lve = SC_LEVEL + e * LV_SIZE
            if sc[lve + LV_PAIR] == 1:
                continue
            code = sc[lve + LV_CODE]
            if e == d and on_discard:
                code -= 8  # completed by a discard: not concealed
            if k < FV_N_MELDS:
                out[n, FV_MELD + k] = code
            k += 1
        for e in range(extra):
            if k < FV_N_MELDS:
                out[n, FV_MELD + k] = meld_code(KIND_PUNG, 1, wface, 3)
            k += 1
        out[n, FV_PAIR] = pair
        if d >= 0:
            lv = SC_LEVEL + d * LV_SIZE
            out[n, FV_WAIT] = _wait(sc[lv + LV_CODE], sc[lv + LV_PAIR] == 1, f_win)
        else:
            out[n, FV_WAIT] = WAIT_NONE
        n += 1
    return n


@kernel
def arrangements(cnt, w, need, wface, pair_any, pair_faces, f_win, on_discard, base, first_slot, caps, max_w,
                 sc, out, resume):
    """Readings of the concealed hand ``cnt`` (naturals by face, the winning
    tile included) with ``w`` wilds as ``need`` melds and a pair.  ``f_win``:
    the winning tile's face (-1: a wild or none); ``pair_any`` 1: two wilds
    left for the pair may also stand for each face f with ``pair_faces[f]``
    1 (0: only for the wild's own kind ``wface``); ``first_slot``: meld slots the exposed melds
    fill in ``base``; ``caps[f]``: the most tiles of face f the hand may end
    with; ``max_w``: the most wilds standing for another kind than ``wface``
    in one pung (wild.max_in_pung; ``sc[SC_LIMITED]`` is 1 afterwards when
    that turned a pung away).  Returns the rows written to out; when ``sc[SC_MORE]`` is 1
    afterwards, call again with ``resume`` for the rest."""
    rows = out.shape[0]
    sc[SC_MORE] = 0
    if not resume:
        sc[SC_ERR] = 0
        if need + 1 > MAX_LEVELS or rows < MIN_ROWS:
            sc[SC_ERR] = 1
            return 0
        for f in range(34):
            sc[SC_CNT + f] = cnt[f]
            sc[SC_ROOM + f] = caps[f] - cnt[f]
        for j in range(MAX_LEVELS * LV_SIZE):
            sc[SC_LEVEL + j] = -1
        sc[SC_DEPTH] = 0
        sc[SC_WL] = w
        sc[SC_STEPS] = 0
        sc[SC_VARIANT] = 0
        sc[SC_MAXW] = max_w
        sc[SC_LIMITED] = 0
    depth = sc[SC_DEPTH]
    wl = sc[SC_WL]
    steps = sc[SC_STEPS]
    n = 0
    while depth >= 0:
        steps += 1
        if steps > MAX_STEPS:
            sc[SC_ERR] = 1
            return n
        lv = SC_LEVEL + depth * LV_SIZE
        if sc[lv + LV_OPT] >= 0:
            # back at this level: give back what its last option took
            wl += sc[lv + LV_WILDS]
            _undo(sc, lv)
        f = 0
        while f < 34 and sc[SC_CNT + f] == 0:
            f += 1
        has_pair = 0
        for d in range(depth):
            has_pair += sc[SC_LEVEL + d * LV_SIZE + LV_PAIR]
        made = depth - has_pair
        if f == 34:
            # nothing natural left: the wilds must make up the rest exactly
            if made <= need and wl == 3 * (need - made) + 2 * (1 - has_pair):
                if n + depth + 1 > rows:
                    # no room for this walk's rows: stop here, resume at this very point
                    sc[SC_DEPTH] = depth
                    sc[SC_WL] = wl
                    sc[SC_STEPS] = steps - 1
                    sc[SC_MORE] = 1
                    return n
                n = _emit(sc, depth, need, wface, pair_any, pair_faces, f_win, on_discard, base, first_slot,
                          out, n)
                if sc[SC_VARIANT] != 0:
                    # the walk's next variant did not fit: resume at this very point, at that variant
                    sc[SC_DEPTH] = depth
                    sc[SC_WL] = wl
                    sc[SC_STEPS] = steps - 1
                    sc[SC_MORE] = 1
                    return n
            sc[lv + LV_OPT] = -1
            depth -= 1  # the parent gives back its tiles when it resumes
            continue
        opt = sc[lv + LV_OPT] + 1
        took = -1
        while opt < N_OPTIONS and depth < MAX_LEVELS - 1:
            is_pair = opt == 3 or opt == 4
            if (is_pair and has_pair == 0) or (not is_pair and made < need):
                took = _try(opt, f, sc, wl, lv, wface)
                if took >= 0:
                    break
            opt += 1
        if took < 0:
            sc[lv + LV_OPT] = -1
            depth -= 1
            continue
        sc[lv + LV_OPT] = opt
        sc[lv + LV_WILDS] = took
        wl -= took
        depth += 1
        sc[SC_LEVEL + depth * LV_SIZE + LV_OPT] = -1
    sc[SC_DEPTH] = -1
    sc[SC_STEPS] = steps
    return n
