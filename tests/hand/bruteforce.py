"""A slow, independent reference for hand evaluation with wilds (财神).

Written from the rule semantics only, not from ``ruian_sim.hand``.  Two
implementations live here:

* ``naive_*``: the obviously-correct one.  Every assignment of faces to the
  wilds (combinations with replacement over the 34 faces) is tried, the
  fifth-copy cap is checked, and the resulting 34-count vector is decomposed
  recursively.  Slow (up to 7 140 assignments per hand), used for crafted
  hands and to check the fast one.
* ``brute_*``: the same search, factorised.  Melds, pairs and chis never cross
  a suit, and the fifth-copy cap is per face, so an assignment of faces to the
  wilds is the same thing as a split of the wilds among the four groups
  (m, p, s, honors) plus an assignment inside each group; every group is
  checked on its own (memoised on its count tuple).  Eight pairs is a sum over
  faces, so it is a small exact DP over faces.  Used for the random hands.

Semantics (the default Ruian rules):

* Every tile of the wild kind W is a wild.  The stand-in (白板, 5z) plays as a
  natural tile of face W when the stand-in is active and W is not 5z.
* A wild takes any face.  For a face f != W, the final count of f (natural
  concealed + exposed in the player's melds + wilds given face f) is at most
  ``copies`` unless ``fifth_copy``; face W has no cap.
* Waits leave out a kind the concealed hand already holds every available copy
  of (3 for the wild kind, ``copies`` otherwise).
* standard: a pair + melds (pung or chi); eight_pairs: P pairs + S singles,
  c tiles of one face give c // 2 pairs (at most 1 without quad_is_two_pairs),
  no melds passed; all_pungs: a pair + pungs, no chi melds passed;
  three_wilds: >= n wilds in the concealed hand.  All tiles are used.
* Hard: the shape forms with every wild as face W; three_wilds is hard when
  hard.three_wilds; with hard.self_drawn a self-drawn win is hard in every
  shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

N_FACES = 34
HONOR_BASE = 27
WHITE = 31  # 5z
GROUPS = (
    (0, 9, True),
    (9, 18, True),
    (18, 27, True),
    (27, 34, False),
)  # (start, stop, chi allowed)
NO_CAP = 99

STANDARD = "standard"
EIGHT_PAIRS = "eight_pairs"
ALL_PUNGS = "all_pungs"
THREE_WILDS = "three_wilds"
SHAPE_ORDER = (STANDARD, EIGHT_PAIRS, ALL_PUNGS, THREE_WILDS)


@dataclass(frozen=True)
class Flags:
    hand_size: int = 16
    k: int = 5  # melds in a complete hand with nothing exposed
    standard: bool = True
    eight_pairs: bool = True
    eight_pairs_concealed_only: bool = True
    all_pungs: bool = True
    three_wilds: bool = True
    three_wilds_count: int = 3
    quad_is_two_pairs: bool = True
    stand_in: int | None = WHITE
    copies: int = 4
    live_wilds: int = 3
    fifth_copy: bool = False
    pairs: int = 8
    singles: int = 1
    hard_three_wilds: bool = True
    hard_self_drawn: bool = False
    # The fifth-copy cap counts the tiles of the player's own exposed melds:
    # with a pon of 1m on the table and a 1m in hand, a wild as 1m would be a
    # fifth 1m ("a wild never stands for a fifth copy of a kind").
    cap_counts_exposed: bool = True


def flags_from_rules(rules) -> Flags:
    hs = rules.deal.hand_size
    sh = rules.shapes
    copies = rules.tiles.copies
    return Flags(
        hand_size=hs,
        k=(hs - 1) // 3,
        standard=sh.standard,
        eight_pairs=sh.eight_pairs,
        eight_pairs_concealed_only=sh.eight_pairs_concealed_only,
        all_pungs=sh.all_pungs,
        three_wilds=sh.three_wilds,
        three_wilds_count=sh.three_wilds_count,
        quad_is_two_pairs=sh.quad_is_two_pairs,
        stand_in=rules.wild.stand_in,
        copies=copies,
        live_wilds=copies - 1 if rules.wild.turned_out_of_play else copies,
        fifth_copy=rules.wild.fifth_copy,
        pairs=(hs + 1) // 2,
        singles=(hs + 1) % 2,
        hard_three_wilds=rules.hard.three_wilds,
        hard_self_drawn=rules.hard.self_drawn,
    )


# --------------------------------------------------------------------------- inputs


def _meld_parts(m) -> tuple[str, int]:
    if isinstance(m, tuple):
        return m[0], m[1]
    return m.kind, m.tile


def face_of(kind: int, wild: int, flags: Flags) -> int:
    if flags.stand_in is not None and kind == flags.stand_in and kind != wild:
        return wild
    return kind


class Hand:
    """Natural face counts (concealed), number of wilds, caps per face."""

    def __init__(self, kinds, wild: int, flags: Flags, melds=()):
        self.flags = flags
        self.wild = wild
        self.kinds = list(kinds)
        self.melds = [_meld_parts(m) for m in melds]
        self.wilds = sum(1 for x in self.kinds if x == wild)
        nat = [0] * N_FACES
        for x in self.kinds:
            if x != wild:
                nat[face_of(x, wild, flags)] += 1
        self.nat = tuple(nat)
        exposed = [0] * N_FACES
        self.any_chi = False
        for mk, t in self.melds:
            if mk == "chi":
                self.any_chi = True
                for d in range(3):
                    exposed[face_of(t + d, wild, flags)] += 1
            elif mk == "pon":
                exposed[face_of(t, wild, flags)] += 3
            elif mk == "kong":
                exposed[face_of(t, wild, flags)] += 4
            else:
                raise ValueError(mk)
        self.exposed = tuple(exposed)
        seen = exposed if flags.cap_counts_exposed else [0] * N_FACES
        self.cap = tuple(
            NO_CAP if (f == wild or flags.fifth_copy) else flags.copies - seen[f]
            for f in range(N_FACES)
        )
        self.size = len(self.kinds)
        self.melds_needed = flags.k - len(self.melds)

    @property
    def complete_size(self) -> bool:
        return self.size == 3 * self.melds_needed + 2

    def eight_pairs_allowed(self) -> bool:
        if not self.flags.eight_pairs:
            return False
        if self.melds:  # eight pairs is concealed only (and a meld is no pair)
            return False
        return self.size == 2 * self.flags.pairs + self.flags.singles

    def pairs_of(self, c: int) -> int:
        return c // 2 if self.flags.quad_is_two_pairs else min(c // 2, 1)

    def hard_counts(self) -> tuple[int, ...]:
        """Faces with every wild counting as itself (face W)."""
        c = list(self.nat)
        c[self.wild] += self.wilds
        return tuple(c)


# --------------------------------------------------------------------------- decomposition


@cache
def decompose(vec: tuple[int, ...], need_pair: bool, chi: bool) -> bool:
    """Can ``vec`` (counts of consecutive faces of one group) be split into
    melds (pungs; chis too when ``chi``) plus exactly ``need_pair`` pairs?"""
    i = 0
    while i < len(vec) and vec[i] == 0:
        i += 1
    if i == len(vec):
        return not need_pair
    v = list(vec)
    # the first face present must start some group
    if need_pair and v[i] >= 2:
        v[i] -= 2
        if decompose(tuple(v), False, chi):
            return True
        v[i] += 2
    if v[i] >= 3:
        v[i] -= 3
        if decompose(tuple(v), need_pair, chi):
            return True
        v[i] += 3
    if chi and i + 2 < len(vec) and v[i + 1] > 0 and v[i + 2] > 0:
        v[i] -= 1
        v[i + 1] -= 1
        v[i + 2] -= 1
        if decompose(tuple(v), need_pair, chi):
            return True
    return False


def full_decompose(counts: tuple[int, ...], chi: bool) -> bool:
    """A pair + melds over all 34 faces (checked group by group: a meld never
    crosses a suit, and the pair lies in exactly one group)."""
    parts = [counts[a:b] for a, b, _ in GROUPS]
    chis = [chi and c for _, _, c in GROUPS]
    for p in range(len(GROUPS)):
        if all(decompose(parts[g], g == p, chis[g]) for g in range(len(GROUPS))):
            return True
    return False


@cache
def _naive_decompose34(counts: tuple[int, ...], need_pair: bool, chi: bool) -> bool:
    """Plain recursion over the whole 34-vector, no grouping (for the naive path)."""
    i = 0
    while i < N_FACES and counts[i] == 0:
        i += 1
    if i == N_FACES:
        return not need_pair
    v = list(counts)
    if need_pair and v[i] >= 2:
        v[i] -= 2
        if _naive_decompose34(tuple(v), False, chi):
            return True
        v[i] += 2
    if v[i] >= 3:
        v[i] -= 3
        if _naive_decompose34(tuple(v), need_pair, chi):
            return True
        v[i] += 3
    if chi and i < HONOR_BASE and i % 9 <= 6 and v[i + 1] > 0 and v[i + 2] > 0:
        v[i] -= 1
        v[i + 1] -= 1
        v[i + 2] -= 1
        if _naive_decompose34(tuple(v), need_pair, chi):
            return True
    return False


# --------------------------------------------------------------------------- naive search


def _naive_assignments(h: Hand):
    """Every final face-count vector the wilds can make (cap respected)."""
    for faces in combinations_with_replacement(range(N_FACES), h.wilds):
        c = list(h.nat)
        for f in faces:
            c[f] += 1
        if all(c[f] <= h.cap[f] for f in set(faces)):
            yield tuple(c)


def _naive_forms(h: Hand, counts: tuple[int, ...]) -> set[str]:
    out = set()
    if h.complete_size:
        if h.flags.standard and _naive_decompose34(counts, True, True):
            out.add(STANDARD)
        if h.flags.all_pungs and not h.any_chi and _naive_decompose34(counts, True, False):
            out.add(ALL_PUNGS)
    if h.eight_pairs_allowed() and sum(h.pairs_of(c) for c in counts) >= h.flags.pairs:
        out.add(EIGHT_PAIRS)
    return out


def naive_shapes(kinds, wild: int, flags: Flags, melds=(), self_drawn: bool = False):
    h = Hand(kinds, wild, flags, melds)
    shapes: set[str] = set()
    for counts in _naive_assignments(h):
        shapes |= _naive_forms(h, counts)
        if len(shapes) == 3:
            break
    hard = _naive_forms(h, h.hard_counts())
    assert hard <= shapes
    return _finish(h, shapes, hard, self_drawn)


# --------------------------------------------------------------------------- factorised search


@cache
def _group_ok(
    nat: tuple[int, ...], cap: tuple[int, ...], j: int, need_pair: bool, chi: bool
) -> bool:
    """Some assignment of ``j`` wilds to faces of this group keeps every face
    within its cap and leaves a group that decomposes."""
    for faces in combinations_with_replacement(range(len(nat)), j):
        v = list(nat)
        for f in faces:
            v[f] += 1
        if any(v[f] > cap[f] for f in faces):
            continue
        if decompose(tuple(v), need_pair, chi):
            return True
    return False


def _splits(w: int, parts: int):
    if parts == 1:
        yield (w,)
        return
    for a in range(w + 1):
        for rest in _splits(w - a, parts - 1):
            yield (a, *rest)


def _fast_melds(h: Hand, chi: bool) -> bool:
    nat = [h.nat[a:b] for a, b, _ in GROUPS]
    cap = [h.cap[a:b] for a, b, _ in GROUPS]
    chis = [chi and c for _, _, c in GROUPS]
    for split in _splits(h.wilds, len(GROUPS)):
        for p in range(len(GROUPS)):
            if all(
                _group_ok(nat[g], cap[g], split[g], g == p, chis[g]) for g in range(len(GROUPS))
            ):
                return True
    return False


def _fast_eight_pairs(h: Hand) -> bool:
    """Max pairs over every placement of exactly ``wilds`` wilds (exact DP over faces)."""
    NEG = -1
    best = [0] + [NEG] * h.wilds  # best[j]: most pairs with j wilds placed so far
    for f in range(N_FACES):
        new = [NEG] * (h.wilds + 1)
        for used, val in enumerate(best):
            if val == NEG:
                continue
            for a in range(h.wilds - used + 1):
                if h.nat[f] + a > h.cap[f]:
                    break
                cand = val + h.pairs_of(h.nat[f] + a)
                new[used + a] = max(new[used + a], cand)
        best = new
    return best[h.wilds] >= h.flags.pairs


def _fast_forms(h: Hand) -> set[str]:
    out = set()
    if h.complete_size:
        if h.flags.standard and _fast_melds(h, True):
            out.add(STANDARD)
        if h.flags.all_pungs and not h.any_chi and _fast_melds(h, False):
            out.add(ALL_PUNGS)
    if h.eight_pairs_allowed() and _fast_eight_pairs(h):
        out.add(EIGHT_PAIRS)
    return out


def _hard_forms(h: Hand) -> set[str]:
    c = h.hard_counts()
    out = set()
    if h.complete_size:
        if h.flags.standard and full_decompose(c, True):
            out.add(STANDARD)
        if h.flags.all_pungs and not h.any_chi and full_decompose(c, False):
            out.add(ALL_PUNGS)
    if h.eight_pairs_allowed() and sum(h.pairs_of(x) for x in c) >= h.flags.pairs:
        out.add(EIGHT_PAIRS)
    return out


def _finish(h: Hand, shapes: set[str], hard: set[str], self_drawn: bool):
    if h.flags.three_wilds and h.complete_size and h.wilds >= h.flags.three_wilds_count:
        shapes.add(THREE_WILDS)
        if h.flags.hard_three_wilds:
            hard.add(THREE_WILDS)
    if self_drawn and h.flags.hard_self_drawn:
        hard = set(shapes)
    return shapes, hard


def brute_shapes(kinds, wild: int, flags: Flags, melds=(), self_drawn: bool = False):
    """(shapes, hard_shapes) as sets of names, for a hand of 3k+2 concealed tiles."""
    h = Hand(kinds, wild, flags, melds)
    shapes = _fast_forms(h)
    hard = _hard_forms(h)
    assert hard <= shapes, (kinds, wild, shapes, hard)
    return _finish(h, shapes, hard, self_drawn)


def brute_win(kinds, wild: int, flags: Flags, melds=()) -> bool:
    """Complete in some shape (short-circuits: cheapest shapes first)."""
    h = Hand(kinds, wild, flags, melds)
    if h.flags.three_wilds and h.complete_size and h.wilds >= h.flags.three_wilds_count:
        return True
    if h.eight_pairs_allowed() and _fast_eight_pairs(h):
        return True
    if h.complete_size and h.flags.standard:
        return _fast_melds(h, True)
    if h.complete_size and h.flags.all_pungs and not h.any_chi:
        return _fast_melds(h, False)
    return False


def available(kind: int, wild: int, flags: Flags, melds=()) -> int:
    """Copies of a raw kind a player could still receive: all of them, less
    those already set aside in the player's melds."""
    total = flags.live_wilds if kind == wild else flags.copies
    for m in melds:
        mk, t = _meld_parts(m)
        tiles = [t, t + 1, t + 2] if mk == "chi" else [t] * (3 if mk == "pon" else 4)
        total -= tiles.count(kind)
    return total


def brute_waits(kinds, wild: int, flags: Flags, melds=(), win=brute_win) -> list[int]:
    """Kinds x (0..33) such that hand + x is complete, leaving out kinds whose
    every available copy is already in the hand or its melds."""
    kinds = list(kinds)
    out = []
    for x in range(N_FACES):
        if kinds.count(x) >= available(x, wild, flags, melds):
            continue
        if win(kinds + [x], wild, flags, melds):
            out.append(x)
    return out


def naive_waits(kinds, wild: int, flags: Flags, melds=()) -> list[int]:
    return brute_waits(kinds, wild, flags, melds, win=lambda *a: bool(naive_shapes(*a)[0]))


def ordered(shapes) -> list[str]:
    return [s for s in SHAPE_ORDER if s in shapes]
