"""Matches: hands in sequence with dealer rotation, the substitute's seat
changes, and one record row per hand."""

from ..jit import kernel
from ..table.layout import (
    C_DISCARDER,
    C_FIXED,
    C_HAND,
    C_MATCH,
    C_OUTCOME,
    C_ROUND,
    C_SITTING_OUT,
    C_STREAK,
    C_WINNER,
    C_WINNERS,
    EP_CAP,
    EP_CAP_DICE,
    EP_DRAW_SAME_TERM,
    EP_FIRST_DEALS,
    EP_KEEP_DRAW,
    EP_KEEP_WIN,
    EP_MAX_HANDS,
    EP_PLAYERS,
    EP_ROUNDS,
    EP_SEATS,
    EP_SUBSTITUTE,
    OUT_DISCARD_WIN,
    OUT_HAIDI_WIN,
    OUT_ROBBED_KONG,
    OUT_SELF_DRAW,
    S_PLAYER,
    S_WIN_ORDER,
)
from ..table.wall import throw
from .turn import play_hand


@kernel
def is_win(outcome):
    return (outcome == OUT_SELF_DRAW or outcome == OUT_DISCARD_WIN or outcome == OUT_ROBBED_KONG
            or outcome == OUT_HAIDI_WIN)


@kernel
def first_dealer(rec, n):
    """Who deals after a won hand under dealer.next first_winner: the first
    winner, or the seat that dealt in when its discard had several winners."""
    first = 0
    for s in range(n):
        if rec[C_FIXED + S_WIN_ORDER * n + s] == 1:
            first += 1
    if first > 1 and rec[C_DISCARDER] >= 0:
        return rec[C_DISCARDER]
    return rec[C_WINNER]


@kernel
def after_cap(dealer, P, rs):
    """Who deals once streak_cap takes the deal from ``dealer``: the next
    seat, or (dealer.after_cap dice) the seat the winning dealer's throw
    counts to, itself as 1, so it may deal again.  The throw continues the
    hand's own dice stream (``rs``): any hand still replays alone."""
    n = P[EP_SEATS]
    if P[EP_CAP_DICE] == 0:
        return (dealer + 1) % n
    return (dealer + throw(P, rs) - 1) % n


@kernel
def play_matches(root, first_match, n_matches, by_player, rules, state, turn, search, work, values, recs, log,
                 seat_player, nolog, log_hand):
    """Play matches first_match.. while ``recs`` has room for a whole match.

    ``by_player[player]`` holds each player's bot parameters, copied into
    ``state.bots.bp`` by seat for each hand; seat 0 is East and deals first; a
    match lasts until the deal has passed players × rounds times.
    ``turn`` is the hand loop's own (turn_state.Turn), ``search`` the
    search player's table (search.SearchWork; None: no seat searches); ``seat_player``
    (int64[seats]) is scratch.  Events go to ``log`` for hand
    ``log_hand`` only (``nolog`` for the others), and play stops after that
    hand (-1: never), leaving its final state in ``state``.  Returns (rows
    written, matches played, error): error is a layout.ERR_* code, 0 when all
    went well; then ``recs[rows]`` holds the match and hand that failed."""
    P = rules.P
    bp = state.bots.bp
    n = P[EP_SEATS]
    players = P[EP_PLAYERS]
    row = 0
    done = 0
    cut = 0
    for mi in range(n_matches):
        if row + P[EP_MAX_HANDS] > recs.shape[0]:
            break
        match = first_match + mi
        for s in range(n):
            seat_player[s] = s
        out = n if players > n else -1
        dealer = 0
        streak = 1
        passes = 0
        hand = 0
        while passes < players * P[EP_ROUNDS] and hand < P[EP_MAX_HANDS]:
            for s in range(n):
                for j in range(by_player.shape[1]):
                    bp[s, j] = by_player[seat_player[s], j]
            rec = recs[row]
            lg = log if hand == log_hand else nolog
            err = play_hand(root, match, hand, dealer, streak, passes // players, rules, state.wall,
                            state.seats, state.table, state.bots, turn, search, work, values, rec, lg)
            rec[C_MATCH] = match
            rec[C_HAND] = hand
            if err < 0:
                # an impossible state: stop here; recs[row] names the hand
                return row, done, -err, cut
            rec[C_STREAK] = streak
            rec[C_ROUND] = passes // players
            rec[C_SITTING_OUT] = out
            for s in range(n):
                rec[C_FIXED + S_PLAYER * n + s] = seat_player[s]
            row += 1
            if hand == log_hand:
                return row, done + 1, 0, cut
            hand += 1
            if P[EP_FIRST_DEALS] == 1 and is_win(rec[C_OUTCOME]):
                # the first winner deals next (the seat that dealt in to several at once);
                # every hand is one pass of the deal
                nxt = first_dealer(rec, n)
                if nxt == dealer and P[EP_CAP] > 0 and streak >= P[EP_CAP]:
                    nxt = after_cap(dealer, P, state.bots.rs)
                streak = streak + 1 if nxt == dealer else 1
                dealer = nxt
                passes += 1
                continue
            dealer_won = (rec[C_WINNERS] >> dealer) & 1 == 1
            drawn = not is_win(rec[C_OUTCOME])
            keep = (dealer_won and P[EP_KEEP_WIN] == 1) or (drawn and P[EP_KEEP_DRAW] == 1)
            if drawn and keep and P[EP_DRAW_SAME_TERM] == 1:
                continue   # dealer.draw_term same: the dealer deals again in the same term
            keep_before_cap = keep
            if keep and P[EP_CAP] > 0 and streak >= P[EP_CAP]:
                keep = False
            if keep:
                streak += 1
            else:
                if P[EP_SUBSTITUTE] == 1 and out >= 0:
                    # the substitute takes the outgoing dealer's seat (替补)
                    seat_player[dealer], out = out, seat_player[dealer]
                dealer = after_cap(dealer, P, state.bots.rs) if keep_before_cap else (dealer + 1) % n
                streak = 1
                passes += 1
        if passes < players * P[EP_ROUNDS]:
            cut += 1
        done += 1
    return row, done, 0, cut
