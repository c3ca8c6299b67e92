"""Statistics from mergeable accumulators, with 95% confidence intervals.

Hands within a match are correlated (the dealer's streak, who deals), so
every rate and mean is a ratio of sums over *matches*, the independent unit:
for each metric the accumulator keeps, over matches, the sums of x (its
numerator), n (its denominator), x², x·n and n².  That is enough for the
ratio R = Σx / Σn and its cluster-robust (delta method) variance

    var(R) = B / (B - 1) · Σ (x_b - R n_b)² / (Σn)²

over B matches, and it merges by addition: chunks can be summed in any
order, on any machine.  Integer histograms (points per hand, streaks) give
exact percentiles.  A comparison of two variants played on the same seeds
(paired) also keeps the cross sums of the two sides per match.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .engine import layout as L
from .engine.records import per_seat
from .scoring import SHAPE_BIT, Scored

MOMENTS = 6  # Σx, Σn, Σx², Σxn, Σn², matches

# t quantiles (0.975) for small degrees of freedom; 1.96 beyond
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021,
         60: 2.000, 120: 1.980}


def t975(df: int) -> float:
    if df <= 0:
        return math.inf
    keys = sorted(_T975)
    if df > keys[-1]:
        return 1.96
    below = max(k for k in keys if k <= df)
    above = min(k for k in keys if k >= df)
    if below == above:
        return _T975[below]
    f = (df - below) / (above - below)
    return _T975[below] + f * (_T975[above] - _T975[below])


def match_sums(records: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sums of ``values`` per match (matches in order of first appearance)."""
    matches, inverse = np.unique(records["match"], return_inverse=True)
    out = np.zeros((len(matches),) + values.shape[1:], np.float64)
    np.add.at(out, inverse, values)
    return matches, out


