"""How much of a comparison can be the bots' learning: the same rules, the
smart bot's tables learned from the usual seeds and from others, played on
the same walls.  Each side of a `compare` learns from its own self-play, so
a variant's effect no larger than this may be learning noise, not the rule.

    python benchmarks/learn_noise.py [--rules taiwanese] [--matches 20000] [--learn-seed 105]

Prints the two tables' hazard and one cell of the ready table, then the draw
rate and turns per hand under each, with the difference and its 95% CI
(clustered by match: a match's hands share its players' scores).
"""

from __future__ import annotations

import argparse

import numpy as np

from ruian_sim.engine import layout as L
from ruian_sim.engine.simulate import Simulator, learn_danger
from ruian_sim.ruleset import load


def ratio_diff(ra: np.ndarray, rb: np.ndarray, f, matches: int) -> tuple[float, float, float]:
    """(A, B, half-width of the 95% CI of A − B): per-hand means of f, the two
    runs paired by match, their ratio estimators linearised per match."""
    out = []
    for r in (ra, rb):
        m = r[:, L.C_MATCH]
        s = np.bincount(m, weights=f(r), minlength=matches)
        n = np.bincount(m, minlength=matches)
        mean = s.sum() / n.sum()
        out.append((mean, (s - mean * n) / n.mean()))
    (a, da), (b, db) = out
    return a, b, 1.96 * (da - db).std(ddof=1) / np.sqrt(matches)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="taiwanese")
    ap.add_argument("--matches", type=int, default=20_000)
    ap.add_argument("--learn-seed", type=int, default=105, help="the other tables' learning seed")
    ap.add_argument("--seed", type=int, default=7, help="the walls' seed")
    args = ap.parse_args()
    rules = load(args.rules)
    usual = learn_danger(rules, quiet=True)
    other = learn_danger(rules, seed=args.learn_seed, quiet=True)
    print(f"{args.rules}: hazard {usual['hazard']} / {other['hazard']}, "
          f"ready at 8 discards, no melds {usual['ready'][0][8]} / {other['ready'][0][8]}")
    ra = Simulator(rules, "smart", danger=usual).play_raw(args.seed, 0, args.matches)
    rb = Simulator(rules, "smart", danger=other).play_raw(args.seed, 0, args.matches)
    print(f"{len(ra):,} and {len(rb):,} hands, {args.matches:,} matches")
    figures = {"draw_rate": lambda r: ~np.isin(r[:, L.C_OUTCOME], L.WIN_OUTCOMES),
               "turns_mean": lambda r: r[:, L.C_TURNS]}
    for name, f in figures.items():
        a, b, half = ratio_diff(ra, rb, f, args.matches)
        print(f"  {name:12s} usual {a:.4f}  other {b:.4f}  usual − other {a - b:+.4f} "
              f"[{a - b - half:+.4f}, {a - b + half:+.4f}]")


if __name__ == "__main__":
    main()
