"""`run` tells the story of a 台 or points game: what the won hands were worth
(value and the table's parts, mean with its CI, quantiles) and how often each
item paid, with its CI, in the printed table, summary.json and the report."""

import json
import re
import subprocess
import sys

import pytest


@pytest.fixture(scope="module")
def taiwanese(tmp_path_factory):
    """One run shared by the tests that read it (the `cli` fixture is per test)."""
    out = tmp_path_factory.mktemp("tw") / "run"
    done = _cli("run", "--rules", "taiwanese", "--hands", "2000", "--bots", "greedy", "--workers", "1",
                   "--out", out)
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads((out / "summary.json").read_text()), out


def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=600)


def test_the_printed_table_ends_with_the_wins_and_every_item(taiwanese):
    stdout, s, _ = taiwanese
    tail = stdout[stdout.index("\nwins: "):]
    assert f"wins: {s['wins']['hands']:,}, each the first winner's hand" in tail
    value = re.search(r"\n  value +([0-9.]+) +\[([0-9.]+), ([0-9.]+)\]", tail)
    tai = re.search(r"\n  tai +([0-9.]+) +\[([0-9.]+), ([0-9.]+)\]", tail)
    assert value and tai, tail
    assert float(tai[1]) == pytest.approx(s["wins"]["tai"]["mean"], abs=0.005)
    assert float(tai[2]) <= float(tai[1]) <= float(tai[3])
    assert "\n  points " not in tail and "\n  times " not in tail   # a 台 table: the value and 台
    for name, amount in s["scoring"]["items"].items():
        share, (lo, hi) = s["extra"]["items"][name], s["ci95"]["items"][name]
        line = re.search(rf"\n  {name} +([0-9.]+)% +\[ *([0-9.]+), +([0-9.]+)\]  (.*)", tail)
        assert line, name
        assert float(line[1]) == pytest.approx(100 * share, abs=0.005)
        assert float(line[2]) == pytest.approx(100 * lo, abs=0.005) and float(line[3]) == pytest.approx(100 * hi, abs=0.005)
        assert line[4].startswith("tai ")


def test_summary_has_the_distribution_of_wins(taiwanese):
    _, s, _ = taiwanese
    w = s["wins"]
    assert w["parts"] == ["tai"]
    won = sum(s["outcomes"][k] for k in ("self_draw", "discard_win", "robbed_kong", "haidi_win")) * s["hands"]
    assert w["hands"] == round(won)
    for part in ("value", "points", "tai", "times"):
        hist = {int(k): v for k, v in w[part]["hist"].items()}
        assert sum(hist.values()) == w["hands"]
        # the mean per win (a ratio over matches) is the histogram's mean
        assert w[part]["mean"] == pytest.approx(sum(k * v for k, v in hist.items()) / w["hands"])
        assert w[part]["p5"] <= w[part]["p50"] <= w[part]["p95"] <= w[part]["max"] == max(hist)
        lo, hi = s["ci95"]["wins"][part]["mean"]
        assert lo <= w[part]["mean"] <= hi
    # no points items: every win has 0 points; no times items: times 1
    assert w["points"]["hist"] == {"0": w["hands"]} and w["times"]["hist"] == {"1": w["hands"]}
    # the value formula, base + 20 × (台 + the dealer's 台): at least 底 100, and 20 per 台 beyond
    assert w["value"]["p5"] >= 100 and w["value"]["mean"] >= 100 + 20 * w["tai"]["mean"]
    assert set(s["ci95"]["items"]) == set(s["extra"]["items"]) == set(s["scoring"]["items"])


def test_a_times_table_prints_its_times(cli, tmp_path):
    done = cli("run", "--hands", "600", "--bots", "greedy", "--workers", "1", "--out", tmp_path / "r")
    assert done.returncode == 0, done.stderr
    s = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert s["wins"]["parts"] == ["times"]
    tail = done.stdout[done.stdout.index("\nwins: "):]
    assert "\n  times " in tail and "\n  tai " not in tail and "\n  hard " in tail


def test_the_report_charts_the_wins_and_the_items(taiwanese, cli):
    pytest.importorskip("matplotlib")
    _, s, out = taiwanese
    done = cli("report", out)
    assert done.returncode == 0, done.stderr
    page = (out / "report.html").read_text()
    wins = page[page.index("<h3>What a win is worth</h3>"):]
    assert f"{s['wins']['hands']:,} won hands" in wins
    assert "<td>tai</td>" in wins and "<td>value</td>" in wins
    # two charts: the distributions of value and 台, and every item's share with its interval
    assert wins[:wins.index("<h3>Scoring table")].count("data:image/png;base64,") == 2
    entries = wins[wins.index("<h3>Scoring table"):]
    assert "<th>95% CI</th>" in entries and "<td>season_set</td>" in entries


def test_a_report_of_a_summary_from_before_the_wins_still_works(taiwanese, cli, tmp_path):
    pytest.importorskip("matplotlib")
    _, s, _ = taiwanese
    old = dict(s)
    del old["wins"]
    old["ci95"] = {k: v for k, v in s["ci95"].items() if k not in ("items", "wins")}
    (tmp_path / "summary.json").write_text(json.dumps(old))
    done = cli("report", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "What a win is worth" not in (tmp_path / "report.html").read_text()
