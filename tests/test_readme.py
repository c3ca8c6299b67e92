"""The README's two commands stay true: CI runs the test command verbatim."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n# [^\n]*\n([^\n]+)\n```", text)


def test_readme_has_the_two_commands():
    cmds = commands()
    assert len(cmds) >= 2
    assert "ruian-sim run" in cmds[0] and "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands()[1] in ci


def test_readme_explains_the_tile_notation():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for words in ("`1m`–`9m` | characters 万", "`1p`–`9p` | dots 筒", "`1s`–`9s` | bamboo 条",
                  "East 东, South 南, West 西, North 北", "White 白, Green 发, Red 中", "`1f`–`8f` | flowers"):
        assert words in text, words
