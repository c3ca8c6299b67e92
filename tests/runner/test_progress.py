"""How far along a long job is: on a terminal a bar with hands done of the total, percent and
time left; into a log, a plain line every few seconds saying the same (a run once printed
nothing for 59 s into a log, and its bar no total)."""

from __future__ import annotations

import io
import re
import time

import pytest

from ruian_sim.runner import progress

LINE = re.compile(r"ruian-sim: (?P<desc>.+): (?P<n>[\d,]+) of (?P<total>[\d,]+) hands \((?P<pct>\d+)%\), "
                  r"[\d a-z]+(?:, about (?P<left>[\d a-z]+) left)?")


def test_a_log_gets_a_line_every_few_seconds_with_the_total_and_time_left():
    out = io.StringIO()
    bar = progress.LogProgress(1000, "ruian", every=0.05, stream=out)
    bar.update(200)       # resumed chunks: no measure of speed
    time.sleep(0.12)
    first = out.getvalue().splitlines()
    bar.update(300)
    time.sleep(0.12)
    bar.close()
    lines = out.getvalue().splitlines()
    assert first and all(LINE.fullmatch(x) for x in lines), lines
    early, late = LINE.fullmatch(first[0]), LINE.fullmatch(lines[-1])
    assert (early["n"], early["total"], early["pct"], early["left"]) == ("200", "1,000", "20", None)
    assert (late["n"], late["pct"]) == ("500", "50") and late["left"]   # once a speed is known


@pytest.mark.parametrize("command", ["run", "compare", "sweep", "duel"])
def test_every_long_command_reports_progress_into_a_log(command, tmp_path, monkeypatch, capsys):
    from ruian_sim.cli.main import main

    monkeypatch.setattr(progress, "EVERY", 0.2)
    args = {"run": ["run", "--bots", "greedy"], "compare": ["compare", "ruian", "ruian+pass-win", "--bots", "greedy"],
            "sweep": ["sweep", "--param", "scoring.base.other=1,2", "--bots", "greedy"],
            "duel": ["duel", "greedy", "random"]}[command]
    hands = "4000" if command != "duel" else "1500"
    assert main([*args, "--hands", hands, "--workers", "1", "--out", str(tmp_path / "o")]) == 0
    lines = [x for x in capsys.readouterr().err.splitlines() if LINE.fullmatch(x)]
    assert lines, f"{command}: no progress line in a log"
    last = LINE.fullmatch(lines[-1])
    assert int(last["total"].replace(",", "")) == int(hands)


def test_a_terminal_gets_a_bar_with_the_total_and_time_left(monkeypatch):
    err = io.StringIO()
    err.isatty = lambda: True
    monkeypatch.setattr("sys.stderr", err)
    bar = progress.progress_bar(100_000, "ruian", quiet=False)
    bar.update(45_000)
    text = str(bar)
    bar.close()
    assert "45%" in text and "45.0k of 100k hands" in text and "left" in text, text
    assert progress.progress_bar(10, "x", quiet=True) is None
