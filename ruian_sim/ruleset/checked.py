"""Validation remembered: a rule set whose files and checking code are unchanged
since it last validated without an error is not validated again.

Validating the built-in rules costs a `ruian-sim hand` call about a sixth of
its start (importing jsonschema, the schema walk, the scoring checks), every
call, for the same answer.  The answer (its warnings) is kept in the cache
folder under a hash of everything it depends on: the merged rules, every file
applied (their bytes: a warning names a line), the names they were given as,
and the checking code and schema (their sizes and times).  Rule sets with an
error are never remembered: their messages are produced afresh.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

from ..cache import cache_dir, save_text
from .locate import schema_path

_PKG = Path(__file__).resolve().parent.parent
_VERSION = "1"


@functools.lru_cache(maxsize=1)
def _code_stamp() -> str:
    """Sizes and times of the package's code and schemas: a checker changed
    (an edit, an upgrade) is a different key."""
    h = hashlib.sha256(_VERSION.encode())
    for path in sorted([*_PKG.rglob("*"), schema_path()]):
        if path.suffix in (".py", ".json", ".yaml") and "__pycache__" not in path.parts:
            st = path.stat()
            h.update(f"{path}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _key(data: dict, files: list[str]) -> str:
    h = hashlib.sha256(_code_stamp().encode())
    h.update(os.getcwd().encode())   # a warning may name a file relative to it
    h.update(json.dumps(data, sort_keys=True, default=repr).encode())
    for f in files:
        h.update(f"\0{f}\0".encode())
        h.update(Path(f).read_bytes())
    return h.hexdigest()[:32]


def remembered(data: dict, files: list[str]) -> tuple[str, list[str] | None]:
    """(key, the warnings of the last clean validation or None)."""
    try:
        key = _key(data, files)
    except (OSError, TypeError, ValueError):
        return "", None
    try:
        notes = json.loads((cache_dir() / "validated" / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return key, None
    if isinstance(notes, list) and all(isinstance(n, str) for n in notes):
        return key, notes
    return key, None


def remember(key: str, notes: list[str]) -> None:
    """Keep a clean validation's warnings (a cache that can't be written is no error)."""
    if key:
        save_text(cache_dir() / "validated" / f"{key}.json", json.dumps(notes, ensure_ascii=False))
