"""`extends:` chains and the composition of rules with variants."""

from __future__ import annotations

from pathlib import Path

from ..errors import Problem, UserError, display_path
from .locate import looks_like_path, resolve
from .merge import merge, root_source
from .source import Source, read_source


def chain(file: Path) -> list[Source]:
    """The layers of ``file``, root first: [ruian, four-winds-draw, my-file]."""
    layers: list[Source] = []
    stack: list[Path] = []
    current: Path | None = file
    ext_mark = None
    while current is not None:
        if current in stack:
            cycle = " → ".join(display_path(str(p)) for p in stack + [current])
            raise UserError([Problem(ext_mark, "extends", f"extends cycle: {cycle}")])
        stack.append(current)
        src = read_source(current)
        layers.append(src)
        parent = src.data.get("extends")
        if parent is None:
            current = None
        elif not isinstance(parent, str) or not parent:
            raise UserError([Problem(src.values.get(("extends",)), "extends",
                                     "extends must be a rule name or a relative path")])
        else:
            ext_mark = src.values.get(("extends",))
            current = resolve(parent, current.parent, ext_mark)
    layers.reverse()
    return layers


def fold(layers: list[Source]) -> Source:
    merged = root_source(layers[0])
    for layer in layers[1:]:
        merged = merge(merged, layer)
    return merged


def compose(rules: str | Path, variants: list[str] | tuple[str, ...] = ()) -> tuple[Source, list[Path], str]:
    """Merge the rules named by ``rules`` with each variant in order.

    ``rules`` may be a built-in name, a file, or ``NAME+VARIANT+...``.  A
    variant's own chain is applied except the layers already applied, so
    ``--rules ruian --variant four-winds-draw`` applies ruian once.  Returns
    the merged source, the files applied, and the display name.
    """
    rules = str(rules)
    variants = list(variants)
    if "+" in rules and not Path(rules).is_file():
        head, *more = rules.split("+")
        rules, variants = head, more + variants
    base_file = resolve(rules, Path.cwd(), None, "--rules")
    layers = chain(base_file)
    applied = [Path(layer.file) for layer in layers]
    name_parts = [_display_name(rules, layers)]
    for v in variants:
        v_file = resolve(v, Path.cwd(), None, "--variant", kind="variant")
        v_layers = chain(v_file)
        v_files = [Path(layer.file) for layer in v_layers]
        if v_files[0] not in applied:
            raise UserError([Problem(None, "--variant",
                                     f"variant {v!r} is built on {display_path(str(v_files[0]))}, "
                                     f"which is not part of the rules it is applied to")])
        for layer, f in zip(v_layers, v_files):
            if f not in applied:
                layers.append(layer)
                applied.append(f)
        name_parts.append(Path(v).stem if looks_like_path(v) else v)
    merged = fold(layers)
    return merged, applied, "+".join(name_parts)


def _display_name(ref: str, layers: list[Source]) -> str:
    own = layers[-1].data.get("name")
    if isinstance(own, str) and own:
        return own
    return Path(ref).stem if looks_like_path(ref) else ref
