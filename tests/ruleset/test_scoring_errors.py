"""Broken scoring tables, as a new user would write them: each is rejected by
`ruian-sim validate` (and `rules show`) with FILE:LINE:COL, a message that
says what to write instead, exit 2 and no traceback."""

import pytest

HEAD = "extends: ruian\nscoring:\n"
CASES = [
    ("unknown formula name", HEAD + '  value: "times * bsae"\n',
     "f.yaml:3:19: scoring.value: unknown name 'bsae'; did you mean 'base'?"),
    ("unquoted formula", HEAD + "  value: tia * base\n",
     "f.yaml:3:10: scoring.value: unknown name 'tia'; did you mean 'tai'?"),
    ("formula does not parse", HEAD + '  value: "times * (base + 1"\n',
     "f.yaml:3:28: scoring.value: expected ')' here, found the end of the formula"),
    ("block formula", HEAD + "  value: |\n    times *\n      bsae\n",
     "f.yaml:5:7: scoring.value: unknown name 'bsae'"),
    ("excludes a missing item", HEAD + "  items:\n    - {name: hard, times: 2, when: {hard: true}, excludes: [sofft]}\n"
     "    - {name: soft, times: 1}\n",
     "f.yaml:4:61: scoring.items[0].excludes[0]: no item is named 'sofft'; did you mean 'soft'?"),
    ("unreachable gate", HEAD + "  items:\n    - {name: flower, tai: 1, per: flowers}\n"
     '    - {name: concealed, tai: 1, when: {concealed_hand: true}}\n  gate: "tai >= 10"\n',
     "f.yaml:6:10: scoring.gate: no hand can pass this gate: the items give at most 0 points, 9 tai"),
    ("two parts", HEAD + "  items:\n    - {name: x, tai: 1, times: 2}\n",
     "f.yaml:4:7: scoring.items[0]: an item gives exactly one of points, tai, fan or times, not tai and times"),
    ("unknown per", HEAD + "  items:\n    - {name: x, tai: 1, per: flower}\n",
     "f.yaml:4:30: scoring.items[0].per: per: unknown count 'flower'; did you mean 'flowers'?"),
    ("unknown meld class", HEAD + "  items:\n    - {name: x, points: 2, per: {meld: pung, class: dragn}}\n",
     "scoring.items[0].per.class: unknown tile class 'dragn'; did you mean 'dragon'?"),
    ("item twice", HEAD + "  items:\n    - {name: x, tai: 1}\n    - {name: x, tai: 2}\n",
     "f.yaml:5:14: scoring.items[1].name: item name 'x' is used twice"),
    ("hi outside losers", HEAD + '  value: "ceil(hi, 10)"\n',
     "f.yaml:3:16: scoring.value: 'hi' is a name of scoring.losers only"),
    ("hand without scoring.hand", HEAD + '  value: "hand * base"\n',
     "f.yaml:3:11: scoring.value: unknown name 'hand': the table has no scoring.hand formula"),
    ("hand names itself", HEAD + '  hand: "hand + points"\n',
     "f.yaml:3:10: scoring.hand: scoring.hand cannot name itself"),
    ("unknown name in losers", HEAD + '  settle: pairwise\n  losers: "hii - lo"\n',
     "f.yaml:4:12: scoring.losers: unknown name 'hii'; did you mean 'hi'?"),
    ("unknown prefer key", HEAD + "  prefer: [value, vlaue]\n",
     "f.yaml:3:19: scoring.prefer[1]: 'vlaue' is not one of: value, dealer_value, tai, points, times; "
     "did you mean 'value'?"),
    ("prefer key twice", HEAD + "  prefer: [tai, tai]\n", "f.yaml:3:11: scoring.prefer: items must not repeat"),
    ("losers without pairwise", HEAD + '  losers: "hi - lo"\n',
     "scoring.losers: losers is what two losers settle under settle: pairwise"),
    # flower_bits is a record column; spelled close to `flowers`, which counts something else
    ("flower_bits as a condition", HEAD + "  items:\n    - {name: x, tai: 1, when: {flower_bits: 15}}\n",
     "f.yaml:4:32: scoring.items[0].when.flower_bits: unknown key 'flower_bits': flower_bits is the records' "
     "bit mask of the flowers laid aside, not a fact; count flowers with flowers (all 8), own_flowers"),
    ("flower_bits as a count", HEAD + "  items:\n    - {name: x, tai: 1, per: flower_bits}\n",
     "scoring.items[0].per: per: unknown count 'flower_bits': flower_bits is the records' bit mask"),
    ("flower_bits in a formula", HEAD + '  value: "base + flower_bits"\n',
     "f.yaml:3:18: scoring.value: unknown name 'flower_bits': flower_bits is the records' bit mask"),
]


@pytest.mark.parametrize("name,text,want", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("command", [("validate",), ("rules", "show", "--rules")])
def test_broken_table_is_located(cli, tmp_path, name, text, want, command):
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    out = cli(*command, f)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert any(want in line for line in out.stderr.splitlines()), out.stderr


def test_a_new_users_table_validates(cli, tmp_path):
    f = tmp_path / "tai.yaml"
    f.write_text(HEAD + "  items:\n    - {name: self_drawn, tai: 1, when: {self_drawn: true}}\n"
                 "    - {name: concealed, tai: 1, when: {concealed_hand: true}}\n"
                 "    - {name: concealed_self_drawn, tai: 3, when: {self_drawn: true, concealed_hand: true},\n"
                 "       excludes: [self_drawn, concealed]}\n"
                 '  value: "base * 2 ** min(tai, 3)"\n  gate: "tai >= 1"\n', encoding="utf-8")
    out = cli("validate", f)
    assert out.returncode == 0, out.stderr
