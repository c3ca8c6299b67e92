"""One whole hand in the kernel: deal, turns, claims, kongs, 海底, the end.

Every choice the rules leave open comes from ``P`` (layout.EP_*); every
choice a player makes comes from the bots.  State lives in preallocated
arrays (see ``new_state`` in engine/simulate.py):

- ``wall, gone, W``: the wall (engine/wall.py);
- ``cnt, keys, F, melds``: the seats (engine/seat.py);
- ``vis``: raw tiles everyone has seen;  ``rs``: random stream states;
- ``H``: this hand's scalars (H_* below);  ``rec``: the record row to fill;
- ``work = (buf, dist, scores, unseen, claim)``: the kernels' work buffer
  (bots.WORK_ROWS rows) and small scratch arrays;  ``log`` for transcripts.
"""


from ..hand.kernels import GROUP_OF, set_tight
from ..hand.layout import BIG, HS_B, HS_CAP, HS_CAPW, HS_M, HS_STANDARD
from ..jit import kernel, kernel_inline
from .bots import bot_shanten, greedy_discard, random_discard, takes_claim, takes_kong, wants_win
from .layout import (
    BOT_RANDOM,
    BP_CHASE_HARD,
    BP_FOLLOW,
    BP_KIND,
    C_CLAIMS,
    C_DEALER,
    C_DICE,
    C_DICE2,
    C_DISCARDER,
    C_FIXED,
    C_INDICATOR,
    C_KONGS,
    C_OUTCOME,
    C_TURNS,
    C_WALL_LEFT,
    C_WILD,
    C_WINNER,
    C_WINNERS,
    CHI_ANY,
    CHI_LEFT,
    CLAIM_CHI,
    CLAIM_KONG,
    CLAIM_PON,
    EP_CHI,
    EP_CHUNK,
    EP_COPIES,
    EP_DEALER_EXTRA,
    EP_FOUR_KONGS,
    EP_FW_ACTION,
    EP_FW_TILES,
    EP_FW_WINDOW,
    EP_HAIDI,
    EP_HAND,
    EP_KONG_ADDED,
    EP_KONG_CONCEALED,
    EP_KONG_EXPOSED,
    EP_MULTI,
    EP_PASS_BLOCKS,
    EP_PON,
    EP_PRIO,
    EP_REPLACE_TAIL,
    EP_ROB,
    EP_SEATS,
    EP_STANDIN,
    EP_TILES,
    EP_TRIPLE,
    EP_WILD_CLAIM,
    EP_WILD_DISCARD,
    EP_WIN_DISCARD,
    ERR_TURN_LIMIT,
    ERR_WALL_EMPTY,
    EV_CHI,
    EV_DEAL,
    EV_DISCARD,
    EV_DRAW,
    EV_END,
    EV_FLOWER,
    EV_HAIDI,
    EV_KONG_ADD,
    EV_KONG_CON,
    EV_KONG_EXP,
    EV_PASS_WIN,
    EV_PENALTY,
    EV_PON,
    EV_WIN,
    F_CHI_CLAIMS,
    F_CHIS,
    F_DISCARDS,
    F_DRAWS,
    F_FLOWERS,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_NMELD,
    F_NTILES,
    F_OPEN,
    F_PASSED,
    F_PENALTY,
    F_PONS,
    F_SHANTEN,
    F_W,
    FACT_ALL_MELDED,
    FACT_DISCARD,
    FACT_EARTHLY,
    FACT_HAIDI,
    FACT_HEAVENLY,
    FACT_KONG_DRAW,
    FACT_ROBBED,
    FACT_SELF_DRAWN,
    FACT_SINGLE_WAIT,
    FW_DRAW,
    FW_NONE,
    FW_PENALTY,
    M_FACE,
    M_TYPE,
    MAX_MELDS,
    MELD_CHI,
    MELD_KONG_ADD,
    MELD_KONG_CON,
    MELD_KONG_EXP,
    MELD_PON,
    MULTI_ALL,
    MULTI_DRAW,
    N_FACE,
    OUT_DISCARD_WIN,
    OUT_EXHAUSTIVE,
    OUT_FOUR_KONGS,
    OUT_FOUR_WINDS,
    OUT_HAIDI_WIN,
    OUT_MULTI_WIN_DRAW,
    OUT_ROBBED_KONG,
    OUT_SELF_DRAW,
    OUT_TRIPLE_WIN,
    ROB_ANY,
    ROB_NEVER,
    S_CHIS,
    S_FACTS,
    S_FLOWERS,
    S_HARD,
    S_KONG_ADD,
    S_KONG_CON,
    S_KONG_EXP,
    S_PENALTY,
    S_PONS,
    S_SHAPES,
    S_WILDS,
)
from .log import log_event
from .rng import BOT, DICE, WALL, below, stream, uniform
from .seat import (
    add_face,
    add_meld,
    face_of,
    hard_now,
    natural_waits,
    raw_of,
    remove_face,
    shapes_now,
    shapes_with,
    suit_facts,
)
from .wall import (
    WS_DICE1,
    WS_DICE2,
    WS_INDICATOR,
    dead_tiles,
    draw_head,
    draw_tail,
    is_flower,
    normal_left,
    remaining,
    setup_wall,
)

