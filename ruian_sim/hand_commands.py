"""One hand at a time: `ruian-sim play` (a transcript with the scores) and
`ruian-sim hand` (evaluate hands written as tiles)."""

from __future__ import annotations

import json
import sys

from . import tiles as T
from .commands import compile_notice
from .errors import UserError


def cmd_play(args) -> int:
    from .engine.simulate import Simulator
    from .engine.transcript import play_text
    from .ruleset import load

    rules = load(args.rules, args.variant)
    sim = Simulator(rules, args.bots)
    with compile_notice():
        text = play_text(sim, args.seed, args.match, args.hand, settle=lambda rec: settlement(rec, rules))
    if text is None:
        raise UserError(f"--hand {args.hand}: match {args.match} ends before that hand "
                        f"(try a smaller --hand)")
    sys.stdout.write(text)
    return 0


def settlement(rec, rules):
    """One hand's points per seat and each winner's scoring items."""
    from .engine import layout as L
    from .engine.transcript import Settlement
    from .scoring import score
    from .scoring.layout import OUT_ITEMS, OUT_TIMES

    n = rules.table.seats
    scored = score(rec, rules)
    entries = []
    if int(rec["outcome"][0]) in L.WIN_OUTCOMES:
        for s in range(n):
            if int(rec["winners"][0]) >> s & 1:
                mask = int(scored.parts[0, s, OUT_ITEMS])
                names = ", ".join(nm for i, nm in enumerate(scored.item_names) if mask >> i & 1)
                entries.append((s, names, int(scored.parts[0, s, OUT_TIMES])))
    return Settlement([int(v) for v in scored.seat_points[0]], entries)


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
    scorer = None
    if args.win:
        from .scoring.hand import HandScorer, parse_melds

        scorer = HandScorer(rules)
        melds = tuple(m for _, m in parse_melds(args.melds))
    else:
        melds = ()
    for n, text in lines:
        try:
            obj = ev.evaluate(text, wild, melds, self_drawn=args.win in ("self", "kong", "haidi")).as_json()
            if scorer is not None:
                score = scorer.score(text, args.melds, args.win, args.tile, args.seat, args.round, args.flowers,
                                     wild=wild, streak=args.streak)
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
