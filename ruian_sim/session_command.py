"""`ruian-sim session`: a table's clock (SimPy) over hands the engine plays."""

from __future__ import annotations

import sys

from .commands import _positive, compile_notice, out_dir
from .errors import UserError


def add_session_args(p, required: bool = True) -> None:
    p.add_argument("--sessions", type=_positive, default=200 if required else None, metavar="N",
                   help="sessions to play" + (" (default 200)" if required else ""))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--rounds", type=_positive, metavar="K", help="a session is K rounds of the deal")
    g.add_argument("--session-hands", type=_positive, metavar="K", dest="session_hands",
                   help="a session is K hands")
    g.add_argument("--minutes", type=float, metavar="M", help="a session is M minutes (the last hand is finished)")
    p.add_argument("--timing", metavar="FILE", help="YAML file with a `timing:` section replacing the rules'")


def session_kind(args) -> tuple[str, float, dict]:
    from .session import check_minutes

    check_minutes(args.minutes)
    if args.session_hands:
        return "hands", args.session_hands, {"hands": args.session_hands}
    if args.minutes is not None:
        return "minutes", args.minutes, {"minutes": args.minutes}
    rounds = args.rounds or 4
    return "rounds", rounds, {"rounds": rounds}


def load_timing(path: str | None) -> dict | None:
    from .session import load_timing

    return load_timing(path)


def cmd_session(args) -> int:

    from .engine.bots_spec import parse_bots
    from .ruleset import load
    from .session import run_sessions, session_summary, timing_of

    out = out_dir(args.out)
    rules = load(args.rules, args.variant)
    parse_bots(args.bots, rules.table.players)
    kind, size, limits = session_kind(args)
    override = load_timing(args.timing)
    timing = timing_of(rules, override)
    with compile_notice():
        from .engine.simulate import Simulator

        Simulator(rules, args.bots).play_raw(args.seed, 0, 1)
    results = run_sessions(rules, args.sessions, args.seed, args.bots, timing_override=override, **limits)
    summary = session_summary(results, rules, args.seed, args.bots, kind, size, timing)
    from .runner.outdir import OutLock, write_json

    with OutLock(out, "ruian-sim session"):
        write_json(out / "session.json", summary)
    sys.stdout.write(format_session(summary))
    print(f"wrote {out / 'session.json'}")
    return 0


def format_session(s: dict) -> str:
    ci = s["ci95"]
    kind, size = next(iter(s["session"].items()))
    m = s["session_minutes"]
    return (f"{s['rules']['name']}: {s['sessions']} sessions of {size:g} {kind}, seed {s['seed']}, "
            f"bots {s['bots']}\n"
            f"  session length   {m['mean']:8.1f} min  95% CI [{ci['session_minutes'][0]:.1f}, "
            f"{ci['session_minutes'][1]:.1f}]  (p5 {m['p5']:.0f}, median {m['p50']:.0f}, p95 {m['p95']:.0f})\n"
            f"  hands per hour   {s['hands_per_hour']:8.2f}      95% CI [{ci['hands_per_hour'][0]:.2f}, "
            f"{ci['hands_per_hour'][1]:.2f}]\n"
            f"  minutes per hand {s['minutes_per_hand']:8.2f}      95% CI [{ci['minutes_per_hand'][0]:.2f}, "
            f"{ci['minutes_per_hand'][1]:.2f}]\n"
            f"  hands per round  {s['hands_per_round']:8.2f}      95% CI [{ci['hands_per_round'][0]:.2f}, "
            f"{ci['hands_per_round'][1]:.2f}]\n")
