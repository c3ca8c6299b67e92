"""Hands/s of several games side by side on one core, against the first.

    python benchmarks/game_speed.py [--matches 300] [--bots smart] ruian sichuan fuzhou

The games play in one process, in turns, three times each (the best run
counts: this machine's speed drifts by ±30% from minute to minute, and side
by side every game meets the same drift).  Prints each game's hands/s, its
ratio to the first, and the discards a hand (a game that plays on after a
win, like Sichuan, plays more turns a hand).
"""

from __future__ import annotations

import argparse
import time

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="rule specs; the first is the reference")
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--bots", default="smart")
    args = ap.parse_args()
    sims = {g: simulator(load(g), args.bots) for g in args.games}
    for sim in sims.values():
        sim.play(1, 0, 2)   # compiled and warm before timing
    best = dict.fromkeys(sims, 0.0)
    discards = {}
    for rep in range(3):
        for g, sim in sims.items():
            t = time.perf_counter()
            recs = sim.play(rep + 1, 0, args.matches)
            best[g] = max(best[g], len(recs) / (time.perf_counter() - t))
            discards[g] = float(recs["turns"].mean())
    ref = args.games[0]
    for g in args.games:
        per_discard = best[g] * discards[g] / (best[ref] * discards[ref])
        print(f"{g:24s} {args.bots:8s} {best[g]:9,.0f} hands/s  {best[g] / best[ref]:5.2f}x of {ref}  "
              f"{discards[g]:5.1f} discards a hand  ({per_discard:.2f}x a discard)")


if __name__ == "__main__":
    main()
