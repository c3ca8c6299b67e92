"""Sweep parameters: ``PATH=VALUES`` parsed, set into a rule mapping (an entry of a list of
named maps found by its ``name``), and checked by the rule file's own validator."""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass

import yaml

from ...errors import UserError
from ...ruleset.model import build
from ...ruleset.source import Source
from ...ruleset.validate import problems

MAX_POINTS = 1000  # points in one sweep (a grid counts its product); each is checked and played or re-scored


def parse_values(text: str) -> list:
    """``[2,4,6,8]``, ``2,4,6,8`` (each a YAML scalar), or a range ``LO:HI[:STEP]`` (HI included)."""
    text = text.strip()
    if not text:
        raise ValueError("no values (give V1,V2,... or LO:HI[:STEP])")
    if text.startswith("["):
        try:
            values = yaml.safe_load(text)
        except yaml.YAMLError:
            raise ValueError(f"{text!r} is not a list like [2,4,6,8]{_lists_hint(text)}") from None
        if not isinstance(values, list) or not values:
            raise ValueError(f"{text!r} is not a list like [2,4,6,8]")
        if len(values) > MAX_POINTS:
            raise ValueError(f"{len(values):,} values; a sweep has at most {MAX_POINTS:,} points")
        return values
    if ":" in text and "," not in text:
        parts = text.split(":")
        try:
            nums = [yaml.safe_load(p) for p in parts]
        except yaml.YAMLError:
            nums = []
        if len(parts) not in (2, 3) or not all(isinstance(n, (int, float)) and not isinstance(n, bool)
                                               for n in nums):
            raise ValueError(f"{text!r}: a range is LO:HI or LO:HI:STEP with numbers, e.g. 0:12 or 1:8:1")
        lo, hi = nums[0], nums[1]
        step = nums[2] if len(nums) == 3 else 1
        if not all(math.isfinite(x) for x in (lo, hi, step)):
            raise ValueError(f"{text!r}: a range has finite ends and step (no .inf or .nan)")
        if step <= 0 or hi < lo:
            raise ValueError(f"{text!r}: a range needs LO ≤ HI and a positive STEP")
        span = (hi - lo) / step   # sized before any value is made
        if span >= MAX_POINTS:
            raise ValueError(f"{text!r}: {math.floor(span) + 1:,} values; a sweep has at most "
                             f"{MAX_POINTS:,} points (a larger STEP, or a narrower range)")
        n = math.floor(span + 1e-9) + 1
        integer = all(isinstance(x, int) for x in (lo, hi, step))
        return [lo + i * step if integer else round(lo + i * step, 12) for i in range(n)]
    parts = text.split(",")
    if len(parts) > MAX_POINTS:
        raise ValueError(f"{len(parts):,} values; a sweep has at most {MAX_POINTS:,} points")
    return [yaml.safe_load(p.strip()) for p in parts]


LISTS_FORM = "each value a list, all in one outer list, e.g. scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]"


def _lists_hint(text: str) -> str:
    """``[1,1],[1,2]`` (lists side by side) means two list values: say how to write them."""
    try:
        whole = yaml.safe_load(f"[{text}]")
    except yaml.YAMLError:
        return ""
    if isinstance(whole, list) and len(whole) > 1 and all(isinstance(v, list) for v in whole):
        return f"; lists side by side go in one outer list: {_show(whole).replace(' ', '')}"
    return ""


def check_list_values(data: dict, param: Param) -> None:
    """A key whose value is a list (``scoring.base.dealer: [1, 2, 3, 4]``) takes lists: a
    scalar given for it is a list written without its outer brackets, said before the
    validator's "expected array"."""
    here = get_value(data, param.path)
    if not isinstance(here, list) or all(isinstance(v, list) for v in param.values):
        return
    flat = [v for v in param.values if not isinstance(v, list)]
    guess = param.values if len(param.values) == len(here) and not any(isinstance(v, list) for v in param.values) \
        else None
    example = f"[{_show(list(guess)).replace(' ', '')},{_show(here).replace(' ', '')}]" if guess else \
        f"[{_show(here).replace(' ', '')},...]"
    raise UserError(f"--param: {param.path}={param.text}: {param.path} is a list ({_show(here).replace(' ', '')} "
                    f"here), so each value is a list; got {_show(flat[0])}. Write "
                    f"{param.path}={example} ({LISTS_FORM.split(', e.g.')[0]}; quote it in the shell)")


