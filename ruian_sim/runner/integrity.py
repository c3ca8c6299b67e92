"""Whether a saved chunk is the one a worker returned: a checksum of its content, and
the sums its figures must agree on.

A chunk file is ``{"key", "chunk_matches", "result", "sha256"}``; ``sha256`` is taken
over the canonical JSON of the rest (sorted keys, no spaces), so any edit that the
writer did not make fails it.  A file edited with care (its checksum recomputed)
must still add up: the hands of its accumulators are the hands of its matches,
every hand has one outcome, each histogram counts every hand once, and no sum of
squares is smaller than its sum allows (Cauchy-Schwarz).  A chunk that fails
either is played again; the merged figures never see it.
"""

from __future__ import annotations

import hashlib
import json
import math

CHECKSUM = "sha256"
# histograms that count every hand once (points.P for each player)
_PER_HAND_HISTS = ("streak", "turns")


def canonical(payload: dict) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def checksum(payload: dict) -> str:
    return hashlib.sha256(canonical(payload)).hexdigest()


def sealed(payload: dict) -> dict:
    """``payload`` with its checksum beside it (payload is strict JSON already)."""
    return {**payload, CHECKSUM: checksum(payload)}


def seal_state(data) -> str:
    """'ok', 'none' (a file written before chunks carried a checksum) or 'bad'."""
    if not isinstance(data, dict) or not isinstance(data.get(CHECKSUM), str):
        return "none" if isinstance(data, dict) else "bad"
    body = {k: v for k, v in data.items() if k != CHECKSUM}
    try:
        return "ok" if checksum(body) == data[CHECKSUM] else "bad"
    except (TypeError, ValueError):
        return "bad"


# --- the sums a chunk's figures must agree on ------------------------------------------------

def _count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _acc_problem(d, hands: int | None, matches: int) -> str | None:
    """What is wrong with an Accumulator's dict (None: nothing found)."""
    if not isinstance(d, dict) or not _count(d.get("hands")) or not _count(d.get("matches")) \
            or not _count(d.get("players")) or not d["players"]:
        return "an accumulator without whole counts"
    if hands is not None and d["hands"] != hands:
        return f"its figures count {d['hands']} hands, its matches {hands}"
    if d["matches"] != matches:
        return f"its figures count {d['matches']} matches, not {matches}"
    n_hands = d["hands"]
    moments, hist = d.get("moments"), d.get("hist")
    if not isinstance(moments, dict) or not isinstance(hist, dict):
        return "no moments or histograms"
    outcomes = 0.0
    for name, m in moments.items():
        if not (isinstance(m, list) and len(m) == 6 and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in m)):
            return f"moments of {name} are not six finite numbers"
        sx, sn, sxx, sxn, snn, b = m
        if sxx < 0 or snn < 0 or b < 0 or b > matches or b != int(b):
            return f"moments of {name} are impossible"
        # (Σx)² ≤ B·Σx², (Σn)² ≤ B·Σn², (Σxn)² ≤ Σx²·Σn²: a sum edited alone breaks one
        slack = 1e-9
        if sx * sx > b * sxx * (1 + slack) + slack or sn * sn > b * snn * (1 + slack) + slack \
                or sxn * sxn > sxx * snn * (1 + slack) + slack:
            return f"moments of {name} do not agree with each other"
        if name.startswith("outcome."):
            if not _close(sn, n_hands) or not 0 <= sx <= sn:
                return f"{name} counts {sx:g} of {sn:g} hands, not of {n_hands}"
            outcomes += sx
    if any(k.startswith("outcome.") for k in moments) and not _close(outcomes, n_hands):
        return f"its outcomes add up to {outcomes:g} hands, not {n_hands}"
    for name, h in hist.items():
        if not isinstance(h, dict) or not all(_count(c) for c in h.values()):
            return f"histogram {name} is not counts"
        if (name in _PER_HAND_HISTS or name.startswith("points.")) and sum(h.values()) != n_hands:
            return f"histogram {name} counts {sum(h.values())} hands, not {n_hands}"
    return None


def _paired_problem(d, hands: int, matches: int) -> str | None:
    if not isinstance(d, dict):
        return "not a paired accumulator"
    return _acc_problem(d.get("a"), hands, matches) or _acc_problem(d.get("b"), None, matches)


def chunk_problem(result: dict) -> str | None:
    """Why a chunk's result does not add up (None: it does).  ``result`` has
    whole positive ``hands_per_match`` already (chunks._whole)."""
    counts = result["hands_per_match"]
    hands, matches = sum(counts), len(counts)
    acc = result.get("acc")
    if acc is not None:
        return _paired_problem(acc, hands, matches) if "a" in acc else _acc_problem(acc, hands, matches)
    points = result.get("points")
    if points is not None:   # a sweep: a paired accumulator per point against point 0
        if not isinstance(points, list) or not points:
            return "no points"
        return next((p for p in (_paired_problem(x, hands, matches) for x in points) if p), None)
    cols = result.get("cols")
    if cols is not None:     # a duel: per-match columns
        if not isinstance(cols, dict) or not all(
                isinstance(rows, list) and all(isinstance(r, list) and len(r) == matches for r in rows)
                for rows in cols.values()):
            return f"its columns do not have one entry per match ({matches})"
        return None
    return "no figures"
