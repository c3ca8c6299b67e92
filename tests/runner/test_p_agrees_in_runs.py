"""Real small runs of `compare`, `duel` and `sweep`: for every figure they write, the unadjusted
p is below 0.05 exactly when its 95% CI excludes 0 (issue 51: a CI of [-0.18, +1.07] was
printed beside p = 2.3e-18); a header gives both sides' hand counts when they differ; and a
solve target that is not a finite number is refused at the door."""

import json

import pytest

from tests.runner.test_schemas import errors


def agrees(where: str, m: dict) -> None:
    """One figure as written: null p exactly when a null interval, else p < 0.05 ⇔ CI excludes 0."""
    lo, hi = m["ci95"]
    if m["p"] is None:
        assert lo is None and hi is None, (where, m)
        return
    assert lo is not None and hi is not None, (where, m)
    assert (m["p"] < 0.05) == (lo > 0 or hi < 0), (where, m)


def run(cli, tmp_path, name, *args) -> tuple[dict, str]:
    out = tmp_path / name
    done = cli(*args, "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    (written,) = [f for f in ("comparison.json", "duel.json", "sweep.json") if (out / f).exists()]
    return json.loads((out / written).read_text()), done.stdout


@pytest.mark.parametrize("b, hands, seed", [
    ("ruian+discarder-pays", 8, 1),       # the run: 2 matches, t with 1 degree of freedom
    ("ruian+draw-keeps-dealer", 40, 2),
    ("ruian+kong-payments", 24, 3),
])
def test_compare_p_agrees_with_every_interval(cli, tmp_path, b, hands, seed):
    c, _ = run(cli, tmp_path, "cmp", "compare", "ruian", b, "--hands", str(hands), "--seed", str(seed),
               "--bots", "greedy")
    assert errors("comparison", c) == []
    assert c["matches"] >= 2
    for k, m in c["metrics"].items():
        agrees(k, m)
    for k, m in c["metrics"].items():
        assert m["test"] == "paired t over matches", k   # yes/no figures too (McNemar over hands, before)
        if m.get("headline") and m["p"] is not None:
            assert m["p"] <= m["p_holm"] <= 1   # the adjusted p is the extra column, never smaller


@pytest.mark.parametrize("seed", [1, 2])
def test_duel_p_agrees_with_every_interval(cli, tmp_path, seed):
    # 5 match indices: these seeds printed p 0.039 and 0.043 beside intervals that held 0
    d, _ = run(cli, tmp_path, "duel", "duel", "greedy", "random", "--hands", "200", "--seed", str(seed))
    assert errors("duel", d) == []
    assert d["matches"] >= 2
    for k, m in d["metrics"].items():
        agrees(k, m)


def test_sweep_differences_agree_and_the_header_gives_each_points_hands(cli, tmp_path):
    s, out = run(cli, tmp_path, "sweep", "sweep", "--param", "dealer.keep_on_draw=false,true", "--hands", "40",
                 "--bots", "greedy", "--metric", "hands_per_match")
    for p in s["points"][1:]:
        for k, m in p["diff_to_first"].items():
            agrees(k, m)
    hands = [p["hands"] for p in s["points"]]
    assert hands[0] != hands[1]   # a dealer who keeps the deal on a draw makes matches longer
    assert f"{min(hands):,} to {max(hands):,} hands a point" in "\n".join(out.splitlines()[:2])   # the header


def test_compare_header_gives_both_hand_counts_when_they_differ(cli, tmp_path):
    c, out = run(cli, tmp_path, "cmp", "compare", "ruian", "ruian+draw-keeps-dealer", "--hands", "40",
                 "--bots", "greedy")
    assert c["hands"] != c["hands_b"]
    head = out.splitlines()[0]
    assert f"{c['hands']:,} hands under A, {c['hands_b']:,} under B" in head and "each" not in head


def test_one_match_shows_no_interval_and_no_p_rather_than_numbers(cli, tmp_path):
    c, out = run(cli, tmp_path, "one", "compare", "ruian", "ruian+discarder-pays", "--hands", "3",
                 "--bots", "greedy")
    assert c["matches"] == 1 and errors("comparison", c) == []
    m = c["metrics"]["seat_points_mean_0"]
    assert m["ci95"] == [None, None] and m["p"] is None and m["p_holm"] is None
    assert "nan" not in out and "inf" not in out
    (row,) = [ln for ln in out.splitlines() if ln.startswith("*seat_points_mean_0 ")]
    assert row.split()[4:7] == ["none", "none", "none"]   # CI, p, p Holm
    assert "need at least 2 matches" in out


@pytest.mark.parametrize("target", ["nan", "inf", "-inf", "1e999", "0.25=3", "0x1p-2"])
def test_solve_refuses_a_target_that_is_not_a_finite_number(cli, tmp_path, target):
    out = tmp_path / "solve"
    done = cli("sweep", "--solve", f"draw_rate={target}", "--param", "wall.dead_stacks=0:2", "--hands", "8",
               "--bots", "greedy", "--quiet", "--out", out)
    assert done.returncode == 2, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("ruian-sim: --solve ") and "finite number" in line, line
    assert not out.exists()
