"""Scoring tables from the rules, applied to hand records after play.

A scoring table never needs the hands replayed: every fact a condition may
name is in the records (see FACTS).  For each hand this gives points per
seat, then per player (with five players the one sitting out scores 0).
Every hand's points sum to zero.

The table language (rules/schema.json, `scoring`):
- ``multiplier.table``: entries ``{name, value, when}``; ``when`` holds
  conditions over facts (a boolean fact must equal the value given; a count
  fact must lie in ``{min, max}``), all of which must hold.  ``pick``:
  ``highest`` matching value, ``first`` match in table order, or the
  ``product`` of all matches.
- ``base``: points between the winner and each payer: ``dealer[term - 1]``
  when either of the pair is the dealer (later terms use the last value),
  ``other`` between two non-dealers.  A payment is multiplier × base,
  capped by ``cap`` (0: no cap).
- ``payers``: ``all`` losers pay; ``discarder``: on a discard win only the
  discarder pays; ``discarder_for_all``: the discarder pays what all would.
- ``kongs``: each other player pays the konger per kong declared;
  ``wild_money``: each wild held collects from each other player (all
  holders, or the winner only); ``four_winds_penalty``: the first of four
  same honors pays each other player.  A hand with no winner scores only
  its four-winds penalties: everybody scores 0 on a draw (RULES §4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .engine import layout as L
from .engine.records import per_seat
from .hand.layout import SHAPE_NAMES
from .ruleset import RuleSet

SHAPE_BIT = {name: 1 << i for i, name in enumerate(SHAPE_NAMES)}
FACT_BIT = {name: 1 << i for i, name in enumerate(L.FACT_NAMES)}

Fact = Callable[[np.ndarray, int, int], np.ndarray]  # (records, seat, seats) -> int array


def _shape(name):
    return lambda r, s, n: (r[f"shapes_{s}"] & SHAPE_BIT[name]) != 0


def _hard_shape(name):
    return lambda r, s, n: (r[f"hard_{s}"] & SHAPE_BIT[name]) != 0


def _fact(name):
    return lambda r, s, n: (r[f"facts_{s}"] & FACT_BIT[name]) != 0


def _popcount(x):
    out = np.zeros_like(x)
    for b in range(4):
        out += (x >> b) & 1
    return out


FACTS: dict[str, Fact] = {
    **{name: _shape(name) for name in SHAPE_BIT},
    **{f"hard_{name}": _hard_shape(name) for name in ("standard", "eight_pairs", "all_pungs")},
    "hard": lambda r, s, n: r[f"hard_{s}"] != 0,
    **{name: _fact(name) for name in L.FACT_NAMES},
    "winner_dealer": lambda r, s, n: r["dealer"] == s,
    "shapes": lambda r, s, n: _popcount(r[f"shapes_{s}"]),
    "wilds": lambda r, s, n: r[f"wilds_{s}"],
    "streak": lambda r, s, n: r["streak"],
    "kongs": lambda r, s, n: r[f"kong_exposed_{s}"] + r[f"kong_added_{s}"] + r[f"kong_concealed_{s}"],
}
COUNT_FACTS = ("shapes", "wilds", "streak", "kongs")


@dataclass
class Scored:
    """Points per hand: ``seat_points[h, s]``, ``player_points[h, p]``; for each
    hand the first winner's multiplier and table entry (-1: none)."""

    seat_points: np.ndarray
    player_points: np.ndarray
    multiplier: np.ndarray
    entry: np.ndarray
    entry_names: list[str]
    possible: tuple[int, ...] = ()   # every multiplier the table can give


def possible_multipliers(scoring) -> tuple[int, ...]:
    """All values the multiplier can take, from the table alone (so that
    statistics keep the same keys whatever hands a chunk happened to see)."""
    values = [int(e["value"]) for e in scoring["multiplier"]["table"]]
    if scoring["multiplier"]["pick"] == "product":
        out = {1}
        for v in values:
            out |= {x * v for x in out}
        return tuple(sorted(out))
    return tuple(sorted(set(values) | {1}))


def _matches(entry: dict, r: np.ndarray, s: int, n: int) -> np.ndarray:
    ok = np.ones(len(r), bool)
    for fact, cond in entry.get("when", {}).items():
        v = np.asarray(FACTS[fact](r, s, n)).astype(np.int64)
        if isinstance(cond, bool):
            ok &= (v != 0) == cond
        else:
            if "min" in cond:
                ok &= v >= cond["min"]
            if "max" in cond:
                ok &= v <= cond["max"]
    return ok


