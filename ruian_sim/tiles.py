"""Tile kinds and the tenhou-style notation (the contract other tools rely on).

``123m`` characters (万), ``456p`` dots (筒), ``789s`` bamboo (条), ``1z``-``7z``
the honors East South West North White Green Red (东 南 西 北 白 发 中) and
``1f``-``8f`` the flowers (春 夏 秋 冬 梅 兰 竹 菊).  ``0`` is not a tile.

Every kind the notation can write has one index, the same for every rule
file: the rules say which kinds are in play and how many copies each has, the
notation only names them.  Index layout::

    0..8    1m..9m        18..26  1s..9s        34..41  1f..8f
    9..17   1p..9p        27..33  1z..7z
"""

from __future__ import annotations

from collections.abc import Iterable

SUIT_LETTERS = "mps"
RANKS = 9
HONOR_LETTER = "z"
HONORS = 7
FLOWER_LETTER = "f"
FLOWERS = 8

HONOR_BASE = len(SUIT_LETTERS) * RANKS  # 27
FLOWER_BASE = HONOR_BASE + HONORS  # 34
N_KINDS = FLOWER_BASE + FLOWERS  # 42

_LIMIT = {**{s: RANKS for s in SUIT_LETTERS}, HONOR_LETTER: HONORS, FLOWER_LETTER: FLOWERS}
_BASE = {
    **{s: i * RANKS for i, s in enumerate(SUIT_LETTERS)},
    HONOR_LETTER: HONOR_BASE,
    FLOWER_LETTER: FLOWER_BASE,
}
_ORDER = SUIT_LETTERS + HONOR_LETTER + FLOWER_LETTER



class TileError(ValueError):
    """A tile string that is not valid notation.  ``position`` is 0-based."""

    def __init__(self, text: str, position: int, message: str):
        self.text = text
        self.position = position
        self.message = message
        # a window around the offending character: the text may be a whole stdin line
        near = text if len(text) <= 60 else (("…" if position > 30 else "") + text[max(0, position - 30):position + 30]
                                             + ("…" if position + 30 < len(text) else ""))
        super().__init__(f"{message} at character {position + 1} of {near!r}")


def kind(rank: int, letter: str) -> int:
    """Index of the tile ``rank`` + ``letter`` (``kind(5, 'm')`` is 5m)."""
    if letter not in _LIMIT or not 1 <= rank <= _LIMIT[letter]:
        raise ValueError(f"no tile {rank}{letter}")
    return _BASE[letter] + rank - 1


def letter_of(k: int) -> str:
    for letter in reversed(_ORDER):
        if k >= _BASE[letter]:
            return letter
    raise ValueError(f"no tile kind {k}")


def rank_of(k: int) -> int:
    return k - _BASE[letter_of(k)] + 1


def is_suited(k: int) -> bool:
    return 0 <= k < HONOR_BASE


def is_honor(k: int) -> bool:
    return HONOR_BASE <= k < FLOWER_BASE


def is_flower(k: int) -> bool:
    return FLOWER_BASE <= k < N_KINDS


def name(k: int) -> str:
    """Notation of one kind: ``name(4) == '5m'``."""
    if not 0 <= k < N_KINDS:
        raise ValueError(f"no tile kind {k}")
    return f"{rank_of(k)}{letter_of(k)}"


def parse(text: str) -> list[int]:
    """Kinds in the order written: ``parse('123m5z') == [0, 1, 2, 31]``.

    Spaces are allowed between groups.  Errors name the offending character.
    """
    kinds: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            if ch == "0":
                raise TileError(text, pos, "'0' is not a tile (red fives are not used)")
            pending.append((int(ch), pos))
        elif ch in _LIMIT:
            if not pending:
                raise TileError(text, pos, f"suit letter {ch!r} has no digits before it")
            for digit, dpos in pending:
                if digit > _LIMIT[ch]:
                    raise TileError(
                        text, dpos, f"'{digit}{ch}' is not a tile ({ch} goes from 1 to {_LIMIT[ch]})"
                    )
                kinds.append(_BASE[ch] + digit - 1)
            pending.clear()
        elif ch.isspace():
            if pending:
                raise TileError(text, pos, "digits must be followed by a suit letter (m p s z f)")
        else:
            raise TileError(text, pos, f"unexpected character {ch!r} (expected digits and m p s z f)")
    if pending:
        raise TileError(text, pending[-1][1], "digits at the end have no suit letter (m p s z f)")
    return kinds


def parse_one(text: str) -> int:
    """Exactly one tile, e.g. a ``--wild`` argument."""
    kinds = parse(text.strip())
    if len(kinds) != 1:
        raise TileError(text, 0, f"expected one tile, got {len(kinds)}")
    return kinds[0]


def counts(kinds: Iterable[int]) -> list[int]:
    out = [0] * N_KINDS
    for k in kinds:
        out[k] += 1
    return out


def format_kinds(kinds: Iterable[int]) -> str:
    """Compact sorted notation: ``format_kinds([2, 0, 1, 31]) == '123m5z'``."""
    by_letter: dict[str, list[int]] = {}
    for k in sorted(kinds):
        by_letter.setdefault(letter_of(k), []).append(rank_of(k))
    return "".join("".join(map(str, by_letter[letter])) + letter for letter in _ORDER if letter in by_letter)


def format_counts(cnt: Iterable[int]) -> str:
    return format_kinds(k for k, c in enumerate(cnt) for _ in range(int(c)))
