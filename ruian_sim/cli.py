"""The `ruian-sim` command.  Exit codes: 0 done, 1 environment failure (a full disk),
2 bad input, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM)."""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import PackageNotFoundError, version

from .errors import UserError

EXIT_OK, EXIT_ENVIRONMENT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def _version() -> str:
    try:
        return version("ruian-sim")
    except PackageNotFoundError:  # running from a source tree
        return "0+unknown"


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr (where to look for usage), exit 2."""

    def error(self, message: str):
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (usage: {self.prog} --help)\n")

    def format_help(self) -> str:
        if callable(self.epilog):  # an epilog that needs the engine's names is made on demand
            self.epilog = self.epilog()
        return super().format_help()


def examples(*lines: str, lazy=None) -> dict:
    """add_parser keywords for an "examples:" epilog, shown as written."""
    text = "examples:\n" + "\n".join(f"  {line}" for line in lines)
    return {"epilog": (lambda: text + lazy()) if lazy else text,
            "formatter_class": argparse.RawDescriptionHelpFormatter}


def add_rules_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="ruian", metavar="R",
                   help="built-in name, file path, or NAME+VARIANT+... (default: ruian)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="apply a variant on top (repeatable, applied in order)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ruian-sim", description="Simulate 瑞安麻将 (Ruian mahjong) from YAML rules.")
    parser.add_argument("--version", action="version", version=f"ruian-sim {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser,
                                help="one of the commands below; COMMAND --help shows its examples")
    sub.required = True

    p = sub.add_parser("validate", help="check rule files; one line per problem on stderr",
                       description="Exit 0 when every file is valid; otherwise exit 2 and one line per "
                                   "problem on stderr: FILE:LINE:COL: key.path: message.",
                       **examples("ruian-sim validate my-rules.yaml",
                                  "ruian-sim validate ruian ruian+flowers+five-players"))
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="a rule file (YAML), or a built-in name or NAME+VARIANT+... to check")
    p.set_defaults(func=_cmd_validate)

    p = sub.add_parser("rules", help="list or show rule sets",
                       **examples("ruian-sim rules list", "ruian-sim rules show --variant flowers --origins"))
    rsub = p.add_subparsers(dest="rules_command", metavar="ACTION", parser_class=_Parser,
                            help="list: the built-in rules and variants; show: the merged rules as YAML")
    rsub.required = True
    q = rsub.add_parser("list", help="built-in rules and variants", **examples("ruian-sim rules list"))
    q.set_defaults(func=_cmd_rules_list)
    q = rsub.add_parser("show", help="print the effective merged rules as YAML",
                        **examples("ruian-sim rules show",
                                   "ruian-sim rules show --variant flowers --origins",
                                   "ruian-sim rules show --rules ruian+five-players+kong-payments"))
    add_rules_args(q)
    q.add_argument("--origins", action="store_true", help="mark which file and line set each value")
    q.set_defaults(func=_cmd_rules_show)

    from . import commands  # the simulation commands register themselves

    commands.register(sub, add_rules_args)
    from . import sweep_command

    sweep_command.register(sub, add_rules_args)
    return parser


def _cmd_validate(args) -> int:
    from .ruleset import load

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
    return EXIT_USAGE if bad else EXIT_OK


def _cmd_rules_list(args) -> int:
    from .ruleset import builtin_names, load

    names = builtin_names()
    for kind in ("rules", "variants"):
        print(f"{kind}:")
        for n in names[kind]:
            r = load(n)
            print(f"  {n:<22} {r.title if kind == 'rules' else _first_comment(r.files[-1])}")
    return EXIT_OK


def _first_comment(path: str) -> str:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                return line.lstrip("# ").rstrip()
    return ""


def _cmd_rules_show(args) -> int:
    from .ruleset import load_with_origins
    from .ruleset.show import show

    _, merged = load_with_origins(args.rules, args.variant)
    sys.stdout.write(show(merged, origins=args.origins))
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    from . import interrupt
    from .errors import EnvironmentFailure

    interrupt.install()  # SIGTERM as Ctrl-C (work saved), exit 143
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "resume", None):
        from .runner.resume import explicit_options

        args.given = explicit_options(build_parser, argv)  # what --resume must check against its plan
    try:
        rc = args.func(args)
        return interrupt.exit_code() if rc == EXIT_INTERRUPTED else rc
    except UserError as exc:
        for problem in exc.problems:
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
