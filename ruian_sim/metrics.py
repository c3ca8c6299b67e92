"""What each hand adds to each metric: per hand, a (numerator, denominator)
pair for every rate and mean a run reports (a win rate: (won, 1); points a
win: (points, won)), which stats.Accumulator sums over the hands of each
match.  A new metric is a column here; its interval comes with it.
"""

from __future__ import annotations

import numpy as np

from .settle import Scored
from .settle.draw import DRAW_FLOWS
from .table import layout as L
from .table.records import per_seat

# What a won hand is worth, the first winner's: its value against one non-dealer payer and
# the parts the items give.  Each is kept as a mean per win (with its CI) and a histogram
# of wins (exact quantiles), whatever kind of table the rules have.
WIN_PARTS = ("value", "points", "tai", "times")


def hand_flags(records: np.ndarray, scored: Scored, seats: int, players: int) -> dict[str, np.ndarray]:
    """Yes/no facts per hand (rates: their share of hands)."""
    out = records["outcome"]
    won = np.isin(out, L.WIN_OUTCOMES)
    winners = records["winners"].astype(np.int64)
    dealer = records["dealer"].astype(np.int64)
    flags = {f"outcome.{name}": out == i for i, name in enumerate(L.OUTCOME_NAMES)}
    flags["draw_rate"] = ~won
    flags["dealer_win_rate"] = ((winners >> dealer) & 1) == 1
    same_next = np.zeros(len(records), bool)
    same_next[:-1] = records["match"][1:] == records["match"][:-1]
    kept = np.zeros(len(records), bool)
    kept[:-1] = same_next[:-1] & (dealer[1:] == dealer[:-1])
    flags["dealer_kept_rate"] = kept
    seat_player = per_seat(records, "player", seats).astype(np.int64)
    for p in range(players):
        w = np.zeros(len(records), bool)
        for s in range(seats):
            w |= (((winners >> s) & 1) == 1) & (seat_player[:, s] == p)
        flags[f"seat_win_rate.{p}"] = w
    return flags


