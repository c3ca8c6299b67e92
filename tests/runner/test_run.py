"""`ruian-sim run`: the summary's contract, independence from workers and
chunking, Parquet rows, resuming, and bad input."""

import json
import signal
import subprocess
import sys
import time

import pytest

from ruian_sim.bots.spec import DEFAULT_BOT

REQUIRED = ["rules", "variants", "seed", "hands", "bots", "outcomes", "draw_rate", "dealer_win_rate",
            "dealer_kept_rate", "seat_win_rate", "seat_points_mean", "shapes", "hard_rate", "times",
            "turns_mean", "hands_per_second", "ci95"]
OUTCOMES = ["self_draw", "discard_win", "robbed_kong", "haidi_win", "exhaustive_draw", "four_winds_draw",
            "four_kongs_draw", "triple_win_draw"]
TIMING = ("hands_per_second", "run")


def stable(summary):
    s = {k: v for k, v in summary.items() if k not in TIMING}
    s["extra"] = {k: v for k, v in s["extra"].items() if k != "cpu_seconds"}
    return s


def run(cli, tmp_path, name, *args):
    out = tmp_path / name
    done = cli("run", "--quiet", "--out", out, *args)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "summary.json").read_text()), done


def test_summary_has_the_contracted_keys(cli, tmp_path):
    s, done = run(cli, tmp_path, "a", "--hands", "3000", "--seed", "3", "--workers", "1")
    for k in REQUIRED:
        assert k in s, k
    assert s["rules"]["name"] == "ruian" and len(s["rules"]["hash"]) == 16
    assert s["hands"] >= 3000 and s["seed"] == 3 and s["bots"] == [DEFAULT_BOT] * 4
    assert set(OUTCOMES) <= set(s["outcomes"])
    assert abs(sum(s["outcomes"].values()) - 1) < 1e-9
    assert len(s["seat_win_rate"]) == 4 and len(s["seat_points_mean"]) == 4
    assert abs(sum(s["seat_points_mean"])) < 1e-9  # zero-sum game
    for k in ("draw_rate", "dealer_win_rate", "dealer_kept_rate", "hard_rate", "turns_mean"):
        lo, hi = s["ci95"][k]
        assert lo <= s[k] <= hi, k
    assert len(s["ci95"]["seat_points_mean"]) == 4
    assert set(s["ci95"]["outcomes"]) == set(s["outcomes"])
    assert s["hands_per_second"] > 0
    assert "draw_rate" in done.stdout and "summary.json" in done.stdout


def test_workers_and_chunking_do_not_change_the_answer(cli, tmp_path):
    a, _ = run(cli, tmp_path, "one", "--hands", "4000", "--workers", "1")
    b, _ = run(cli, tmp_path, "two", "--hands", "4000", "--workers", "2", "--chunk-matches", "150")
    c, _ = run(cli, tmp_path, "small", "--hands", "4000", "--workers", "1", "--chunk-matches", "97")
    assert stable(a) == stable(b) == stable(c)


