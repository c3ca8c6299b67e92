"""A bounds-checked build of the engine plays every built-in rule set and a
sample of random valid rule files (tests/engine/bounds/).  It compiles once
per test run, into a cache of its own, in a child process: numba reads
NUMBA_BOUNDSCHECK when it starts.

The child compiles the whole engine single-threaded for several minutes, so
a full test run starts it at collection (tests/conftest.py) and it works on
the second core while the other tests run; this test waits for its answer.
Run alone, the test starts it itself.  Its work (the bounds-checked numba cache,
some 35-50 MB, and the child's log) goes under pytest's own temporary
directory, which pytest prunes, never straight into /tmp."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TIMEOUT = 2400


def start_child(factory: pytest.TempPathFactory) -> tuple[subprocess.Popen, Path]:
    """The bounds-checked pytest child, its output going to a file (no pipe to fill), its
    work in a directory of pytest's ``factory``."""
    work = factory.mktemp("bounds")
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(work / "numba"),
               RUIAN_SIM_BOUNDS_CHILD="1", RUIAN_SIM_RULE_FILES=os.environ.get("RUIAN_SIM_RULE_FILES", "120"),
               # glibc then maps large arrays exactly, so a read past one faults (as under Dask)
               MALLOC_TRIM_THRESHOLD_="65536")
    log = open(work / "out.txt", "w", encoding="utf-8")  # noqa: SIM115 - read back when the child ends
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                             "--basetemp", str(work / "tmp"), str(HERE / "bounds")],
                            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=str(HERE.parent.parent))
    log.close()
    return proc, work / "out.txt"


@pytest.mark.slow
def test_the_bounds_checked_engine_plays_clean(request, tmp_path_factory):
    started = getattr(request.config, "_bounds_child", None)
    proc, log = started if started else start_child(tmp_path_factory)
    try:
        proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"the bounds-checked child ran past {TIMEOUT} s")
    out = log.read_text(encoding="utf-8")
    tail = out[-6000:]
    assert proc.returncode == 0, tail
    last = out.strip().splitlines()[-1]
    assert " passed" in last and "skipped" not in last, tail
