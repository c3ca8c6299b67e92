"""`ruian-sim duel`: two bots against each other on the same walls, in every
seat arrangement (a duplicate match), written to OUT/duel.json."""

from __future__ import annotations

import sys
from pathlib import Path

from ...errors import UserError
from ..notices import compile_notice
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    add_rules_args,
    add_seed_arg,
    add_until_args,
    duel_chunk_arg,
    examples,
    hands_arg,
    out_dir,
    positive,
    until_budget,
)


def register(sub) -> None:
    p = sub.add_parser("duel", help="two bots against each other on the same walls, every seat arrangement",
                       description="A duplicate match: bot A takes each player's place against B (one A "
                                   "against the rest), then each pair of places (two against the rest), "
                                   "all on the same walls, so seats and luck cancel. --hands counts hands "
                                   "over all arrangements. Writes OUT/duel.json (points per hand, win, "
                                   "deal-in and fold rates, self-drawn and hard shares of wins, points per "
                                   "win: A, B, A − B and its paired 95% CI) and prints a table.",
                       **examples("ruian-sim duel greedy random --hands 20000 --out out/duel",
                                  "ruian-sim duel greedy:claim=0.5 greedy --hands 200000 --rules "
                                  "ruian+discarder-pays --out out/claims",
                                  "ruian-sim duel greedy greedy:chase_hard=20 --variant five-players "
                                  "--hands 50000 --out out/chase5",
                                  "ruian-sim duel smart smart:patterns=0 --rules taiwanese --hands 200000 "
                                  "--until-ci points_per_hand=0.5 --max-hands 2000000 --out out/patterns",
                                  "ruian-sim duel --resume out/claims       # after Ctrl-C (exit 130)"))
    p.add_argument("a", metavar="A", nargs="?",
                   help="bot A: one --bots entry, e.g. greedy or greedy:claim=0.5 (not with --resume)")
    p.add_argument("b", metavar="B", nargs="?", help="bot B, the same way")
    add_rules_args(p)
    p.add_argument("--hands", type=hands_arg, default=20_000, metavar="N",
                   help="hands over all seat arrangements; whole matches are played in every "
                        "arrangement until at least N (default 20000)")
    add_seed_arg(p)
    p.add_argument("--out", default="out/duel", metavar="DIR", help="output directory (default ./out/duel)")
    p.add_argument("--workers", type=positive, default=None, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler (default: a LocalCluster)")
    p.add_argument("--chunk-matches", type=duel_chunk_arg, default=100, metavar="N",
                   help="match indices per chunk, each played in every arrangement (default 100, at most 1000)")
    add_until_args(p)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted duel in DIR")
    p.set_defaults(func=cmd_duel)


def cmd_duel(args) -> int:
    from ...runner import Interrupted, Plan, backend_for
    from ...runner.duel import DUEL_FILE, METRICS, format_duel, make_duel_plan, run_duel, warm_duel
    from ...runner.until import half_width, parse_until, verdict

    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        if "duel" not in plan.extra:
            raise UserError(f"--resume {out}: that directory holds a run or comparison, not a duel")
        from ...runner.resume import check

        check("duel", plan, args, out)
    else:
        if not (args.a and args.b):
            raise UserError("duel: give two bots A and B, e.g. ruian-sim duel greedy random (or --resume DIR)")
        until = parse_until(args.until_ci)
        if until and until[0] not in dict(METRICS):
            raise UserError(f"--until-ci: unknown metric {until[0]!r} (choose from: "
                            f"{', '.join(name for name, _ in METRICS)})")
        out = out_dir(args.out, "duel")
        plan = make_duel_plan(args.a, args.b, args.rules, args.variant, args.hands, args.seed,
                              args.chunk_matches, args.until_ci if until else None,
                              until_budget(args) if until else 0)
    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        if backend.in_process:
            with compile_notice():   # the compile alone: its progress lines end when it does
                warm_duel(plan)
        duel = run_duel(plan, out, backend, quiet=args.quiet, resume=bool(args.resume), warm=False)
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        backend.close()
    sys.stdout.write(format_duel(duel))
    for w in duel.get("warnings", []):
        print(f"ruian-sim: warning: {w}", file=sys.stderr)
    if "until_ci" in duel:
        u = duel["until_ci"]
        print(verdict(u["metric"], half_width(duel["metrics"][u["metric"]]["ci95"]), u["half_width"], duel["hands"]))
    print(f"wrote {out / DUEL_FILE}")
    return EXIT_OK
