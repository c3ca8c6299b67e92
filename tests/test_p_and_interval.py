"""One statistics path: every p-value and its 95% interval come from the same Student t, so a
p below 0.05 and an interval that excludes 0 are one statement, whatever the matches gave.

Issue 51: `compare ruian ruian+discarder-pays --hands 8 --seed 1` printed a paired CI of
[-0.18, +1.07] beside p = 2.3e-18: the interval came from t with 1 degree of freedom, the
p-value from the normal distribution."""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruian_sim.runner.duel import paired
from ruian_sim.stats import b_minus_a, holm, ratio_ci


def compared(xa, na, xb, nb) -> dict:
    """The paired comparison of one figure over matches (per match: A's numerator and
    denominator, B's), through the accumulator compare, duel and sweep use."""
    cols = {"m": np.array([xa, na, xb, nb], float)}
    with np.errstate(over="ignore", invalid="ignore"):   # huge values: the sums of squares overflow
        acc = paired(cols, 4)
    return acc.compare("m")


def excludes_zero(ci) -> bool:
    return ci[0] > 0 or ci[1] < 0


def assert_agrees(r: dict) -> None:
    """p < 0.05 exactly when the paired CI excludes 0; no p exactly when no interval."""
    lo, hi = r["ci95"]
    if math.isnan(r["p"]):
        assert not (math.isfinite(lo) and math.isfinite(hi)), r
        return
    assert math.isfinite(lo) and math.isfinite(hi), r
    assert 0 <= r["p"] <= 1, r
    assert lo <= r["diff"] <= hi, r
    assert (r["p"] < 0.05) == excludes_zero(r["ci95"]), r


# --- the property, over random small runs ------------------------------------------------------

@st.composite
def matches(draw):
    """Per-match sums of one figure on both sides, in the shapes real runs give: counts out of
    hands (a rate), points with ties, a side that is constant, the same on both sides, matches
    that never saw the figure's denominator, and values near the float range's end."""
    b = draw(st.integers(2, 50))
    shape = draw(st.sampled_from(["rate", "points", "ties", "constant", "shift", "same", "huge", "tiny"]))
    n = np.array(draw(st.lists(st.integers(0, 12), min_size=b, max_size=b)), float)
    if shape == "rate":
        xa = np.array([draw(st.integers(0, int(k))) for k in n], float)
        xb = np.array([draw(st.integers(0, int(k))) for k in n], float)
        return xa, n, xb, n
    n = np.maximum(n, 1)
    if shape == "ties":
        vals = draw(st.lists(st.sampled_from([-2.0, 0.0, 1.0, 3.0]), min_size=2 * b, max_size=2 * b))
        return np.array(vals[:b]), n, np.array(vals[b:]), n
    if shape in ("huge", "tiny"):
        exp = draw(st.integers(120, 300) if shape == "huge" else st.integers(-300, -120))
        scale = 10.0 ** exp
    else:
        scale = 1.0
    finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
    xa = np.array(draw(st.lists(finite, min_size=b, max_size=b))) * scale
    if shape == "constant":
        xa = np.full(b, draw(finite))
        return xa, np.ones(b), np.array(draw(st.lists(finite, min_size=b, max_size=b))), np.ones(b)
    if shape == "shift":   # B is A moved by the same amount in every match: no spread at all
        return xa, n, xa + draw(finite) * n, n
    if shape == "same":
        return xa, n, xa.copy(), n
    xb = np.array(draw(st.lists(finite, min_size=b, max_size=b))) * scale
    return xa, n, xb, n


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_p_below_005_exactly_when_the_interval_excludes_0(m):
    assert_agrees(compared(*m))


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 50), st.floats(-5, 5), st.floats(0.01, 3), st.integers(0, 2**32 - 1))
def test_near_the_edge_too(b, effect, spread, seed):
    """Differences drawn around the size that is just significant, where a p from one
    distribution and an interval from another disagreed most."""
    rng = np.random.default_rng(seed)
    xa = rng.normal(effect * spread / math.sqrt(b), spread, b)
    xb = rng.normal(0, spread / 10, b)
    one = np.ones(b)
    assert_agrees(compared(xa, one, xb, one))


# --- the cases said in words ------------------------------------------------------------------

def test_two_matches_give_the_p_of_t_with_one_degree_of_freedom():
    # with 2 matches the t statistic has 1 degree of freedom (a Cauchy variable), whose
    # two-sided tail is 1 - 2/pi * atan(|t|): the 2.3e-18 was the normal tail
    one = np.ones(2)
    r = compared(np.array([1.0, 0.2]), one, np.array([0.3, 0.1]), one)
    d = np.array([0.7, 0.1])
    se = d.std(ddof=1) / math.sqrt(2)
    t = d.mean() / se
    assert r["diff"] == pytest.approx(0.4)
    assert r["p"] == pytest.approx(1 - 2 / math.pi * math.atan(abs(t)), rel=1e-9)
    assert r["p"] > 0.05 and r["ci95"][0] < 0 < r["ci95"][1]
    assert r["ci95"][1] - r["diff"] == pytest.approx(12.7062047 * se, rel=1e-7)
    assert r["test"] == "paired t over matches"


