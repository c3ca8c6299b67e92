"""Validation of a merged rule set: the JSON Schema first (validate_schema.py),
then the semantic checks the schema cannot express (counts that must agree, tiles
in play).  Every problem carries the mark of the value that caused it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .. import tiles as T
from ..errors import Mark, Problem, dotted
from ..hand.layout import MAX_SPECIAL
from ..scoring.facts import FACTS
from .model import tile_mask
from .source import Source
from .timing import nonfinite_problems, timing_problems
from .validate_end import end_problems
from .validate_money import money_problems
from .validate_schema import MAX_PROBLEMS, Where, schema, schema_problems
from .validate_scoring import scoring_problems

# --- semantic checks --------------------------------------------------------

MAX_HAND = 16  # hand.layout.M_SLOTS melds: the compiled folds need a fixed row length

Check = Callable[[dict, Where], Iterator[Problem]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


def tiles_in_play(d: dict) -> set[str]:
    out = {f"{r}{s}" for s in d["tiles"]["suits"] for r in range(1, 10)}
    return out | set(d["tiles"]["honors"])


def wall_size(d: dict) -> int:
    w = d["wall"]
    return w["sides"] * w["stacks_per_side"] * w["stack_height"]


def tile_count(d: dict) -> int:
    return len(tiles_in_play(d)) * d["tiles"]["copies"] + d["tiles"]["flowers"]


def wilds_off(d: dict) -> bool:
    return d["wild"]["source"] == "none"


def live_wild_copies(d: dict) -> int:
    w = d["wild"]
    if w["source"] == "none":
        return 0
    turned_is_wild = w["source"] == "turned" and w["turned_out_of_play"]
    return d["tiles"]["copies"] - (1 if turned_is_wild else 0)


TABLE, WALL, TILES, DEAL, WILD = ("table",), ("wall",), ("tiles",), ("deal",), ("wild",)
KINDS = (TILES + ("suits",), TILES + ("honors",))  # what decides the tiles in play
WALL_SIZE = (WALL + ("sides",), WALL + ("stacks_per_side",), WALL + ("stack_height",))


# Each check names every value that takes part, so that `Where.blame` can put
# the problem on the one the user set and cite the built-in ones it meets.

@check
def _table(d, where):
    t = d["table"]
    seats, players, sub = TABLE + ("seats",), TABLE + ("players",), TABLE + ("substitute",)
    if t["seats"] > t["players"]:
        yield where.blame((seats, players), f"{t['seats']} seats but only {t['players']} players")
    elif t["players"] > t["seats"] and not (t["substitute"] and t["players"] == t["seats"] + 1):
        yield where.blame((players, seats, sub),
                          f"{t['players']} players at {t['seats']} seats needs substitute: true and "
                          f"exactly one player more than seats")
    elif t["substitute"] and t["players"] != t["seats"] + 1:
        yield where.blame((sub, players, seats), "a substitute needs exactly one player more than seats")
    if d["wall"]["sides"] != t["seats"]:
        yield where.blame((WALL + ("sides",), seats),
                          f"the dice count walls by seat: sides ({d['wall']['sides']}) must equal "
                          f"seats ({t['seats']})")


@check
def _wall(d, where):
    w, tl = d["wall"], d["tiles"]
    size, tiles = wall_size(d), tile_count(d)
    if size != tiles:
        kinds = len(tiles_in_play(d))
        counts = (TILES + ("flowers",), TILES + ("copies",), *KINDS)
        paths = (WALL + ("stacks_per_side",), WALL + ("sides",), WALL + ("stack_height",), *counts)
        blamed, _ = where.latest(*paths)
        # Name the other side of the equation: the wall for a tile change, and back.
        cite = (WALL + ("stacks_per_side",),) if blamed in counts else counts[:2]
        yield where.blame(paths,
                          f"the wall holds {w['sides']} × {w['stacks_per_side']} × {w['stack_height']} = "
                          f"{size} tiles but the tile set has {kinds} kinds × {tl['copies']} + "
                          f"{tl['flowers']} flowers = {tiles}", cite)
    dead = w["dead_stacks"] * w["stack_height"] + (1 if w["dead_odd_single"] else 0)
    dead_paths = (WALL + ("dead_stacks",), WALL + ("haidi_tiles",), WALL + ("dead_odd_single",))
    seats = d["table"]["seats"]
    if w["haidi_tiles"] > seats:
        yield where.blame((WALL + ("haidi_tiles",), TABLE + ("seats",)),
                          f"{w['haidi_tiles']} 海底 tiles for {seats} seats: each player receives at most "
                          f"one (win or pass, no discard), so at most {seats}")
    if dead + w["haidi_tiles"] >= size:
        yield where.blame(dead_paths + WALL_SIZE,
                          f"dead wall ({dead}) + 海底 tiles ({w['haidi_tiles']}) leave nothing of a "
                          f"{size}-tile wall", dead_paths)
        return
    dl = d["deal"]
    dealt = d["table"]["seats"] * dl["hand_size"] + dl["dealer_extra"]
    turned = 1 if d["wild"]["source"] in ("turned", "next") and d["wild"]["turned_out_of_play"] else 0
    # the deal's 补花 replacements come from the tail too: leave room for every flower,
    # so that no deal reaches into the dead wall
    laid = tl["flowers"] + d["tiles"]["copies"] * len(tl.get("aside", []))  # each is replaced
    spare = size - dead - w["haidi_tiles"] - turned - dealt - laid
    if spare < 0:
        deal_paths = (DEAL + ("hand_size",), DEAL + ("dealer_extra",), TABLE + ("seats",))
        yield where.blame(deal_paths + dead_paths + WALL_SIZE
                          + (WILD + ("source",), WILD + ("turned_out_of_play",), TILES + ("flowers",)),
                          f"the deal needs {dealt} tiles"
                          + (f" and up to {laid} replacements of tiles laid aside" if laid else "")
                          + " but the wall has only "
                          f"{size - dead - w['haidi_tiles'] - turned} before the dead wall and 海底",
                          deal_paths[:2] + dead_paths[:2])


@check
def _deal(d, where):
    dl = d["deal"]
    if dl["hand_size"] % 3 != 1:
        yield Problem(where.value(("deal", "hand_size")), "deal.hand_size",
                      f"hand size must be 1 more than a multiple of 3 (13, 16, ...), got {dl['hand_size']}")
    if dl["hand_size"] > MAX_HAND:
        yield Problem(where.value(("deal", "hand_size")), "deal.hand_size",
                      f"hands of more than {MAX_HAND} tiles (5 melds) are not supported by the "
                      f"compiled lookup tables, got {dl['hand_size']}")
    if dl["chunk"] > dl["hand_size"]:
        yield where.blame((DEAL + ("chunk",), DEAL + ("hand_size",)),
                          f"chunk ({dl['chunk']}) is larger than the hand ({dl['hand_size']})")


@check
def _sizes(d, where):
    """What the rules make the engine build, estimated before it is built: the
    hand tables are keyed in base copies + 1 (hand/tables.py), 8 copies would
    need 37 GB and hours.  (The wall, hands, items and sections are bounded by
    the schema and the checks above.)"""
    from ..hand.tables import MAX_BYTES, most_copies, tables_bytes

    copies = d["tiles"]["copies"]
    need = tables_bytes(copies)
    if need > MAX_BYTES:
        top = most_copies()
        yield Problem(where.value(TILES + ("copies",)), "tiles.copies",
                      f"{copies} copies of each kind would need about {need / 1e9:,.1f} GB to build the hand "
                      f"lookup tables ({copies + 1}^9 = {(copies + 1) ** 9:,} rows a suit); at most {top} copies "
                      f"(about {tables_bytes(top) / 1e9:,.1f} GB)")


def _in_play(where, path: tuple, tile: str) -> Problem:
    return where.blame((path, *KINDS), f"{tile} is not in play", (path,))


@check
def _wild(d, where):
    w = d["wild"]
    play = tiles_in_play(d)
    source = WILD + ("source",)
    if w["source"] == "fixed":
        if "fixed" not in w:
            yield where.blame((source, WILD + ("fixed",)), "source fixed needs a `fixed` tile", ())
        elif w["fixed"] not in play:
            yield _in_play(where, WILD + ("fixed",), w["fixed"])
    if "stand_in" in w and w["stand_in"] not in play:
        yield _in_play(where, WILD + ("stand_in",), w["stand_in"])
    if w["source"] == "next":
        cycles = w.get("next_cycles", [])
        seen: dict[str, int] = {}
        for i, cyc in enumerate(cycles):
            for j, t in enumerate(cyc):
                p = ("wild", "next_cycles", i, j)
                if t not in play:
                    yield _in_play(where, p, t)
                elif t in seen:
                    yield Problem(where.value(p), dotted(p), f"{t} is already in cycle {seen[t]}")
                seen[t] = i
        missing = [h for h in d["tiles"]["honors"] if h not in seen]
        if missing:
            yield where.blame((source, WILD + ("next_cycles",), TILES + ("honors",)),
                              f"source next needs a cycle for every honor; missing {', '.join(missing)}",
                              (source,))


@check
def _aside(d, where):
    tl = d["tiles"]
    play = tiles_in_play(d)
    for i, t in enumerate(tl.get("aside", [])):
        p = ("tiles", "aside", i)
        if t not in play:
            yield _in_play(where, p, t)
        elif t == d["wild"].get("stand_in"):
            yield Problem(where.value(p), dotted(p),
                          f"{t} is the wild's stand-in (wild.stand_in); a kind laid aside never plays")
    if "aside_if_wild" in tl and tl["aside_if_wild"] not in play:
        yield _in_play(where, TILES + ("aside_if_wild",), tl["aside_if_wild"])


@check
def _shapes(d, where):
    s = d["shapes"]
    built_in = [k for k in s if k != "special"]
    if not any(s[k]["enabled"] for k in built_in) and not s.get("special"):
        yield where.blame(tuple(("shapes", k, "enabled") for k in built_in), "no winning shape is enabled", ())
    for name, sp in (s.get("special") or {}).items():
        yield from _special(d, where, name, sp)
    tw = s["three_wilds"]
    live = live_wild_copies(d)
    if tw["enabled"] and tw["wilds"] > live:
        wilds = ("shapes", "three_wilds", "wilds")
        yield where.blame((wilds, ("shapes", "three_wilds", "enabled"), WILD + ("source",),
                           TILES + ("copies",), WILD + ("turned_out_of_play",)),
                          f"the three_wilds shape needs {tw['wilds']} wilds but only {live} are in play"
                          + (", since wild.source is none" if wilds_off(d) else ""), (wilds,))


def _special(d, where, name, sp):
    """A special shape's tile sets are tiles of these rules and its sizes fit the hand."""
    path = ("shapes", "special", name)
    if name in ("standard", "eight_pairs", "all_pungs", "three_wilds") or name in FACTS:
        yield where.blame([path], f"{name!r} is a name the scoring language already uses; a special shape "
                          f"needs a name of its own")
    size = int(d["deal"]["hand_size"]) + 1
    in_play = tiles_in_play(d)
    masks = []
    for j, spec in enumerate(sp.get("tiles", [])):
        try:
            mask = tile_mask(spec)
        except ValueError as e:
            yield where.blame([path + ("tiles", j)], f"{spec!r}: {e}")
            continue
        faces = [f for f in range(34) if (mask >> f) & 1]
        out = [T.name(f) for f in faces if T.name(f) not in in_play]
        if out:
            yield where.blame([path + ("tiles", j)], f"{', '.join(out)} not in play under these rules")
        masks.append(faces)
    if sp.get("kind") == "distinct":
        count, pair = int(sp.get("count", 0)), bool(sp.get("pair", False))
        if count + pair != size:
            yield where.blame([path + ("count",)], f"{count} different kinds{' and a pair' if pair else ''} make "
                              f"{count + pair} tiles; a winning hand of these rules has {size}")
        for j, faces in enumerate(masks):
            if len(faces) < count:
                yield where.blame([path + ("tiles", j)], f"the set has {len(faces)} kinds; the shape needs {count} "
                                  f"different ones")
    elif sp.get("kind") == "knitted":
        for j, faces in enumerate(masks):
            rest = size - len(faces)
            if rest < 2 or rest % 3 != 2:
                yield where.blame([path + ("tiles", j)], f"{len(faces)} tiles leave {rest} of a winning hand of "
                                  f"{size}: not melds and a pair")
    if len(sh_special := d["shapes"].get("special") or {}) > MAX_SPECIAL and name == list(sh_special)[MAX_SPECIAL]:
        yield where.blame([path], f"at most {MAX_SPECIAL} special shapes, not {len(sh_special)}")


