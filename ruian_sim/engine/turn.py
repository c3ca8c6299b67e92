"""One whole hand in the kernel: deal, turns, claims, kongs, 海底, the end.

Every choice the rules leave open comes from ``P`` (layout.EP_*); every
choice a player makes comes from the bots.  State lives in preallocated
arrays, bundled as table/state.py describes: ``rules``, ``wall``, ``seats``,
``table``, ``bots``, the scratch ``work`` and ``values`` (for valuing
hands); ``rec`` is the record row to fill, ``log`` the events for
transcripts.
"""

from ..bots import dispatch
from ..bots.smart.danger_log import danger_sample
from ..hand.layout import HS_CAP
from ..jit import kernel
from ..table.intake import can_replace, receive, replacement
from ..table.layout import (
    C_OUTCOME,
    CLAIM_KONG,
    CLAIM_PON,
    EP_DEAD_PER_KONG,
    EP_DEALER_EXTRA,
    EP_DRAW_READY,
    EP_FW_ACTION,
    EP_HAIDI,
    EP_KONG_EXPOSED,
    EP_PRIO,
    EP_ROB,
    EP_ROB_GOLD,
    EP_SEATS,
    EP_TILES,
    EP_WILD_CLAIM,
    EP_WIN_DISCARD,
    ERR_TURN_LIMIT,
    EV_CHI,
    EV_DISCARD,
    EV_DRAW,
    EV_END,
    EV_HAIDI,
    EV_PASS_WIN,
    EV_PON,
    F_CHAIN,
    F_CHAIN_WILDS,
    F_CHI_CLAIMS,
    F_DISCARDS,
    F_DRAWS,
    F_LAST_DISC,
    F_PASSED,
    F_PONS,
    F_SHANTEN,
    F_W,
    FACT_DISCARD,
    FACT_HAIDI,
    FACT_KONG_DISCARD,
    FACT_KONG_DRAW,
    FACT_LAST_DISCARD,
    FACT_LAST_TILE,
    FACT_ROBBED,
    FACT_SELF_DRAWN,
    FW_NONE,
    H_CLAIMS,
    H_DISCARDER,
    H_DISCARDS,
    H_ERROR,
    H_FIRST,
    H_FW_COUNT,
    H_KONGS,
    H_LAST_RAW,
    H_OUTCOME,
    H_SI,
    H_WINNERS,
    MAX_MELDS,
    MELD_CHI,
    MELD_KONG_ADD,
    MELD_KONG_EXP,
    MELD_PON,
    NO_TILE,
    NONE_JOINED,
    OUT_DISCARD_WIN,
    OUT_EXHAUSTIVE,
    OUT_FOUR_KONGS,
    OUT_FOUR_WINDS,
    OUT_HAIDI_WIN,
    OUT_ROBBED_KONG,
    OUT_SELF_DRAW,
    ROB_ANY,
    ROB_NEVER,
)
from ..table.legal import claimable, may_kong
from ..table.log import log_event
from ..table.seat import add_meld, hard_now, raw_of, remove_face, shapes_now
from ..table.valuation import gate_ok
from ..table.void import is_void
from ..table.wall import WS_DEAD_EXTRA, dead_tiles, draw_head, normal_left, nothing_left, remaining
from .claims import discard_winners, do_kong, four_winds, may_win, settle_multi
from .leave import is_out, last_from, next_in, record_wins
from .opening import open_hand
from .ready import ready_readings
from .record import fill_record
from .rob_gold import ROB_ROUTE, rob_gold


