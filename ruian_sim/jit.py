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

import hashlib
import os
from pathlib import Path

from numba import njit
from numba.core import config

from .cache import cache_dir, guard_kernel_cache


def source_digest() -> str:
    """A hash of every kernel source: what a compiled build, or anything learned
    by playing (the danger tables), depends on."""
    pkg = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted([*pkg.glob("hand/*.py"), *pkg.glob("engine/*.py"), pkg / "scoring" / "kernels.py",
                        pkg / "scoring" / "layout.py",
                        pkg / "jit.py"]):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def _kernel_cache() -> str | None:
    """numba's cache, in a directory named by a hash of every kernel source.

    numba checks only a function's own file when it reuses a cached build, so
    after a change in a module it calls, a stale build could be loaded; a
    directory per source version rules that out (and keeps builds out of a
    read-only site-packages).  NUMBA_CACHE_DIR, when set, wins."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    return str(cache_dir() / "numba" / source_digest())


def _locate_by_package() -> None:
    """Put each module's builds at ``_dir/<its folder in the package>``.

    numba names a cache folder by a hash of the source file's absolute path, so
    the same sources in two places (a checkout and its installed copy, as a test
    run and the CLI it starts use; a reinstall to another prefix) compiled the
    whole engine twice.  The directory is already named by a hash of every
    kernel source, and numba stamps each build with its file's content, so the
    path adds nothing but misses."""
    from numba.core import caching

    pkg = Path(__file__).resolve().parent

    class PackageCacheLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            rel = Path(py_file).resolve().parent.relative_to(pkg)
            self._cache_path = os.path.join(_dir, "pkg", *rel.parts)

        @classmethod
        def from_function(cls, py_func, py_file):
            try:
                Path(py_file).resolve().relative_to(pkg)
            except (ValueError, OSError):
                return None   # not ours: numba's own locators decide
            return super().from_function(py_func, py_file)

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if impl is None or not hasattr(impl, "_locator_classes"):
        return   # numba's internals moved: its own locators (a compile per install path) still work
    if not any(c.__name__ == "PackageCacheLocator" for c in impl._locator_classes):
        impl._locator_classes = [PackageCacheLocator, *impl._locator_classes]


_dir = _kernel_cache()
if _dir:
    config.CACHE_DIR = _dir
    _locate_by_package()
guard_kernel_cache()  # a damaged cache file is compiled again, not an UnpicklingError

try:
    njit(cache=False, _nrt=False)(lambda: 0)()
    _NO_RC = {"_nrt": False}
except Exception:  # noqa: BLE001 - any refusal means: compile with reference counts
    _NO_RC = {}


def kernel(fn):
    """A compiled, cached kernel that neither allocates nor counts references."""
    return njit(cache=True, **_NO_RC)(fn)


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
