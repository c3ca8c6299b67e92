"""Simulation subcommands (hand, play, run, compare, duel, report, session).

Kept apart from cli.py so that each command's wiring stays next to its peers
and cli.py only owns argument parsing for rules and the exit-code contract.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path

from .cli import examples
from .errors import UserError

TILE_NOTATION = """Tile notation (tenhou style): digits then a suit letter, 123m = 1m 2m 3m.
  1m-9m  characters 万        1p-9p  dots 筒        1s-9s  bamboo 条
  1z-7z  honors: 1z East 东, 2z South 南, 3z West 西, 4z North 北,
                 5z White 白, 6z Green 发, 7z Red 中
  1f-8f  flowers (only in rules with flowers)
0 is not a tile.  The hand is concealed: 16 or 17 tiles for the default rules
(the hand size comes from the rules)."""


def register(sub, add_rules_args) -> None:
    """Add the simulation subcommands to the `ruian-sim` parser."""
    from .hand_commands import cmd_hand, cmd_play
    from .session_command import add_session_args, cmd_session

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
    g.add_argument("--win", choices=("self", "discard", "kong", "robbed", "haidi"),
                   help="how the hand was won; scores it under the rules' table")
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
    p.set_defaults(func=cmd_hand)

    p = sub.add_parser("play", help="print one hand as a readable transcript",
                       description="Plays match M from its first hand up to hand K (the deal and "
                                   "the dealer's streak depend on the hands before) and prints hand K, "
                                   "ending with each seat's points and the scoring table entry that "
                                   "set them.",
                       **examples("ruian-sim play --seed 1 --match 0 --hand 0",
                                  "ruian-sim play --variant flowers --seed 17 --match 0 --hand 5",
                                  "ruian-sim play --bots greedy,random,greedy,greedy --seed 3 --hand 2"))
    add_rules_args(p)
    add_seed_arg(p)
    p.add_argument("--match", type=_nonneg, default=0, metavar="M", help="match index (default 0)")
    p.add_argument("--hand", type=_nonneg, default=0, metavar="K", help="hand in the match (default 0)")
    add_bots_arg(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("run", help="play many hands and write summary statistics",
                       description="Plays whole matches until at least --hands hands, scores them and "
                                   "writes OUT/summary.json; prints a table.  Ctrl-C keeps finished "
                                   "chunks; --resume OUT finishes the run.",
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

    p = sub.add_parser("compare", help="play two rule sets on the same seeds; paired differences with CIs",
                       description="A and B are rule specs: a built-in name, a file, or NAME+VARIANT[+...]. "
                                   "Writes OUT/comparison.json and prints a table.",
                       **examples("ruian-sim compare ruian ruian+four-winds-draw --hands 200000 "
                                  "--bots greedy:follow=1 --out out/cmp",
                                  "ruian-sim compare ruian ruian+draw-keeps-dealer "
                                  "--until-ci dealer_kept_rate=0.002 --max-hands 400000 --out out/keep",
                                  "ruian-sim compare ruian ./my-rules.yaml --hands 50000 --out out/mine",
                                  "ruian-sim compare ruian ruian+five-players --hands 20000 --sessions 300 "
                                  "--rounds 4 --out out/five-vs-four", lazy=_metrics_help))
    p.add_argument("a", metavar="A", nargs="?",
                   help="the first rule set: a built-in name, a file, or NAME+VARIANT+... (not with --resume)")
    p.add_argument("b", metavar="B", nargs="?", help="the second rule set, played on the same seeds as A")
    add_run_args(p)
    p.add_argument("--until-ci", metavar="METRIC=HALFWIDTH",
                   help="keep adding chunks until METRIC's paired CI half-width is below HALFWIDTH "
                        "(--hands is then the minimum, --max-hands the budget)")
    p.add_argument("--max-hands", type=_positive, default=None, metavar="N",
                   help="budget for --until-ci (default 20 × --hands)")
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted comparison in DIR")
    add_session_args(p, required=False)
    p.set_defaults(func=cmd_compare)

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
                                  "ruian-sim duel --resume out/claims       # after Ctrl-C (exit 130)"))
    p.add_argument("a", metavar="A", nargs="?",
                   help="bot A: one --bots entry, e.g. greedy or greedy:claim=0.5 (not with --resume)")
    p.add_argument("b", metavar="B", nargs="?", help="bot B, the same way")
    add_rules_args(p)
    p.add_argument("--hands", type=_positive, default=20_000, metavar="N",
                   help="hands over all seat arrangements; whole matches are played in every "
                        "arrangement until at least N (default 20000)")
    add_seed_arg(p)
    p.add_argument("--out", default="out/duel", metavar="DIR", help="output directory (default ./out/duel)")
    p.add_argument("--workers", type=_positive, default=None, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler (default: a LocalCluster)")
    p.add_argument("--chunk-matches", type=_positive, default=100, metavar="N",
                   help="match indices per chunk, each played in every arrangement (default 100)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--resume", metavar="DIR", help="finish an interrupted duel in DIR")
    p.set_defaults(func=cmd_duel)

    p = sub.add_parser("session", help="a table's clock (SimPy): session length, hands per hour and per round",
                       description="Plays sessions of a table and times them with the rules' `timing` "
                                   "section; writes OUT/session.json.",
                       **examples("ruian-sim session --sessions 500 --rounds 4 --out out/session",
                                  "ruian-sim session --variant five-players --minutes 240 --sessions 200 "
                                  "--out out/five",
                                  "ruian-sim session --session-hands 16 --sessions 300 --out out/sixteen"))
    add_rules_args(p)
    add_session_args(p)
    add_seed_arg(p)
    add_bots_arg(p)
    p.add_argument("--out", default="out", metavar="DIR", help="output directory (default ./out)")
    p.set_defaults(func=cmd_session)

    p = sub.add_parser("report", help="write DIR/report.html from a run, comparison or session in DIR",
                       **examples("ruian-sim report out/cmp       # after ruian-sim compare ... --out out/cmp",
                                  "ruian-sim report out           # after ruian-sim run ... --out out"))
    p.add_argument("dir", metavar="DIR",
                   help="the --out directory of a finished run, compare or session")
    p.set_defaults(func=cmd_report)


SEED_MAX = 2**64 - 1
COMPILE_MINUTES = 3  # the engine's first compile on a 2-core machine


@contextmanager
def compile_notice():
    """One line on stderr before the engine's first compile, and its time after."""
    from .engine.match import play_matches
    from .jit import is_cached

    if is_cached(play_matches):
        yield
        return
    print(f"ruian-sim: compiling the engine (once, about {COMPILE_MINUTES} minutes) …", file=sys.stderr,
          flush=True)
    t = time.perf_counter()
    yield
    print(f"ruian-sim: compiling the engine: done in {time.perf_counter() - t:.0f} s", file=sys.stderr,
          flush=True)


