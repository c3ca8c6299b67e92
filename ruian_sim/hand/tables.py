"""Per-suit distance tables (tomohxx's method, generalised to any meld count).

For one group of ranks (a suit of 9, or the honors) and a vector ``v`` of
rank counts, ``table[key(v), p * (M + 1) + m]`` is the least number of tiles
that must be added to ``v`` so that it *contains* ``m`` melds and ``p`` pairs
(0 or 1) made inside the group.  Extra tiles of ``v`` are simply not used.
``key(v) = sum(v[r] * B**r)`` with ``B = copies + 1``.

One table answers both questions the game asks:
- win test: a hand of 3k+2 tiles with ``w`` wilds is complete iff the best
  split of k melds + 1 pair over the groups needs exactly ``w`` tiles;
- shanten: ``needed - w - 1`` (wilds fill any missing tile).

Tables are generated on first use by an iterative digit DFS (no recursion:
numba's cache cannot reload recursive kernels) and cached on disk by a hash
of what they depend on; they are never committed.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..cache import cache_dir
from ..errors import UserError
from ..jit import allocating, kernel
from .layout import GROUP_LEN, M_SLOTS, X_CAPS, X_CUR, X_NXT, X_V

TABLE_VERSION = 2
ROW_BYTES = 16  # rows padded to two 8-byte words (the bots compare rows word by word)
INF = 255
DONE_BYTES = 2      # a completion table's row (get_completion)
BUILD_BYTES = 64    # per row, the int64 arrays completion_table works with while it derives one
MAX_BYTES = 1_500_000_000   # what the tables of one rule set may take to build: 5 copies need 1.0 GB


class Tables(NamedTuple):
    """The lookup tables the hand kernels and the bots read (hand/spec.hand_tables
    builds them for a rule set).  ``*_pungs`` count pungs only (the all-pungs
    shape); ``*64`` are the same rows seen as 8-byte words (the bots compare rows
    word by word); ``*_done`` say where a row is complete (get_completion)."""

    suit: np.ndarray
    honor: np.ndarray
    suit_pungs: np.ndarray
    honor_pungs: np.ndarray
    suit64: np.ndarray
    honor64: np.ndarray
    suit_done: np.ndarray
    honor_done: np.ndarray
    suit_pungs_done: np.ndarray
    honor_pungs_done: np.ndarray
    suit_pungs64: np.ndarray


@kernel
def _state(a, b, m, p, M):
    return ((a * 3 + b) * (M + 1) + m) * 2 + p


@kernel
def _step(dpin, dpout, v, r, R, cap, seq, M):
    """Advance the DP by one rank holding ``v`` tiles.

    State (a, b, m, p): a chis started at the previous rank and b at the one
    before still need this rank; m melds and p pairs made so far.  Three equal
    chis are three pungs of the same tiles, so at most 2 chis start per rank.
    """
    dpout[:] = INF
    umax = cap // 3
    smax = 2 if (seq and r <= R - 3) else 0
    for a in range(3):
        for b in range(3):
            for m in range(M + 1):
                for p in range(2):
                    cur = dpin[_state(a, b, m, p, M)]
                    if cur >= INF:
                        continue
                    for s in range(smax + 1):
                        for u in range(umax + 1):
                            m2 = m + s + u
                            if m2 > M:
                                break
                            for q in range(2 - p):
                                t = a + b + s + 3 * u + 2 * q
                                if t > cap:
                                    break
                                extra = t - v
                                cost = cur + (extra if extra > 0 else 0)
                                ns = _state(s, a, m2, p + q, M)
                                if cost < dpout[ns]:
                                    dpout[ns] = cost


@allocating
def _generate(R, B, cap, seq, M, out):
    ns = 9 * (M + 1) * 2
    dp = np.full((R + 1, ns), INF, np.int32)
    dp[0, _state(0, 0, 0, 0, M)] = 0
    digit = np.zeros(R, np.int64)
    power = np.ones(R, np.int64)
    for r in range(1, R):
        power[r] = power[r - 1] * B
    pos = 0
    key = 0
    _step(dp[0], dp[1], 0, 0, R, cap, seq, M)
    while True:
        if pos < R - 1:
            pos += 1
            digit[pos] = 0
            _step(dp[pos], dp[pos + 1], 0, pos, R, cap, seq, M)
            continue
        for p in range(2):
            for m in range(M + 1):
                out[key, p * (M + 1) + m] = dp[R, _state(0, 0, m, p, M)]
        # odometer: next digit vector, recomputing only the changed suffix
        while pos >= 0 and digit[pos] == B - 1:
            key -= digit[pos] * power[pos]
            digit[pos] = 0
            pos -= 1
        if pos < 0:
            break
        digit[pos] += 1
        key += power[pos]
        _step(dp[pos], dp[pos + 1], digit[pos], pos, R, cap, seq, M)


@kernel
def exact_group(buf, base, R, seq, M, off):
    """The table row for one group computed directly, with a cap per rank.

    Used where a table cannot answer exactly: a face whose cap differs from
    the tables' (tiles already in melds; the wild's own face, which may be
    held more than ``copies`` times when 白板 stands in for it).  Reads the
    counts at ``buf[base + X_V:]`` and caps at ``buf[base + X_CAPS:]`` (see
    hand.layout), uses ``buf[base + X_CUR:]`` and ``buf[base + X_NXT:]`` for
    the DP, and writes the row to ``buf[off : off + 2 * (M + 1)]``.
    """
    ns = 9 * (M + 1) * 2
    cur = buf[base + X_CUR: base + X_CUR + ns]
    nxt = buf[base + X_NXT: base + X_NXT + ns]
    cur[:] = INF
    cur[_state(0, 0, 0, 0, M)] = 0
    for r in range(R):
        _step(cur, nxt, buf[base + X_V + r], r, R, buf[base + X_CAPS + r], seq, M)
        cur, nxt = nxt, cur
    for p in range(2):
        for m in range(M + 1):
            buf[off + p * (M + 1) + m] = cur[_state(0, 0, m, p, M)]


def table_id(R: int, B: int, cap: int, seq: bool, M: int) -> str:
    text = f"v{TABLE_VERSION}:R{R}:B{B}:cap{cap}:seq{int(seq)}:M{M}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tables_bytes(copies: int) -> int:
    """Memory the tables of ``copies`` copies of each kind take to build
    (hand/spec.hand_tables): rows are keyed in base copies + 1, so each copy
    more multiplies a suit's rows by about (copies + 2) / (copies + 1) to the
    9th (4 copies: 2 million rows; 8: 387 million, 37 GB).  Two suit tables
    and one of honors, their completion tables, and the scratch of deriving
    one (measured: 6 copies' 0.9 GB for a suit table and its completion)."""
    B = copies + 1
    suit, honor = B ** GROUP_LEN[0], B ** GROUP_LEN[-1]
    return (2 * suit + honor) * (ROW_BYTES + DONE_BYTES) + suit * BUILD_BYTES


def _gb(n: int) -> str:
    return f"{n / 1e9:,.1f} GB"


def most_copies() -> int:
    """The most copies whose tables stay within MAX_BYTES."""
    c = 1
    while tables_bytes(c + 1) <= MAX_BYTES:
        c += 1
    return c


_memory: dict[str, np.ndarray] = {}


def get_table(R: int, B: int, cap: int, seq: bool, M: int) -> np.ndarray:
    """The table for these parameters: from memory, the disk cache, or generated."""
    tid = table_id(R, B, cap, seq, M)
    if tid in _memory:
        return _memory[tid]
    path = cache_dir() / f"table-{tid}.npy"
    table = None
    if path.is_file():
        try:
            table = np.load(path)
            if table.shape != (B**R, ROW_BYTES) or table.dtype != np.uint8:
                table = None
        except (OSError, ValueError):
            table = None  # a damaged cache file is regenerated
    if table is None:
        if tables_bytes(B - 1) > MAX_BYTES:
            # validation refuses such rules at tiles.copies; this is for rules that skipped it
            raise UserError(f"tiles.copies: {B - 1} copies need lookup tables of {B}^{R} rows, about "
                            f"{_gb(tables_bytes(B - 1))} to build; at most {most_copies()} copies")
        table = np.zeros((B**R, ROW_BYTES), np.uint8)
        _generate(R, B, cap, seq, M, table)
        _save_atomic(path, table)
    _memory[tid] = table
    _ids[id(table)] = tid
    return table


_done: dict[int, np.ndarray] = {}
_ids: dict[int, str] = {}   # id of a distance table in memory -> its table_id


def get_completion(table: np.ndarray, R: int, B: int) -> np.ndarray:
    """The completion table of a distance table: from memory, the disk cache
    beside it, or derived (a third of a second a table: `ruian-sim hand`
    would pay it on every call)."""
    key = id(table)
    if key in _done:
        return _done[key]
    tid = _ids.get(key)
    path = cache_dir() / f"table-{tid}-complete.npy" if tid else None
    out = None
    if path is not None and path.is_file():
        try:
            out = np.load(path)
            if out.shape != (B**R, 2) or out.dtype != np.uint8:
                out = None
        except (OSError, ValueError):
            out = None   # a damaged cache file is derived again
    if out is None:
        out = completion_table(table, R, B)
        if path is not None:
            _save_atomic(path, out)
    _done[key] = out
    return out


def _save_atomic(path: Path, array: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            np.save(fh, array)
        os.replace(tmp, path)
    except OSError:
        pass  # no writable cache: the table lives in memory for this process only


def completion_table(table: np.ndarray, R: int, B: int) -> np.ndarray:
    """Derived from a distance table: ``out[key, p]`` is the fewest tiles that
    complete the group *exactly* (every tile used) into melds plus p pairs,
    255 if none.  Completion means containment with nothing left over, so it
    is ``3m + 2p - size`` for the least m where the distance says exactly that.

    A hand of 3k+2 tiles with w wilds is then standard-complete iff the sum
    over groups of need[.., 0], with one group taking need[.., 1] instead, is
    at most w (leftover wilds make whole melds).  Four lookups instead of
    folds: the win test runs on every discard for every seat."""
    M = M_SLOTS
    keys = np.arange(B**R, dtype=np.int64)
    size = np.zeros(B**R, np.int64)
    k = keys.copy()
    for _ in range(R):
        size += k % B
        k //= B
    out = np.full((B**R, 2), INF, np.int64)
    for p in range(2):
        for m in range(M, -1, -1):
            need = 3 * m + 2 * p - size
            exact = (need >= 0) & (table[:, p * (M + 1) + m].astype(np.int64) == need)
            out[:, p] = np.where(exact, need, out[:, p])
    return out.astype(np.uint8)
