"""The winner's facts for the hand record: shapes, hard or soft, and the
facts a scoring table may ask about (single wait, 天胡/地胡, suits)."""

from ..jit import kernel
from ..table.layout import (
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
    EP_SEATS,
    ERR_READINGS,
    EV_WIN,
    F_ASIDE,
    F_BLOCKED,
    F_CHAIN,
    F_CHAIN_WILDS,
    F_CHI_CLAIMS,
    F_FLOWER_BITS,
    F_FLOWERS,
    F_FOLDED,
    F_KONG_ADD,
    F_KONG_CON,
    F_KONG_EXP,
    F_KONG_LOG,
    F_NMELD,
    F_PASSES,
    F_PENALTY,
    F_PONS,
    F_VOID,
    F_W,
    H_CLAIMS,
    H_DISCARDS,
    H_ERROR,
    H_KONGS,
    HELD_BITS,
    M_FROM,
    MAX_MELDS,
    MELD_FROM_BITS,
    NO_TILE,
    READY_UNKNOWN,
    S_ASIDE,
    S_BLOCKED,
    S_CHAIN,
    S_CHAIN_WILDS,
    S_CHIS,
    S_FACTS,
    S_FLOWER_BITS,
    S_FLOWERS,
    S_FOLDED,
    S_HARD,
    S_HELD_HI,
    S_HELD_LO,
    S_KONG_ADD,
    S_KONG_CON,
    S_KONG_EXP,
    S_KONG_LOG,
    S_MELD_FROM,
    S_PASSES,
    S_PENALTY,
    S_PONS,
    S_READY,
    S_READY_ON,
    S_SHAPES,
    S_VOID,
    S_WILDS,
)
from ..table.log import log_event
from ..table.seat import add_face
from ..table.losers import loser_reading
from ..table.valuation import win_reading, write_value
from ..table.wall import WS_DICE1, WS_DICE2, WS_INDICATOR, normal_left
from .claims import first_winner, lowest


@kernel
def record_winner(s, f, joins, facts, rules, seats, table, work, values, rec, log, raw):
    """Shapes, hard and facts of winner s and its best reading.  ``joins``: the
    winning tile (face f) still has to join the hand (a discard or a robbed
    kong).  ``facts``: the route, as the gate saw it (valuation.gate_ok), so
    the record holds the facts the gate read."""
    P, pw = rules.P, rules.pw
    cnt, keys, F = seats.cnt, seats.keys, seats.F
    H = table.H
    best, parts = values.best, values.parts
    n = P[EP_SEATS]
    if joins and f != NO_TILE:
        add_face(s, f, cnt, keys, F, pw)
    shapes, hard, facts, passed = win_reading(s, f, facts, True, rules, seats, table, work, values)
    rec[C_FIXED + S_SHAPES * n + s] = shapes
    rec[C_FIXED + S_HARD * n + s] = hard
    rec[C_FIXED + S_FACTS * n + s] = facts
    if passed == 0 and H[H_ERROR] == 0:
        H[H_ERROR] = ERR_READINGS   # the gate let this win through and now refuses every reading
    write_value(s, n, best, parts, rec, C_FIXED)
    write_hand(s, n, seats, rec, C_FIXED)
    log_event(log, EV_WIN, s, raw, shapes, facts)


@kernel
def write_hand(s, n, seats, rec, col):
    """Winner s's hand as it won, for scoring it again outside: its natural
    tiles by face with the winning tile (HELD_BITS a face, two words), and
    where each meld it set aside came from (its codes lead the reading)."""
    cnt, F, melds = seats.cnt, seats.F, seats.melds
    lo = 0
    hi = 0
    for f in range(34):
        c = min(cnt[s, f], (1 << HELD_BITS) - 1)
        if f < 17:
            lo |= c << (HELD_BITS * f)
        else:
            hi |= c << (HELD_BITS * (f - 17))
    rec[col + S_HELD_LO * n + s] = lo
    rec[col + S_HELD_HI * n + s] = hi
    frm = 0
    for i in range(min(F[s, F_NMELD], MAX_MELDS, 5)):
        src = melds[s, i, M_FROM]
        frm |= (15 if src < 0 else src + 1) << (MELD_FROM_BITS * i)
    rec[col + S_MELD_FROM * n + s] = frm


@kernel
def fill_record(rules, wall, seats, table, values, rec, dealer, outcome, winners, first, discarder, wk):
    """The hand's columns (layout.C_*) and each seat's counts, after the winners'.
    ``winners``: every seat that won; ``first``: the first win's winners (C_WINNER)."""
    P = rules.P
    W, gone = wall.W, wall.gone
    F = seats.F
    H = table.H
    n = P[EP_SEATS]
    rec[C_DEALER] = dealer
    rec[C_OUTCOME] = outcome
    rec[C_WINNERS] = winners
    rec[C_WINNER] = -1
    if winners != 0:
        rec[C_WINNER] = first_winner(discarder, first, n) if discarder >= 0 else lowest(first, n)
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
        rec[C_FIXED + S_FOLDED * n + s] = F[s, F_FOLDED]
        rec[C_FIXED + S_PASSES * n + s] = F[s, F_PASSES]
        rec[C_FIXED + S_BLOCKED * n + s] = F[s, F_BLOCKED]
        rec[C_FIXED + S_FLOWER_BITS * n + s] = F[s, F_FLOWER_BITS]
        rec[C_FIXED + S_ASIDE * n + s] = F[s, F_ASIDE]
        rec[C_FIXED + S_CHAIN * n + s] = F[s, F_CHAIN]
        rec[C_FIXED + S_CHAIN_WILDS * n + s] = F[s, F_CHAIN_WILDS]
        rec[C_FIXED + S_VOID * n + s] = F[s, F_VOID] - 1
        rec[C_FIXED + S_KONG_LOG * n + s] = F[s, F_KONG_LOG]
        rec[C_FIXED + S_READY * n + s] = READY_UNKNOWN   # engine/ready.py reads the seats left at a draw
        rec[C_FIXED + S_READY_ON * n + s] = -1
        if (winners >> s) & 1 == 0:
            # a loser's hand is valued on what it shows, or as scoring.read_losers says (pairwise settlement)
            loser_reading(s, rules, seats, table, values)
            write_value(s, n, values.best, values.parts, rec, C_FIXED)
            write_hand(s, n, seats, rec, C_FIXED)