@check
def _aborts(d, where):
    play = tiles_in_play(d)
    if d["aborts"]["four_winds"]["action"] == "none":
        return   # the tiles of a run that ends nothing need not be in play (a game without honors)
    for i, t in enumerate(d["aborts"]["four_winds"]["tiles"]):
        p = ("aborts", "four_winds", "tiles", i)
        if t not in play:
            yield _in_play(where, p, t)


@check
def _end(d, where):
    yield from end_problems(d, where)


@check
def _scoring(d, where):
    yield from scoring_problems(d, where)


@check
def _money(d, where):
    yield from money_problems(d, where)


@check
def _finite(d, where):
    """.nan and .inf pass the schema's "number" (NaN compares false with every bound)."""
    yield from nonfinite_problems(d, where.value)


@check
def _timing(d, where):
    if isinstance(d.get("timing"), dict):
        yield from timing_problems(d["timing"], where.value)


def semantic_problems(src: Source, files: list[str] | None = None) -> list[Problem]:
    where = Where(src, files)
    out: list[Problem] = []
    for fn in CHECKS:
        out.extend(fn(src.data, where))
    return out


def problems(src: Source, files: list[str] | None = None) -> list[Problem]:
    """All problems of a merged source: schema problems, or if none, semantic ones.
    ``files`` lists the files applied, in order (to blame the latest of disagreeing values)."""
    found = schema_problems(src)
    if files:
        found = _without_extends(src, files[0], found)
    found = found or semantic_problems(src, files)
    if len(found) > MAX_PROBLEMS:
        found = found[:MAX_PROBLEMS - 1] + [Problem(None, "", f"... and {len(found) - MAX_PROBLEMS + 1:,} "
                                                              f"more problems")]
    return found


def _without_extends(src: Source, root: str, found: list[Problem]) -> list[Problem]:
    """The file at the root of an ``extends:`` chain must be complete; one that
    lacks sections is almost always a variant that forgot its ``extends:``.  Say
    that in one line instead of one line per missing key."""
    required = schema()["required"]
    missing = [k for k in required if k not in src.data]
    if not missing:
        return found
    mostly = len(missing) * 2 > len(required)
    kept = [p for p in found
            if p.message != "missing required key" or (not mostly and "." in p.path)]
    lacks = f"lacks {len(missing)} of the {len(required)} sections ({', '.join(missing)})"
    line = Problem(Mark(root, 1, 1), "extends",
                   f"no extends, so this must be a complete rule file, but it {lacks}; "
                   f"to change only some rules, start the file with `extends: ruian`")
    return [line] + kept
