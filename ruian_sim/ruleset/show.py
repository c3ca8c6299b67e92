"""Printing a merged rule set back as YAML, optionally with where each value was set."""

from __future__ import annotations

import json

from ..errors import display_path
from .model import dump_yaml
from .source import Source


def show(src: Source, origins: bool = False) -> str:
    if not origins:
        return dump_yaml(src.data)
    lines: list[str] = []
    _emit(src, src.data, (), 0, lines)
    return "\n".join(lines) + "\n"


def _scalar(v) -> str:
    # JSON scalars are valid YAML flow scalars and quote anything ambiguous.
    return json.dumps(v, ensure_ascii=False)


def _origin(src: Source, path: tuple) -> str:
    m = src.values.get(path)
    return f"  # {display_path(m.file)}:{m.line}" if m else ""


def _emit(src: Source, node: dict, path: tuple, depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    for key, value in node.items():
        p = path + (key,)
        if isinstance(value, dict):
            lines.append(f"{pad}{key}:")
            _emit(src, value, p, depth + 1, lines)
        elif isinstance(value, list) and any(isinstance(x, dict) for x in value):
            lines.append(f"{pad}{key}:")
            for i, item in enumerate(value):
                lines.append(f"{pad}  -{_origin(src, p + (i,))}")
                if isinstance(item, dict):
                    _emit(src, item, p + (i,), depth + 2, lines)
                else:
                    lines.append(f"{pad}    {_scalar(item)}")
        else:
            text = _scalar(value) if not isinstance(value, list) else json.dumps(value, ensure_ascii=False)
            lines.append(f"{pad}{key}: {text}{_origin(src, p)}")
