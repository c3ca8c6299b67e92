"""Hands/s of bot line-ups side by side on one core, against the first.

    python benchmarks/search_speed.py --rules ruian --matches 3 smart,smart,smart,smart search,smart,smart,smart

Each line-up plays the same matches in one process, in turns, twice (the best
run counts: this machine drifts by ±30%, and side by side every line-up meets
the same drift).  Prints hands/s and the ratio to the first line-up.
"""

from __future__ import annotations

import argparse
import time

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lineups", nargs="+", help="--bots values; the first is the reference")
    ap.add_argument("--rules", default="ruian")
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--reps", type=int, default=2)
    args = ap.parse_args()
    rules = load(args.rules)
    sims = {b: simulator(rules, b) for b in args.lineups}
    for sim in sims.values():
        sim.play(1, 0, 1)   # compiled and warm before timing
    best = dict.fromkeys(sims, 0.0)
    for rep in range(args.reps):
        for b, sim in sims.items():
            t = time.perf_counter()
            recs = sim.play(rep + 2, 0, args.matches)
            best[b] = max(best[b], len(recs) / (time.perf_counter() - t))
    ref = args.lineups[0]
    for b in args.lineups:
        print(f"{args.rules:12s} {b:48s} {best[b]:9,.2f} hands/s  {best[b] / best[ref]:7.4f}x")


if __name__ == "__main__":
    main()
