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
