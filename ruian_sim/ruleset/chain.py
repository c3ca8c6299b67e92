"""`extends:` chains and the composition of rules with variants."""

from __future__ import annotations

from pathlib import Path

from ..errors import Mark, Problem, UserError, display_path, dotted
from .locate import looks_like_path, resolve
from .merge import merge, root_source
from .source import Source, read_source


def chain(file: Path) -> list[Source]:
    """The layers of ``file``, root first: [ruian, four-winds-draw, my-file].

    ``extends:`` takes what ``--rules`` takes - a name, a path, ``ruian+flowers``
    - or a list of those; each parent's own chain is applied once, in order.
    """
    layers: list[Source] = []
    _collect(file, [], None, layers)
    return layers


def _collect(file: Path, stack: list[Path], ext_mark, layers: list[Source]) -> None:
    if file in stack:
        cycle = " → ".join(display_path(str(p)) for p in stack + [file])
        raise UserError([Problem(ext_mark, "extends", f"extends cycle: {cycle}")])
    if any(Path(layer.file) == file for layer in layers):
        return
    src = read_source(file)
    for ref, mark in parents(src):
        _collect(resolve(ref, file.parent, mark), stack + [file], mark, layers)
    layers.append(src)


def parents(src: Source) -> list[tuple[str, object]]:
    """The references in ``src``'s ``extends:``, each with its mark, in order."""
    value = src.data.get("extends")
    if value is None:
        return []
    items = [(value, ("extends",))] if isinstance(value, str) else (
        [(v, ("extends", i)) for i, v in enumerate(value)] if isinstance(value, list) else [(value, ("extends",))])
    out = []
    base = Path(src.file).parent
    for ref, path in items:
        mark = src.values.get(path)
        if not isinstance(ref, str) or not ref.strip():
            raise UserError([Problem(mark, dotted(path),
                                     "extends must be a rule name (ruian, ruian+flowers), a relative path, "
                                     "or a list of those")])
        ref = ref.strip()
        whole_file = looks_like_path(ref) and (base / ref).is_file()
        out += [(ref, mark)] if whole_file else [(part.strip(), mark) for part in ref.split("+")]
    if not items:
        raise UserError([Problem(src.values.get(("extends",)), "extends",
                                 "an empty list extends nothing; name the rules, e.g. extends: ruian")])
    if any(not ref for ref, _ in out):
        raise UserError([Problem(src.values.get(("extends",)), "extends", f"empty name in {value!r}")])
    return out


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
            base = display_path(str(applied[0])) if looks_like_path(rules) else rules
            if len(v_layers) == 1:
                raise UserError([Problem(Mark(str(v_file), 1, 1), "extends",
                                         f"a variant needs `extends: {base}` (the rules it changes) "
                                         f"as its first line; this file has no extends")])
            raise UserError([Problem(None, "--variant",
                                     f"variant {v!r} is built on {display_path(str(v_files[0]))}, "
                                     f"which is not part of the rules it is applied to ({base}); "
                                     f"give it `extends: {base}` or apply it to the rules it extends")])
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
