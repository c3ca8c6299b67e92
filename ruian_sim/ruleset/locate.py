"""Finding rule files: built-in names (shipped as package data) and paths."""

from __future__ import annotations

import difflib
from pathlib import Path

from ..errors import Mark, Problem, UserError

_PKG = Path(__file__).resolve().parent.parent


def _dir(installed: str, source: str) -> Path:
    # Installed wheels carry the files inside the package; a source checkout
    # keeps them at the top of the repository.
    inside = _PKG / installed
    return inside if inside.is_dir() else _PKG.parent / source


def rules_dir() -> Path:
    return _dir("builtin_rules", "rules")


def variants_dir() -> Path:
    return _dir("builtin_variants", "variants")


def schema_path() -> Path:
    return rules_dir() / "schema.json"


def is_builtin(file: str) -> bool:
    """Whether a rule file is one of the built-in rules or variants."""
    try:
        parent = Path(file).resolve().parent
    except OSError:
        return False
    return parent in (rules_dir().resolve(), variants_dir().resolve())


def builtin_names() -> dict[str, list[str]]:
    return {
        "rules": sorted(p.stem for p in rules_dir().glob("*.yaml")),
        "variants": sorted(p.stem for p in variants_dir().glob("*.yaml")),
    }


def builtin_specs() -> dict[str, str]:
    """Every built-in rule set, as --rules takes it, by its name: each game,
    then each variant on the game it extends (``ruian+flowers``)."""
    import yaml

    out = {name: name for name in builtin_names()["rules"]}
    for name in builtin_names()["variants"]:
        data = yaml.safe_load((variants_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
        base = data.get("extends", "ruian")
        out[name] = name if base in builtin_names()["variants"] else f"{base}+{name}"
    return out


def looks_like_path(ref: str) -> bool:
    return "/" in ref or "\\" in ref or ref.endswith((".yaml", ".yml"))


def resolve(ref: str, relative_to: Path | None, mark: Mark | None = None, path: str = "extends",
            kind: str = "rules") -> Path:
    """The file that ``ref`` names: a path (relative to ``relative_to``) or a built-in name."""
    if looks_like_path(ref):
        p = Path(ref)
        if not p.is_absolute() and relative_to is not None:
            p = relative_to / p
        if not p.is_file():
            raise UserError([Problem(mark, path, f"no rule file {ref!r} (looked for {p})")])
        return p.resolve()
    for d in (rules_dir(), variants_dir()):
        p = d / f"{ref}.yaml"
        if p.is_file():
            return p.resolve()
    names = builtin_names()
    known = names["rules"] + names["variants"]
    hint = difflib.get_close_matches(ref, known, n=1)
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    listing = ", ".join(names["variants"] if kind == "variant" else known)
    raise UserError([Problem(mark, path, f"unknown {kind} {ref!r}{extra} (built-in: {listing})")])
