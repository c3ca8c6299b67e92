"""Rules as data: load YAML rule files, merge variants, validate, build a RuleSet.

    >>> from ruian_sim.ruleset import load
    >>> rules = load("ruian", variants=["four-winds-draw"])
    >>> rules.deal.hand_size
    16
"""

from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from .chain import compose
from .checked import remember, remembered
from .locate import builtin_names, builtin_specs
from .model import RuleSet, build, content_hash
from .source import Source

__all__ = ["RuleSet", "builtin_names", "builtin_specs", "content_hash", "load", "load_with_origins"]


def load_with_origins(rules: str | Path = "ruian", variants=()) -> tuple[RuleSet, Source]:
    merged, files, display = compose(rules, variants)
    names = [str(f) for f in files]
    key, notes = remembered(merged.data, names)
    if notes is None:
        from .validate import problems  # jsonschema and the checks: only when not remembered

        found = problems(merged, names)
        errors = [p for p in found if not p.warning]
        if errors:
            raise UserError(errors)
        notes = [str(p) for p in found if p.warning]
        remember(key, notes)
    # After validation: the display name may come from a file's stem, which
    # the user did not write as a name.
    if len(files) > 1 or variants:
        merged.data["name"] = display
    return build(merged.data, tuple(names), tuple(notes)), merged


def load(rules: str | Path = "ruian", variants=()) -> RuleSet:
    """Load built-in rules by name, a file by path, or ``NAME+VARIANT+...``; apply variants."""
    return load_with_origins(rules, variants)[0]
