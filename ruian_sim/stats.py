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

Every interval and p-value comes from ``t_test`` (Student's t over matches,
student.py), so a p below 0.05 and a 95% interval that excludes 0 always say
the same thing.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from .metrics import WIN_PARTS, metric_columns
from .settle import Scored
from .student import t_quantile2, t_sf2
from .table import layout as L

MOMENTS = 6  # Σx, Σn, Σx², Σxn, Σn², matches


def t_test(estimate: float, se: float, df: float) -> tuple[float, float, float]:
    """(low, high, p): the 95% interval estimate ± q·se and the two-sided p-value of estimate / se,
    both from Student's t with ``df`` degrees of freedom (matches - 1), so that p < 0.05 exactly
    when the interval excludes 0.  Every interval and p-value the tool writes comes from here.

    A standard error of 0 (every match gave the same value): the interval is the point, and p is
    1 at 0, else 0.  Fewer than 2 matches (df < 1): no spread to measure, so no interval
    (-inf, inf) and no p-value (nan), written as null with the reason.  A figure that overflowed
    (not finite): nan for all three."""
    if not df >= 1:
        return -math.inf, math.inf, math.nan
    if not (math.isfinite(estimate) and math.isfinite(se)):
        return math.nan, math.nan, math.nan
    if se == 0:
        return estimate, estimate, 1.0 if estimate == 0 else 0.0
    h = t_quantile2(df) * se
    return estimate - h, estimate + h, t_sf2(estimate / se, df)


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

    def add(self, records: np.ndarray, scored: Scored, seats: int) -> Accumulator:
        """Add the hands of whole matches."""
        if len(records) == 0:
            return self
        _, cols = metric_columns(records, scored, seats, self.players)
        for name, (xs, ns) in cols.items():
            self._add(name, xs, ns)
        for p in range(self.players):
            self._hist(f"points.{p}", scored.player_points[:, p])
        dealer = records["dealer"].astype(np.int64)
        for k in range(seats):   # by place from the dealer, for charts that say dealer / non-dealer
            self._hist(f"points_from_dealer.{k}", scored.seat_points[np.arange(len(records)), (dealer + k) % seats])
        self._hist("streak", records["streak"])
        self._hist("turns", records["turns"])
        won = np.isin(records["outcome"], L.WIN_OUTCOMES)
        for part in WIN_PARTS:
            self._hist(f"win.{part}", getattr(scored, part)[won])
        self.hands += len(records)
        self.matches += len(np.unique(records["match"]))
        return self

    def __add__(self, other: Accumulator) -> Accumulator:
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
        # in value order: a Counter keeps insertion order, which depends on how chunks merged,
        # and a float sum in another order can differ in its last bit
        items = sorted(c.items())
        mean = sum(v * k for v, k in items) / total
        return math.sqrt(sum(k * (v - mean) ** 2 for v, k in items) / (total - 1))

    def to_dict(self) -> dict:
        return {"players": self.players, "hands": self.hands, "matches": self.matches,
                "seconds": self.seconds,
                "moments": {k: v.tolist() for k, v in self.moments.items()},
                "hist": {k: {str(a): b for a, b in v.items()} for k, v in self.hist.items()}}

    @classmethod
    def from_dict(cls, d: dict) -> Accumulator:
        return cls(d["players"], {k: np.array(v, float) for k, v in d["moments"].items()},
                   {k: Counter({int(a): b for a, b in v.items()}) for k, v in d["hist"].items()},
                   d["hands"], d["matches"], d.get("seconds", 0.0))


def ratio_ci(sx, sn, sxx, sxn, snn, b) -> tuple[float, float, float]:
    if sn == 0:
        return 0.0, 0.0, 0.0
    r = float(sx / sn)
    if b < 2:
        return r, -math.inf, math.inf
    with np.errstate(over="ignore", invalid="ignore"):   # an overflow ends as nan: no interval
        ss = max(float(sxx - 2 * r * sxn + r * r * snn), 0.0)
    se = math.sqrt(b / (b - 1) * ss) / float(sn)
    lo, hi, _ = t_test(r, se, int(b) - 1)
    return r, lo, hi


# --- paired comparison -----------------------------------------------------------
CROSS = 4  # Σ xa·xb, Σ xa·nb, Σ na·xb, Σ na·nb


