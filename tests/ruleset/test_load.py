from pathlib import Path

import pytest

from ruian_sim import tiles as T
from ruian_sim.errors import UserError
from ruian_sim.ruleset import builtin_names, load, load_with_origins
from ruian_sim.ruleset.merge import root_source
from ruian_sim.ruleset.model import build
from ruian_sim.ruleset.source import parse_source

VARIANTS = builtin_names()["variants"]


def test_default_rules_read_like_the_game():
    r = load("ruian")
    assert r.table.players == 4 and r.deal.hand_size == 16 and r.deal.melds == 5
    assert r.tiles.total == 136 == r.wall.sides * r.wall.stacks_per_side * r.wall.stack_height
    assert r.wild.stand_in == T.parse_one("5z") and not r.wild.discard
    assert r.claims.priority == ("win", "kong", "pon", "chi")
    assert r.dealer.streak_cap == 4
    assert list(r.scoring["base"]["dealer"]) == [1, 2, 3, 4]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_validates_and_changes_something(variant):
    base, v = load("ruian"), load("ruian", [variant])
    assert v.hash != base.hash
    assert v.name == f"ruian+{variant}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_variant_file_alone_equals_ruian_plus_variant(variant):
    assert load(variant).hash == load("ruian", [variant]).hash


def test_variants_compose_in_order_and_by_plus_spec():
    a = load("ruian", ["flowers", "five-players"])
    assert a.tiles.flowers == 8 and a.table.players == 5
    assert load("ruian+flowers+five-players").hash == a.hash
    assert a.name == "ruian+flowers+five-players"


def test_hash_ignores_names_but_not_rules(write):
    f = write("same.yaml", "extends: ruian\nname: renamed\ntitle: Another title\n")
    assert load(str(f)).hash == load("ruian").hash
    g = write("diff.yaml", "extends: ruian\ndealer: {streak_cap: 3}\n")
    assert load(str(g)).hash != load("ruian").hash


def test_user_file_extends_a_variant_and_a_file_by_relative_path(write):
    write("sub/base.yaml", "extends: flowers\nname: mine\ndealer: {keep_on_draw: true}\n")
    child = write("sub/child.yaml", "extends: base.yaml\ndealer: {streak_cap: 0}\n")
    r = load(str(child))
    assert r.tiles.flowers == 8 and r.dealer.keep_on_draw and r.dealer.streak_cap == 0
    assert len(r.files) == 4  # ruian, flowers, base, child


def test_rules_show_output_loads_back_to_the_same_hash(write):
    for spec, variants in [("ruian", []), ("ruian", ["flowers", "pass-win"]), ("thirteen-tiles", [])]:
        r, merged = load_with_origins(spec, variants)
        f = write("shown.yaml", r.to_yaml())
        assert load(str(f)).hash == r.hash


def test_rules_show_with_origins_is_valid_yaml_with_the_same_hash(write, cli):
    out = cli("rules", "show", "--variant", "four-winds-draw", "--origins")
    assert out.returncode == 0
    assert "variants/four-winds-draw.yaml" in out.stdout and "rules/ruian.yaml" in out.stdout
    f = write("shown.yaml", out.stdout)
    assert load(str(f)).hash == load("ruian", ["four-winds-draw"]).hash


def test_ruleset_is_frozen():
    r = load("ruian")
    with pytest.raises(AttributeError):
        r.deal = None
    with pytest.raises(TypeError):
        r.data["deal"] = {}


def test_build_round_trips_a_root_file():
    text = load("ruian").to_yaml()
    src = root_source(parse_source(text, "x.yaml"))
    assert build(src.data).hash == load("ruian").hash


def test_unknown_variant_names_the_builtins():
    with pytest.raises(UserError) as exc:
        load("ruian", ["fowers"])
    assert "did you mean 'flowers'" in str(exc.value)


@pytest.mark.parametrize("extends", ["ruian+flowers+five-players", "[ruian, flowers, five-players]",
                                     "[ruian+flowers, five-players]", "[flowers, five-players]"])
def test_extends_takes_what_rules_takes_and_a_list(write, extends):
    f = write("mine.yaml", f"extends: {extends}\nname: mine\n")
    r = load(str(f))
    assert r.hash == load("ruian+flowers+five-players").hash
    assert [Path(x).stem for x in r.files] == ["ruian", "flowers", "five-players", "mine"]


def test_extends_a_file_and_a_variant(write):
    write("base.yaml", "extends: ruian\ndealer: {streak_cap: 2}\n")
    f = write("mine.yaml", "extends: base.yaml+flowers\n")
    r = load(str(f))
    assert r.dealer.streak_cap == 2 and r.tiles.flowers == 8
