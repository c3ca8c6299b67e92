"""Patching the scoring items by name: change one field of one item in one line,
remove an item, add one; the old whole-list overlay still replaces the list.
Mistakes are located in the user's file, exit 2, no traceback."""

import json

import pytest

from ruian_sim.errors import UserError
from ruian_sim.ruleset import load, load_with_origins
from ruian_sim.ruleset.merge import merge, root_source
from ruian_sim.ruleset.patch import NAMED_LISTS
from ruian_sim.ruleset.show import show
from ruian_sim.ruleset.source import parse_source
from ruian_sim.ruleset.validate_schema import schema
from tests.conftest import assert_validate_refuses


def items(rules) -> dict[str, dict]:
    return {it["name"]: json.loads(json.dumps(it, default=dict)) for it in rules.scoring["items"]}


def names(rules) -> list[str]:
    return [it["name"] for it in rules.scoring["items"]]


def test_one_line_changes_one_item_and_nothing_else(write):
    # 花槓: all four seasons, 2 台 in the built-in table
    mine = load(str(write("flowers3.yaml", "extends: taiwanese\nscoring: {items: {season_set: {tai: 3}}}\n")))
    base = load("taiwanese")
    before, after = items(base), items(mine)
    assert names(mine) == names(base)
    assert after.pop("season_set") == {"name": "season_set", "tai": 3, "when": {"seasons": 4}}
    before.pop("season_set")
    assert after == before
    assert {k: v for k, v in mine.as_dict().items() if k not in ("scoring", "name")} == \
        {k: v for k, v in base.as_dict().items() if k not in ("scoring", "name")}


def test_a_patch_that_changes_nothing_keeps_the_hash(write):
    same = write("same.yaml", "extends: taiwanese\nscoring:\n  items:\n    season_set: {tai: 2}\n")
    assert load(str(same)).hash == load("taiwanese").hash


def test_remove_and_add_an_item(write):
    f = write("club.yaml", """\
        extends: taiwanese
        scoring:
          items:
            concealed: null              # no 門清 台 at this club
            two_seasons:                 # but 1 台 for two seasons
              tai: 1
              when: {seasons: 2}
        """)
    rules = load(str(f))
    got = items(rules)
    assert "concealed" not in got
    assert names(rules)[-1] == "two_seasons" and got["two_seasons"] == {
        "name": "two_seasons", "tai": 1, "when": {"seasons": 2}}
    # excluding an item that is gone excludes nothing: its name leaves every `excludes`
    assert got["concealed_self_drawn"]["excludes"] == ["self_drawn"]
    assert len(got) == len(items(load("taiwanese")))


def test_a_changed_map_merges_and_null_deletes_a_field(write):
    f = write("times.yaml", """\
        extends: taiwanese
        scoring:
          items:
            plant_set: {tai: null, times: 2}
            lone_wait: {when: {single_wait: null, wait: [edge, closed, single]}}
        """)
    got = items(load(str(f)))
    assert got["plant_set"] == {"name": "plant_set", "times": 2, "when": {"plants": 4}}
    assert got["lone_wait"]["when"] == {"wait": ["edge", "closed", "single"]}


def test_the_whole_list_still_replaces(write):
    f = write("list.yaml", """\
        extends: taiwanese
        scoring:
          items:
            - {name: self_drawn, tai: 1, when: {self_drawn: true}}
        """)
    assert names(load(str(f))) == ["self_drawn"]


def test_patches_apply_in_chain_order(write):
    write("club.yaml", "extends: taiwanese\nscoring: {items: {season_set: {tai: 3}, haidi: null}}\n")
    f = write("mine.yaml", "extends: club.yaml\nscoring: {items: {season_set: {tai: 4}}}\n")
    got = items(load(str(f)))
    assert got["season_set"]["tai"] == 4 and "haidi" not in got


def test_a_root_file_may_write_its_items_by_name():
    text = "scoring:\n  items:\n    hard: {times: 2, when: {hard: true}}\n    flower: {tai: 1, per: flowers}\n"
    src = root_source(parse_source(text, "root.yaml"))
    assert src.data["scoring"]["items"] == [{"name": "hard", "times": 2, "when": {"hard": True}},
                                            {"name": "flower", "tai": 1, "per": "flowers"}]
    assert src.values[("scoring", "items", 1, "tai")].line == 4


