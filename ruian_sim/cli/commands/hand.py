"""`ruian-sim hand`: evaluate concealed hands written as tiles (one JSON object a
hand), and score a complete one under the rules' table."""

from __future__ import annotations

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
                       description="One JSON object per hand on stdout: hand, win, shapes, hard, "
                                   "shanten (-1 complete, 0 ready), waits.\n\n" + TILE_NOTATION,
                       **examples("ruian-sim hand --wild 9s 123456789m123456p1z",
                                  "ruian-sim hand --wild 5m 123456789m123456p11z",
                                  "ruian-sim hand --variant taiwanese --wild none --win self --seat 0 "
                                  "--flowers 1f 123456789m11122z --melds 'pon 555p'",
                                  "printf '123456789m123456p1z\\n123m456p789s1122z33z5z\\n' | "
                                  "ruian-sim hand --wild 5p -"))
    add_rules_args(p)
    p.add_argument("--wild", metavar="TILE",
                   help="the wild's kind, e.g. 5m (required when the rules have a wild; 'none' for none)")
    p.add_argument("hand", metavar="HAND|-", help="tiles in notation, e.g. 123m456p789s11z; '-' reads one "
                                                  "hand per line from stdin")
    g = p.add_argument_group("scoring a complete hand (prints a `score` object: value, parts, items)")
    g.add_argument("--win", choices=("self", "discard", "kong", "robbed", "haidi", "gold", "ready"),
                   help="how the hand was won; scores it under the rules' table (gold: 抢金, the turned tile "
                        "taken as a wild, --tile the wild; ready: not won, ready at an exhaustive draw and "
                        "valued on the winning tile, 查叫)")
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


def cmd_hand(args) -> int:
    from ...hand import HandEvaluator
    from ...ruleset import load

    rules = load(args.rules, args.variant)
    wild = _parse_wild(args.wild, rules)
    if wild is not None and wild not in rules.tiles.kinds:
        raise UserError(f"--wild: {T.name(wild)} is not a tile of these rules")
    ev = HandEvaluator(rules)
    if args.hand == "-":
        lines = [(i + 1, line.strip()) for i, line in enumerate(sys.stdin)]
        lines = [(n, text) for n, text in lines if text and not text.startswith("#")]
        where = "stdin:{}: "
    else:
        lines = [(1, args.hand)]
        where = ""
    out, problems = [], []
    scorer = None
    _check_context(args, rules)
    if args.win:
        from ...settle.hand import HandScorer, parse_melds

        scorer = HandScorer(rules)
        melds = tuple(m for _, m in parse_melds(args.melds))
    else:
        melds = ()
    for n, text in lines:
        try:
            obj = ev.evaluate(text, wild, melds, self_drawn=args.win in ("self", "kong", "haidi")).as_json()
            if scorer is not None:
                score = scorer.score(text, args.melds, args.win, args.tile, args.seat, args.round, args.flowers,
                                     wild=wild, streak=args.streak, first=args.first, last=args.last,
                                     chain={"kongs": args.chain, "piao": args.piao}, after_kong=args.after_kong)
                if score.get("win") and (args.discarder is not None
                                         or args.win in ("self", "kong", "haidi", "gold", "ready")):
                    from ...settle.hand import settle

                    net = settle(rules, {args.seat: {**score, "fv": score["_fv"]}}, winner=args.seat, dealer=0,
                                 discarder=args.discarder,
                                 streak=args.streak, win=args.win)
                    score["payments"] = {str(k): v for k, v in net.items()}
                score.pop("_fv", None)
                obj["score"] = score
            out.append(obj)
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
