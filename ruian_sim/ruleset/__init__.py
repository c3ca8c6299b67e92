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
from .locate import builtin_names
from .model import RuleSet, build, content_hash
from .source import Source
from .validate import problems

__all__ = ["RuleSet", "builtin_names", "content_hash", "load", "load_with_origins"]


def load_with_origins(rules: str | Path = "ruian", variants=()) -> tuple[RuleSet, Source]:
    merged, files, display = compose(rules, variants)
    found = problems(merged, [str(f) for f in files])
    errors = [p for p in found if not p.warning]
    if errors:
        raise UserError(errors)
    # After validation: the display name may come from a file's stem, which
    # the user did not write as a name.
    if len(files) > 1 or variants:
        merged.data["name"] = display
    notes = tuple(str(p) for p in found if p.warning)
    return build(merged.data, tuple(str(f) for f in files), notes), merged


def load(rules: str | Path = "ruian", variants=()) -> RuleSet:
    """Load built-in rules by name, a file by path, or ``NAME+VARIANT+...``; apply variants."""
    return load_with_origins(rules, variants)[0]
