"""`ruian-sim compare`: two rule sets played on the same seeds, their paired
differences with CIs; `--until-ci` plays until a metric's CI is narrow enough,
`--sessions` adds both sides' session figures."""

from __future__ import annotations

import sys
from pathlib import Path

from ...errors import UserError
from ..notices import compile_notice, reused_note
from ..options import (
    EXIT_INTERRUPTED,
    EXIT_OK,
    add_run_args,
    add_session_args,
    add_until_args,
    examples,
    known_metrics,
    load_timing,
    metrics_help,
    out_dir,
    session_kind,
    until_budget,
)


def register(sub) -> None:
    p = sub.add_parser("compare", help="play two rule sets on the same seeds; paired differences B − A with CIs",
                       description="A and B are rule specs: a built-in name, a file, or NAME+VARIANT[+...]. "
                                   "Writes OUT/comparison.json and prints a table of B − A (the change from "
                                   "A, the base, to B), with paired CIs.",
                       **examples("ruian-sim compare ruian ruian+four-winds-draw --hands 200000 "
                                  "--bots greedy:follow=1 --out out/cmp",
                                  "ruian-sim compare ruian ruian+draw-keeps-dealer "
                                  "--until-ci dealer_kept_rate=0.002 --max-hands 400000 --out out/keep",
                                  "ruian-sim compare ruian ./my-rules.yaml --hands 50000 --out out/mine",
                                  "ruian-sim compare ruian ruian+five-players --hands 20000 --sessions 300 "
                                  "--rounds 4 --out out/five-vs-four", lazy=metrics_help))
    p.add_argument("a", metavar="A", nargs="?",
                   help="the first rule set: a built-in name, a file, or NAME+VARIANT+... (not with --resume)")
    p.add_argument("b", metavar="B", nargs="?", help="the second rule set, played on the same seeds as A")
    add_run_args(p)
    add_until_args(p)
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted comparison in DIR")
    add_session_args(p, required=False)
    p.set_defaults(func=cmd_compare)


def cmd_compare(args) -> int:
    from ...bots.spec import parse_bots
    from ...runner import Interrupted, Plan, backend_for, run_plan, warm
    from ...runner.compare import comparison_dict, format_comparison, make_compare_plan, public_name
    from ...runner.plan import auto_chunk
    from ...runner.until import half_width, parse_until, progress_note, verdict

    until = parse_until(args.until_ci)
    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        if not plan.paired:
            raise UserError(f"--resume {out}: that directory holds a run, not a comparison")
        from ...runner.resume import check

        check("compare", plan, args, out)
        until = parse_until(plan.extra.get("until_ci")) or until
    else:
        if not (args.a and args.b):
            raise UserError("compare: give two rule sets A and B (or --resume DIR)")
        out = out_dir(args.out, "compare")
        budget = until_budget(args) if until else 0
        plan = make_compare_plan(args.a, args.b, args.hands, args.seed, args.bots,
                                  auto_chunk(args.hands, args.chunk_matches), budget)
        if until:
            plan.extra["until_ci"] = args.until_ci
        parse_bots(args.bots, plan.ruleset.table.players)
        parse_bots(args.bots, plan.ruleset_b.table.players)
        from ...runner.owner import check_owner, of_plan

        check_owner(out, *of_plan(plan))
    stop = None
    if until:
        name, width = until
        internal = {public_name(k): k for k in known_metrics(plan)}
        if name not in internal:
            raise UserError(f"--until-ci: unknown metric {name!r} (choose from: {', '.join(internal)})")
        key, min_hands = internal[name], plan.extra.get("min_hands", 0)

        def stop(prefix):
            half = half_width(prefix.compare(key)["ci95"])
            return prefix.a.hands >= min_hands and half < width, progress_note(name, half, width)

    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        if backend.in_process:
            with compile_notice():
                warm(plan)
        run = run_plan(plan, out, backend, quiet=args.quiet, resume=bool(args.resume), stop=stop,
                       builder=comparison_dict, filename="comparison.json")
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        backend.close()
    reused_note(run, out)
    if args.sessions:
        run["session"] = _compare_sessions(args, plan)
        from ...runner.outdir import write_json

        write_json(out / "comparison.json", run)
    sys.stdout.write(format_comparison(run))
    for w in run.get("warnings", []):
        if w.startswith(("A: ", "B: ")):   # the rules' own (a side that never wins, a dead item)
            print(f"ruian-sim: warning: {w}", file=sys.stderr)
    if until:
        m = run["metrics"].get(until[0])
        print(verdict(until[0], half_width(m["ci95"]) if m else float("nan"), until[1], run["hands"]))
    print(f"wrote {out / 'comparison.json'}")
    return EXIT_OK


def _compare_sessions(args, plan) -> dict:
    """Both sides' session figures and their paired differences."""
    from ...session import compare_sessions, run_sessions, session_summary, timing_of

    kind, size, limits = session_kind(args)
    override = load_timing(args.timing)
    sides, results = {}, {}
    for side, rules in (("a", plan.ruleset), ("b", plan.ruleset_b)):
        timing = timing_of(rules, override)
        results[side] = run_sessions(rules, args.sessions, plan.seed, plan.bots, timing_override=override,
                                     **limits)
        sides[side] = session_summary(results[side], rules, plan.seed, plan.bots, kind, size, timing)
    return {**sides, "metrics": compare_sessions(results["a"], results["b"])}
