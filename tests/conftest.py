import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


@pytest.fixture
def write(tmp_path):
    """write("name.yaml", text) -> path; the text is dedented."""

    def _write(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return p

    return _write


def run_cli(*args: str, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    """Run `ruian-sim` as a user would, in a subprocess."""
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *map(str, args)], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=600)


@pytest.fixture
def cli():
    return run_cli
