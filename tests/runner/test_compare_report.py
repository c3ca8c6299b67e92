"""`ruian-sim compare` and `ruian-sim report`."""

import json

import pytest


def test_compare_four_winds_draw_pairs_the_hands(cli, tmp_path):
    out = tmp_path / "cmp"
    done = cli("compare", "ruian", "ruian+four-winds-draw", "--hands", "8000", "--bots", "greedy:follow=1",
               "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    assert c["hands"] >= 8000 and c["a"]["name"] == "ruian" and c["b"]["name"] == "ruian+four-winds-draw"
    assert c["a"]["hash"] != c["b"]["hash"]
    for k in ["draw_rate", "dealer_kept_rate"] + [f"seat_win_rate_{p}" for p in range(4)] + \
            [f"seat_points_mean_{p}" for p in range(4)]:
        m = c["metrics"][k]
        for field in ("a", "b", "diff", "ci95", "p", "unpaired_ci95"):
            assert field in m, (k, field)
        assert "p_holm" in m and m["p_holm"] >= m["p"]
    d = c["metrics"]["draw_rate"]
    assert d["b"] > d["a"]  # four same winds end some hands in a draw
    assert abs(d["diff"] - (d["a"] - d["b"])) < 1e-12
    paired = d["ci95"][1] - d["ci95"][0]
    unpaired = d["unpaired_ci95"][1] - d["unpaired_ci95"][0]
    assert paired < unpaired / 5  # most luck cancels between paired hands
    assert c["metrics"]["outcome_four_winds_draw"]["b"] > 0


def test_compare_with_itself_is_exactly_zero(cli, tmp_path):
    out = tmp_path / "same"
    done = cli("compare", "ruian", "ruian+caishen-money", "--hands", "2000", "--workers", "1", "--quiet",
               "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    d = c["metrics"]["draw_rate"]   # scoring differs, play does not
    assert d["diff"] == 0 and d["ci95"] == [0.0, 0.0]


def test_until_ci_stops_when_narrow_enough(cli, tmp_path):
    out = tmp_path / "until"
    done = cli("compare", "ruian", "ruian+draw-keeps-dealer", "--hands", "1000", "--until-ci",
               "dealer_kept_rate=0.02", "--chunk-matches", "50", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    lo, hi = c["metrics"]["dealer_kept_rate"]["ci95"]
    assert (hi - lo) / 2 < 0.02
    assert "reached" in done.stdout


def test_bad_until_ci(cli, tmp_path):
    done = cli("compare", "ruian", "ruian", "--until-ci", "nonsense", "--out", tmp_path / "x")
    assert done.returncode == 2 and "METRIC=HALFWIDTH" in done.stderr


def test_report_writes_a_page_with_plots(cli, tmp_path):
    pytest.importorskip("matplotlib")
    run_dir, cmp_dir = tmp_path / "run", tmp_path / "cmp"
    assert cli("run", "--hands", "1500", "--workers", "1", "--quiet", "--out", run_dir).returncode == 0
    assert cli("compare", "ruian", "ruian+draw-keeps-dealer", "--hands", "1500", "--workers", "1",
               "--quiet", "--out", cmp_dir).returncode == 0
    for d in (run_dir, cmp_dir):
        done = cli("report", d)
        assert done.returncode == 0, done.stderr
    page = (run_dir / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 5 and "<h2>Run: ruian" in page
    page = (cmp_dir / "report.html").read_text()
    assert "Comparison: ruian (A)" in page and "<h2>A: ruian" in page and "<h2>B: ruian+draw-keeps-dealer" in page
    assert page.count("data:image/png;base64,") >= 10


def test_report_of_an_empty_directory_exits_2(cli, tmp_path):
    done = cli("report", tmp_path)
    assert done.returncode == 2 and "summary.json" in done.stderr and "Traceback" not in done.stderr


def test_dask_local_cluster_gives_the_local_answer(cli, tmp_path):
    pytest.importorskip("distributed")
    a = cli("run", "--hands", "3000", "--workers", "1", "--quiet", "--out", tmp_path / "local")
    b = cli("run", "--hands", "3000", "--backend", "dask", "--workers", "2", "--quiet",
            "--chunk-matches", "200", "--out", tmp_path / "dask")
    assert a.returncode == 0 and b.returncode == 0, b.stderr
    sa = json.loads((tmp_path / "local" / "summary.json").read_text())
    sb = json.loads((tmp_path / "dask" / "summary.json").read_text())
    for s in (sa, sb):
        s.pop("hands_per_second")
        s.pop("run")
        s["extra"].pop("cpu_seconds")
    assert sa == sb
