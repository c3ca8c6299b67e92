"""Semantic checks of how a hand ends and who deals next: how many wins a
hand can have (``end``), the rules that assume a hand ends at its first win
(an abortive draw after a win, a settlement among the losers of the one
win), a first winner dealing next (``dealer.next``), and what passing tiles
of one suit (``exchange``, 换三张) needs of the wall and the hand, and
what kong money paid at once and the settlement of a draw (血战到底) need."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import Problem

AFTER = ("end", "after_wins")

# rules written for a hand that ends at its first win, and the values that say so
ONE_WIN_ONLY = (
    (("aborts", "four_kongs"), lambda v: v is True, "四杠 as an abortive draw"),
    (("aborts", "triple_win"), lambda v: v is True, "三家胡 as an abortive draw"),
    (("aborts", "four_winds", "action"), lambda v: v == "draw", "四同风 as an abortive draw"),
    (("claims", "multiple_wins"), lambda v: v == "draw", "several winners on one discard as a draw"),
    (("scoring", "settle"), lambda v: v == "pairwise", "losers settling among themselves"),
    (("wild", "rob"), lambda v: v is True, "抢金 (a win that ends the hand before its first discard)"),
    # 海底 deals its tiles one to each player: with fewer players left, some would get two
    (("wall", "haidi_tiles"), lambda v: isinstance(v, int) and v > 0, "海底 tiles dealt one to each player"),
)


def _get(d, path):
    for k in path:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def end_problems(d: dict, where) -> Iterator[Problem]:
    nxt = ("dealer", "next")
    if _get(d, nxt) == "first_winner" and d["table"]["substitute"]:
        yield where.blame((nxt, ("table", "substitute")),
                          "the substitute takes the seat of a dealer who passes the deal on; with "
                          "first_winner the deal jumps between seats: set dealer.next to rotate")
    term, keep = ("dealer", "draw_term"), ("dealer", "keep_on_draw")
    if _get(d, term) == "same" and _get(d, keep) is not True:
        yield where.blame((term, keep), "draw_term same is about a drawn hand the dealer keeps: "
                                        "set dealer.keep_on_draw to true")
    block, passes = ("claims", "pass_block"), ("claims", "pass_blocks_win")
    if any((_get(d, block) or {}).values()) and _get(d, passes) is not True:
        yield where.blame((block, passes), "pass_block says how 过水 works, but no pass blocks a win: "
                                           "set claims.pass_blocks_win to true or remove pass_block")
    cap = ("dealer", "after_cap")
    if _get(d, cap) == "dice" and not _get(d, ("dealer", "streak_cap")):
        yield where.blame((cap, ("dealer", "streak_cap")), "after_cap says who deals when streak_cap takes the "
                                                           "deal, but there is no cap: set dealer.streak_cap")
    times = ("scoring", "kongs", "times_base")
    cannon = ("scoring", "kongs", "cannon_transfer")
    if _get(d, times) is True and _get(d, cannon) is True:
        yield where.blame((times, cannon), "呼叫转移 hands on one kong's money whole, but with times_base "
                                           "each payer pays its own: set one of them to false")
    void = ("void_suit", "declare")
    if _get(d, void) is True and len(d["tiles"]["suits"]) < 2:
        yield where.blame((void, ("tiles", "suits")),
                          "a void suit (定缺) needs at least two suits: a hand must win without it")
    yield from _exchange(d, where)
    yield from _draw(d, where)
    rob = ("wild", "rob")
    if _get(d, rob) is True and (_get(d, ("wild", "source")) != "turned"
                                 or _get(d, ("wild", "turned_out_of_play")) is not True):
        yield where.blame((rob, ("wild", "source"), ("wild", "turned_out_of_play")),
                          "抢金 takes the turned tile: it needs wild.source turned and the turned tile out of "
                          "play (turned_out_of_play: true)")
    after = _get(d, AFTER)
    if after is None:
        return
    seats = d["table"]["seats"]
    if after > seats - 1:
        yield where.blame((AFTER, ("table", "seats")),
                          f"after_wins is {after}, but at {seats} seats at most {seats - 1} can win "
                          f"(the last one left cannot)")
    if after <= 1:
        return
    for path, refuses, what in ONE_WIN_ONLY:
        if refuses(_get(d, path)):
            yield where.blame((AFTER, path),
                              f"play goes on after a win (after_wins {after}), but {what} assumes the hand "
                              f"ends at its first win: change {'.'.join(path)} or set after_wins to 1")


def _exchange(d: dict, where) -> Iterator[Problem]:
    """换三张 passes tiles of one suit: every hand must hold that many of some suit."""
    k = _get(d, ("exchange", "tiles")) or 0
    if k == 0:
        return
    tl, deal = d["tiles"], d["deal"]
    suits = len(tl["suits"])
    bad = tuple(p for p, on in ((("tiles", "honors"), tl["honors"]), (("tiles", "flowers"), tl["flowers"]),
                                (("wild", "source"), d["wild"]["source"] != "none")) if on)
    if bad:
        yield where.blame((("exchange", "tiles"), *bad),
                          "passing tiles of one suit (换三张) needs a wall of suits only, with no flowers and "
                          "no wild, so that every hand holds enough of one suit", bad)
    elif deal["hand_size"] < suits * (k - 1) + 1:
        yield where.blame((("exchange", "tiles"), ("deal", "hand_size"), ("tiles", "suits")),
                          f"a hand of {deal['hand_size']} tiles over {suits} suits may hold fewer than {k} "
                          f"of every suit: it needs at least {suits * (k - 1) + 1} to pass {k} of one")


# values that read kong money paid as each kong is made, and what each is
AT_ONCE = (
    (("scoring", "kongs", "exposed_payer"), "discarder", "an exposed kong paid by its discarder"),
    (("scoring", "kongs", "cannon_transfer"), True, "呼叫转移, handing on a kong's money"),
    (("scoring", "draw", "refund_kongs"), True, "退税, giving back the kong money paid in the hand"),
)


def _draw(d: dict, where) -> Iterator[Problem]:
    """Kong money paid at once and the settlement of the seats left at a draw
    (血战到底) need the rules they read."""
    paid = ("scoring", "kongs", "paid")
    for path, value, what in AT_ONCE:
        if _get(d, path) == value and _get(d, paid) != "at_once":
            yield where.blame((path, paid), f"{what} is about kong money paid as each kong is made: "
                                            f"set scoring.kongs.paid to at_once")
    draw = [k for k in ("ready", "void_penalty", "refund_kongs") if _get(d, ("scoring", "draw", k))]
    haidi = ("wall", "haidi_tiles")
    if draw and (_get(d, haidi) or 0) > 0:
        # a 海底 tile is taken with no discard after it: the hands end a tile over, ready or not means nothing
        yield where.blame((("scoring", "draw", draw[0]), haidi),
                          "settling the players left at a draw reads each hand as waiting on one tile, but "
                          "the 海底 round leaves hands a tile over: set wall.haidi_tiles to 0")
    penalty = ("scoring", "draw", "void_penalty")
    if (_get(d, penalty) or 0) > 0 and _get(d, ("void_suit", "declare")) is not True:
        yield where.blame((penalty, ("void_suit", "declare")),
                          "查花猪 charges a player still holding its void suit, but no void suit is named "
                          "(void_suit.declare is false)")
