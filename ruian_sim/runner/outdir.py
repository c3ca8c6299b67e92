"""An output directory: one job at a time, and writes that never lose finished work.

The lock is a POSIX record lock on ``OUT/.lock`` (the file says which pid on
which host holds it).  The kernel drops the lock when its process ends, however
it ends, so a lock file left by a killed job is stale by construction: the next
job takes it over and says so.  Forked workers do not inherit the lock (POSIX
locks belong to a process), so only the job's own process holds the directory.

Every write goes to a temporary file first and is renamed into place; a write
that fails (a full disk, a directory made read-only) removes its temporary file
and raises WriteFailed, which says what, where and how much space it needed.
JSON outputs are strict: a figure that is not a finite number is written as
null, with the reason under ``null_reasons``.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import os
import shutil
import socket
from pathlib import Path

from ..errors import EnvironmentFailure, UserError

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: the lock file is written, not held
    fcntl = None

LOCK_FILE = ".lock"


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


def free_bytes(path: Path) -> int | None:
    """Free space on the disk that holds ``path`` (or its nearest existing parent)."""
    for p in (Path(path), *Path(path).parents):
        if p.exists():
            try:
                return shutil.disk_usage(p).free
            except OSError:
                return None
    return None


class WriteFailed(EnvironmentFailure):
    """A file could not be written; ``path``, the OSError and the bytes it needed."""

    def __init__(self, path: Path, exc: OSError, needed: int | None = None, after: str = ""):
        self.path, self.exc, self.needed = Path(path), exc, needed
        free = free_bytes(self.path.parent)
        space = ", ".join(x for x in (f"{_size(needed)} needed" if needed else "",
                                      f"{_size(free)} free on that disk" if free is not None else "") if x)
        why = exc.strerror or str(exc)
        super().__init__(f"cannot write {self.path}: {why}" + (f" ({space})" if space else "") + after)

    def kept(self, after: str) -> WriteFailed:
        """The same failure, with what was kept and how to go on."""
        return WriteFailed(self.path, self.exc, self.needed, after)


def write_bytes(path: Path, data: bytes) -> None:
    """``data`` into ``path`` whole or not at all (a temporary file renamed into place)."""
    path = Path(path)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise WriteFailed(path, exc, len(data)) from None


def write_text(path: Path, text: str) -> None:
    """``text`` as UTF-8, encoded before any file is opened: a name that is not UTF-8
    (surrogate-escaped bytes, e.g. from ``--out $'bad\\xff'``) is refused in one line and
    nothing is half-written.  The door (check_utf8 on every argument) refuses most first."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = text[max(0, exc.start - 30):exc.end + 10].encode("utf-8", "surrogateescape")
        raise UserError(f"cannot write {shown(path)}: it would hold a name that is not UTF-8 "
                        f"(...{bad.decode('utf-8', 'backslashreplace')}...); rename that file or directory") from None
    write_bytes(path, data)


def shown(text) -> str:
    """A path or argument as the user typed it, bytes that are not UTF-8 as \\xNN."""
    return str(text).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def check_utf8(option: str, text) -> None:
    """Refuse a name that is not UTF-8: ruian-sim writes the names it is given (rule files,
    --records, the directories they resolve in) into UTF-8 JSON and Parquet files."""
    try:
        str(text).encode("utf-8")
    except UnicodeEncodeError:
        raise UserError(f"{option} {shown(text)}: holds bytes that are not UTF-8; ruian-sim writes the names "
                        f"it is given into UTF-8 files: rename it, or give a name without them") from None


# --- strict JSON ---------------------------------------------------------------------------

def _reason(path: str, value: float) -> str:
    if path.endswith("ci95") or path.endswith("_ci") or "ci95" in path:
        return ("no interval: an interval needs at least 2 matches (the unit of every interval), "
                "and this has fewer" if math.isinf(value) else
                "no interval: undefined on this sample (fewer than 2 matches, or nothing to count)")
    if path.endswith(".p") or path == "p":
        return "no p-value: fewer than 2 matches"
    return "undefined on this sample (e.g. a share of wins when there was no win)"


