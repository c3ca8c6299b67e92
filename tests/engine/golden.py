"""Golden per-variant numbers, in the spirit of python-chess's perft files.

For every built-in rule set: greedy bots, seed 2026, matches 0-29: hands played,
each outcome's count, and sums of turns, claims and kongs.  Any engine change
that moves a number fails test_golden.py.  A change meant to move them
regenerates the file in the same commit, saying why:

    python tools/update_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import builtin_specs, load
from ruian_sim.table.layout import OUTCOME_NAMES

FILE = Path(__file__).with_name("golden.json")
SEED, MATCHES = 2026, 30


def variants() -> list[str]:
    return list(builtin_specs())


def numbers(name: str) -> dict:
    rules = load(builtin_specs()[name])
    r = simulator(rules, "greedy").play(SEED, 0, MATCHES)
    out = {"hands": len(r)}
    counts = np.bincount(r["outcome"], minlength=len(OUTCOME_NAMES))
    out.update({n: int(c) for n, c in zip(OUTCOME_NAMES, counts) if c})
    out.update(turns=int(r["turns"].sum()), claims=int(r["claims"].sum()), kongs=int(r["kongs"].sum()))
    return out


def write() -> None:
    """Rewrite golden.json (tools/update_golden.py)."""
    data = {name: numbers(name) for name in variants()}
    FILE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