@dataclass
class Accumulator:
    """Per-metric match-level moments plus integer histograms; ``+`` merges."""

    players: int
    moments: dict[str, np.ndarray] = field(default_factory=dict)
    hist: dict[str, Counter] = field(default_factory=dict)
    hands: int = 0
    matches: int = 0
    seconds: float = 0.0

    # --- building ---------------------------------------------------------
    def _add(self, name: str, x: np.ndarray, n: np.ndarray) -> None:
        m = np.array([x.sum(), n.sum(), (x * x).sum(), (x * n).sum(), (n * n).sum(), len(x)])
        self.moments[name] = self.moments.get(name, np.zeros(MOMENTS)) + m

    def _hist(self, name: str, values) -> None:
        c = self.hist.setdefault(name, Counter())
        v, k = np.unique(np.asarray(values), return_counts=True)
        for a, b in zip(v.tolist(), k.tolist()):
            c[int(a)] += int(b)

    def add(self, records: np.ndarray, scored: Scored, seats: int) -> "Accumulator":
        """Add the hands of whole matches."""
        if len(records) == 0:
            return self
        n_h = len(records)
        ones = np.ones(n_h)
        out = records["outcome"]
        won = np.isin(out, L.WIN_OUTCOMES)
        winners = records["winners"].astype(np.int64)
        dealer = records["dealer"].astype(np.int64)
        players = per_seat(records, "player", seats).astype(np.int64)
        cols: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for i, name in enumerate(L.OUTCOME_NAMES):
            cols[f"outcome.{name}"] = (out == i, ones)
        cols["draw_rate"] = (~won, ones)
        dealer_won = ((winners >> dealer) & 1) == 1
        cols["dealer_win_rate"] = (dealer_won, ones)
        same_match_next = np.zeros(n_h, bool)
        same_match_next[:-1] = records["match"][1:] == records["match"][:-1]
        kept = np.zeros(n_h, bool)
        kept[:-1] = same_match_next[:-1] & (dealer[1:] == dealer[:-1])
        cols["dealer_kept_rate"] = (kept, ones)
        wins_by_player = np.zeros((n_h, self.players))
        for s in range(seats):
            is_w = ((winners >> s) & 1) == 1
            np.add.at(wins_by_player, (np.arange(n_h)[is_w], players[is_w, s]), 1)
        for p in range(self.players):
            cols[f"seat_win_rate.{p}"] = (wins_by_player[:, p], ones)
            cols[f"seat_points_mean.{p}"] = (scored.player_points[:, p], ones)
        rows = np.arange(n_h)
        dpts = scored.seat_points[rows, dealer]
        cols["dealer_points_mean"] = (dpts, ones)
        cols["nondealer_points_mean"] = (-dpts, np.full(n_h, seats - 1.0))
        first = records["winner"].astype(np.int64)
        fw = np.clip(first, 0, seats - 1)
        shapes = per_seat(records, "shapes", seats)[rows, fw]
        hard = per_seat(records, "hard", seats)[rows, fw]
        wins = won.astype(float)
        for name, bit in SHAPE_BIT.items():
            cols[f"shapes.{name}"] = (won & ((shapes & bit) != 0), wins)
        cols["hard_rate"] = (won & (hard != 0), wins)
        for v in np.unique(scored.multiplier[won]).tolist():
            cols[f"multipliers.{v}"] = (won & (scored.multiplier == v), wins)
        for i, nm in enumerate(scored.entry_names):
            cols[f"multiplier_entries.{nm}"] = (won & (scored.entry == i), wins)
        cols["turns_mean"] = (records["turns"], ones)
        cols["kongs_mean"] = (records["kongs"], ones)
        cols["claims_mean"] = (records["claims"], ones)
        cols["penalty_rate"] = (per_seat(records, "penalty", seats).sum(axis=1), ones)
        cols["hands_per_match"] = (ones, np.zeros(n_h))  # denominator filled per match below
        _, inv = np.unique(records["match"], return_inverse=True)
        n_matches = inv.max() + 1
        for name, (x, n) in cols.items():
            xs = np.zeros(n_matches)
            ns = np.zeros(n_matches)
            np.add.at(xs, inv, np.asarray(x, float))
            np.add.at(ns, inv, np.asarray(n, float))
            if name == "hands_per_match":
                ns = np.ones(n_matches)
            self._add(name, xs, ns)
        for p in range(self.players):
            self._hist(f"points.{p}", scored.player_points[:, p])
        self._hist("streak", records["streak"])
        self._hist("turns", records["turns"])
        self.hands += n_h
        self.matches += int(n_matches)
        return self

    def __add__(self, other: "Accumulator") -> "Accumulator":
        out = Accumulator(self.players, {k: v.copy() for k, v in self.moments.items()},
                          {k: Counter(v) for k, v in self.hist.items()}, self.hands, self.matches,
                          self.seconds + other.seconds)
        for k, v in other.moments.items():
            out.moments[k] = out.moments.get(k, np.zeros(MOMENTS)) + v
        for k, v in other.hist.items():
            out.hist.setdefault(k, Counter()).update(v)
        out.hands += other.hands
        out.matches += other.matches
        return out

    # --- reading ----------------------------------------------------------
    def estimate(self, name: str) -> tuple[float, float, float]:
        """(value, low, high) of a metric; a metric never seen is 0 ± 0."""
        m = self.moments.get(name)
        if m is None:
            return 0.0, 0.0, 0.0
        return ratio_ci(*m)

    def percentiles(self, name: str, qs=(5, 25, 50, 75, 95)) -> dict[str, float]:
        c = self.hist.get(name, Counter())
        total = sum(c.values())
        if not total:
            return {}
        vals = sorted(c)
        cum = np.cumsum([c[v] for v in vals])
        return {f"p{q}": float(vals[int(np.searchsorted(cum, q / 100 * total))]) for q in qs}

    def hist_sd(self, name: str) -> float:
        c = self.hist.get(name, Counter())
        total = sum(c.values())
        if total < 2:
            return 0.0
        mean = sum(v * k for v, k in c.items()) / total
        return math.sqrt(sum(k * (v - mean) ** 2 for v, k in c.items()) / (total - 1))

    def to_dict(self) -> dict:
        return {"players": self.players, "hands": self.hands, "matches": self.matches,
                "seconds": self.seconds,
                "moments": {k: v.tolist() for k, v in self.moments.items()},
                "hist": {k: {str(a): b for a, b in v.items()} for k, v in self.hist.items()}}

    @classmethod
    def from_dict(cls, d: dict) -> "Accumulator":
        return cls(d["players"], {k: np.array(v, float) for k, v in d["moments"].items()},
                   {k: Counter({int(a): b for a, b in v.items()}) for k, v in d["hist"].items()},
                   d["hands"], d["matches"], d.get("seconds", 0.0))


def ratio_ci(sx, sn, sxx, sxn, snn, b) -> tuple[float, float, float]:
    if sn == 0:
        return 0.0, 0.0, 0.0
    r = float(sx / sn)
    if b < 2:
        return r, -math.inf, math.inf
    ss = max(float(sxx - 2 * r * sxn + r * r * snn), 0.0)
    se = math.sqrt(b / (b - 1) * ss) / float(sn)
    h = t975(int(b) - 1) * se
    return r, r - h, r + h