H_WK = 0          # wild kind, -1 none
H_SI = 1          # raw kind of the active stand-in, -1 none
H_DEALER = 2
H_DISCARDS = 3    # discards made this hand
H_CLAIMS = 4      # chi/pon/kong claims made this hand
H_KONGS = 5
H_KONG_SEATS = 6  # bit mask of seats that declared kongs
H_FW_TILE = 7     # four winds: the tile of the current run
H_FW_COUNT = 8
H_FW_START = 9
H_OUTCOME = 10
H_WINNERS = 11
H_DISCARDER = 12
H_LAST_RAW = 13   # the last discard if no claim followed it, -1 otherwise
H_ERROR = 14      # layout.ERR_*: an impossible state; the hand stops and reports it
H_SIZE = 16
NO_TILE = -3      # "last tile" before any tile joined (the dealer's dealt hand)
NONE_JOINED = -2  # a flower came and no replacement could follow


@kernel
def _replacement(P, W, wall, gone):
    if P[EP_REPLACE_TAIL] == 1:
        return draw_tail(P, W, wall, gone)
    return draw_head(P, W, wall, gone)


@kernel
def _can_replace(P, W, gone):
    """A replacement may be drawn while a normal draw is still left.  From the
    tail it may then cut into the 海底, which is dealt out all the same, one
    tile short (the seed: 特殊情况海底牌也有三张的)."""
    return normal_left(P, W, gone) >= 1


@kernel
def _receive(s, raw, replace, P, W, wall, gone, H, cnt, keys, F, vis, pw, log):
    """Seat s receives ``raw``; flowers are laid aside and replaced while the
    wall allows.  Returns the face that joined the hand (-1 a wild) or -2 if
    no tile joined (a flower with no replacement left, or the wall was empty:
    then H[H_ERROR] says so).  Each pass takes a tile, so the wall bounds it."""
    while True:
        if raw < 0:
            H[H_ERROR] = ERR_WALL_EMPTY
            return NONE_JOINED
        if not is_flower(raw):
            break
        F[s, F_FLOWERS] += 1
        vis[raw] += 1
        log_event(log, EV_FLOWER, s, raw, 0, 0)
        if not replace or not _can_replace(P, W, gone):
            return NONE_JOINED
        raw = _replacement(P, W, wall, gone)
        F[s, F_DRAWS] += 1
        log_event(log, EV_DRAW, s, raw, 1, 0)
    f = face_of(raw, H[H_WK], H[H_SI])
    add_face(s, f, cnt, keys, F, pw)
    return f


@kernel_inline
def _dealt(s, raw, P, H, cnt, keys, F, vis, pw, log, owed):
    """A tile reaches seat s during the deal: a flower is laid aside and owed a
    replacement (补花, after the deal), anything else joins the hand."""
    if raw < 0:
        H[H_ERROR] = ERR_WALL_EMPTY
    elif is_flower(raw):
        F[s, F_FLOWERS] += 1
        vis[raw] += 1
        log_event(log, EV_FLOWER, s, raw, 0, 0)
        owed[s] += 1
    else:
        add_face(s, face_of(raw, H[H_WK], H[H_SI]), cnt, keys, F, pw)


@kernel
def _deal(P, W, wall, gone, H, cnt, keys, F, vis, pw, log, owed):
    n = P[EP_SEATS]
    dealer = H[H_DEALER]
    chunk = P[EP_CHUNK]
    size = P[EP_HAND]
    owed[:n] = 0
    given = 0
    while given < size:
        take = min(chunk, size - given)
        for i in range(n):
            s = (dealer + i) % n
            for _ in range(take):
                raw = draw_head(P, W, wall, gone)
                log_event(log, EV_DEAL, s, raw, 0, 0)
                _dealt(s, raw, P, H, cnt, keys, F, vis, pw, log, owed)
        given += take
    for _ in range(P[EP_DEALER_EXTRA]):
        raw = draw_head(P, W, wall, gone)
        log_event(log, EV_DEAL, dealer, raw, 0, 0)
        _dealt(dealer, raw, P, H, cnt, keys, F, vis, pw, log, owed)
    # 补花: flowers are replaced from the tail in seat order from the dealer
    for i in range(n):
        s = (dealer + i) % n
        while owed[s] > 0:
            owed[s] -= 1
            raw = _replacement(P, W, wall, gone)
            log_event(log, EV_DRAW, s, raw, 1, 0)
            _dealt(s, raw, P, H, cnt, keys, F, vis, pw, log, owed)


