"""A count the hand tables cannot key is worked exactly."""

from ruian_sim.ruleset import load
from ruian_sim.settle.hand import score_hand


def test_the_wilds_own_kind_past_four_copies_reads_natural_in_any_game(tmp_path):
    """Where a wild may be a fifth copy (wild.fifth_copy), the wild's own kind
    can hold four 白板 standing in and the wilds as themselves: six 1m here,
    two natural pungs.  The hand tables key four copies a kind at most, so
    such a count is worked exactly: the default game with fifth copies reads
    it hard, as the default game does."""
    f = tmp_path / "fifth.yaml"
    f.write_text("extends: ruian\nname: fifth\nwild:\n  fifth_copy: true\n")
    for rules in (load("ruian"), load(str(f))):
        got = score_hand(rules, "5555z11m123p123s111z22z", [], "discard", "2z", 1, wild="1m")
        assert got["win"] and got["times"] == 2 and got["items"] == {"hard": 2}, (rules.name, got)