def get_value(data: dict, path: str):
    """The value at ``path`` (as set_value finds it), or None where there is none."""
    node = data
    for part in path.split("."):
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list):
            names = _names(node)
            if part in names:
                node = node[names.index(part)]
            elif part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        else:
            return None
    return node


def check_grid(params: list) -> None:
    """Refuse a grid of more than MAX_POINTS points before any point is checked or played."""
    n = math.prod(len(p.values) for p in params)
    if n > MAX_POINTS:
        sizes = " × ".join(f"{len(p.values):,}" for p in params)
        raise UserError(f"--param: {sizes} = {n:,} points; a sweep has at most {MAX_POINTS:,} "
                        f"(fewer values per param)")


@dataclass(frozen=True)
class Param:
    path: str
    values: tuple
    text: str = ""   # the values as written (a range stays a range for --solve)

    @property
    def numeric(self) -> bool:
        return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in self.values)

    @property
    def integer(self) -> bool:
        return all(isinstance(v, int) and not isinstance(v, bool) for v in self.values)


def parse_param(text: str) -> Param:
    path, sep, values = text.partition("=")
    path = path.strip()
    if not sep or not path:
        raise UserError(f"--param: {text!r}: expected PATH=V1,V2,... or PATH=LO:HI[:STEP], "
                        f"e.g. scoring.base.other=1,2,3 or wall.dead_stacks=0:12")
    try:
        vals = parse_values(values)
    except ValueError as exc:
        raise UserError(f"--param: {path}={values.strip()}: {exc}") from None
    return Param(path, tuple(vals), values.strip())


def _names(items: list) -> list[str]:
    return [str(e["name"]) for e in items if isinstance(e, dict) and "name" in e]


def set_value(data: dict, path: str, value) -> dict:
    """A copy of ``data`` with ``path`` set.  A segment may name a map's key, an entry of a list of
    named maps by its ``name`` (``scoring.items.all_pungs.times``), or a list index."""
    out = copy.deepcopy(data)
    parts = path.split(".")
    node = out
    done: list[str] = []
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        where = ".".join(done) or "the rules"
        if isinstance(node, dict):
            if last:
                node[part] = value
                return out
            if part not in node:
                raise UserError(f"--param: {path}: {where} has no key {part!r} "
                                f"(allowed: {', '.join(map(str, node)) or 'none'})")
            nxt = node[part]
            if not isinstance(nxt, (dict, list)):
                raise UserError(f"--param: {path}: {'.'.join(done + [part])} is a value ({nxt!r}), "
                                f"not a section; use --param {'.'.join(done + [part])}=...")
            node = nxt
        elif isinstance(node, list):
            names = _names(node)
            if part in names:
                idx = names.index(part)
            elif part.isdigit() and int(part) < len(node):
                idx = int(part)
            else:
                allowed = ", ".join(names) if names else f"an index 0..{len(node) - 1}"
                raise UserError(f"--param: {path}: {where} has no entry {part!r} (allowed: {allowed})")
            if last:
                node[idx] = value
                return out
            node = node[idx]
            if not isinstance(node, (dict, list)):
                raise UserError(f"--param: {path}: {'.'.join(done + [part])} is a value, not a section")
        done.append(part)
    return out


def check_rules(data: dict, assignment: dict) -> None:
    """The same validation as a rule file; problems say which --param caused them."""
    found = [p for p in problems(Source("--param", data)) if not p.warning]
    if found:
        what = ", ".join(f"{k}={_show(v)}" for k, v in assignment.items())
        raise UserError([f"--param: {what}: {p.path + ': ' if p.path else ''}{p.message}" for p in found])
    build(data)


def _show(v) -> str:
    return json.dumps(v) if not isinstance(v, str) else v
