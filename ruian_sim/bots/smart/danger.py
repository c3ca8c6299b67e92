"""The smart bot's danger tables, learned from the simulator for the rules played.

Two small tables (bots/smart/choice.py reads them): how likely an opponent is
ready, by what anyone sees of it (its discards made, its melds shown), and
how likely a discarded tile completes a ready opponent's hand, by the tile's
class and the copies the discarder cannot see.  Beside them, what the bot's
own chances need (bots/smart/chance.py): the share of unseen tiles that improve
a typical hand at each shanten, for the steps after the next, and how often
another player's win ends the hand, per round of turns: over the whole hand
and for each round (``hazard_r``: in self-play it rises from near 0 in the
first rounds to 0.2-0.4 a round late in the hand; smart:rising=1 plans
with it).  All depend on
the game (the hand size, the wilds, how much is claimed), so they are learned
for each rule set: smart self-play, counted inside the engine (bots/smart/danger_log.py), each
rate smoothed toward its neighbours' where a cell has few samples.

Every rule set is learned the same way (engine/simulate.learn_danger:
LEARN_MATCHES matches of each self-play from fixed seeds, starting from the
frozen prior, danger.json's ``default``), so its tables depend on its rules
and the engine's code alone.  That is what makes a comparison fair: a
variant learned at first use and a built-in game read from danger.json get
the same tables wherever their play is the same, so `compare` of a built-in
against a file that changes nothing the bots meet shows no difference.
(Built-ins learned with 600 matches and an older engine, files with 200,
once gave taiwanese against an unfired change +0.22 points of draws.)

- Built-in games ship theirs in danger.json, keyed by the rules' hash
  (tools/learn_danger.py writes it; tests/bots/test_danger_tables.py
  fails when the code would learn other tables: relearn on purpose, like
  the golden numbers); a rule set changed since no longer matches and is
  learned again.
- Any other rule set (a user's file, a sweep's point) is learned at first use
  (a few seconds, said on stderr) and cached by its hash in the cache
  directory, beside the version of the engine that learned it (the same code
  learns the same tables on any machine).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import numpy as np

from ...cache import cache_dir, save_text
from ...table import layout as L
from .. import layout as BL

LEARN_MATCHES = 600   # for every rule set, built-in or not: see above
LEARN_SEED = 5
OPEN, DISC = 4, 16
# the share of unseen tiles that improve a hand at shanten 0..7, where nothing was
# learned (16-tile hands without wilds, measured under greedy play: 5, 13, 23, 40
# of about 75 unseen tiles at shanten 0..3)
FALLBACK_ACCEPT = (0.064, 0.146, 0.235, 0.373, 0.52, 0.62, 0.7, 0.75)
FALLBACK_HAZARD = 0.08   # another player's win ends the hand, per round of turns (where nothing was learned)
SHIPPED = Path(__file__).with_name("danger.json")


def _rate(r, n, prior, weight=20):
    return (r + weight * prior) / (n + weight)


def tables_from(counts: np.ndarray) -> dict:
    """The smoothed tables of bots/smart/danger_log's counts."""
    from .danger_log import L_ACC, L_HIT, L_READY

    ready_n = counts[L_READY:L_HIT].reshape(OPEN, DISC, 2)
    hit_n = counts[L_HIT:L_ACC].reshape(3, 4, 2)
    acc_n = counts[L_ACC:L_ACC + 2 * BL.N_ACCEPT].reshape(BL.N_ACCEPT, 2)
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
    # acceptance by shanten: a level seldom seen takes the one below it, widened as
    # a typical hand widens a level up (FALLBACK_ACCEPT's ratio)
    accept = []
    for lvl in range(BL.N_ACCEPT):
        total, n = acc_n[lvl]
        if n >= 30:
            accept.append(round(float(total / n / 10000), 4))
        elif lvl == 0:
            accept.append(FALLBACK_ACCEPT[0])
        else:
            accept.append(round(min(accept[-1] * FALLBACK_ACCEPT[lvl] / FALLBACK_ACCEPT[lvl - 1], 0.95), 4))
    return {"ready": ready, "hit": hit, "accept": accept, "samples": int(tot_n)}


@cache
def _shipped() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def default_tables() -> dict:
    """The prior: the tables the bots use while learning any rule set's
    (frozen: relearning the games does not rewrite it, or a game's tables
    would depend on when it was last relearned)."""
    return _shipped()["default"]


def _cached_path(rules) -> Path:
    from ...jit import source_digest

    # learned by this version of the engine and its bots, from this prior: another learns again
    prior = hashlib.sha256(json.dumps(default_tables(), sort_keys=True).encode()).hexdigest()[:8]
    return cache_dir() / "danger" / f"{source_digest()}-{prior}" / f"{rules.hash}.json"


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
    save_text(_cached_path(rules), json.dumps(tables) + "\n")   # not written: learned again next time


def hazard_of(records: np.ndarray, seats: int) -> float:
    """How often, per round of turns, a player other than a given one wins:
    the wins of the others over the rounds the hands lasted (records of play)."""
    if len(records) == 0:
        return FALLBACK_HAZARD
    won = np.isin(records[:, L.C_OUTCOME], L.WIN_OUTCOMES).sum()
    rounds = records[:, L.C_TURNS].sum() / seats
    return round(float(won * (seats - 1) / seats / max(rounds, 1.0)), 4)


MIN_ALIVE = 30   # hands still going at a round's start below which its rate is the round before's


def hazard_by_round(records: np.ndarray, seats: int) -> list[float]:
    """hazard_of() for each round of turns 0..N_HAZARD_R - 1: of the hands
    still going when the round starts, how often a player other than a given
    one wins in it.  A round too few hands reach (MIN_ALIVE) takes the
    rate of the round before; the last entry stands for every later round."""
    if len(records) == 0:
        return [FALLBACK_HAZARD] * BL.N_HAZARD_R
    rounds = records[:, L.C_TURNS] // seats
    won = np.isin(records[:, L.C_OUTCOME], L.WIN_OUTCOMES)
    out: list[float] = []
    for r in range(BL.N_HAZARD_R):
        alive = int((rounds >= r).sum())
        if alive < MIN_ALIVE:
            out.append(out[-1] if out else FALLBACK_HAZARD)
            continue
        out.append(round(float(((rounds == r) & won).sum() * (seats - 1) / seats / alive), 4))
    return out


def as_arrays(t: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, np.ndarray]:
    """The tables as arrays: ready, hit, accept, the hazard, the hazard by round
    (the one rate in each round where none was learned: tables of an older engine)."""
    ready, hit = np.array(t["ready"], np.float64), np.array(t["hit"], np.float64)
    accept = np.array(t.get("accept", FALLBACK_ACCEPT), np.float64)
    hazard = float(t.get("hazard", FALLBACK_HAZARD))
    by_round = np.array(t.get("hazard_r", [hazard] * BL.N_HAZARD_R), np.float64)
    assert ready.shape == (OPEN, DISC) and hit.shape == (3, 4) and accept.shape == (BL.N_ACCEPT,)
    assert by_round.shape == (BL.N_HAZARD_R,)
    assert ready.size + hit.size + accept.size + 1 + by_round.size == BL.N_VALUES - BL.V_READY
    return ready, hit, accept, hazard, by_round
