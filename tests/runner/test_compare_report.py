"""`ruian-sim compare` and `ruian-sim report`."""

import json
import re

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
    # read the designer's way, B − A: the variant raises the draw rate, and the difference says +
    assert abs(d["diff"] - (d["b"] - d["a"])) < 1e-12
    assert d["diff"] > 0 and d["ci95"][0] > 0 and d["unpaired_ci95"][0] < d["diff"] < d["unpaired_ci95"][1]
    paired = d["ci95"][1] - d["ci95"][0]
    unpaired = d["unpaired_ci95"][1] - d["unpaired_ci95"][0]
    assert paired < unpaired / 5  # most luck cancels between paired hands
    assert c["metrics"]["outcome_four_winds_draw"]["b"] > 0
    # the rule that differs, with how often it fired on each side, beside the figures it touches
    (rule,) = c["rules_changed"]
    assert (rule["key"], rule["a"], rule["b"]) == ("aborts.four_winds.action", "none", "draw")
    (fired,) = rule["fired"]
    assert fired["metric"] == "outcome_four_winds_draw" and fired["a"] == 0
    assert fired["b"] == round(c["metrics"]["outcome_four_winds_draw"]["b"] * c["hands_b"]) > 0
    assert "draw_rate" in rule["touches"] and "outcome_four_winds_draw" in rule["touches"]
    assert not any("identical" in w for w in c["warnings"])
    assert "[1] aborts.four_winds.action: none → draw" in done.stdout
    assert f"outcome_four_winds_draw 0 / {fired['b']} hands" in done.stdout


def _row(stdout: str, metric: str) -> str:
    (line,) = [ln for ln in stdout.splitlines() if ln[1:].startswith(metric + " ")]
    return line


