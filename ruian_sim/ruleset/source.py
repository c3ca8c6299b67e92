"""Reading one YAML rule file with the position of every key and value.

The result keeps plain Python data (dicts, lists, scalars) beside a map from
key path to marks, so that any later problem - a schema error after three
files were merged, say - can point into the file and line that set the value.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..errors import Mark, Problem, UserError, dotted
from .bounded import MAX_ALIAS_VALUES, MAX_BYTES, MAX_DEPTH, Bound, compose, reader_mark

Path_ = tuple  # a key path: ("wall", "stacks_per_side") or ("claims", "priority", 2)


@dataclass(frozen=True)
class Deletion:
    """A ``null`` in a later file that removed a value an earlier file set."""

    mark: Mark  # the null
    was: Mark | None  # the value it removed
    value: object


@dataclass
class Source:
    """One file's data and marks.  ``keys[path]`` marks the key, ``values[path]`` the value,
    ``deleted[path]`` the null that removed a value (merged sources only)."""

    file: str
    data: dict
    keys: dict[Path_, Mark] = field(default_factory=dict)
    values: dict[Path_, Mark] = field(default_factory=dict)
    deleted: dict[Path_, Deletion] = field(default_factory=dict)


def _mark(file: str, m) -> Mark:
    return Mark(file, m.line + 1, m.column + 1)


class _TooMany(Exception):
    """Aliases expanded past the limit; the mark of the node being copied."""


class _Builder:
    def __init__(self, file: str, nodes: int = 0):
        self.file = file
        self.keys: dict[Path_, Mark] = {}
        self.values: dict[Path_, Mark] = {}
        self.problems: list[Problem] = []
        self._scalar = yaml.constructor.SafeConstructor()
        # every node is built once where it is written; visits beyond that are alias copies
        self._budget = nodes + MAX_ALIAS_VALUES

    def build(self, node, path: Path_):
        # Recursion is bounded: the composer refused nesting past MAX_DEPTH, and
        # aliases (which can nest deeper, or loop) are stopped at the same depth.
        self._budget -= 1
        if self._budget < 0:
            raise _TooMany(node)
        if len(path) > MAX_DEPTH:
            raise Bound(node.start_mark, f"aliases nest more than {MAX_DEPTH} levels deep "
                                         f"(an alias inside its own anchor?)")
        self.values[path] = _mark(self.file, node.start_mark)
        if isinstance(node, yaml.MappingNode):
            self._tag(node, path, "tag:yaml.org,2002:map")
            out: dict = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problems.append(Problem(_mark(self.file, key_node.start_mark), dotted(path),
                                                 "keys must be plain names"))
                    continue
                key = key_node.value
                sub = path + (key,)
                if key in out:
                    first = self.keys[sub]
                    self.problems.append(Problem(_mark(self.file, key_node.start_mark), dotted(sub),
                                                 f"duplicate key (first set at line {first.line})"))
                    continue
                self.keys[sub] = _mark(self.file, key_node.start_mark)
                out[key] = self.build(value_node, sub)
            return out
        if isinstance(node, yaml.SequenceNode):
            self._tag(node, path, "tag:yaml.org,2002:seq")
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if node.tag not in self._scalar.yaml_constructors:
            return self._tag(node, path, "tag:yaml.org,2002:str")
        try:
            return self._scalar.construct_object(node)
        except yaml.MarkedYAMLError as exc:
            self.problems.append(Problem(_mark(self.file, node.start_mark), dotted(path),
                                         exc.problem or exc.context or "not a valid value"))
        except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
            self.problems.append(Problem(_mark(self.file, node.start_mark), dotted(path),
                                         f"{node.tag.replace('tag:yaml.org,2002:', '!!')} {node.value!r}: {exc}"))
        return None

    def _tag(self, node, path: Path_, plain: str) -> None:
        """Only YAML's own tags: a rule file is plain data (``!foo`` is a mistake)."""
        if node.tag != plain and node.tag not in self._scalar.yaml_constructors:
            self.problems.append(Problem(_mark(self.file, node.start_mark), dotted(path),
                                         f"unknown tag {node.tag!r}: a rule file holds plain values "
                                         f"(remove the tag)"))
        return None


