"""`ruian-sim validate`: check rule files, one line per problem on stderr."""

from __future__ import annotations

import os
import sys

from ...errors import UserError
from ..options import EXIT_OK, EXIT_USAGE, examples


def register(sub) -> None:
    p = sub.add_parser("validate", help="check rule files; one line per problem on stderr",
                       description="Exit 0 when every file is valid; otherwise exit 2 and one line per "
                                   "problem on stderr: FILE:LINE:COL: key.path: message.",
                       **examples("ruian-sim validate my-rules.yaml",
                                  "ruian-sim validate ruian ruian+flowers+five-players"))
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a rule file (YAML), or a built-in name or NAME+VARIANT+... to check")
    p.set_defaults(func=cmd_validate)


def cmd_validate(args) -> int:
    from ...ruleset import load

    bad = 0
    for f in args.files:
        try:
            # A file first; a bare name that is no file is a built-in name.
            rules = load(f"./{f}" if os.path.isfile(f) and "/" not in f else f)
        except UserError as exc:
            bad += 1
            for problem in exc.problems:
                print(problem if problem.mark else f"{f}: {problem}", file=sys.stderr)
        else:
            print(f"{f}: ok ({rules.name}, hash {rules.hash})")
            for note in rules.notes:
                print(note, file=sys.stderr)
    return EXIT_USAGE if bad else EXIT_OK
