"""`--solve`: the search on synthetic functions with known roots, its warnings, and the command."""

import json
import math

import pytest

from ruian_sim.runner.sweep.solve import search, solve


def band(f, half):
    """An evaluation with a 95% band of constant half-width."""
    return lambda v: (f(v), f(v) - half, f(v) + half)


def test_integer_root_is_bracketed_by_the_two_values_either_side():
    r = solve(band(lambda v: 0.1 + 0.02 * v, 0.005), 0, 12, True, 0.25)  # meets 0.25 at 7.5
    assert r["met"] and r["bracket"] == [7, 8] and r["root"] == pytest.approx(7.5)
    lo, hi = r["interval"]
    assert lo <= 7 and hi >= 8
    assert r["interval_interpolated"] == pytest.approx([7.25, 7.75])
    assert not r["warnings"]
    assert len(r["evaluations"]) <= 8  # far fewer than the 13 values


def test_decreasing_metric_and_an_exact_hit():
    r = solve(band(lambda v: 10 - v, 0.5), 0, 10, True, 4.0)
    assert r["met"] and r["bracket"] == [6, 6] and r["root"] == 6
    assert r["interval"] == [5, 7]


def test_float_root_and_interval_from_the_ci_bounds():
    r = solve(band(math.sqrt, 0.05), 0.0, 4.0, False, 1.5, tol=1e-3)
    assert r["root"] == pytest.approx(2.25, abs=2e-3)
    lo, hi = r["interval"]
    assert lo == pytest.approx(1.45 ** 2, abs=5e-3) and hi == pytest.approx(1.55 ** 2, abs=5e-3)


def test_secant_converges_fast_on_a_line():
    calls = []

    def f(v):
        calls.append(v)
        return 3 * v - 10

    r = search(f, 0, 100, integer=True)
    assert r["bracket"] == [3, 4] and len(calls) <= 8


def test_flat_metric_warns_that_the_target_cannot_be_met():
    # e.g. scoring.base.other moves points only between non-dealers: the dealer's mean stays put
    r = solve(band(lambda v: 0.1 + 1e-4 * v, 0.05), 1, 8, True, 0.0)
    assert not r["met"] and r["root"] is None and r["interval"] is None
    assert any(w.startswith("flat:") for w in r["warnings"])


def test_target_outside_the_range_is_said_plainly():
    r = solve(band(lambda v: v, 0.1), 0, 10, True, 20.0)
    assert not r["met"] and any("is not met over 0..10" in w for w in r["warnings"])


def test_non_monotone_metric_warns():
    r = solve(band(lambda v: (v - 5) ** 2 + 1, 0.1), 0, 10, True, 0.0)  # never 0; dips in the middle
    assert not r["met"] and any(w.startswith("not monotone") for w in r["warnings"])
    # a crossing exists but the evaluated points go against the trend
    values = {0: -5, 1: 3, 2: 2, 3: 1.5, 4: 1, 5: 0.5, 6: -1, 7: 0.2, 8: 0.3, 9: 0.4, 10: 5}
    r = solve(band(lambda v: values[v], 0.01), 0, 10, True, 0.0)
    assert r["met"]
    assert any("not monotone over the evaluated points" in w for w in r["warnings"]), r


def test_solve_command_brackets_the_dead_wall(cli, tmp_path):
    out = tmp_path / "dead"
    done = cli("sweep", "--solve", "draw_rate=0.25", "--param", "wall.dead_stacks=0:12", "--hands", "1500",
               "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "sweep.json").read_text())
    r = s["solve"]
    assert r["met"] and r["integer"]
    a, b = r["bracket"]
    assert b - a in (0, 1) and 0 <= a <= 12
    ev = {e["value"]: e["estimate"] for e in r["evaluations"]}
    assert ev[a] <= 0.25 <= ev[b] or ev[b] <= 0.25 <= ev[a]
    assert r["interval"][0] <= a and r["interval"][1] >= b
    assert "answer: between wall.dead_stacks" in done.stdout or "answer: wall.dead_stacks" in done.stdout
    # every evaluation is a run of its own value on the same seeds: resuming reuses them all
    again = cli("sweep", "--resume", out, "--quiet")
    assert again.returncode == 0, again.stderr
    assert json.loads((out / "sweep.json").read_text())["solve"]["evaluations"] == r["evaluations"]


@pytest.mark.parametrize("args, says", [
    (["--solve", "draw_rate=0.25", "--param", "aborts.four_winds.action=none,draw"], "numeric"),
    (["--solve", "draw_rate=0.25", "--param", "wall.dead_stacks=0:2", "--param", "scoring.base.other=1,2"],
     "exactly one --param"),
    (["--solve", "nosuch=0.25", "--param", "wall.dead_stacks=0:2"], "--solve: unknown nosuch"),
    (["--solve", "draw_rate", "--param", "wall.dead_stacks=0:2"], "expected METRIC=TARGET"),
    # a streak cap of 0 is no cap (rules/schema.json x-off): no point of a numeric search
    (["--solve", "dealer_kept_rate=0.2", "--param", "dealer.streak_cap=0:6"],
     "dealer.streak_cap: 0 means no cap, not a number to search through; search a range without it, "
     "e.g. dealer.streak_cap=1:6"),
])
def test_bad_solve_exits_2(cli, tmp_path, args, says):
    done = cli("sweep", *args, "--hands", "100", "--workers", "1", "--quiet", "--out", tmp_path / "x")
    assert done.returncode == 2 and says in done.stderr, done.stderr


def test_a_parameter_that_cannot_meet_the_target_is_called_flat(cli, tmp_path):
    """scoring.base.other moves points only between non-dealers: it never equalises the dealer's
    and a non-dealer's means."""
    done = cli("sweep", "--solve", "dealer_points_mean=nondealer_points_mean", "--param", "scoring.base.other=1:8",
               "--hands", "1000", "--bots", "greedy", "--workers", "1", "--quiet", "--out", tmp_path / "flat")
    # done, and the answer is none: exit 3 (docs/cli.md#exit-codes-and-what-survives-a-failure), not 0
    assert done.returncode == 3, done.stderr
    assert "not met over the range" in done.stderr and "Traceback" not in done.stderr
    again = cli("sweep", "--resume", tmp_path / "flat", "--quiet")   # the same answer, resumed
    assert again.returncode == 3, again.stderr
    r = json.loads((tmp_path / "flat" / "sweep.json").read_text())["solve"]
    assert not r["met"] and len({e["estimate"] for e in r["evaluations"]}) == 1
    assert "warning: flat:" in done.stdout and "cannot meet dealer_points_mean = nondealer_points_mean" in done.stdout
