"""An outside scorer for MCR (国标麻将): PyMahjongGB, and how to compare the project with it.

PyMahjongGB (PyPI ``pymahjonggb``, module ``MahjongGB``) wraps the fan calculator of
summerinsects/ChineseOfficialMahjongHelper, the reference rules/mcr.yaml follows.
Hands are given in a neutral description shared by the oracle and the project::

    {"hand": "234567m12789p55s",            # concealed tiles BEFORE the winning tile
     "tile": "3p",                          # the winning tile
     "melds": [{"meld": "chi 123m", "claimed": "2m", "from": 3},
               {"meld": "pon 555p", "from": 1},
               {"meld": "kong 7777z", "from": 2},   # exposed kong (claimed from a discard)
               {"meld": "added 2222s", "from": 3},  # a pung upgraded to a kong
               "akong 1111m"],                      # a CONCEALED kong
     "win": "self|discard|kong|robbed", "last": False, "fourth": False,
     "seat": 0, "round": 0, "flowers": 0}

``from`` is the discarder's seat offset (1 next, 2 opposite, 3 previous player);
``fourth`` is PyMahjongGB's is4thTile (和绝张: the other three copies were seen);
``flowers`` is a count.  The neutral meld words are not the project's: neutral
``akong`` (concealed) is the project's ``ckong`` and neutral ``added`` is the
project's ``akong``; ``to_project`` translates.

* ``score(h)``: PyMahjongGB's verdict {win, complete, fan_total, flowers, fans, error}.
* ``to_project(h)``: the keyword arguments of ``ruian_sim.settle.hand.score_hand``.

PyMahjongGB quirks handled here (details in its source, fan_calculator.cpp):
it never checks the 8-fan minimum (``win`` applies it, flowers excluded), never checks
the four-copies limit (checked here), and silently corrects some flags (robbing without
the tile, a replacement-tile win without a kong, is4thTile against the hand), which the
checks below refuse instead, so that a generated hand means what it says.
"""
import re
from collections import Counter

from MahjongGB import MahjongFanCalculator

