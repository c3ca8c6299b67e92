"""The table clock: exact with fixed times, slower with slower players, and
rounds counted the way the deal passes."""

import json

import pytest

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.session import MATCH_STRIDE, run_sessions
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat

FIXED = {a: {"dist": "fixed", "value": v} for a, v in
         dict(shuffle=60, dice=6, deal=30, draw=2, discard=5, claim_window=1, claim=3, kong=4, win=10,
              settle=40).items()}


def expected_seconds(rec, flowers):
    turns, claims, kongs = int(rec["turns"]), int(rec["claims"]), int(rec["kongs"])
    draws = max(turns - claims, 0) + kongs + flowers
    won = rec["outcome"] in L.WIN_OUTCOMES
    return 60 + 6 + 30 + 2 * draws + (5 + 1) * turns + 3 * claims + 4 * kongs + 10 * won + 40


def test_fixed_times_give_the_exact_clock():
    rules = load("ruian")
    [res] = run_sessions(rules, 1, seed=3, bots="greedy", hands=12, timing_override=FIXED)
    recs = simulator(rules, "greedy").play(3, 0 * MATCH_STRIDE, 8)[:12]
    flowers = per_seat(recs, "flowers", 4).sum(axis=1)
    want = sum(expected_seconds(r, int(f)) for r, f in zip(recs, flowers)) / 60
    assert res.hands == 12
    assert res.minutes == pytest.approx(want, abs=1e-9)


def test_a_round_ends_when_every_player_has_dealt():
    for variant, players in ((None, 4), ("five-players", 5)):
        rules = load("ruian", [variant] if variant else [])
        [res] = run_sessions(rules, 1, seed=5, bots="greedy", rounds=1, timing_override=FIXED)
        recs = simulator(rules, "greedy").play(5, 0, 1)  # one match is one round here
        assert res.rounds == 1 and res.hands == len(recs), (variant, res.hands, len(recs))
        # the deal passed once per player: dealer changes within the match, plus the last pass
        passes = int((recs["dealer"][1:] != recs["dealer"][:-1]).sum()) + 1
        assert passes == players


def test_slower_players_play_fewer_hands_per_hour():
    rules = load("ruian")
    slow = dict(FIXED, discard={"dist": "fixed", "value": 10})
    fast = run_sessions(rules, 5, seed=1, minutes=120, timing_override=FIXED)
    slower = run_sessions(rules, 5, seed=1, minutes=120, timing_override=slow)
    rate = lambda rs: sum(r.hands for r in rs) / sum(r.minutes for r in rs)
    assert rate(slower) < rate(fast)
    assert all(r.minutes >= 120 for r in fast + slower)  # the last hand is finished


def test_session_cli_and_five_players_in_a_comparison(cli, tmp_path):
    out = tmp_path / "s"
    done = cli("session", "--sessions", "40", "--rounds", "2", "--out", out)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "session.json").read_text())
    assert s["sessions"] == 40 and s["session"] == {"rounds": 2}
    lo, hi = s["ci95"]["hands_per_hour"]
    assert lo < s["hands_per_hour"] < hi
    cmp_dir = tmp_path / "c"
    done = cli("compare", "ruian", "ruian+five-players", "--hands", "1500", "--sessions", "40", "--rounds", "2",
               "--workers", "1", "--quiet", "--out", cmp_dir)
    assert done.returncode == 0, done.stderr
    c = json.loads((cmp_dir / "comparison.json").read_text())
    m = c["session"]["metrics"]["hands_per_round"]
    assert m["b"] > m["a"] and m["ci95"][0] > 0  # the substitute's turn adds deals to a round (B − A)
    assert c["session"]["metrics"]["session_minutes"]["ci95"][0] > 0   # and so to a session's minutes
    assert cli("report", cmp_dir).returncode == 0
    assert "Sessions (paired" in (cmp_dir / "report.html").read_text()


def test_bad_timing_file_exits_2(cli, write):
    bad = write("t.yaml", "timing:\n  discard: {dist: gamma, value: 3}\n")
    done = cli("session", "--sessions", "2", "--timing", bad)
    assert done.returncode == 2 and "timing" in done.stderr and "Traceback" not in done.stderr


ALL = ("shuffle", "dice", "deal", "draw", "discard", "claim_window", "claim", "kong", "win", "settle")


@pytest.mark.parametrize("timing, says", [
    ("timing:\n  discard: {dist: lognormal, median: .nan, sigma: 0.5}\n",
     "t.yaml:2:38: timing.discard.median: must be a finite number (got .nan)"),
    ("timing:\n  draw: {dist: exponential, mean: .inf}\n",
     "t.yaml:2:35: timing.draw.mean: must be a finite number (got .inf)"),
    ("timing:\n  discard: {dist: lognormal, median: 1e308, sigma: 0.5}\n",
     "t.yaml:2:38: timing.discard.median: expected number, got string '1e308'; YAML reads 1e308 as text"),
    ("timing:\n  discard: {dist: lognormal, median: 1.0e+308, sigma: 0.5}\n",
     "t.yaml:2:38: timing.discard.median: at most 86,400 seconds (a day) per action (got 1e+308)"),
    ("timing:\n  discard: {dist: fixd, value: 3}\n", "t.yaml:2:19: timing.discard.dist: 'fixd' is not one of"),
    ("timing: 5\n", "t.yaml:1:9: timing: expected a `timing:` section"),
    ("timing:\n" + "".join(f"  {a}: {{dist: fixed, value: 0}}\n" for a in ALL),
     "timing: shuffle, dice, deal, draw, discard, claim_window, settle all take 0 s, so a hand would take no time"),
])
@pytest.mark.parametrize("limit", [["--minutes", "30"], ["--rounds", "1"]], ids=["minutes", "rounds"])
def test_timings_that_would_never_end_or_mean_nothing_are_refused(cli, write, timing, says, limit):
    t = write("t.yaml", timing)
    done = cli("session", "--sessions", "2", *limit, "--timing", t, "--out", t.parent / "o", cwd=t.parent)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert says in line, line
    assert not (t.parent / "o").exists()
