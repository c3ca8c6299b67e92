"""The first stage of validation: a merged rule set against the JSON Schema
(rules/schema.json), each problem put at the line of the value that caused it
and said in the words of a YAML file (jsonschema's own messages name Python
types and schema keywords).  ``Where``, which finds those lines, is here too,
since the schema stage needs it first; the semantic checks in validate.py use it
to blame the value the user set.  Apart from validate.py so that each module
holds one stage."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from functools import lru_cache

import jsonschema

from ..errors import Mark, Problem, dotted
from .locate import schema_path
from .source import Source
from .timing import nonfinite_problems


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(schema_path().read_text(encoding="utf-8"))


def _is_integer(checker, instance) -> bool:
    """JSON Schema counts 4.0 as an integer (a number with no fraction); the
    rules are read as Python values, and a float where the engine wants a count
    fails later in play (players: 4.0 was a TypeError).  Only a whole number written
    as one (4) is an integer here."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    return _Validator(schema())


class Where:
    """Marks for key paths of a merged source, falling back to the nearest parent."""

    def __init__(self, src: Source, files: list[str] | None = None):
        self.src = src
        self.files = files or [src.file]

    def value(self, path: tuple) -> Mark:
        """Where ``path`` was set, or deleted by a null; else its nearest parent."""
        while path:
            if path in self.src.values:
                return self.src.values[path]
            if path in self.src.deleted:
                return self.src.deleted[path].mark
            path = path[:-1]
        return self.src.values.get((), Mark(self.src.file, 1, 1))

    def key(self, path: tuple) -> Mark:
        return self.src.keys.get(path) or self.value(path)

    def latest(self, *paths: tuple) -> tuple[tuple, Mark]:
        """Of several values that disagree, the one set by the last file applied
        (most likely the one the user just changed)."""
        order = {f: i for i, f in enumerate(self.files)}
        marks = [(p, self.value(p)) for p in paths]
        return max(marks, key=lambda pm: (order.get(pm[1].file, -1), -paths.index(pm[0])))

    def blame(self, paths: tuple[tuple, ...], message: str, cite: tuple[tuple, ...] | None = None) -> Problem:
        """A problem about values that disagree, put on the one set last (the
        user's own), naming the values it conflicts with that other files set:
        ``... (table.seats is 4 at rules/ruian.yaml:20:10)``.  ``cite`` narrows
        those to the ones worth naming; all of ``paths`` by default."""
        path, mark = self.latest(*paths)
        notes = []
        for p in paths if cite is None else cite:
            m = self.src.values.get(p)
            if p == path or m is None or m.file == mark.file:
                continue
            notes.append(f"{dotted(p)} is {_plain(_get(self.src.data, p))} at {m}")
        return Problem(mark, dotted(path), message + (f" ({'; '.join(notes)})" if notes else ""))


def _get(data, path: tuple):
    for part in path:
        data = data[part]
    return data


def _plain(value) -> str:
    """A value as the user would write it in YAML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(map(_plain, value)) + "]"
    if isinstance(value, dict):
        return "{...}"
    return str(value)


def _type_name(value) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string",
            list: "list", dict: "mapping"}.get(type(value), type(value).__name__)


def _number_hint(value) -> str:
    """YAML 1.1 reads 1e308 (no dot) as text: say how to write it as a number;
    a whole number written with a dot (4.0) is not a count: say to drop it."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 63:
        return f"; write {int(value)} (a whole number, without the dot)"
    if isinstance(value, str):
        try:
            x = float(value)
        except ValueError:
            return ""
        return f"; YAML reads {value} as text: write it with a dot, e.g. {x:.1e}" if "e" in value.lower() else ""
    return ""


