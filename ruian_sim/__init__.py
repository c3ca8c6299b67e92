"""ruian-sim: simulate 瑞安麻将 (Ruian mahjong) and its variants from YAML rules."""

import os as _os

# The engine is single-threaded per process; OpenBLAS's idle threads otherwise
# spin beside it (3% of a core in profiles) and steal from worker processes.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .ruleset import RuleSet, load as load_rules

__all__ = ["RuleSet", "load_rules"]
