"""Transcripts of fixed hands, read by hand against RULES.md when they were
written (dice and 开门人, the break, the turned wild and 白板, the deal with the
dealer's 17th tile, chi only from the left, kong replacements from the tail,
the 海底 phase, flowers laid aside and replaced, the substitute's seat), kept
as regression tests.  Regenerate one with the command in its first line:
ruian-sim play --seed S --match M --hand K [--variant V] > FILE."""

import re
from pathlib import Path

import pytest

from ruian_sim.engine.compile import simulator
from ruian_sim.engine.transcript import play_text
from ruian_sim.ruleset import load
from ruian_sim.settle.payments import settlement

FILES = sorted((Path(__file__).parent / "transcripts").glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_transcript_is_unchanged(path):
    expected = path.read_text(encoding="utf-8")
    head = re.match(r"ruian-sim play: (\S+) \(rules hash \w+\), seed (\d+), match (\d+), hand (\d+)",
                    expected)
    name, seed, match, hand = head.group(1), *map(int, head.groups()[1:])
    base, *variants = name.split("+")
    rules = load(base, variants)
    sim = simulator(rules, "greedy")
    assert play_text(sim, seed, match, hand, settle=lambda rec: settlement(rec, rules)) == expected


def test_play_cli_prints_the_same_text(cli):
    out = cli("play", "--seed", "1", "--match", "0", "--hand", "0", "--bots", "greedy")
    assert out.returncode == 0, out.stderr
    assert out.stdout == (FILES[0].parent / "ruian-s1-m0-h0-haidi.txt").read_text(encoding="utf-8")


def test_play_cli_bad_arguments_exit_2(cli):
    for args in (["--hand", "-1"], ["--hand", "99"], ["--bots", "greedy,smart"], ["--seed", "x"]):
        out = cli("play", *args)
        assert out.returncode == 2, args
        assert "Traceback" not in out.stderr
