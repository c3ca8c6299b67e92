"""`ruian-sim report`: DIR/report.html from a finished run, comparison, session, sweep or duel in DIR."""

from __future__ import annotations

from ..options import EXIT_OK, examples


def register(sub) -> None:
    p = sub.add_parser("report", help="write DIR/report.html from a run, comparison, session, sweep or duel in DIR",
                       **examples("ruian-sim report out/cmp       # after ruian-sim compare ... --out out/cmp",
                                  "ruian-sim report out           # after ruian-sim run ... --out out",
                                  "ruian-sim report out/duel      # after ruian-sim duel ... --out out/duel"))
    p.add_argument("dir", metavar="DIR",
                   help="the --out directory of a finished run, compare, session, sweep or duel")
    p.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    from ...report import build

    print(f"wrote {build(args.dir)}")
    return EXIT_OK