def _clean(obj, path: str, reasons: dict):
    if isinstance(obj, float):
        if math.isfinite(obj):
            return obj
        reasons.setdefault(path, _reason(path, obj))
        return None
    if isinstance(obj, dict):
        return {k: _clean(v, f"{path}.{k}" if path else str(k), reasons) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        # the items of a list share their list's reason: "metrics.win_rate.ci95"
        return [_clean(v, path, reasons) for v in obj]
    return obj


def strict(obj):
    """``obj`` with every NaN and infinity replaced by None, and ``null_reasons``
    (path → why) added to a top-level mapping when there were any."""
    reasons: dict = {}
    out = _clean(obj, "", reasons)
    if reasons and isinstance(out, dict):
        out["null_reasons"] = reasons
    return out


def dumps(obj, indent: int | None = 1) -> str:
    return json.dumps(strict(obj), indent=indent, ensure_ascii=False, allow_nan=False) + "\n"


def write_json(path: Path, obj) -> None:
    write_text(path, dumps(obj))


# --- where a job writes --------------------------------------------------------------------

def check_out(text: str, option: str = "--out") -> Path:
    """``--out DIR``: a directory, or a path where one can be made (checked before any work)."""
    if not str(text).strip():
        raise UserError(f"{option} is empty; give a directory, e.g. {option} out")
    out = Path(text)
    for p in (out, *out.parents):
        if p.is_symlink() and not p.exists():
            raise UserError(f"{option} {text}: {p} is a symbolic link to nothing (its target is missing, "
                            f"or the links loop); choose a directory")
        if p.exists():
            if not p.is_dir():
                what = option if p == out else f"{option} {text}:"
                raise UserError(f"{what} {p} is an existing file, not a directory; choose a directory")
            if not os.access(p, os.W_OK | os.X_OK):
                raise UserError(f"{option} {text}: {p} cannot be written (read-only, immutable or not "
                                f"yours); choose another directory")
            break
    _probe(out, option, text)
    return out


def _probe(out: Path, option: str, text: str) -> None:
    """Make the directories ``out`` needs and write a file there, then undo
    both: root passes os.access on a kernel filesystem (/sys, /proc) or an
    immutable directory, so only trying tells, and it must fail before the
    engine compiles, not minutes later."""
    made = []
    try:
        for p in reversed((out, *out.parents)):
            if not p.exists():
                try:
                    p.mkdir()
                except OSError as exc:
                    raise UserError(f"{option} {text}: cannot make that directory ({exc.strerror or exc}); "
                                    f"choose another") from None
                made.append(p)
        probe = out / f".probe.{os.getpid()}"
        try:
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            raise UserError(f"{option} {text}: cannot write there ({exc.strerror or exc}); "
                            f"choose another directory") from None
    finally:
        for p in reversed(made):
            try:
                p.rmdir()
            except OSError:
                pass


def _holder(fd: int) -> dict:
    try:
        data = os.pread(fd, 4096, 0)
        return json.loads(data.decode("utf-8")) if data.strip() else {}
    except (OSError, ValueError):
        return {}


def _who(h: dict) -> str:
    if not h:
        return "a job that has not said who it is yet"
    return (f"pid {h.get('pid', '?')} on {h.get('host', '?')}, {h.get('command', 'ruian-sim')} "
            f"since {h.get('started', '?')}")


class OutLock:
    """``OUT/.lock`` held for one job; ``with OutLock(out, "ruian-sim run"):``."""

    def __init__(self, out: Path, command: str):
        self.out, self.command = Path(out), command
        self.path = self.out / LOCK_FILE
        self.fd: int | None = None
        self.note = ""

    def __enter__(self) -> OutLock:
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def acquire(self) -> None:
        if self.fd is not None:
            return
        try:
            self.out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"--out {self.out}: cannot make that directory ({exc.strerror or exc}); "
                            f"choose another") from None
        for _ in range(20):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise UserError(f"--out {self.out}: cannot write there ({exc.strerror or exc}); "
                                f"choose another directory") from None
            if fcntl is not None:
                try:
                    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    holder = _holder(fd)
                    os.close(fd)
                    raise UserError(f"--out {self.out} is in use by another job ({_who(holder)}); wait for "
                                    f"it to end or choose another --out") from None
            # the last holder may have removed the file between our open and our lock
            try:
                same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
            except OSError:
                same = False
            if same:
                break
            os.close(fd)
        else:  # pragma: no cover - twenty races in a row
            raise UserError(f"--out {self.out}: another job keeps taking the directory; try again")
        old = _holder(fd)
        if old and old.get("pid") != os.getpid():
            self.note = (f"ruian-sim: note: {self.path} was left by {_who(old)}, which ended without "
                         f"releasing it; taking it over")
            import sys

            print(self.note, file=sys.stderr)
        me = {"pid": os.getpid(), "host": socket.gethostname(), "command": self.command,
              "started": _dt.datetime.now().isoformat(timespec="seconds")}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(me).encode(), 0)
        except OSError:
            pass  # a full disk: the lock holds all the same; the next write reports the disk
        self.fd = fd

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            if os.stat(self.path).st_ino == os.fstat(self.fd).st_ino:
                self.path.unlink()
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None
