"""What a newcomer sees: play's scores, the first-compile notice, honest
rates on reused chunks, no leftovers from a failed run, help that has
examples which run as written."""

import json
import re
import shlex
import subprocess
import sys

import pytest

from ruian_sim.cli import build_parser, notices


def scores_block(stdout):
    lines = stdout.splitlines()
    return lines[lines.index("Scores:") + 1:]


def test_play_ends_with_each_seats_points_and_the_table_entry(cli):
    done = cli("play", "--seed", "1", "--match", "0", "--hand", "1", "--bots", "greedy")
    assert done.returncode == 0, done.stderr
    block = scores_block(done.stdout)
    # S2 wins hard (no wild held) on S1's discard (the transcript in tests/engine/transcripts);
    # every loser, the dealer S1 too, pays multiplier 2 × base 1
    assert block[0] == "  S2 wins: scoring items hard, times ×2"
    assert block[1:] == ["  S0 (player 0): -2", "  S1 (player 1): -2", "  S2 (player 2): +6",
                         "  S3 (player 3): -2"]
    assert done.stdout.rstrip().endswith(block[-1])


@pytest.mark.parametrize("hand", range(6))
def test_play_scores_agree_with_the_scoring_of_records(cli, hand):
    from ruian_sim.engine.compile import simulator
    from ruian_sim.ruleset import load
    from ruian_sim.settle import score
    from ruian_sim.table import layout as L

    rules = load("ruian")
    recs = simulator(rules, "greedy").play(5, 0, 1)
    if hand >= len(recs):
        pytest.skip("the match is shorter")
    done = cli("play", "--seed", "5", "--match", "0", "--hand", str(hand), "--bots", "greedy")
    assert done.returncode == 0, done.stderr
    sc = score(recs[hand:hand + 1], rules)
    block = scores_block(done.stdout)
    points = [int(re.search(r": ([+-]\d+)$", ln).group(1)) for ln in block if "(player" in ln]
    assert points == sc.seat_points[0].tolist() and sum(points) == 0
    wins = [ln for ln in block if " wins: " in ln]
    if recs["outcome"][hand] in L.WIN_OUTCOMES:
        names = ", ".join(n for i, n in enumerate(sc.item_names) if sc.item(i)[0])
        assert wins and f"scoring items {names}, times ×{sc.times[0]}" in wins[0]
    else:
        assert not wins and "  no winner: no scoring item applies" in block


def test_the_first_compile_is_announced_and_timed(monkeypatch, capsys):
    monkeypatch.setattr("ruian_sim.jit.is_cached", lambda d: False)
    with notices.compile_notice():
        pass
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert err[0].startswith("ruian-sim: compiling the engine (once, about ") and "minutes" in err[0]
    assert re.fullmatch(r"ruian-sim: compiling the engine: done in \d+ s", err[1])


def test_a_long_compile_shows_progress_and_is_remembered(monkeypatch, capsys, tmp_path):
    """Kernels compiled so far and the time, every few seconds; the next
    notice's estimate is this machine's own time."""
    import time as _time

    from numba import njit

    monkeypatch.setattr("ruian_sim.jit.is_cached", lambda d: False)
    monkeypatch.setenv("RUIAN_SIM_CACHE", str(tmp_path))
    monkeypatch.setattr(notices, "PROGRESS_EVERY", 0.2)
    monkeypatch.setattr(notices, "COMPILE_KERNELS", 2)   # the reference compile: two kernels
    with notices.compile_notice():
        njit(lambda x: x + 1)(1)   # a real compile the notice counts
        _time.sleep(0.5)
    err = capsys.readouterr().err.splitlines()
    assert "on a quiet 2-core machine" in err[0]
    progress = [ln for ln in err[1:-1] if ln.startswith("ruian-sim: compiling the engine: ")]
    # how far along: kernels done of the reference compile's count (a cold machine knows no other)
    want = r": \d+ of about 2 kernels \(\d+%\), \d+ s …$"
    assert progress and all(re.search(want, ln) for ln in progress), err
    assert json.loads((tmp_path / "compile-time.json").read_text())["kernels"] >= 1
    with notices.compile_notice():
        pass
    assert "as it took on this machine last time" in capsys.readouterr().err.splitlines()[0]