def read_source(file: str | Path) -> Source:
    """Parse ``file``; raise UserError with located problems on any YAML mistake."""
    file = str(file)
    try:
        with open(file, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)   # never more: /dev/zero and 50 MB files end here
        if len(raw) > MAX_BYTES:
            size = os.path.getsize(file)
            raise UserError([Problem(Mark(file, 1, 1), "", f"{f'{size:,} bytes' if size > MAX_BYTES else 'too long'}"
                                     f": a rule file is at most {MAX_BYTES:,} bytes (1 MiB)")])
        # universal newlines, as text-mode reading gives
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except FileNotFoundError:
        raise UserError([Problem(None, "", f"{file}: no such file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError([Problem(None, "", f"{file}: cannot read: {exc}")]) from None
    return parse_source(text, file)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _line_above(lines: list[str], n: int) -> int | None:
    """The 0-based number of the last line with content above line ``n``."""
    for i in range(n - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _syntax_hint(text: str, exc: yaml.MarkedYAMLError) -> str:
    """A plain-words reading of PyYAML's parser message, for the usual mistakes."""
    lines = text.splitlines()
    problem = exc.problem or ""
    at = exc.problem_mark.line if exc.problem_mark else 0
    opened = exc.context_mark.line + 1 if exc.context_mark else None
    if "'\\t'" in problem or "\t" in problem:
        return "indent with spaces, not tabs"
    if problem.startswith("mapping values are not allowed"):
        above = _line_above(lines, at)
        if at < len(lines) and above is not None and _indent(lines[at]) > _indent(lines[above]):
            return (f"check the indentation: line {at + 1} is indented more than line {above + 1}, "
                    f"and a key must line up with the keys above it")
        return "a value that contains ': ' must be quoted, e.g. title: \"a: b\""
    if problem.startswith("expected <block end>"):
        return ("check the indentation: a key must line up with the keys above it, "
                "or with the section it belongs to")
    if problem.startswith("could not find expected ':'"):
        return f"line {opened or at + 1} needs ':' after its key (e.g. wall:)"
    if problem.startswith(("expected ',' or ']'", "expected ',' or '}'")) and opened:
        bracket = "[" if "]" in problem else "{"
        return f"the '{bracket}' opened on line {opened} is not closed"
    return ""


def parse_source(text: str, file: str) -> Source:
    try:
        node, nodes = compose(text)
    except yaml.reader.ReaderError as exc:
        line, col = reader_mark(text, exc.position)
        what = f"U+{exc.character:04X}" if isinstance(exc.character, int) else repr(exc.character)
        raise UserError([Problem(Mark(file, line, col), "",
                                 f"a character YAML does not allow ({what}); is this a text file?")]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _mark(file, mark) if mark else Mark(file, 1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        hint = _syntax_hint(text, exc)
        raise UserError([Problem(where, "", f"YAML syntax error: {what}" + (f"; {hint}" if hint else ""))]) from None
    except yaml.YAMLError as exc:
        raise UserError([Problem(Mark(file, 1, 1), "", f"YAML error: {' '.join(str(exc).split())}")]) from None
    except Bound as exc:
        raise UserError([Problem(_mark(file, exc.mark), "", exc.message)]) from None
    if node is None:
        raise UserError([Problem(Mark(file, 1, 1), "", "the file is empty; a rule file is a mapping of keys")])
    if not isinstance(node, yaml.MappingNode):
        raise UserError([Problem(_mark(file, node.start_mark), "",
                                 "a rule file must be a mapping of keys (name: ..., tiles: ...)")])
    builder = _Builder(file, nodes)
    try:
        data = builder.build(node, ())
    except _TooMany as exc:
        raise UserError([Problem(_mark(file, exc.args[0].start_mark), "",
                                 f"aliases expand to more than {MAX_ALIAS_VALUES:,} values beyond those "
                                 f"written out; write the values out instead")]) from None
    except Bound as exc:
        raise UserError([Problem(_mark(file, exc.mark), "", exc.message)]) from None
    if builder.problems:
        raise UserError(builder.problems)
    return Source(file, data, builder.keys, builder.values)
