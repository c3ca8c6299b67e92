"""The second round of hostile rule files (issue 51): sizes the engine would
build, money past 2**53, counts written as 4.0, formulas nested past the
kernel's stack, an overflow blamed on the built-in file, timings `session`
refuses.  Each is refused by `validate` with one located line; a bound that
cuts play is a warning with its count."""

import json
import time

import pytest

from tests.ruleset.test_hostile import one_line

COPIES = "extends: ruian\ntiles:\n  copies: {c}\nwall:\n  stacks_per_side: 34\n  stack_height: 2\n"
HAND = "extends: ruian\nscoring:\n  value: \"{f}\"\n"


@pytest.mark.parametrize("name, text, says", [
    ("8 copies, the schema's most", COPIES.format(c=8),
     ("f.yaml:3:11: tiles.copies: 8 copies of each kind would need about 38.8 GB to build the hand lookup "
      "tables (9^9 = 387,420,489 rows a suit); at most 5 copies")),
    ("players: 4.0", "extends: ruian\ntable:\n  players: 4.0\n",
     "f.yaml:3:12: table.players: expected integer, got number 4.0; write 4"),
    ("a base of 2.5", "extends: ruian\nscoring:\n  base: {other: 2.5}\n",
     "f.yaml:3:17: scoring.base.other: expected integer, got number 2.5"),
    ("wild money at 2**53", "extends: ruian\nscoring:\n  wild_money: {amount: 9007199254740992, holders: all}\n",
     ("f.yaml:3:24: scoring.wild_money.amount: 9,007,199,254,740,992 can move 108,086,391,056,891,904 in one "
      "hand (4 wilds held, each paid for by 3 players), beyond 2**53")),
    ("kong money at 2**53", "extends: ruian\nscoring:\n  kongs: {exposed: 9007199254740992, added: 1, concealed: 1}\n",
     "f.yaml:3:20: scoring.kongs.exposed: 9,007,199,254,740,992 can move 135,107,988,821,114,880 in one hand"),
    ("side money together past 2**53",
     ("extends: ruian\nscoring:\n  wild_money: {amount: 600479950316065, holders: all}\n"
      "  kongs: {exposed: 600479950316065, added: 1, concealed: 1}\n"),
     "scoring.kongs.exposed: together the side payments can move 16,212,958,658,533,767 in one hand"),
    ("pairwise factor past 2**53",
     ("extends: ruian\nscoring:\n  settle: pairwise\n  base: {dealer: [10000000000000], other: 10000000000000}\n"
      "  pairwise: {dealer: [1048576, 1], other: [1, 2]}\n"),
     "f.yaml:5:22: scoring.pairwise.dealer: a difference of values of up to 2,560,000,000,000,000 times 1048576/1"),
    ("64 powers in a row", HAND.format(f="**".join(["1"] * 64) + " * times * base"),
     "f.yaml:3:132: scoring.value: the formula nests more than 40 levels deep here"),
    ("500 powers in a row", HAND.format(f="**".join(["1"] * 500) + " * times * base"),
     "f.yaml:3:132: scoring.value: the formula nests more than 40 levels deep here"),
    ("a stack of 71", HAND.format(f="times * base + " + "1+1*(" * 35 + "1" + ")" * 35),
     ("f.yaml:3:186: scoring.value: the formula holds too many values at once from here (needs 71 stack "
      "slots, at most 64)")),
    ("an item's stack of 71", ("extends: ruian\nscoring:\n  items:\n    - name: deep\n      times: 2\n"
                               "      per: \"" + "1+1*(" * 35 + "1" + ")" * 35 + "\"\n"),
     "f.yaml:6:"),
    ("a base that overflows the built-in value",
     "extends: ruian\nscoring:\n  base: {dealer: [9007199254740992], other: 9007199254740992}\n",
     "f.yaml:3:18: scoring.base.dealer: the result can reach about 2**60"),
    ("a uniform time upside down", "extends: ruian\ntiming:\n  draw: {dist: uniform, low: 5, high: 2}\n",
     "f.yaml:3:30: timing.draw.low: low (5) is above high (2)"),
    ("a uniform time without its high", "extends: ruian\ntiming:\n  draw: {dist: uniform, low: 5}\n",
     "f.yaml:3:16: timing.draw: a uniform time needs high"),
    ("hands that take no time", "extends: ruian\ntiming:\n" + "".join(
        f"  {a}: {{dist: fixed, value: 0}}\n"
        for a in ("shuffle", "dice", "deal", "draw", "discard", "claim_window", "settle")),
     "f.yaml:3:33: timing: shuffle, dice, deal, draw, discard, claim_window, settle all take 0 s"),
])
def test_a_hostile_file_gets_one_located_line(cli, write, name, text, says):
    f = write("f.yaml", text)
    t = time.perf_counter()
    done = cli("validate", f, cwd=f.parent)
    assert time.perf_counter() - t < 30
    one_line(done, says)