def metric_columns(records: np.ndarray, scored: Scored, seats: int,
                   players: int) -> tuple[np.ndarray, dict[str, tuple[np.ndarray, np.ndarray]]]:
    """(match ids, name -> (numerator, denominator) per match) for every metric."""
    n_h = len(records)
    ones = np.ones(n_h)
    won = np.isin(records["outcome"], L.WIN_OUTCOMES)
    dealer = records["dealer"].astype(np.int64)
    flags = hand_flags(records, scored, seats, players)
    cols: dict[str, tuple[np.ndarray, np.ndarray]] = {k: (v, ones) for k, v in flags.items()}
    for p in range(players):
        cols[f"seat_points_mean.{p}"] = (scored.player_points[:, p], ones)
    rows = np.arange(n_h)
    dpts = scored.seat_points[rows, dealer]
    cols["win_rate"] = (won, ones)
    cols["dealer_points_mean"] = (dpts, ones)
    cols["nondealer_points_mean"] = (-dpts, np.full(n_h, seats - 1.0))
    cols.update(dealer_columns(scored.seat_points, dealer, seats))
    fw = np.clip(records["winner"].astype(np.int64), 0, seats - 1)
    shapes = per_seat(records, "shapes", seats)[rows, fw]
    hard = per_seat(records, "hard", seats)[rows, fw]
    wins = won.astype(float)
    for i, name in enumerate(scored.shape_names):
        cols[f"shapes.{name}"] = (won & (((shapes >> i) & 1) != 0), wins)
    cols["hard_rate"] = (won & (hard != 0), wins)
    for v in scored.possible_times:
        cols[f"times.{v}"] = (won & (scored.times == v), wins)
    for i, nm in enumerate(scored.item_names):
        cols[f"items.{nm}"] = (won & scored.item(i), wins)
    for part in WIN_PARTS:
        cols[f"win_{part}_mean"] = (np.where(won, getattr(scored, part), 0), wins)
    cols["turns_mean"] = (records["turns"], ones)
    cols["flowers_mean"] = (per_seat(records, "flowers", seats).sum(axis=1), ones)
    cols["kongs_mean"] = (records["kongs"], ones)
    cols["claims_mean"] = (records["claims"], ones)
    penalty = per_seat(records, "penalty", seats).sum(axis=1)
    cols["penalty_rate"] = (penalty, ones)
    # how often a rule fired, for the rule list of a comparison
    cols["penalty_hand_rate"] = (penalty != 0, ones)
    cols["wild_held_win_rate"] = (won & (per_seat(records, "wilds", seats) > 0).any(axis=1), ones)
    if "passes_0" in records.dtype.names:  # records written before these columns lack them
        cols["passed_win_rate"] = (per_seat(records, "passes", seats).sum(axis=1) > 0, ones)
        cols["blocked_win_rate"] = (per_seat(records, "blocked", seats).sum(axis=1) > 0, ones)
    winners = _popcount(records["winners"].astype(np.int64))
    cols["multiple_winners_rate"] = (winners > 1, ones)
    cols["winners_mean"] = (winners, ones)
    for k in range(seats):
        cols[f"winners.{k}"] = (winners == k, ones)
    for name, x in scored.flows.items():   # kong money and a draw's settlement, per hand (settle/draw.py)
        cols[f"flow_mean.{name}"] = (x, ones)
    if "ready_0" in records.dtype.names and set(scored.flows) & set(DRAW_FLOWS):
        # the hand ran out of tiles with seats left, who were read ready or not (查叫)
        cols["draw_settled_rate"] = ((per_seat(records, "ready", seats) >= 0).any(axis=1), ones)
    if "win_order_0" in records.dtype.names:
        # a hand that went on after its first win (end.after_wins)
        cols["play_on_rate"] = (per_seat(records, "win_order", seats).max(axis=1) >= 2, ones)
    matches, inv = np.unique(records["match"], return_inverse=True)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for name, (x, n) in cols.items():
        xs = np.zeros(len(matches))
        ns = np.zeros(len(matches))
        np.add.at(xs, inv, np.asarray(x, float))
        np.add.at(ns, inv, np.asarray(n, float))
        out[name] = (xs, ns)
    hands = np.bincount(inv).astype(float)
    out["hands_per_match"] = (hands, np.ones(len(matches)))
    return matches, out


def dealer_columns(seat_points: np.ndarray, dealer: np.ndarray, seats: int) -> dict[str, tuple]:
    """Per hand, what dealing is worth and how much money moved, from each seat's points:

    - ``dealer_advantage``: the dealer's points minus the mean points of the other seats
      of that hand (any number of seats; a player sitting out has no seat);
    - ``money_per_hand``: the sum of the positive changes, what the winners took in.  With
      payments that sum to zero (every game here) it is half the sum of the absolute
      changes; were they not to, it would still count only what was received;
    - ``points_from_dealer.K``: the points of the seat K places on from the dealer in turn
      order (0 the dealer, 1 the next to play), so charts can say dealer / non-dealer."""
    n_h = len(seat_points)
    ones = np.ones(n_h)
    rows = np.arange(n_h)
    pts = seat_points[:, :seats].astype(np.int64)
    dpts = pts[rows, dealer]
    # d - (S - d)/(n - 1) kept as whole numbers, (n·d - S) over (n - 1), so that sums merged
    # in any order (chunks, workers) are exact, as every other figure's are
    cols = {"dealer_advantage": (seats * dpts - pts.sum(axis=1), np.full(n_h, max(seats - 1, 1.0))),
            "money_per_hand": (np.clip(pts, 0, None).sum(axis=1), ones)}
    for k in range(seats):
        cols[f"points_from_dealer.{k}"] = (pts[rows, (dealer + k) % seats], ones)
    return cols


def _popcount(x: np.ndarray) -> np.ndarray:
    n = np.zeros(len(x), np.int64)
    x = x.copy()
    while x.any():
        n += x & 1
        x >>= 1
    return n
