"""`ruian-sim duel`: the duel.json contract, the arrangements that make it
fair, a bot against itself, greedy against random, and bad input."""

import html
import json
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from importlib import resources

import jsonschema
import pytest

from ruian_sim.runner.duel import METRICS, arrangements

TIMING = ("hands_per_second", "cpu_seconds", "run")


def duel(cli, tmp_path, name, *args):
    out = tmp_path / name
    done = cli("duel", "--quiet", "--out", out, *args)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "duel.json").read_text()), done


def stable(d):
    return {k: v for k, v in d.items() if k not in TIMING}


@pytest.mark.parametrize("players, one, two", [(4, 4, 6), (5, 5, 10)])
def test_every_player_is_a_equally_often(players, one, two):
    arr = arrangements(players)
    sizes = Counter(len(s) for s in arr)
    assert sizes == {1: one, 2: two}
    times = Counter(p for s in arr for p in s)
    assert set(times) == set(range(players)) and len(set(times.values())) == 1


def test_duel_json_validates_against_its_schema(cli, tmp_path):
    d, done = duel(cli, tmp_path, "gr", "greedy", "random:chase_hard=20", "--hands", "1500", "--workers", "1")
    schema = json.loads(resources.files("ruian_sim").joinpath("schemas/duel.schema.json").read_text("utf-8"))
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in jsonschema.Draft202012Validator(schema).iter_errors(d)]
    assert errors == []
    d["surprise"] = 1  # every key is documented: a new one fails
    assert len(list(jsonschema.Draft202012Validator(schema).iter_errors(d))) == 1
    del d["surprise"]
    assert d["hands"] >= 1500 and d["a"]["bots"] == "greedy" and d["b"]["bots"] == "random:chase_hard=20"
    assert list(d["metrics"]) == [name for name, _ in METRICS]
    assert len(d["arrangements"]) == 10
    assert "points_per_hand" in done.stdout and "duel.json" in done.stdout


@pytest.mark.parametrize("rules", ["ruian", "ruian+five-players"])
def test_a_bot_against_itself_differs_by_exactly_zero(cli, tmp_path, rules):
    """Greedy against greedy: every arrangement has the same bot in every seat, so it plays the very
    same hands on the same walls, and every player is A in as many arrangements as any other (and B
    in as many).  A's sums are then c_A × the per-hand totals over all players, B's c_B × the same
    totals: both ratios are the same exact integer fraction, rounded once, so A − B is 0 exactly,
    and every match's paired residual is 0, so the interval is [0, 0]."""
    d, _ = duel(cli, tmp_path, "gg", "greedy", "greedy", "--rules", rules, "--hands", "2000",
                "--workers", "1")
    for name, m in d["metrics"].items():
        assert m["a"] == m["b"], name
        assert m["diff"] == 0.0, name
        assert m["ci95"] == [0.0, 0.0], name
    assert d["metrics"]["win_rate"]["a"] > 0


def test_greedy_beats_random(cli, tmp_path):
    d, _ = duel(cli, tmp_path, "gr", "greedy", "random", "--hands", "4000", "--workers", "2")
    pts = d["metrics"]["points_per_hand"]
    assert pts["diff"] == pytest.approx(pts["a"] - pts["b"])
    assert pts["ci95"][0] > 0, pts
    win = d["metrics"]["win_rate"]
    assert win["ci95"][0] > 0 and win["a"] > 3 * win["b"], win
    assert d["metrics"]["fold_rate"]["a"] == 0  # neither bot folds


def test_report_draws_the_duel_as_it_prints_and_an_unfinished_one_says_how_to_finish(cli, tmp_path):
    pytest.importorskip("matplotlib")
    d, _ = duel(cli, tmp_path, "gr", "greedy", "random", "--hands", "1000", "--workers", "1")
    out = tmp_path / "gr"
    done = cli("report", out)
    assert done.returncode == 0, done.stderr
    page = html.unescape((out / "report.html").read_text())
    assert "Duel: greedy (A) against random (B) on ruian" in page
    pts = d["metrics"]["points_per_hand"]
    lo, hi = pts["ci95"]
    # greedy beats random: the brief says so, with duel.json's own figures
    assert (f"points a hand: A − B {pts['diff']:+.3f} (95% CI {lo:+.3f} to {hi:+.3f}); above 0: "
            f"A's points a hand is higher.") in page
    for name, m in [*d["metrics"].items(), *d["items"].items()]:
        assert f"<tr><td>{name}</td><td>{m['a']:.4f}</td><td>{m['b']:.4f}</td><td>{m['diff']:+.4f}</td>" in page
    alt = re.search(r'<img alt="([^"]*)"', page).group(1)
    assert "A − B, paired 95% CI" in alt and "win_rate" in alt and "deal_in_rate" in alt
    (out / "duel.json").unlink()
    done = cli("report", out)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"has written no duel.json yet; finish it (ruian-sim duel --resume {out})" in done.stderr


def test_workers_chunks_and_resume_do_not_change_the_answer(cli, tmp_path):
    a, _ = duel(cli, tmp_path, "one", "greedy", "random", "--hands", "2500", "--workers", "1")
    b, _ = duel(cli, tmp_path, "two", "greedy", "random", "--hands", "2500", "--workers", "2",
                "--chunk-matches", "7")
    assert stable(a) == stable(b)
    again = cli("duel", "--quiet", "--resume", tmp_path / "two")
    assert again.returncode == 0, again.stderr
    c = json.loads((tmp_path / "two" / "duel.json").read_text())
    assert stable(c) == stable(a) and c["run"]["resumed_chunks"] == c["run"]["chunks"]


