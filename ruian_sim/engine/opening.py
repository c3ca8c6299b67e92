"""The opening of a hand, before the first turn: the random streams of the
hand, every seat and table field cleared, the wall built and broken with its
wild, the deal, then 换三张 and 定缺 where the rules have them, and each
seat's shanten.  An impossible state (layout.ERR_*) is left in
``H[H_ERROR]`` for play_hand to report."""

from ..bots.shanten import current_shanten
from ..jit import kernel
from ..table.intake import deal, set_wild
from ..table.layout import (
    EP_EXCHANGE,
    EP_SEATS,
    EP_VOID,
    F_LAST_DISC,
    F_SHANTEN,
    H_DEALER,
    H_DISCARDER,
    H_ERROR,
    H_FW_TILE,
    H_LAST_RAW,
    H_OUTCOME,
    H_ROUND,
    H_STREAK,
)
from ..table.rng import ASIDE_PLACES, BOT, DICE, WALL, stream
from ..table.void import name_voids
from ..table.wall import WS_INDICATOR, setup_wall
from .exchange import exchange_tiles


@kernel
def open_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, work, log):
    """Set the hand up to its first turn; returns the wild kind (-1 none)."""
    P = rules.P
    W = wall.W
    F, H, vis = seats.F, table.H, table.vis
    rs = bots.rs
    n = P[EP_SEATS]
    rs[WALL] = stream(root, match, hand, WALL)
    rs[DICE] = stream(root, match, hand, DICE)
    rs[ASIDE_PLACES] = stream(root, match, hand, ASIDE_PLACES)
    for s in range(n):
        rs[BOT + s] = stream(root, match, hand, BOT + s)
    seats.cnt[:] = 0
    seats.keys[:] = 0
    F[:] = 0
    F[:, F_LAST_DISC] = -1
    seats.melds[:] = -1
    vis[:] = 0
    H[:] = 0
    H[H_DEALER] = dealer
    H[H_FW_TILE] = -1
    H[H_LAST_RAW] = -1
    H[H_DISCARDER] = -1
    H[H_OUTCOME] = -1
    wk = setup_wall(P, rs, dealer, wall.tiles, wall.gone, W, wall.lay, log)
    H[H_STREAK] = streak
    H[H_ROUND] = rnd
    set_wild(wk, rules, seats, table)
    if W[WS_INDICATOR] >= 0:
        vis[W[WS_INDICATOR]] += 1
    scratch = work.deal
    deal(rules, wall, seats, table, log, scratch)
    if H[H_ERROR] == 0 and P[EP_EXCHANGE] > 0:
        exchange_tiles(rules, wall, seats, table, log, scratch)   # 换三张, before 定缺
    if H[H_ERROR] != 0:
        return wk
    if P[EP_VOID] == 1:
        name_voids(rules, seats, log)
    for s in range(n):
        F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
    return wk