def _reused_note(summary: dict, out: Path) -> None:
    run = summary["run"]
    if run["resumed_chunks"] and summary.get("hands_per_second") is None:
        print(f"ruian-sim: all {run['chunks']} chunks were already played in {out}; nothing new was played "
              f"(no speed to report)", file=sys.stderr)


def _seed(text: str) -> int:
    import argparse

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= v <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"must be 0 .. 2**64-1 ({SEED_MAX}), got {v}")
    return v


def add_seed_arg(p) -> None:
    p.add_argument("--seed", type=_seed, default=1, metavar="S",
                   help=f"root seed, a whole number 0 .. 2**64-1 ({SEED_MAX}) (default 1)")


def out_dir(text: str) -> Path:
    """--out DIR: a directory, or a path where one can be made (checked before any work)."""
    from .runner.outdir import check_out

    return check_out(text)


def _nonneg(text: str) -> int:
    import argparse

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= v <= 2**63 - 1:  # the engine counts matches and hands in 64 bits
        raise argparse.ArgumentTypeError(f"must be 0 .. 2**63-1, got {v}")
    return v


def add_bots_arg(p) -> None:
    from .engine.bots_spec import DEFAULT_BOT, PARAMS

    params = ", ".join(f"{k} ({lo:g}..{hi:g}, default {d:g})" for k, (_, d, lo, hi) in PARAMS.items())
    p.add_argument("--bots", default=DEFAULT_BOT, metavar="B[,B...]",
                   help=f"bot per player, e.g. smart,smart,greedy,random or "
                        f"smart:aggression=0.5 (one entry applies to all; default {DEFAULT_BOT}). "
                        f"Bots: smart (plays for the rules' scoring table and defends when the payments "
                        f"make dealing in costly), greedy (fastest: lowest shanten, no defence), random. "
                        f"Parameters, after colons: {params}: claim = chance "
                        f"of making a useful claim, chase_hard = pass a soft discard win while more "
                        f"than N draws remain, kong = declare kongs (1) or not (0), follow = chance "
                        f"of following (跟风) an honor discard (greedy); aggression = smart's weight of "
                        f"its own chances against a discard's danger (higher pushes, lower folds), "
                        f"value = how much smart plays for what a win pays rather than how soon it "
                        f"comes (0: every win alike), margin = how many times what smart's hand is "
                        f"worth a pon or chi must make it (1.3)")


