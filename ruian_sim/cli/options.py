"""What the commands share: the parser class (one-line errors, exit 2), the
"examples:" epilog, argument types that refuse bad values with a clear message,
and the argument groups several commands take (rules, seed, bots, a run's,
a session's, the metric names)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..arguments import SEED_MAX
from ..errors import UserError, shortened

EXIT_OK, EXIT_ENVIRONMENT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
# the work is done and saved, and its answer is "not found" (`sweep --solve`: the target is not met
# over the range): neither bad input (2: refused before any work) nor the machine (1)
EXIT_NOT_FOUND = 3


class Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr (where to look for usage), exit 2."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shortened(message)} (usage: {self.prog} --help)\n")

    def format_help(self) -> str:
        if callable(self.epilog):  # an epilog that needs the engine's names is made on demand
            self.epilog = self.epilog()
        return super().format_help()


def examples(*lines: str, lazy=None) -> dict:
    """add_parser keywords for an "examples:" epilog, shown as written."""
    text = "examples:\n" + "\n".join(f"  {line}" for line in lines)
    return {"epilog": (lambda: text + lazy()) if lazy else text,
            "formatter_class": argparse.RawDescriptionHelpFormatter}


# --- argument types ---------------------------------------------------------------------------


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def seed(text: str) -> int:
    v = _whole(text)
    if not 0 <= v <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"must be 0 .. 2**64-1 ({SEED_MAX}), got {v}")
    return v


def nonneg(text: str) -> int:
    v = _whole(text)
    if not 0 <= v <= 2**63 - 1:  # the engine counts matches and hands in 64 bits
        raise argparse.ArgumentTypeError(f"must be 0 .. 2**63-1, got {v}")
    return v


def positive(text: str) -> int:
    v = _whole(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {v}")
    return v


def at_most(limit: int, why: str):
    """An argument type: a whole number from 1 to ``limit`` (``why``: what a larger one would do)."""
    def parse(text: str) -> int:
        v = positive(text)
        if v > limit:
            raise argparse.ArgumentTypeError(f"at most {limit:,} ({why}), got {v:,}")
        return v

    return parse


def hands_arg(text: str) -> int:
    from ..runner.plan import HANDS_LIMIT

    return at_most(HANDS_LIMIT, "a run of more would not end")(text)


def chunk_arg(text: str) -> int:
    from ..runner.plan import CHUNK_LIMIT

    return at_most(CHUNK_LIMIT, "a chunk is the unit of progress and of --resume: one that large would "
                                "play for hours with nothing shown or saved")(text)


def duel_chunk_arg(text: str) -> int:
    from ..runner.plan import DUEL_CHUNK_LIMIT

    return at_most(DUEL_CHUNK_LIMIT, "each is played in every seat arrangement; a chunk is the unit of "
                                     "progress and of --resume")(text)


def add_until_args(p) -> None:
    """--until-ci and its budget (compare, duel)."""
    p.add_argument("--until-ci", metavar="METRIC=HALFWIDTH",
                   help="keep adding chunks until METRIC's paired CI half-width is below HALFWIDTH "
                        "(--hands is then the minimum, --max-hands the budget)")
    p.add_argument("--max-hands", type=hands_arg, default=None, metavar="N",
                   help="budget for --until-ci (default 20 × --hands)")


def until_budget(args) -> int:
    """--max-hands for --until-ci: at least --hands (20 × --hands when not given)."""
    if args.max_hands is not None and args.max_hands < args.hands:
        raise UserError(f"--max-hands {args.max_hands} is below --hands {args.hands}: --hands is the least "
                        f"--until-ci plays, --max-hands the most")
    return args.max_hands or 20 * args.hands


def check_arguments_text(parser: argparse.ArgumentParser, args) -> None:
    """Every argument given as text must be UTF-8 (a file or directory name with other
    bytes arrives surrogate-escaped): refused at the door, naming the option, before
    anything is made or written."""
    from ..runner.outdir import check_utf8

    options = {}
    for p in [parser, *(s for a in parser._actions if isinstance(a, argparse._SubParsersAction)
                        for s in a.choices.values())]:
        for a in p._actions:
            options.setdefault(a.dest, a.option_strings[0] if a.option_strings else a.metavar or a.dest)
    for dest, value in vars(args).items():
        for v in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(v, str):
                check_utf8(options.get(dest, dest), v)


def out_dir(text: str, job: str | None = None) -> Path:
    """--out DIR: a directory, or a path where one can be made, not another job's (checked
    before any work: the rules are checked again when the job claims it)."""
    from ..runner.outdir import check_out
    from ..runner.owner import check_owner

    out = check_out(text)
    if job:
        check_owner(out, job)
    return out


# --- argument groups --------------------------------------------------------------------------


def add_rules_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="ruian", metavar="R",
                   help="built-in name, file path, or NAME+VARIANT+... (default: ruian)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="apply a variant on top (repeatable, applied in order)")


def add_seed_arg(p) -> None:
    p.add_argument("--seed", type=seed, default=1, metavar="S",
                   help=f"root seed, a whole number 0 .. 2**64-1 ({SEED_MAX}) (default 1)")


def add_bots_arg(p) -> None:
    from ..bots.spec import BY_RULES, DEFAULT_BOT, KINDS, NAMED, PARAMS, READS

    named = {k: next(n for n, kind in KINDS.items() if kind == PARAMS[k][1]) for k in NAMED}
    params = ", ".join(f"{k} ({' or '.join(NAMED[k])}, default {named[k]})" if k in NAMED else
                       f"{k} ({lo:g}..{hi:g}, default {BY_RULES.get(k, f'{d:g}')})"
                       for k, (_, d, lo, hi) in PARAMS.items())
    reads = "; ".join(f"{bot} {', '.join(keys)}" for bot, keys in READS.items())
    p.add_argument("--bots", default=DEFAULT_BOT, metavar="B[,B...]",
                   help=f"bot per player, e.g. smart,smart,greedy,random or "
                        f"smart:aggression=0.5 (one entry applies to all; default {DEFAULT_BOT}). "
                        f"Bots: smart (plays for the rules' scoring table and defends when the payments "
                        f"make dealing in costly), greedy (fastest: lowest shanten, no defence), random, "
                        f"search (plays each candidate discard out against sampled hidden tiles: slow). "
                        f"Parameters, after colons: {params}: claim = chance "
                        f"of making a useful claim, chase_hard = pass a soft discard win while more "
                        f"than N draws remain, kong = declare kongs (1) or not (0), follow = chance "
                        f"of following (跟风) an honor discard (greedy); aggression = smart's weight of "
                        f"its own chances against a discard's danger (higher pushes, lower folds), "
                        f"value = how much smart plays for what a win pays rather than how soon it "
                        f"comes (0: every win alike), margin = how many times what smart's hand is "
                        f"worth a pon or chi must make it (1.3; 1 where no discard can win); playouts, width = "
                        f"search's playouts per candidate and candidates, rollout = the bot that plays them, "
                        f"sure = how many standard errors a candidate must lead the rollout bot's choice by, "
                        f"ready = how often others judged ready are dealt ready hands in its samples, "
                        f"calls = 1 to search claims too. "
                        f"A bot takes only the parameters it reads: {reads}")


def add_run_args(p) -> None:
    p.add_argument("--hands", type=hands_arg, default=10_000, metavar="N",
                   help="play whole matches until at least N hands (default 10000)")
    add_seed_arg(p)
    add_bots_arg(p)
    p.add_argument("--out", default="out", metavar="DIR", help="output directory (default ./out)")
    p.add_argument("--workers", type=positive, default=None, metavar="N",
                   help="worker processes (default: all cores)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local process pool (default) or a Dask cluster")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (default: a LocalCluster)")
    p.add_argument("--chunk-matches", type=chunk_arg, default=None, metavar="N",
                   help="matches per chunk of work (default: about an eighth of the run, at most 1000, "
                        "a few seconds; at most 10000)")
    p.add_argument("--records", metavar="FILE.parquet",
                   help="also write one row per hand to this Parquet file (needs pyarrow)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


# --- a session's length (session, and compare --sessions) -------------------------------------


def add_session_args(p, required: bool = True) -> None:
    # a session is at most a week, as --minutes is: 10,080 hands at a minute a hand, 2,520
    # rounds of four such hands; more sessions than a million play for hours with nothing shown
    p.add_argument("--sessions", type=at_most(1_000_000, "more play for hours with nothing shown"),
                   default=200 if required else None, metavar="N",
                   help="sessions to play" + (" (default 200)" if required else "") + ", at most 1000000")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--rounds", type=at_most(2_520, "a session is at most a week, as with --minutes"),
                   metavar="K", help="a session is K rounds of the deal (at most 2520)")
    g.add_argument("--session-hands", type=at_most(10_080, "a session is at most a week, as with --minutes"),
                   metavar="K", dest="session_hands", help="a session is K hands (at most 10080)")
    g.add_argument("--minutes", type=float, metavar="M", help="a session is M minutes (the last hand is finished)")
    p.add_argument("--timing", metavar="FILE", help="YAML file with a `timing:` section replacing the rules'")


def session_kind(args) -> tuple[str, float, dict]:
    from ..session import check_minutes

    check_minutes(args.minutes)
    if args.session_hands:
        return "hands", args.session_hands, {"hands": args.session_hands}
    if args.minutes is not None:
        return "minutes", args.minutes, {"minutes": args.minutes}
    rounds = args.rounds or 4
    return "rounds", rounds, {"rounds": rounds}


def load_timing(path: str | None) -> dict | None:
    from ..session import load_timing

    return load_timing(path)


# --- metric names (compare --until-ci, sweep --metric and --solve) ----------------------------


def known_metrics(plan, players: int | None = None) -> list[str]:
    from ..table.layout import OUTCOME_NAMES

    if players is None:
        players = min(plan.ruleset.table.players, plan.ruleset_b.table.players)
    names = ["draw_rate", "dealer_win_rate", "dealer_kept_rate", "hard_rate", "turns_mean",
             "dealer_points_mean", "nondealer_points_mean", "dealer_advantage", "money_per_hand", "kongs_mean",
             "claims_mean"]
    names += [f"outcome.{n}" for n in OUTCOME_NAMES] + [f"shapes.{n}" for n in _shapes(plan)]
    names += [f"seat_win_rate.{p}" for p in range(players)] + [f"seat_points_mean.{p}" for p in range(players)]
    return names


def _shapes(plan) -> tuple[str, ...]:
    """The shapes both rule sets of a plan name (without a plan, the built-in ones)."""
    from ..hand.layout import SHAPE_NAMES
    from ..hand.spec import shape_names

    if plan is None:
        return SHAPE_NAMES
    return tuple(n for n in shape_names(plan.ruleset) if n in shape_names(plan.ruleset_b))


def metrics_help() -> str:
    """The metric names --until-ci accepts (P: a seat, 0 .. players - 1)."""
    import textwrap

    from ..runner.compare import public_name

    names = ", ".join(public_name(k) for k in known_metrics(None, players=1)).replace("_0", "_P")
    return ("\n\n--until-ci METRIC is one of (P is a seat, 0 .. players-1):\n"
            + textwrap.fill(names, 96, initial_indent="  ", subsequent_indent="  ") + "\n" + DEALER_HELP)


# what the two figures about the dealer and the money are (run's and compare's help)
DEALER_HELP = ("dealer_advantage: the dealer's points in a hand minus the mean points of the other seats, a hand.\n"
               "money_per_hand: the sum of a hand's positive point changes (half the sum of the absolute\n"
               "changes, as payments sum to zero; were they not to, still only what was received).")
