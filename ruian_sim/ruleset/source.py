"""Reading one YAML rule file with the position of every key and value.

The result keeps plain Python data (dicts, lists, scalars) beside a map from
key path to marks, so that any later problem - a schema error after three
files were merged, say - can point into the file and line that set the value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..errors import Mark, Problem, UserError, dotted

Path_ = tuple  # a key path: ("wall", "stacks_per_side") or ("claims", "priority", 2)


@dataclass
class Source:
    """One file's data and marks.  ``keys[path]`` marks the key, ``values[path]`` the value."""

    file: str
    data: dict
    keys: dict[Path_, Mark] = field(default_factory=dict)
    values: dict[Path_, Mark] = field(default_factory=dict)


def _mark(file: str, m) -> Mark:
    return Mark(file, m.line + 1, m.column + 1)


class _Builder:
    def __init__(self, file: str):
        self.file = file
        self.keys: dict[Path_, Mark] = {}
        self.values: dict[Path_, Mark] = {}
        self.problems: list[Problem] = []
        self._scalar = yaml.constructor.SafeConstructor()

    def build(self, node, path: Path_):
        # Iterative would be overkill: rule files nest a handful of levels.
        self.values[path] = _mark(self.file, node.start_mark)
        if isinstance(node, yaml.MappingNode):
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
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        try:
            return self._scalar.construct_object(node)
        except yaml.YAMLError as exc:
            self.problems.append(Problem(_mark(self.file, node.start_mark), dotted(path), str(exc)))
            return None


def read_source(file: str | Path) -> Source:
    """Parse ``file``; raise UserError with located problems on any YAML mistake."""
    file = str(file)
    try:
        text = Path(file).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError([Problem(None, "", f"{file}: no such file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError([Problem(None, "", f"{file}: cannot read: {exc}")]) from None
    return parse_source(text, file)


def parse_source(text: str, file: str) -> Source:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = _mark(file, mark) if mark else Mark(file, 1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        raise UserError([Problem(where, "", f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        raise UserError([Problem(Mark(file, 1, 1), "", f"YAML error: {exc}")]) from None
    if node is None:
        raise UserError([Problem(Mark(file, 1, 1), "", "the file is empty; a rule file is a mapping of keys")])
    if not isinstance(node, yaml.MappingNode):
        raise UserError([Problem(_mark(file, node.start_mark), "",
                                 "a rule file must be a mapping of keys (name: ..., tiles: ...)")])
    builder = _Builder(file)
    data = builder.build(node, ())
    if builder.problems:
        raise UserError(builder.problems)
    return Source(file, data, builder.keys, builder.values)
