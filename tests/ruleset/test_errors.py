"""Broken rule files, written as a new user would write them: each is rejected
with the file and line that set the bad value."""

import re
from pathlib import Path

import pytest
import yaml


def problems(cli, path):
    out = cli("validate", path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert lines
    return lines


CASES = [
    ("syntax", "extends: ruian\nwall:\n  dead_stacks: 10\n   haidi_tiles: 4\n",
     ["f.yaml:4:15: YAML syntax error"]),
    ("tab", "extends: ruian\nwall:\n\tdead_stacks: 10\n", ["f.yaml:3:1: YAML syntax error"]),
    ("unknown key", "extends: ruian\nwall:\n  dead_stack: 8\n",
     ["f.yaml:3:3: wall.dead_stack: unknown key 'dead_stack'; did you mean 'dead_stacks'?"]),
    ("unknown section", "extends: ruian\nscorring: {}\n",
     ["f.yaml:2:1: scorring: unknown key 'scorring'; did you mean 'scoring'?"]),
    ("wrong type", "extends: ruian\ndeal:\n  hand_size: sixteen\n",
     ["f.yaml:3:14: deal.hand_size: expected integer, got string 'sixteen'"]),
    ("bool for int", "extends: ruian\ndealer:\n  streak_cap: yes\n",
     ["f.yaml:3:15: dealer.streak_cap: expected integer, got boolean True"]),
    ("out of range", "extends: ruian\nwall:\n  haidi_tiles: -1\n",
     ["f.yaml:3:16: wall.haidi_tiles: must be at least 0 (got -1)"]),
    ("bad enum", "extends: ruian\nclaims:\n  chi: leftt\n",
     ["f.yaml:3:8: claims.chi: 'leftt' is not one of: left, any, never; did you mean 'left'?"]),
    ("bad tile", "extends: ruian\nwild:\n  stand_in: 8z\n",
     ["f.yaml:3:13: wild.stand_in: '8z' is not valid here"]),
    ("counts", "extends: ruian\ntiles:\n  flowers: 8\n",
     ["f.yaml:3:12: tiles.flowers: the wall holds 4 × 17 × 2 = 136 tiles but the tile set has "
      "34 kinds × 4 + 8 flowers = 144"]),
    ("hand size", "extends: ruian\ndeal:\n  hand_size: 15\n",
     ["f.yaml:3:14: deal.hand_size: hand size must be 1 more than a multiple of 3"]),
    ("deal does not fit", "extends: ruian\ndeal:\n  hand_size: 28\n",
     ["f.yaml:3:14: deal.hand_size: the deal needs 113 tiles but the wall has only 110"]),
    ("priority twice", "extends: ruian\nclaims:\n  priority: [win, pon, pon, chi]\n",
     ["f.yaml:3:13: claims.priority: items must not repeat"]),
    ("unknown fact", "extends: ruian\nscoring:\n  items:\n"
                     "    - {name: x, times: 2, when: {hardd: true}}\n",
     ["f.yaml:4:34: scoring.items[0].when.hardd: unknown key 'hardd'; did you mean 'hard'?"]),
    ("three wilds without wilds", "extends: ruian\nwild: {source: none}\n",
     ["f.yaml:2:16: wild.source: the three_wilds shape needs 3 wilds but only 0 are in play, "
      "since wild.source is none (shapes.three_wilds.wilds is 3 at "]),
    ("substitute", "extends: ruian\ntable: {players: 5}\n",
     ["f.yaml:2:18: table.players: 5 players at 4 seats needs substitute: true"]),
    ("duplicate key", "extends: ruian\nwall:\n  haidi_tiles: 4\n  haidi_tiles: 5\n",
     ["f.yaml:4:3: wall.haidi_tiles: duplicate key (first set at line 3)"]),
    ("missing extends", "extends: ruain\n",
     ["f.yaml:1:10: extends: unknown rules 'ruain'; did you mean 'ruian'?"]),
    ("missing file", "extends: ../nowhere.yaml\n", ["f.yaml:1:10: extends: no rule file '../nowhere.yaml'"]),
    ("not a mapping", "- just\n- a list\n", ["f.yaml:1:1: a rule file must be a mapping"]),
    ("empty", "", ["f.yaml:1:1: the file is empty"]),
    ("no extends, missing sections", "name: lonely\n",
     ["f.yaml:1:1: extends: no extends, so this must be a complete rule file, but it lacks 14 of the "
      "15 sections (table, tiles, wall, "]),
    ("more wins than seats", "extends: ruian\nwall: {haidi_tiles: 0}\nend:\n  after_wins: 4\n",
     ["f.yaml:4:15: end.after_wins: after_wins is 4, but at 4 seats at most 3 can win"]),
    ("play on with 海底", "extends: ruian\nend:\n  after_wins: 2\n",
     ["f.yaml:3:15: end.after_wins: play goes on after a win (after_wins 2), but 海底 tiles dealt one to "
      "each player assumes the hand ends at its first win: change wall.haidi_tiles or set after_wins to 1 "
      "(wall.haidi_tiles is 4 at "]),
    ("play on with losers settling", "extends: ruian\nwall: {haidi_tiles: 0}\nend: {after_wins: 3}\n"
                                     "scoring: {settle: pairwise}\n",
     ["f.yaml:3:19: end.after_wins: play goes on after a win (after_wins 3), but losers settling among "
      "themselves assumes"]),
    ("void suit with one suit", "extends: ruian\ntiles: {suits: [m], honors: [1z, 2z, 3z, 4z, 5z, 6z, 7z]}\n"
                                "void_suit:\n  declare: true\n",
     ["void_suit.declare: a void suit (定缺) needs at least two suits"]),
    ("exchange beside honors", "extends: ruian\nexchange:\n  tiles: 3\n",
     ["f.yaml:3:10: exchange.tiles: passing tiles of one suit (换三张) needs a wall of suits only, with no "
      "flowers and no wild, so that every hand holds enough of one suit (tiles.honors is [1z, 2z"]),
    ("extends an empty list", "extends: []\n", ["f.yaml:1:10: extends: an empty list extends nothing"]),
    ("extends a number", "extends: [ruian, 5]\n", ["f.yaml:1:18: extends[1]: extends must be a rule name"]),
    ("extends a bad variant in a spec", "extends: ruian+fowers\n",
     ["f.yaml:1:10: extends: unknown rules 'fowers'; did you mean 'flowers'?"]),
]


@pytest.mark.parametrize("name,text,expected", CASES, ids=[c[0] for c in CASES])
def test_broken_file_is_rejected_with_file_and_line(cli, tmp_path, name, text, expected):
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    lines = problems(cli, f)
    for want in expected:
        assert any(line.endswith(want) or want in line for line in lines), (want, lines)
    for line in lines:
        assert "f.yaml:" in line, line


def test_all_problems_in_one_pass(cli, write):
    f = write("many.yaml", """
        extends: ruian
        wall:
          dead_stack: 8
        claims:
          chi: leftt
        deal:
          hand_size: sixteen
        """)
    lines = problems(cli, f)
    assert len(lines) == 3
    assert [line.split(":")[1] for line in lines] == ["3", "5", "7"]


def test_error_points_into_the_parent_file_that_set_the_value(cli, write):
    write("parent.yaml", "extends: ruian\ntiles:\n  copies: 5\n")
    child = write("child.yaml", "extends: parent.yaml\nname: child\n")
    lines = problems(cli, child)
    assert any("parent.yaml:3:11: tiles.copies:" in line for line in lines), lines


def test_extends_cycle(cli, write):
    write("a.yaml", "extends: b.yaml\n")
    b = write("b.yaml", "extends: ./a.yaml\n")
    lines = problems(cli, b)
    assert "extends cycle" in lines[0]
    assert "b.yaml → " in lines[0] and "a.yaml → " in lines[0]


def test_unknown_variant_on_the_command_line(cli):
    out = cli("rules", "show", "--variant", "four-wind-draw")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "did you mean 'four-winds-draw'" in out.stderr


def test_valid_files_exit_zero(cli, write):
    f = write("ok.yaml", "extends: ruian\nname: mine\ndealer: {keep_on_draw: true}\n")
    out = cli("validate", f, "ruian")
    assert out.returncode == 0, out.stderr
    assert "ok" in out.stdout


def test_one_bad_file_among_good_ones_exits_two(cli, write):
    good = write("good.yaml", "extends: ruian\n")
    bad = write("bad.yaml", "extends: ruian\nwall: {haidi_tiles: x}\n")
    out = cli("validate", good, bad)
    assert out.returncode == 2
    assert "good.yaml: ok" in out.stdout and "bad.yaml:2:" in out.stderr


def test_bad_cli_argument_exits_two_without_traceback(cli):
    out = cli("validate")
    assert out.returncode == 2 and "Traceback" not in out.stderr and "usage" in out.stderr


@pytest.mark.parametrize("name", ["Soft", "my variant", "soft!", "+soft"])
def test_an_invalid_name_says_what_is_allowed(cli, write, name):
    f = write("f.yaml", f"extends: ruian\nname: {name!r}\n")
    (line,) = problems(cli, f)
    assert "f.yaml:2:7: name: " in line
    assert "lowercase letters, digits, '-' and '_'" in line


def test_a_composed_name_as_written_by_rules_show_is_valid(cli, write):
    f = write("f.yaml", "extends: ruian\nname: ruian+flowers_2+my-variant\n")
    out = cli("validate", f)
    assert out.returncode == 0, out.stderr


YAML_MISTAKES = [
    ("key indented too far", "extends: ruian\nwall:\n  dead_stacks: 10\n   haidi_tiles: 4\n",
     "f.yaml:4:15: YAML syntax error: mapping values are not allowed here; check the indentation: "
     "line 4 is indented more than line 3, and a key must line up with the keys above it"),
    ("key indented too little", "extends: ruian\nwall:\n  dead_stacks: 10\n haidi_tiles: 4\n",
     "f.yaml:4:2: YAML syntax error: expected <block end>, but found '<block mapping start>'; "
     "check the indentation: a key must line up with the keys above it"),
    ("colon in a value", "extends: ruian\ntitle: Ruian: my way\n",
     "f.yaml:2:13: YAML syntax error: mapping values are not allowed here; "
     "a value that contains ': ' must be quoted"),
    ("tab", "extends: ruian\nwall:\n\tdead_stacks: 10\n",
     "f.yaml:3:1: YAML syntax error: found character '\\t' that cannot start any token; "
     "indent with spaces, not tabs"),
    ("no colon", "extends: ruian\nwall\n  dead_stacks: 10\n",
     "YAML syntax error: could not find expected ':'; line 2 needs ':' after its key"),
    ("open list", "extends: ruian\nclaims:\n  priority: [win, pon\n",
     "YAML syntax error: expected ',' or ']', but got '<stream end>'; the '[' opened on line 3 is not closed"),
]


@pytest.mark.parametrize("name,text,want", YAML_MISTAKES, ids=[c[0] for c in YAML_MISTAKES])
def test_a_yaml_mistake_gets_its_line_and_a_plain_hint(cli, tmp_path, name, text, want):
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    (line,) = problems(cli, f)
    assert want in line, line


def _cited(line: str) -> tuple[str, str]:
    """The second location in a line, as (path, text of the line it points at)."""
    m = re.search(r"(?:at |\()(\S+\.yaml):(\d+):(\d+)(?:\)| sets)", line)
    assert m, line
    return m[1], Path(m[1]).read_text(encoding="utf-8").splitlines()[int(m[2]) - 1]


BUILT_IN_CONFLICTS = [
    ("fewer players", "table: {players: 3}\n",
     "f.yaml:2:18: table.players: 4 seats but only 3 players (table.seats is 4 at ", "seats: 4"),
    ("chi deleted", "claims: {chi: null}\n",
     "f.yaml:2:15: claims.chi: null cannot delete a required key; give it one of: left, any, never (",
     "chi: left"),
    ("no wilds", "wild: {source: none}\n",
     "f.yaml:2:16: wild.source: the three_wilds shape needs 3 wilds but only 0 are in play, since "
     "wild.source is none (shapes.three_wilds.wilds is 3 at ", "wilds: 3"),
    ("fewer seats", "table: {seats: 3}\n",
     "f.yaml:2:16: table.seats: the dice count walls by seat: sides (4) must equal seats (3) "
     "(wall.sides is 4 at ", "sides: 4"),
    ("white dragon removed", "tiles: {honors: [1z, 2z, 3z, 4z, 6z, 7z]}\n",
     "f.yaml:2:17: tiles.honors: 5z is not in play (wild.stand_in is 5z at ", "stand_in: 5z"),
    ("hand below the chunk", "deal: {hand_size: 1}\n",
     "f.yaml:2:19: deal.hand_size: chunk (4) is larger than the hand (1) (deal.chunk is 4 at ",
     "chunk: 4"),
]


@pytest.mark.parametrize("name,text,want,cited", BUILT_IN_CONFLICTS, ids=[c[0] for c in BUILT_IN_CONFLICTS])
def test_a_conflict_with_the_built_in_rules_points_at_the_users_value(cli, tmp_path, name, text, want, cited):
    f = tmp_path / "f.yaml"
    f.write_text("extends: ruian\n" + text, encoding="utf-8")
    lines = problems(cli, f)
    line = next((ln for ln in lines if want in ln), None)
    assert line, (want, lines)
    assert line.startswith(str(f) + ":"), line
    path, text_there = _cited(line)
    assert path.endswith("ruian.yaml") and text_there.strip().startswith(cited), (line, text_there)
    for ln in lines:
        assert ln.startswith(str(f) + ":"), ln


def test_a_null_in_the_last_file_is_blamed_for_what_it_removed(cli, write):
    write("parent.yaml", "extends: ruian\nwild: {source: fixed, fixed: 7z}\n")
    child = write("child.yaml", "extends: parent.yaml\nwild:\n  fixed: null\n")
    (line,) = problems(cli, child)
    assert line.endswith("child.yaml:3:10: wild.fixed: source fixed needs a `fixed` tile"), line


def test_values_all_set_by_the_user_are_not_cited(cli, write):
    f = write("f.yaml", "extends: ruian\ntable: {players: 3, seats: 4}\nwall: {sides: 4}\n")
    (line,) = problems(cli, f)
    assert line.endswith("f.yaml:2:28: table.seats: 4 seats but only 3 players"), line


def test_a_variant_without_extends_says_so_in_one_line(cli, write):
    f = write("f.yaml", "name: mine\ndealer: {keep_on_draw: true}\n")
    (line,) = problems(cli, f)
    assert line.endswith("f.yaml:1:1: extends: no extends, so this must be a complete rule file, but it "
                         "lacks 13 of the 15 sections (table, tiles, wall, dice, wild, deal, replacement, "
                         "claims, shapes, hard, aborts, match, scoring); to change only some rules, start "
                         "the file with `extends: ruian`"), line


def test_a_complete_file_missing_one_section_still_names_each_missing_key(cli, write):
    from ruian_sim.ruleset import load

    full = yaml.safe_load(load("ruian").to_yaml())
    del full["dice"], full["dealer"]["streak_cap"]
    f = write("f.yaml", yaml.safe_dump(full, allow_unicode=True))
    lines = problems(cli, f)
    assert len(lines) == 2, lines
    assert "f.yaml:1:1: extends: no extends, so this must be a complete rule file, but it lacks 1 of the " \
           "15 sections (dice)" in lines[0]
    assert lines[1].endswith("dealer.streak_cap: missing required key")


@pytest.mark.parametrize("rules", ["ruian", "thirteen-tiles"])
def test_a_variant_without_extends_on_the_command_line_names_what_to_extend(cli, write, rules):
    f = write("mine.yaml", "dealer: {keep_on_draw: true}\n")
    out = cli("rules", "show", "--rules", rules, "--variant", f)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    (line,) = out.stderr.strip().splitlines()
    assert line.endswith(f"mine.yaml:1:1: extends: a variant needs `extends: {rules}` (the rules it changes) "
                         f"as its first line; this file has no extends"), line


def test_a_parent_without_extends_is_named_in_one_line(cli, write):
    write("parent.yaml", "name: parent\ndealer: {streak_cap: 2}\n")
    child = write("child.yaml", "extends: parent.yaml\nname: child\n")
    (line,) = problems(cli, child)
    assert "parent.yaml:1:1: extends: no extends, so this must be a complete rule file" in line, line


def test_more_haidi_tiles_than_seats_is_refused_at_the_users_line(write, cli):
    path = write("haidi.yaml", """
        extends: ruian
        name: long-haidi
        wall: {haidi_tiles: 5}
    """)
    out = cli("validate", path)
    assert out.returncode == 2
    assert f"{path.name}:3:" in out.stderr and "wall.haidi_tiles" in out.stderr and "at most 4" in out.stderr


@pytest.mark.parametrize("text, want", [
    ("extends: ruian\ndealer:\n  draw_term: same\n",
     "f.yaml:3:14: dealer.draw_term: draw_term same is about a drawn hand the dealer keeps: "
     "set dealer.keep_on_draw to true"),
    ("extends: ruian\nscoring:\n  kongs:\n    paid: at_once\n    cannon_transfer: true\n    times_base: true\n",
     "f.yaml:6:17: scoring.kongs.times_base: 呼叫转移 hands on one kong's money whole, but with times_base "
     "each payer pays its own: set one of them to false"),
    ("extends: ruian\nclaims:\n  pass_block:\n    worth_more_wins: true\n",
     "f.yaml:4:5: claims.pass_block: pass_block says how 过水 works, but no pass blocks a win: "
     "set claims.pass_blocks_win to true or remove pass_block"),
    ("extends: ruian\ndealer:\n  streak_cap: 0\n  after_cap: dice\n",
     "dealer.after_cap: after_cap says who deals when streak_cap takes the deal, but there is no cap: "
     "set dealer.streak_cap"),
])
def test_a_rule_value_that_needs_another_says_which(cli, tmp_path, text, want):
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    lines = problems(cli, str(f))
    assert lines[0].endswith(want) or want in lines[0], lines
