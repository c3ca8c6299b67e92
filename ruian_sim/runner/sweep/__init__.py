"""Sweeps: one rule set, some of its values varied over a list or a grid, every
point played on the same seeds (common random numbers).

A point's rules are the base rules with each ``--param PATH=V`` set; each is
checked by the same validator as a rule file.  Points that differ only in
scoring-only values (``scoring.*`` that the engine does not read) share one
play: the records are played once per chunk and re-scored per point, which is
what makes a sweep of payments cost little more than one run.  Bots that read
the scoring table (smart) would play differently under another table; by
default such points are still re-scored (and say so), ``--replay`` plays each
point.  A point that changes play is played on the same seeds.

Work is cut into chunks of matches like a run; a chunk plays every play group
and yields, per point, a paired accumulator against the first point (so each
point's difference to the first has a paired, match-clustered interval).
The hand target is counted on the first point, as ``compare`` counts it on A,
so every point sees exactly the same matches.  Finished chunks are saved under
``DIR/chunks``; ``--resume DIR`` reuses them.
"""

from __future__ import annotations

# The sweep lives in one module per step: sweep_params (PATH=VALUES), sweep_plan (the
# points), sweep_layout (play or re-score), sweep_run (chunks), sweep_results (output).
from ..chunks import CHUNKS, Interrupted
from .layout import Layout, layout
from .params import Param, check_rules, parse_param, parse_values, set_value
from .plan import DEFAULT_METRICS, SWEEP_PLAN, SweepPlan, make_sweep_plan
from .results import (
    SWEEP_FILE,
    check_metrics,
    flat_metrics,
    format_sweep,
    point_plan,
    sweep_dict,
    write_outputs,
)
from .run import SweepJob, run_sweep, run_sweep_job

__all__ = ["CHUNKS", "DEFAULT_METRICS", "SWEEP_FILE", "SWEEP_PLAN", "Interrupted", "Layout", "Param",
           "SweepJob", "SweepPlan", "check_metrics", "check_rules", "flat_metrics", "format_sweep", "layout",
           "make_sweep_plan", "parse_param", "parse_values", "point_plan", "run_sweep", "run_sweep_job",
           "set_value", "sweep_dict", "write_outputs"]