@kernel
def _shanten_after(s, f, n_remove, extra_melds, cnt, keys, F, capx, hs, tabs, pw, buf, faces2):
    """Bot shanten of seat s with n_remove tiles of face f (or, for a chi, the
    two faces in ``faces2``) set aside into ``extra_melds`` new melds."""
    if f >= 0:
        for _ in range(n_remove):
            remove_face(s, f, cnt, keys, F, pw)
    else:
        remove_face(s, faces2[0], cnt, keys, F, pw)
        remove_face(s, faces2[1], cnt, keys, F, pw)
    F[s, F_NMELD] += extra_melds
    sh = bot_shanten(cnt[s], keys[s], F[s, F_W], F[s, F_NTILES], F[s, F_NMELD], F[s, F_CHIS], capx[s], hs,
                     tabs, buf)
    F[s, F_NMELD] -= extra_melds
    if f >= 0:
        for _ in range(n_remove):
            add_face(s, f, cnt, keys, F, pw)
    else:
        add_face(s, faces2[0], cnt, keys, F, pw)
        add_face(s, faces2[1], cnt, keys, F, pw)
    return sh


@kernel
def _current_shanten(s, cnt, keys, F, capx, hs, tabs, buf):
    return bot_shanten(cnt[s], keys[s], F[s, F_W], F[s, F_NTILES], F[s, F_NMELD], F[s, F_CHIS], capx[s], hs,
                     tabs, buf)


@kernel
def _claim_choice(s, f, discarder, can_kong, P, hs, tabs, cnt, keys, F, capx, H, pw, bp, rs, buf, out):
    """Seat s's claim on face f: out[0:2] = (claim, chi start), claim -1: pass;
    out[2:7] is scratch."""
    n = P[EP_SEATS]
    c = cnt[s]
    out[0] = -1
    out[1] = -1
    kong_ok = can_kong and P[EP_KONG_EXPOSED] == 1 and c[f] >= 3
    pon_ok = P[EP_PON] == 1 and c[f] >= 2
    chi_ok = f < 27 and (P[EP_CHI] == CHI_ANY or (P[EP_CHI] == CHI_LEFT and s == (discarder + 1) % n))
    starts = out[2:5]
    starts[:] = -1
    n_chi = 0
    if chi_ok:
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
    if not (kong_ok or pon_ok or n_chi > 0):
        return
    faces2 = out[5:7]
    if bp[s, BP_KIND] == BOT_RANDOM:
        n_opt = 1 + (1 if kong_ok else 0) + (1 if pon_ok else 0) + n_chi
        pick = below(rs, BOT + s, n_opt)
        if pick == 0:
            return
        pick -= 1
        if kong_ok:
            if pick == 0:
                out[0] = CLAIM_KONG
                return
            pick -= 1
        if pon_ok:
            if pick == 0:
                out[0] = CLAIM_PON
                return
            pick -= 1
        out[0] = CLAIM_CHI
        out[1] = starts[pick]
        return
    cur = F[s, F_SHANTEN]  # as it stood after this seat's last discard
    best = BIG
    choice = -1
    start = -1
    if kong_ok:
        sh = _shanten_after(s, f, 3, 1, cnt, keys, F, capx, hs, tabs, pw, buf, faces2)
        if takes_kong(s, bp, rs, sh <= cur):
            best = sh
            choice = CLAIM_KONG
    if pon_ok:
        sh = _shanten_after(s, f, 2, 1, cnt, keys, F, capx, hs, tabs, pw, buf, faces2)
        if sh < cur and sh < best:
            best = sh
            choice = CLAIM_PON
    for i in range(n_chi):
        k = 0
        for j in range(3):
            g = starts[i] + j
            if g != f:
                faces2[k] = g
                k += 1
        sh = _shanten_after(s, -1, 0, 1, cnt, keys, F, capx, hs, tabs, pw, buf, faces2)
        if sh < cur and sh < best:
            best = sh
            choice = CLAIM_CHI
            start = starts[i]
    if choice >= 0 and (choice == CLAIM_KONG or takes_claim(s, bp, rs, True)):
        out[0] = choice
        out[1] = start


