"""The facts a scoring table may name, and how each is read from a fact vector.

One table is the source of truth: the compiler reads (op, slot, arg) from it,
the validator its names, the bots' values its kinds, and a test checks it
against rules/schema.json.  ``bound`` is the largest value a fact can take
(for the reachability check of a gate).
"""

from __future__ import annotations

from typing import NamedTuple

from ..hand.layout import SHAPE_NAMES
from . import layout as S


class Fact(NamedTuple):
    kind: str     # "bool" | "count"
    op: int       # layout.OP_*
    slot: int
    arg: int
    bound: int


HARD_SHAPES = ("standard", "eight_pairs", "all_pungs")
_PUNG_KINDS = sum(1 << k for k in (S.MELD_PUNG, S.MELD_KONG_EXPOSED, S.MELD_KONG_ADDED, S.MELD_KONG_CONCEALED))

FACTS: dict[str, Fact] = {
    **{n: Fact("bool", S.OP_BIT, S.FV_SHAPES, i, 1) for i, n in enumerate(SHAPE_NAMES)},
    "hard": Fact("bool", S.OP_NONZERO, S.FV_HARD, 0, 1),
    **{f"hard_{n}": Fact("bool", S.OP_BIT, S.FV_HARD, SHAPE_NAMES.index(n), 1) for n in HARD_SHAPES},
    **{n: Fact("bool", S.OP_BIT, S.FV_FACTS, i, 1) for i, n in enumerate(S.FACT_NAMES)},
    "dealer": Fact("bool", S.OP_SLOT, S.FV_DEALER, 0, 1),
    "winner_dealer": Fact("bool", S.OP_SLOT, S.FV_DEALER, 0, 1),
    "concealed_hand": Fact("bool", S.OP_SLOT, S.FV_CONCEALED, 0, 1),
    "won": Fact("bool", S.OP_SLOT, S.FV_WON, 0, 1),
    "shapes": Fact("count", S.OP_POPCOUNT, S.FV_SHAPES, 0, len(SHAPE_NAMES)),
    "wilds": Fact("count", S.OP_SLOT, S.FV_WILDS, 0, 8),
    "streak": Fact("count", S.OP_SLOT, S.FV_STREAK, 0, 1 << 20),
    "kongs": Fact("count", S.OP_SLOT, S.FV_KONGS, 0, S.N_MELDS),
    "flowers": Fact("count", S.OP_POPCOUNT, S.FV_FLOWER_BITS, 0, 8),
    "own_flowers": Fact("count", S.OP_OWN_FLOWERS, 0, 0, 2),
    "aside": Fact("count", S.OP_SLOT, S.FV_ASIDE, 0, 8),
    "seat_wind": Fact("count", S.OP_SLOT, S.FV_SEAT_WIND, 0, 4),
    "round_wind": Fact("count", S.OP_SLOT, S.FV_ROUND_WIND, 0, 3),
    "pungs": Fact("count", S.OP_MELD_KINDS, 0, _PUNG_KINDS, S.N_MELDS),
    "chis": Fact("count", S.OP_MELD_KINDS, 0, 1 << S.MELD_CHI, S.N_MELDS),
    "pair_wilds": Fact("count", S.OP_PAIR_WILDS, 0, 0, 2),
    "quads_in_pairs": Fact("count", S.OP_SLOT, S.FV_QUADS, 0, 4),
    "fours": Fact("count", S.OP_SLOT, S.FV_FOURS, 0, 8),   # 根: a winning hand holds at most 8 faces four times
    "seasons": Fact("count", S.OP_POPMASK, S.FV_FLOWER_BITS, 0x0F, 4),   # 春夏秋冬, 1f-4f
    "plants": Fact("count", S.OP_POPMASK, S.FV_FLOWER_BITS, 0xF0, 4),    # 梅蘭竹菊, 5f-8f
    "chain": Fact("count", S.OP_SLOT, S.FV_CHAIN, 0, 8),
    "kong_chain": Fact("count", S.OP_SLOT, S.FV_KONG_CHAIN, 0, 8),
    "wild_chain": Fact("count", S.OP_SLOT, S.FV_WILD_CHAIN, 0, 8),
    "whites_total": Fact("count", S.OP_SLOT, S.FV_WHITES, 0, 8),
    # what the reading holds (its melds and pair; a hand without them: its natural tiles)
    "suits": Fact("count", S.OP_GROUPS, 0, 0b111, 3),                 # suits it holds a tile of
    "winds": Fact("count", S.OP_FACES_COUNT, 0, 15 << 27, 4),         # kinds of wind it holds
    "dragons": Fact("count", S.OP_FACES_COUNT, 0, 7 << 31, 3),        # kinds of dragon it holds
    # kinds of wind the seat holds a natural tile of, melds and winning tile included: the 台
    # game's 四风齐 (its server counts each wind drawn less discarded: what is held of one's draws)
    "winds_held": Fact("count", S.OP_POPMASK, S.FV_HELD, 15 << 27, 4),
    "honors": Fact("count", S.OP_FACES_COUNT, 0, 127 << 27, 7),       # kinds of honour it holds
    "run": Fact("count", S.OP_RUN, 0, 0, 9),                          # the longest run of one suit's ranks held
    "shown": Fact("count", S.OP_SLOT, S.FV_SHOWN, 0, 8),              # copies of the winning tile seen before
}
BOOL_FACTS = tuple(n for n, f in FACTS.items() if f.kind == "bool")
COUNT_FACTS = tuple(n for n, f in FACTS.items() if f.kind == "count")
# keys of `when` that are not facts
CONDITION_KEYS = ("wait", "pair", "melds", "tiles", "each", "held_before_win", "test")


