"""`ruian-sim run`: play many hands and write OUT/summary.json; `--resume OUT`
finishes a run stopped by Ctrl-C."""

from __future__ import annotations

import sys
from pathlib import Path

from ...errors import UserError
from ..notices import compile_notice, reused_note
from ..options import (
    DEALER_HELP,
    EXIT_INTERRUPTED,
    EXIT_OK,
    add_rules_args,
    add_run_args,
    examples,
    out_dir,
)


def register(sub) -> None:
    p = sub.add_parser("run", help="play many hands and write summary statistics",
                       description="Plays whole matches until at least --hands hands, scores them and "
                                   "writes OUT/summary.json; prints a table.  Ctrl-C keeps finished "
                                   "chunks; --resume OUT finishes the run.\n\nAmong its figures:\n" + DEALER_HELP,
                       **examples("ruian-sim run --hands 100000 --out out",
                                  "ruian-sim run --hands 100000 --variant four-winds-draw "
                                  "--bots greedy:follow=1 --out out/fw",
                                  "ruian-sim run --resume out/fw            # after Ctrl-C (exit 130)",
                                  "ruian-sim run --hands 20000 --rules ruian+flowers --records hands.parquet "
                                  "--out out/flowers"))
    add_rules_args(p)
    add_run_args(p)
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted run in DIR (its saved plan is used)")
    p.set_defaults(func=cmd_run)


def cmd_run(args) -> int:
    from ...bots.spec import parse_bots
    from ...runner import (
        Interrupted,
        Plan,
        backend_for,
        format_table,
        make_plan,
        resume,
        run_plan,
        warm,
    )
    from ...runner.owner import check_owner, of_plan

    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        resume.check("run", plan, args, out)
    else:
        out = out_dir(args.out, "run")
        plan = make_plan(args.rules, args.variant, args.hands, args.seed, args.bots, args.chunk_matches,
                         records=bool(args.records))
        parse_bots(args.bots, plan.ruleset.table.players)  # bad bots fail before any work
        check_owner(out, *of_plan(plan))                    # and a directory of other rules
    if args.records and not str(args.records).endswith(".parquet"):
        raise UserError(f"--records {args.records}: the file name must end in .parquet")
    records = resume.records_file(plan, args, out)
    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        if backend.in_process:
            with compile_notice():
                warm(plan)
        summary = run_plan(plan, out, backend, quiet=args.quiet, resume=bool(args.resume),
                           records_file=records)
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        backend.close()
    reused_note(summary, out)
    sys.stdout.write(format_table(summary))
    for w in summary.get("warnings", []):
        print(f"ruian-sim: warning: {w}", file=sys.stderr)
    print(f"wrote {out / 'summary.json'}" + (f" and {records}" if records else ""))
    return EXIT_OK
