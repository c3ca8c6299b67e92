"""YAML read within bounds: a file of hostile size or shape gets a located error, not a hang.

PyYAML's composer recurses once per level of nesting (a RecursionError past
about 300 levels) and its aliases are shared nodes that a plain walk copies
again at every use (408 bytes of nested aliases expand to 10^7 values).  So
the node tree is composed here from the parser's event stream, without
recursion and with a depth limit, and the walk that turns nodes into data
(source.py) counts what aliases add.  libyaml parses when it is there (20,000
keys in 0.1 s instead of 0.7 s); a file it refuses is parsed again by
PyYAML's own parser, whose messages the syntax hints know.
"""

from __future__ import annotations

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

MAX_BYTES = 1 << 20          # a rule file: the built-in ones are ~10 kB
MAX_DEPTH = 100              # levels of nesting (the built-in files use 5)
MAX_ALIAS_VALUES = 10_000    # values that aliases may add beyond those written out

_FAST = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None


class Bound(Exception):
    """A limit passed: where (a yaml Mark) and what."""

    def __init__(self, mark, message: str):
        super().__init__(message)
        self.mark, self.message = mark, message


def compose(text: str) -> tuple[yaml.Node | None, int]:
    """The root node of ``text`` (None when empty) and how many nodes it has.
    Raises yaml.YAMLError for a syntax error (PyYAML's message) and Bound for a limit."""
    if _FAST is not None:
        try:
            return _compose(_FAST(text))
        except yaml.YAMLError:
            pass  # for PyYAML's wording of the problem, and its marks with the line shown
    return _compose(yaml.SafeLoader(text))


def _compose(parser) -> tuple[yaml.Node | None, int]:
    resolver = yaml.resolver.Resolver()
    anchors: dict[str, yaml.Node] = {}
    stack: list[list] = []      # [collection node, a mapping's key waiting for its value]
    root = None
    nodes = documents = 0
    try:
        while parser.check_event():
            ev = parser.get_event()
            if isinstance(ev, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise Bound(ev.start_mark, "a rule file is one YAML document; remove the second '---' "
                                               "and what follows, or put it in a file of its own")
                continue
            if isinstance(ev, (SequenceEndEvent, MappingEndEvent)):
                node = stack.pop()[0]
                node.end_mark = ev.end_mark
            elif isinstance(ev, AliasEvent):
                if ev.anchor not in anchors:
                    raise Bound(ev.start_mark, f"the alias *{ev.anchor} names no anchor &{ev.anchor} above it")
                node = anchors[ev.anchor]
            elif isinstance(ev, ScalarEvent):
                tag = ev.tag if ev.tag not in (None, "!") else resolver.resolve(ScalarNode, ev.value, ev.implicit)
                node = ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, style=ev.style)
                nodes += 1
                if ev.anchor is not None:
                    anchors[ev.anchor] = node
            elif isinstance(ev, (SequenceStartEvent, MappingStartEvent)):
                if len(stack) >= MAX_DEPTH:
                    raise Bound(ev.start_mark, f"nested more than {MAX_DEPTH} levels deep; a rule file "
                                               f"needs a handful")
                kind = SequenceNode if isinstance(ev, SequenceStartEvent) else MappingNode
                tag = ev.tag if ev.tag not in (None, "!") else resolver.resolve(kind, None, ev.implicit)
                node = kind(tag, [], ev.start_mark, None, flow_style=ev.flow_style)
                nodes += 1
                if ev.anchor is not None:
                    anchors[ev.anchor] = node
                stack.append([node, None])
                continue
            else:
                continue  # stream and document boundaries
            if not stack:
                root = node
                continue
            top = stack[-1]
            parent = top[0]
            if isinstance(parent, SequenceNode):
                parent.value.append(node)
            elif top[1] is None:
                top[1] = node
            else:
                parent.value.append((top[1], node))
                top[1] = None
    finally:
        dispose = getattr(parser, "dispose", None)
        if dispose:
            dispose()
    return root, nodes


def reader_mark(text: str, position: int) -> tuple[int, int]:
    """1-based (line, column) of a character position in ``text``."""
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1
