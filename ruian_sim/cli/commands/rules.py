"""`ruian-sim rules list` and `ruian-sim rules show`: the built-in rules and
variants, and the effective merged rules as YAML."""

from __future__ import annotations

import sys

from ..options import EXIT_OK, Parser, add_rules_args, examples


def register(sub) -> None:
    p = sub.add_parser("rules", help="list or show rule sets",
                       **examples("ruian-sim rules list", "ruian-sim rules show --variant flowers --origins"))
    rsub = p.add_subparsers(dest="rules_command", metavar="ACTION", parser_class=Parser,
                            help="list: the built-in rules and variants; show: the merged rules as YAML")
    rsub.required = True
    q = rsub.add_parser("list", help="built-in rules and variants", **examples("ruian-sim rules list"))
    q.set_defaults(func=cmd_rules_list)
    q = rsub.add_parser("show", help="print the effective merged rules as YAML",
                        **examples("ruian-sim rules show",
                                   "ruian-sim rules show --variant flowers --origins",
                                   "ruian-sim rules show --rules ruian+five-players+kong-payments"))
    add_rules_args(q)
    q.add_argument("--origins", action="store_true", help="mark which file and line set each value")
    q.set_defaults(func=cmd_rules_show)


def cmd_rules_list(args) -> int:
    from ...ruleset import builtin_names, load

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


def cmd_rules_show(args) -> int:
    from ...ruleset import load_with_origins
    from ...ruleset.show import show

    _, merged = load_with_origins(args.rules, args.variant)
    sys.stdout.write(show(merged, origins=args.origins))
    return EXIT_OK