@pytest.mark.parametrize("args, says", [
    (["bogus", "greedy"], "unknown bot 'bogus'"),
    (["greedy", "random", "--hands", "0"], "--hands"),
    (["greedy:claim=2", "random"], "claim must be between 0 and 1"),
    (["greedy,random", "greedy"], "one bot entry"),
    (["greedy"], "give two bots"),
    (["greedy", "random", "--until-ci", "draw_rate=0.01"], "unknown metric 'draw_rate'"),
    (["greedy", "random", "--until-ci", "win_rate=0"], "METRIC=HALFWIDTH"),
    (["greedy", "random", "--until-ci", "win_rate=0.1", "--hands", "900", "--max-hands", "800"],
     "--max-hands 800 is below --hands 900"),
])
def test_bad_input_is_one_line_and_exit_2(cli, tmp_path, args, says):
    done = cli("duel", *args, "--out", tmp_path / "d")
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists()


def _half(d, name):
    lo, hi = d["metrics"][name]["ci95"]
    return (hi - lo) / 2


def test_until_ci_plays_on_until_the_interval_is_narrow_enough(cli, tmp_path):
    """Half the half-width of 1,000 hands needs about four times the hands: it plays on past
    --hands, stops once the interval is that narrow, and says so."""
    fixed, _ = duel(cli, tmp_path, "fixed", "greedy", "random", "--hands", "1000", "--workers", "1",
                    "--chunk-matches", "5")
    target = _half(fixed, "win_rate") / 2
    d, done = duel(cli, tmp_path, "until", "greedy", "random", "--hands", "1000", "--workers", "1",
                   "--chunk-matches", "5", "--until-ci", f"win_rate={target}")
    assert 2000 < d["hands"] < 20_000
    assert _half(d, "win_rate") < target
    assert d["until_ci"] == {"metric": "win_rate", "half_width": target, "reached": True, "min_hands": 1000,
                             "max_hands": 20_000}
    assert "--until-ci win_rate: half-width" in done.stdout and " reached after" in done.stdout
    schema = json.loads(resources.files("ruian_sim").joinpath("schemas/duel.schema.json").read_text("utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(d)) == []
    # it stopped at the first chunk that was narrow enough: without its last chunk it was not
    chunks = [json.loads(p.read_text())["result"] for p in (tmp_path / "until" / "chunks").glob("chunk-*.json")]
    before = sum(sum(r["hands_per_match"]) for r in chunks if r["index"] < d["run"]["chunks"] - 1)
    short, _ = duel(cli, tmp_path, "short", "greedy", "random", "--hands", str(before), "--workers", "1",
                    "--chunk-matches", "5")
    assert short["matches"] == d["matches"] - 5 and _half(short, "win_rate") >= target


def test_until_ci_stops_at_the_budget_and_says_not_reached(cli, tmp_path):
    d, done = duel(cli, tmp_path, "budget", "greedy", "random", "--hands", "500", "--max-hands", "1500",
                   "--workers", "1", "--until-ci", "win_rate=0.0001")
    assert 1500 <= d["hands"] < 1500 + 200 and d["until_ci"]["reached"] is False
    assert "NOT reached within the budget" in done.stdout
    again = cli("duel", "--resume", tmp_path / "budget", "--until-ci", "win_rate=0.5")
    assert again.returncode == 2 and "--until-ci win_rate=0.5 (saved: win_rate=0.0001)" in again.stderr


def test_ctrl_c_keeps_finished_chunks_and_exits_130(tmp_path):
    out = tmp_path / "d"
    proc = subprocess.Popen([sys.executable, "-m", "ruian_sim.cli", "duel", "greedy", "random", "--hands",
                             "500000", "--workers", "2", "--chunk-matches", "20", "--quiet", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while time.time() < deadline and len(list((out / "chunks").glob("chunk-*.json"))) < 2:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    sent = time.time()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert time.time() - sent < 5
    assert f"ruian-sim duel --resume {out}" in err and "Traceback" not in err
    assert len(list((out / "chunks").glob("chunk-*.json"))) >= 2
    assert not (out / "duel.json").exists()


def test_smart_beats_greedy_and_deals_in_less_where_the_discarder_pays(cli, tmp_path):
    d, _ = duel(cli, tmp_path, "sg", "smart", "greedy", "--rules", "ruian+discarder-pays", "--hands", "12000",
                "--workers", "2")
    m = d["metrics"]
    assert m["points_per_hand"]["ci95"][0] > 0
    assert m["deal_in_rate"]["a"] <= 0.7 * m["deal_in_rate"]["b"]
    assert m["win_rate"]["a"] >= 0.85 * m["win_rate"]["b"]
    assert m["fold_rate"]["a"] > 0 == m["fold_rate"]["b"]


def test_item_shares_of_wins_agree_with_the_self_drawn_fact(cli, tmp_path):
    """duel.json's item shares read each winner's reading: on taiwanese a
    self-drawn win is either 自摸 or 門清自摸 (one excludes the other), so the two
    items' shares add up to the self-drawn share the facts give, on each side."""
    d, done = duel(cli, tmp_path, "tw", "smart", "greedy", "--rules", "taiwanese", "--hands", "600",
                   "--chunk-matches", "5", "--workers", "1")
    items, m = d["items"], d["metrics"]["self_draw_share"]
    for side in ("a", "b"):
        assert items["self_drawn"][side] + items["concealed_self_drawn"][side] == pytest.approx(m[side], abs=1e-12)
        assert 0 < items["self_drawn"][side] < m[side]
    assert all(0 <= v[side] <= 1 for v in items.values() for side in ("a", "b"))
    assert "item (share of wins)" in done.stdout and "concealed_self_drawn" in done.stdout