def test_a_compile_of_part_of_the_engine_leaves_the_estimate_and_counts_past_it(monkeypatch, capsys, tmp_path):
    """A compile of a few kernels (one module changed, or the search player's
    alone) is not the next whole compile's estimate; one that compiles more
    than the estimate counts on without a percentage (it once read "155 of
    about 37 kernels (99%)")."""
    import time as _time

    from numba import njit

    monkeypatch.setattr("ruian_sim.jit.is_cached", lambda d: False)
    monkeypatch.setenv("RUIAN_SIM_CACHE", str(tmp_path))
    monkeypatch.setattr(notices, "PROGRESS_EVERY", 0.2)
    (tmp_path / "compile-time.json").write_text('{"seconds": 100, "kernels": 50}')
    with notices.compile_notice():
        njit(lambda x: x + 2)(1)
    assert json.loads((tmp_path / "compile-time.json").read_text()) == {"seconds": 100, "kernels": 50}
    capsys.readouterr()
    (tmp_path / "compile-time.json").write_text('{"seconds": 100, "kernels": 1}')
    with notices.compile_notice():
        njit(lambda x: x + 3)(1)
        njit(lambda x: x + 4)(1)
        _time.sleep(0.5)
    progress = [ln for ln in capsys.readouterr().err.splitlines()[1:-1] if "compiling the engine: " in ln]
    assert progress and re.search(r": 2 kernels, \d+ s …$", progress[-1]), progress
    assert not any("2 of about 1" in ln for ln in progress), progress
    assert json.loads((tmp_path / "compile-time.json").read_text())["kernels"] == 2


def test_a_duel_tells_of_its_compile_only_while_it_compiles(monkeypatch, capsys, tmp_path):
    """The compile's progress lines stop when the compile does, not when the
    duel does (they once ran on through an hour of play, among its own)."""
    import time as _time

    from ruian_sim.cli.main import main
    from ruian_sim.runner import Interrupted
    from ruian_sim.runner import duel

    monkeypatch.setattr("ruian_sim.jit.is_cached", lambda d: False)
    monkeypatch.setenv("RUIAN_SIM_CACHE", str(tmp_path))
    monkeypatch.setattr(notices, "PROGRESS_EVERY", 0.05)
    monkeypatch.setattr(duel, "warm_duel", lambda plan: None)   # compiled at once

    def playing(*args, **kwargs):
        _time.sleep(0.6)
        raise Interrupted("interrupted")

    monkeypatch.setattr(duel, "run_duel", playing)
    assert main(["duel", "greedy", "random", "--hands", "100", "--workers", "1", "--out", str(tmp_path / "d")]) != 0
    err = capsys.readouterr().err
    assert "compiling the engine: done" in err
    assert not re.search(r"compiling the engine: \d", err), err


def test_a_warm_engine_says_nothing_about_compiling(cli):
    cli("play")  # the engine is compiled and cached after this
    done = cli("play", "--seed", "2")
    assert done.returncode == 0 and "compiling" not in done.stderr


def test_a_run_that_only_reuses_chunks_says_so_and_reports_no_rate(cli, tmp_path):
    out = tmp_path / "r"
    first = cli("run", "--hands", "1500", "--workers", "1", "--quiet", "--out", out)
    assert first.returncode == 0, first.stderr
    assert json.loads((out / "summary.json").read_text())["hands_per_second"] > 0
    again = cli("run", "--hands", "1500", "--workers", "1", "--quiet", "--out", out)
    assert again.returncode == 0, again.stderr
    assert "already played" in again.stderr and "nothing new was played" in again.stderr
    assert "hands/s" not in again.stdout
    assert json.loads((out / "summary.json").read_text())["hands_per_second"] is None


def test_a_failed_run_leaves_no_plan_behind(tmp_path, monkeypatch):
    import importlib

    from ruian_sim.runner import make_plan, run_plan
    from ruian_sim.runner.executors import local

    execute = importlib.import_module("ruian_sim.runner.execute")

    def broken(job):
        raise RuntimeError("kernel failed")

    monkeypatch.setattr(execute, "run_job", broken)
    out = tmp_path / "failed"
    with pytest.raises(RuntimeError, match="kernel failed"):
        run_plan(make_plan(hands=500), out, local(1))
    assert not out.exists()
    kept = tmp_path / "existing"
    kept.mkdir()
    with pytest.raises(RuntimeError):
        run_plan(make_plan(hands=500), kept, local(1))
    assert kept.is_dir() and list(kept.iterdir()) == []


def _subparsers(parser, prefix=()):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name), sub
                yield from _subparsers(sub, (*prefix, name))


PARSERS = dict(_subparsers(build_parser()))


@pytest.mark.parametrize("path", [" ".join(p) for p in PARSERS])
def test_every_subcommand_has_examples_and_described_arguments(path):
    sub = PARSERS[tuple(path.split())]
    text = sub.format_help()
    examples = [ln.strip() for ln in text.split("examples:\n", 1)[-1].splitlines() if ln.startswith("  ruian")]
    assert "examples:\n" in text and 1 <= len(examples), path
    assert all(e.startswith(f"ruian-sim {path}") for e in examples), examples
    for action in sub._actions:
        if not action.option_strings and action.help is None and action.dest != "help":
            pytest.fail(f"{path}: {action.metavar or action.dest} has no description")


