"""The top of the `ruian-sim` parser and the exit-code contract: a UserError is
exit 2 with its problems on stderr, an environment failure (a full disk) exit 1
in one line, Ctrl-C exit 130, SIGTERM 143, a closed pipe exit 0."""

from __future__ import annotations

import argparse
import sys
from importlib.metadata import PackageNotFoundError, version

from ..errors import UserError
from .commands import COMMANDS
from .options import EXIT_ENVIRONMENT, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, Parser


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
    from .. import interrupt
    from ..errors import EnvironmentFailure

    interrupt.install()  # SIGTERM as Ctrl-C (work saved), exit 143
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "resume", None):
        from ..runner.resume import explicit_options

        args.given = explicit_options(build_parser, argv)  # what --resume must check against its plan
    try:
        from .options import check_arguments_text

        check_arguments_text(parser, args)   # a name that is not UTF-8: one line, before any work
        rc = args.func(args)
        return interrupt.exit_code() if rc == EXIT_INTERRUPTED else rc
    except UserError as exc:
        from ..ruleset import located  # a formula that failed in play: at the line of its key

        for problem in (map(located, exc.problems) if getattr(exc, "in_play", False) else exc.problems):
            print(f"ruian-sim: {problem}" if not problem.mark else str(problem), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("ruian-sim: " + ("terminated" if interrupt.terminated() else "interrupted"), file=sys.stderr)
        return interrupt.exit_code()
    except BrokenPipeError:
        return EXIT_OK
    except (EnvironmentFailure, OSError) as exc:  # the machine, not the input: exit 1, one line
        print(f"ruian-sim: {' '.join(str(exc).split())}", file=sys.stderr)
        return EXIT_ENVIRONMENT


if __name__ == "__main__":
    sys.exit(main())
