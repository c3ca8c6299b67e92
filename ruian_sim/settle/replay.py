"""Each won hand of a run as `ruian-sim hand --jsonl` takes it: the winner's
concealed tiles, its melds set aside, the winning tile and how it was won,
its seat and round winds, its flowers, the copies of the winning tile seen
(和绝张), the chain that ended in the win.  So a recorded win can be scored
again outside, by `hand` or by an independent scorer (docs/records.md lists
the columns these are read from).

    >>> for at, seat, line in winning_hands(records, rules):
    ...     print(json.dumps(line))          # one `hand --jsonl` line a win
"""

from __future__ import annotations

import numpy as np

from .. import tiles as T
from ..scoring import layout as S
from ..table import layout as L
from .payments import held_counts

# scoring meld kinds -> the words of `hand --melds`
MELD_WORDS = {S.MELD_CHI: "chi", S.MELD_PUNG: "pon", S.MELD_KONG_EXPOSED: "kong",
              S.MELD_KONG_ADDED: "akong", S.MELD_KONG_CONCEALED: "ckong"}


def _route(facts: int) -> str:
    if facts & L.FACT_ROBBED:
        return "robbed"
    if facts & L.FACT_ROB_GOLD:
        return "gold"
    if facts & L.FACT_KONG_DRAW:
        return "kong"
    if facts & L.FACT_HAIDI:
        return "haidi"
    return "self" if facts & L.FACT_SELF_DRAWN else "discard"


def _kind_of_face(face: int, wild: int, stand_in: int | None) -> int:
    """The tile kind a natural tile of ``face`` is: the stand-in plays at the wild's face."""
    return stand_in if wild >= 0 and face == wild and stand_in is not None and stand_in != wild else face


def _meld_text(code: int, wild: int, stand_in: int | None) -> str:
    kind, face, wilds = code % 8, (code // S.MELD_FACE) % 64, code // S.MELD_WILDS
    faces = [face, face + 1, face + 2] if kind == S.MELD_CHI else [face] * (3 if kind == S.MELD_PUNG else 4)
    # the wilds of a meld stand for its last faces (a chi's the highest)
    kinds = [_kind_of_face(f, wild, stand_in) for f in faces[:len(faces) - wilds]] + [wild] * wilds
    return f"{MELD_WORDS[kind]} {T.format_kinds(kinds)}"


def winning_hands(records: np.ndarray, rules) -> list[tuple[int, int, dict]]:
    """(record index, winning seat, the `hand --jsonl` line) of every win in
    ``records``, in record order (several winners of one hand in seat order)."""
    n = rules.table.seats
    stand_in = rules.wild.stand_in
    aside_kinds = list(rules.tiles.aside)
    out = []
    won = np.isin(records["outcome"], L.WIN_OUTCOMES)
    for h in np.nonzero(won)[0]:
        rec = records[h:h + 1]
        dealer = int(rec["dealer"][0])
        wild = int(rec["wild"][0])
        for s in range(n):
            if not (int(rec["winners"][0]) >> s) & 1:
                continue
            out.append((int(h), s, _line(rec, s, n, dealer, wild, stand_in, aside_kinds, rules.tiles.aside_if_wild)))
    return out


def _line(rec, s: int, n: int, dealer: int, wild: int, stand_in, aside_kinds, aside_if_wild) -> dict:
    col = lambda f: int(rec[f"{f}_{s}"][0])  # noqa: E731 - one seat's column of the one record
    counts = held_counts(rec, s)[0]
    win_face = col("win_tile")
    facts = col("facts")
    kinds: list[int] = []
    for f in range(34):
        kinds += [_kind_of_face(f, wild, stand_in)] * int(counts[f])
    kinds += [wild] * col("wilds")
    tile = ""
    if win_face >= -1:
        win_kind = wild if win_face == -1 else _kind_of_face(win_face, wild, stand_in)
        kinds.remove(win_kind)
        tile = T.name(win_kind)
    melds = []
    frm = col("meld_from")
    for m in range(S.N_MELDS):
        if (frm >> (L.MELD_FROM_BITS * m)) & 15:
            melds.append(_meld_text(col(f"meld{m}"), wild, stand_in))
    flowers = "".join(f"{k + 1}f" for k in range(8) if (col("flower_bits") >> k) & 1)
    # the record keeps how many tiles of other kinds were laid aside, not which: any the rules lay aside
    aside = [k for k in aside_kinds if k != wild] + ([aside_if_wild] if wild in aside_kinds and aside_if_wild
                                                     is not None else [])
    if col("aside") and aside:
        flowers += "".join(T.name(aside[i % len(aside)]) for i in range(col("aside")))
    line = {"hand": T.format_kinds(sorted(kinds)), "tile": tile, "melds": ", ".join(melds),
            "win": _route(facts), "seat": (s - dealer) % n, "round": int(rec["round"][0]) % 4,
            "flowers": flowers, "wild": T.name(wild) if wild >= 0 else "none",
            "streak": int(rec["streak"][0]), "last": bool(facts & (L.FACT_LAST_TILE | L.FACT_LAST_DISCARD)),
            "first": bool(facts & (L.FACT_HEAVENLY | L.FACT_EARTHLY)),
            "after_kong": bool(facts & L.FACT_KONG_DISCARD), "shown": col("shown"),
            "chain": col("chain") - col("chain_wilds"), "piao": col("chain_wilds")}
    if line["win"] in ("discard", "robbed") and col("win_from") >= 0:
        line["discarder"] = (col("win_from") - dealer) % n
    return line


def recorded_score(records: np.ndarray, h: int, s: int) -> dict:
    """What the engine recorded for winner ``s`` of hand ``h``: points, tai, times and value."""
    return {k: int(records[f"{k}_{s}"][h]) for k in ("points", "tai", "times", "value")}

