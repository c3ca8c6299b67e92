"""The smart bot's danger tables, learned from the simulator for the rules played.

Two small tables (engine/smart.py reads them): how likely an opponent is
ready, by what anyone sees of it (its discards made, its melds shown), and
how likely a discarded tile completes a ready opponent's hand, by the tile's
class and the copies the discarder cannot see.  Both depend on the game (the
hand size, the wilds, how much is claimed), so they are learned for each rule
set: smart self-play, counted inside the engine (engine/danger_log.py), each
rate smoothed toward its neighbours' where a cell has few samples.

- Built-in games ship theirs in danger.json, keyed by the rules' hash
  (benchmarks/learn_danger.py writes it); a rule set changed since no longer
  matches and is learned again.
- Any other rule set (a user's file, a sweep's point) is learned at first use
  (engine/simulate.danger_tables: LEARN_MATCHES matches, a few seconds, said
  on stderr) and cached by its hash in the cache directory, beside the
  version of the engine that learned it (the same code learns the same tables
  on any machine).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import numpy as np

from ..cache import cache_dir
from . import layout as L

LEARN_MATCHES = 200
LEARN_SEED = 5
OPEN, DISC = 4, 16
SHIPPED = Path(__file__).with_name("danger.json")


def _rate(r, n, prior, weight=20):
    return (r + weight * prior) / (n + weight)


def tables_from(counts: np.ndarray) -> dict:
    """The smoothed tables of engine/danger_log's counts."""
    from .danger_log import L_HIT, L_READY

    ready_n = counts[L_READY:L_HIT].reshape(OPEN, DISC, 2)
    hit_n = counts[L_HIT:].reshape(3, 4, 2)
    tot_r, tot_n = ready_n[..., 0].sum(), ready_n[..., 1].sum()
    overall = tot_r / max(1, tot_n)
    ready = []
    for o in range(OPEN):
        row = []
        for d in range(DISC):
            r, n = ready_n[o, d]
            near = ready_n[o, max(0, d - 2):min(DISC, d + 3)]
            row.append(round(float(_rate(r, n, _rate(near[:, 0].sum(), near[:, 1].sum(), overall))), 4))
        ready.append(row)
    hit = [[round(float(_rate(hit_n[c, u, 0], hit_n[c, u, 1], 0.03)), 4) for u in range(4)] for c in range(3)]
    return {"ready": ready, "hit": hit, "samples": int(tot_n)}


@cache
def _shipped() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def default_tables() -> dict:
    """The default rules' tables (what the bots use while learning others)."""
    return _shipped()["default"]


def _cached_path(rules) -> Path:
    from ..jit import source_digest

    # learned by this version of the engine and its bots: another version learns again
    return cache_dir() / "danger" / source_digest() / f"{rules.hash}.json"


def known_tables(rules) -> dict | None:
    """The danger tables of a rule set if shipped or cached, else None (then
    simulate.danger_tables learns them)."""
    games = _shipped().get("games", {})
    if rules.hash in games:
        return games[rules.hash]
    try:
        return json.loads(_cached_path(rules).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def store(rules, tables: dict) -> None:
    """Cache learned tables by the rules' hash (written whole or not at all)."""
    path = _cached_path(rules)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(tables) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass   # a cache that cannot be written: learned again next time, nothing else lost


def as_arrays(t: dict) -> tuple[np.ndarray, np.ndarray]:
    ready, hit = np.array(t["ready"], np.float64), np.array(t["hit"], np.float64)
    assert ready.shape == (OPEN, DISC) and hit.shape == (3, 4) and ready.size + hit.size == L.N_VALUES - L.V_READY
    return ready, hit
