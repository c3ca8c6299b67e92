"""Tests leave nothing in the system's temporary directory: what they write goes under
pytest's tmp_path (pruned by pytest to its last three runs) or is removed as they end.
The bounds-checked child once made a ``tempfile.mkdtemp`` directory per run, its numba
cache 35-50 MB, and nothing removed it."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).parent

# calls that make a file or directory nobody removes unless the caller does
LEFT_BEHIND = re.compile(r"\b(mkdtemp|mkstemp|NamedTemporaryFile\([^)]*delete\s*=\s*False)")


def test_no_test_makes_a_temporary_path_it_may_leave_behind():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path == Path(__file__):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LEFT_BEHIND.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.relative_to(TESTS)}:{no}: {line.strip()}")
    assert not found, "use tmp_path / tmp_path_factory instead:\n" + "\n".join(found)


def test_the_bounds_checked_child_works_under_pytests_temporary_directory(tmp_path_factory, monkeypatch):
    import subprocess
    import sys

    sys.path.insert(0, str(TESTS / "engine"))
    from test_bounds_checked import start_child

    class NoChild:   # where it would work is the question, not the minutes of compiling
        def __init__(self, argv, **kwargs):
            self.argv = argv

    monkeypatch.setattr(subprocess, "Popen", NoChild)
    proc, log = start_child(tmp_path_factory)
    base = tmp_path_factory.getbasetemp()
    assert log.is_relative_to(base)
    assert Path(proc.argv[proc.argv.index("--basetemp") + 1]).is_relative_to(base)
