"""The one compile step: a RuleSet becomes what the kernels read, in this
order: the engine's parameters, the hand parameters and lookup tables, the
scoring table and its programs (engine/game.build_game, from table/spec.py,
hand/spec.py and scoring/compile.py), then the smart bot's learned tables
and the values it reads.  The runner calls it once per rule set and process;
a Simulator only allocates what it plays in.

The learned tables (bots/smart/danger.py) come from danger.json for a
built-in game, from the cache for a rule set learned before, or are learned
now by self-play (a few seconds, said on stderr) and cached by the rules'
hash: the acceptance a typical hand has at each shanten from greedy
self-play, then the danger tables and the hazard from smart self-play.
Bots that read none (greedy, random) get the frozen prior and learn nothing.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from ..bots.smart.danger import (
    LEARN_MATCHES,
    LEARN_SEED,
    default_tables,
    hazard_by_round,
    hazard_of,
    known_tables,
    store,
    tables_from,
)
from ..bots.spec import DEFAULT_BOT, reads_tables
from ..ruleset import RuleSet
from ..ruleset.label import label
from .game import Game, build_game
from .simulate import Simulator


def compile_game(rules: RuleSet, bots: str | list[str] | None = DEFAULT_BOT, danger: dict | None = None) -> Game:
    """The game of ``rules`` for these bots: learned tables when a smart bot
    plays (``danger`` gives them instead, as learning itself does)."""
    if danger is not None:
        return build_game(rules, danger, True)
    if rules.table.seats >= 3 and reads_tables(bots, rules.table.players):
        return build_game(rules, danger_tables(rules), True)
    return build_game(rules, default_tables(), False)


def simulator(rules: RuleSet, bots: str | list[str] | None = DEFAULT_BOT, danger: dict | None = None) -> Simulator:
    """compile_game, then a Simulator of it: the two steps of a quick look."""
    return Simulator(compile_game(rules, bots, danger), bots)


def _self_play(rules: RuleSet, bots: str, danger: dict, seed: int, matches: int) -> tuple[dict, np.ndarray]:
    sim = simulator(rules, bots, danger)
    sim.state.bots.learn[:] = 0
    sim.state.bots.learn[0] = 1
    recs = sim.play_raw(seed, 0, matches)
    return tables_from(sim.state.bots.learn.copy()), recs


def learn_danger(rules: RuleSet, matches: int = LEARN_MATCHES, seed: int = LEARN_SEED,
                 quiet: bool = False) -> dict:
    """The smart bot's learned tables for ``rules`` (bots/smart/danger.py): the
    acceptance an efficient hand has at each shanten from greedy self-play,
    then the danger tables and the hazard from smart self-play with those."""
    t0 = time.perf_counter()
    if not quiet:
        print(f"ruian-sim: learning the smart bot's danger tables for {label(rules)} (2 × {matches} matches "
              f"of self-play, once; cached by the rules' hash) …", file=sys.stderr, flush=True)
    first, _ = _self_play(rules, "greedy", default_tables(), seed, matches)
    start = dict(default_tables(), accept=first["accept"])
    out, recs = _self_play(rules, "smart", start, seed + 1, matches)
    out["accept"] = first["accept"]
    out["hazard"] = hazard_of(recs, rules.table.seats)
    out["hazard_r"] = hazard_by_round(recs, rules.table.seats)
    out["source"] = (f"engine/compile.py: greedy self-play (acceptance), then smart self-play (danger, hazard), "
                     f"{matches} matches each, seeds {seed} and {seed + 1}")
    if not quiet:
        print(f"ruian-sim: learned in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    return out


def danger_tables(rules: RuleSet) -> dict:
    """The danger tables of a rule set: shipped, cached, or learned now and cached."""
    got = known_tables(rules)
    if got is None:
        got = learn_danger(rules)
        store(rules, got)
    return got