def _positive(text: str) -> int:
    import argparse

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {v}")
    return v


def add_run_args(p) -> None:
    p.add_argument("--hands", type=_positive, default=10_000, metavar="N",
                   help="play whole matches until at least N hands (default 10000)")
    add_seed_arg(p)
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
    from .engine.bots_spec import parse_bots
    from .runner import Interrupted, Plan, backend_for, format_table, make_plan, run_plan, warm

    from .runner import resume

    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        resume.check("run", plan, args, out)
    else:
        out = out_dir(args.out)
        plan = make_plan(args.rules, args.variant, args.hands, args.seed, args.bots, args.chunk_matches,
                         records=bool(args.records))
        parse_bots(args.bots, plan.ruleset.table.players)  # bad bots fail before any work
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
        return 130
    finally:
        backend.close()
    _reused_note(summary, out)
    sys.stdout.write(format_table(summary))
    print(f"wrote {out / 'summary.json'}" + (f" and {records}" if records else ""))
    return 0


def _until(text: str | None):
    if not text:
        return None
    name, sep, value = text.partition("=")
    try:
        width = float(value)
    except ValueError:
        width = -1.0
    if not sep or not name or width <= 0:
        raise UserError(f"--until-ci {text!r}: expected METRIC=HALFWIDTH, e.g. draw_rate=0.002")
    return name, width


def cmd_compare(args) -> int:

    from .engine.bots_spec import parse_bots
    from .runner import Interrupted, Plan, backend_for, run_plan, warm
    from .runner.compare import comparison_dict, format_comparison, make_compare_plan, public_name

    until = _until(args.until_ci)
    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        if not plan.paired:
            raise UserError(f"--resume {out}: that directory holds a run, not a comparison")
        from .runner.resume import check

        check("compare", plan, args, out)
        until = _until(plan.extra.get("until_ci")) or until
    else:
        if not (args.a and args.b):
            raise UserError("compare: give two rule sets A and B (or --resume DIR)")
        out = out_dir(args.out)
        budget = (args.max_hands or 20 * args.hands) if until else 0
        plan = make_compare_plan(args.a, args.b, args.hands, args.seed, args.bots, args.chunk_matches, budget)
        if until:
            plan.extra["until_ci"] = args.until_ci
        parse_bots(args.bots, plan.ruleset.table.players)
        parse_bots(args.bots, plan.ruleset_b.table.players)
    stop = None
    if until:
        name, width = until
        internal = {public_name(k): k for k in _known_metrics(plan)}
        if name not in internal:
            raise UserError(f"--until-ci: unknown metric {name!r} (choose from: {', '.join(internal)})")
        key, min_hands = internal[name], plan.extra.get("min_hands", 0)

        def stop(prefix):
            if prefix.a.hands < min_hands:
                return False
            lo, hi = prefix.compare(key)["ci95"]
            return (hi - lo) / 2 < width

    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        if backend.in_process:
            with compile_notice():
                warm(plan)
        run = run_plan(plan, out, backend, quiet=args.quiet, resume=bool(args.resume), stop=stop,
                       builder=comparison_dict, filename="comparison.json")
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return 130
    finally:
        backend.close()
    _reused_note(run, out)
    if args.sessions:
        run["session"] = _compare_sessions(args, plan)
        from .runner.outdir import write_json

        write_json(out / "comparison.json", run)
    sys.stdout.write(format_comparison(run))
    if until:
        m = run["metrics"].get(until[0])
        half = (m["ci95"][1] - m["ci95"][0]) / 2 if m else float("nan")
        reached = "reached" if half < until[1] else "NOT reached within the budget"
        print(f"--until-ci {until[0]}: half-width {half:.5f} {reached} after {run['hands']:,} hands")
    print(f"wrote {out / 'comparison.json'}")
    return 0