def test_marks_follow_each_field_to_the_file_that_set_it():
    base = root_source(parse_source("scoring:\n  items:\n    - {name: a, tai: 1, when: {hard: true}}\n"
                                    "    - {name: b, tai: 2, excludes: [a]}\n    - {name: c, tai: 3}\n",
                                    "base.yaml"))
    out = merge(base, parse_source("scoring:\n  items:\n    a: null\n    c:\n      tai: 5\n", "over.yaml"))
    assert [e["name"] for e in out.data["scoring"]["items"]] == ["b", "c"]
    v = out.values
    assert (v[("scoring", "items", 1, "tai")].file, v[("scoring", "items", 1, "tai")].line) == ("over.yaml", 5)
    assert v[("scoring", "items", 1, "name")].file == "base.yaml"
    assert v[("scoring", "items", 0, "tai")].file == "base.yaml"
    assert out.data["scoring"]["items"][0]["excludes"] == []
    assert not any(p[:3] == ("scoring", "items", 2) for p in v)   # nothing left at the old index


def test_rules_show_origins_names_the_file_of_each_field(write):
    f = write("flowers3.yaml", "extends: taiwanese\nscoring:\n  items:\n    season_set: {tai: 3}\n")
    _, merged = load_with_origins(str(f))
    text = show(merged, origins=True)
    block = text[text.index('name: "season_set"'):]
    block = block[:block.index("  -")]
    assert "tai: 3  # " in block and "flowers3.yaml:4" in block.split("tai: 3")[1].splitlines()[0]
    assert "seasons: 4  # " in block and "taiwanese.yaml" in block.split("seasons: 4")[1].splitlines()[0]


def test_every_named_list_of_the_schema_can_be_patched():
    found = []

    def walk(node, path):
        if node.get("type") == "array" and "name" in node.get("items", {}).get("properties", {}):
            found.append(path)
        for key, sub in node.get("properties", {}).items():
            walk(sub, path + (key,))

    walk(schema(), ())
    assert sorted(found) == sorted(NAMED_LISTS)


HEAD = "extends: taiwanese\nscoring:\n  items:\n"
MISTAKES = [
    ("a name that is not an item", HEAD + "    season_sets: {tai: 3}\n",
     "f.yaml:4:5: scoring.items.season_sets: no item named 'season_sets' to change; did you mean 'season_set'? "
     "(the items: self_drawn, concealed, "),
    ("removing a name that is not an item", HEAD + "    lone_wiat: null\n",
     "f.yaml:4:5: scoring.items.lone_wiat: no item named 'lone_wiat' to remove; did you mean 'lone_wait'?"),
    ("a field that is not allowed", HEAD + "    season_set: {tia: 3}\n",
     "f.yaml:4:18: scoring.items[4].tia: unknown key 'tia'; did you mean 'tai'?"),
    ("a bare value", HEAD + "    season_set: 3\n",
     "f.yaml:4:17: scoring.items.season_set: an item named by its key is a mapping of the fields to set"),
    ("a rename", HEAD + "    season_set: {name: seasons}\n",
     "f.yaml:4:5: scoring.items.season_set.name: the key names the item: to rename it, remove it"),
    ("a second amount", HEAD + "    season_set: {times: 2}\n",
     "f.yaml:4:5: scoring.items[4]: an item gives exactly one of points, tai, fan or times, not tai and times"),
    ("a new item without its condition", HEAD + "    dragon_pair: {tai: 1}\n",
     "a new item needs an amount (points, tai, fan or times) and `when`, `per`, `together` or `fallback`"),
]


@pytest.mark.parametrize("name,text,want", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_mistake_in_a_patch_is_located_in_the_users_file(tmp_path, name, text, want):
    assert_validate_refuses(tmp_path, text, want)


def test_every_mistake_of_one_patch_is_said_at_once(write):
    f = write("f.yaml", HEAD + "    season_sets: {tai: 3}\n    plant_set: 3\n    haidi_: null\n")
    with pytest.raises(UserError) as exc:
        load(str(f))
    assert [p.mark.line for p in exc.value.problems] == [4, 5, 6]


def test_the_documented_example_loads(write):
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "scoring-language.md").read_text(encoding="utf-8")
    block = doc[doc.index("```yaml\nextends: taiwanese") + len("```yaml\n"):]
    f = write("doc.yaml", block[:block.index("```")])
    got = items(load(str(f)))
    assert got["season_set"]["tai"] == 3 and got["plant_set"]["times"] == 2 and "concealed" not in got
    assert got["two_seasons"]["when"] == {"seasons": 2}
