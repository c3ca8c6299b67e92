"""A bounds-checked build of the engine plays every built-in rule set and a
sample of random valid rule files (tests/engine/bounds/).  It compiles once
per test run, into a cache of its own, in a child process: numba reads
NUMBA_BOUNDSCHECK when it starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def test_the_bounds_checked_engine_plays_clean(tmp_path):
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
               RUIAN_SIM_BOUNDS_CHILD="1", RUIAN_SIM_RULE_FILES=os.environ.get("RUIAN_SIM_RULE_FILES", "200"),
               # glibc then maps large arrays exactly, so a read past one faults (as under Dask)
               MALLOC_TRIM_THRESHOLD_="65536")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                          str(HERE / "bounds")], env=env, capture_output=True, text=True, timeout=2400)
    tail = (out.stdout + out.stderr)[-6000:]
    assert out.returncode == 0, tail
    assert " passed" in out.stdout and "skipped" not in out.stdout.splitlines()[-1], tail