def test_the_base_that_overflows_is_told_beside_the_formula_it_overflows(cli, write):
    f = write("f.yaml", "extends: ruian\nscoring:\n  base: {dealer: [9007199254740992], other: 9007199254740992}\n")
    line = one_line(cli("validate", f, cwd=f.parent), "f.yaml:3:18:")
    assert "(scoring.value is times * base at " in line and "ruian.yaml:" in line


def test_five_copies_are_allowed_and_fit_the_bound():
    from ruian_sim.hand.tables import MAX_BYTES, most_copies, tables_bytes

    assert most_copies() == 5
    assert tables_bytes(4) < tables_bytes(5) <= MAX_BYTES < tables_bytes(6)


def test_a_table_past_the_bound_is_refused_before_it_is_built():
    # rules that skipped validation (a RuleSet built by hand) meet the same bound in get_table
    from ruian_sim.errors import UserError
    from ruian_sim.hand.tables import get_table

    t = time.perf_counter()
    with pytest.raises(UserError, match="tiles.copies: 8 copies need lookup tables of 9\\^9 rows"):
        get_table(9, 9, 8, True, 5)
    assert time.perf_counter() - t < 1


def test_a_formula_nested_past_python_s_stack_is_a_formula_error():
    from ruian_sim.scoring.formula import FormulaError, parse

    for text in ("**".join(["1"] * 1300), "(" * 1900 + "1" + ")" * 1900, "-" * 3900 + "1"):
        with pytest.raises(FormulaError, match="nests"):
            parse(text, {})


def test_a_division_by_a_fact_in_play_is_told_at_the_formula_s_line(cli, write):
    # kongs is 0 in most hands: validate lets it through (a run-time error), play stops at it
    f = write("div.yaml", 'extends: ruian\nscoring:\n  value: "times * base // kongs"\n')
    assert cli("validate", f, cwd=f.parent).returncode == 0
    done = cli("run", "--rules", f, "--hands", "50", "--bots", "random", "--workers", "1", "--quiet",
               "--out", f.parent / "out", cwd=f.parent)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    last = done.stderr.strip().splitlines()[-1]   # (a first run says it compiles the engine first)
    assert last.startswith("div.yaml:3:10: scoring.value: ") and "divided by zero" in last, last


def test_a_match_cut_by_the_hand_bound_is_a_warning_with_its_count(cli, tmp_path):
    # taiwanese keeps the dealer on a draw with no streak cap: random bots never win, so
    # the dealer keeps the deal until the bound of players × rounds × 50 hands stops the match
    out = tmp_path / "out"
    done = cli("run", "--rules", "taiwanese", "--hands", "200", "--bots", "random", "--workers", "1", "--quiet",
               "--out", out, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    s = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert s["hands"] == 200 and s["matches"] == 1
    cut = [w for w in s["warnings"] if "were cut at the bound of 200 hands a match" in w]
    assert cut == [w for w in s["warnings"] if w.startswith("1 of 1 matches")], s["warnings"]
    assert len(cut) == 1
    assert "ruian-sim: warning: 1 of 1 matches were cut" in done.stderr


def test_only_a_match_the_bound_stops_before_it_ends_is_counted(write):
    # with a streak cap of 3 a match of 4 players has at most 4 × 3 = 12 hands, its bound:
    # one that reaches it has ended, and is not cut; without a cap the bound of 200 cuts it
    from ruian_sim.engine.compile import simulator
    from ruian_sim.ruleset import load

    capped = write("capped.yaml", "extends: taiwanese\ndealer:\n  streak_cap: 3\n")
    for rules, hands, cut in ((load(str(capped)), 12, 0), (load("taiwanese"), 200, 1)):
        sim = simulator(rules, "random")
        assert len(sim.play(1, 0, 1)) == hands
        assert sim.cut_matches == cut


def test_a_duel_counts_the_matches_the_bound_cut_in_every_arrangement(cli, tmp_path):
    out = tmp_path / "duel"
    done = cli("duel", "random", "random:chase_hard=1", "--rules", "taiwanese", "--hands", "200", "--workers", "1",
               "--quiet", "--out", out, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    d = json.loads((out / "duel.json").read_text(encoding="utf-8"))
    plays = d["matches"] * len(d["arrangements"])
    assert d["warnings"] == [w for w in d["warnings"] if w.startswith(f"{plays} of {plays} matches were cut")]
    assert len(d["warnings"]) == 1
    assert "ruian-sim: warning:" in done.stderr
