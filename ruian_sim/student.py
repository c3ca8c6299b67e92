"""Student's t distribution: the two-sided tail and the 95% quantile, from one function.

Every interval and every p-value the tool prints comes from here (through
``stats.t_test``), so that a p below 0.05 and a 95% interval that excludes 0
are the same statement: the quantile is found by bisecting the very tail
function the p-values are read from, not taken from a table or from the
normal distribution.  The tail is the regularized incomplete beta function,
evaluated by its continued fraction (modified Lentz), which needs only
``math.lgamma``: no scipy.
"""

from __future__ import annotations

import math
from functools import lru_cache

_TINY = 1e-300
_EPS = 1e-15
_BIG_DF = 1e7


def _beta_cf(a: float, b: float, x: float) -> float:
    """The continued fraction of I_x(a, b), by the modified Lentz method."""
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    # enough for a = df / 2 in the millions (it converges in about √a steps)
    for m in range(1, 200_000):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + num / c
            c = c if abs(c) > _TINY else _TINY
            h *= c * d
        if abs(c * d - 1.0) < _EPS:
            return h
    return h


def _log_gamma_ratio(z: float, b: float) -> float:
    """ln Γ(z + b) − ln Γ(z) for a large z, without the cancellation of two lgammas near 1e10
    (Stirling's series of each, their difference taken term by term)."""
    def tail(w: float) -> float:
        return 1 / (12 * w) - 1 / (360 * w ** 3) + 1 / (1260 * w ** 5)

    return (z - 0.5) * math.log1p(b / z) + b * math.log(z + b) - b + tail(z + b) - tail(z)


def _log_beta(a: float, b: float) -> float:
    big, small = max(a, b), min(a, b)
    if big > 1e3:   # ln B(a, b) = ln Γ(small) − (ln Γ(big + small) − ln Γ(big))
        return math.lgamma(small) - _log_gamma_ratio(big, small)
    return math.lgamma(a) + math.lgamma(b) - math.lgamma(a + b)


def beta_inc(a: float, b: float, x: float, y: float) -> float:
    """The regularized incomplete beta I_x(a, b), with y = 1 - x given separately (so that an x
    near 1 keeps its precision)."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    log_x = math.log1p(-y) if y < 0.5 else math.log(x)
    log_y = math.log1p(-x) if x < 0.5 else math.log(y)
    log_front = a * log_x + b * log_y - _log_beta(a, b)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_cf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_cf(b, a, y) / b


def t_sf2(t: float, df: float) -> float:
    """Two-sided p-value of a t statistic with ``df`` degrees of freedom: P(|T| ≥ |t|)."""
    if math.isnan(t) or not df > 0:
        return math.nan
    if math.isinf(t):
        return 0.0
    if df > _BIG_DF:
        # the continued fraction loses digits where df / (df + t²) is within 1e-7 of 1; here t is
        # the normal plus its first correction, good to O(1 / df²) (and still decreasing in |t|)
        z = abs(t)
        phi = math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
        return min(1.0, math.erfc(z / math.sqrt(2)) + phi * (z ** 3 + z) / (2 * df))
    t2 = t * t
    # P(|T| ≥ |t|) = I_{df / (df + t²)}(df / 2, 1 / 2)
    return min(1.0, max(0.0, beta_inc(df / 2.0, 0.5, df / (df + t2), t2 / (df + t2))))


@lru_cache(maxsize=4096)
def t_quantile2(df: float, alpha: float = 0.05) -> float:
    """The q with t_sf2(q, df) = alpha (0.975 quantile for alpha 0.05), bisected on t_sf2 itself:
    |t| ≥ q exactly when t_sf2(t, df) < alpha, up to the last bit of q."""
    if not df > 0:
        return math.inf
    lo, hi = 0.0, 1.0
    while t_sf2(hi, df) >= alpha:
        lo, hi = hi, hi * 2.0
    while True:
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):   # adjacent floats
            return hi
        if t_sf2(mid, df) >= alpha:
            lo = mid
        else:
            hi = mid