# (name in rules/mcr.yaml, PyMahjongGB's Chinese name, fan), in the rulebook's order:
# the 81 fans, then the reference's extra 明暗杠 (one exposed + one concealed kong, 5 fan).
FAN_TABLE = [
    ("big_four_winds", "大四喜", 88), ("big_three_dragons", "大三元", 88), ("all_green", "绿一色", 88),
    ("nine_gates", "九莲宝灯", 88), ("four_kongs", "四杠", 88), ("seven_shifted_pairs", "连七对", 88),
    ("thirteen_orphans", "十三幺", 88),
    ("all_terminals", "清幺九", 64), ("little_four_winds", "小四喜", 64),
    ("little_three_dragons", "小三元", 64), ("all_honors", "字一色", 64),
    ("four_concealed_pungs", "四暗刻", 64), ("pure_terminal_chows", "一色双龙会", 64),
    ("quadruple_chow", "一色四同顺", 48), ("four_pure_shifted_pungs", "一色四节高", 48),
    ("four_pure_shifted_chows", "一色四步高", 32), ("three_kongs", "三杠", 32),
    ("all_terminals_and_honors", "混幺九", 32),
    ("seven_pairs", "七对", 24), ("greater_honors_and_knitted_tiles", "七星不靠", 24),
    ("all_even_pungs", "全双刻", 24), ("full_flush", "清一色", 24), ("pure_triple_chow", "一色三同顺", 24),
    ("pure_shifted_pungs", "一色三节高", 24), ("upper_tiles", "全大", 24), ("middle_tiles", "全中", 24),
    ("lower_tiles", "全小", 24),
    ("pure_straight", "清龙", 16), ("three_suited_terminal_chows", "三色双龙会", 16),
    ("pure_shifted_chows", "一色三步高", 16), ("all_fives", "全带五", 16), ("triple_pung", "三同刻", 16),
    ("three_concealed_pungs", "三暗刻", 16),
    ("lesser_honors_and_knitted_tiles", "全不靠", 12), ("knitted_straight", "组合龙", 12),
    ("upper_four", "大于五", 12), ("lower_four", "小于五", 12), ("big_three_winds", "三风刻", 12),
    ("mixed_straight", "花龙", 8), ("reversible_tiles", "推不倒", 8), ("mixed_triple_chow", "三色三同顺", 8),
    ("mixed_shifted_pungs", "三色三节高", 8), ("chicken_hand", "无番和", 8), ("last_tile_draw", "妙手回春", 8),
    ("last_tile_claim", "海底捞月", 8), ("out_with_replacement_tile", "杠上开花", 8),
    ("robbing_the_kong", "抢杠和", 8),
    ("all_pungs", "碰碰和", 6), ("half_flush", "混一色", 6), ("mixed_shifted_chows", "三色三步高", 6),
    ("all_types", "五门齐", 6), ("melded_hand", "全求人", 6), ("two_concealed_kongs", "双暗杠", 6),
    ("two_dragon_pungs", "双箭刻", 6),
    ("outside_hand", "全带幺", 4), ("fully_concealed_hand", "不求人", 4), ("two_melded_kongs", "双明杠", 4),
    ("last_tile", "和绝张", 4),
    ("dragon_pung", "箭刻", 2), ("prevalent_wind", "圈风刻", 2), ("seat_wind", "门风刻", 2),
    ("concealed_hand", "门前清", 2), ("all_chows", "平和", 2), ("tile_hog", "四归一", 2),
    ("double_pung", "双同刻", 2), ("two_concealed_pungs", "双暗刻", 2), ("concealed_kong", "暗杠", 2),
    ("all_simples", "断幺", 2),
    ("pure_double_chow", "一般高", 1), ("mixed_double_chow", "喜相逢", 1), ("short_straight", "连六", 1),
    ("two_terminal_chows", "老少副", 1), ("pung_of_terminals_or_honors", "幺九刻", 1),
    ("melded_kong", "明杠", 1), ("one_voided_suit", "缺一门", 1), ("no_honors", "无字", 1),
    ("edge_wait", "独听・边张", 1), ("closed_wait", "独听・嵌张", 1), ("single_wait", "独听・单钓", 1),
    ("self_drawn", "自摸", 1), ("flower_tiles", "花牌", 1),
    ("concealed_kong_and_melded_kong", "明暗杠", 5),
]
FANS_81 = [name for name, _, _ in FAN_TABLE[:81]]
FAN_VALUE = {name: fan for name, _, fan in FAN_TABLE}
ZH2NAME = {zh: name for name, zh, _ in FAN_TABLE}
WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")

# ----------------------------------------------------------------- tiles
# Tiles are "1m".."9m", "1p".., "1s".., "1z".."7z" (E S W N, White Green Red).
ALL_TILES = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
# PyMahjongGB: characters W, dots B, bamboo T; J1 is Red and J3 White (the dragon trap).
_GB = {**{f"{r}{s}": g + str(r) for s, g in (("m", "W"), ("p", "B"), ("s", "T")) for r in range(1, 10)},
       "1z": "F1", "2z": "F2", "3z": "F3", "4z": "F4", "5z": "J3", "6z": "J2", "7z": "J1"}


class InputError(ValueError):
    """A malformed or physically impossible hand description."""


def parse_tiles(s):
    """'123m55z' -> ['1m', '2m', '3m', '5z', '5z']; '0' is read as a 5."""
    if not isinstance(s, str) or not re.fullmatch(r"(?:[0-9]+[mpsz])*", s.replace(" ", "")):
        raise InputError(f"bad tile string {s!r}")
    out = []
    for digits, suit in re.findall(r"([0-9]+)([mpsz])", s.replace(" ", "")):
        for d in digits:
            r = 5 if d == "0" else int(d)
            if suit == "z" and r > 7:
                raise InputError(f"bad honor {d}z")
            out.append(f"{r}{suit}")
    return out


def tile_key(t):
    return "mpsz".index(t[1]), int(t[0])


def tenhou(tiles):
    """['1m', '2m', '5z'] -> '12m5z', sorted."""
    out, cur = "", None
    for t in sorted(tiles, key=tile_key):
        if cur is not None and t[1] != cur:
            out += cur
        out += t[0]
        cur = t[1]
    return out + (cur or "")


