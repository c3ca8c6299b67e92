"""The package's imports point one way: no module of ruian_sim reaches itself
again by following imports.

Every import counts as an edge, at module level and inside functions alike. A
lazy import (inside a function) is how a module keeps its start-up light or
reaches for an optional dependency, and that is fine when it points downward;
one that points back up only hides a circle until the function runs, so it is a
circle here too.  (Counting only module-level imports would have missed the
CLI's old circle: ``cli.py`` reached ``commands.py`` from inside
``build_parser``, and ``commands.py`` imported ``cli.py`` at its top.)

What is not an edge: Python running a package's ``__init__`` before one of its
submodules (``from .options import x`` inside ``ruian_sim.cli`` names
``ruian_sim.cli.options``, not ``ruian_sim.cli``), since every package that
re-exports its submodules would otherwise be a circle.  ``from PKG import
NAME`` is an edge to the module PKG.NAME when there is one, else to PKG."""

import ast
from pathlib import Path

import ruian_sim

ROOT = Path(ruian_sim.__file__).parent


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted name → file, for every module of the package under ``root``."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the package that ``name`` imports, anywhere in its file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _base(name, path, node)
            for a in node.names:
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base)
    return {m for m in found if m in known and m != name}


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(g: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """For each strongly connected group of modules (Tarjan): one circle through it
    (a → b → ... → a) and the group's other modules."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(g):
        if v not in index:
            visit(v)
    out = []
    for group in groups:
        circle = _path_within(g, group)
        out.append((circle, sorted(group - set(circle))))
    return out


def _path_within(g, group) -> list[str]:
    """A shortest circle from the group's first module back to itself, inside the group."""
    start = min(group)
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(g[v] & group):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no circle in {group}")


def test_no_module_imports_itself_around_a_circle():
    g = graph()
    # the walk sees the package: the CLI's top reaches its commands, a command the runner lazily
    assert {"ruian_sim.cli.commands", "ruian_sim.cli.options"} <= g["ruian_sim.cli.main"]
    assert "ruian_sim.runner" in g["ruian_sim.cli.commands.run"]
    found = circles(g)
    assert not found, "import circles:\n" + "\n".join(
        "  " + " → ".join(circle) + (f"  (the circle's group also holds {', '.join(rest)})" if rest else "")
        for circle, rest in found)


def test_the_walker_sees_a_circle_and_both_kinds_of_import(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import f\n")
    (pkg / "a.py").write_text("from .sub import b\n\ndef f():\n    return b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("def g():\n    from ..a import f  # lazy, and upward\n")
    (pkg / "c.py").write_text("import pkg.a\nfrom pkg import sub\n")
    g = graph(pkg)
    assert g == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.sub.b"}, "pkg.sub": set(), "pkg.sub.b": {"pkg.a"},
                 "pkg.c": {"pkg.a", "pkg.sub"}}
    assert circles(g) == [(["pkg.a", "pkg.sub.b", "pkg.a"], [])]
    (pkg / "sub" / "b.py").write_text("def g():\n    import json\n")
    assert circles(graph(pkg)) == []


# The packages in layers, lowest first: a package imports only from layers below
# its own (docs/architecture.md draws the same picture).  Within a package any
# import is allowed as long as no circle forms (the test above).
LAYERS = [
    ("tiles", "errors", "cache", "interrupt", "fields", "student"),   # the ground floor (student: the t distribution)
    ("arguments",),   # the Python API's argument checks (on errors)
    ("jit",),
    ("hand",),        # lookup tables, the win test, shanten
    ("scoring",),     # the scoring language and its compiled evaluator
    ("ruleset",),     # rule files: load, merge, validate (the scoring section by the language)
    ("table",),       # the state bots and game both read
    ("bots",),
    ("engine",),      # the hand loop, matches, the compile step
    ("settle",),      # records to payments
    ("metrics",),     # what each hand adds to each metric
    ("stats",),
    ("session",),
    ("runner",),
    ("report",),
    ("serve",),
    ("cli",),
    ("",),            # ruian_sim/__init__.py: the Python API
]


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_packages_import_only_the_layers_below_them():
    rank = {p: i for i, layer in enumerate(LAYERS) for p in layer}
    g = graph()
    found = {package_of(m) for m in g}
    assert found <= set(rank), f"a package with no layer: {sorted(found - set(rank))}"
    upward = sorted(f"{m} → {t}" for m, targets in g.items() for t in targets
                    if package_of(m) != package_of(t) and rank[package_of(t)] >= rank[package_of(m)])
    assert not upward, "imports that run back up:\n  " + "\n  ".join(upward)
