"""`ruian-sim hand`: evaluate concealed hands written as tiles (one JSON object a
hand), and score a complete one under the rules' table."""

from __future__ import annotations

import argparse
import json
import sys

from ... import tiles as T
from ...errors import UserError
from ..options import add_rules_args, examples

TILE_NOTATION = """Tile notation (tenhou style): digits then a suit letter, 123m = 1m 2m 3m.
  1m-9m  characters 万        1p-9p  dots 筒        1s-9s  bamboo 条
  1z-7z  honors: 1z East 东, 2z South 南, 3z West 西, 4z North 北,
                 5z White 白, 6z Green 发, 7z Red 中
  1f-8f  flowers (only in rules with flowers)
0 is not a tile.  The hand is concealed: 16 or 17 tiles for the default rules
(the hand size comes from the rules)."""


def register(sub) -> None:
    p = sub.add_parser("hand", help="evaluate concealed hands: win, shapes, hard, shanten, waits",
                       description="One JSON object per hand on stdout: hand, win, complete, shapes, hard, "
                                   "shanten (-1 complete, 0 ready), waits. complete: the tiles make a whole "
                                   "hand; win: complete and, with --win, allowed by the table (a gate such as "
                                   "mcr's 8 fan), as score.win says.\n\n" + TILE_NOTATION,
                       **examples("ruian-sim hand --wild 9s 123456789m123456p1z",
                                  "ruian-sim hand --wild 5m 123456789m123456p11z",
                                  "ruian-sim hand --variant taiwanese --wild none --win self --seat 0 "
                                  "--flowers 1f 123456789m11122z --melds 'pon 555p'",
                                  "printf '123456789m123456p1z\\n123m456p789s1122z33z5z\\n' | "
                                  "ruian-sim hand --wild 5p -"))
    add_rules_args(p)
    p.add_argument("--wild", metavar="TILE",
                   help="the wild's kind, e.g. 5m (required when the rules have a wild; 'none' for none)")
    p.add_argument("hand", metavar="HAND|-", nargs="?",
                   help="tiles in notation, e.g. 123m456p789s11z; '-' reads one hand per line from stdin")
    p.add_argument("--jsonl", action="store_true",
                   help="read one JSON object a line from stdin, its keys the long options (hand, tile, melds, "
                        "win, seat, round, flowers, last, shown, discarder, wild, ...; the command line's "
                        "options are the defaults), and answer one JSON object a line in the same order; a "
                        "line that cannot be scored answers {\"error\": ...} and the rest go on")
    g = p.add_argument_group("scoring a complete hand (prints a `score` object: value, parts, items)")
    g.add_argument("--win", choices=("self", "discard", "kong", "robbed", "haidi", "gold", "ready", "none"),
                   help="how the hand was won; scores it under the rules' table (gold: 抢金, the turned tile "
                        "taken as a wild, --tile the wild; ready: not won, ready at an exhaustive draw and "
                        "valued on the winning tile, 查叫; none: a seat that did not win, valued as pairwise "
                        "settlement reads it, scoring.read_losers)")
    g.add_argument("--melds", metavar="MELDS", default="",
                   help="melds set aside: 'pon 555p, chi 123s, kong 7777z, akong 2222m, ckong 1111m' "
                        "(kong exposed, akong added to a pon, ckong concealed)")
    g.add_argument("--tile", metavar="TILE", default="",
                   help="the winning tile (default: the last tile written; needed when HAND is one short)")
    g.add_argument("--seat", type=int, choices=range(4), default=1, metavar="0-3",
                   help="the seat's wind, 0 = East = the dealer (default 1)")
    g.add_argument("--round", type=int, choices=range(4), default=0, metavar="0-3",
                   help="the round wind, 0 = East (default 0)")
    g.add_argument("--flowers", metavar="TILES", default="",
                   help="flowers (and kinds laid aside) in front of the seat, e.g. 1f5f")
    g.add_argument("--streak", type=int, default=1, metavar="N", help="the dealer's term (default 1)")
    g.add_argument("--first", action="store_true",
                   help="won in the first go-around with nothing claimed: 天胡 for the dealer's self-draw "
                        "(no winning tile unless --tile says), 地胡 otherwise")
    g.add_argument("--last", action="store_true",
                   help="won on the last tile anyone could draw (海底撈月, with --win self/kong/haidi) "
                        "or on the last discard (河底撈魚, with --win discard)")
    g.add_argument("--after-kong", action="store_true",
                   help="with --win discard: the discard came right after the discarder's kong (杠上炮)")
    g.add_argument("--chain", type=int, default=0, metavar="K",
                   help="kongs in the unbroken chain that ended in this win (杠开 after one; at least 1 "
                        "with --win kong)")
    g.add_argument("--piao", type=int, default=0, metavar="P",
                   help="wilds discarded in that chain (财飘)")
    g.add_argument("--shown", type=int, default=None, metavar="N",
                   help="copies of the winning tile's kind everyone saw before the win: discards and exposed "
                        "melds, the winner's own among them (和绝张 when the other three were seen; default: "
                        "what its own exposed melds show)")
    g.add_argument("--discarder", type=int, default=None, metavar="SEAT",
                   help="the seat wind of the player who discarded the winning tile; with it (or a "
                        "self-draw) the output adds each seat's payment (`payments`, the dealer is seat 0)")
    p.set_defaults(func=cmd_hand)