# ----------------------------------------------------------------- melds
MELD_SIZE = {"chi": 3, "pon": 3, "kong": 4, "akong": 4, "added": 4}


def parse_meld(m):
    """A neutral meld (a string or {"meld", "claimed", "from"}) -> {kind, tiles, claimed, frm}."""
    if isinstance(m, str):
        m = {"meld": m}
    parts = m.get("meld", "").split() if isinstance(m, dict) else []
    if len(parts) != 2 or parts[0] not in MELD_SIZE:
        raise InputError(f"bad meld {m!r}")
    kind, tiles = parts[0], sorted(parse_tiles(parts[1]), key=tile_key)
    if len(tiles) != MELD_SIZE[kind]:
        raise InputError(f"{kind} needs {MELD_SIZE[kind]} tiles: {m['meld']!r}")
    if kind == "chi":
        ranks = [int(t[0]) for t in tiles]
        if len({t[1] for t in tiles}) != 1 or tiles[0][1] == "z" or ranks != list(range(ranks[0], ranks[0] + 3)):
            raise InputError(f"chi is not a run: {m['meld']!r}")
    elif len(set(tiles)) != 1:
        raise InputError(f"{kind} tiles differ: {m['meld']!r}")
    frm = m.get("from")
    if kind == "akong":
        if frm not in (None, 0):
            raise InputError("a concealed kong was claimed from nobody")
        frm = 0
    else:
        frm = 3 if frm is None else frm
        if frm not in (1, 2, 3):
            raise InputError(f"'from' must be 1, 2 or 3: {m!r}")
        if kind == "chi" and frm != 3:
            raise InputError("a chow can only be claimed from the previous player (from=3)")
    claimed = None
    if kind == "chi":
        claimed = parse_tiles(m.get("claimed") or tiles[0])
        if len(claimed) != 1 or claimed[0] not in tiles:
            raise InputError(f"claimed tile not in the chow: {m!r}")
        claimed = claimed[0]
    return {"kind": kind, "tiles": tiles, "claimed": claimed, "frm": frm}


def _pack(md):
    """A parsed meld -> PyMahjongGB's (type, tile, offer); offer 0 means concealed."""
    kind, t = md["kind"], md["tiles"]
    if kind == "chi":   # the middle tile; offer = which tile was claimed, 1 lowest .. 3 highest
        return "CHI", _GB[t[1]], t.index(md["claimed"]) + 1
    if kind == "akong":
        return "GANG", _GB[t[0]], 0
    # pon / kong / added: offer 1 = previous player (from 3), 2 = opposite, 3 = next player
    return ("PENG" if kind == "pon" else "GANG"), _GB[t[0]], 4 - md["frm"]


# ----------------------------------------------------------------- the hand
WINS = ("self", "discard", "kong", "robbed")


def parse(h):
    """Check a neutral hand and return its parts: hand (sorted tiles), tile, melds (parsed)."""
    hand = sorted(parse_tiles(h.get("hand", "")), key=tile_key)
    tile = parse_tiles(h.get("tile", ""))
    if len(tile) != 1:
        raise InputError("'tile' must be exactly one tile")
    tile = tile[0]
    melds = [parse_meld(m) for m in h.get("melds", [])]
    if len(melds) > 4 or len(hand) != 13 - 3 * len(melds):
        raise InputError(f"{len(hand)} concealed tiles beside {len(melds)} melds; 13 - 3 a meld expected")
    win = h.get("win", "discard")
    if win not in WINS:
        raise InputError(f"win must be one of {WINS}")
    for key, hi in (("seat", 3), ("round", 3), ("flowers", 8)):
        v = h.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
            raise InputError(f"{key} must be an int 0..{hi}")
    return hand, tile, melds


