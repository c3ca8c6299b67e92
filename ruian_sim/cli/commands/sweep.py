"""`ruian-sim sweep`: a rule's values over a list or a grid on common random numbers, and
`--solve` for the value where a metric meets a target."""

from __future__ import annotations

import sys
from pathlib import Path

from ..notices import compile_notice
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_NOT_FOUND,
    EXIT_OK,
    add_bots_arg,
    add_rules_args,
    add_seed_arg,
    chunk_arg,
    examples,
    hands_arg,
    known_metrics,
    out_dir,
    positive,
)


def register(sub) -> None:
    p = sub.add_parser(
        "sweep", help="vary rule values over a list or grid on the same seeds; solve for a target",
        description="Each --param PATH=VALUES names a rule key in dotted form (an entry of a list of "
                    "named maps by its name, e.g. scoring.items.all_pungs.times) and its values: "
                    "V1,V2,..., [V1,V2], or a range LO:HI[:STEP] (HI included); a key whose value is a list takes "
                    "each value as a list, all in one outer list: 'scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]' "
                    "(quoted for the shell). Two params make a grid. Every "
                    "point plays the same seeds; values that only change payments (bases, payers, kong "
                    "payments, wild money, pairwise factors) re-score the same hands (--replay plays them); "
                    "items, value, gate, cap and everything the engine plays by are played. Each point "
                    "says which and why. Writes OUT/sweep.json and OUT/sweep.csv and prints a table; "
                    "--solve finds where METRIC meets TARGET (or equals another metric) over one numeric "
                    "param; it exits 3 when the target is not met over the range (sweep.json still written). "
                    "Ctrl-C keeps finished work; --resume OUT finishes it.",
        **examples("ruian-sim sweep --param scoring.base.other=1,2,3,4 --hands 50000 --out out/other",
                   "ruian-sim sweep --param aborts.four_winds.action=none,draw,penalty --bots greedy:follow=1 "
                   "--hands 50000 --out out/fw-sweep",
                   "ruian-sim sweep --param 'scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]' --hands 20000 "
                   "--out out/dealer-bases   # a list-valued key: each value a list",
                   "ruian-sim sweep --param scoring.base.other=1:4 --param dealer.streak_cap=2,4,8 "
                   "--metric dealer_points_mean --out out/grid",
                   "ruian-sim sweep --solve draw_rate=0.1 --param wall.dead_stacks=0:12 --hands 20000 "
                   "--out out/dead",
                   "ruian-sim sweep --resume out/dead             # after Ctrl-C (exit 130)"))
    add_rules_args(p)
    p.add_argument("--param", action="append", default=[], metavar="PATH=VALUES",
                   help="a rule key and its values (repeat once for a grid): V1,V2,..., [V1,V2], LO:HI[:STEP]; "
                        "list values in one outer list, e.g. 'scoring.base.dealer=[[1,1,1,1],[1,2,3,4]]'")
    p.add_argument("--hands", type=hands_arg, default=10_000, metavar="N",
                   help="hands per point, counted on the first point (default 10000)")
    add_seed_arg(p)
    add_bots_arg(p)
    p.add_argument("--metric", nargs="+", default=None, metavar="M",
                   help="metrics to print and plot (public names as in comparison.json, item_NAME "
                        "for the share of wins an item of the table paid; default "
                        "draw_rate dealer_kept_rate dealer_points_mean nondealer_points_mean)")
    p.add_argument("--solve", metavar="METRIC=TARGET",
                   help="find the param value where METRIC meets TARGET (a number) or another metric "
                        "(METRIC=OTHER), by bisection/secant on the same seeds; exit 3 when it is not "
                        "met over the range")
    p.add_argument("--replay", action="store_true",
                   help="play every point, also those that differ only in scoring (bots that read the "
                        "scoring table then see each point's table)")
    p.add_argument("--out", default="out/sweep", metavar="DIR", help="output directory (default ./out/sweep)")
    p.add_argument("--workers", type=positive, default=None, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler (default: a LocalCluster)")
    p.add_argument("--chunk-matches", type=chunk_arg, default=None, metavar="N",
                   help="matches per chunk of work (default: about an eighth of a point's hands, at most 1000)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted sweep or solve in DIR")
    p.set_defaults(func=cmd_sweep)


def cmd_sweep(args) -> int:
    from ...bots.spec import parse_bots
    from ...runner import backend_for
    from ...runner.plan import auto_chunk
    from ...runner.sweep import (
        Interrupted,
        SweepPlan,
        check_metrics,
        format_sweep,
        make_sweep_plan,
        parse_param,
        run_sweep,
    )

    if args.resume:
        out = Path(args.resume)
        plan = SweepPlan.load(out)
        from ...runner.resume import check

        check("sweep", plan, args, out)
    else:
        out = out_dir(args.out, "sweep")
        params = [parse_param(t) for t in args.param]
        plan = make_sweep_plan(args.rules, args.variant, params, args.hands, args.seed, args.bots,
                               auto_chunk(args.hands, args.chunk_matches), args.replay, args.metric, args.solve)
        parse_bots(args.bots, plan.ruleset_players())
    known = _known(plan)
    check_metrics(plan.metrics, known)
    solve = None
    if plan.solve:
        from ...runner.sweep.solve import parse_solve

        solve = parse_solve(plan.solve, plan, known)
    from ...runner.outdir import OutLock

    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        with compile_notice(), OutLock(out, "ruian-sim sweep"):
            if solve:
                from ...runner.sweep.solve import format_solve, run_solve

                result = run_solve(plan, solve, out, backend, quiet=args.quiet, resume=bool(args.resume))
                sys.stdout.write(format_solve(result))
            else:
                result = run_sweep(plan, out, backend, quiet=args.quiet, resume=bool(args.resume))
                sys.stdout.write(format_sweep(result))
                for w in result.get("warnings", []):
                    if w.startswith("at "):   # a point's own rules (no win there, a dead item)
                        print(f"ruian-sim: warning: {w}", file=sys.stderr)
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        backend.close()
    print(f"wrote {out / 'sweep.json'}" + ("" if solve else f" and {out / 'sweep.csv'}"))
    if solve and not result["solve"]["met"]:
        print(f"ruian-sim: --solve {plan.solve}: not met over the range (exit {EXIT_NOT_FOUND})", file=sys.stderr)
        return EXIT_NOT_FOUND
    return EXIT_OK


def _known(plan) -> set[str]:
    """Metric names a sweep can show: the figures with a CI in a summary of these rules, the
    share of wins each item of their table paid (``item_one_suit``) among them (the shares of
    wins by times, ``times_2`` ..., are checked when the points are in)."""
    from ...runner.compare import public_name
    from ...runner.summary import MEANS

    names = {public_name(n) for n in known_metrics(None, players=plan.ruleset_players())}
    items = plan.rules.get("scoring", {}).get("items", [])
    names |= {f"item_{it['name']}" for it in items if isinstance(it, dict) and "name" in it}
    return names | {m for m in MEANS if m != "seat_points_mean"}
