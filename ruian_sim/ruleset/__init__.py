"""Rules as data: load YAML rule files, merge variants, validate, build a RuleSet.

    >>> from ruian_sim.ruleset import load
    >>> rules = load("ruian", variants=["four-winds-draw"])
    >>> rules.deal.hand_size
    16
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem, UserError
from .chain import compose
from .checked import remember, remembered
from .locate import builtin_names, builtin_specs
from .model import RuleSet, build, content_hash
from .source import Source

__all__ = ["RuleSet", "builtin_names", "builtin_specs", "content_hash", "load", "load_with_origins", "located"]

# The rule sets this process loaded, newest first: an error found in play (a
# formula that divided by zero in some hand, scoring/formula.ScoreError) names a
# key, and is told at the line that set it (located).
_LOADED: list[Source] = []


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
    _LOADED.insert(0, merged)
    del _LOADED[4:]
    # After validation: the display name may come from a file's stem, which
    # the user did not write as a name.
    if len(files) > 1 or variants:
        merged.data["name"] = display
    return build(merged.data, tuple(names), tuple(notes)), merged


def load(rules: str | Path = "ruian", variants=()) -> RuleSet:
    """Load built-in rules by name, a file by path, or ``NAME+VARIANT+...``; apply variants."""
    return load_with_origins(rules, variants)[0]


def located(problem: Problem) -> Problem:
    """``problem`` at the line of the rules key it starts with (``scoring.value, record 12:
    ...``), when it has no place yet and a rule set loaded here set that key."""
    if problem.mark is not None or problem.path:
        return problem
    m = re.match(r"(scoring(?:\.[A-Za-z_]+|\[\d+\])+)", problem.message)
    if not m:
        return problem
    path = tuple(int(p) if p.isdigit() else p for p in re.findall(r"[A-Za-z_]+|\d+", m.group(1)))
    for src in _LOADED:
        if path in src.values:
            rest = problem.message[m.end():].lstrip(",: ")
            return Problem(src.values[path], m.group(1), rest)
    return problem