def facts_for(shapes: tuple[str, ...] = ()) -> dict[str, Fact]:
    """The facts of a table whose rules declare these special shapes (each
    one's name a fact: the hand forms it, or under scoring.shapes reading,
    the reading is of it), after the language's."""
    extra = {}
    for i, name in enumerate(shapes):
        extra[name] = Fact("bool", S.OP_BIT, S.FV_SHAPES, len(SHAPE_NAMES) + i, 1)
    return {**FACTS, **extra}

# Names a designer reaches for that are not facts (record columns, mostly), and what
# to write instead: a did-you-mean by spelling would point at a different thing
# (flower_bits is not flowers).
NOT_FACTS = {
    "flower_bits": "flower_bits is the records' bit mask of the flowers laid aside, not a fact; count "
                   "flowers with flowers (all 8), own_flowers (the seat's own), seasons (1f-4f, 春夏秋冬) "
                   "or plants (5f-8f, 梅蘭竹菊), e.g. {seasons: 4} for all four seasons",
}


def not_a_fact(name) -> str | None:
    """What to write instead of ``name``, when it is a known non-fact."""
    return NOT_FACTS.get(str(name))

MELD_KINDS = {"chi": (S.MELD_CHI,), "pung": (S.MELD_PUNG,),
              "kong": (S.MELD_KONG_EXPOSED, S.MELD_KONG_ADDED, S.MELD_KONG_CONCEALED),
              "kong_exposed": (S.MELD_KONG_EXPOSED,), "kong_added": (S.MELD_KONG_ADDED,),
              "kong_concealed": (S.MELD_KONG_CONCEALED,),
              "pung_or_kong": (S.MELD_PUNG, S.MELD_KONG_EXPOSED, S.MELD_KONG_ADDED, S.MELD_KONG_CONCEALED)}
CLASSES = {"simple": S.CLASS_SIMPLE, "terminal": S.CLASS_TERMINAL, "honor": S.CLASS_HONOR,
           "wind": S.CLASS_WIND, "dragon": S.CLASS_DRAGON, "seat_wind": S.CLASS_SEAT_WIND,
           "round_wind": S.CLASS_ROUND_WIND, "terminal_or_honor": S.CLASS_TERMINAL | S.CLASS_HONOR,
           "white_dragon": S.CLASS_WHITE_DRAGON, "green_dragon": S.CLASS_GREEN_DRAGON,
           "red_dragon": S.CLASS_RED_DRAGON}
WAITS = {n: i for i, n in enumerate(S.WAIT_NAMES) if n != "none"}
MELD_KINDS["knitted"] = (S.MELD_KNITTED,)

_SUITS = (1 << 27) - 1
_TERMINALS = sum(1 << (9 * g) | 1 << (9 * g + 8) for g in range(3))
# the faces of each tile class, for tile sets (`tiles: {only: [terminal, honor]}`)
TILE_CLASSES = {"simple": _SUITS & ~_TERMINALS, "terminal": _TERMINALS, "honor": 127 << 27,
                "wind": 15 << 27, "dragon": 7 << 31, "suit": _SUITS,
                "terminal_or_honor": _TERMINALS | 127 << 27}
