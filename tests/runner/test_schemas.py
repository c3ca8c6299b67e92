"""The JSON Schemas of summary.json, comparison.json and duel.json document every
key; real outputs of `run` and `compare` must validate against them (no key
left undocumented), and `variants` says the same however the variants were given."""

import json
from importlib import resources

import jsonschema
import pytest
from referencing import Registry, Resource

NAMES = ("summary", "comparison", "duel")


def schema(name: str) -> dict:
    return json.loads(resources.files("ruian_sim").joinpath(f"schemas/{name}.schema.json").read_text("utf-8"))


def validator(name: str) -> jsonschema.Draft202012Validator:
    registry = Registry().with_resources(
        (f"https://ruian-sim.invalid/schemas/{n}.schema.json", Resource.from_contents(schema(n))) for n in NAMES)
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def errors(name: str, data: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name).iter_errors(data)]


def _undescribed(node, path=""):
    """Named properties without a description, at every depth (a $ref's target describes it)."""
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            if not sub.get("description") and "$ref" not in sub:
                yield f"{path}.{key}"
        for key, sub in node.items():
            yield from _undescribed(sub, f"{path}.{key}" if key != "properties" else path)
    elif isinstance(node, list):
        for sub in node:
            yield from _undescribed(sub, path)


@pytest.mark.parametrize("name", NAMES)
def test_schemas_are_valid_and_describe_every_key(name):
    s = schema(name)
    jsonschema.Draft202012Validator.check_schema(s)
    assert list(_undescribed(s)) == []


def _run(cli, out, *args):
    done = cli("run", "--hands", "1200", "--workers", "1", "--quiet", "--out", out, *args)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "summary.json").read_text())


def test_run_output_validates_and_variants_are_consistent(cli, tmp_path, write):
    plus = _run(cli, tmp_path / "plus", "--rules", "ruian+four-winds-draw+flowers")
    flag = _run(cli, tmp_path / "flag", "--rules", "ruian", "--variant", "four-winds-draw", "--variant", "flowers")
    mine = write("my-game.yaml", "extends: ruian+four-winds-draw\nname: my-game\ntiles: {flowers: 8}\n"
                                 "wall: {stacks_per_side: 18}\n")
    file = _run(cli, tmp_path / "file", "--rules", mine)
    base = _run(cli, tmp_path / "base")
    for s in (plus, flag, file, base):
        assert errors("summary", s) == []
    assert plus["variants"] == flag["variants"] == ["four-winds-draw", "flowers"]
    assert file["variants"] == ["four-winds-draw", "my-game"]
    assert base["variants"] == []
    # draw_rate is documented as every hand with no winner, exhaustive or abortive
    assert "abortive" in schema("summary")["properties"]["draw_rate"]["description"]
    draws = ("exhaustive_draw", "four_winds_draw", "four_kongs_draw", "triple_win_draw", "multiple_win_draw")
    assert abs(plus["draw_rate"] - sum(plus["outcomes"][k] for k in draws)) < 1e-12


def test_an_undocumented_key_fails(cli, tmp_path):
    s = _run(cli, tmp_path / "x")
    s["surprise"] = 1
    s["extra"]["also_new"] = 2
    assert len(errors("summary", s)) == 2


def test_compare_output_validates(cli, tmp_path):
    out = tmp_path / "cmp"
    done = cli("compare", "ruian", "ruian+four-winds-draw", "--hands", "1200", "--workers", "1", "--quiet",
               "--sessions", "4", "--out", out)
    assert done.returncode == 0, done.stderr
    c = json.loads((out / "comparison.json").read_text())
    assert errors("comparison", c) == []
    assert c["b"]["variants"] == ["four-winds-draw"] and c["a"]["variants"] == []
    assert c["b_summary"]["variants"] == ["four-winds-draw"]


def test_duel_schema_takes_the_planned_keys():
    metric = {"a": 0.1, "b": -0.1, "diff": 0.2, "ci95": [0.1, 0.3]}
    names = ("points_per_hand", "win_rate", "deal_in_rate", "self_draw_share", "hard_win_share",
             "mean_win_points", "fold_rate")
    duel = {"hands": 1000, "a": "ev", "b": "greedy", "metrics": {n: dict(metric) for n in names}}
    assert errors("duel", duel) == []
    del duel["metrics"]["fold_rate"]
    duel["metrics"]["win_rate"].pop("ci95")
    assert len(errors("duel", duel)) == 2
