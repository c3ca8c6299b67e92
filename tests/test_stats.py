"""The cluster-robust intervals cover the truth about 95% of the time, and
accumulators merge exactly."""

import numpy as np

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.settle import score
from ruian_sim.stats import Accumulator, ratio_ci


def test_ratio_interval_covers_the_truth_about_95_percent():
    # matches of 3-9 hands with a per-match random effect: hands are correlated
    rng = np.random.default_rng(1)
    truth, covered, trials = 0.3, 0, 400
    for _ in range(trials):
        sizes = rng.integers(3, 10, 150)
        p = np.clip(truth + rng.normal(0, 0.1, 150), 0, 1)
        x = rng.binomial(sizes, p).astype(float)
        n = sizes.astype(float)
        # the true ratio of this design is E[x]/E[n] = truth (clipping is symmetric enough here)
        m = (x.sum(), n.sum(), (x * x).sum(), (x * n).sum(), (n * n).sum(), len(x))
        _, lo, hi = ratio_ci(*m)
        covered += lo <= truth <= hi
    assert 0.92 <= covered / trials <= 0.98


def test_merging_halves_equals_one_pass():
    rules = load("ruian")
    sim = simulator(rules, "greedy")
    a, b = sim.play(4, 0, 30), sim.play(4, 30, 30)
    whole = np.concatenate([a, b])
    one = Accumulator(4).add(whole, score(whole, rules), 4)
    two = Accumulator(4).add(a, score(a, rules), 4) + Accumulator(4).add(b, score(b, rules), 4)
    assert one.hands == two.hands and one.matches == two.matches == 60
    assert one.moments.keys() == two.moments.keys()
    for k in one.moments:
        assert np.allclose(one.moments[k], two.moments[k]), k
    assert one.hist == two.hist


def test_points_percentiles_match_numpy():
    rules = load("ruian")
    r = simulator(rules, "greedy").play(4, 0, 40)
    s = score(r, rules)
    acc = Accumulator(4).add(r, s, 4)
    for p in range(4):
        got = acc.percentiles(f"points.{p}", qs=(50,))["p50"]
        assert got == np.percentile(s.player_points[:, p], 50, method="inverted_cdf")
        assert np.isclose(acc.hist_sd(f"points.{p}"), s.player_points[:, p].std(ddof=1))


def test_chunks_that_miss_a_rare_multiplier_merge_like_one_pass():
    # a chunk without any ×4 win must still count its wins in the ×4 share
    rules = load("ruian")
    sim = simulator(rules, "greedy")
    parts = [sim.play(8, m, 1) for m in range(40)]
    whole = np.concatenate(parts)
    one = Accumulator(4).add(whole, score(whole, rules), 4)
    many = Accumulator(4)
    for p in parts:
        many = many + Accumulator(4).add(p, score(p, rules), 4)
    assert one.moments.keys() == many.moments.keys()
    for k in one.moments:
        assert np.allclose(one.moments[k], many.moments[k]), k
