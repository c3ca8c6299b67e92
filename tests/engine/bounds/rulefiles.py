"""Random *valid-looking* rule files drawn from the schema's option space.

Each is a user file (`extends: ruian` plus overrides) as a dict; the loader
either accepts it (then the engine must play it) or refuses it with a
located message."""

from __future__ import annotations

from hypothesis import strategies as st

SUITS = ["m", "p", "s"]
HONOR_SETS = [[f"{i}z" for i in range(1, 8)], [f"{i}z" for i in range(1, 5)], []]


@st.composite
def rule_files(draw) -> dict:
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=3, unique=True))
    honors = draw(st.sampled_from(HONOR_SETS))
    copies = draw(st.sampled_from([4, 4, 3, 2]))
    flowers = draw(st.sampled_from([0, 0, 8]))
    total = (9 * len(suits) + len(honors)) * copies + flowers
    five = draw(st.booleans()) and draw(st.booleans())
    seats = 4
    heights = [h for h in (1, 2, 3, 4) if total % (seats * h) == 0]
    height = draw(st.sampled_from(heights)) if heights else 1
    stacks = total // (seats * height) if heights else total  # no fit: validation must refuse it
    play = [f"{r}{s}" for s in suits for r in range(1, 10)] + honors
    source = draw(st.sampled_from(["turned", "next", "fixed", "none"]))
    wild: dict = {"source": source, "discard": draw(st.booleans()), "claim": draw(st.booleans()),
                  "turned_out_of_play": draw(st.booleans()), "pair_alone": draw(st.sampled_from(["own", "any"]))}
    if source == "fixed":
        wild["fixed"] = draw(st.sampled_from(play))
    if source == "next":
        wild["next_cycles"] = [honors] if honors else []
    wild["stand_in"] = draw(st.sampled_from(["5z", None])) if "5z" in honors else None
    tiles = {"suits": suits, "honors": honors, "copies": copies, "flowers": flowers}
    if "5z" in honors and wild["stand_in"] is None and draw(st.booleans()):
        tiles["aside"] = ["5z"]  # the 台 game lays 白板 aside like a flower
        if "7z" in honors:
            tiles["aside_if_wild"] = "7z"
    shapes = {name: {"enabled": draw(st.booleans())}
              for name in ("standard", "eight_pairs", "all_pungs", "three_wilds")}
    shapes["three_wilds"]["wilds"] = draw(st.integers(2, 4))
    # play after a win (血战到底) beside the rules written for one win: mostly without them
    after = draw(st.sampled_from([1, 1, 2, 3]))
    one_win = after == 1 or draw(st.integers(0, 4)) == 0
    out = {
        "extends": "ruian",
        "name": "random-file",
        "table": {"players": 5 if five else 4, "seats": seats, "substitute": five},
        "tiles": tiles,
        "wall": {"sides": seats, "stacks_per_side": stacks, "stack_height": height,
                 "dead_stacks": draw(st.integers(0, max(0, min(64, stacks // 2)))),
                 "dead_odd_single": draw(st.booleans()), "haidi_tiles": draw(st.integers(0, 6)),
                 "dead_per_kong": draw(st.sampled_from([[0], [0], [1], [4, 2]])),
                 "count": draw(st.sampled_from(["clockwise", "counterclockwise"])),
                 "draw": draw(st.sampled_from(["clockwise", "counterclockwise"]))},
        "dice": {"dice": draw(st.integers(1, 3)), "throws": draw(st.integers(1, 2))},
        "wild": wild,
        "deal": {"hand_size": (size := draw(st.sampled_from([4, 7, 10, 13, 16, 16]))),
                 "chunk": draw(st.integers(1, min(4, size))), "dealer_extra": draw(st.integers(0, 1))},
        "replacement": draw(st.sampled_from(["tail", "head"])),
        "claims": {"chi": draw(st.sampled_from(["left", "any", "never"])), "pon": draw(st.booleans()),
                   "kong": {k: draw(st.booleans()) for k in ("exposed", "concealed", "added")},
                   "win_on_discard": draw(st.booleans()),
                   "rob_kong": draw(st.sampled_from(["added", "any", "never"])),
                   "multiple_wins": draw(st.sampled_from(["first", "all", "draw"])),
                   "pass_blocks_win": (passes := draw(st.booleans())),
                   "pass_block": {k: passes and draw(st.booleans())
                                  for k in ("worth_more_wins", "own_discard", "pon_lifts")},
                   "last_discard": draw(st.sampled_from(["any", "win_only"]))},
        "shapes": shapes,
        "aborts": {"four_winds": {"action": draw(st.sampled_from(["none", "draw", "penalty"])),
                                  "window": draw(st.sampled_from(["opening", "any"])),
                                  "tiles": [h for h in honors if h in ("1z", "2z", "3z", "4z")]},
                   "four_kongs": draw(st.booleans()), "triple_win": draw(st.booleans())},
        "dealer": {"keep_on_draw": draw(st.booleans()), "streak_cap": (cap := draw(st.integers(0, 4))),
                   "next": "rotate" if five else draw(st.sampled_from(["rotate", "first_winner"])),
                   "after_cap": draw(st.sampled_from(["next", "dice"])) if cap else "next"},
        "end": {"after_wins": after},
        "void_suit": {"declare": len(suits) >= 2 and draw(st.booleans())},
        # 换三张 needs a wall of suits only: without one validation refuses it
        "exchange": {"tiles": draw(st.sampled_from([0, 0, 2, 3])),
                     "direction": draw(st.sampled_from(["next", "previous", "opposite", "dice"]))},
    }
    # kong money paid at once (刮风下雨, 呼叫转移) and the seats left settled at the wall (查叫, 查花猪, 退税)
    at_once = draw(st.booleans())
    out["scoring"] = {"kongs": {"exposed": draw(st.integers(0, 2)), "added": draw(st.integers(0, 2)),
                                "concealed": draw(st.integers(0, 2)),
                                "paid": "at_once" if at_once else "on_win",
                                "exposed_payer": draw(st.sampled_from(["all", "discarder"])) if at_once else "all",
                                "cannon_transfer": at_once and draw(st.booleans())},
                      # the order in which a winning hand's readings are kept
                      "prefer": draw(st.lists(st.sampled_from(["value", "dealer_value", "tai", "points", "times"]),
                                              min_size=1, max_size=4, unique=True))}
    if draw(st.booleans()):
        out["wall"]["haidi_tiles"] = 0   # a 海底 tile would leave hands a tile over at the wall
        out["scoring"]["draw"] = {
            "ready": draw(st.booleans()),
            "void_penalty": draw(st.sampled_from([0, 16])) if out["void_suit"]["declare"] else 0,
            "void_pays_ready": draw(st.booleans()), "refund_kongs": at_once and draw(st.booleans())}
    if draw(st.booleans()):
        out["scoring"].update(_patterns(draw, size))
        special = _special(draw, size)
        if special:
            out["shapes"]["special"] = special
    if not one_win:
        out["wall"]["haidi_tiles"] = 0
        out["claims"]["multiple_wins"] = draw(st.sampled_from(["first", "all"]))
        out["aborts"]["four_winds"]["action"] = draw(st.sampled_from(["none", "penalty"]))
        out["aborts"]["four_kongs"] = out["aborts"]["triple_win"] = False
    return out


TILE_SETS = ["terminal_or_honor", "simple", "23468s6z", "123m123p123s", "honor", "6789m6789p6789s", "5m5p5s"]


def _patterns(draw, size: int) -> dict:
    """The rule language's patterns (docs/scoring-language.md §4) as items added by name,
    and the table's ways of combining them."""
    items = {
        "r_relation": {"tai": 1, "together": {
            "meld": draw(st.sampled_from(["chi", "pung_or_kong", ["chi", "pung"]])),
            "suits": draw(st.sampled_from(["same", "different", "rankwise", "any"])),
            "offsets": draw(st.sampled_from([[0, 0], [0, 1, 2], [0, 3], [[0, 1, 2], [0, 2, 4]], [0, 0, 0, 0]]))}},
        "r_tiles": {"tai": 1, "when": {"tiles": {draw(st.sampled_from(["only", "all", "none"])):
                                                 draw(st.sampled_from(TILE_SETS))}}},
        "r_one_of": {"times": 2, "when": {"tiles": {"one_of": ["147m258p369s", "123m456p789s"]}}},
        "r_each": {"tai": 1, "when": {"each": draw(st.sampled_from(TILE_SETS))}},
        "r_counts": {"points": 1, "per": draw(st.sampled_from(["fours - kongs", "suits + honors", "run",
                                                               "r_relation + winds"]))},
        "r_presence": {"tai": 1, "when": {"suits": draw(st.integers(0, 3)), "dragons": {"min": 0}}},
        "r_shown": {"tai": 1, "when": {"shown": {"min": draw(st.integers(0, 3))}}},
        "r_before": {"tai": 1, "when": {"held_before_win": draw(st.sampled_from(["1112345678999", "11"]))}},
        "r_test": {"tai": 1, "when": {"test": "pungs - chis >= 1"}, "excludes": ["r_each"]},
        "r_fallback": {"tai": 1, "fallback": draw(st.sampled_from([True, {"besides": ["r_shown"]}]))},
    }
    return {"items": items, "counts": {"r_wind_pungs": {"melds": {"meld": "pung_or_kong", "class": "wind"}}},
            "combine": draw(st.sampled_from(["free", "once"])), "shapes": draw(st.sampled_from(["hand", "reading"])),
            "excluders": draw(st.sampled_from(["applied", "kept"])),
            "waits": draw(st.sampled_from(["live", "formal"]))}


def _special(draw, size: int) -> dict:
    """Special shapes a 13- or 16-tile hand can form (a sixth shape beside mcr's is refused at its line)."""
    kinds = draw(st.sampled_from(["none", "distinct", "knitted", "both"]))
    out = {}
    if kinds in ("distinct", "both") and size == 13:
        out["r_orphans"] = {"kind": "distinct", "tiles": ["terminal_or_honor"], "count": size, "pair": True}
    if kinds in ("knitted", "both"):
        out["r_knitted"] = {"kind": "knitted", "tiles": ["147m258p369s", "369m147p258s"]}
    return out


@st.composite
def pattern_files(draw) -> dict:
    """A playable game (mcr, 13 tiles, or taiwanese, 16) with random pattern items, shapes
    and flags on top: every file plays, so each example runs the pattern kernels."""
    base = draw(st.sampled_from(["mcr", "taiwanese"]))
    size = 13 if base == "mcr" else 16
    out = {"extends": base, "name": "random-patterns", "scoring": _patterns(draw, size)}
    special = _special(draw, size)
    if special:
        out["shapes"] = {"special": special}
    return out