def _check_physical(h, hand, tile, melds):
    """Refuse what no play can reach (PyMahjongGB would score it, or silently fix a flag)."""
    in_melds = Counter(t for md in melds for t in md["tiles"])
    total = in_melds + Counter(hand) + Counter([tile])
    over = sorted((t for t, c in total.items() if c > 4), key=tile_key)
    if over:
        raise InputError(f"more than 4 copies of {','.join(over)}")
    win, last, fourth = h.get("win", "discard"), h.get("last", False), h.get("fourth", False)
    if win == "kong" and not any(md["kind"] in ("kong", "akong", "added") for md in melds):
        raise InputError("win=kong (replacement tile) needs a kong among the melds")
    if win == "robbed":
        if last:
            raise InputError("robbing the kong cannot be the wall's last tile")
        if total[tile] != 1:
            raise InputError("robbing the kong: the winner cannot hold another copy of the robbed tile")
    else:
        if fourth and tile in hand:
            raise InputError("fourth=true but the winner holds a copy of the winning tile")
        if not fourth and in_melds[tile] == 3:
            raise InputError("fourth=false but the winner's own melds already show 3 copies")


def oracle_call(h):
    """The keyword arguments of MahjongFanCalculator for a neutral hand (checked)."""
    hand, tile, melds = parse(h)
    _check_physical(h, hand, tile, melds)
    win = h.get("win", "discard")
    return {"pack": tuple(_pack(md) for md in melds), "hand": tuple(_GB[t] for t in hand),
            "winTile": _GB[tile], "flowerCount": h.get("flowers", 0),
            "isSelfDrawn": win in ("self", "kong"), "is4thTile": bool(h.get("fourth", False)),
            "isAboutKong": win in ("kong", "robbed"), "isWallLast": bool(h.get("last", False)),
            "seatWind": h.get("seat", 0), "prevalentWind": h.get("round", 0)}


def score(h):
    """PyMahjongGB's verdict on a neutral hand:
    {win, complete, fan_total, flowers, fans: {name: fan}, error}.
    fans and fan_total leave the flowers out (they do not count toward the 8);
    win = complete and fan_total >= 8; an input error gives win False and ``error``."""
    res = {"win": False, "complete": False, "fan_total": 0, "flowers": h.get("flowers", 0),
           "fans": {}, "error": None}
    try:
        call = oracle_call(h)
    except InputError as exc:
        return {**res, "error": str(exc)}
    try:
        out = MahjongFanCalculator(verbose=True, **call)
    except TypeError as exc:
        if str(exc) == "ERROR_NOT_WIN":   # an incomplete hand: not a win, not an error
            return res
        return {**res, "error": f"pymahjonggb: {exc}"}
    fans = {}
    for value, count, zh, _en in out:
        name = ZH2NAME[zh]
        if name != "flower_tiles":
            fans[name] = fans.get(name, 0) + value * count
    total = sum(fans.values())
    return {**res, "win": total >= 8, "complete": True, "fan_total": total, "fans": fans}


# ----------------------------------------------------------------- to the project
# neutral meld word -> the project's (score_hand) meld word
PROJECT_MELD = {"chi": "chi", "pon": "pon", "kong": "kong", "akong": "ckong", "added": "akong"}


def shown(h):
    """score_hand's ``shown``: copies of the winning tile's kind seen before the win.
    和绝张 (fourth) is shown == 3; otherwise what the winner's own exposed melds show."""
    _, tile, melds = parse(h)
    if h.get("fourth"):
        return 3
    return sum(md["tiles"].count(tile) for md in melds if md["kind"] != "akong")


def to_project(h):
    """The keyword arguments of score_hand (and HandScorer.score) for a neutral hand."""
    _, tile, melds = parse(h)
    return {"hand": h["hand"], "tile": tile, "win": h.get("win", "discard"),
            "melds": ", ".join(f"{PROJECT_MELD[md['kind']]} {tenhou(md['tiles'])}" for md in melds),
            "seat": h.get("seat", 0), "round": h.get("round", 0),
            "flowers": "".join(f"{i}f" for i in range(1, h.get("flowers", 0) + 1)),
            "shown": shown(h), "last": bool(h.get("last", False))}


def project_fans(got):
    """The project's fan items without the flowers (as the oracle's ``fans``)."""
    return {k: v for k, v in got["items"].items() if v and k != "flower_tiles"}


def fan_difference(mine, ref):
    """{name: project fan - oracle fan} for every fan where the two differ."""
    return {k: mine.get(k, 0) - ref.get(k, 0) for k in sorted(set(mine) | set(ref))
            if mine.get(k, 0) != ref.get(k, 0)}
