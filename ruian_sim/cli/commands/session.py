"""`ruian-sim session`: a table's clock (SimPy) over hands the engine plays;
session length, hands per hour and per round, written to OUT/session.json."""

from __future__ import annotations

import sys

from ..notices import compile_notice
from ..options import (
    EXIT_OK,
    add_bots_arg,
    add_rules_args,
    add_seed_arg,
    add_session_args,
    examples,
    load_timing,
    out_dir,
    session_kind,
)


def register(sub) -> None:
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


def cmd_session(args) -> int:
    from ...bots.spec import parse_bots
    from ...ruleset import load
    from ...session import run_sessions, session_summary, timing_of

    out = out_dir(args.out, "session")
    rules = load(args.rules, args.variant)
    parse_bots(args.bots, rules.table.players)
    from ...runner.owner import check_owner

    check_owner(out, "session", rules.hash, rules.name)   # before the sessions are played
    kind, size, limits = session_kind(args)
    override = load_timing(args.timing)
    timing = timing_of(rules, override)
    with compile_notice():
        from ...engine.compile import simulator

        simulator(rules, args.bots).play_raw(args.seed, 0, 1)
    results = run_sessions(rules, args.sessions, args.seed, args.bots, timing_override=override, **limits)
    summary = session_summary(results, rules, args.seed, args.bots, kind, size, timing)
    from ...runner.outdir import OutLock, write_json
    from ...runner.owner import claim

    with OutLock(out, "ruian-sim session"):
        claim(out, "session", rules.hash, rules.name)
        write_json(out / "session.json", summary)
    sys.stdout.write(format_session(summary))
    print(f"wrote {out / 'session.json'}")
    return EXIT_OK


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
