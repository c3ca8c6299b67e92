"""Values a rule key gives a meaning of their own rather than their size: the schema marks
them with ``x-off`` (``dealer.streak_cap: 0`` is no cap, not a cap below 1).  A sweep shows
such a value by its meaning and keeps it off the numeric axis of its charts.

    >>> off_values("dealer.streak_cap")
    {0: 'no cap'}
"""

from __future__ import annotations

from .validate_schema import schema


def _node(path: str) -> dict | None:
    """The schema of the value at a dotted rule path (as --param writes it: an entry of a list
    of named maps by its name or its index), or None where the schema has none."""
    root = schema()
    node = root
    parts = path.split(".")
    i = 0
    while i < len(parts):
        if "$ref" in node:
            node = root["$defs"][node["$ref"].rsplit("/", 1)[1]]
            continue
        if node.get("type") == "array" or "items" in node:
            node, i = node.get("items") or {}, i + 1   # the entry's name or index
            continue
        props = node.get("properties") or {}
        if parts[i] not in props:
            return None
        node, i = props[parts[i]], i + 1
    return node


def off_values(path: str) -> dict:
    """{value: what it means} for the values the schema marks as special at ``path``."""
    node = _node(path) or {}
    mark = node.get("x-off")
    marks = mark if isinstance(mark, list) else [mark] if mark else []
    return {m["value"]: m["label"] for m in marks}


def meaning(off: dict, value) -> str | None:
    """What ``value`` means where the schema marks it special (``off_values``); None for any
    other value, a list-valued parameter's lists among them (they are no keys)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    return off.get(value)
