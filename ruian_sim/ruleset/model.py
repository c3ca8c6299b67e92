"""The RuleSet: one frozen, typed object built from a validated merged file.

Field names follow the YAML keys one to one (rules/schema.json documents
them), so ``rules.wall.dead_stacks`` reads like the file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import yaml

from .. import tiles as T
from ..scoring.facts import TILE_CLASSES

META_KEYS = ("name", "title", "description")
# not part of the game the engine plays: the hash leaves it out too
NOT_PLAYED = ("timing",)


@dataclass(frozen=True)
class Table:
    players: int
    seats: int
    substitute: bool


@dataclass(frozen=True)
class Tiles:
    suits: tuple[str, ...]
    honors: tuple[int, ...]  # kinds
    copies: int
    flowers: int
    aside: tuple[int, ...] = ()        # kinds laid aside and replaced like flowers
    aside_if_wild: int | None = None   # laid aside instead when an `aside` kind is the wild

    @property
    def kinds(self) -> tuple[int, ...]:
        """Suit and honor kinds in play, in index order."""
        suited = [T.kind(r, s) for s in self.suits for r in range(1, T.RANKS + 1)]
        return tuple(sorted(suited + list(self.honors)))

    @property
    def flower_kinds(self) -> tuple[int, ...]:
        return tuple(T.FLOWER_BASE + i for i in range(self.flowers))

    @property
    def total(self) -> int:
        return len(self.kinds) * self.copies + self.flowers


@dataclass(frozen=True)
class Wall:
    sides: int
    stacks_per_side: int
    stack_height: int
    dead_stacks: int
    dead_odd_single: bool
    haidi_tiles: int
    dead_per_kong: tuple[int, ...]
    count: str  # clockwise | counterclockwise: how the dice total counts stacks
    draw: str   # clockwise | counterclockwise: how the head of the wall is drawn


@dataclass(frozen=True)
class Dice:
    dice: int
    throws: int


@dataclass(frozen=True)
class Wild:
    source: str  # turned | next | fixed | none
    fixed: int | None
    turned_out_of_play: bool
    next_cycles: tuple[tuple[int, ...], ...]
    stand_in: int | None
    discard: bool
    claim: bool
    fifth_copy: bool
    rob: bool = False              # 抢金: a ready seat takes the turned wild before the first discard
    turn_past_aside: bool = False  # a turned kind laid aside is set aside like a flower, the next turned
    pair_alone: str = "own"        # two wilds left as the pair: the wild's own kind, or any kind (any)
    max_in_pung: tuple[int, ...] = ()  # most wilds for another kind in a pung, by wilds held (last repeats); () none


@dataclass(frozen=True)
class Deal:
    hand_size: int
    chunk: int
    dealer_extra: int

    @property
    def melds(self) -> int:
        """Melds in a complete hand: (hand_size + 1 - 2) / 3, 5 for 16 tiles."""
        return (self.hand_size - 1) // 3


@dataclass(frozen=True)
class Kongs:
    exposed: bool
    concealed: bool
    added: bool


@dataclass(frozen=True)
class PassBlock:
    worth_more_wins: bool = False   # a discard win worth more than every win passed still stands
    own_discard: bool = False       # discarding a tile that would have won counts as passing that win
    pon_lifts: bool = False         # a pon that leaves the hand incomplete lifts the block


@dataclass(frozen=True)
class Claims:
    chi: str
    pon: bool
    kong: Kongs
    win_on_discard: bool
    rob_kong: str
    priority: tuple[str, ...]
    multiple_wins: str
    pass_blocks_win: bool
    pass_block: PassBlock = PassBlock()   # how 过水 (pass_blocks_win) works beyond the plain block
    last_discard: str = "any"             # any | win_only: what may be claimed on the discard after which no tile is left


@dataclass(frozen=True)
class Shapes:
    standard: bool
    eight_pairs: bool
    eight_pairs_concealed_only: bool
    quad_is_two_pairs: bool
    all_pungs: bool
    three_wilds: bool
    three_wilds_count: int
    special: tuple[Special, ...] = ()


@dataclass(frozen=True)
class Special:
    """A special shape (shapes.special): ``kind`` distinct (``count``
    different kinds of one of the sets, one of them twice more with
    ``pair``) or knitted (every tile of one of the sets once, then melds and
    a pair); ``sets`` are face masks (bit f: face f)."""

    name: str
    kind: str
    sets: tuple[int, ...]
    count: int = 0
    pair: bool = False


@dataclass(frozen=True)
class Hard:
    self_drawn: bool
    three_wilds: bool


@dataclass(frozen=True)
class FourWinds:
    action: str  # none | draw | penalty
    tiles: tuple[int, ...]
    window: str  # opening | any


@dataclass(frozen=True)
class Aborts:
    four_winds: FourWinds
    four_kongs: bool
    triple_win: bool


@dataclass(frozen=True)
class Dealer:
    keep_on_win: bool
    keep_on_draw: bool
    streak_cap: int  # 0: no cap
    next: str = "rotate"  # rotate | first_winner (who deals the next hand)
    draw_term: str = "next"  # next | same: what a kept draw does to the dealer's term
    after_cap: str = "next"  # next | dice: who deals after a dealer kept to streak_cap loses the deal


@dataclass(frozen=True)
class Match:
    rounds: int


@dataclass(frozen=True)
class Exchange:
    tiles: int       # 换三张: tiles of one suit each seat passes after the deal (0: none)
    direction: str   # next | previous | opposite | dice


@dataclass(frozen=True)
class VoidSuit:
    declare: bool    # 定缺: each seat names a suit it must be rid of before it may win


@dataclass(frozen=True)
class End:
    after_wins: int  # wins after which the hand ends (1: the first; more: 血战到底)


@dataclass(frozen=True)
class RuleSet:
    """A complete, validated rule set.  ``data`` is the merged mapping (read only)."""

    name: str
    title: str
    table: Table
    tiles: Tiles
    wall: Wall
    dice: Dice
    wild: Wild
    deal: Deal
    replacement: str
    claims: Claims
    shapes: Shapes
    hard: Hard
    aborts: Aborts
    dealer: Dealer
    match: Match
    end: End
    void_suit: VoidSuit
    exchange: Exchange
    scoring: Any  # the scoring mapping; ruian_sim.scoring reads it
    data: MappingProxyType = field(repr=False, compare=False)
    hash: str = ""
    files: tuple[str, ...] = field(default=(), compare=False)
    notes: tuple[str, ...] = field(default=(), compare=False)   # warnings of validation, said once by commands

    def as_dict(self) -> dict:
        """A plain, mutable copy of the merged mapping."""
        return _thaw(self.data)

    def to_yaml(self) -> str:
        return dump_yaml(_thaw(self.data))

    def __hash__(self) -> int:
        return hash(self.hash)


def content_hash(data: dict) -> str:
    """Stable hash of the rules themselves: names, titles and the table clock
    (`timing`, used only by sessions) do not count."""
    body = {k: v for k, v in data.items() if k not in META_KEYS + NOT_PLAYED}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _by_wilds(v) -> tuple[int, ...]:
    """wild.max_in_pung by wilds held (the last repeats); absent: (), no limit."""
    return () if v is None else tuple(int(x) for x in v)


def _freeze(value):
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value):
    if isinstance(value, MappingProxyType | dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_thaw(v) for v in value]
    return value


class _Dumper(yaml.SafeDumper):
    pass


def _flow_short_lists(dumper, data):
    flow = all(not isinstance(x, dict | list) for x in data) and len(data) <= 12
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _flow_short_lists)


def tile_mask(spec) -> int:
    """The faces of a tile set as a mask (bit f: face f): tiles written tenhou
    style, or the names of tile classes (scoring/facts.TILE_CLASSES)."""
    mask = 0
    for part in (spec if isinstance(spec, (list, tuple)) else [spec]):
        if part in TILE_CLASSES:
            mask |= TILE_CLASSES[part]
        else:
            for k in T.parse(str(part)):
                mask |= 1 << k
    return mask


def dump_yaml(data: dict) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def build(data: dict, files: tuple[str, ...] = (), notes: tuple[str, ...] = ()) -> RuleSet:
    """A RuleSet from a merged mapping that passed validation."""
    d = data
    w, s, c, a = d["wild"], d["shapes"], d["claims"], d["aborts"]
    return RuleSet(
        name=d["name"],
        title=d.get("title", d["name"]),
        table=Table(**d["table"]),
        tiles=Tiles(tuple(d["tiles"]["suits"]), tuple(T.parse_one(h) for h in d["tiles"]["honors"]),
                    d["tiles"]["copies"], d["tiles"]["flowers"],
                    tuple(T.parse_one(k) for k in d["tiles"].get("aside", [])),
                    T.parse_one(d["tiles"]["aside_if_wild"]) if "aside_if_wild" in d["tiles"] else None),
        wall=Wall(**{**d["wall"], "dead_per_kong": tuple(d["wall"]["dead_per_kong"])}),
        dice=Dice(**d["dice"]),
        wild=Wild(
            source=w["source"],
            fixed=T.parse_one(w["fixed"]) if "fixed" in w else None,
            turned_out_of_play=w["turned_out_of_play"],
            next_cycles=tuple(tuple(T.parse_one(t) for t in cyc) for cyc in w.get("next_cycles", [])),
            stand_in=T.parse_one(w["stand_in"]) if "stand_in" in w else None,
            discard=w["discard"], claim=w["claim"], fifth_copy=w["fifth_copy"],
            rob=w.get("rob", False), turn_past_aside=w.get("turn_past_aside", False),
            pair_alone=w.get("pair_alone", "own"),
            max_in_pung=_by_wilds(w.get("max_in_pung")),
        ),
        deal=Deal(**d["deal"]),
        replacement=d["replacement"],
        claims=Claims(c["chi"], c["pon"], Kongs(**c["kong"]), c["win_on_discard"], c["rob_kong"],
                      tuple(c["priority"]), c["multiple_wins"], c["pass_blocks_win"],
                      PassBlock(**c.get("pass_block", {})), c.get("last_discard", "any")),
        shapes=Shapes(
            standard=s["standard"]["enabled"],
            eight_pairs=s["eight_pairs"]["enabled"],
            eight_pairs_concealed_only=s["eight_pairs"]["concealed_only"],
            quad_is_two_pairs=s["eight_pairs"]["quad_is_two_pairs"],
            all_pungs=s["all_pungs"]["enabled"],
            three_wilds=s["three_wilds"]["enabled"],
            three_wilds_count=s["three_wilds"]["wilds"],
            special=tuple(Special(name, sp["kind"], tuple(tile_mask(x) for x in sp["tiles"]),
                                  int(sp.get("count", 0)), bool(sp.get("pair", False)))
                          for name, sp in (s.get("special") or {}).items()),
        ),
        hard=Hard(**d["hard"]),
        aborts=Aborts(FourWinds(a["four_winds"]["action"],
                                tuple(T.parse_one(t) for t in a["four_winds"]["tiles"]),
                                a["four_winds"]["window"]),
                      a["four_kongs"], a["triple_win"]),
        dealer=Dealer(**d["dealer"]),
        match=Match(**d["match"]),
        end=End(**d.get("end", {"after_wins": 1})),   # no `end` section: the hand ends at the first win
        void_suit=VoidSuit(**d.get("void_suit", {"declare": False})),   # no section: no void suit
        exchange=Exchange(**d.get("exchange", {"tiles": 0, "direction": "next"})),   # no section: no exchange
        scoring=_freeze(d["scoring"]),
        data=_freeze(d),
        hash=content_hash(d),
        files=files,
        notes=notes,
    )
