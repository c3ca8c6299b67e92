"""Where ruian-sim keeps what it computes once: lookup tables and compiled kernels.

$RUIAN_SIM_CACHE, else $XDG_CACHE_HOME/ruian-sim, else ~/.cache/ruian-sim.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    env = os.environ.get("RUIAN_SIM_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ruian-sim"
