"""Random hands of MIL 温州麻将 for the reference cross-check, from a seed.

Complete hands of every kind the rules score (standard with and without 财神, with melds of
each kind, eight pairs, three 财神 in a shape and not, 白板 standing in, a 财神 standing for
a fifth copy, a win on a discarded 财神), every dealer streak
0..5 (4+ included), self-draws and discard wins; and near-complete hands (one tile changed)
so that "no win" is tested too.  Every hand respects the physical tiles: 4 of a kind, 3 live
财神.  A hand the `hand` command cannot write (a chi holding a 白板) is never made.
"""
from __future__ import annotations

import numpy as np
from wenzhou_ref import KINDS, WHITE, Hand, Meld, parse

KONG_KINDS = ("kong", "ckong", "akong")


class _Pool:
    """The tiles still free: 4 of a kind, 3 of the 财神's kind."""

    def __init__(self, caishen):
        self.left = [4] * KINDS
        self.left[caishen] = 3

    def take(self, t):
        if self.left[t] <= 0:
            raise _Retry
        self.left[t] -= 1
        return t


class _Retry(Exception):
    pass


def _chow_starts():
    return [s * 9 + n for s in range(3) for n in range(7)]


def _physical(rng, pool, k, caishen, in_meld):
    """A tile of logical kind ``k``: the 财神's kind is a 白板 or (concealed only) the 财神 itself."""
    if k == caishen and caishen != WHITE:
        if in_meld or rng.random() < 0.5:
            return pool.take(WHITE)
        return pool.take(k)
    if k == caishen and in_meld:
        raise _Retry        # a 财神 is never in a meld (white is the 财神: no stand-in)
    return pool.take(k)


def _standard(rng, caishen, pool):
    n_melds = int(rng.choice(6, p=[0.40, 0.22, 0.16, 0.10, 0.07, 0.05]))
    melds, concealed = [], []
    for g in range(5):
        exposed = g < n_melds
        if rng.random() < 0.55:
            s = int(rng.choice(_chow_starts()))
            if exposed and caishen in (s, s + 1, s + 2):
                raise _Retry   # a chi with a 白板 cannot be written for `hand`
            tiles = [_physical(rng, pool, k, caishen, exposed) for k in (s, s + 1, s + 2)]
            if exposed:
                melds.append(Meld("chi", tuple(tiles)))
            else:
                concealed += tiles
        else:
            k = int(rng.integers(KINDS))
            if exposed:
                kind = str(rng.choice(["pon", "pon", "kong", "ckong", "akong"]))
                n = 3 if kind == "pon" else 4
                melds.append(Meld(kind, tuple(_physical(rng, pool, k, caishen, True) for _ in range(n))))
            else:
                concealed += [_physical(rng, pool, k, caishen, False) for _ in range(3)]
    k = int(rng.integers(KINDS))
    concealed += [_physical(rng, pool, k, caishen, False) for _ in range(2)]
    return concealed, melds


def _eight_pairs(rng, caishen, pool):
    concealed = []
    for _ in range(8):
        k = int(rng.integers(KINDS))
        concealed += [_physical(rng, pool, k, caishen, False) for _ in range(2)]
    concealed.append(_physical(rng, pool, int(rng.integers(KINDS)), caishen, False))
    return concealed, []


def _fifth_copy(rng, caishen, pool):
    """A pung and the pair of one kind, a 财神 standing for the fifth copy."""
    k = int(rng.integers(KINDS))
    if k == caishen or k == WHITE:
        raise _Retry
    concealed = [pool.take(k) for _ in range(4)] + [pool.take(caishen)]
    for _ in range(4):
        s = int(rng.choice(_chow_starts()))
        concealed += [_physical(rng, pool, t, caishen, False) for t in (s, s + 1, s + 2)]
    return concealed, []


def _junk_with_three(rng, caishen, pool):
    concealed = [pool.take(caishen) for _ in range(3)]
    while len(concealed) < 17:
        concealed.append(pool.take(int(rng.integers(KINDS))))
    return concealed, []


def _with_wilds(rng, caishen, pool, concealed):
    """Replace a few tiles by 财神 standing for them (0-3 财神 in all)."""
    want = int(rng.choice(4, p=[0.35, 0.30, 0.20, 0.15]))
    have = concealed.count(caishen)
    idx = [i for i, t in enumerate(concealed) if t != caishen]
    rng.shuffle(idx)
    for i in idx[: max(0, want - have)]:
        if pool.left[caishen] == 0:
            break
        pool.left[concealed[i]] += 1
        concealed[i] = pool.take(caishen)
    return concealed


