"""Reading back what run, compare, session, sweep and duel wrote: strict JSON of the
documented shape, or one line saying what is wrong with the file."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import UserError

SCHEMAS = {"summary.json": "summary", "comparison.json": "comparison", "sweep.json": "sweep", "duel.json": "duel"}
# session.json has no schema: the keys the report reads
SESSION_KEYS = ("rules", "seed", "bots", "sessions", "session", "session_minutes", "hands_per_hour",
                "minutes_per_hand", "hands_per_round", "ci95")


@lru_cache(maxsize=None)
def _validator(name: str):
    import jsonschema
    from referencing import Registry, Resource

    def schema(n: str) -> dict:
        text = resources.files("ruian_sim").joinpath(f"schemas/{n}.schema.json").read_text("utf-8")
        return _open(json.loads(text))

    registry = Registry().with_resources(
        (f"https://ruian-sim.invalid/schemas/{n}.schema.json", Resource.from_contents(schema(n)))
        for n in ("summary", "comparison", "duel", "sweep"))
    return jsonschema.Draft202012Validator(schema(name), registry=registry)


def _open(node):
    """The schema with unknown keys allowed: the report reads what it knows and needs every
    key it reads, of its type; a file from another version, or with a label of the user's, is
    still read."""
    if isinstance(node, dict):
        return {k: _open(v) for k, v in node.items() if not (k == "additionalProperties" and v is False)}
    if isinstance(node, list):
        return [_open(v) for v in node]
    return node


def _no_constant(token: str):
    raise ValueError(f"{token} is not a JSON number")


def read_output(path: Path) -> dict:
    """The content of ``path`` (summary.json, comparison.json, session.json, sweep.json, duel.json)."""
    written = "write it again with the command that made it"
    try:
        data = json.loads(path.read_text(encoding="utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a text file; {written}") from None
    except ValueError as exc:
        raise UserError(f"{path}: not strict JSON ({exc}); {written}") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: a {type(data).__name__}, not the mapping ruian-sim writes; {written}")
    if path.name in SCHEMAS:
        err = next(iter(sorted(_validator(SCHEMAS[path.name]).iter_errors(data), key=lambda e: e.path)), None)
        if err is not None:
            where = "/".join(map(str, err.absolute_path)) or "the top level"
            raise UserError(f"{path}: not as ruian-sim writes it (at {where}: {err.message[:160]}); {written}")
    elif path.name == "session.json":
        missing = [k for k in SESSION_KEYS if k not in data]
        if missing:
            raise UserError(f"{path}: not as ruian-sim writes it (no {', '.join(missing)}); {written}")
    data = unnull(data)
    bad = next(outside(data), None)
    if bad:
        where, v, (lo, hi) = bad
        raise UserError(f"{path}: {where} is {v:.6g}, outside its 95% interval [{lo:.6g}, {hi:.6g}]: the "
                        f"file is inconsistent (edited?); {written}")
    return data


# --- every figure within its interval ---------------------------------------------------------

def _num(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _interval(c) -> bool:
    return isinstance(c, list) and len(c) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                       for x in c)


def _check(where: str, v, c):
    """(where, value, interval) when ``v`` is not within ``c``; NaN figures (written as null) pass."""
    if isinstance(v, dict) and "mean" in v:     # a distribution's mean (session_minutes, wins.value)
        v = v["mean"]
    if not (_num(v) and _interval(c) and _num(c[0]) and _num(c[1])):
        return None
    lo, hi = c
    tol = 1e-9 * max(1.0, abs(v), abs(lo), abs(hi))
    return None if lo - tol <= v <= hi + tol else (where, v, (lo, hi))


def _mirror(value, ci, where: str):
    """Pairs of a figure and its interval where ``ci`` has the figure's shape."""
    if _interval(ci):
        bad = _check(where, value, ci)
        if bad:
            yield bad
    elif isinstance(ci, list) and isinstance(value, list):
        for i, (v, c) in enumerate(zip(value, ci)):
            yield from _mirror(v, c, f"{where}[{i}]")
    elif isinstance(ci, dict) and isinstance(value, dict):
        for k, c in ci.items():
            if k in value:
                yield from _mirror(value[k], c, f"{where}.{k}")


def outside(node, where: str = ""):
    """Every figure of a written file that lies outside its own 95% interval: a mapping's
    ``ci95`` mapping mirrors its figures (or those under ``extra``); a metric's ``ci95`` or
    ``unpaired_ci95`` pair holds its ``diff`` (or ``estimate``: a solve's evaluation, whose
    ``value`` is the param's; or ``value``)."""
    if isinstance(node, list):
        for i, v in enumerate(node):
            yield from outside(v, f"{where}[{i}]")
        return
    if not isinstance(node, dict):
        return
    ci = node.get("ci95")
    if isinstance(ci, dict):
        extra = node.get("extra") if isinstance(node.get("extra"), dict) else {}
        for k, c in ci.items():
            if k in node or k in extra:
                yield from _mirror(node[k] if k in node else extra[k], c, f"{where}.{k}".lstrip("."))
    key = next((k for k in ("diff", "estimate", "value") if k in node), None)
    for name in ("ci95", "unpaired_ci95"):
        if key is not None and _interval(node.get(name)):
            bad = _check(f"{where}.{key}".lstrip("."), node[key], node[name])
            if bad:
                yield bad
    for k, v in node.items():
        if k not in ("ci95", "unpaired_ci95", "null_reasons"):
            yield from outside(v, f"{where}.{k}".lstrip("."))


def unnull(data: dict) -> dict:
    """Figures written as null (not finite; the reason under null_reasons) back to NaN, so
    that tables show 'nan' and plots leave them out."""
    for path in (data.get("null_reasons") or {}):
        _restore(data, path.split("."))
    return data


def _restore(node, keys: list[str]) -> None:
    if isinstance(node, list):
        for i, v in enumerate(node):
            if v is None and not keys:
                node[i] = math.nan
            else:
                _restore(v, keys)
        return
    if not isinstance(node, dict) or not keys:
        return
    k, rest = keys[0], keys[1:]
    if k not in node:
        return
    if node[k] is None and not rest:
        node[k] = math.nan
    else:
        _restore(node[k], rest)