def multipliers(records: np.ndarray, scoring, seats: int) -> tuple[np.ndarray, np.ndarray]:
    """(multiplier[h, s], entry index[h, s]) for every seat as if it had won."""
    table = list(scoring["multiplier"]["table"])
    pick = scoring["multiplier"]["pick"]
    n_h = len(records)
    mult = np.ones((n_h, seats), np.int64)
    entry = np.full((n_h, seats), -1, np.int64)
    for s in range(seats):
        if pick == "product":
            m = np.ones(n_h, np.int64)
            for i, e in enumerate(table):
                hit = _matches(e, records, s, seats)
                m = np.where(hit, m * int(e["value"]), m)
                entry[:, s] = np.where(hit & (entry[:, s] < 0), i, entry[:, s])
            mult[:, s] = m
        else:
            best = np.zeros(n_h, np.int64)
            for i, e in enumerate(table):
                hit = _matches(e, records, s, seats)
                if pick == "first":
                    take = hit & (entry[:, s] < 0)
                else:
                    take = hit & (int(e["value"]) > best)
                best = np.where(take, int(e["value"]), best)
                entry[:, s] = np.where(take, i, entry[:, s])
            mult[:, s] = np.where(entry[:, s] >= 0, best, 1)
    return mult, entry


def score(records: np.ndarray, rules: RuleSet) -> Scored:
    sc = rules.scoring
    n = rules.table.seats
    players = rules.table.players
    n_h = len(records)
    pay = np.zeros((n_h, n), np.int64)
    outcome = records["outcome"]
    won = np.isin(outcome, L.WIN_OUTCOMES)
    dealer = records["dealer"].astype(np.int64)
    streak = records["streak"].astype(np.int64)
    winners = records["winners"].astype(np.int64)
    discarder = records["discarder"].astype(np.int64)
    mult, entry = multipliers(records, sc, n)
    dealer_bases = np.array(list(sc["base"]["dealer"]), np.int64)
    dealer_base = dealer_bases[np.clip(streak - 1, 0, len(dealer_bases) - 1)]
    other = int(sc["base"]["other"])
    cap = int(sc["cap"])
    payers = sc["payers"]
    facts = per_seat(records, "facts", n)
    rows = np.arange(n_h)
    for w in range(n):
        is_w = won & (((winners >> w) & 1) == 1)
        if not is_w.any():
            continue
        on_discard = (facts[:, w] & FACT_BIT["discard_win"]) != 0
        owed = np.zeros((n_h, n), np.int64)  # what each loser owes this winner
        for p in range(n):
            if p == w:
                continue
            base = np.where((dealer == w) | (dealer == p), dealer_base, other)
            amount = mult[:, w] * base
            if cap > 0:
                amount = np.minimum(amount, cap)
            owed[:, p] = amount
        total = owed.sum(axis=1)
        gets = np.zeros((n_h, n), np.int64)
        if payers == "all":
            gets = owed
        else:
            d_ok = on_discard & (discarder >= 0)
            gets = np.where(d_ok[:, None], 0, owed)
            d = np.clip(discarder, 0, n - 1)
            if payers == "discarder":
                gets[rows[d_ok], d[d_ok]] = owed[rows[d_ok], d[d_ok]]
            else:  # discarder_for_all
                gets[rows[d_ok], d[d_ok]] = total[d_ok]
        gets = np.where(is_w[:, None], gets, 0)
        pay -= gets
        pay[:, w] += gets.sum(axis=1)
    # kong payments and 财神钱 are part of a won hand's settlement
    kongs = sc["kongs"]
    for field, key in (("kong_exposed", "exposed"), ("kong_added", "added"), ("kong_concealed", "concealed")):
        amount = int(kongs[key])
        if amount:
            count = per_seat(records, field, n).astype(np.int64) * amount * won[:, None]
            pay += count * n - count.sum(axis=1, keepdims=True)
    wm = sc["wild_money"]
    if int(wm["amount"]):
        wilds = per_seat(records, "wilds", n).astype(np.int64) * int(wm["amount"]) * won[:, None]
        if wm["holders"] == "winner":
            wilds = wilds * ((winners[:, None] >> np.arange(n)) & 1)
        pay += wilds * n - wilds.sum(axis=1, keepdims=True)
    pen = int(sc["four_winds_penalty"])
    if pen:
        count = per_seat(records, "penalty", n).astype(np.int64) * pen
        pay -= count * n - count.sum(axis=1, keepdims=True)
    seat_player = per_seat(records, "player", n).astype(np.int64)
    pp = np.zeros((n_h, players), np.int64)
    for s in range(n):
        np.add.at(pp, (rows, seat_player[:, s]), pay[:, s])
    first = records["winner"].astype(np.int64)
    has = first >= 0
    m1 = np.where(has, mult[rows, np.clip(first, 0, n - 1)], 0)
    e1 = np.where(has, entry[rows, np.clip(first, 0, n - 1)], -1)
    names = [str(e["name"]) for e in sc["multiplier"]["table"]]
    return Scored(pay, pp, m1, e1, names, possible_multipliers(sc))
