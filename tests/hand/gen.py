"""Random hands biased toward complete and ready ones, for the reference tests.

A complete hand is built from faces (a pair + random pungs and chis), each
tile of face W being either a wild or a stand-in, then 0-2 tiles are replaced
by random kinds and wilds are put in until the hand holds the wanted number.
Some hands crowd one face so that only a wild as a fifth copy would complete
them.  Every hand respects the tile limits: at most ``live_wilds`` of the wild kind
and ``copies`` of any other kind, exposed melds included.
"""

from __future__ import annotations

import random

from bruteforce import N_FACES, Flags


class Reject(Exception):
    pass


def _limit(kind: int, wild: int, flags: Flags) -> int:
    return flags.live_wilds if kind == wild else flags.copies


def _group(rng: random.Random, pungs_only: bool) -> list[int]:
    if not pungs_only and rng.random() < 0.55:
        suit = rng.randrange(3)
        r = rng.randrange(7)
        f = suit * 9 + r
        return [f, f + 1, f + 2]
    f = rng.randrange(N_FACES)
    return [f, f, f]


def _raw_for_face(rng, face, wild, flags, used, prefer_stand_in=False) -> int:
    """A raw kind that plays as ``face`` without being a wild (the wild kind
    only when asked for as itself)."""
    stand_in = flags.stand_in if flags.stand_in is not None and flags.stand_in != wild else None
    choices = []
    if face == wild:
        choices.append(wild)  # a wild counting as itself
        if stand_in is not None:
            choices.append(stand_in)
    elif face == stand_in:
        choices.append(wild)  # only a wild can show the face of 白板
    else:
        choices.append(face)
    rng.shuffle(choices)
    if prefer_stand_in and stand_in in choices:
        choices.remove(stand_in)
        choices.insert(0, stand_in)
    for c in choices:
        if used[c] < _limit(c, wild, flags):
            return c
    if used[wild] < flags.live_wilds:
        return wild  # every natural copy is used: a wild would be a fifth copy
    raise Reject


def random_hand(
    rng: random.Random,
    flags: Flags,
    *,
    size: int | None = None,
    wilds: int | None = None,
    n_melds: int = 0,
    perturb: int | None = None,
    wild: int | None = None,
    eight_pairs: bool | None = None,
    crowd_wild: float = 0.1,
    prefer_stand_in: bool = False,
):
    """(kinds, wild, melds) with ``size`` concealed tiles (default hand_size + 1
    minus 3 per meld).  melds are (kind, tile) tuples."""
    for _ in range(1000):
        try:
            return _attempt(
                rng,
                flags,
                size,
                wilds,
                n_melds,
                perturb,
                wild,
                eight_pairs,
                crowd_wild,
                prefer_stand_in,
            )
        except Reject:
            continue
    raise RuntimeError("could not build a hand")


def _attempt(
    rng, flags, size, wilds, n_melds, perturb, wild, eight_pairs, crowd_wild, prefer_stand_in
):
    k = flags.k
    if size is None:
        size = flags.hand_size + 1 - 3 * n_melds
    if wilds is None:
        wilds = rng.choice((0, 1, 1, 2, 2, 3))
    if perturb is None:
        perturb = rng.choice((0, 0, 0, 1, 1, 2))
    if eight_pairs is None:
        eight_pairs = n_melds == 0 and rng.random() < 0.2
    pungs_only = rng.random() < 0.2
    groups: list[list[int]] = []
    if eight_pairs:
        for _ in range(flags.pairs):
            f = rng.randrange(N_FACES)
            groups.append([f, f])
        groups.append([rng.randrange(N_FACES)] * flags.singles)
    else:
        f = rng.randrange(N_FACES)
        groups.append([f, f])
        for _ in range(k):
            groups.append(_group(rng, pungs_only))
        if rng.random() < 0.2:
            # crowd one face: the pair on a pung, or a pung on a chi, so that
            # the hand needs a fifth copy (only a wild can be it)
            f = rng.choice([t for g in groups[1:] for t in g])
            if rng.random() < 0.5:
                groups[0] = [f, f]
            else:
                groups[rng.randrange(1, len(groups))] = [f, f, f]
    faces = [f for g in groups for f in g]
    if wild is None:
        wild = rng.choice(faces) if rng.random() < 0.5 else rng.randrange(N_FACES)
    if not eight_pairs and n_melds == 0 and rng.random() < crowd_wild:
        # crowd the wild's face: a pair and a pung of it (stand-ins + wilds as
        # themselves, five or more of face W)
        groups[0] = [wild, wild]
        groups[rng.randrange(1, len(groups))] = [wild, wild, wild]
    used = [0] * N_FACES
    # exposed melds first: the last groups (never the wild kind itself)
    melds = []
    body = groups[: len(groups) - n_melds] if n_melds else groups
    for g in groups[len(groups) - n_melds :] if n_melds else []:
        if g[0] == g[1]:
            kind = rng.choice(["pon", "pon", "kong"])
            t = g[0]
            if t == wild:
                raise Reject
            need = 4 if kind == "kong" else 3
            if used[t] + need > flags.copies:
                raise Reject
            used[t] += need
            melds.append((kind, t))
        else:
            if wild in g:
                raise Reject
            for t in g:
                if used[t] + 1 > flags.copies:
                    raise Reject
                used[t] += 1
            melds.append(("chi", g[0]))
    kinds = []
    for g in body:
        for f in g:
            c = _raw_for_face(rng, f, wild, flags, used, prefer_stand_in)
            used[c] += 1
            kinds.append(c)
    rng.shuffle(kinds)
    # perturb: replace tiles by random kinds
    for _ in range(perturb):
        i = rng.randrange(len(kinds))
        used[kinds[i]] -= 1
        c = rng.randrange(N_FACES)
        if used[c] >= _limit(c, wild, flags):
            raise Reject
        used[c] += 1
        kinds[i] = c
    # wilds: replace non-wild tiles until the hand holds the wanted number
    have = kinds.count(wild)
    if have > wilds:
        raise Reject
    others = [i for i, c in enumerate(kinds) if c != wild]
    rng.shuffle(others)
    for i in others[: wilds - have]:
        used[kinds[i]] -= 1
        kinds[i] = wild
        used[wild] += 1
    if used[wild] > flags.live_wilds:
        raise Reject
    # size: drop or add random tiles
    while len(kinds) > size:
        i = rng.randrange(len(kinds))
        if wild in kinds and rng.random() < 0.3:
            i = kinds.index(wild)  # a hand waiting on the wild
        used[kinds[i]] -= 1
        kinds.pop(i)
    while len(kinds) < size:
        c = rng.randrange(N_FACES)
        if used[c] >= _limit(c, wild, flags):
            continue
        used[c] += 1
        kinds.append(c)
    return sorted(kinds), wild, melds
