"""Every built-in file validates, through the CLI and from an installed package."""

from pathlib import Path

from ruian_sim.ruleset import builtin_names, load
from ruian_sim.ruleset.locate import rules_dir, variants_dir


def test_every_builtin_file_validates(cli):
    files = sorted(rules_dir().glob("*.yaml")) + sorted(variants_dir().glob("*.yaml"))
    assert len(files) >= 15
    out = cli("validate", *files)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(": ok") == len(files)


def test_rules_list_names_everything(cli):
    out = cli("rules", "list")
    assert out.returncode == 0
    names = builtin_names()
    for n in names["rules"] + names["variants"]:
        assert n in out.stdout


def test_every_variant_only_says_what_differs():
    # rules/ holds whole games, variants/ options on one of them (sichuan-no-exchange on sichuan)
    games = builtin_names()["rules"]
    for f in variants_dir().glob("*.yaml"):
        text = Path(f).read_text(encoding="utf-8")
        assert any(f"extends: {base}\n" in text for base in games), f
        assert len([line for line in text.splitlines() if line and not line.startswith("#")]) < 15, f
        load(str(f))


# an item's `- name:` line (or its amount) says where it comes from
ITEM_KEYS = ("name:", "title:", "value:", "when:", "times:", "excludes:")


def _assert_every_key_commented(path, skip=ITEM_KEYS):
    open_brackets = 0   # a flow list carried over lines is one key, commented where it starts
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        continued = open_brackets > 0
        code = stripped.split("#", 1)[0]
        open_brackets += code.count("[") + code.count("{") - code.count("]") - code.count("}")
        if continued or not stripped or stripped.startswith(("#", "-")) or stripped.endswith(":"):
            continue
        if stripped.startswith(skip):
            continue
        assert "#" in line, f"{path.name}: no source comment: {line!r}"


def test_every_key_of_the_default_file_has_a_comment():
    _assert_every_key_commented(rules_dir() / "ruian.yaml")


def test_every_key_of_the_games_has_a_comment():
    # In a game `value:` is the formula and needs its source; an item's `when:`,
    # `together:`, `fallback:` and `per:` are covered by the comment on its
    # points/tai/times/fan line.
    for game in builtin_names()["rules"]:
        if game != "ruian":
            _assert_every_key_commented(rules_dir() / f"{game}.yaml",
                                        skip=("name:", "title:", "extends:", "when:", "together:", "fallback:", "per:"))


def test_rules_list_ends_each_description_at_a_sentence_or_with_an_ellipsis(capsys, monkeypatch):
    # a variant's description is its opening comment: shown to its first full stop, or cut
    # at a word with "…" where the terminal is narrower, never mid-sentence without a word
    from ruian_sim.cli.commands.rules import _head_comment, width
    from ruian_sim.cli.main import main
    from ruian_sim.ruleset.locate import variants_dir

    for columns in (80, 140):
        monkeypatch.setenv("COLUMNS", str(columns))
        assert main(["rules", "list"]) == 0
        lines = capsys.readouterr().out.splitlines()
        variants = lines[lines.index("variants:") + 1:]
        assert len(variants) == len(builtin_names()["variants"])
        for line in variants:
            name, text = line.split(None, 1)
            assert width(line) <= columns, line
            assert text.endswith((".", "?", ")", "…")), line
            whole = _head_comment(str(variants_dir() / f"{name}.yaml"))
            shown = text.removesuffix("…")
            assert whole.startswith(shown), line
            if text.endswith("…"):   # cut between words, not inside one
                assert whole[len(shown)] in " ,;:(", line