def _parse_wild(text: str | None, rules) -> int | None:
    if text is None or text.lower() == "none":
        if rules.wild.source != "none" and text is None:
            raise UserError("--wild: these rules have a wild; give its kind, e.g. --wild 5m "
                            "(or --wild none)")
        return None
    try:
        wild = T.parse_one(text)
    except T.TileError as exc:
        raise UserError(f"--wild: {exc}") from None
    w = rules.wild
    if w.source == "none":
        raise UserError(f"--wild {text}: these rules ({rules.name}) have no wild (--wild none, or leave it out)")
    if w.source == "fixed" and w.fixed is not None and wild != w.fixed:
        raise UserError(f"--wild {text}: these rules fix the wild as {T.name(w.fixed)}")
    if w.turn_past_aside and wild in rules.tiles.aside:
        raise UserError(f"--wild {text}: a turned {T.name(wild)} is laid aside and another tile turned, "
                        f"so it is never the wild")
    return wild


def _check_context(args, rules) -> None:
    """Options of a scored win that contradict each other or the rules."""
    n = rules.table.seats
    given = [o for o in ("first", "last", "after_kong") if getattr(args, o)] + [o for o in ("chain", "piao", "discarder")
                                                                  if getattr(args, o) not in (0, None)]
    if given and not args.win:
        raise UserError(f"--{given[0].replace('_', '-')}: describes how a hand was won; give --win too")
    if args.discarder is not None:
        if args.win not in ("discard", "robbed"):
            raise UserError(f"--discarder: a {args.win} win has no discarder (only --win discard or robbed)")
        if not 0 <= args.discarder < n or args.discarder == args.seat:
            raise UserError(f"--discarder {args.discarder}: another seat's wind, 0 to {n - 1}, not the "
                            f"winner's ({args.seat})")
    if args.chain < 0 or args.piao < 0:
        raise UserError("--chain and --piao count kongs and wild discards: 0 or more")


# the options a --jsonl line may give, by key (the long options, '-' written '_')
LINE_KEYS = ("hand", "wild", "win", "melds", "tile", "seat", "round", "flowers", "streak", "first", "last",
             "after_kong", "chain", "piao", "discarder", "shown")


class Hands:
    """One rule set's evaluator and scorer, set up once for every hand asked."""

    def __init__(self, rules):
        from ...hand import HandEvaluator

        self.rules = rules
        self.ev = HandEvaluator(rules)
        self._scorer = None

    def scorer(self):
        if self._scorer is None:
            from ...settle.hand import HandScorer

            self._scorer = HandScorer(self.rules)
        return self._scorer

    def answer(self, o) -> dict:
        """One hand's JSON object; ``o`` has the attributes of LINE_KEYS."""
        rules = self.rules
        wild = _parse_wild(o.wild, rules)
        if wild is not None and wild not in rules.tiles.kinds:
            raise UserError(f"--wild: {T.name(wild)} is not a tile of these rules")
        _check_context(o, rules)
        melds = ()
        if o.melds:   # set aside with or without --win: the hand in hand is read beside them
            from ...settle.hand import parse_melds

            melds = tuple(m for _, m in parse_melds(o.melds))
        got = self.ev.evaluate(o.hand, wild, melds, self_drawn=o.win in ("self", "kong", "haidi")).as_json()
        # `complete`: the tiles make a whole hand; `win`: and, when scored, the table lets it win (a
        # gate such as mcr's 8 fan, wild.max_in_pung): the top level and `score` never disagree
        obj = {"hand": got.pop("hand"), "win": got["win"], "complete": got.pop("win"), **got}
        if o.win:
            score = self.scorer().score(o.hand, o.melds, o.win, o.tile, o.seat, o.round, o.flowers, wild=wild,
                                        streak=o.streak, first=o.first, last=o.last,
                                        chain={"kongs": o.chain, "piao": o.piao}, after_kong=o.after_kong,
                                        shown=o.shown)
            if score.get("win") and (o.discarder is not None
                                     or o.win in ("self", "kong", "haidi", "gold", "ready")):
                from ...settle.hand_record import settle

                net = settle(rules, {o.seat: {**score, "fv": score["_fv"], "cols": score["_cols"]}},
                             winner=o.seat, dealer=0, discarder=o.discarder, streak=o.streak, win=o.win)
                score["payments"] = {str(k): v for k, v in net.items()}
            score.pop("_fv", None)
            score.pop("_cols", None)
            obj["score"] = score
            obj["win"] = obj["complete"] and bool(score.get("win"))
        return obj


