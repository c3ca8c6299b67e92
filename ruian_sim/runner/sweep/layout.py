"""Which points of a sweep are played and which re-score another point's hands.

A value the engine plays or records by (its compiled spec, the items, the value
formula, the gate, the cap, and the bases when play depends on them) is played
on the same seeds; one that only changes payments re-scores the records of the
point that differs from it only there."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from ...bots.smart.values import bot_values
from ...ruleset.model import build
from ...scoring.formula import parse
from ...scoring.formula_names import formula_names
from ...table.spec import compile_rules
from .params import _show
from .plan import SweepPlan


@dataclass(frozen=True)
class Layout:
    """Which play group each point takes its records from, and why."""

    group_rules: list          # one rule mapping per play group
    point_group: list[int]
    replayed: list[bool]       # the point's own play (not another point's records, re-scored)
    bots_read: list[bool]      # re-scored although the bots read a value that changed
    reasons: list[str] = field(default_factory=list)   # per point: why it was played or re-scored


def _proportional_to_base(node, inline: dict) -> bool:
    """``base × (something without base)``: the reading worth most is the same at every positive
    base.  ``inline``: the table's ``hand`` formula, read where the value names it."""
    if node.op == "var" and node.tok.text in inline:
        return _proportional_to_base(inline[node.tok.text], inline)
    if node.op == "var":
        return node.tok.text == "base"
    if node.op == "*" and len(node.args) == 2:
        a, b = node.args
        return (_proportional_to_base(a, inline) and not _names_base(b, inline)) or \
            (_proportional_to_base(b, inline) and not _names_base(a, inline))
    return False


def _names_base(node, inline: dict) -> bool:
    if node.op == "var" and node.tok.text in inline:
        return _names_base(inline[node.tok.text], inline)
    return (node.op == "var" and node.tok.text == "base") or any(_names_base(a, inline) for a in node.args)


def _engine_view(data: dict, bots: str):
    """What play and the records depend on, and the value vector the bots read.

    The compiled spec's hash covers the rules the engine plays by, the items table
    and the value formula.  The engine also reads, while it plays, the win gate
    (a win it refuses is never declared), the cap (it keeps the reading worth most
    under the cap) and the bases when the value is not ``base`` times something
    without it, or the gate names ``base``: those join the view, so a change in
    them replays."""
    rs = build(data)
    spec = compile_rules(rs)
    sc = rs.scoring
    table = spec.table
    view = [spec.hash]
    if table is not None:
        gate = table.gate
        view.append(("gate", None if gate is None else (gate.code.tolist(), gate.consts.tolist())))
        view.append(("cap", int(sc.get("cap", 0) or 0)))
        bases = [int(b) for b in sc["base"]["dealer"]] + [int(sc["base"]["other"])]
        names = formula_names(list(table.fvars))
        inline = {"hand": parse(sc["hand"], names)} if sc.get("hand") else {}
        names = {**names, **inline}
        reads_base = (gate is not None and _names_base(parse(sc["gate"], names), inline)) or \
            not _proportional_to_base(parse(sc.get("value", "times * base"), names), inline) or min(bases) <= 0
        if reads_base:
            view.append(("base", bases))
    # the payments the bots read (their danger tables are the rules' own, learned when played)
    vals = bot_values(rs, None) if rs.table.seats >= 3 else np.zeros(0)
    return json.dumps(view), vals


def layout(plan: SweepPlan) -> Layout:
    """Group the points by the play they need.  A value that changes what the engine
    plays or records (its spec, the items, the value, the gate, ...) is played on the
    same seeds; one that only changes payments is re-scored from the records of the
    point that differs from it only there."""
    params = plan.param_list
    assigns = plan.assignments()
    first = assigns[0]
    views: dict[str, tuple] = {}

    def view(data):
        k = json.dumps(data, sort_keys=True)
        if k not in views:
            views[k] = _engine_view(data, plan.bots)
        return views[k]

    def shown(paths, a):
        return ", ".join(f"{p}={_show(a[p])}" for p in paths)

    groups: dict[str, int] = {}
    group_rules: list = []
    point_group, replayed, bots_read, reasons = [], [], [], []
    for i, a in enumerate(assigns):
        mine = plan.point_rules(a)
        changed = [p.path for p in params if a[p.path] != first[p.path]]
        engine = []      # changed values the engine reads (each alone against the first point)
        for path in changed:
            if view(plan.point_rules({**first, path: a[path]}))[0] != view(plan.point_rules(first))[0]:
                engine.append(path)
        play = dict(a)
        if not plan.replay:
            for path in changed:
                if path not in engine:
                    play[path] = first[path]
        play_rules = plan.point_rules(play)
        if play_rules != mine and view(play_rules)[0] != view(mine)[0]:
            # together they change play although none does alone: play this point
            engine = changed
            play_rules, play = mine, dict(a)
        rescored = [p for p in changed if play[p] != a[p]]
        read = bool(rescored) and "smart" in plan.bots and not np.array_equal(view(play_rules)[1], view(mine)[1])
        k = json.dumps(play_rules, sort_keys=True)
        if k not in groups:
            groups[k] = len(group_rules)
            group_rules.append(play_rules)
        point_group.append(groups[k])
        own = play_rules == mine
        replayed.append(own)
        bots_read.append(read)
        if i == 0:
            why = "played: the first point"
        elif own and engine:
            why = f"played: the engine plays or records by {shown(engine, a)}"
        elif own:
            why = "played: --replay" if plan.replay and changed else "played"
        else:
            src = assigns[point_group.index(groups[k])]
            why = (f"re-scored: {shown(rescored, a)} {'changes' if len(rescored) == 1 else 'change'} "
                   f"only payments; the hands of "
                   f"{shown([p.path for p in params], src)} paid under this point's rules")
            if read:
                why += f" (the {plan.bots} bots read this value; --replay lets them play under it)"
        reasons.append(why)
    return Layout(group_rules, point_group, replayed, bots_read, reasons)
