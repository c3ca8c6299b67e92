"""Numbers a rule file's figures can take: finite everywhere, and the table clock's
times (`timing:`, read by `session` only) within a day per action.

A schema "number" lets .nan and .inf through (NaN is neither below a minimum nor
above a maximum), and a session of NaN minutes, or of hands that take no time,
never ends."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from ..errors import Mark, Problem, dotted

MAX_SECONDS = 86_400   # one action: a day (1e308 s would overflow the clock)


def nonfinite_problems(data, mark_of: Callable[[tuple], Mark | None], path: tuple = ()) -> Iterator[Problem]:
    """Every .nan, .inf or -.inf in ``data``, at the mark of its value."""
    stack = [(path, data)]
    while stack:
        p, v = stack.pop()
        if isinstance(v, dict):
            stack.extend((p + (k,), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((p + (i,), x) for i, x in enumerate(v))
        elif isinstance(v, float) and not math.isfinite(v):
            yield Problem(mark_of(p), dotted(p), f"must be a finite number (got {_yaml(v)})")


def _yaml(v: float) -> str:
    return ".nan" if math.isnan(v) else (".inf" if v > 0 else "-.inf")


def timing_problems(timing: dict, mark_of: Callable[[tuple], Mark | None],
                    path: tuple = ("timing",)) -> list[Problem]:
    """Times past MAX_SECONDS or a spread past 10 (non-finite ones: nonfinite_problems)."""
    out = []
    for action, spec in timing.items():
        if not isinstance(spec, dict):
            continue
        for key, v in spec.items():
            if key == "sigma" and isinstance(v, (int, float)) and not isinstance(v, bool) and v > 10:
                out.append(Problem(mark_of(path + (action, key)), dotted(path + (action, key)),
                                   f"a lognormal sigma above 10 (got {v}) makes times of e^10 × the median "
                                   f"and more; at most 10"))
            elif key != "dist" and isinstance(v, (int, float)) and not isinstance(v, bool) \
                    and math.isfinite(v) and v > MAX_SECONDS:
                out.append(Problem(mark_of(path + (action, key)), dotted(path + (action, key)),
                                   f"at most {MAX_SECONDS:,} seconds (a day) per action (got {v:g})"))
    return out