def _one_hand(rng, near_miss_rate):
    caishen = WHITE if rng.random() < 0.1 else int(rng.integers(KINDS))
    pool = _Pool(caishen)
    kind = rng.choice(["standard", "eight_pairs", "three", "fifth"], p=[0.70, 0.2, 0.08, 0.02])
    if kind == "standard":
        concealed, melds = _standard(rng, caishen, pool)
    elif kind == "fifth":
        concealed, melds = _fifth_copy(rng, caishen, pool)
    elif kind == "eight_pairs":
        concealed, melds = _eight_pairs(rng, caishen, pool)
    else:
        concealed, melds = _junk_with_three(rng, caishen, pool)
    if kind in ("standard", "eight_pairs"):
        concealed = _with_wilds(rng, caishen, pool, concealed)
    if rng.random() < near_miss_rate:
        i = int(rng.integers(len(concealed)))
        new = int(rng.integers(KINDS))
        if new == concealed[i]:
            raise _Retry
        pool.left[concealed[i]] += 1
        concealed[i] = pool.take(new)
    self_draw = bool(rng.random() < 0.5)
    if not self_draw and caishen in concealed and rng.random() < 0.04:
        win_tile = caishen  # a discarded 财神 won on (MIL forbids no 财神 discard)
    else:
        choices = concealed if self_draw else [t for t in concealed if t != caishen]
        if not choices:
            raise _Retry    # only 财神 to win on, and this discard is not one
        win_tile = int(rng.choice(choices))
    winner, dealer = int(rng.integers(4)), int(rng.integers(4))
    discarder = None if self_draw else int(rng.choice([p for p in range(4) if p != winner]))
    held = [0, 0, 0, 0]
    for p in range(4):
        if p != winner and pool.left[caishen] and rng.random() < 0.3:
            held[p] = int(rng.integers(1, pool.left[caishen] + 1))
            pool.left[caishen] -= held[p]
    return Hand(concealed=tuple(concealed), melds=tuple(melds), win_tile=win_tile, self_draw=self_draw,
                caishen=caishen, winner=winner, discarder=discarder, dealer=dealer,
                repeats=int(rng.integers(6)), held=tuple(held)), str(kind)


def generate(n: int, seed: int, near_miss_rate: float = 0.2):
    """``n`` hands [(Hand, template)] from ``seed``; about ``near_miss_rate`` of them one tile off."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        try:
            out.append(_one_hand(rng, near_miss_rate))
        except _Retry:
            continue
    return out


# how the project's `hand --jsonl` lines say a hand was won: 杠开 and 海底 are draws from the wall
SELF_DRAWN = ("self", "kong", "haidi")
KONG_FIELDS = (("kong_exposed", "kong"), ("kong_concealed", "ckong"), ("kong_added", "akong"))


def played(recs, wins):
    """Every hand of engine records as the reference reads it: [(record index, Hand or None for
    a hand nobody won, [(seat, kong kind)] of every kong made, 财神 held by each seat, the
    dealer's seat, its 连庄 count)].
    ``wins`` is ruian_sim.settle.replay.winning_hands(recs, rules); hands with more than one
    winner are left out (MIL has one)."""
    by_index = {}
    for idx, seat, line in wins:
        by_index.setdefault(idx, []).append((seat, line))
    out = []
    for i, rec in enumerate(recs):
        kongs = [(s, kind) for field, kind in KONG_FIELDS for s in range(4) for _ in range(int(rec[f"{field}_{s}"]))]
        held = tuple(int(rec[f"wilds_{s}"]) for s in range(4))
        won = by_index.get(i, [])
        if len(won) > 1:
            continue
        h, dealer, repeats = None, int(rec["dealer"]), int(rec["streak"]) - 1   # the record's term 1 = 0 连庄
        if won:
            seat, line = won[0]
            concealed = parse(line["hand"])
            if len(concealed) % 3 != 2:
                concealed += parse(line["tile"])   # the line's hand is one short of the winning tile
            # a dealer's first-draw win names no winning tile; MIL's score never reads it
            tile = parse(line["tile"])[0] if line.get("tile") else concealed[-1]
            melds = tuple(Meld(m.split()[0], tuple(parse(m.split()[1])))
                          for m in line.get("melds", "").split(",") if m.strip())
            self_draw = line["win"] in SELF_DRAWN
            h = Hand(concealed=tuple(concealed), melds=melds, win_tile=tile, self_draw=self_draw,
                     caishen=parse(line["wild"])[0], winner=seat, dealer=dealer,
                     discarder=None if self_draw else (dealer + line["discarder"]) % 4,
                     repeats=int(line["streak"]) - 1, held=held)
        out.append((i, h, kongs, held, dealer, repeats))
    return out
