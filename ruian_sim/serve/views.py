"""What the page asks for, as plain data: the built-in games and variants,
an overlay checked as the user types, a finished comparison in the words
and numbers `compare` and `report` use, and one hand of a run as its
transcript.  Every figure here comes from the same functions the terminal
commands print with, so the page cannot disagree with them."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..errors import UserError

# The figures the page leads with: compare's headline metrics, and those a designer asks first.
LEAD = ("draw_rate", "dealer_advantage", "money_per_hand", "dealer_kept_rate", "turns_mean", "hands_per_match")

# Each chart holds one unit, grouped as the report groups them (runner/units.py); shares are
# drawn in percentage points there and as shares here, the same numbers


def games() -> dict:
    """Built-in games with their titles, and the variants each one takes."""
    import yaml

    from ..ruleset import builtin_names, load
    from ..ruleset.locate import variants_dir

    names = builtin_names()
    out = {"games": [], "variants": []}
    for n in names["rules"]:
        out["games"].append({"name": n, "title": load(n).title})
    for n in names["variants"]:
        text = (variants_dir() / f"{n}.yaml").read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
        out["variants"].append({"name": n, "extends": str(data.get("extends", "ruian")), "about": _about(text)})
    return out


def _about(text: str) -> str:
    """A variant file's opening comment, whole sentences (its `seed:` lines quote the source)."""
    words = []
    for line in text.splitlines():
        if not line.startswith("#") or line.lstrip("# ").startswith("seed:"):
            break
        words.append(line.lstrip("# ").strip())
    return " ".join(words)


def validate(text: str, a: str, drafts: Path) -> dict:
    """An overlay checked as `ruian-sim validate` checks a file: each problem with its line and column
    in the editor, or the rule keys it changes from A."""
    from ..ruleset import load_with_origins
    from ..runner.compare import _short, rule_diff

    drafts.mkdir(parents=True, exist_ok=True)
    path = drafts / f"overlay-{os.getpid()}-{os.urandom(4).hex()}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        try:
            rules_b, merged_b = load_with_origins(str(path))
        except UserError as exc:
            return {"ok": False, "problems": [_problem(p, path) for p in exc.problems]}
        try:
            _, merged_a = load_with_origins(a)
        except UserError as exc:
            return {"ok": False, "problems": [{"line": None, "col": None, "text": f"A: {p}"} for p in exc.problems]}
        diff = rule_diff(dict(merged_a.data), dict(merged_b.data))
        return {"ok": True, "name": rules_b.name, "hash": rules_b.hash,
                "changes": [{"key": d["key"], "a": _short(d["a"]), "b": _short(d["b"])} for d in diff if
                            d["key"] != "extends"],
                "notes": [str(n) for n in rules_b.notes]}
    finally:
        path.unlink(missing_ok=True)


def _problem(p, path: Path) -> dict:
    """A problem at its line of the editor; one in a file the overlay extends keeps its own file."""
    from ..errors import Problem

    mine = p.mark is not None and Path(p.mark.file).name == path.name
    text = f"overlay.yaml:{p.mark.line}:{p.mark.col}: {Problem(None, p.path, p.message, p.warning)}" if mine else str(p)
    return {"line": p.mark.line if mine else None, "col": p.mark.col if mine else None, "key": p.path,
            "message": p.message, "warning": p.warning, "text": text}


def result(folder: Path) -> dict | None:
    """A finished comparison: its file, the report's sentences, compare's table rows, and charts by unit."""
    from ..report.analyst import findings
    from ..runner.compare import _ci, _fired, _num, _p, _short, _value, pairing_gain, shown_metrics
    from ..runner.units import by_unit

    path = folder / "out" / "comparison.json"
    if not path.is_file():
        return None
    c = json.loads(path.read_text(encoding="utf-8"))
    m = c["metrics"]

    def row(k: str) -> dict:
        x = m[k]
        return {"metric": k, "a": _value(x["a"]), "b": _value(x["b"]), "diff": _num(x["diff"]), "ci": _ci(x["ci95"]),
                "p": _p(x["p"]), "unpaired": _ci(x["unpaired_ci95"]), "gain": pairing_gain(x),
                "headline": bool(x.get("headline")), "clear": _excludes_zero(x["ci95"])}

    shown = shown_metrics(c)
    lead = [k for k in LEAD if k in m] + [k for k in shown if m[k].get("headline") and k not in LEAD]
    charts = []
    for unit, keys in by_unit(shown).items():
        keys = keys[:24]
        if keys:
            charts.append({"title": unit, "bars": [{"metric": k, "diff": m[k]["diff"], "ci": m[k]["ci95"],
                                                     "a": m[k]["a"], "b": m[k]["b"]} for k in keys]})
    return {"a": c["a"], "b": c["b"], "hands": c["hands"], "hands_b": c.get("hands_b", c["hands"]),
            "matches": c["matches"], "seed": c["seed"], "bots": c["bots"], "brief": findings(c),
            "lead": [row(k) for k in lead], "table": [row(k) for k in shown], "charts": charts,
            "rules": [{"key": d["key"], "a": _short(d["a"]), "b": _short(d["b"]), "fired": _fired(d)}
                      for d in c.get("rules_changed", [])],
            "warnings": c.get("warnings", [])}


def _excludes_zero(ci) -> bool:
    lo, hi = ci
    return lo is not None and hi is not None and (lo > 0 or hi < 0)


def hand(folder: Path, side: str, match: int, number: int) -> dict:
    """One hand of a run, replayed by the engine as `ruian-sim play` shows it."""
    from ..engine.compile import simulator
    from ..engine.transcript import play_text
    from ..ruleset import load
    from ..settle.payments import settlement

    meta = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    spec = meta["a"] if side == "a" else str(folder / "overlay.yaml")
    rules = load(spec)
    text = play_text(simulator(rules, meta["bots"]), meta["seed"], match, number,
                     settle=lambda rec: settlement(rec, rules))
    if text is None:
        raise UserError(f"match {match} ends before hand {number}")
    return {"text": text.replace(str(folder / "overlay.yaml"), "overlay.yaml")}