def cmd_duel(args) -> int:
    from .runner import Interrupted, Plan, backend_for
    from .runner.duel import DUEL_FILE, format_duel, make_duel_plan, run_duel

    if args.resume:
        out = Path(args.resume)
        plan = Plan.load(out)
        if "duel" not in plan.extra:
            raise UserError(f"--resume {out}: that directory holds a run or comparison, not a duel")
        from .runner.resume import check

        check("duel", plan, args, out)
    else:
        if not (args.a and args.b):
            raise UserError("duel: give two bots A and B, e.g. ruian-sim duel greedy random (or --resume DIR)")
        out = out_dir(args.out)
        plan = make_duel_plan(args.a, args.b, args.rules, args.variant, args.hands, args.seed,
                              args.chunk_matches)
    backend = backend_for(args.backend, args.workers, args.scheduler)
    try:
        with compile_notice() if backend.in_process else nullcontext():
            duel = run_duel(plan, out, backend, quiet=args.quiet, resume=bool(args.resume))
    except Interrupted as exc:
        print(f"ruian-sim: {exc}", file=sys.stderr)
        return 130
    finally:
        backend.close()
    sys.stdout.write(format_duel(duel))
    print(f"wrote {out / DUEL_FILE}")
    return 0


def _compare_sessions(args, plan) -> dict:
    """Both sides' session figures and their paired differences."""
    from .session import compare_sessions, run_sessions, session_summary, timing_of
    from .session_command import load_timing, session_kind

    kind, size, limits = session_kind(args)
    override = load_timing(args.timing)
    sides, results = {}, {}
    for side, rules in (("a", plan.ruleset), ("b", plan.ruleset_b)):
        timing = timing_of(rules, override)
        results[side] = run_sessions(rules, args.sessions, plan.seed, plan.bots, timing_override=override,
                                     **limits)
        sides[side] = session_summary(results[side], rules, plan.seed, plan.bots, kind, size, timing)
    return {**sides, "metrics": compare_sessions(results["a"], results["b"])}


def _metrics_help() -> str:
    """The metric names --until-ci accepts (P: a seat, 0 .. players - 1)."""
    import textwrap

    from .runner.compare import public_name

    names = ", ".join(public_name(k) for k in _known_metrics(None, players=1)).replace("_0", "_P")
    return ("\n\n--until-ci METRIC is one of (P is a seat, 0 .. players-1):\n"
            + textwrap.fill(names, 96, initial_indent="  ", subsequent_indent="  "))


def _known_metrics(plan, players: int | None = None) -> list[str]:
    from .engine.layout import OUTCOME_NAMES
    from .scoring import SHAPE_BIT

    if players is None:
        players = min(plan.ruleset.table.players, plan.ruleset_b.table.players)
    names = ["draw_rate", "dealer_win_rate", "dealer_kept_rate", "hard_rate", "turns_mean",
             "dealer_points_mean", "nondealer_points_mean", "kongs_mean", "claims_mean"]
    names += [f"outcome.{n}" for n in OUTCOME_NAMES] + [f"shapes.{n}" for n in SHAPE_BIT]
    names += [f"seat_win_rate.{p}" for p in range(players)] + [f"seat_points_mean.{p}" for p in range(players)]
    return names


def cmd_report(args) -> int:
    from .report import build

    print(f"wrote {build(args.dir)}")
    return 0