def _line_options(line: str, defaults):
    """The options of one --jsonl line over the command line's."""
    try:
        given = json.loads(line)
    except json.JSONDecodeError as exc:
        raise UserError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(given, dict):
        raise UserError("a line is one JSON object, its keys the long options (hand, tile, melds, win, ...)")
    o = argparse.Namespace(**{k: getattr(defaults, k) for k in LINE_KEYS})
    for key, v in given.items():
        k = str(key).replace("-", "_")
        if k not in LINE_KEYS:
            raise UserError(f"unknown key {key!r}; a line's keys are {', '.join(LINE_KEYS)}")
        setattr(o, k, v)
    if not isinstance(o.hand, str) or not o.hand:
        raise UserError("hand: the concealed tiles, e.g. \"123m456p789s11z\"")
    if isinstance(o.flowers, int) and not isinstance(o.flowers, bool):
        raise UserError("flowers: the flower tiles as written, e.g. \"1f5f\", not a count")
    if o.wild is not None and not isinstance(o.wild, str):
        raise UserError("wild: a tile such as \"5m\", or \"none\"")
    for k in ("seat", "round", "streak", "chain", "piao", "shown"):
        if k == "shown" and o.shown is None:
            continue
        if not isinstance(getattr(o, k), int) or isinstance(getattr(o, k), bool):
            raise UserError(f"{k}: a whole number, not {getattr(o, k)!r}")
    if o.discarder is not None and (not isinstance(o.discarder, int) or isinstance(o.discarder, bool)):
        raise UserError(f"discarder: a seat wind 0 to 3, not {o.discarder!r}")
    if isinstance(o.melds, list):
        o.melds = ", ".join(map(str, o.melds))
    for k in ("first", "last", "after_kong"):
        if not isinstance(getattr(o, k), bool):
            raise UserError(f"{k}: true or false, not {getattr(o, k)!r}")
    return o


def _jsonl(args, hands: Hands) -> int:
    """Every stdin line answered on stdout as it comes (a log of hands streams
    through); a line that cannot be scored answers {"error": ...}."""
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            obj = hands.answer(_line_options(line, args))
        except T.TileError as exc:
            obj = {"error": str(exc)}
        except UserError as exc:
            obj = {"error": str(exc)}
        print(json.dumps(obj, ensure_ascii=False), flush=False)
    sys.stdout.flush()
    return 0


def cmd_hand(args) -> int:
    from ...ruleset import load

    rules = load(args.rules, args.variant)
    hands = Hands(rules)
    if args.jsonl:
        if args.hand is not None:
            raise UserError("--jsonl reads its hands from stdin; give no HAND")
        return _jsonl(args, hands)
    if args.hand is None:
        raise UserError("give a HAND, '-' to read one a line from stdin, or --jsonl")
    # the options every hand shares are checked once, before any hand
    wild = _parse_wild(args.wild, rules)
    if wild is not None and wild not in rules.tiles.kinds:
        raise UserError(f"--wild: {T.name(wild)} is not a tile of these rules")
    _check_context(args, rules)
    if args.hand == "-":
        lines = [(i + 1, line.strip()) for i, line in enumerate(sys.stdin)]
        lines = [(n, text) for n, text in lines if text and not text.startswith("#")]
        where = "stdin:{}: "
    else:
        lines = [(1, args.hand)]
        where = ""
    out, problems = [], []
    for n, text in lines:
        try:
            out.append(hands.answer(argparse.Namespace(**{**vars(args), "hand": text})))
        except T.TileError as exc:
            problems.append(f"{where.format(n)}{exc}")
        except UserError as exc:
            problems.append(f"{where.format(n)}{text}: {exc}")
    if problems:
        # nothing half-written: every line is checked before anything is printed
        raise UserError(problems)
    for obj in out:
        print(json.dumps(obj, ensure_ascii=False))
    return 0
