"""Where ruian-sim keeps what it computes once: lookup tables and compiled kernels.

$RUIAN_SIM_CACHE, else $XDG_CACHE_HOME/ruian-sim, else ~/.cache/ruian-sim.
"""

from __future__ import annotations

import os
from pathlib import Path


def save_text(path: Path, text: str) -> bool:
    """Write a cache file whole or not at all (a temporary file renamed into
    place).  A cache that cannot be written is no error: False, and what it
    would have kept is computed again next time."""
    path = Path(path)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return False


def cache_dir() -> Path:
    env = os.environ.get("RUIAN_SIM_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ruian-sim"


def guard_kernel_cache() -> None:
    """A damaged compiled-kernel file (cut short by a full disk or a killed write) is
    removed and the kernel compiled again, as a damaged lookup table is generated again.

    numba unpickles its cache files unguarded: a truncated file raised UnpicklingError
    on every run until the cache was deleted by hand.  Its loader is wrapped here: any
    failure to load a function's cached build removes that function's index and data
    files (one line on stderr) and lets numba compile it, and a build that cannot be
    saved (a read-only cache) stays in memory."""
    import sys

    from numba.core import caching

    if getattr(caching.Cache, "_ruian_guarded", False):
        return
    load, save = caching.Cache._load_overload, caching.Cache._save_overload

    def guarded_load(self, sig, target_context):
        try:
            return load(self, sig, target_context)
        except Exception as exc:  # noqa: BLE001 - whatever the damage, the cure is to compile
            files = _cache_files(self)
            for f in files:
                try:
                    f.unlink()
                except OSError:
                    pass
            name = files[0].name[:-len(".nbi")] if files else "?"
            print(f"ruian-sim: the compiled-kernel cache of {name} was damaged ({type(exc).__name__}); "
                  f"removed, compiling that kernel again", file=sys.stderr, flush=True)
            return None

    def guarded_save(self, sig, data):
        try:
            save(self, sig, data)
        except Exception:  # noqa: BLE001 - no cache to write: the build serves this process only
            pass

    caching.Cache._load_overload, caching.Cache._save_overload = guarded_load, guarded_save
    caching.Cache._ruian_guarded = True


def _cache_files(cache) -> list[Path]:
    """A numba function cache's index and data files (index first)."""
    try:
        index = Path(cache._cache_file._index_path)
    except AttributeError:  # numba's internals moved: nothing to remove
        return []
    stem = index.name[:-len(".nbi")]
    return [index, *sorted(index.parent.glob(f"{stem}.*.nbc"))]
