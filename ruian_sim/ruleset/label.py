"""A rule set named as a person would know it in a message: its name when that is what the
name loads (``ruian``, ``ruian+flowers``); the file it came from when it is a user's file;
and for a mapping changed after loading (a sweep's point, a solve's evaluation) the name
and what differs (``ruian with dealer.streak_cap=1``), so a message about a changed rule
set does not call it by the base game's name."""

from __future__ import annotations

import json

from .locate import builtin_names, is_builtin
from .model import META_KEYS, RuleSet, content_hash

SHOWN = 3   # differences named; the rest counted


def _named(name: str) -> dict | None:
    """The merged mapping a built-in name or NAME+VARIANT spec loads, or None."""
    from .chain import compose

    known = builtin_names()
    head, *more = name.split("+")
    if head not in known["rules"] or any(v not in known["variants"] for v in more):
        return None
    return compose(name)[0].data


def _differences(base, data, path: str = "") -> list[str]:
    if isinstance(base, dict) and isinstance(data, dict):
        out = []
        for k in list(base) + [k for k in data if k not in base]:
            if not path and k in META_KEYS:
                continue
            out += _differences(base.get(k), data.get(k), f"{path}.{k}" if path else str(k))
        return out
    if base == data:
        return []
    if _named_list(base) and _named_list(data):   # scoring.items: an entry by its name, as --param writes it
        return _differences({e["name"]: e for e in base}, {e["name"]: e for e in data}, path)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return [f"{path}={text if len(text) <= 24 else text[:23] + '…'}" if data is not None else f"{path} removed"]


def _named_list(x) -> bool:
    return isinstance(x, list) and bool(x) and all(isinstance(e, dict) and "name" in e for e in x)


def label(rules: RuleSet) -> str:
    """``rules`` as a message names it (see the module's text)."""
    if rules.files:
        last = rules.files[-1]
        return rules.name if is_builtin(last) else f"{rules.name} ({last})"
    base = _named(rules.name)
    if base is None:
        return f"{rules.name} (rules {rules.hash})"
    if content_hash(base) == rules.hash:
        return rules.name
    diff = _differences(base, rules.as_dict())
    more = f" and {len(diff) - SHOWN} more" if len(diff) > SHOWN else ""
    return f"{rules.name} with {', '.join(diff[:SHOWN])}{more}" if diff else f"{rules.name} (rules {rules.hash})"