def test_compare_that_finds_nothing_says_why(cli, tmp_path):
    """Plain greedy bots never open with four same winds: the variant cannot fire, both sides
    play identical hands, and the output must say so rather than print a wall of zeros."""
    out = tmp_path / "nothing"
    done = cli("compare", "ruian", "ruian+four-winds-draw", "--hands", "2000", "--workers", "1", "--quiet",
               "--bots", "greedy", "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    assert c["identical"]["paired_hands"] == c["identical"]["same_records"] == c["identical"]["same_payments"]
    assert c["identical"]["paired_hands"] >= 2000
    assert any(w.startswith("A and B played identical hands") for w in c["warnings"])
    assert any("aborts.four_winds.action" in w and "never fired" in w for w in c["warnings"])
    assert "warning: A and B played identical hands" in done.stdout
    # the variant's own outcome is in the table even though it is 0 on both sides, tagged with the rule
    row = _row(done.stdout, "outcome_four_winds_draw")
    assert row.split()[1:3] == ["0.0000", "0.0000"] and row.rstrip().endswith("1")
    assert "fired A / B: outcome_four_winds_draw 0 / 0 hands" in done.stdout


def test_compare_of_a_scoring_variant_says_play_was_identical(cli, tmp_path):
    out = tmp_path / "scoring"
    done = cli("compare", "ruian", "ruian+caishen-money", "--hands", "1500", "--workers", "1", "--quiet",
               "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    ident = c["identical"]
    assert ident["same_records"] == ident["paired_hands"] > ident["same_payments"]
    assert any("only scoring differs" in w for w in c["warnings"])
    (rule,) = c["rules_changed"]
    assert rule["key"] == "scoring.wild_money.amount" and (rule["a"], rule["b"]) == (0, 1)
    assert rule["fired"][0]["a"] == rule["fired"][0]["b"] > 0


def test_compare_table_is_aligned_and_explains_pairing_gain(cli, tmp_path):
    done = cli("compare", "ruian", "ruian+caishen-money", "--hands", "1500", "--workers", "1", "--quiet",
               "--out", tmp_path / "t")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("metric "))
    table = lines[head:]
    table = table[:next(i for i, ln in enumerate(table) if ln.startswith("* headline"))]
    assert "pairing gain" in table[0] and "var÷" not in done.stdout
    assert any(ln.startswith("pairing gain = unpaired variance ÷ paired variance") for ln in lines)
    # every column starts at the same place on every row, even after the longest metric name
    assert any("item_three_wilds_in_shape" in ln for ln in table)
    ci_col = table[0].index("paired 95% CI")
    for ln in table[1:]:
        assert ln[ci_col] == "[", ln
    # no ratio is printed as a 16-digit number; identical sides are named
    assert not re.search(r"\d{7,}", done.stdout)
    assert "identical" in _row(done.stdout, "draw_rate")


@pytest.mark.parametrize("vr, unpaired, want", [
    (4517674764555812.0, [-1, 1], "≥1,000×"), (1000.0, [-1, 1], "≥1,000×"), (3.14159, [-1, 1], "3.1×"),
    (None, [-0.02, 0.02], "identical"), (None, [0.0, 0.0], "-")])
def test_pairing_gain_is_capped_and_named(vr, unpaired, want):
    from ruian_sim.runner.compare import pairing_gain

    assert pairing_gain({"variance_reduction": vr, "unpaired_ci95": unpaired}) == want


def test_rule_diff_lists_both_values_and_scoring_items_by_name():
    from ruian_sim.ruleset import load
    from ruian_sim.runner.compare import rule_diff

    a = load("ruian").as_dict()
    b = load("ruian+four-winds-penalty").as_dict()
    diff = {d["key"]: (d["a"], d["b"]) for d in rule_diff(a, b)}
    assert diff == {"aborts.four_winds.action": ("none", "penalty"),
                    "aborts.four_winds.tiles": (["1z", "2z", "3z", "4z"], [f"{i}z" for i in range(1, 8)]),
                    "aborts.four_winds.window": ("opening", "any")}
    b["scoring"]["items"][1]["times"] = 3
    b["scoring"]["items"].pop()
    diff = {d["key"]: (d["a"], d["b"]) for d in rule_diff(a, b)}
    assert diff["scoring.items.hard"] == ({"times": 2, "when": {"hard": True}, "excludes": ["soft"]},
                                          {"times": 3, "when": {"hard": True}, "excludes": ["soft"]})
    assert diff["scoring.items.all_pungs"][1] is None


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
    done = cli("compare", "ruian", "ruian", "--until-ci", "draw_rate=0.01", "--hands", "900", "--max-hands", "800",
               "--out", tmp_path / "y")
    assert done.returncode == 2 and "--max-hands 800 is below --hands 900" in done.stderr
    assert not (tmp_path / "y").exists()


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


def test_report_opens_with_what_an_analyst_reads_first(cli, tmp_path):
    """Rule diff, a few sentences with CIs, what a point is, points per hour and the scoring table item
    by item, all before the first plot; self-contained; no Chinese drawn inside a plot."""
    pytest.importorskip("matplotlib")
    import warnings

    from ruian_sim.report import build
    from ruian_sim.report.analyst import plain

    out = tmp_path / "cmp"
    done = cli("compare", "ruian", "ruian+four-winds-draw", "--hands", "2500", "--bots", "greedy:follow=1",
               "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    top = page[:page.index("data:image/png")]
    for want in ("In brief", "What the rules change", "<code>aborts.four_winds.action</code>", "<code>none</code>",
                 "<code>draw</code>", "What a point is", "base units", "Points per hour", "hands per hour",
                 "Scoring table, item by item", "hard_eight_pairs", "95% CI"):
        assert want in top, want
    c = json.loads((out / "comparison.json").read_text())
    fired = c["rules_changed"][0]["fired"][0]["b"]
    assert f"in 0 hands under A and {fired:,} under B" in top
    assert "pairing gain" in page and "var÷" not in page
    # self-contained: nothing fetched from elsewhere
    assert not re.search(r"""(src|href)=["']?(https?:|//|file:)""", page) and "<link" not in page
    # no Chinese inside images: labels are stripped of wide characters before plotting
    assert plain("硬八对 hard_eight_pairs") == "hard_eight_pairs" and plain("瑞安麻将") == "?"
    c["a"]["name"] = "瑞安麻将"
    c["metrics"]["item_硬八对"] = c["metrics"]["item_hard_eight_pairs"]
    c["a_summary"]["outcomes"]["四同风"] = 0.01
    c["a_summary"]["ci95"]["outcomes"]["四同风"] = [0.0, 0.02]
    (out / "comparison.json").write_text(json.dumps(c, ensure_ascii=False))
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        build(out)
    assert not [w for w in seen if "Glyph" in str(w.message)]
    assert "item_硬八对" in (out / "report.html").read_text()  # Chinese stays in the HTML text


def test_run_report_has_points_per_hour_and_entries(cli, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "run"
    assert cli("run", "--hands", "1500", "--workers", "1", "--quiet", "--out", out).returncode == 0
    s = json.loads((out / "summary.json").read_text())
    assert 3 < s["clock"]["hands_per_hour"] < 30
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "What a point is" in page and f"{s['clock']['hands_per_hour']:.2f} hands per hour" in page
    assert "how often each item applied" in page
