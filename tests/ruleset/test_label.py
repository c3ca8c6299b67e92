"""A rule set named in messages as what it is: a built-in name or spec as it loads, a user's
file by its path, and a mapping changed after loading (a sweep's point) by its name and what
changed, not by the base game's name (learning messages once said "ruian" for all of them)."""

import pytest

from ruian_sim.ruleset import load
from ruian_sim.ruleset.label import label
from ruian_sim.ruleset.model import build
from ruian_sim.runner.sweep.params import set_value


def test_a_built_in_name_or_spec_is_its_name():
    assert label(load("ruian")) == "ruian"
    assert label(load("ruian+flowers")) == "ruian+flowers"
    assert label(build(load("ruian+flowers").as_dict())) == "ruian+flowers"   # a worker's copy


def test_a_users_file_is_named_by_its_path(write):
    mine = write("mine.yaml", "extends: ruian\ndealer: {streak_cap: 3}\n")
    assert label(load(str(mine))) == f"mine ({mine})"


@pytest.mark.parametrize(("path", "value", "said"), [
    ("dealer.streak_cap", 1, "ruian+flowers with dealer.streak_cap=1"),
    ("scoring.base.dealer", [1, 1, 1, 1], "ruian+flowers with scoring.base.dealer=[1,1,1,1]"),
    ("scoring.items.all_pungs.times", 8, "ruian+flowers with scoring.items.all_pungs.times=8"),
])
def test_a_changed_mapping_is_named_with_its_changes(path, value, said):
    assert label(build(set_value(load("ruian+flowers").as_dict(), path, value))) == said


def test_learning_names_the_changed_rule_set_it_learns_for(capsys):
    from ruian_sim.engine.compile import learn_danger

    rules = build(set_value(load("ruian").as_dict(), "dealer.streak_cap", 1))
    learn_danger(rules, matches=2)
    first = capsys.readouterr().err.splitlines()[0]
    assert "danger tables for ruian with dealer.streak_cap=1 (" in first, first
