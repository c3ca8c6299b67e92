"""Where ruian-sim keeps what it computes once: lookup tables and compiled kernels.

$RUIAN_SIM_CACHE, else $XDG_CACHE_HOME/ruian-sim, else ~/.cache/ruian-sim.
"""

from __future__ import annotations

import hashlib
import os
import pickle
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
            why = type(exc).__name__ + (f": {str(exc)[:80]}" if isinstance(exc, ValueError) and str(exc) else "")
            print(f"ruian-sim: the compiled-kernel cache of {name} was damaged ({why}); "
                  f"removed, compiling that kernel again", file=sys.stderr, flush=True)
            return None

    def guarded_save(self, sig, data):
        try:
            save(self, sig, data)
        except Exception:  # noqa: BLE001 - no cache to write: the build serves this process only
            pass

    caching.Cache._load_overload, caching.Cache._save_overload = guarded_load, guarded_save
    _seal_data_files(caching)
    caching.Cache._ruian_guarded = True


SEAL = b"ruian-sim kernel v1\n"


def _seal(path: str, data: bytes) -> bytes:
    """The hash of a data file's place under the cache root (its build folder and name:
    a file of the same name from another build does not pass) and its content."""
    from numba.core import config

    root = getattr(config, "CACHE_DIR", "") or ""
    where = os.path.relpath(path, root) if root else path
    return hashlib.sha256(where.encode() + b"\0" + data).digest()


def _seal_data_files(caching) -> None:
    """Each compiled-kernel data file carries a hash of its name and content, checked
    before numba unpickles it.  A file that unpickles but is not the kernel's own build
    (another kernel's file copied over it, bytes changed inside its machine code) loaded,
    then failed when called: a TypeError traceback, or worse.  A file without the seal
    (written by another numba user of the folder) counts as damaged: compiled again."""
    files = getattr(caching, "IndexDataCacheFile", None)
    if files is None or not all(hasattr(files, a) for a in ("_load_data", "_save_data", "_data_path", "_dump")):
        return   # numba's internals moved: the loader's guard above still catches what fails to load

    load, save = files._load_data, files._save_data

    def ours(path: str) -> bool:
        # our kernels' folder, or their place under a NUMBA_CACHE_DIR: another library's
        # builds in the same process are left as numba writes them
        p = Path(path)
        return p.is_relative_to(cache_dir() / "numba") or "ruian_sim" in p.parts

    def load_data(self, name):
        path = self._data_path(name)
        if not ours(path):
            return load(self, name)
        raw = Path(path).read_bytes()
        body = raw[len(SEAL) + 32:]
        if not raw.startswith(SEAL) or raw[len(SEAL):len(SEAL) + 32] != _seal(path, body):
            raise ValueError("its seal does not match its content")
        return pickle.loads(body)

    def save_data(self, name, data):
        if not ours(self._data_path(name)):
            return save(self, name, data)
        body, path = self._dump(data), self._data_path(name)
        with self._open_for_write(path) as f:
            f.write(SEAL + _seal(path, body) + body)

    files._load_data, files._save_data = load_data, save_data


def _cache_files(cache) -> list[Path]:
    """A numba function cache's index and data files (index first)."""
    try:
        index = Path(cache._cache_file._index_path)
    except AttributeError:  # numba's internals moved: nothing to remove
        return []
    stem = index.name[:-len(".nbi")]
    return [index, *sorted(index.parent.glob(f"{stem}.*.nbc"))]
