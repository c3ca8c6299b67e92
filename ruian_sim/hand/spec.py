"""From a RuleSet to what the hand kernels read: the parameter vector and tables.

``rules`` is a ruian_sim.ruleset.RuleSet; it is read, not imported (the rule
files are validated above this package, with the scoring language between)."""

from __future__ import annotations

import numpy as np

from . import layout as L
from .tables import Tables, get_completion, get_table


def live_wilds(rules) -> int:
    """Wild tiles in play: every copy of the wild kind, less the turned tile when it is one."""
    if rules.wild.source == "none":
        return 0
    out = rules.tiles.copies
    if rules.wild.source == "turned" and rules.wild.turned_out_of_play and not rules.wild.rob:
        out -= 1   # (抢金, wild.rob: the turned tile joins the robber's hand as a wild)
    return out


def hand_params(rules) -> np.ndarray:
    hs = np.zeros(L.HS_SIZE, np.int64)
    sh, copies, live = rules.shapes, rules.tiles.copies, live_wilds(rules)
    hs[L.HS_M] = rules.deal.melds
    hs[L.HS_STANDARD] = sh.standard
    hs[L.HS_EIGHT] = sh.eight_pairs
    hs[L.HS_PUNGS] = sh.all_pungs
    hs[L.HS_THREE] = sh.three_wilds and live > 0
    hs[L.HS_THREE_N] = sh.three_wilds_count
    hs[L.HS_QUAD2] = sh.quad_is_two_pairs
    hs[L.HS_PAIRS] = (rules.deal.hand_size + 1) // 2
    hs[L.HS_SINGLES] = (rules.deal.hand_size + 1) % 2
    hs[L.HS_B] = copies + 1
    # A wild may not be a fifth copy: tables cap every face at `copies`.
    hs[L.HS_CAP] = copies + (live if rules.wild.fifth_copy else 0)
    # The wild's own face holds stand-ins and wilds counting as themselves.
    hs[L.HS_CAPW] = copies + live
    hs[L.HS_STANDIN] = -1 if rules.wild.stand_in is None or live == 0 else rules.wild.stand_in
    hs[L.HS_LIVE_WILDS] = live
    hs[L.HS_COPIES] = copies
    hs[L.HS_HARD_SELF] = rules.hard.self_drawn
    hs[L.HS_HARD_THREE] = rules.hard.three_wilds
    hs[L.HS_HAND] = rules.deal.hand_size
    hs[L.HS_PAIR_ANY] = rules.wild.pair_alone == "any"
    hs[L.HS_N_SPECIAL] = len(rules.shapes.special)
    for i, sp in enumerate(rules.shapes.special):
        at = L.HS_SPECIAL + i * L.SP_W
        hs[at + L.SP_KIND] = L.SPECIAL_KINDS[sp.kind]
        hs[at + L.SP_COUNT] = sp.count
        hs[at + L.SP_PAIR] = int(sp.pair)
        hs[at + L.SP_NSETS] = len(sp.sets)
        for j, mask in enumerate(sp.sets):
            hs[at + L.SP_SETS + j] = mask
    return hs


def shape_names(rules) -> tuple[str, ...]:
    """The names of the shape bits of these rules: the built-in shapes, then
    the special ones (shapes.special) from bit L.SHAPE_SPECIAL0."""
    return L.SHAPE_NAMES + tuple(sp.name for sp in rules.shapes.special)


def hand_tables(rules) -> Tables:
    """The tables the kernels read, in this order (see hand.kernels):
    distance tables (suit standard, honor standard, suit pungs-only, honor
    pungs-only), the two standard ones seen as 8-byte words (the bots compare
    rows word by word), the four completion tables derived from them, and the
    suit pungs-only table as words."""
    hs = hand_params(rules)
    B, cap, M = int(hs[L.HS_B]), int(hs[L.HS_CAP]), L.M_SLOTS
    suit_len, honor_len = L.GROUP_LEN[0], L.GROUP_LEN[-1]
    dist = (get_table(suit_len, B, cap, True, M), get_table(honor_len, B, cap, False, M),
            get_table(suit_len, B, cap, False, M), get_table(honor_len, B, cap, False, M))
    lens = (suit_len, honor_len, suit_len, honor_len)
    done = tuple(get_completion(t, R, B) for t, R in zip(dist, lens))
    # the pungs-only suit table as words last (patterns.py's targets compare its
    # rows word by word; the honors' pungs-only table is their standard one)
    return Tables(*dist, dist[0].view(np.uint64), dist[1].view(np.uint64), *done, dist[2].view(np.uint64))
