"""`ruian-sim play`: one hand of a match as a readable transcript, ending with
each seat's points and the scoring table entry that set them."""

from __future__ import annotations

import sys

from ...errors import UserError
from ..notices import compile_notice
from ..options import add_bots_arg, add_rules_args, add_seed_arg, examples, nonneg


def register(sub) -> None:
    p = sub.add_parser("play", help="print one hand as a readable transcript",
                       description="Plays match M from its first hand up to hand K (the deal and "
                                   "the dealer's streak depend on the hands before) and prints hand K, "
                                   "ending with each seat's points and the scoring table entry that "
                                   "set them.",
                       **examples("ruian-sim play --seed 1 --match 0 --hand 0",
                                  "ruian-sim play --variant flowers --seed 17 --match 0 --hand 3",
                                  "ruian-sim play --bots greedy,random,greedy,greedy --seed 3 --hand 2"))
    add_rules_args(p)
    add_seed_arg(p)
    p.add_argument("--match", type=nonneg, default=0, metavar="M", help="match index (default 0)")
    p.add_argument("--hand", type=nonneg, default=0, metavar="K", help="hand in the match (default 0)")
    add_bots_arg(p)
    p.set_defaults(func=cmd_play)


def cmd_play(args) -> int:
    from ...engine.compile import simulator
    from ...engine.transcript import play_text
    from ...ruleset import load
    from ...settle.payments import settlement

    rules = load(args.rules, args.variant)
    sim = simulator(rules, args.bots)
    with compile_notice():
        text = play_text(sim, args.seed, args.match, args.hand, settle=lambda rec: settlement(rec, rules))
    if text is None:
        raise UserError(f"--hand {args.hand}: match {args.match} ends before that hand "
                        f"(try a smaller --hand)")
    sys.stdout.write(text)
    return 0
