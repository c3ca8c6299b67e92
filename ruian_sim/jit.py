"""The decorators every compiled kernel uses.

Kernels are compiled without numba's reference counting (``_nrt=False``):
they never allocate, they only work on arrays handed to them.  Reference
counts are atomic operations (about 11 ns each on the 2-core machines this
project runs on) and the engine did tens of thousands of them per hand
before this; the gain is about 2x.  The flag is numba-internal, so it is
asked for here only, and dropped if a numba release refuses it (slower, same
results).  ``NUMBA_DISABLE_JIT=1`` runs the same code as plain Python.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import types
from pathlib import Path

from numba import njit
from numba.core import config

from .cache import cache_dir, guard_kernel_cache

_PKG = Path(__file__).resolve().parent


def source_digest() -> str:
    """A hash of every kernel source: what a compiled build, or anything learned
    by playing (the danger tables), depends on."""
    pkg = _PKG
    digest = hashlib.sha256()
    kernels = [*pkg.glob("hand/*.py"), *pkg.glob("table/*.py"), *pkg.glob("bots/**/*.py"),
               *pkg.glob("engine/*.py"), *pkg.glob("scoring/*.py"), pkg / "jit.py"]
    for path in sorted(kernels):
        digest.update(path.relative_to(pkg).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def _imports(path: Path) -> tuple[Path, ...]:
    """The package's modules that ``path`` imports (relative imports, read
    from its source, in functions too).  Remembered by the file's size and
    time: every kernel of a module asks, and parsing the package again for
    each cost `ruian-sim hand` 20 s a start."""
    try:
        st = path.stat()
    except OSError:
        return ()
    return _parsed_imports(path, st.st_mtime_ns, st.st_size)


_FROM = re.compile(r"^[ \t]*from[ \t]+(\.+)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)", re.M)


@functools.lru_cache(maxsize=1024)
def _parsed_imports(path: Path, mtime_ns: int, size: int) -> tuple[Path, ...]:
    # a line scan, not ast.parse: a third of a second less for every start
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return ()
    out = []
    for dots, module, names in _FROM.findall(text):
        base = path.parent
        for _ in range(len(dots) - 1):
            base = base.parent
        found = []
        if module:
            base = base.joinpath(*module.split("."))
            found = [base.with_suffix(".py"), base / "__init__.py"]
        # `from . import layout`, `from ..bots import dispatch`: each name a module of the
        # package, or a name of its __init__
        for name in names.strip("()").replace("\n", " ").split(","):
            name = name.split()[0] if name.split() else ""
            if name and (base / f"{name}.py").is_file():
                found.append(base / f"{name}.py")
            elif name and (base / name / "__init__.py").is_file():
                found.append(base / name / "__init__.py")
            elif name and not module:
                found.append(base / "__init__.py")
        out += [f for f in found if f.is_file()]
    return tuple(out)


def closure_digest(path: str | Path) -> str:
    """A hash of a module and of every package module it imports, through
    all their imports: what a build of its kernels depends on (a caller's
    build holds its callees' code; a callee's does not hold its callers')."""
    start = Path(path).resolve()
    root = start.parent
    while (root.parent / "__init__.py").is_file():
        root = root.parent   # the top package: names are relative to it, wherever it is installed
    seen = {start}
    todo = [start]
    while todo:
        for f in _imports(todo.pop()):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return _digest(root, tuple((f, *_stamp(f)) for f in sorted(seen)))


def _stamp(f: Path) -> tuple[int, int]:
    st = f.stat()
    return st.st_mtime_ns, st.st_size


@functools.lru_cache(maxsize=1024)
def _digest(root: Path, files: tuple) -> str:
    """The hash of these files (each with its time and size, so an edit is
    a new key): a module's kernels share one."""
    digest = hashlib.sha256()
    for f, *_ in files:
        digest.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:16]


def _kernel_cache() -> str | None:
    """numba's cache root.  Each module's builds go to a folder named by the
    hash of the module and everything it imports (closure_digest): numba
    checks only a function's own file when it reuses a build, so a change in
    a module it calls must change the folder, and a change anywhere else need
    not (a change in the smart bot does not recompile the win test).  The
    folder is named by the module's place in the package, not its path on
    disk, so a checkout and its installed copy share builds.  NUMBA_CACHE_DIR,
    when set, wins."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    return str(cache_dir() / "numba")


def _locate_by_package() -> None:
    """Put each module's builds at ``_dir/<closure digest>/<its folder in the package>``."""
    from numba.core import caching

    class PackageCacheLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            rel = Path(py_file).resolve().relative_to(_PKG)
            self._cache_path = os.path.join(_dir, closure_digest(py_file), *rel.parent.parts)

        @classmethod
        def from_function(cls, py_func, py_file):
            try:
                Path(py_file).resolve().relative_to(_PKG)
            except (ValueError, OSError):
                return None   # not ours: numba's own locators decide
            return super().from_function(py_func, py_file)

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if impl is None or not hasattr(impl, "_locator_classes"):
        return   # numba's internals moved: its own locators (a compile per install path) still work
    if not any(c.__name__ == "PackageCacheLocator" for c in impl._locator_classes):
        impl._locator_classes = [PackageCacheLocator, *impl._locator_classes]


