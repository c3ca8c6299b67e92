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

    p = sub.add_parser("play", help="print one hand as a readable transcript",
                       description="Plays match M from its first hand up to hand K (the deal and "
                                   "the dealer's streak depend on the hands before) and prints hand K.")
    add_rules_args(p)
    p.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    p.add_argument("--match", type=_nonneg, default=0, metavar="M", help="match index (default 0)")
    p.add_argument("--hand", type=_nonneg, default=0, metavar="K", help="hand in the match (default 0)")
    add_bots_arg(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("run", help="play many hands and write summary statistics",
                       description="Plays whole matches until at least --hands hands, scores them and "
                                   "writes OUT/summary.json; prints a table.  Ctrl-C keeps finished "
                                   "chunks; --resume OUT finishes the run.")
    add_rules_args(p)
    add_run_args(p)
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted run in DIR (its saved plan is used)")
    p.set_defaults(func=cmd_run)


def _nonneg(text: str) -> int:
    import argparse

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {v}")
    return v


def add_bots_arg(p) -> None:
    p.add_argument("--bots", default="greedy", metavar="B[,B...]",
                   help="bot per player, e.g. greedy,greedy,random,greedy or "
                        "greedy:claim=0.5:chase_hard=20 (one entry applies to all; default greedy)")


def _positive(text: str) -> int:
    import argparse

    v = _nonneg(text)
    if v == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return v


def add_run_args(p) -> None:
    p.add_argument("--hands", type=_positive, default=10_000, metavar="N",
                   help="play whole matches until at least N hands (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="root seed (default 1)")
    add_bots_arg(p)
    p.add_argument("--out", default="out", metavar="DIR", help="output directory (default ./out)")
    p.add_argument("--workers", type=_positive, default=None, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (default: a LocalCluster)")
    p.add_argument("--chunk-matches", type=_positive, default=1000, metavar="N",
                   help="matches per chunk of work (default 1000, a few seconds)")
    p.add_argument("--records", metavar="FILE.parquet",
                   help="also write one row per hand to this Parquet file (needs pyarrow)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def cmd_run(args) -> int:
    from pathlib import Path

    from .engine.bots_spec import parse_bots
    from .runner import Interrupted, Plan, backend_for, format_table, make_plan, run_plan

    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
    else:
        out = Path(args.out)
        plan = make_plan(args.rules, args.variant, args.hands, args.seed, args.bots, args.chunk_matches,
                         records=bool(args.records))
        parse_bots(args.bots, plan.ruleset.table.players)  # bad bots fail before any work
    if args.records and not str(args.records).endswith(".parquet"):
        raise UserError(f"--records {args.records}: the file name must end in .parquet")
    records = Path(args.records) if args.records else (
        out / "records.parquet" if (args.resume and plan.records) else None)
    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        summary = run_plan(plan, out, backend, quiet=args.quiet, resume=bool(args.resume),
                           records_file=records)
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return 130
    finally:
        backend.close()
    sys.stdout.write(format_table(summary))
    print(f"wrote {out / 'summary.json'}" + (f" and {records}" if records else ""))
    return 0


def cmd_play(args) -> int:
    from .engine.simulate import Simulator
    from .engine.transcript import play_text
    from .ruleset import load

    rules = load(args.rules, args.variant)
    sim = Simulator(rules, args.bots)
    text = play_text(sim, args.seed, args.match, args.hand)
    if text is None:
        raise UserError(f"--hand {args.hand}: match {args.match} ends before that hand "
                        f"(try a smaller --hand)")
    sys.stdout.write(text)
    return 0


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