@dataclass
class PairedAccumulator:
    """Two accumulators over the same matches plus their cross moments (for
    paired intervals and p-values, matches the unit) and how many hands that
    exist on both sides (same match, same hand index) were played alike."""

    a: Accumulator
    b: Accumulator
    cross: dict[str, np.ndarray] = field(default_factory=dict)
    # [hands on both sides, same record (deal, play and ending alike), same payments]
    same: np.ndarray = field(default_factory=lambda: np.zeros(3))

    def add(self, ra, sa, rb, sb, seats_a: int, seats_b: int) -> PairedAccumulator:
        ma, ca = metric_columns(ra, sa, seats_a, self.a.players)
        mb, cb = metric_columns(rb, sb, seats_b, self.b.players)
        assert (ma == mb).all(), "paired sides must play the same matches"
        self.a.add(ra, sa, seats_a)
        self.b.add(rb, sb, seats_b)
        for name in set(ca) | set(cb):
            xa, na = ca.get(name, (np.zeros(len(ma)), np.zeros(len(ma))))
            xb, nb = cb.get(name, (np.zeros(len(mb)), np.zeros(len(mb))))
            m = np.array([(xa * xb).sum(), (xa * nb).sum(), (na * xb).sum(), (na * nb).sum()])
            self.cross[name] = self.cross.get(name, np.zeros(CROSS)) + m
        # hands paired by (match, hand index)
        ka = ra["match"].astype(np.int64) * 100_000 + ra["hand"]
        kb = rb["match"].astype(np.int64) * 100_000 + rb["hand"]
        _, ia, ib = np.intersect1d(ka, kb, return_indices=True)
        self.same = self.same + _same_hands(ra, sa, rb, sb, ia, ib)
        return self

    def __add__(self, other: PairedAccumulator) -> PairedAccumulator:
        out = PairedAccumulator(self.a + other.a, self.b + other.b,
                                {k: v.copy() for k, v in self.cross.items()}, self.same + other.same)
        for k, v in other.cross.items():
            out.cross[k] = out.cross.get(k, np.zeros(CROSS)) + v
        return out

    def to_dict(self) -> dict:
        return {"a": self.a.to_dict(), "b": self.b.to_dict(),
                "cross": {k: v.tolist() for k, v in self.cross.items()},
                "same": self.same.tolist()}

    @classmethod
    def from_dict(cls, d: dict) -> PairedAccumulator:
        return cls(Accumulator.from_dict(d["a"]), Accumulator.from_dict(d["b"]),
                   {k: np.array(v, float) for k, v in d["cross"].items()},
                   np.array(d.get("same", [0, 0, 0]), float))

    def compare(self, name: str) -> dict:
        """a, b, diff = a - b, its paired 95% CI and p, the unpaired CI beside it."""
        za = self.a.moments.get(name, np.zeros(MOMENTS))
        zb = self.b.moments.get(name, np.zeros(MOMENTS))
        c = self.cross.get(name, np.zeros(CROSS))
        with np.errstate(over="ignore", invalid="ignore"):   # an overflow ends as nan: no interval, no p
            return self._compare(za, zb, c)

    @staticmethod
    def _compare(za, zb, c) -> dict:
        sxa, sna, sxxa, sxna, snna, B = za
        sxb, snb, sxxb, sxnb, snnb, _ = zb
        ra = sxa / sna if sna else 0.0
        rb = sxb / snb if snb else 0.0
        diff = float(ra - rb)
        # match-level residuals e = (xa - ra·na)/Na - (xb - rb·nb)/Nb
        ssa = max(sxxa - 2 * ra * sxna + ra * ra * snna, 0.0) / (sna * sna) if sna else 0.0
        ssb = max(sxxb - 2 * rb * sxnb + rb * rb * snnb, 0.0) / (snb * snb) if snb else 0.0
        cab = (c[0] - rb * c[1] - ra * c[2] + ra * rb * c[3]) / (sna * snb) if sna and snb else 0.0
        if B < 2:
            # one match: no spread to measure (t_test: no interval, no p-value; not p = 0)
            var_paired = var_unpaired = math.nan
        else:
            f = B / (B - 1)
            var_paired = max(f * (ssa + ssb - 2 * cab), 0.0)
            var_unpaired = f * (ssa + ssb)
            if var_paired <= 1e-12 * var_unpaired < math.inf:  # rounding left over from identical sides
                var_paired = 0.0
        # yes/no figures too: a hand-level test (McNemar's, as before) ignores that hands of a
        # match are correlated, and its p contradicted this interval
        lo, hi, p = t_test(diff, math.sqrt(var_paired), B - 1)
        ulo, uhi, _ = t_test(diff, math.sqrt(var_unpaired), B - 1)
        return {"a": float(ra), "b": float(rb), "diff": diff, "ci95": [lo, hi], "p": float(p),
                "test": "paired t over matches", "unpaired_ci95": [ulo, uhi],
                "variance_reduction": float(var_unpaired / var_paired) if 0 < var_paired < math.inf else None}


def b_minus_a(c: dict) -> dict:
    """A comparison read the designer's way, B − A (the variant against its
    base), from PairedAccumulator.compare's A − B: the difference and both
    intervals turn; p and the pairing gain do not."""
    lo, hi = c["ci95"]
    ulo, uhi = c["unpaired_ci95"]
    return {**c, "diff": 0.0 - c["diff"], "ci95": [0.0 - hi, 0.0 - lo], "unpaired_ci95": [0.0 - uhi, 0.0 - ulo]}


def _same_hands(ra, sa, rb, sb, ia, ib) -> np.ndarray:
    """[paired hands, hands whose records match field by field, hands with the same payments]."""
    n = len(ia)
    if ra.dtype != rb.dtype or sa.player_points.shape[1] != sb.player_points.shape[1]:
        return np.array([n, 0, 0], float)
    rec = np.ones(n, bool)
    for f in ra.dtype.names:
        rec &= ra[f][ia] == rb[f][ib]
    pts = (sa.player_points[ia] == sb.player_points[ib]).all(axis=1)
    return np.array([n, rec.sum(), (rec & pts).sum()], float)


def holm(pvalues: dict[str, float]) -> dict[str, float]:
    """Holm-adjusted p-values (step-down, monotone) over the p-values there are; a figure without
    one (nan: fewer than 2 matches) has no adjusted p either and does not count in m."""
    out = {k: math.nan for k, p in pvalues.items() if math.isnan(p)}
    items = sorted(((k, p) for k, p in pvalues.items() if not math.isnan(p)), key=lambda kv: kv[1])
    m = len(items)
    running = 0.0
    for i, (k, p) in enumerate(items):
        running = max(running, min(1.0, (m - i) * p))
        out[k] = running
    return out