def _optimise_at_the_entry() -> None:
    """Optimise each kernel's whole program once, where Python calls it.

    numba links into every kernel the optimised code of all it calls and runs
    LLVM's full module pipeline over the lot, so a kernel deep in the engine was
    optimised again in every kernel above it: 70 of a cold start's 230 s.  A
    kernel compiled because another kernel calls it (a compile inside a compile)
    gets the cheap pipeline here; the one a Python call compiles (play_matches,
    the scorer, `hand`'s kernels) runs the full pipeline over everything it
    links, once.  Measured on `ruian` (2-core machine, one run each side by
    side): first match 238 -> 167 s; smart 1.10x, greedy 1.01x, random 0.96x
    the hands per second of the full pipeline at every level.  numba-internal:
    if a release moves it, kernels are optimised at every level as before."""
    from numba.core import codegen, event

    lib = getattr(codegen, "CPUCodeLibrary", None)
    full = getattr(lib, "_optimize_final_module", None)
    if full is None:
        return
    depth = [0]   # compiles under way: a kernel's compile starts its callees' inside it

    class Depth(event.Listener):
        def on_start(self, ev):
            depth[0] += 1

        def on_end(self, ev):
            depth[0] -= 1

    def optimise(self):
        if depth[0] <= 1:
            return full(self)
        try:
            pm, pb = self._codegen._module_pass_manager(
                loop_vectorize=self._codegen._loopvect, slp_vectorize=False,
                opt=self._codegen._opt_level, cost="cheap")
        except (AttributeError, TypeError):   # numba's internals moved: the full pipeline, as before
            return full(self)
        pm.run(self._final_module, pb)

    event.register("numba:compile", Depth())
    lib._optimize_final_module = optimise


_dir = _kernel_cache()
if _dir:
    config.CACHE_DIR = _dir
    _locate_by_package()
guard_kernel_cache()  # a damaged cache file is compiled again, not an UnpicklingError
_optimise_at_the_entry()

def _no_refcounts() -> dict:
    """The flag that compiles without reference counts, where this numba has
    it.  Asked of numba's target options rather than by compiling a probe,
    which cost every start half a second (`ruian-sim hand` among them)."""
    try:
        from numba.core.cpu import CPUTargetOptions

        return {"_nrt": False} if hasattr(CPUTargetOptions, "_nrt") else {}
    except ImportError:   # numba's internals moved: compile with reference counts (slower, same results)
        return {}


_NO_RC = _no_refcounts()


def kernel(fn):
    """A compiled, cached kernel that neither allocates nor counts references.
    Called from another kernel, it is compiled for the argument types without
    their constant values (see _plain_call_template)."""
    dispatcher = njit(cache=True, **_NO_RC)(fn)
    dispatcher.get_call_template = types.MethodType(_plain_call_template, dispatcher)
    return dispatcher


# Called with a kernel's dispatcher before another kernel's typing asks for it
# (engine/prewarm.py waits there for a kernel its helper process is compiling).
before_call = None


def _plain_call_template(self, args, kws):
    """numba compiles a kernel called from another kernel once per distinct
    constant among its arguments (``group_distance(..., False, buf, MODE_TABLE)``
    is typed with Literal[bool](False) and Literal[int](0)): the engine's first
    compile built 257 specialisations of 119 kernels, group_distance and
    load_row ten times each.  Each is asked for with plain types first (int64,
    bool), as numba itself does for a call from Python, and with the constants
    only where plain types do not type (none of ours needs them today)."""
    from numba.core import errors
    from numba.core import types as nt
    from numba.core.dispatcher import Dispatcher

    if before_call is not None:
        before_call(self)
    plain = tuple(nt.unliteral(a) for a in args)
    if plain != tuple(args):
        try:
            return Dispatcher.get_call_template(self, plain, {k: nt.unliteral(v) for k, v in kws.items()})
        except errors.TypingError:
            pass
    return Dispatcher.get_call_template(self, args, kws)


def kernel_inline(fn):
    """A small kernel inlined into its callers (constant folding, no call)."""
    return njit(cache=True, inline="always", **_NO_RC)(fn)


def allocating(fn):
    """A compiled, cached function that may allocate (table generation)."""
    return njit(cache=True)(fn)


def is_cached(dispatcher) -> bool:
    """Whether numba's cache holds a build of this kernel (False: its first
    call compiles, which takes minutes for the engine).  True when unsure."""
    if config.DISABLE_JIT:
        return True
    try:
        return os.path.exists(dispatcher._cache._cache_file._index_path)
    except AttributeError:  # numba's internals moved: say nothing rather than something wrong
        return True
