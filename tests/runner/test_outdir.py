"""Where a job writes: one job per --out at a time, paths that cannot hold a directory,
--workers beyond the cores, strict JSON, and the files `report` reads back."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from outputs import one_line, stable

CLI = [sys.executable, "-m", "ruian_sim.cli"]
QUICK = ["--hands", "40", "--bots", "greedy", "--workers", "1", "--quiet"]
COMMANDS = {
    "run": ["run", *QUICK],
    "compare": ["compare", "ruian", "ruian+flowers", *QUICK],
    "duel": ["duel", "greedy", "random", "--hands", "40", "--workers", "1", "--quiet"],
    "sweep": ["sweep", "--param", "scoring.base.other=1,2", *QUICK],
    "session": ["session", "--sessions", "1", "--bots", "greedy"],
}


def strict_json(path: Path):
    def refuse(token):
        raise AssertionError(f"{path} holds {token}: not strict JSON")

    return json.loads(path.read_text(), parse_constant=refuse)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_empty_out_is_refused(cli, tmp_path, command):
    one_line(cli(*COMMANDS[command], "--out", "", cwd=tmp_path), "--out is empty")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make, says", [
    (lambda d: os.symlink(d / "missing", d / "out"), "is a symbolic link to nothing"),
    (lambda d: os.symlink(d / "out", d / "out"), "is a symbolic link to nothing"),
    (lambda d: (os.symlink(d / "b", d / "a"), os.symlink(d / "a", d / "b"), os.symlink(d / "a", d / "out")),
     "is a symbolic link to nothing"),
], ids=["dangling", "self-loop", "loop"])
def test_out_through_a_broken_symlink_is_refused(cli, tmp_path, make, says):
    make(tmp_path)
    one_line(cli(*COMMANDS["run"], "--out", tmp_path / "out", cwd=tmp_path), "--out", says)


@pytest.mark.parametrize("where", ["/sys/x", "/proc/self/x", "/proc/self/fd/x/y"])
def test_out_on_a_kernel_filesystem_is_refused(cli, tmp_path, where):
    if not Path(where.split("/")[1] and "/" + where.split("/")[1]).is_dir():
        pytest.skip("no such filesystem here")
    one_line(cli(*COMMANDS["run"], "--out", where, cwd=tmp_path), "--out")
    assert not Path(where).exists()


@pytest.fixture
def unwritable(tmp_path):
    """A directory this process cannot write: read-only permissions, or for root an
    immutable directory (chattr +i) or a read-only tmpfs."""
    d = tmp_path / "locked"
    d.mkdir()
    if os.geteuid() != 0:
        d.chmod(0o500)
        yield d
        d.chmod(0o700)
        return
    if subprocess.run(["chattr", "+i", str(d)], capture_output=True).returncode == 0:
        yield d
        subprocess.run(["chattr", "-i", str(d)], check=True)
        return
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(d)],
                      capture_output=True).returncode == 0:
        yield d
        subprocess.run(["umount", str(d)], check=True)
        return
    pytest.skip("root without chattr or mount: no directory it cannot write")


@pytest.mark.parametrize("below", [False, True], ids=["itself", "below"])
def test_out_on_an_unwritable_directory_is_refused(cli, tmp_path, unwritable, below):
    out = unwritable / "sub" if below else unwritable
    one_line(cli(*COMMANDS["run"], "--out", out, cwd=tmp_path), "--out", "cannot be written")


def test_two_runs_on_one_out_the_second_is_refused_the_first_intact(cli, tmp_path):
    out = tmp_path / "same"
    first = subprocess.Popen(CLI + ["run", "--hands", "3000", "--chunk-matches", "20", "--seed", "7", "--bots",
                                    "greedy", "--workers", "1", "--quiet", "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 300
        while not (out / "plan.json").is_file():
            assert first.poll() is None and time.time() < deadline, first.communicate()
            time.sleep(0.05)
        first.send_signal(signal.SIGSTOP)   # hold it mid-run, whatever the machine's speed
        second = cli("run", "--hands", "3000", "--seed", "8", "--bots", "greedy", "--workers", "1", "--quiet",
                     "--out", out)
        assert first.poll() is None  # refused while the first was still running
    finally:
        first.send_signal(signal.SIGCONT)
    one_line(second, f"--out {out} is in use by another job (pid {first.pid} on ", "ruian-sim run since")
    _, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    alone = cli("run", "--hands", "3000", "--seed", "7", "--bots", "greedy", "--workers", "1", "--quiet",
                "--out", tmp_path / "alone")
    assert alone.returncode == 0, alone.stderr
    got = strict_json(out / "summary.json")
    assert got["seed"] == 7
    assert stable(got) == stable(strict_json(tmp_path / "alone" / "summary.json"))
    assert not (out / ".lock").exists()


def test_a_stale_lock_is_taken_over_with_a_note(cli, tmp_path):
    out = tmp_path / "stale"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    (out / ".lock").write_text(json.dumps({"pid": int(dead), "host": "here", "command": "ruian-sim run",
                                           "started": "2026-01-01T00:00:00"}))
    done = cli(*COMMANDS["run"], "--out", out)
    assert done.returncode == 0, done.stderr
    assert f"was left by pid {dead} on here, ruian-sim run since 2026-01-01T00:00:00, which ended without " \
           f"releasing it; taking it over" in done.stderr
    assert (out / "summary.json").is_file() and not (out / ".lock").exists()


def test_workers_beyond_the_cores_are_capped_with_a_note(cli, tmp_path):
    cores = len(os.sched_getaffinity(0))
    done = cli("run", "--hands", "40", "--bots", "greedy", "--workers", "1000", "--quiet", "--out", tmp_path / "w")
    assert done.returncode == 0, done.stderr
    assert f"--workers 1000: this machine gives this job {cores} core" in done.stderr
    assert strict_json(tmp_path / "w" / "summary.json")["run"]["workers"] == cores


def test_a_duel_of_ten_hands_writes_strict_json_with_reasons(cli, tmp_path):
    done = cli("duel", "greedy", "random", "--hands", "10", "--workers", "1", "--quiet", "--out", tmp_path / "d")
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr, done.stderr   # numpy's "invalid value" warnings
    d = strict_json(tmp_path / "d" / "duel.json")
    assert d["metrics"]["win_rate"]["ci95"] == [None, None]
    assert d["metrics"]["win_rate"]["p"] is None   # one match: no p-value (it said 0.0)
    assert "at least 2 matches" in d["null_reasons"]["metrics.win_rate.ci95"]
    assert "fewer than 2 matches" in d["null_reasons"]["metrics.win_rate.p"]


def test_a_one_match_run_writes_strict_json_that_validates_and_reports(cli, tmp_path):
    from tests.runner.test_schemas import errors

    out = tmp_path / "one"
    done = cli("run", "--hands", "3", "--bots", "greedy", "--workers", "1", "--quiet", "--out", out)   # match 0: 4 hands
    assert done.returncode == 0, done.stderr
    s = strict_json(out / "summary.json")
    assert s["matches"] == 1 and s["ci95"]["turns_mean"] == [None, None] and s["ci95"]["draw_rate"] == [0, 1]
    assert errors("summary", s) == []
    rep = cli("report", out)
    assert rep.returncode == 0, rep.stderr


@pytest.mark.parametrize("content, says", [
    ("[1, 2]", "a list, not the mapping ruian-sim writes"),
    ('{"hands": 5}', "not as ruian-sim writes it (at the top level: 'rules' is a required property"),
    ('{"hands": NaN}', "not strict JSON (NaN is not a JSON number"),
    ("{", "not strict JSON"),
])
def test_report_on_a_damaged_summary_is_one_line(cli, tmp_path, content, says):
    (tmp_path / "summary.json").write_text(content)
    one_line(cli("report", tmp_path), "summary.json: " + says)
    assert not (tmp_path / "report.html").exists()


@pytest.mark.parametrize("args, says", [
    (["play", "--match", "99999999999999999999"], "argument --match: must be 0 .. 2**63-1"),
    (["play", "--hand", "99999999999999999999"], "argument --hand: must be 0 .. 2**63-1"),
    (["sweep", "--param", "scoring.base.other=1:.inf"], "a range has finite ends and step"),
    (["sweep", "--param", "scoring.base.other=1:100000000"], "100,000,000 values; a sweep has at most 1,000"),
    (["sweep", "--param", "scoring.base.other=1:1000", "--param", "dealer.streak_cap=1:100"],
     "1,000 × 100 = 100,000 points; a sweep has at most 1,000"),
    (["sweep", "--param", "scoring.base.other=" + ",".join(["1"] * 1001)], "1,001 values"),
    (["session", "--minutes", "nan"], "--minutes nan: a session is more than 0 and at most 10,080 minutes"),
    (["session", "--minutes", "inf"], "--minutes inf"),
    # the scoring issue's bounds (issue 20), here only as "no traceback" through the CLI
    (["sweep", "--param", f"scoring.base.other={2 ** 70}"], "--param"),
    (["sweep", "--param", "scoring.value=" + "(" * 200 + "base" + ")" * 200], "--param"),
    (["hand", "--streak", "99999999999999999999999", "--wild", "9s", "--win", "self", "123456789m123456p11z"],
     "--streak"),
])
def test_absurd_arguments_are_one_line_and_quick(cli, tmp_path, args, says):
    t = time.perf_counter()
    one_line(cli(*args, "--out", tmp_path / "o") if args[0] in ("sweep", "session") else cli(*args), says)
    assert time.perf_counter() - t < 20   # the grid took over 60 s before any output
    assert not (tmp_path / "o").exists()