@kernel
def _self_kong(s, P, W, gone, hs, tabs, cnt, keys, F, capx, melds, H, pw, bp, rs, buf, out):
    """A concealed or added kong seat s declares now: out = (meld type, face)."""
    out[0] = -1
    out[1] = -1
    if not _can_replace(P, W, gone):
        return
    c = cnt[s]
    faces2 = out[5:7]
    cur = BIG + 1  # the hand's shanten, worked out only if a kong is possible
    greedy = bp[s, BP_KIND] != BOT_RANDOM
    if P[EP_KONG_CONCEALED] == 1:
        for f in range(34):
            if c[f] == 4:
                keeps = False
                if greedy:
                    if cur > BIG:
                        cur = _current_shanten(s, cnt, keys, F, capx, hs, tabs, buf)
                    keeps = _shanten_after(s, f, 4, 1, cnt, keys, F, capx, hs, tabs, pw, buf, faces2) <= cur
                if takes_kong(s, bp, rs, keeps):
                    out[0] = MELD_KONG_CON
                    out[1] = f
                    return
    if P[EP_KONG_ADDED] == 1:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON:
                f = melds[s, i, M_FACE]
                if c[f] >= 1:
                    keeps = False
                    if bp[s, BP_KIND] != BOT_RANDOM:
                        keeps = _shanten_after(s, f, 1, 0, cnt, keys, F, capx, hs, tabs, pw, buf, faces2) <= cur
                    if takes_kong(s, bp, rs, keeps):
                        out[0] = MELD_KONG_ADD
                        out[1] = f
                        return


@kernel
def _discard_choice(s, P, hs, tabs, cnt, keys, F, capx, vis, H, pw, bp, rs, buf, scores, unseen):
    """The face seat s discards (-1: a wild); F[s, F_SHANTEN] is set to the
    hand's shanten once it is gone (claims and win checks read it)."""
    allow_wild = P[EP_WILD_DISCARD] == 1
    if bp[s, BP_KIND] == BOT_RANDOM:
        f = random_discard(s, P, cnt, F, rs, allow_wild)
        if f < 0 and F[s, F_W] == 0:
            f = random_discard(s, P, cnt, F, rs, True)
        remove_face(s, f, cnt, keys, F, pw)
        F[s, F_SHANTEN] = _current_shanten(s, cnt, keys, F, capx, hs, tabs, buf)
        add_face(s, f, cnt, keys, F, pw)
        return f
    prefer = -1
    last = H[H_LAST_RAW]
    if bp[s, BP_FOLLOW] > 0 and 0 <= last < N_FACE and GROUP_OF[last] == 3 and last != H[H_WK]:
        f_last = H[H_WK] if last == H[H_SI] else last
        if cnt[s, f_last] == 1 and uniform(rs, BOT + s) < bp[s, BP_FOLLOW]:
            prefer = f_last
    f, sh = greedy_discard(s, P, hs, tabs, cnt, keys, F, capx, vis, H[H_WK], H[H_SI], pw, rs, buf,
                           scores, unseen, prefer)
    F[s, F_SHANTEN] = sh
    if f < 0 or hs[HS_STANDARD] == 0:
        # greedy's own count follows the standard shape; otherwise ask bot_shanten
        remove_face(s, f, cnt, keys, F, pw)
        F[s, F_SHANTEN] = _current_shanten(s, cnt, keys, F, capx, hs, tabs, buf)
        add_face(s, f, cnt, keys, F, pw)
    return f


@kernel
def _long_wall(s, P, W, gone, bp):
    return normal_left(P, W, gone) > bp[s, BP_CHASE_HARD]


@kernel
def _discard_winners(discarder, f, P, W, gone, hs, tabs, cnt, keys, F, capx, H, pw, bp, buf, dist, log,
                     tile_raw):
    """Seats that claim a win on face f, as a bit mask, in order from the discarder."""
    n = P[EP_SEATS]
    mask = 0
    wk = H[H_WK]
    for i in range(1, n):
        s = (discarder + i) % n
        if P[EP_PASS_BLOCKS] == 1 and F[s, F_PASSED] == 1:
            continue
        # not ready by the tables: no win, unless the tables' cap could be too
        # tight here (stand-ins and wilds crowding the wild's face)
        if F[s, F_SHANTEN] >= 1 and not (H[H_SI] >= 0 and cnt[s, wk] + F[s, F_W] + 1 > hs[HS_CAP]):
            continue
        if cnt[s, f] >= hs[HS_B] - 1:
            continue  # a claimed wild playing as a face held in full (no room in the key)
        m = shapes_with(s, f, cnt, keys, F, capx, hs, tabs, pw, buf, dist)
        if m == 0:
            continue
        add_face(s, f, cnt, keys, F, pw)
        hard = hard_now(s, cnt, keys, F, capx, wk, hs, tabs, False, buf, dist)
        remove_face(s, f, cnt, keys, F, pw)
        if wants_win(s, bp, hard == 0, _long_wall(s, P, W, gone, bp), True):
            mask |= 1 << s
        else:
            log_event(log, EV_PASS_WIN, s, tile_raw, m, 0)
            if P[EP_PASS_BLOCKS] == 1:
                F[s, F_PASSED] = 1
    return mask


@kernel
def _first_winner(discarder, mask, n):
    for i in range(1, n):
        s = (discarder + i) % n
        if mask & (1 << s):
            return s
    return -1


