"""How much of a comparison can be the bots' learning: the same rules, the
smart bot's tables learned from the usual seeds and from others, played on
the same walls.  Each side of a `compare` learns from its own self-play, so
a variant's effect no larger than this may be learning noise, not the rule.

    python benchmarks/learn_noise.py [--rules taiwanese] [--matches 20000] [--learn-seed 105]

Prints the two tables' hazard and one cell of the ready table, then the
figures that moved most, each usual − other with the paired 95% CI `compare`
gives (ruian_sim.stats.PairedAccumulator: clustered by match).
"""

from __future__ import annotations

import argparse

from ruian_sim.engine.compile import learn_danger, simulator
from ruian_sim.ruleset import load
from ruian_sim.settle import score
from ruian_sim.stats import Accumulator, PairedAccumulator

SHOWN = 8


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
    sa, sb = simulator(rules, "smart", danger=usual), simulator(rules, "smart", danger=other)
    ra, rb = sa.play(args.seed, 0, args.matches), sb.play(args.seed, 0, args.matches)
    players = rules.table.players
    acc = PairedAccumulator(Accumulator(players), Accumulator(players)).add(
        ra, score(ra, rules), rb, score(rb, rules), sa.spec.seats, sb.spec.seats)
    print(f"{len(ra):,} and {len(rb):,} hands, {args.matches:,} matches; usual − other, "
          f"draw_rate, turns_mean and the figures that moved most")
    rows = {name: acc.compare(name) for name in acc.a.moments}

    def z(c: dict) -> float:
        half = (c["ci95"][1] - c["ci95"][0]) / 2
        return abs(c["diff"]) / half if half > 0 else 0.0

    shown = sorted(rows, key=lambda n: -z(rows[n]))[:SHOWN]
    always = ["draw_rate", "turns_mean"]
    for name in always + [n for n in shown if n not in always]:
        c = rows[name]
        print(f"  {name:28s} usual {c['a']:.4f}  other {c['b']:.4f}  {c['diff']:+.4f} "
              f"[{c['ci95'][0]:+.4f}, {c['ci95'][1]:+.4f}]  p {c['p']:.2g}")


if __name__ == "__main__":
    main()
