"""The top of the `ruian-sim` parser and the exit-code contract: a UserError is
exit 2 with its problems on stderr, Ctrl-C exit 130, a closed pipe exit 0."""

from __future__ import annotations

import argparse
import sys
from importlib.metadata import PackageNotFoundError, version

from ..errors import UserError
from .commands import COMMANDS
from .options import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, Parser


def _version() -> str:
    try:
        return version("ruian-sim")
    except PackageNotFoundError:  # running from a source tree
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ruian-sim", description="Simulate 瑞安麻将 (Ruian mahjong) from YAML rules.")
    parser.add_argument("--version", action="version", version=f"ruian-sim {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                help="one of the commands below; COMMAND --help shows its examples")
    sub.required = True
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UserError as exc:
        for problem in exc.problems:
            print(f"ruian-sim: {problem}" if not problem.mark else str(problem), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("ruian-sim: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