@kernel
def _settle_multi(discarder, mask, P):
    """Apply the rules for several winners: returns (winners mask, outcome or -1)."""
    n = P[EP_SEATS]
    count = 0
    for s in range(n):
        if mask & (1 << s):
            count += 1
    if P[EP_TRIPLE] == 1 and count >= 3:
        return 0, OUT_TRIPLE_WIN
    if count >= 2:
        if P[EP_MULTI] == MULTI_DRAW:
            return 0, OUT_MULTI_WIN_DRAW
        if P[EP_MULTI] != MULTI_ALL:
            return 1 << _first_winner(discarder, mask, n), -1
    return mask, -1


@kernel
def _record_winner(s, f, joins, facts, P, hs, tabs, cnt, keys, F, capx, melds, H, pw, buf, dist, face_ok, rec,
                   log, raw):
    """Shapes, hard and facts of winner s.  ``joins``: the winning tile (face f)
    still has to join the hand (a discard or a robbed kong)."""
    wk = H[H_WK]
    n = P[EP_SEATS]
    if f != NO_TILE:
        if not joins:
            remove_face(s, f, cnt, keys, F, pw)
        if natural_waits(s, cnt, keys, F, capx, hs, tabs, pw, buf, dist, face_ok) == 1:
            facts |= FACT_SINGLE_WAIT
        add_face(s, f, cnt, keys, F, pw)
    shapes = shapes_now(s, cnt, keys, F, capx, hs, tabs, buf, dist)
    hard = hard_now(s, cnt, keys, F, capx, wk, hs, tabs, (facts & FACT_SELF_DRAWN) != 0, buf, dist)
    facts |= suit_facts(s, cnt, F, melds)
    if (facts & FACT_DISCARD) != 0 and F[s, F_OPEN] == hs[HS_M]:
        facts |= FACT_ALL_MELDED
    if H[H_CLAIMS] == 0 and F[s, F_DISCARDS] == 0:
        if s == H[H_DEALER] and (facts & FACT_SELF_DRAWN) != 0 and H[H_KONGS] == 0:
            facts |= FACT_HEAVENLY
        elif s != H[H_DEALER] and H[H_DISCARDS] <= n:
            facts |= FACT_EARTHLY
    rec[C_FIXED + S_SHAPES * n + s] = shapes
    rec[C_FIXED + S_HARD * n + s] = hard
    rec[C_FIXED + S_FACTS * n + s] = facts
    log_event(log, EV_WIN, s, raw, shapes, facts)


@kernel
def _do_kong(s, mtype, f, frm, P, hs, cnt, keys, F, capx, melds, H, vis, pw, log, raw):
    """Set a kong aside (the claimed tile, if any, is not in the hand)."""
    n_hand = 4 if mtype == MELD_KONG_CON else (3 if mtype == MELD_KONG_EXP else 1)
    for _ in range(n_hand):
        remove_face(s, f, cnt, keys, F, pw)
    if mtype == MELD_KONG_ADD:
        for i in range(min(F[s, F_NMELD], MAX_MELDS)):
            if melds[s, i, M_TYPE] == MELD_PON and melds[s, i, M_FACE] == f:
                melds[s, i, M_TYPE] = MELD_KONG_ADD
        capx[s, f] -= 1
        set_tight(capx[s], hs)
        F[s, F_KONG_ADD] += 1
        vis[raw] += 1
        log_event(log, EV_KONG_ADD, s, raw, f, s)
    elif mtype == MELD_KONG_CON:
        add_meld(s, MELD_KONG_CON, f, -1, F, melds, capx, hs)
        F[s, F_KONG_CON] += 1
        log_event(log, EV_KONG_CON, s, raw, f, s)
    else:
        add_meld(s, MELD_KONG_EXP, f, frm, F, melds, capx, hs)
        F[s, F_KONG_EXP] += 1
        vis[raw] += 3
        log_event(log, EV_KONG_EXP, s, raw, f, frm)
    H[H_KONGS] += 1
    H[H_KONG_SEATS] |= 1 << s
    if P[EP_FOUR_KONGS] == 1 and H[H_KONGS] >= 4:
        seats = 0
        for t in range(P[EP_SEATS]):
            if H[H_KONG_SEATS] & (1 << t):
                seats += 1
        if seats >= 2:
            return True
    return False


@kernel
def _four_winds(s, raw, P, H, F, log):
    """Track runs of the same wind; True when the hand ends in an abortive draw."""
    action = P[EP_FW_ACTION]
    if action == FW_NONE:
        return False
    n = P[EP_SEATS]
    if P[EP_FW_WINDOW] == 0 and (H[H_DISCARDS] > n or H[H_CLAIMS] > 0):
        return False
    if P[EP_FW_TILES + raw] == 1 and raw == H[H_FW_TILE] and H[H_FW_COUNT] > 0:
        H[H_FW_COUNT] += 1
    elif P[EP_FW_TILES + raw] == 1:
        H[H_FW_TILE] = raw
        H[H_FW_COUNT] = 1
        H[H_FW_START] = s
    else:
        H[H_FW_TILE] = -1
        H[H_FW_COUNT] = 0
    if H[H_FW_COUNT] >= n:
        if action == FW_DRAW:
            return True
        if action == FW_PENALTY:
            F[H[H_FW_START], F_PENALTY] += 1
            log_event(log, EV_PENALTY, H[H_FW_START], raw, 0, 0)
        H[H_FW_COUNT] = 0
        H[H_FW_TILE] = -1
    return False