def test_records_are_written_as_parquet(cli, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    s, _ = run(cli, tmp_path, "rec", "--hands", "2500", "--records", tmp_path / "hands.parquet",
               "--chunk-matches", "200")
    t = pq.read_table(tmp_path / "hands.parquet")
    assert t.num_rows == s["hands"]
    for col in ("match", "hand", "dealer", "streak", "outcome", "winner", "discarder", "standard",
                "eight_pairs", "all_pungs", "three_wilds", "hard", "self_drawn", "wilds", "times", "value", "items",
                "turns", "points_0", "points_3"):
        assert col in t.column_names, col
    df = t.to_pydict()
    assert min(df["streak"]) == 1
    assert all(sum(df[f"points_{p}"][i] for p in range(4)) == 0 for i in range(100))
    draws = sum(o == "exhaustive_draw" for o in df["outcome"]) / t.num_rows
    assert abs(draws - s["outcomes"]["exhaustive_draw"]) < 1e-12


def test_resume_after_lost_chunks_gives_the_same_answer(cli, tmp_path):
    a, _ = run(cli, tmp_path, "full", "--hands", "3000", "--chunk-matches", "100", "--workers", "1")
    out = tmp_path / "full"
    chunks = sorted((out / "chunks").glob("chunk-*.json"))
    for p in chunks[1::2]:
        p.unlink()
    (out / "summary.json").unlink()
    done = cli("run", "--quiet", "--resume", out)
    assert done.returncode == 0, done.stderr
    b = json.loads((out / "summary.json").read_text())
    assert stable(a) == stable(b)
    assert b["run"]["resumed_chunks"] == len(chunks) - len(chunks[1::2])


CLI = [sys.executable, "-m", "ruian_sim.cli"]
INTERRUPT_WITHIN = 5.0  # seconds from SIGINT to exit, while kernels are busy


def interrupt(cmd, out, chunks=3):
    """Start cmd, send SIGINT once OUT holds `chunks` finished chunks (the
    kernels are busy with the next ones); returns (seconds to exit, stderr)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while time.time() < deadline and len(list((out / "chunks").glob("chunk-*.json"))) < chunks:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    sent = time.time()
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("still running 60 s after SIGINT") from None
    took = time.time() - sent
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    return took, err


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    """Each command's summary from one uninterrupted run, keyed by the command."""
    cache = {}

    def get(args, name):
        key = tuple(args)
        if key not in cache:
            out = tmp_path_factory.mktemp("fresh")
            done = subprocess.run(CLI + list(args) + ["--quiet", "--out", str(out)], capture_output=True, check=False,
                                  text=True, timeout=900)
            assert done.returncode == 0, done.stderr
            cache[key] = json.loads((out / name).read_text())
        return cache[key]

    return get


# small chunks (about 1,000 hands each), so a run is interrupted with most of its chunks to go
RUN = ["run", "--hands", "20000", "--chunk-matches", "200"]
COMPARE = ["compare", "ruian", "ruian+four-winds-draw", "--hands", "10000", "--chunk-matches", "200"]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2", None], ids=["workers1", "workers2", "default"])
@pytest.mark.parametrize("args,name", [(RUN, "summary.json"), (COMPARE, "comparison.json")],
                         ids=["run", "compare"])
def test_ctrl_c_keeps_finished_chunks_exits_130_and_resumes(tmp_path, uninterrupted, workers, args, name):
    out = tmp_path / "int"
    cmd = CLI + args + (["--workers", workers] if workers else []) + ["--quiet", "--out", str(out)]
    took, err = interrupt(cmd, out)
    assert took < INTERRUPT_WITHIN, f"took {took:.1f} s to stop"
    assert f"resume with: ruian-sim {args[0]} --resume" in err
    assert (out / "summary.partial.json").is_file()
    assert json.loads((out / "summary.partial.json").read_text())["partial"] is True
    kept = len(list((out / "chunks").glob("chunk-*.json")))
    assert kept >= 3
    assert not (out / name).exists()
    done = subprocess.run(CLI + [args[0], "--quiet", "--resume", str(out)], capture_output=True, check=False, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr
    resumed = json.loads((out / name).read_text())
    assert not (out / "summary.partial.json").exists()
    assert resumed["run"]["resumed_chunks"] >= 3
    assert stable_any(resumed) == stable_any(uninterrupted(args, name))


def stable_any(summary):
    """A summary or comparison without what depends on the clock or the machine."""
    if isinstance(summary, dict):
        return {k: stable_any(v) for k, v in summary.items()
                if k not in ("run", "hands_per_second", "cpu_seconds", "wall_seconds", "seconds")}
    if isinstance(summary, list):
        return [stable_any(v) for v in summary]
    return summary


@pytest.mark.parametrize("args", [["session", "--sessions", "100000"],
                                  ["compare", "ruian", "ruian+flowers", "--hands", "200",
                                   "--sessions", "100000"]], ids=["session", "compare-sessions"])
def test_ctrl_c_stops_sessions_within_seconds(tmp_path, args):
    proc = subprocess.Popen(CLI + args + ["--out", str(tmp_path / "s")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(15)  # past the start (and any compile): sessions are being played
    assert proc.poll() is None, proc.communicate()
    sent = time.time()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert time.time() - sent < INTERRUPT_WITHIN
    assert proc.returncode == 130 and "interrupted" in err and "Traceback" not in err, err


@pytest.mark.parametrize("args,needle", [
    (["--hands", "0"], "--hands"),
    (["--hands", "x"], "--hands"),
    (["--bots", "greedy,greedy"], "--bots"),
    (["--variant", "nope"], "nope"),
    (["--records", "x.csv"], ".parquet"),
    (["--resume", "/nonexistent/dir"], "plan.json"),
])
def test_bad_input_exits_2_and_writes_nothing(cli, tmp_path, args, needle):
    out = tmp_path / "bad"
    done = cli("run", "--quiet", "--out", out, *args)
    assert done.returncode == 2 and needle in done.stderr and "Traceback" not in done.stderr
    assert not (out / "summary.json").exists()


def test_another_run_in_the_same_directory_is_refused(cli, tmp_path):
    run(cli, tmp_path, "d", "--hands", "500")
    done = cli("run", "--quiet", "--out", tmp_path / "d", "--hands", "500", "--seed", "9")
    assert done.returncode == 2 and "--resume" in done.stderr