def test_help_lists_bot_parameters_until_ci_metrics_and_tiles():
    run = PARSERS[("run",)].format_help()
    for word in ("greedy", "random", "claim", "chase_hard", "kong", "follow"):
        assert word in run, word
    compare = PARSERS[("compare",)].format_help()
    for name in ("draw_rate", "dealer_kept_rate", "outcome_four_winds_draw", "shape_eight_pairs",
                 "seat_points_mean_P"):
        assert name in compare, name
    hand = PARSERS[("hand",)].format_help()
    for text in ("1z East 东", "2z South 南", "3z West 西", "4z North 北", "5z White 白", "6z Green 发",
                 "7z Red 中", "1f-8f", "万", "筒", "条"):
        assert text in hand, text


SMALL = {"--hands": "300", "--max-hands": "600", "--sessions": "3", "--minutes": "30"}


def _cheap(example):
    words = shlex.split(example.split("  #")[0])
    for i, w in enumerate(words[:-1]):
        if w in SMALL:
            words[i + 1] = SMALL[w]
    if words[1] in ("run", "compare") and "--resume" not in words and "--hands" not in words:
        words += ["--hands", "300"]
    if words[1] in ("run", "compare") and "--resume" not in words:
        words += ["--quiet"]
    return words


def all_examples():
    out = []
    for path, sub in PARSERS.items():
        text = sub.format_help()
        if "examples:\n" in text:
            out += [ln.strip() for ln in text.split("examples:\n", 1)[1].splitlines()
                    if ln.strip().startswith(("ruian-sim", "printf"))]
    return out


@pytest.mark.slow
def test_every_help_example_runs_as_written(tmp_path):
    """In one directory, in help order (a report reads what a run wrote), with
    fewer hands and sessions than written."""
    (tmp_path / "my-rules.yaml").write_text("extends: ruian\nname: mine\ndealer: {keep_on_draw: true}\n")
    failures = []
    for example in all_examples():
        if example.startswith("ruian-sim serve"):
            failures += _serve_example(example, tmp_path)
            continue
        if example.startswith("printf"):
            left, right = example.split(" | ")
            stdin = subprocess.run(["bash", "-c", left], capture_output=True, text=True, check=True).stdout
            words = shlex.split(right)
        else:
            stdin, words = None, _cheap(example)
        done = subprocess.run([sys.executable, "-m", "ruian_sim.cli", *words[1:]], input=stdin, cwd=tmp_path,
                              capture_output=True, text=True, timeout=900, check=False)
        if done.returncode != 0 or "Traceback" in done.stderr:
            failures.append(f"{example}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
    assert not failures, "\n".join(failures)


def _serve_example(example: str, tmp_path) -> list[str]:
    """A server runs until stopped: started as written (but on a free port, in the test's folder,
    opening no browser), its page fetched with the printed URL, then stopped with Ctrl-C."""
    import signal
    import urllib.request

    words = _cheap(example)
    for i, w in enumerate(words[:-1]):
        if w == "--port":
            words[i + 1] = "0"
        if w == "--workspace":
            words[i + 1] = str(tmp_path / "desk")
    words = [w for w in words if w != "--open"]
    if "--port" not in words:
        words += ["--port", "0"]
    p = subprocess.Popen([sys.executable, "-m", "ruian_sim.cli", *words[1:]], cwd=tmp_path, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = p.stdout.readline().strip()
        with urllib.request.urlopen(url, timeout=60) as page:
            ok = page.status == 200 and b"designer's desk" in page.read()
        p.send_signal(signal.SIGINT)
        p.wait(timeout=60)
    finally:
        p.kill()
        p.stdout.close()
        err = p.stderr.read()
        p.stderr.close()
    return [] if ok and p.returncode == 0 and "Traceback" not in err else [f"{example}: {url!r} exit {p.returncode}: {err[-300:]}"]


@pytest.mark.parametrize("sig, code, word", [("SIGTERM", 143, "terminated"), ("SIGINT", 130, "interrupted")])
def test_a_signal_during_the_first_compile_ends_it_at_once(tmp_path, sig, code, word):
    """numba drops an exception raised inside its C callbacks: a SIGTERM 45 s into a cold compile
    once went unheard, and the run compiled for minutes more and played to its end."""
    import os
    import signal
    import time

    env = {**os.environ, "RUIAN_SIM_CACHE": str(tmp_path / "cold")}
    p = subprocess.Popen([sys.executable, "-m", "ruian_sim.cli", "run", "--hands", "2000", "--out",
                          str(tmp_path / "out")], stderr=subprocess.PIPE, text=True, env=env)
    assert "compiling the engine" in p.stderr.readline()
    time.sleep(8)   # well inside the compile (minutes long)
    p.send_signal(getattr(signal, sig))
    try:
        p.wait(timeout=30)
    finally:
        p.kill()
    rest = p.stderr.read()
    assert p.returncode == code, rest
    assert rest.strip().splitlines()[-1] == (f"ruian-sim: {word} while compiling the engine; nothing was written "
                                             "(the kernels compiled so far are cached)")
    assert "Traceback" not in rest and not (tmp_path / "out").exists()
