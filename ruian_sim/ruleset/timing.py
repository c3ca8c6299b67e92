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
# the numbers each distribution reads (session.Duration), and the actions nearly every hand has
NEEDS = {"fixed": ("value",), "uniform": ("low", "high"), "lognormal": ("median", "sigma"),
         "exponential": ("mean",)}
EVERY_HAND = ("shuffle", "dice", "deal", "draw", "discard", "claim_window", "settle")


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
    """Times past MAX_SECONDS or a spread past 10 (non-finite ones: nonfinite_problems),
    and what `session` refuses (session.Duration, timing_of): a distribution without
    its numbers, a uniform whose low is above its high, hands that take no time."""
    out = []
    for action, spec in timing.items():
        if not isinstance(spec, dict):
            continue
        need = NEEDS.get(spec.get("dist"), ())
        missing = [k for k in need if k not in spec]
        if missing:
            # at its dist: the action's mapping may be a built-in file's, merged with the user's
            out.append(Problem(mark_of(path + (action, "dist")), dotted(path + (action,)),
                               f"a {spec['dist']} time needs {' and '.join(missing)}"))
        low, high = spec.get("low"), spec.get("high")
        if spec.get("dist") == "uniform" and _num(low) and _num(high) and low > high:
            out.append(Problem(mark_of(path + (action, "low")), dotted(path + (action, "low")),
                               f"low ({low:g}) is above high ({high:g})"))
        for key, v in spec.items():
            if key == "sigma" and isinstance(v, (int, float)) and not isinstance(v, bool) and v > 10:
                out.append(Problem(mark_of(path + (action, key)), dotted(path + (action, key)),
                                   f"a lognormal sigma above 10 (got {v}) makes times of e^10 × the median "
                                   f"and more; at most 10"))
            elif key != "dist" and isinstance(v, (int, float)) and not isinstance(v, bool) \
                    and math.isfinite(v) and v > MAX_SECONDS:
                out.append(Problem(mark_of(path + (action, key)), dotted(path + (action, key)),
                                   f"at most {MAX_SECONDS:,} seconds (a day) per action (got {v:g})"))
    hand = [timing.get(a) for a in EVERY_HAND]
    if all(isinstance(t, dict) for t in hand) and not out and all(_mean(t) == 0 for t in hand):
        first = EVERY_HAND[0]   # at its number: the action's mapping may be a built-in file's, merged
        out.append(Problem(mark_of(path + (first, NEEDS[timing[first]["dist"]][0])), dotted(path),
                           f"{', '.join(EVERY_HAND)} all take 0 s, so a hand would take no time "
                           f"(a session of --minutes would never end); give one of them a time"))
    return out


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _mean(spec: dict) -> float | None:
    """An action's mean time (as session.Duration.mean), None when it can't be told."""
    keys = NEEDS.get(spec.get("dist"))
    if keys is None or not all(_num(spec.get(k)) for k in keys):
        return None
    if spec["dist"] == "uniform":
        return (spec["low"] + spec["high"]) / 2
    if spec["dist"] == "lognormal":
        return spec["median"] * math.exp(min(spec["sigma"], 10) ** 2 / 2)
    return spec[keys[0]]
