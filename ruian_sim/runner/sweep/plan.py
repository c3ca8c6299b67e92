"""A sweep's plan: the base rules, the params and their values (every point of the
list or grid), the seeds and bots; saved as ``DIR/sweep-plan.json`` so that
``--resume DIR`` plays the same points."""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import UserError
from ...ruleset.model import build
from ..plan import load_plan, save_plan
from .params import Param, check_grid, check_list_values, check_rules, set_value

SWEEP_PLAN = "sweep-plan.json"
DEFAULT_METRICS = ("draw_rate", "dealer_kept_rate", "dealer_points_mean", "nondealer_points_mean")


@dataclass
class SweepPlan:
    rules: dict                  # the merged base rules
    rules_name: str
    variants: tuple[str, ...]
    params: list                 # [[path, [values], text], ...]
    seed: int
    hands: int
    bots: str
    chunk_matches: int = 1000
    replay: bool = False
    metrics: list = field(default_factory=lambda: list(DEFAULT_METRICS))
    solve: str | None = None
    extra: dict = field(default_factory=dict)

    def ruleset_players(self) -> int:
        return build(self.rules).table.players

    @property
    def param_list(self) -> list[Param]:
        return [Param(p, tuple(v), t) for p, v, t in self.params]

    def assignments(self) -> list[dict]:
        ps = self.param_list
        return [dict(zip([p.path for p in ps], combo)) for combo in itertools.product(*(p.values for p in ps))]

    def point_rules(self, assignment: dict) -> dict:
        data = self.rules
        for path, v in assignment.items():
            data = set_value(data, path, v)
        return data

    @property
    def key(self) -> str:
        body = json.dumps({"rules": self.rules, "params": self.params, "seed": self.seed, "bots": self.bots,
                           "replay": self.replay}, sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def save(self, out: Path) -> None:
        save_plan(self, out, SWEEP_PLAN)

    @classmethod
    def load(cls, out: Path) -> SweepPlan:
        return load_plan(cls, out, SWEEP_PLAN, "sweep")


def make_sweep_plan(rules: str, variants, params: list[Param], hands: int, seed: int, bots: str,
                    chunk_matches: int = 1000, replay: bool = False, metrics=None, solve=None) -> SweepPlan:
    from ...ruleset import load_with_origins
    from ..summary import applied_variants

    if not params:
        raise UserError("--param: give at least one, e.g. --param scoring.base.other=1,2,3")
    if len(params) > 2:
        raise UserError("--param: at most two (a grid); got " + ", ".join(p.path for p in params))
    if len({p.path for p in params}) < len(params):
        raise UserError("--param: the same PATH twice")
    check_grid(params)
    rs, merged = load_with_origins(rules, variants)
    plan = SweepPlan(rules=dict(merged.data), rules_name=rs.name, variants=applied_variants(rs.files),
                     params=[[p.path, list(p.values), p.text] for p in params], seed=seed, hands=hands,
                     bots=bots, chunk_matches=chunk_matches, replay=replay,
                     metrics=list(metrics or DEFAULT_METRICS), solve=solve)
    # every value alone first (the message names the one at fault), then every point
    for p in params:
        check_list_values(plan.rules, p)
        for v in p.values:
            check_rules(set_value(plan.rules, p.path, v), {p.path: v})
    if len(params) > 1:
        for a in plan.assignments():
            check_rules(plan.point_rules(a), a)
    return plan
