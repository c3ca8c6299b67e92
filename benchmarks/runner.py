"""Runner throughput: hands/s with 1 and 2 workers (default rules, greedy bots),
and the wall time of 1,000,000 hands.

    python benchmarks/runner.py [--hands N] [--million]

Whole runs through the public path (chunks, scoring, statistics, merging),
each in a fresh output directory.  Worker start-up (loading the compiled
kernels and tables) is included, as a user would see it.  Targets (issue 6):
2 workers >= 1.8x one worker; 1,000,000 hands in <= 3 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from ruian_sim.runner import make_plan, run_plan
from ruian_sim.runner.executors import local


def timed(hands: int, workers: int, seed: int) -> tuple[float, dict]:
    plan = make_plan("ruian", (), hands, seed, "greedy", chunk_matches=1000)
    backend = local(workers)
    with tempfile.TemporaryDirectory() as out:
        t = time.perf_counter()
        summary = run_plan(plan, out, backend, quiet=True)
        wall = time.perf_counter() - t
    backend.close()
    return wall, summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000, help="hands per timed run (default 200000)")
    ap.add_argument("--million", action="store_true", help="also time 1,000,000 hands on 2 workers")
    args = ap.parse_args()
    timed(5_000, 1, 99)  # compile and cache, so both timings start warm
    w1, s1 = timed(args.hands, 1, 1)
    w2, s2 = timed(args.hands, 2, 1)
    r1, r2 = s1["hands"] / w1, s2["hands"] / w2
    print(f"1 worker : {s1['hands']:,} hands in {w1:6.1f} s = {r1:8,.0f} hands/s")
    print(f"2 workers: {s2['hands']:,} hands in {w2:6.1f} s = {r2:8,.0f} hands/s   "
          f"speed-up {r2 / r1:.2f}x (target >= 1.8x)")
    if args.million:
        wm, sm = timed(1_000_000, 2, 2)
        print(f"1,000,000 hands on 2 workers: {wm:6.1f} s wall ({sm['hands'] / wm:,.0f} hands/s)   "
              f"target <= 180 s")


if __name__ == "__main__":
    main()
