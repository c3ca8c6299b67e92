"""`--resume DIR` against the options given with it: the saved plan decides what a
resumed job plays, so an option that would change it is refused (exit 2, each
named with the saved value), and only options that cannot change the results
(workers, backend, progress, the paths the job already uses) are taken."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import UserError


def explicit_options(make_parser, argv) -> set[str]:
    """The ``dest`` of every option typed on the command line (not left at its default):
    the command line parsed again with every default suppressed."""

    def suppress(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    suppress(sub)
            elif action.dest not in ("help", "version"):
                action.default = argparse.SUPPRESS
        parser._defaults = {}

    parser = make_parser()
    suppress(parser)
    return set(vars(parser.parse_args(argv)))


def _rules_data(rules: str, variants) -> dict:
    from ..ruleset import load_with_origins

    return dict(load_with_origins(rules, variants)[1].data)


def _same_path(a, b) -> bool:
    return Path(a).resolve() == Path(b).resolve()


def check(command: str, plan, args, out: Path) -> None:
    """Refuse, in one line naming each, the options in ``args.given`` that contradict ``plan``."""
    given = getattr(args, "given", None) or set()
    bad: list[str] = []

    def differs(dest: str, option: str, saved, same=None) -> None:
        if dest in given:
            mine = getattr(args, dest)
            if not (same(mine, saved) if same else mine == saved):
                bad.append(f"{option} {_show(mine)} (saved: {_show(saved)})")

    if command in ("run", "duel", "sweep") and given & {"rules", "variant"}:
        if _rules_data(args.rules, args.variant) != plan.rules:
            shown = "+".join([args.rules, *args.variant])
            bad.append(f"--rules {shown} (saved: {'+'.join([plan.rules_name, *plan.variants])})"
                       if "+" not in plan.rules_name else f"--rules {shown} (saved: {plan.rules_name})")
    if command == "compare":
        for side, rules in (("a", plan.rules), ("b", plan.rules_b)):
            if side in given and getattr(args, side) is not None and _rules_data(getattr(args, side), ()) != rules:
                bad.append(f"{side.upper()} {getattr(args, side)} (saved: {plan.extra.get(side + '_spec', '?')})")
        differs("hands", "--hands", plan.extra.get("min_hands", plan.hands))
        differs("until_ci", "--until-ci", plan.extra.get("until_ci"))
        differs("max_hands", "--max-hands", plan.max_hands)
    elif command == "duel":
        from .duel import check_bot

        for side in ("a", "b"):
            if side in given and getattr(args, side) is not None:
                mine, saved = check_bot(getattr(args, side), side.upper()), plan.extra["duel"][side]
                if mine != saved:
                    bad.append(f"{side.upper()} {mine} (saved: {saved})")
        differs("hands", "--hands", plan.extra.get("min_hands", plan.hands))
        differs("until_ci", "--until-ci", plan.extra.get("until_ci"))
        differs("max_hands", "--max-hands", plan.max_hands)
    elif command == "sweep":
        from .sweep.params import parse_param

        if "param" in given:
            mine = [[q.path, list(q.values), q.text] for q in map(parse_param, args.param)]
            if mine != plan.params:
                bad.append(f"--param {' --param '.join(args.param)} (saved: "
                           f"{' '.join(f'{p}={t}' for p, _, t in plan.params)})")
        differs("hands", "--hands", plan.hands)
        differs("replay", "--replay", plan.replay)
        differs("metric", "--metric", plan.metrics, lambda a, b: list(a) == list(b))
        differs("solve", "--solve", plan.solve)
    else:
        differs("hands", "--hands", plan.hands)
    differs("seed", "--seed", plan.seed)
    if command != "duel":
        differs("bots", "--bots", plan.bots)
    differs("chunk_matches", "--chunk-matches", plan.chunk_matches)
    differs("out", "--out", out, _same_path)
    if command == "run" and "records" in given and args.records:
        saved = plan.extra.get("records_file")
        if not plan.records:
            bad.append(f"--records {args.records} (saved: no records; the chunks played keep none)")
        elif saved and not _same_path(args.records, saved):
            bad.append(f"--records {args.records} (saved: {saved})")
    if bad:
        them = "it" if len(bad) == 1 else "them"
        raise UserError(f"--resume {out}: {'; '.join(bad)} {'contradicts' if len(bad) == 1 else 'contradict'} "
                        f"the saved plan, which decides what a resumed job plays; resume without {them} "
                        f"(--workers, --backend, --quiet may change), or start a new job with another --out")


def records_file(plan, args, out: Path) -> Path | None:
    """Where `run` writes its per-hand rows: --records as given, kept in the plan, so that
    --resume writes the same file (not OUT/records.parquet).  A file inside a run directory's
    working areas, or one another run's plan claims, is refused (parquet.check_dest)."""
    from dataclasses import asdict

    from .outdir import check_utf8
    from .parquet import check_dest

    if not args.resume and args.records:
        p = Path(args.records)
        if p.is_dir():
            raise UserError(f"--records {args.records} is a directory; give a file name ending in .parquet")
        check_dest(p, out, args.records, asdict(plan))
        check_utf8("--records", p.resolve())   # its full path goes into plan.json
        plan.extra["records_file"] = str(p.resolve())
        return p
    if args.resume and plan.records:
        p = Path(plan.extra.get("records_file") or out / "records.parquet")
        check_dest(p, out)
        return p
    return None


def _show(v) -> str:
    if isinstance(v, (list, tuple)):
        return " ".join(map(str, v))
    return str(v)
