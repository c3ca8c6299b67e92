"""Reading back what run, compare, session and sweep wrote: strict JSON of the
documented shape, or one line saying what is wrong with the file."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import UserError

SCHEMAS = {"summary.json": "summary", "comparison.json": "comparison", "sweep.json": "sweep"}
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
    """The content of ``path`` (summary.json, comparison.json, session.json, sweep.json)."""
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
    return unnull(data)


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
