"""Rule files made to hurt: alias bombs, deep nesting, huge files, stray bytes and tags,
NaN.  Each is refused quickly with one located line and exit 2, never a traceback or
a hang."""

import time

import pytest

from ruian_sim.errors import UserError
from ruian_sim.ruleset import load

BOMB = "extends: ruian\na: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 10)}]\n" for a, b in zip("abcdef", "bcdefg"))  # 10^7 copies


def one_line(done, needle: str, exit_code: int = 2) -> str:
    assert done.returncode == exit_code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("name, text, says", [
    ("alias bomb", BOMB, "f.yaml:2:11: aliases expand to more than 10,000 values"),
    ("nested lists", "extends: ruian\nx: " + "[" * 600 + "]" * 600 + "\n",
     "f.yaml:2:103: nested more than 100 levels deep"),
    ("nested maps", "extends: ruian\nx: " + "{a: " * 600 + "1" + "}" * 600 + "\n",
     "f.yaml:2:400: nested more than 100 levels deep"),
    ("alias loop", "extends: ruian\nx: &x [*x]\n", "aliases nest more than 100 levels deep"),
    ("NUL byte", "extends: ruian\nname: a\x00b\n", "f.yaml:2:8: a character YAML does not allow (U+0000)"),
    ("unknown tag", "extends: ruian\nname: !foo bar\n", "f.yaml:2:7: name: unknown tag '!foo'"),
    ("bad int tag", "extends: ruian\nname: !!int abc\n", "f.yaml:2:7: name: !!int 'abc'"),
    ("two documents", "extends: ruian\n---\nname: x\n", "f.yaml:2:1: a rule file is one YAML document"),
    ("NaN", "extends: ruian\nscoring:\n  base: {other: .nan}\n",
     "f.yaml:3:17: scoring.base.other: expected integer, got number nan"),
    ("NaN sigma", "extends: ruian\ntiming:\n  discard: {dist: lognormal, median: 4, sigma: .nan}\n",
     "f.yaml:3:48: timing.discard.sigma: must be a finite number (got .nan)"),
    ("inf timing", "extends: ruian\ntiming:\n  dice: {dist: fixed, value: .inf}\n",
     "f.yaml:3:30: timing.dice.value: must be a finite number (got .inf)"),
    ("a year's dice", "extends: ruian\ntiming:\n  dice: {dist: fixed, value: 31536000}\n",
     "f.yaml:3:30: timing.dice.value: at most 86,400 seconds (a day) per action"),
    ("1e308 as text", "extends: ruian\ntiming:\n  dice: {dist: fixed, value: 1e308}\n",
     "YAML reads 1e308 as text: write it with a dot, e.g. 1.0e+308"),
])
def test_a_hostile_file_gets_one_located_line(cli, write, name, text, says):
    f = write("f.yaml", text)
    t = time.perf_counter()
    done = cli("validate", f, cwd=f.parent)
    assert time.perf_counter() - t < 30
    one_line(done, says)


def test_a_file_above_a_mebibyte_is_refused_unread(cli, tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("extends: ruian\n" + "#" * 50_000_000 + "\n")
    t = time.perf_counter()
    one_line(cli("validate", f, cwd=tmp_path), "50,000,016 bytes: a rule file is at most 1,048,576 bytes")
    assert time.perf_counter() - t < 10  # it was 40-52 s


def test_twenty_thousand_keys_load_in_under_two_seconds(write):
    f = write("keys.yaml", "extends: ruian\n" + "".join(f"k{i}: {i}\n" for i in range(20_000)))
    t = time.perf_counter()
    with pytest.raises(UserError) as err:
        load(str(f))
    took = time.perf_counter() - t
    assert took < 2.0, took  # 4,000 keys took 9 s before the merge was linear
    lines = [str(p) for p in err.value.problems]
    assert lines[0].endswith("k0: unknown key 'k0' (allowed: aborts, claims, deal, dealer, description, dice, "
                             "end, exchange, hard, match, name, replacement, scoring, shapes, table, tiles, timing, title, "
                             "void_suit, wall, wild)")
    assert "... and 19,980 more unknown keys from here on" in lines[-1]
    assert len(lines) == 21


def test_many_keys_in_a_variant_still_merge_with_their_marks(write):
    """The one-pass merge keeps every mark: a bad value among 5,000 replaced ones is
    still found at its own line."""
    body = "".join(f"    - {{name: item{i}, points: 1}}\n" for i in range(5_000))
    f = write("many.yaml", "extends: ruian\nscoring:\n  items:\n" + body + "wall:\n  haidi_tiles: -1\n")
    with pytest.raises(UserError) as err:
        load(str(f))
    assert any(str(p).endswith("many.yaml:5005:16: wall.haidi_tiles: must be at least 0 (got -1)")
               for p in err.value.problems), err.value.problems[:3]


def test_aliases_within_the_limit_still_work(write):
    f = write("ok.yaml", "extends: ruian\ntiming:\n  dice: &six {dist: fixed, value: 6}\n  deal: *six\n")
    rules = load(str(f))
    assert (rules.data["timing"]["deal"]["dist"], rules.data["timing"]["deal"]["value"]) == ("fixed", 6)
