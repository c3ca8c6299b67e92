"""A 4-point sweep of a scoring-only value beside one run of the same hands.

    python benchmarks/sweep.py [--hands N] [--workers W] [--bots B]

Both go through the public path (chunks, scoring, statistics, merging), in one
process, each in a fresh output directory, the run first and the sweep right
after it on the same seed.  The sweep plays the hands once and re-scores them
for each value of scoring.base.other (a base only changes payments: the value
is ``times * base``, so the engine keeps the same reading at every base).
Target (issue 14): the sweep takes at most 1.5x the run's time.  The figures
in README.md came from

    python benchmarks/sweep.py --hands 200000
"""

from __future__ import annotations

import argparse
import tempfile
import time

from ruian_sim.runner import make_plan, run_plan
from ruian_sim.runner.executors import local
from ruian_sim.runner.sweep import make_sweep_plan, parse_param, run_sweep


def timed_run(hands: int, workers: int, bots: str) -> float:
    plan = make_plan("ruian", (), hands, 1, bots, chunk_matches=1000)
    backend = local(workers)
    with tempfile.TemporaryDirectory() as out:
        t = time.perf_counter()
        run_plan(plan, out, backend, quiet=True)
        wall = time.perf_counter() - t
    backend.close()
    return wall


def timed_sweep(hands: int, workers: int, bots: str) -> tuple[float, dict]:
    plan = make_sweep_plan("ruian", (), [parse_param("scoring.base.other=1,2,3,4")], hands, 1, bots)
    backend = local(workers)
    with tempfile.TemporaryDirectory() as out:
        t = time.perf_counter()
        sweep = run_sweep(plan, out, backend, quiet=True)
        wall = time.perf_counter() - t
    backend.close()
    return wall, sweep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000, help="hands (default 200000)")
    ap.add_argument("--workers", type=int, default=1, help="worker processes for both (default 1)")
    ap.add_argument("--bots", default="greedy", help="bots (default greedy)")
    args = ap.parse_args()
    timed_run(2_000, 1, args.bots)      # compile and cache, so both timings start warm
    timed_sweep(2_000, 1, args.bots)
    run = timed_run(args.hands, args.workers, args.bots)
    sweep, s = timed_sweep(args.hands, args.workers, args.bots)
    print(f"{args.hands:,} hands, bots {args.bots}, {args.workers} worker(s)")
    print(f"  run                          {run:8.2f} s")
    assert s["plays"] == 1, [p["why"] for p in s["points"]]
    print(f"  sweep scoring.base.other=1,2,3,4 ({s['plays']} play, {len(s['points'])} points) "
          f"{sweep:8.2f} s   = {sweep / run:.2f}x the run (target <= 1.5x)")


if __name__ == "__main__":
    main()