def test_a_yes_no_figure_is_tested_over_matches_like_its_interval():
    # 30 matches, B wins one more hand than A in 3 of them: a test over hands (McNemar's,
    # before) ignores how those hands cluster in matches; the t over matches matches the CI
    n = np.full(30, 8.0)
    xa = np.full(30, 2.0)
    xb = xa.copy()
    xb[:3] += 1
    r = compared(xa, n, xb, n)
    assert_agrees(r)
    assert r["p"] > 0.05


def test_no_spread_gives_a_point_and_p_0_or_1():
    one = np.ones(6)
    x = np.array([1.0, 4.0, 2.0, 0.0, 3.0, 5.0])
    same = compared(x, one, x.copy(), one)
    assert same["ci95"] == [0.0, 0.0] and same["p"] == 1.0
    shifted = compared(x + 0.5, one, x, one)
    assert shifted["ci95"] == [pytest.approx(0.5), pytest.approx(0.5)] and shifted["p"] == 0.0


def test_one_match_gives_no_interval_and_no_p():
    one = np.ones(1)
    r = compared(np.array([3.0]), one, np.array([1.0]), one)
    assert r["ci95"] == [-math.inf, math.inf] and r["unpaired_ci95"] == [-math.inf, math.inf]
    assert math.isnan(r["p"]) and r["variance_reduction"] is None


def test_holm_adjusts_the_p_values_there_are():
    adjusted = holm({"a": 0.01, "b": 0.04, "c": math.nan})
    assert adjusted["a"] == pytest.approx(0.02) and adjusted["b"] == pytest.approx(0.04)
    assert math.isnan(adjusted["c"])   # no p, no adjusted p; and it does not count in m = 2


def test_a_single_figure_interval_uses_the_same_t():
    # two matches of one hand: 0 and 1 wins, rate 0.5, se 0.5, t quantile 12.706...
    lo, hi = ratio_ci(1.0, 2.0, 1.0, 1.0, 2.0, 2)[1:]
    assert (hi - lo) / 2 == pytest.approx(12.7062047 * 0.5, rel=1e-7)


# --- the distribution itself ----------------------------------------------------------------

@pytest.mark.parametrize("t", [0.0, 0.3, 1.0, 2.5, 9.0, 120.0, 1e7])
def test_t_tail_against_closed_forms(t):
    from ruian_sim.student import t_sf2

    # each written without the cancellation of 1 - (something near 1)
    assert t_sf2(t, 1) == pytest.approx(2 / math.pi * math.atan2(1, t), rel=1e-12)
    s = math.sqrt(2 + t * t)
    assert t_sf2(t, 2) == pytest.approx(2 / (s * (s + t)), rel=1e-12)
    if t < 1e3:
        u = t / math.sqrt(3)
        assert t_sf2(t, 3) == pytest.approx(2 / math.pi * (math.atan2(1, u) - u / (1 + u * u)), rel=1e-9)


@pytest.mark.parametrize("df", [5, 30, 200])
def test_t_tail_against_its_density(df):
    from ruian_sim.student import t_sf2

    x = np.linspace(0, 60, 600_001)
    dens = np.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
                  - (df + 1) / 2 * np.log1p(x * x / df))
    for t in (0.5, 1.96, 3.0):
        tail = 2 * np.trapezoid(dens[x >= t], x[x >= t])
        assert t_sf2(t, df) == pytest.approx(tail, rel=1e-6)


@pytest.mark.parametrize("df, q", [(1, 12.7062047), (2, 4.3026527), (10, 2.2281389), (30, 2.0422725),
                                   (120, 1.9799304), (10**6, 1.9599664), (10**9, 1.9599640)])
def test_the_95_quantile_is_the_tables(df, q):
    from ruian_sim.student import t_quantile2, t_sf2

    got = t_quantile2(df)
    assert got == pytest.approx(q, abs=2e-7)
    # and it is where the p-values cross 0.05, to the last bit
    assert t_sf2(got, df) < 0.05 <= t_sf2(math.nextafter(got, 0), df)


def test_huge_samples_tend_to_the_normal():
    from ruian_sim.student import t_sf2

    z = 1.959963984540054
    assert t_sf2(z, 1e12) == pytest.approx(math.erfc(z / math.sqrt(2)), rel=1e-6)


def test_a_comparison_read_the_designers_way_turns_the_difference_and_both_intervals():
    # compare and sweep give B − A (the variant against its base); the p-value and the pairing gain stay
    one = np.ones(6)
    r = compared(np.array([1.0, 0.2, 0.5, 0.9, 0.4, 0.3]), one, np.array([0.3, 0.1, 0.6, 0.2, 0.2, 0.1]), one)
    t = b_minus_a(r)
    assert t["diff"] == -r["diff"] and t["a"] == r["a"] and t["b"] == r["b"]
    assert t["ci95"] == [-r["ci95"][1], -r["ci95"][0]]
    assert t["unpaired_ci95"] == [-r["unpaired_ci95"][1], -r["unpaired_ci95"][0]]
    assert t["p"] == r["p"] and t["variance_reduction"] == r["variance_reduction"]
    assert t["ci95"][0] <= t["diff"] <= t["ci95"][1]
