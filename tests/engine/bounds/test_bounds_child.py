"""Run only inside a bounds-checked build (tests/engine/test_bounds_checked.py
starts it with NUMBA_BOUNDSCHECK=1 and a cache of its own): every built-in
rule set and a sample of random valid rule files play without reading
outside an array, without hanging, and by the rules (the referee)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
from referee import referee_matches  # noqa: E402
from rulefiles import pattern_files, rule_files  # noqa: E402

from ruian_sim.bots.smart.danger import default_tables  # noqa: E402
from ruian_sim.engine.compile import simulator  # noqa: E402
from ruian_sim.errors import UserError  # noqa: E402
from ruian_sim.ruleset import builtin_specs, load  # noqa: E402

pytestmark = pytest.mark.skipif(os.environ.get("RUIAN_SIM_BOUNDS_CHILD") != "1",
                                reason="runs inside the bounds-checked build only")

SPECS = builtin_specs()
EXAMPLES = int(os.environ.get("RUIAN_SIM_RULE_FILES", "200"))
SECONDS_PER_FILE = 60.0


@pytest.mark.parametrize("bots", ["greedy", "random", "smart"])
@pytest.mark.parametrize("name", SPECS)
def test_builtin_rules_read_inside_their_arrays(name, bots):
    # smart with the default danger tables: learning a game's own would play 2 × 600 matches more here;
    # its pattern kernels (bots/smart/patterns.py) run only under a table with patterns, so every game
    # is played by it
    sim = simulator(load(SPECS[name]), bots, danger=default_tables())
    records = sim.play_raw(seed=9, first_match=0, matches=80 if bots != "smart" else 40)
    assert len(records) >= (300 if bots != "smart" else 150)


def referee_some_hands(sim, matches: int, max_hands: int) -> int:
    return sum(1 for _ in referee_matches(sim, seed=3, matches=matches, max_hands=max_hands))


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=rule_files(), bots=st.sampled_from(["greedy", "random", "smart"]))
def test_random_valid_rule_files_play_or_are_refused_with_a_location(tmp_path_factory, data, bots):
    path = tmp_path_factory.mktemp("rules") / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        rules = load(str(path))
    except UserError as exc:
        for p in exc.problems:
            assert p.mark is not None and p.mark.line >= 1, f"an unlocated problem: {p}"
        return
    start = time.monotonic()
    sim = simulator(rules, bots, danger=default_tables())
    assert len(sim.play_raw(seed=5, first_match=0, matches=6)) >= 6
    assert referee_some_hands(sim, matches=2, max_hands=12) >= 2
    took = time.monotonic() - start
    assert took < SECONDS_PER_FILE, f"{took:.0f} s for one rule file"


@settings(max_examples=max(EXAMPLES // 6, 10), deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=pattern_files(), bots=st.sampled_from(["greedy", "random", "smart"]))
def test_random_pattern_tables_play_inside_their_arrays(tmp_path_factory, data, bots):
    """Meld relations, tile predicates, counts, special shapes and the table's flags at random
    on a game that plays (tests/engine/bounds/rulefiles.pattern_files): each file plays and is
    refereed, or is refused at its line (too many special shapes)."""
    path = tmp_path_factory.mktemp("rules") / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    try:
        rules = load(str(path))
    except UserError as exc:
        assert all(p.mark is not None for p in exc.problems), exc
        return
    sim = simulator(rules, bots, danger=default_tables())
    assert referee_some_hands(sim, matches=2, max_hands=6) > 0
