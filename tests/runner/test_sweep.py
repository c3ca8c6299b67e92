"""`ruian-sim sweep`: points equal separate runs (scoring-only values re-score one play) and
compares (values that change play), bad params, resuming (the report: tests/report)."""

import json
import subprocess
import sys

import pytest

from ruian_sim.errors import UserError
from ruian_sim.runner.sweep import layout, make_sweep_plan, parse_param, parse_values, set_value

HANDS = "3000"
TIMING = ("hands_per_second", "run")
NAMING = ("rules", "variants")


def stable(summary):
    s = {k: v for k, v in summary.items() if k not in TIMING + NAMING}
    s["extra"] = {k: v for k, v in s["extra"].items() if k != "cpu_seconds"}
    return s


def _variant(tmp, name, body):
    p = tmp / f"{name}.yaml"
    p.write_text("extends: ruian\n" + body, encoding="utf-8")
    return p



def run_cli(*args):
    # a module fixture cannot take the function-scoped `cli` fixture: run it here
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *map(str, args)], capture_output=True,
                          text=True, timeout=900)


@pytest.fixture(scope="module")
def scoring_sweep(tmp_path_factory):
    """A 2 × 2 grid of an item's value (played: the engine keeps the reading worth most under
    the table) and a base (re-scored) on greedy bots."""
    out = tmp_path_factory.mktemp("sweep") / "grid"
    done = run_cli("sweep", "--param", "scoring.items.all_pungs.times=4,8",
                   "--param", "scoring.base.other=1,3", "--hands", HANDS, "--bots", "greedy", "--workers", "1",
                   "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    return out, json.loads((out / "sweep.json").read_text()), done


def test_scoring_only_points_equal_separate_runs(scoring_sweep, cli, tmp_path):
    out, s, done = scoring_sweep
    assert s["plays"] == 2 and [p["replayed"] for p in s["points"]] == [True, False, True, False]
    assert [p["play_group"] for p in s["points"]] == [0, 0, 1, 1]
    assert [p["values"] for p in s["points"]] == [
        {"scoring.items.all_pungs.times": a, "scoring.base.other": b} for a in (4, 8) for b in (1, 3)]
    why = [p["why"] for p in s["points"]]
    assert why[0] == "played: the first point"
    assert why[1].startswith("re-scored: scoring.base.other=3 changes only payments")
    assert why[2] == "played: the engine plays or records by scoring.items.all_pungs.times=8"
    assert why[3].startswith("re-scored: scoring.base.other=3") and "all_pungs.times=8, " in why[3]
    for k in (0, 1, 3):  # the first point, one re-scored from it, one re-scored from a replayed point
        a, b = s["points"][k]["values"].values()
        v = _variant(tmp_path, f"p{k}", f"scoring:\n  base: {{other: {b}}}\n  items:\n"
                     + "".join(f"    - {line}\n" for line in _items_with(a)))
        run = cli("run", "--rules", v, "--hands", HANDS, "--bots", "greedy", "--workers", "1", "--quiet",
                  "--out", tmp_path / f"run{k}")
        assert run.returncode == 0, run.stderr
        want = json.loads((tmp_path / f"run{k}" / "summary.json").read_text())
        assert stable(s["points"][k]["summary"]) == stable(want)
        assert s["points"][k]["summary"]["scoring"]["items"]["all_pungs"] == want["scoring"]["items"]["all_pungs"]
    # a re-scored point sees the same hands as the point it is re-scored from; only points move
    for i, j in ((0, 1), (2, 3)):
        assert s["points"][i]["metrics"]["draw_rate"] == s["points"][j]["metrics"]["draw_rate"]
        assert s["points"][i]["metrics"]["seat_points_mean_0"] != s["points"][j]["metrics"]["seat_points_mean_0"]
    assert s["points"][1]["diff_to_first"]["draw_rate"]["value"] == 0
    last = s["points"][3]
    lo, hi = last["diff_to_first"]["seat_points_mean_0"]["ci95"]
    assert lo <= last["diff_to_first"]["seat_points_mean_0"]["value"] <= hi
    csv = (out / "sweep.csv").read_text().splitlines()
    assert csv[0].startswith("scoring.items.all_pungs.times,scoring.base.other,replayed,hands,")
    assert len(csv) == 5
    assert "re-scored" in done.stdout and "draw_rate" in done.stdout
    assert "play per point:" in done.stdout and why[2] in done.stdout


def _items_with(all_pungs: int) -> list[str]:
    """The default scoring items as YAML flow lines, with all_pungs' times replaced."""
    from ruian_sim.ruleset import load_with_origins

    out = []
    for e in load_with_origins("ruian")[1].data["scoring"]["items"]:
        e = dict(e)
        if e["name"] == "all_pungs":
            e["times"] = all_pungs
        out.append(json.dumps(e, ensure_ascii=False))
    return out


def test_play_affecting_sweep_equals_compares(cli, tmp_path):
    out = tmp_path / "fw"
    bots = "greedy:follow=1"
    done = cli("sweep", "--param", "aborts.four_winds.action=none,draw,penalty", "--hands", HANDS, "--bots", bots,
               "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "sweep.json").read_text())
    assert s["plays"] == 3 and all(p["replayed"] for p in s["points"])
    for k, action in ((1, "draw"), (2, "penalty")):
        v = _variant(tmp_path, action, f"aborts:\n  four_winds: {{action: {action}}}\n")
        cmp = cli("compare", "ruian", v, "--hands", HANDS, "--bots", bots, "--workers", "1", "--quiet",
                  "--out", tmp_path / f"cmp-{action}")
        assert cmp.returncode == 0, cmp.stderr
        c = json.loads((tmp_path / f"cmp-{action}" / "comparison.json").read_text())
        point = s["points"][k]
        assert point["hands"] == c["hands_b"] and s["points"][0]["hands"] == c["hands"]
        assert stable(point["summary"]) == stable(c["b_summary"])
        assert stable(s["points"][0]["summary"]) == stable(c["a_summary"])
        assert set(point["diff_to_first"]) == set(c["metrics"])
        for name, m in c["metrics"].items():
            d = point["diff_to_first"][name]
            # both read the same way round: this point − the first, variant − base (B − A)
            assert d["value"] == pytest.approx(m["diff"], abs=1e-12), name
            assert d["ci95"] == pytest.approx(m["ci95"], abs=1e-12), name
    assert s["points"][1]["metrics"]["outcome_four_winds_draw"]["value"] > 0
    assert s["points"][1]["diff_to_first"]["draw_rate"]["value"] > 0


@pytest.mark.parametrize("param, says", [
    ("wall.dead_stack=1", "did you mean 'dead_stacks'"),
    ("aborts.four_winds.action=none,nope", "not one of: none, draw, penalty"),
    ("scoring.items.nosuch.times=2", "allowed: soft, hard, hard_eight_pairs, three_wilds_in_shape, all_pungs"),
    ("scoring.items.all_pungs.times=x", "scoring.items[4].times: expected integer"),
    ("scoring.items.all_pungs.points=2", "exactly one of points, tai, fan or times"),
    ("scoring.multiplier.table.all_pungs.value=2", "allowed:"),
    ("wall.dead_stacks=x", "expected integer"),
    ("wall.dead_stacks=5:1", "LO ≤ HI"),
    ("wall.dead_stacks", "expected PATH=V1,V2"),
    ("table.seats=1", "table.seats"),
    # a list-valued key: the near misses are told the form that works
    ("scoring.base.dealer=[1,1,1,1],[1,2,3,4]", "lists side by side go in one outer list: [[1,1,1,1],[1,2,3,4]]"),
    ("scoring.base.dealer=1,1,1,1", "Write scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]"),
    ("scoring.base.dealer=[1,1,1,1]", "so each value is a list; got 1. Write scoring.base.dealer=[[1,1,1,1],"),
])
def test_bad_params_exit_2_and_write_nothing(cli, tmp_path, param, says):
    out = tmp_path / "bad"
    done = cli("sweep", "--param", param, "--hands", "100", "--workers", "1", "--quiet", "--out", out)
    assert done.returncode == 2, done.stderr
    assert "--param:" in done.stderr and says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_values_lists_and_ranges():
    assert parse_values("[2,4,6,8]") == [2, 4, 6, 8]
    assert parse_values("1:8:1") == list(range(1, 9))
    assert parse_values("0:12") == list(range(13))
    assert parse_values("0.5:1.5:0.5") == [0.5, 1.0, 1.5]
    assert parse_values("none,draw,penalty") == ["none", "draw", "penalty"]


def test_a_list_valued_key_takes_lists_in_one_outer_list_as_help_shows(cli):
    plan = make_sweep_plan("ruian", (), [parse_param("scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]")], 100, 1, "greedy")
    assert [a["scoring.base.dealer"] for a in plan.assignments()] == [[1, 1, 1, 1], [1, 2, 3, 4]]
    shown = " ".join(cli("sweep", "--help").stdout.split())
    assert "--param 'scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]'" in shown    # an example
    assert "list values in one outer list" in shown                          # --param's own text


def test_a_list_valued_sweep_runs_and_shows_its_lists(cli, tmp_path):
    """Its values are lists, no keys: the check for a value with a meaning of its own (0: no cap)
    once raised TypeError on them, a traceback instead of a table."""
    done = cli("sweep", "--param", "scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]", "--hands", "200", "--bots", "greedy",
               "--workers", "1", "--quiet", "--out", tmp_path / "bases")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "[1, 2, 3, 4]" in done.stdout or "[1,2,3,4]" in done.stdout, done.stdout
    from ruian_sim.ruleset.special import meaning

    assert meaning({0: "no cap"}, [1, 2, 3, 4]) is None and meaning({0: "no cap"}, 0) == "no cap"
    assert meaning({0: "no cap"}, False) is None


def test_a_named_entry_resolves_by_its_name_in_any_list_of_named_maps():
    data = {"scoring": {"items": [{"name": "soft", "times": 1}, {"name": "all_pungs", "times": 2}]}}
    got = set_value(data, "scoring.items.all_pungs.times", 4)
    assert got["scoring"]["items"][1] == {"name": "all_pungs", "times": 4}
    assert data["scoring"]["items"][1]["times"] == 2  # the input is not changed
    with pytest.raises(UserError, match="allowed: soft, all_pungs"):
        set_value(data, "scoring.items.nosuch.times", 4)


def test_bots_that_read_the_table_are_flagged_and_replay_on_request():
    p = [parse_param("scoring.base.other=1,2")]
    lay = layout(make_sweep_plan("ruian", (), p, 100, 1, "smart"))
    assert lay.replayed == [True, False] and lay.bots_read == [False, True]
    lay = layout(make_sweep_plan("ruian", (), p, 100, 1, "smart", replay=True))
    assert lay.replayed == [True, True] and len(lay.group_rules) == 2
    lay = layout(make_sweep_plan("ruian", (), p, 100, 1, "greedy"))
    assert lay.replayed == [True, False] and lay.bots_read == [False, False]


@pytest.mark.parametrize("param, replays", [
    ("scoring.items.all_pungs.times=4,8", True),     # the reading the engine keeps
    ("scoring.value=times * base,times * base + 1", True),
    ("scoring.gate=tai >= 0,times >= 2", True),     # a win the gate refuses is never declared
    ("scoring.cap=0,4", True),                      # the reading worth most under the cap
    ("wall.dead_stacks=7,8", True),
    ("scoring.base.other=1,2", False),               # the value is base × times: the same reading
    ("scoring.base.dealer=[[1,2,3,4],[2,2,2,2]]", False),
    ("scoring.payers=all,discarder", False),
    ("scoring.kongs.concealed=0,2", False),
    ("scoring.wild_money.amount=0,1", False),
    ("scoring.pairwise.other=[[1,2],[1,1]]", False),
])
def test_what_replays_and_what_is_re_scored(param, replays):
    lay = layout(make_sweep_plan("ruian", (), [parse_param(param)], 100, 1, "greedy"))
    assert lay.replayed == [True, replays] and len(lay.group_rules) == 1 + replays
    assert lay.reasons[1].startswith("played: the engine plays or records by " if replays else "re-scored: ")


def test_bases_replay_when_the_engine_reads_them():
    """A value not of the form base × (no base), or a gate naming base: the kept reading or the
    gate moves with the base, so the engine reads it."""
    p = [parse_param("scoring.base.other=1,2")]
    for extra in ({"value": "times * base + points"}, {"gate": "times * base >= 2"}):
        plan = make_sweep_plan("ruian", (), p, 100, 1, "greedy")
        plan.rules = {**plan.rules, "scoring": {**plan.rules["scoring"], **extra}}
        assert layout(plan).replayed == [True, True], extra


def test_resume_finishes_with_the_same_answer(cli, tmp_path):
    out = tmp_path / "r"
    args = ("sweep", "--param", "scoring.base.other=1,2", "--hands", "1500", "--bots", "greedy", "--workers", "1",
            "--chunk-matches", "30", "--quiet", "--out", out)
    assert cli(*args).returncode == 0
    whole = json.loads((out / "sweep.json").read_text())
    chunks = sorted((out / "chunks").glob("chunk-*.json"))
    assert len(chunks) > 2
    for c in chunks[len(chunks) // 2:]:
        c.unlink()
    (out / "sweep.json").unlink()
    done = cli("sweep", "--resume", out, "--quiet")
    assert done.returncode == 0, done.stderr
    again = json.loads((out / "sweep.json").read_text())
    assert again["run"]["resumed_chunks"] == len(chunks) // 2
    assert [p["metrics"] for p in again["points"]] == [p["metrics"] for p in whole["points"]]


def test_sweep_json_validates_against_its_schema(scoring_sweep, tmp_path):
    from importlib import resources

    import jsonschema
    from referencing import Registry, Resource

    def schema(name):
        return json.loads(resources.files("ruian_sim").joinpath(f"schemas/{name}.schema.json").read_text("utf-8"))

    registry = Registry().with_resources(
        (f"https://ruian-sim.invalid/schemas/{n}.schema.json", Resource.from_contents(schema(n)))
        for n in ("summary", "sweep"))
    jsonschema.Draft202012Validator.check_schema(schema("sweep"))
    v = jsonschema.Draft202012Validator(schema("sweep"), registry=registry)
    _, s, _ = scoring_sweep
    assert [e.message for e in v.iter_errors(s)] == []


def test_ctrl_c_keeps_finished_chunks_and_resume_finishes(cli, tmp_path):
    import signal
    import sys
    import time

    args = ["sweep", "--param", "scoring.base.other=1,2", "--hands", "6000", "--bots", "greedy", "--workers", "1",
            "--chunk-matches", "40", "--quiet"]
    fresh = cli(*args, "--out", tmp_path / "fresh")
    assert fresh.returncode == 0, fresh.stderr
    out = tmp_path / "cut"
    proc = subprocess.Popen([sys.executable, "-m", "ruian_sim.cli", *args, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while time.time() < deadline and len(list((out / "chunks").glob("chunk-*.json"))) < 3:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert f"ruian-sim sweep --resume {out}" in err
    assert json.loads((out / "sweep.partial.json").read_text())["partial"] is True
    done = cli("sweep", "--resume", out, "--quiet")
    assert done.returncode == 0, done.stderr
    got = json.loads((out / "sweep.json").read_text())
    want = json.loads((tmp_path / "fresh" / "sweep.json").read_text())
    assert got["run"]["resumed_chunks"] >= 3
    assert [p["metrics"] for p in got["points"]] == [p["metrics"] for p in want["points"]]
    assert not (out / "sweep.partial.json").exists()


def test_an_item_share_is_a_metric(tmp_path):
    """`--metric item_NAME`: the share of wins an item of the table paid, with the paired
    difference to the first point.  Raising all pungs from ×4 to ×16 makes smart play for it."""
    out = tmp_path / "pungs"
    done = run_cli("sweep", "--param", "scoring.items.all_pungs.times=4,16", "--hands", HANDS, "--workers", "1",
                   "--metric", "item_all_pungs", "--quiet", "--out", out)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "sweep.json").read_text())
    assert s["metrics_shown"] == ["item_all_pungs"]
    first, raised = (p["metrics"]["item_all_pungs"]["value"] for p in s["points"])
    assert raised > first
    assert s["points"][1]["diff_to_first"]["item_all_pungs"]["ci95"][0] > 0
    bad = run_cli("sweep", "--param", "scoring.items.all_pungs.times=4,16", "--metric", "item_nope",
                  "--out", tmp_path / "bad")
    assert bad.returncode == 2 and "unknown item_nope" in bad.stderr and "item_all_pungs" in bad.stderr
    assert not (tmp_path / "bad").exists()


def test_a_value_read_through_the_hand_formula_is_laid_out():
    """ruian-tai's value names `hand` (its scoring.hand formula): the layout reads through it
    (it crashed with "unknown name 'hand'"); a base that formula reads replays."""
    lay = layout(make_sweep_plan("ruian-tai", (), [parse_param("scoring.items.value_pung.tai=1,2")], 100, 1,
                                 "greedy"))
    assert lay.replayed == [True, True]
    plan = make_sweep_plan("ruian", (), [parse_param("scoring.base.other=1,2")], 100, 1, "greedy")
    for hand, replays in (("times * base", False), ("times * base + points", True)):
        plan.rules = {**plan.rules, "scoring": {**plan.rules["scoring"], "hand": hand, "value": "hand"}}
        assert layout(plan).replayed == [True, replays], hand
