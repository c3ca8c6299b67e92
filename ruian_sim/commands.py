"""Simulation subcommands (hand, play, run, compare, report, session).

Kept apart from cli.py so that each command's wiring stays next to its peers
and cli.py only owns argument parsing for rules and the exit-code contract.
"""

from __future__ import annotations

import json
import sys

from . import tiles as T
from .errors import UserError


def register(sub, add_rules_args) -> None:
    """Add the simulation subcommands to the `ruian-sim` parser."""
    p = sub.add_parser("hand", help="evaluate concealed hands: win, shapes, hard, shanten, waits",
                       description="One JSON object per hand on stdout.")
    add_rules_args(p)
    p.add_argument("--wild", metavar="TILE",
                   help="the wild's kind, e.g. 5m (required when the rules have a wild; 'none' for none)")
    p.add_argument("hand", metavar="HAND|-", help="tiles in notation, e.g. 123m456p789s11z; '-' reads one "
                                                  "hand per line from stdin")
    p.set_defaults(func=cmd_hand)


def _parse_wild(text: str | None, rules) -> int | None:
    if text is None or text.lower() == "none":
        if rules.wild.source != "none" and text is None:
            raise UserError("--wild: these rules have a wild; give its kind, e.g. --wild 5m "
                            "(or --wild none)")
        return None
    try:
        return T.parse_one(text)
    except T.TileError as exc:
        raise UserError(f"--wild: {exc}") from None


def cmd_hand(args) -> int:
    from .hand import HandEvaluator
    from .ruleset import load

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
    for n, text in lines:
        try:
            out.append(ev.evaluate(text, wild).as_json())
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