@kernel
def play_hand(P, hs, tabs, root, match, hand, dealer, bp, st, work, rec, log):
    """Play one hand; fill ``rec`` (columns of layout.C_*) and return the outcome."""
    wall, gone, W, cnt, keys, F, melds, capx, vis, rs, H, pw, face_ok = st
    buf, dist, scores, unseen, claim = work
    n = P[EP_SEATS]
    rs[WALL] = stream(root, match, hand, WALL)
    rs[DICE] = stream(root, match, hand, DICE)
    for s in range(n):
        rs[BOT + s] = stream(root, match, hand, BOT + s)
    cnt[:] = 0
    keys[:] = 0
    F[:] = 0
    melds[:] = -1
    vis[:] = 0
    H[:] = 0
    H[H_DEALER] = dealer
    H[H_FW_TILE] = -1
    H[H_LAST_RAW] = -1
    H[H_DISCARDER] = -1
    wk = setup_wall(P, rs, dealer, wall, gone, W, log)
    si = P[EP_STANDIN]
    if si < 0 or wk < 0 or si == wk:
        si = -1
    H[H_WK] = wk
    H[H_SI] = si
    if W[WS_INDICATOR] >= 0:
        vis[W[WS_INDICATOR]] += 1
    for f in range(34):
        face_ok[f] = 1 if (P[EP_COPIES + f] > 0 and f != wk and f != si) else 0
    if si >= 0:
        face_ok[wk] = 1
    for s in range(n):
        capx[s, :N_FACE] = hs[HS_CAP]
        if si >= 0:
            capx[s, wk] = hs[HS_CAPW]
        set_tight(capx[s], hs)
    _deal(P, W, wall, gone, H, cnt, keys, F, vis, pw, log, claim[8:])
    if H[H_ERROR] != 0:
        rec[:] = 0
        rec[C_OUTCOME] = -1
        return -H[H_ERROR]
    for s in range(n):
        F[s, F_SHANTEN] = _current_shanten(s, cnt, keys, F, capx, hs, tabs, buf)

    turn = dealer
    need_draw = P[EP_DEALER_EXTRA] == 0
    self_actions = True
    kong_draw = False
    last = NO_TILE      # face of the tile that last joined the turn's hand
    outcome = -1
    winners = 0
    discarder = -1
    win_face = -1
    win_raw = -1
    # each pass draws a tile or follows a claim (which sets a meld aside)
    limit = P[EP_TILES] + n * (MAX_MELDS + 1) + 1
    steps = 0
    while outcome < 0:
        steps += 1
        if steps > limit and H[H_ERROR] == 0:
            H[H_ERROR] = ERR_TURN_LIMIT
        if H[H_ERROR] != 0:
            break
        if need_draw:
            if normal_left(P, W, gone) <= 0:
                break
            raw = draw_head(P, W, wall, gone)
            F[turn, F_DRAWS] += 1
            F[turn, F_PASSED] = 0
            log_event(log, EV_DRAW, turn, raw, 0, 0)
            last = _receive(turn, raw, True, P, W, wall, gone, H, cnt, keys, F, vis, pw, log)
            kong_draw = False
            if last == NONE_JOINED:
                turn = (turn + 1) % n
                break
        # a hand that was not ready before this draw cannot be complete now
        # (tables can only be too tight at the wild's crowded face)
        unready = need_draw and F[turn, F_SHANTEN] >= 1 and not (
            si >= 0 and cnt[turn, wk] + F[turn, F_W] > hs[HS_CAP])
        need_draw = True
        if self_actions:
            while H[H_ERROR] == 0:  # each pass after the first declares a kong and draws
                m = 0 if unready else shapes_now(turn, cnt, keys, F, capx, hs, tabs, buf, dist)
                unready = False
                if m != 0:
                    hard = hard_now(turn, cnt, keys, F, capx, wk, hs, tabs, True, buf, dist)
                    if wants_win(turn, bp, hard == 0, _long_wall(turn, P, W, gone, bp), False):
                        outcome = OUT_SELF_DRAW
                        winners = 1 << turn
                        win_face = last
                        break
                    log_event(log, EV_PASS_WIN, turn, -1, m, 0)
                _self_kong(turn, P, W, gone, hs, tabs, cnt, keys, F, capx, melds, H, pw, bp, rs, buf, claim)
                if claim[0] < 0:
                    break
                mtype, f = claim[0], claim[1]
                raw = raw_of(f, wk, si)
                if P[EP_ROB] != ROB_NEVER and (mtype == MELD_KONG_ADD or P[EP_ROB] == ROB_ANY):
                    robbers = _discard_winners(turn, f, P, W, gone, hs, tabs, cnt, keys, F, capx, H,
                                               pw, bp, buf, dist, log, raw)
                    if robbers != 0:
                        remove_face(turn, f, cnt, keys, F, pw)
                        winners, outcome = _settle_multi(turn, robbers, P)
                        if outcome < 0:
                            outcome = OUT_ROBBED_KONG
                        discarder = turn
                        win_face = f
                        win_raw = raw
                        break
                if _do_kong(turn, mtype, f, -1, P, hs, cnt, keys, F, capx, melds, H, vis, pw, log, raw):
                    outcome = OUT_FOUR_KONGS
                    break
                raw = _replacement(P, W, wall, gone)
                F[turn, F_DRAWS] += 1
                log_event(log, EV_DRAW, turn, raw, 1, 0)
                last = _receive(turn, raw, True, P, W, wall, gone, H, cnt, keys, F, vis, pw, log)
                kong_draw = True
                if last == NONE_JOINED:
                    break
            if outcome >= 0 or H[H_ERROR] != 0:
                break
            if last == NONE_JOINED:
                turn = (turn + 1) % n
                break
        self_actions = True
        # --- discard
        f = _discard_choice(turn, P, hs, tabs, cnt, keys, F, capx, vis, H, pw, bp, rs, buf, scores, unseen)
        raw = raw_of(f, wk, si)
        remove_face(turn, f, cnt, keys, F, pw)
        vis[raw] += 1
        H[H_DISCARDS] += 1
        F[turn, F_DISCARDS] += 1
        H[H_LAST_RAW] = raw
        log_event(log, EV_DISCARD, turn, raw, 0, 0)
        kong_draw = False
        if _four_winds(turn, raw, P, H, F, log):
            outcome = OUT_FOUR_WINDS
            break
        if f < 0:
            if P[EP_WILD_CLAIM] == 0:
                turn = (turn + 1) % n
                continue
            f = wk  # a claimable discarded wild plays as its own kind
        # --- claims: wins first
        if P[EP_WIN_DISCARD] == 1:
            mask = _discard_winners(turn, f, P, W, gone, hs, tabs, cnt, keys, F, capx, H, pw, bp,
                                    buf, dist, log, raw)
            if mask != 0:
                winners, outcome = _settle_multi(turn, mask, P)
                if outcome < 0:
                    outcome = OUT_DISCARD_WIN
                discarder = turn
                win_face = f
                win_raw = raw
                break
        if raw == wk:
            # a discarded wild may only be won on: no wild goes into a meld
            turn = (turn + 1) % n
            continue
        # --- kong, pon, chi by priority, then seat order from the discarder
        # a kong on this discard needs a replacement tile; look only if someone could
        can_kong = False
        if P[EP_KONG_EXPOSED] == 1:
            for i in range(1, n):
                if cnt[(turn + i) % n, f] >= 3:
                    can_kong = _can_replace(P, W, gone)
                    break
        best_rank = 99
        taker = -1
        take_kind = -1
        take_start = -1
        for i in range(1, n):
            s = (turn + i) % n
            _claim_choice(s, f, turn, can_kong, P, hs, tabs, cnt, keys, F, capx, H, pw, bp, rs, buf, claim)
            if claim[0] >= 0 and P[EP_PRIO + claim[0]] < best_rank:
                best_rank = P[EP_PRIO + claim[0]]
                taker = s
                take_kind = claim[0]
                take_start = claim[1]
        if taker < 0:
            turn = (turn + 1) % n
            continue
        H[H_CLAIMS] += 1
        H[H_FW_COUNT] = 0
        H[H_LAST_RAW] = -1
        vis[raw] -= 1  # the claimed tile joins a meld; counted there
        if take_kind == CLAIM_KONG:
            if _do_kong(taker, MELD_KONG_EXP, f, turn, P, hs, cnt, keys, F, capx, melds, H, vis, pw, log, raw):
                outcome = OUT_FOUR_KONGS
                turn = taker
                break
            turn = taker
            raw2 = _replacement(P, W, wall, gone)
            F[turn, F_DRAWS] += 1
            log_event(log, EV_DRAW, turn, raw2, 1, 0)
            last = _receive(turn, raw2, True, P, W, wall, gone, H, cnt, keys, F, vis, pw, log)
            kong_draw = True
            need_draw = False
            if last == NONE_JOINED:
                turn = (turn + 1) % n
                break
            continue
        if take_kind == CLAIM_PON:
            remove_face(taker, f, cnt, keys, F, pw)
            remove_face(taker, f, cnt, keys, F, pw)
            add_meld(taker, MELD_PON, f, turn, F, melds, capx, hs)
            F[taker, F_PONS] += 1
            vis[raw] += 3
            log_event(log, EV_PON, taker, raw, f, turn)
        else:
            for j in range(3):
                g = take_start + j
                if g != f:
                    remove_face(taker, g, cnt, keys, F, pw)
                vis[raw_of(g, wk, si)] += 1
            add_meld(taker, MELD_CHI, take_start, turn, F, melds, capx, hs)
            F[taker, F_CHI_CLAIMS] += 1
            log_event(log, EV_CHI, taker, raw, take_start, turn)
        turn = taker
        need_draw = False
        self_actions = False
    if H[H_ERROR] != 0:
        rec[:] = 0
        rec[C_OUTCOME] = -1
        return -H[H_ERROR]
    if outcome < 0:
        # --- 海底: the tiles before the dead wall, one each in draw order, win or pass
        for _ in range(P[EP_HAIDI]):
            if remaining(P, W) - dead_tiles(P, W, gone) <= 0:
                break
            raw = draw_head(P, W, wall, gone)
            F[turn, F_DRAWS] += 1
            log_event(log, EV_HAIDI, turn, raw, 0, 0)
            got = _receive(turn, raw, False, P, W, wall, gone, H, cnt, keys, F, vis, pw, log)
            if H[H_ERROR] != 0:
                rec[:] = 0
                rec[C_OUTCOME] = -1
                return -H[H_ERROR]
            if got != NONE_JOINED and shapes_now(turn, cnt, keys, F, capx, hs, tabs, buf, dist) != 0:
                hard = hard_now(turn, cnt, keys, F, capx, wk, hs, tabs, True, buf, dist)
                if wants_win(turn, bp, hard == 0, False, False):
                    outcome = OUT_HAIDI_WIN
                    winners = 1 << turn
                    win_face = got
                    break
            turn = (turn + 1) % n
        if outcome < 0:
            outcome = OUT_EXHAUSTIVE
    # --- the record
    rec[:] = 0
    for s in range(n):
        if winners & (1 << s):
            facts = 0
            joins = False
            if outcome == OUT_SELF_DRAW:
                facts = FACT_SELF_DRAWN | (FACT_KONG_DRAW if kong_draw else 0)
            elif outcome == OUT_HAIDI_WIN:
                facts = FACT_SELF_DRAWN | FACT_HAIDI
            elif outcome == OUT_ROBBED_KONG:
                facts = FACT_DISCARD | FACT_ROBBED
                joins = True
            else:
                facts = FACT_DISCARD
                joins = True
            _record_winner(s, win_face, joins, facts, P, hs, tabs, cnt, keys, F, capx, melds, H, pw, buf, dist,
                           face_ok, rec, log, win_raw if joins else (raw_of(win_face, wk, si) if win_face != NO_TILE else -1))
    rec[C_DEALER] = dealer
    rec[C_OUTCOME] = outcome
    rec[C_WINNERS] = winners
    rec[C_WINNER] = -1
    if winners != 0:
        rec[C_WINNER] = _first_winner(discarder, winners, n) if discarder >= 0 else _lowest(winners, n)
    rec[C_DISCARDER] = discarder
    rec[C_WILD] = wk
    rec[C_INDICATOR] = W[WS_INDICATOR]
    rec[C_TURNS] = H[H_DISCARDS]
    left = normal_left(P, W, gone)
    rec[C_WALL_LEFT] = left if left > 0 else 0
    rec[C_KONGS] = H[H_KONGS]
    rec[C_CLAIMS] = H[H_CLAIMS]
    rec[C_DICE] = W[WS_DICE1]
    rec[C_DICE2] = W[WS_DICE2]
    for s in range(n):
        rec[C_FIXED + S_WILDS * n + s] = F[s, F_W]
        rec[C_FIXED + S_KONG_EXP * n + s] = F[s, F_KONG_EXP]
        rec[C_FIXED + S_KONG_ADD * n + s] = F[s, F_KONG_ADD]
        rec[C_FIXED + S_KONG_CON * n + s] = F[s, F_KONG_CON]
        rec[C_FIXED + S_PONS * n + s] = F[s, F_PONS]
        rec[C_FIXED + S_CHIS * n + s] = F[s, F_CHI_CLAIMS]
        rec[C_FIXED + S_PENALTY * n + s] = F[s, F_PENALTY]
        rec[C_FIXED + S_FLOWERS * n + s] = F[s, F_FLOWERS]
    log_event(log, EV_END, -1, -1, outcome, winners)
    return outcome


@kernel
def _lowest(mask, n):
    for s in range(n):
        if mask & (1 << s):
            return s
    return -1
