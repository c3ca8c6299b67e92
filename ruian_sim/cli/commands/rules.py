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


NAME_WIDTH = 22   # the widest built-in name, and a little room


def cmd_rules_list(args) -> int:
    import shutil

    from ...ruleset import builtin_names, load

    names = builtin_names()
    # what is left of the terminal's line beside the name (80 columns when not a terminal)
    room = max(40, shutil.get_terminal_size().columns - NAME_WIDTH - 3)
    for kind in ("rules", "variants"):
        print(f"{kind}:")
        for n in names[kind]:
            r = load(n)
            text = r.title if kind == "rules" else _first_sentence(_head_comment(r.files[-1]))
            print(f"  {n:<{NAME_WIDTH}} {_fit(text, room)}")
    return EXIT_OK


def _head_comment(path: str) -> str:
    """The comment a file opens with, its lines joined: a variant says there what it changes."""
    lines = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("#"):
                if lines:
                    break
                continue
            lines.append(line.lstrip("#").strip())
    return " ".join(x for x in lines if x)


def _first_sentence(text: str) -> str:
    """Up to the first full stop followed by a space (or the end): ``docs/rules.md §6.`` stays."""
    for i, ch in enumerate(text):
        if ch in ".?!。？！" and (i + 1 == len(text) or text[i + 1] == " ") and not text[:i].endswith(("e.g", "i.e")):
            return text[:i + 1]
    return text


def width(text: str) -> int:
    """Columns on a terminal: a Chinese character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _fit(text: str, room: int) -> str:
    """``text`` whole when it fits in ``room`` columns, else cut at a word boundary with an
    ellipsis (never mid-word)."""
    if width(text) <= room:
        return text
    cut = text
    while cut and width(cut) > room - 1:
        cut = cut[:-1]
    if " " in cut and not text[len(cut)].isspace():
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip(" ,;:(") + "…"


def cmd_rules_show(args) -> int:
    from ...ruleset import load_with_origins
    from ...ruleset.show import show

    _, merged = load_with_origins(args.rules, args.variant)
    sys.stdout.write(show(merged, origins=args.origins))
    return EXIT_OK
