import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# tests/kit holds what tests of several packages share (the referee, the hiding test, ...);
# tests/ is no package, so it goes on the path
sys.path.insert(0, str(Path(__file__).parent / "kit"))


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


def assert_validate_refuses(tmp_path: Path, text: str, want: str) -> None:
    """`validate` on a file holding ``text`` exits 2 with a line holding ``want``, no traceback."""
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    out = run_cli("validate", f)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert any(want in line for line in out.stderr.splitlines()), out.stderr


@pytest.fixture(autouse=True)
def _no_orphans(monkeypatch):
    """A process a test started is killed when the test ends: a failed Ctrl-C
    test once left two `session` runs playing for the rest of the suite."""
    started = []
    real = subprocess.Popen.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        started.append(self)

    monkeypatch.setattr(subprocess.Popen, "__init__", init)
    yield
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def pytest_collection_modifyitems(session, config, items):
    """Mark every test that runs the command in a subprocess ``cli`` (about 1.5 s
    a call: `-m "not slow and not cli"` is the fast subset); start the
    bounds-checked build's child now when its test will run
    (tests/engine/test_bounds_checked.py): it compiles for minutes on one core."""
    for item in items:
        if "cli" in getattr(item, "fixturenames", ()) or "run_cli" in getattr(item.module, "__dict__", {}):
            item.add_marker(pytest.mark.cli)
    if os.environ.get("RUIAN_SIM_BOUNDS_CHILD") == "1" or config.option.collectonly:
        return
    if any(item.name == "test_the_bounds_checked_engine_plays_clean" for item in items):
        sys.path.insert(0, str(Path(__file__).parent / "engine"))
        from test_bounds_checked import start_child

        config._bounds_child = start_child(config._tmp_path_factory)   # the tmp_path_factory fixture's


def pytest_unconfigure(config):
    started = getattr(config, "_bounds_child", None)
    if started and started[0].poll() is None:   # the run stopped early: no orphan left compiling
        started[0].kill()
