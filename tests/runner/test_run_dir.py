"""A run directory loses nothing and mixes nothing (issue 51): a chunk file that was
edited is played again; a directory belongs to the job that wrote it first; a
records file another run claims, or one inside a run's working areas, is refused;
names that are not UTF-8, figures outside their own intervals and absurd sizes are
one line (exit 2), with nothing half-written."""

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from ruian_sim.runner.integrity import checksum, chunk_problem
from outputs import one_line, stable

BASE = ["--hands", "600", "--chunk-matches", "30", "--seed", "7", "--bots", "greedy", "--workers", "1", "--quiet"]
REPO = Path(__file__).resolve().parents[2]
QUICK = ["--hands", "40", "--bots", "greedy", "--workers", "1", "--quiet"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished run: seed 7, greedy, 600 hands in chunks of 30 matches."""
    from tests.conftest import run_cli

    d = tmp_path_factory.mktemp("fin")
    done = run_cli("run", *BASE, "--out", d / "out")
    assert done.returncode == 0, done.stderr
    return d / "out"


@pytest.fixture
def interrupted(finished, tmp_path):
    """A copy of the finished run without its summary, as if stopped before the end."""
    out = tmp_path / "out"
    shutil.copytree(finished, out)
    (out / "summary.json").unlink()
    return out


def chunk(out, i=1):
    p = sorted((out / "chunks").glob("chunk-*.json"))[i]
    return p, json.loads(p.read_text())


def reseal(data):
    """What someone who knows the format writes: the edit, with its checksum made again."""
    body = {k: v for k, v in data.items() if k != "sha256"}
    return {**body, "sha256": checksum(body)}


# --- a chunk that was edited is played again ---------------------------------------------------

def test_a_chunk_file_carries_the_checksum_of_its_content(finished):
    _, data = chunk(finished)
    assert data["sha256"] == checksum({k: v for k, v in data.items() if k != "sha256"})
    assert chunk_problem(data["result"]) is None


@pytest.mark.parametrize("edit", [
    "one more hand",             # hands 3,816 against histograms of 4,004
    "a mean of 2.5e304",
    "outcome shares past 1",
])
@pytest.mark.parametrize("sealed", [False, True], ids=["checksum-kept", "checksum-remade"])
def test_an_edited_chunk_is_played_again_and_the_answer_is_unchanged(cli, finished, interrupted, edit, sealed):
    p, data = chunk(interrupted)
    acc = data["result"]["acc"]
    if edit == "one more hand":
        acc["hands"] += 5
    elif edit == "a mean of 2.5e304":
        acc["moments"]["turns_mean"][0] = 2.5e304 * acc["moments"]["turns_mean"][1]
    else:
        acc["moments"]["outcome.self_draw"][0] += 0.115 * acc["hands"]
    assert chunk_problem(data["result"]) is not None   # the figures no longer add up
    p.write_text(json.dumps(reseal(data) if sealed else data))
    done = cli("run", "--resume", interrupted, "--quiet")
    assert done.returncode == 0, done.stderr
    assert f"1 damaged chunk files in {interrupted / 'chunks'} ({p.name}) are played again" in done.stderr
    got = json.loads((interrupted / "summary.json").read_text())
    assert stable(got) == stable(json.loads((finished / "summary.json").read_text()))
    assert got["run"]["resumed_chunks"] == got["run"]["chunks"] - 1


def test_a_chunk_without_a_checksum_is_played_again_and_said_so(cli, finished, interrupted):
    p, data = chunk(interrupted, 0)
    del data["sha256"]           # as ruian-sim wrote chunks before they carried one
    p.write_text(json.dumps(data))
    done = cli("run", "--resume", interrupted, "--quiet")
    assert done.returncode == 0, done.stderr
    assert f"1 chunk files in {interrupted / 'chunks'} ({p.name}) carry no checksum" in done.stderr
    assert "played again" in done.stderr
    got = json.loads((interrupted / "summary.json").read_text())
    assert stable(got) == stable(json.loads((finished / "summary.json").read_text()))


# --- a directory belongs to one job ---------------------------------------------------------

@pytest.mark.parametrize("job", [
    ["session", "--sessions", "2", "--bots", "greedy", "--rules", "taiwanese"],
    ["sweep", "--param", "scoring.base.other=1,2", *QUICK],
    ["compare", "ruian", "ruian+flowers", *QUICK],
    ["duel", "greedy", "random", "--hands", "40", "--workers", "1", "--quiet"],
    ["run", "--rules", "taiwanese", *QUICK],
], ids=["session", "sweep", "compare", "duel", "run-of-other-rules"])
def test_a_run_directory_refuses_every_other_job(cli, finished, tmp_path, job):
    out = tmp_path / "out"
    shutil.copytree(finished, out)
    before = {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    says = "of other rules (ruian in job.json, not taiwanese)" if job[0] == "run" else \
        f"holds a `ruian-sim run` job's files (job.json); `ruian-sim {job[0]}` writes in a directory of its own"
    one_line(cli(*job, "--out", out), f"--out {out}: ", says)
    assert {p.name: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_a_directory_written_before_job_json_is_known_by_its_plan(cli, finished, tmp_path):
    out = tmp_path / "old"
    shutil.copytree(finished, out)
    (out / "job.json").unlink()
    one_line(cli("session", "--sessions", "2", "--bots", "greedy", "--out", out),
             f"--out {out}: holds a `ruian-sim run` job's files (plan.json)")
    assert not (out / "session.json").exists()


def test_a_sessions_directory_refuses_a_run_and_takes_its_own_again(cli, tmp_path):
    out = tmp_path / "s"
    session = ["session", "--sessions", "2", "--bots", "greedy", "--out", out]
    assert cli(*session).returncode == 0
    one_line(cli("run", *QUICK, "--out", out), "holds a `ruian-sim session` job's files (job.json)")
    assert not (out / "plan.json").exists() and not (out / "chunks").exists()
    assert cli(*session, "--seed", "2").returncode == 0          # the same job, the same rules
    one_line(cli(*session, "--rules", "taiwanese"), "of other rules (ruian in job.json, not taiwanese)")


def test_report_reads_only_what_the_owning_job_wrote(cli, finished, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "out"
    shutil.copytree(finished, out)
    # a Taiwanese session's clock left beside a Ruian run, as `session --out` into a run wrote it
    done = cli("session", "--sessions", "2", "--bots", "greedy", "--rules", "taiwanese", "--out", tmp_path / "tw")
    assert done.returncode == 0, done.stderr
    shutil.copy(tmp_path / "tw" / "session.json", out / "session.json")
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "from the session run" not in page and "<h2>Sessions:" not in page
    assert "expected from the rules&#x27; timing section" in page
    (out / "job.json").unlink()   # a directory from before job.json: both read, but not mixed
    assert cli("report", out).returncode == 0
    page = (out / "report.html").read_text()
    assert "from the session run" not in page and "expected from the rules&#x27; timing section" in page


# --- records another run claims, or inside a run's working areas -----------------------------

def test_two_runs_given_one_records_file_the_second_is_refused_the_first_intact(cli, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    rec = tmp_path / "rows.parquet"
    assert cli("run", *QUICK, "--seed", "3", "--records", rec, "--out", tmp_path / "a").returncode == 0
    before = pq.read_table(rec)
    one_line(cli("run", *QUICK, "--seed", "4", "--records", rec, "--out", tmp_path / "b"),
             f"--records {rec}: holds the rows of the run in {tmp_path / 'a'}")
    assert pq.read_table(rec).equals(before)
    assert before.num_rows == json.loads((tmp_path / "a" / "summary.json").read_text())["hands"]
    assert not (tmp_path / "b").exists()
    # the same run again in its own directory may write them again
    assert cli("run", *QUICK, "--seed", "3", "--records", rec, "--out", tmp_path / "a").returncode == 0


@pytest.mark.parametrize("where", ["out/records/chunk-000000.parquet", "out/chunks/rows.parquet",
                                   "out/records/final-partial.parquet", "other/records/chunk-000001.parquet"])
def test_records_inside_a_run_directorys_working_areas_are_refused(cli, finished, tmp_path, where):
    pytest.importorskip("pyarrow")
    shutil.copytree(finished, tmp_path / "other")
    one_line(cli("run", *QUICK, "--chunk-matches", "5", "--records", tmp_path / where, "--out", tmp_path / "out"),
             f"--records {tmp_path / where}: ", "is a run directory's own")
    assert not (tmp_path / "out").exists()


def test_records_over_a_file_no_run_wrote_are_refused(cli, tmp_path):
    pytest.importorskip("pyarrow")
    mine = tmp_path / "mine.parquet"
    mine.write_bytes(b"the user's own")
    one_line(cli("run", *QUICK, "--records", mine, "--out", tmp_path / "o"),
             f"--records {mine}: that file exists and no ruian-sim run wrote it")
    assert mine.read_bytes() == b"the user's own"


# --- names that are not UTF-8 --------------------------------------------------------------

@pytest.mark.parametrize("given", ["out", "records", "rules", "variant", "cwd"])
def test_a_name_that_is_not_utf8_is_one_line_and_nothing_is_written(cli, tmp_path, given):
    pytest.importorskip("pyarrow")
    bad = os.fsdecode(b"bad\xff")
    root = tmp_path / "here"
    (root / bad).mkdir(parents=True)
    shutil.copy(REPO / "rules" / "ruian.yaml", root / f"{bad}.yaml")
    shutil.copy(REPO / "variants" / "flowers.yaml", root / f"v{bad}.yaml")
    args = {"out": ["--out", bad], "records": ["--records", f"{bad}.parquet", "--out", "o"],
            "rules": ["--rules", f"{bad}.yaml", "--out", "o"], "variant": ["--variant", f"v{bad}.yaml", "--out", "o"],
            "cwd": ["--records", "rows.parquet", "--out", "o"]}[given]
    made = set(root.rglob("*"))
    one_line(cli("run", *QUICK, *args, cwd=root / bad if given == "cwd" else root), "not UTF-8", "\\xff")
    assert set(root.rglob("*")) == made      # no plan.json.tmp, no directory


# --- a figure outside its own interval ----------------------------------------------------------

@pytest.mark.parametrize("edit, says", [
    (lambda s: s["seat_points_mean"].__setitem__(0, 1000.0), "seat_points_mean[0] is 1000, outside its 95% interval"),
    (lambda s: s["outcomes"].__setitem__("self_draw", 0.9), "outcomes.self_draw is 0.9, outside its 95% interval"),
    (lambda s: s["ci95"].__setitem__("turns_mean", [s["turns_mean"] + 1, s["turns_mean"] + 2]),
     "turns_mean is "),
])
def test_report_on_a_figure_outside_its_interval_is_one_line(cli, finished, tmp_path, edit, says):
    s = json.loads((finished / "summary.json").read_text())
    edit(s)
    (tmp_path / "summary.json").write_text(json.dumps(s))
    one_line(cli("report", tmp_path), f"{tmp_path / 'summary.json'}: {says}", "the file is inconsistent")
    assert not (tmp_path / "report.html").exists()


def test_every_figure_of_a_comparison_and_a_sweep_is_within_its_interval_and_one_moved_is_found():
    from ruian_sim.report.load import outside

    c = {"metrics": {"draw_rate": {"a": 0.3, "b": 0.2, "diff": 0.1, "ci95": [0.05, 0.15],
                                   "unpaired_ci95": [0.0, 0.2], "p": 0.01}},
         "a_summary": {"draw_rate": 0.3, "ci95": {"draw_rate": [0.25, 0.35]}, "extra": {}}}
    assert list(outside(c)) == []
    c["metrics"]["draw_rate"]["unpaired_ci95"] = [0.12, 0.2]
    c["a_summary"]["ci95"]["draw_rate"] = [0.31, 0.35]
    assert [w for w, _, _ in outside(c)] == ["metrics.draw_rate.diff", "a_summary.draw_rate"]
    sweep = {"points": [{"metrics": {"draw_rate": {"value": 0.5, "ci95": [0.1, 0.2]}}}]}
    assert [w for w, _, _ in outside(sweep)] == ["points[0].metrics.draw_rate.value"]
    # a solve's evaluation: the param's value 6, its estimate within the band
    solve = {"solve": {"evaluations": [{"value": 6, "estimate": 0.22, "ci95": [0.19, 0.25]}]}}
    assert list(outside(solve)) == []
    solve["solve"]["evaluations"][0]["estimate"] = 0.3
    assert [w for w, _, _ in outside(solve)] == ["solve.evaluations[0].estimate"]
    assert list(outside({"x": float("nan"), "ci95": {"x": [0.0, 1.0]}})) == []   # a null figure


# --- absurd sizes ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, says", [
    (["run", "--chunk-matches", "1000000000"], "argument --chunk-matches: at most 10,000"),
    (["compare", "ruian", "ruian", "--chunk-matches", "10001"], "argument --chunk-matches: at most 10,000"),
    (["sweep", "--param", "scoring.base.other=1,2", "--chunk-matches", "20000"], "--chunk-matches: at most 10,000"),
    (["duel", "greedy", "random", "--chunk-matches", "5000"], "argument --chunk-matches: at most 1,000"),
    (["run", "--hands", "99999999999999999999"], "argument --hands: at most 1,000,000,000,000"),
    (["compare", "ruian", "ruian", "--until-ci", "draw_rate=0.01", "--max-hands", "10000000000000"],
     "argument --max-hands: at most"),
    (["session", "--sessions", "9999999999"], "argument --sessions: at most 1,000,000"),
    (["session", "--rounds", "100000"], "argument --rounds: at most 2,520"),
    (["session", "--session-hands", "1000000"], "argument --session-hands: at most 10,080"),
])
def test_absurd_sizes_are_one_line_and_quick(cli, tmp_path, args, says):
    t = time.perf_counter()
    one_line(cli(*args, "--out", tmp_path / "o"), says)
    assert time.perf_counter() - t < 20      # a chunk of 1e9 matches played on with nothing shown
    assert not (tmp_path / "o").exists()


def test_a_plan_edited_to_an_endless_chunk_is_refused_on_resume(cli, interrupted):
    plan = json.loads((interrupted / "plan.json").read_text())
    plan["chunk_matches"] = 10**9
    (interrupted / "plan.json").write_text(json.dumps(plan))
    one_line(cli("run", "--resume", interrupted), "plan.json is damaged (chunk_matches is 1000000000, more than 10,000)")


def test_the_merge_checks_again_whose_rows_the_file_holds(tmp_path):
    """Two runs started on one --records file before either had written it: the one that
    merges second is refused (check_dest runs again before the merge), unless it is a copy
    of the same run, whose rows are the same."""
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    from ruian_sim.errors import UserError
    from ruian_sim.runner.parquet import WRITER_KEY, check_dest

    rec = tmp_path / "rows.parquet"
    first, second = tmp_path / "first", tmp_path / "second"
    plan = {"rules": {"table": {"players": 4}}, "rules_b": None, "seed": 3, "bots": "greedy", "first_match": 0,
            "hands": 40, "extra": {"records_file": str(rec)}}
    for d, seed in ((first, 3), (second, 4)):
        d.mkdir()
        (d / "plan.json").write_text(json.dumps({**plan, "seed": seed}))
    pq.write_table(pa.table({"hand": [0, 1]}).replace_schema_metadata({WRITER_KEY: str(first).encode()}), rec)
    with pytest.raises(UserError, match=f"holds the rows of the run in {first}"):
        check_dest(rec, second)
    check_dest(rec, first)                       # its own file
    (second / "plan.json").write_text(json.dumps(plan))
    check_dest(rec, second)                      # a copy of the same run: the same rows
