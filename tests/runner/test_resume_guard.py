"""--resume DIR: the saved plan decides.  Options that would change what is played are
refused, each named with its saved value; damaged saved files are refused (the plan)
or played again (a chunk), never a traceback."""

import json
import shutil

import pytest
from outputs import one_line, stable

BASE = ["--hands", "600", "--chunk-matches", "30", "--seed", "7", "--bots", "greedy", "--workers", "1", "--quiet"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished run (seed 7, greedy, 600 hands, records in recA.parquet)."""
    pytest.importorskip("pyarrow")
    from tests.conftest import run_cli

    d = tmp_path_factory.mktemp("fin")
    done = run_cli("run", *BASE, "--records", d / "recA.parquet", "--out", d / "out")
    assert done.returncode == 0, done.stderr
    return d


@pytest.fixture
def cut(finished, tmp_path):
    """A copy of the finished run, cut back to an interrupted one: summary gone, the
    last chunks and records lost."""
    out = tmp_path / "out"
    shutil.copytree(finished / "out", out)
    (out / "summary.json").unlink()
    for p in sorted((out / "chunks").glob("chunk-*.json"))[-3:]:
        p.unlink()
    return out


def test_options_that_contradict_the_plan_are_refused_each_named(cli, cut):
    done = cli("run", "--resume", cut, "--seed", "99", "--rules", "ruian+flowers", "--hands", "50", "--bots",
               "random", "--chunk-matches", "5")
    line = one_line(done, f"--resume {cut}: ", "--seed 99 (saved: 7)", "--rules ruian+flowers (saved: ruian)",
                    "--hands 50 (saved: 600)", "--bots random (saved: greedy)", "--chunk-matches 5 (saved: 30)",
                    "contradict the saved plan")
    assert not (cut / "summary.json").exists(), line


def test_records_elsewhere_or_out_elsewhere_contradict_too(cli, cut, tmp_path):
    one_line(cli("run", "--resume", cut, "--records", tmp_path / "recB.parquet"),
             f"--records {tmp_path / 'recB.parquet'} (saved: {tmp_path.parent}")
    one_line(cli("run", "--resume", cut, "--out", tmp_path / "other"), "--out ", "(saved: ")


def test_options_that_cannot_change_results_are_taken_and_records_go_where_they_went(cli, cut, finished):
    import pyarrow.parquet as pq

    rec = finished / "recA.parquet"
    before = pq.read_table(rec)
    rec.unlink()
    done = cli("run", "--resume", cut, "--workers", "2", "--quiet", "--seed", "7", "--hands", "600",
               "--out", cut)
    assert done.returncode == 0, done.stderr
    assert not (cut / "records.parquet").exists()   # it wrote OUT/records.parquet before
    assert pq.read_table(rec).equals(before)
    got = json.loads((cut / "summary.json").read_text())
    assert stable(got) == stable(json.loads((finished / "out" / "summary.json").read_text()))


@pytest.mark.parametrize("damage", ["no result", "index as text", "cut short", "not an object", "bad acc"])
def test_a_damaged_chunk_is_played_again_with_a_note(cli, finished, tmp_path, damage):
    out = tmp_path / "out"
    shutil.copytree(finished / "out", out)
    (out / "summary.json").unlink()
    p = sorted((out / "chunks").glob("chunk-*.json"))[2]
    data = json.loads(p.read_text())
    if damage == "no result":
        del data["result"]
    elif damage == "index as text":
        data["result"]["index"] = "zero"
    elif damage == "bad acc":
        data["result"]["acc"] = {"players": "four"}
    text = {"cut short": json.dumps(data)[:200], "not an object": "[1, 2]"}.get(damage, json.dumps(data))
    p.write_text(text)
    done = cli("run", "--resume", out, "--quiet")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"1 damaged chunk files in {out / 'chunks'} ({p.name}) are played again" in done.stderr
    got = json.loads((out / "summary.json").read_text())
    assert stable(got) == stable(json.loads((finished / "out" / "summary.json").read_text()))


def test_a_truncated_records_chunk_is_played_again(cli, finished, tmp_path):
    import pyarrow.parquet as pq

    out = tmp_path / "out"
    shutil.copytree(finished / "out", out)
    (out / "summary.json").unlink()
    rec = sorted((out / "records").glob("chunk-*.parquet"))[1]
    rec.write_bytes(rec.read_bytes()[:300])
    done = cli("run", "--resume", out, "--quiet")
    assert done.returncode == 0, done.stderr
    assert "1 damaged chunk files" in done.stderr
    assert pq.read_table(finished / "recA.parquet").num_rows == json.loads(
        (out / "summary.json").read_text())["hands"]


@pytest.mark.parametrize("edit, says", [
    (lambda p: p["rules"]["table"].update(players=0), "plan.json is damaged (rules: table.players: "),
    (lambda p: p.update(seed="abc"), "plan.json is damaged (seed is 'abc', not a whole number from 0)"),
    (lambda p: p.update(hands=-5), "plan.json is damaged (hands is -5"),
    (lambda p: p.update(bots="nobody"), "plan.json is damaged (bots: "),
    (lambda p: p.update(surprise=1), "plan.json is damaged ("),
])
def test_a_damaged_plan_is_refused_in_one_line(cli, cut, edit, says):
    plan = json.loads((cut / "plan.json").read_text())
    edit(plan)
    (cut / "plan.json").write_text(json.dumps(plan))
    one_line(cli("run", "--resume", cut), f"--resume {cut}: {says}")


def test_compare_duel_and_sweep_refuse_contradictions_too(cli, tmp_path):
    quick = ["--hands", "40", "--workers", "1", "--quiet", "--seed", "3"]
    jobs = {   # the job, then what its --resume is given, then what the refusal names
        "compare": (["compare", "ruian", "ruian+flowers", "--bots", "greedy", *quick],
                    ["compare", "ruian", "ruian+four-winds-draw", "--hands", "80"],
                    ["B ruian+four-winds-draw (saved: ruian+flowers)", "--hands 80 (saved: 40)"]),
        "duel": (["duel", "greedy", "random", *quick], ["duel", "greedy", "smart", "--seed", "4"],
                 ["B smart (saved: random)", "--seed 4 (saved: 3)"]),
        "sweep": (["sweep", "--param", "scoring.base.other=1,2", "--bots", "greedy", *quick],
                  ["sweep", "--param", "scoring.base.other=1,3", "--replay"],
                  ["--param scoring.base.other=1,3 (saved: scoring.base.other=1,2)", "--replay True (saved: False)"]),
    }
    for name, (start, again, says) in jobs.items():
        out = tmp_path / name
        done = cli(*start, "--out", out)
        assert done.returncode == 0, (name, done.stderr)
        one_line(cli(*again, "--resume", out), *says)
