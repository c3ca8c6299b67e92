"""A comparison keeps its common random numbers when B adds flowers and a longer wall: the
wall is laid out in draw order (table/wall.fill_wall).  Before, every wall was reshuffled and
the pairing gain of ruian vs ruian+flowers was 1.0× everywhere."""

import json

from ruian_sim.runner.compare import _pairing_note


def test_flowers_and_a_longer_wall_keep_most_of_the_pairing(cli, tmp_path):
    done = cli("compare", "ruian", "ruian+flowers", "--hands", "3000", "--seed", "1", "--bots", "greedy",
               "--quiet", "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    m = json.loads((tmp_path / "comparison.json").read_text())["metrics"]
    # 20,000 hands: draw rate 4.9×, the dealer-kept rate 6.1×, discards a hand 11.4× (docs/experiments.md)
    assert m["draw_rate"]["variance_reduction"] > 2.5, m["draw_rate"]
    assert m["turns_mean"]["variance_reduction"] > 4, m["turns_mean"]


def _changed(*keys):
    return [{"key": k} for k in keys]


def test_the_tool_says_how_much_pairing_is_left_when_the_tile_sets_differ():
    (note,) = _pairing_note({"draw_rate": {"variance_reduction": 2.25}},
                            _changed("tiles.flowers", "wall.stacks_per_side"))
    assert note.startswith("tiles.flowers, wall.stacks_per_side: A and B deal from different tile sets or walls")
    assert "the draw rate's paired interval is 1.5× narrower than the unpaired one" in note


def test_no_note_where_the_walls_are_alike_or_the_pairing_holds():
    assert _pairing_note({"draw_rate": {"variance_reduction": 1.0}}, _changed("claims.kong")) == []
    assert _pairing_note({"draw_rate": {"variance_reduction": 4.4}}, _changed("tiles.flowers")) == []
    assert _pairing_note({"draw_rate": {"variance_reduction": None}}, _changed("tiles.flowers")) == []
