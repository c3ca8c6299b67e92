"""What a sweep prints and writes for a reader: a table that fits a terminal with the default
four metrics, the hands of a point whose rules end the same matches sooner, and a value the
rules give a meaning of its own (a streak cap of 0: no cap) named by it, in the table,
sweep.json and the report's charts."""

import json
import subprocess
import sys

import pytest


@pytest.fixture(scope="module")
def cap_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "cap"
    done = subprocess.run([sys.executable, "-m", "ruian_sim.cli", "sweep", "--param", "dealer.streak_cap=0,1,2",
                           "--hands", "800", "--bots", "greedy", "--workers", "1", "--quiet", "--out", str(out)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return out, json.loads((out / "sweep.json").read_text()), done.stdout


def test_the_table_fits_a_terminal_with_four_metrics(cap_sweep):
    _, s, stdout = cap_sweep
    assert len(s["metrics_shown"]) == 4
    table = stdout.split("play per point:")[0].splitlines()
    assert max(len(line) for line in table) <= 120, max(table, key=len)
    for m in s["metrics_shown"]:   # a block a metric, its figures there
        assert m in table


def test_a_point_with_fewer_hands_says_so_in_the_table_and_the_json(cap_sweep):
    _, s, stdout = cap_sweep
    first, one = s["points"][0], s["points"][1]
    assert one["values"] == {"dealer.streak_cap": 1} and one["hands"] < first["hands"]   # no repeat terms
    assert one["matches"] == first["matches"]
    rows = [line.split() for line in stdout.split("draw_rate")[0].splitlines()]
    assert ["hands"] == [c for c in rows[2] if c == "hands"]                          # the points' block
    assert any(r[:1] == ["1"] and r[-1] == f"{one['hands']:,}" for r in rows), stdout
    said = [w for w in s["warnings"] if w.startswith("fewer hands at dealer.streak_cap=1:")]
    assert said and f"{one['hands']:,} (the first point {first['hands']:,})" in said[0]
    assert said[0] in stdout


def test_no_cap_is_named_and_kept_off_the_numeric_axis(cap_sweep):
    from ruian_sim.report.sweep import placement
    from ruian_sim.ruleset.special import off_values

    _, s, stdout = cap_sweep
    assert off_values("dealer.streak_cap") == {0: "no cap"} == off_values("scoring.cap")   # rules/schema.json x-off
    assert off_values("wall.dead_stacks") == {}
    assert s["params"][0]["off"] == [{"value": 0, "label": "no cap"}]
    assert "0 (no cap)" in stdout
    pos, ticks, apart = placement(s["params"][0])
    assert apart == {"0"} and pos["1"] == 1 and pos["2"] == 2
    assert pos["0"] > 2.5                               # past the last value, not before 1
    assert (pos["0"], "0 (no cap)") in ticks


def test_sweep_json_with_off_values_validates(cap_sweep):
    from importlib import resources

    import jsonschema
    from referencing import Registry, Resource

    def schema(name):
        return json.loads(resources.files("ruian_sim").joinpath(f"schemas/{name}.schema.json").read_text("utf-8"))

    registry = Registry().with_resources(
        (f"https://ruian-sim.invalid/schemas/{n}.schema.json", Resource.from_contents(schema(n)))
        for n in ("summary", "sweep"))
    v = jsonschema.Draft202012Validator(schema("sweep"), registry=registry)
    assert [e.message for e in v.iter_errors(cap_sweep[1])] == []
