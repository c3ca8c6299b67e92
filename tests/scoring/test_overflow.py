"""No silent overflow: a table whose arithmetic could leave the 64-bit
integers, divide by a constant zero or take a constant negative power is
refused by `validate` at its line; one that fails only in some hands stops
the run with a clean message (exit 2), never with wrong numbers."""

import numpy as np
import pytest

from tests.conftest import assert_validate_refuses

HEAD = "extends: ruian\nscoring:\n"
REFUSED = [
    ("value times 2**62", HEAD + '  value: "times * base * 4611686018427387904"\n',
     "f.yaml:3:24: scoring.value: this can reach about 2**71, beyond the 64-bit integers"),
    ("bases at 2**62", HEAD + "  base: {dealer: [4611686018427387904], other: 4611686018427387904}\n",
     "f.yaml:3:19: scoring.base.dealer[0]: must be at most 9007199254740992"),
    ("a base of 2**70", HEAD + "  base: {dealer: [1180591620717411303424], other: 1}\n",
     "f.yaml:3:19: scoring.base.dealer[0]: must be at most 9007199254740992"),
    ("a cap of 2**70", HEAD + "  cap: 1180591620717411303424\n", "f.yaml:3:8: scoring.cap: must be at most"),
    ("an item times 2**70", HEAD + "  items:\n    - {name: big, times: 1180591620717411303424}\n",
     "f.yaml:4:26: scoring.items[0].times: must be at most"),
    ("items that multiply past 2**53", HEAD + "  items:\n    - {name: big, times: 1000000, per: kongs}\n",
     "scoring.items[0]: with this item the table's times can reach 1,000,000,000,000,000,000,000,000,000,000"),
    ("divide by zero", HEAD + '  value: "times * base // 0"\n', "f.yaml:3:24: scoring.value: // by zero"),
    ("modulo zero", HEAD + '  value: "times * base % 0"\n', "f.yaml:3:24: scoring.value: % by zero"),
    ("negative power", HEAD + '  value: "2 ** -1"\n', "f.yaml:3:13: scoring.value: a negative exponent"),
    ("a huge exponent", HEAD + '  value: "base ** 1000000000000"\n', "f.yaml:3:16: scoring.value: this can reach"),
    ("a literal beyond int64", HEAD + '  value: "times * 99999999999999999999"\n',
     "f.yaml:3:19: scoring.value: the number 99999999999999999999 is beyond the 64-bit integers"),
    ("500 parentheses", HEAD + '  value: "' + "(" * 500 + "1" + ")" * 500 + '"\n',
     "scoring.value: the formula nests more than 40 levels deep here"),
    ("a chain of 1000 terms", HEAD + '  value: "' + " + ".join(["1"] * 1000) + '"\n',
     "scoring.value: the formula is too long a chain here"),
    ("a payment past 2**53", HEAD + '  value: "times * base * 1000000000000000"\n',
     "scoring.value: the result can reach"),
]


@pytest.mark.parametrize("name,text,want", REFUSED, ids=[c[0] for c in REFUSED])
def test_validate_refuses_with_the_line(tmp_path, name, text, want):
    assert_validate_refuses(tmp_path, text, want)


def test_a_capped_table_may_compute_large_values(cli, tmp_path):
    # the cap bounds what is paid: a large formula under a cap is fine if nothing leaves int64
    f = tmp_path / "f.yaml"
    f.write_text(HEAD + '  value: "times * base * 1000000000000000"\n  cap: 1000\n', encoding="utf-8")
    out = cli("validate", f)
    assert out.returncode == 0, out.stderr


def test_a_division_by_zero_in_play_stops_cleanly(cli, tmp_path):
    # 2 - wilds is 0 only in hands with two wilds: allowed by validate, an error in play
    f = tmp_path / "div.yaml"
    f.write_text(HEAD + '  value: "times * base // (2 - wilds)"\n', encoding="utf-8")
    assert cli("validate", f).returncode == 0
    out = cli("run", "--rules", f, "--hands", "300", "--bots", "greedy", "--workers", "1", "--out",
              tmp_path / "out")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert "a scoring formula went wrong: it divided by zero" in out.stderr
    assert not (tmp_path / "out" / "summary.json").exists()


def test_large_bases_are_exact_in_the_records(tmp_path):
    # bases of 10**12 used to wrap in the Parquet points columns (int32)
    from ruian_sim.engine.compile import simulator
    from ruian_sim.ruleset import load
    from ruian_sim.runner.table import record_table
    from ruian_sim.settle import score

    f = tmp_path / "big.yaml"
    f.write_text(HEAD + "  base: {dealer: [1000000000000], other: 1000000000000}\n", encoding="utf-8")
    rules = load(str(f))
    recs = simulator(rules, "greedy").play(1, 0, 20)
    cols = record_table(recs, score(recs, rules), rules)
    pts = np.stack([cols[f"points_{p}"] for p in range(4)], axis=1)
    assert pts.dtype == np.int64
    assert np.abs(pts).max() >= 10 ** 12
    assert (pts.sum(axis=1) == 0).all()
