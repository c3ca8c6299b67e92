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
    for f in variants_dir().glob("*.yaml"):
        text = Path(f).read_text(encoding="utf-8")
        assert "extends: ruian" in text, f
        assert len([line for line in text.splitlines() if line and not line.startswith("#")]) < 15, f
        load(str(f))


def test_every_key_of_the_default_file_has_a_comment():
    text = (rules_dir() / "ruian.yaml").read_text(encoding="utf-8")
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "-")) or stripped.endswith(":"):
            continue
        if stripped.startswith(("name:", "title:", "value:", "when:", "times:", "excludes:")):  # an item: its `- name:` line says where it comes from
            continue
        assert "#" in line, f"no source comment: {line!r}"