def _schema_problem(err: jsonschema.ValidationError, where: Where) -> Iterator[Problem]:
    path = tuple(err.absolute_path)
    v, inst, sch = err.validator, err.instance, err.schema
    if v == "additionalProperties":
        allowed = sorted(sch.get("properties", {}))
        unknown = [key for key in inst if key not in allowed]
        for n, key in enumerate(unknown):
            if n == MAX_UNKNOWN_KEYS:
                yield Problem(where.key(path + (key,)), dotted(path + (key,)),
                              f"... and {len(unknown) - n:,} more unknown keys from here on "
                              f"(allowed: {', '.join(allowed)})")
                return
            hint = difflib.get_close_matches(str(key), allowed, n=1)
            msg = f"unknown key {key!r}"
            instead = _not_a_condition(path, key)
            if instead:
                msg += f": {instead}"
            else:
                msg += f"; did you mean {hint[0]!r}?" if hint else f" (allowed: {', '.join(allowed)})"
            yield Problem(where.key(path + (key,)), dotted(path + (key,)), msg)
        return
    if v == "required":
        for key in err.validator_value:
            if isinstance(inst, dict) and key not in inst:
                gone = where.src.deleted.get(path + (key,))
                if gone is None:
                    yield Problem(where.value(path), dotted(path + (key,)), "missing required key")
                    continue
                choices = sch.get("properties", {}).get(key, {}).get("enum")
                instead = f"one of: {', '.join(map(_plain, choices))}" if choices else "a value"
                was = ""
                if gone.was:
                    was = (f" (set at {gone.was})" if isinstance(gone.value, dict)
                           else f" ({gone.was} sets it to {_plain(gone.value)})")
                yield Problem(gone.mark, dotted(path + (key,)),
                              f"null cannot delete a required key; give it {instead}{was}")
        return
    mark = where.value(path)
    if v == "type":
        msg = f"expected {err.validator_value}, got {_type_name(inst)} {inst!r}" + _number_hint(inst)
    elif v == "enum":
        choices = ", ".join(map(str, err.validator_value))
        hint = difflib.get_close_matches(str(inst), [str(c) for c in err.validator_value], n=1)
        msg = f"{inst!r} is not one of: {choices}" + (f"; did you mean {hint[0]!r}?" if hint else "")
    elif v == "minimum":
        msg = f"must be at least {err.validator_value} (got {inst!r})"
    elif v == "maximum":
        msg = f"must be at most {err.validator_value} (got {inst!r})"
    elif v == "pattern":
        msg = f"{inst!r} is not valid here: {sch.get('x-allowed') or sch.get('description', 'bad format')}"
    elif v == "uniqueItems":
        msg = "items must not repeat"
    elif v in ("minItems", "maxItems"):
        msg = f"needs {'at least' if v == 'minItems' else 'at most'} {err.validator_value} items (got {len(inst)})"
    elif v == "minLength":
        msg = "must not be empty"
    else:
        msg = err.message
    yield Problem(mark, dotted(path), msg)


def _not_a_condition(path: tuple, key) -> str | None:
    """What to write instead of a known non-fact in an item's ``when`` (scoring/facts.py knows them)."""
    if len(path) == 4 and path[:2] == ("scoring", "items") and path[3] == "when":
        from ..scoring.facts import not_a_fact

        return not_a_fact(key)
    return None


MAX_UNKNOWN_KEYS = 20   # named one by one; more are counted (a file of 20,000 stray keys is one mistake)
MAX_PROBLEMS = 100      # lines a file's problems take at most


def schema_problems(src: Source) -> list[Problem]:
    where = Where(src)
    out: list[Problem] = []
    for err in _validator().iter_errors(src.data):
        out.extend(_schema_problem(err, where))
    return sorted(set(out), key=lambda p: (p.mark or Mark("", 0, 0), p.path))


def section_problems(src: Source, section: str) -> list[Problem]:
    """Problems of one section given in a file of its own (``--timing FILE``): the
    schema of that section (nothing in it required) and its numbers, each at its line."""
    sub = dict(schema()["properties"][section], required=[])
    v = _Validator({"type": "object", "properties": {section: sub}})
    where = Where(src)
    data = {section: src.data[section]}
    out = [p for err in v.iter_errors(data) for p in _schema_problem(err, where)]
    out = out or list(nonfinite_problems(data, where.value))
    return sorted(set(out), key=lambda p: (p.mark or Mark("", 0, 0), p.path))
