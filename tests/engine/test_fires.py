"""Every built-in rule set's own rule fires (fires.py says how each is seen)."""

import json

import pytest
from fires import FILE, FIRES, base_of, numbers

from ruian_sim.ruleset import builtin_specs


def test_every_built_in_rule_set_has_its_figure():
    assert set(FIRES) == set(builtin_specs())


@pytest.mark.parametrize("name", list(FIRES))
def test_each_rule_fires(name):
    got = numbers(name)
    pinned = json.loads(FILE.read_text())
    assert name in pinned, f"no figure for {name}: run python tools/update_golden.py"
    assert got == pinned[name]
    if base_of(name) is None:
        assert got["figure"] > 0, f"{name}: its own rule never fired"
    else:
        assert got["figure"] != got["base"], f"{name}: the figure equals its base's: the rule did nothing"