@kernel
def play_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, work, values, rec,
              log):
    """Play one hand; fill ``rec`` (columns of layout.C_*) and return the outcome."""
    P, hs, pw = rules.P, rules.hs, rules.pw
    tiles, gone, W = wall.tiles, wall.gone, wall.W
    cnt, keys, F, melds = seats.cnt, seats.keys, seats.F, seats.melds
    H, vis, pond = table.H, table.vis, table.pond
    claim = work.claim
    n = P[EP_SEATS]
    rec[:] = 0
    wk = open_hand(root, match, hand, dealer, streak, rnd, rules, wall, seats, table, bots, work, log)
    si = H[H_SI]
    if H[H_ERROR] != 0:
        rec[C_OUTCOME] = -1
        return -H[H_ERROR]

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
    win_route = 0       # FACT_* bits of how the hand was won, as the gate saw them
    # each pass draws a tile or follows a claim (which sets a meld aside); a win may add one
    limit = P[EP_TILES] + n * (MAX_MELDS + 2) + 1
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
            raw = draw_head(P, W, tiles, gone)
            F[turn, F_DRAWS] += 1
            F[turn, F_PASSED] = 0
            log_event(log, EV_DRAW, turn, raw, 0, 0)
            last = receive(turn, raw, True, rules, wall, seats, table, log)
            kong_draw = False
            if last == NONE_JOINED:
                turn = next_in(turn, table, n)
                break
        # a hand that was not ready before this draw cannot be complete now
        # (tables can only be too tight at the wild's crowded face)
        unready = need_draw and F[turn, F_SHANTEN] >= 1 and not (
            si >= 0 and cnt[turn, wk] + F[turn, F_W] > hs[HS_CAP])
        need_draw = True
        if self_actions:
            while H[H_ERROR] == 0:  # each pass after the first declares a kong and draws
                m = 0 if unready else shapes_now(turn, rules, seats, work)
                unready = False
                if m != 0:
                    hard = hard_now(turn, wk, True, rules, seats, work)
                    route = FACT_SELF_DRAWN | (FACT_KONG_DRAW if kong_draw else 0)
                    if nothing_left(P, W, gone):
                        route |= FACT_LAST_TILE
                    # the rules' gate: a hand it refuses is no win, to declare or to pass
                    if gate_ok(turn, last, route, m, hard, rules, seats, table, work, values):
                        if dispatch.take_win(turn, last, m, hard, False, rules, wall, seats, table, bots, work):
                            outcome = OUT_SELF_DRAW
                            winners = 1 << turn
                            win_face = last
                            win_route = route
                            break
                        log_event(log, EV_PASS_WIN, turn, -1, m, 0)
                if not may_kong(turn, P, cnt[turn], F, melds):
                    break
                dispatch.own_kong(turn, rules, wall, seats, bots, work)
                if claim[0] < 0:
                    break
                mtype, f = claim[0], claim[1]
                raw = raw_of(f, wk, si)
                if P[EP_ROB] != ROB_NEVER and (mtype == MELD_KONG_ADD or P[EP_ROB] == ROB_ANY):
                    robbers = discard_winners(turn, f, rules, wall, seats, table, bots, work, values, log,
                                              raw, FACT_DISCARD | FACT_ROBBED)
                    if robbers != 0:
                        remove_face(turn, f, cnt, keys, F, pw)
                        winners, outcome = settle_multi(turn, robbers, rules)
                        if outcome < 0:
                            outcome = OUT_ROBBED_KONG
                        discarder = turn
                        win_face = f
                        win_raw = raw
                        win_route = FACT_DISCARD | FACT_ROBBED
                        break
                if do_kong(turn, mtype, f, -1, rules, seats, table, log, raw):
                    outcome = OUT_FOUR_KONGS
                    break
                raw = replacement(rules, wall)
                # the dead wall grows once the kong's replacement is taken (the
                # kong was declared while a replacement was still allowed)
                W[WS_DEAD_EXTRA] += P[EP_DEAD_PER_KONG + min(H[H_KONGS] - 1, 3)]
                F[turn, F_DRAWS] += 1
                log_event(log, EV_DRAW, turn, raw, 1, 0)
                last = receive(turn, raw, True, rules, wall, seats, table, log)
                kong_draw = True
                if last == NONE_JOINED:
                    break
            if outcome >= 0 and winners != 0 and H[H_ERROR] == 0 and record_wins(
                    outcome, winners, win_face, win_route, win_raw, discarder, rules, seats, table, work, values,
                    rec, log):
                # play goes on from the seat after the winner (after the robber of a kong)
                turn = next_in(turn if discarder < 0 else last_from(discarder, winners, n), table, n)
                outcome = -1
                winners = 0
                discarder = -1
                win_raw = -1
                need_draw = True
                continue
            if outcome >= 0 or H[H_ERROR] != 0:
                break
            if last == NONE_JOINED:
                turn = next_in(turn, table, n)
                break
        self_actions = True
        if P[EP_ROB_GOLD] == 1 and H[H_DISCARDS] == 0:
            # 抢金, before the dealer's first discard (one win: validation)
            robber = rob_gold(dealer, rules, wall, seats, table, bots, work, values, log)
            if robber >= 0:
                outcome = OUT_SELF_DRAW
                record_wins(outcome, 1 << robber, -1, ROB_ROUTE, -1, -1, rules, seats, table, work, values, rec, log)
                break
        # --- discard
        f = dispatch.discard(turn, rules, wall, seats, table, bots, work, values)
        raw = raw_of(f, wk, si)
        remove_face(turn, f, cnt, keys, F, pw)
        vis[raw] += 1
        pond[H[H_DISCARDS]] = f
        F[turn, F_LAST_DISC] = H[H_DISCARDS]
        H[H_DISCARDS] += 1
        F[turn, F_DISCARDS] += 1
        H[H_LAST_RAW] = raw
        log_event(log, EV_DISCARD, turn, raw, 0, 0)
        if bots.learn[0] == 1:
            danger_sample(turn, f, raw, rules, seats, table, bots, work)   # bots/smart/danger.py is learning
        after_kong = kong_draw   # 杠上炮: this discard follows the discarder's kong replacement
        kong_draw = False
        # a wild discarded (飘) carries the seat's chain on; anything else ends it
        F[turn, F_CHAIN] = F[turn, F_CHAIN] + 1 if f < 0 else 0
        F[turn, F_CHAIN_WILDS] = F[turn, F_CHAIN_WILDS] + 1 if f < 0 else 0
        if P[EP_FW_ACTION] != FW_NONE and four_winds(turn, raw, rules, seats, table, log):
            outcome = OUT_FOUR_WINDS
            break
        if f < 0:
            if P[EP_WILD_CLAIM] == 0:
                turn = next_in(turn, table, n)
                continue
            f = wk  # a claimable discarded wild plays as its own kind
        # --- claims: wins first
        near = False   # a seat that could win on it: else no call
        if P[EP_WIN_DISCARD] == 1:
            for i in range(1, n):
                o = (turn + i) % n
                near = near or (not is_out(o, table) and may_win(o, rules, seats, table))
        if near:
            route = (FACT_DISCARD | (FACT_LAST_DISCARD if nothing_left(P, W, gone) else 0)
                     | (FACT_KONG_DISCARD if after_kong else 0))
            mask = discard_winners(turn, f, rules, wall, seats, table, bots, work, values, log, raw, route)
            if mask != 0:
                winners, outcome = settle_multi(turn, mask, rules)
                if outcome < 0:
                    outcome = OUT_DISCARD_WIN
                discarder = turn
                if winners != 0 and record_wins(outcome, winners, f, route, raw, turn, rules, seats, table, work,
                                                values, rec, log):
                    turn = next_in(last_from(turn, winners, n), table, n)
                    outcome = -1
                    winners = 0
                    discarder = -1
                    continue
                break
        if raw == wk:
            # a discarded wild may only be won on: no wild goes into a meld
            turn = next_in(turn, table, n)
            continue
        # --- kong, pon, chi by priority, then seat order from the discarder
        # a kong on this discard needs a replacement tile; look only if someone could
        can_kong = False
        if P[EP_KONG_EXPOSED] == 1:
            for i in range(1, n):
                if cnt[(turn + i) % n, f] >= 3 and not is_out((turn + i) % n, table):
                    can_kong = can_replace(rules, wall)
                    break
        best_rank = 99
        taker = -1
        take_kind = -1
        take_start = -1
        for i in range(1, n):
            s = (turn + i) % n
            if is_out(s, table) or is_void(s, f, F) or not claimable(s, f, turn, can_kong, P, cnt[s]):
                continue
            dispatch.claim(s, f, turn, can_kong, rules, seats, table, bots, work, values)
            if claim[0] >= 0 and P[EP_PRIO + claim[0]] < best_rank:
                best_rank = P[EP_PRIO + claim[0]]
                taker = s
                take_kind = claim[0]
                take_start = claim[1]
        if taker < 0:
            turn = next_in(turn, table, n)
            continue
        H[H_CLAIMS] += 1
        H[H_FW_COUNT] = 0
        H[H_LAST_RAW] = -1
        vis[raw] -= 1  # the claimed tile joins a meld; counted there
        if take_kind == CLAIM_KONG:
            if do_kong(taker, MELD_KONG_EXP, f, turn, rules, seats, table, log, raw):
                outcome = OUT_FOUR_KONGS
                turn = taker
                break
            turn = taker
            raw2 = replacement(rules, wall)
            W[WS_DEAD_EXTRA] += P[EP_DEAD_PER_KONG + min(H[H_KONGS] - 1, 3)]
            F[turn, F_DRAWS] += 1
            log_event(log, EV_DRAW, turn, raw2, 1, 0)
            last = receive(turn, raw2, True, rules, wall, seats, table, log)
            kong_draw = True
            need_draw = False
            if last == NONE_JOINED:
                turn = next_in(turn, table, n)
                break
            continue
        if take_kind == CLAIM_PON:
            remove_face(taker, f, cnt, keys, F, pw)
            remove_face(taker, f, cnt, keys, F, pw)
            add_meld(taker, MELD_PON, f, turn, rules, seats)
            F[taker, F_PONS] += 1
            vis[raw] += 3
            log_event(log, EV_PON, taker, raw, f, turn)
        else:
            for j in range(3):
                g = take_start + j
                if g != f:
                    remove_face(taker, g, cnt, keys, F, pw)
                vis[raw_of(g, wk, si)] += 1
            add_meld(taker, MELD_CHI, take_start, turn, rules, seats)
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
            raw = draw_head(P, W, tiles, gone)
            F[turn, F_DRAWS] += 1
            log_event(log, EV_HAIDI, turn, raw, 0, 0)
            got = receive(turn, raw, False, rules, wall, seats, table, log)
            if H[H_ERROR] != 0:
                rec[:] = 0
                rec[C_OUTCOME] = -1
                return -H[H_ERROR]
            if got != NONE_JOINED and shapes_now(turn, rules, seats, work) != 0:
                hard = hard_now(turn, wk, True, rules, seats, work)
                route = FACT_SELF_DRAWN | FACT_HAIDI | (FACT_LAST_TILE if nothing_left(P, W, gone) else 0)
                if (gate_ok(turn, got, route, shapes_now(turn, rules, seats, work), hard, rules, seats, table,
                            work, values)
                        and dispatch.take_win(turn, got, shapes_now(turn, rules, seats, work), hard, False, rules, wall,
                                     seats, table, bots, work)):
                    # the hand ends here: 海底 and play after a win are never combined (ruleset/validate_end.py)
                    record_wins(OUT_HAIDI_WIN, 1 << turn, got, route, -1, -1, rules, seats, table, work, values, rec,
                                log)
                    outcome = OUT_HAIDI_WIN
                    break
            turn = next_in(turn, table, n)
        if outcome < 0:
            outcome = OUT_EXHAUSTIVE
    at_wall = outcome == OUT_EXHAUSTIVE   # the wall ran out with seats still in (查叫 reads them)
    if H[H_OUTCOME] >= 0:
        # the hand's outcome is its first win's; each winner's order and who dealt in are in its columns
        outcome, discarder = H[H_OUTCOME], H[H_DISCARDER]
    # --- the record (each winner's columns were written as it won)
    fill_record(rules, wall, seats, table, values, rec, dealer, outcome, H[H_WINNERS], H[H_FIRST], discarder, wk)
    if at_wall and P[EP_DRAW_READY] == 1:
        ready_readings(rules, seats, table, work, values, rec, log)
    if H[H_ERROR] != 0:
        rec[:] = 0
        rec[C_OUTCOME] = -1
        return -H[H_ERROR]
    log_event(log, EV_END, -1, -1, outcome, H[H_WINNERS])
    return outcome
