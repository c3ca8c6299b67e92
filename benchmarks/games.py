"""Play each built-in game for many hands and check what must hold in every
one: the hand's points sum to zero, no win passes below the table's gate, and
the record scores again exactly as the engine valued it; the first hands of
each game are also refereed move by move (tests/kit/referee.py).

    python benchmarks/games.py [--hands 200000] [--refereed 300] [--games ruian-tai taiwanese hangzhou sichuan fuzhou mcr]

Prints, per game, hands played, hands/s, win / draw rate, the mean value of a
win and how often each item paid, and the checks' results.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import load
from ruian_sim.scoring import layout as S
from ruian_sim.scoring.compile import rules_table
from ruian_sim.settle import score, values
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "kit"))   # the referee

# Shares of wins in top human play of another game, riichi (Tenhou 鳳凰卓 2018,
# 1.56M wins; 清一色 6 han, 混一色 3, 対々和 2, 三暗刻 2): a rough reference for
# what people make of these patterns where they pay, not a target.  Riichi
# hands are 14 tiles and an open hand needs a yaku, which 混一色 gives
# (benchmarks/pattern_odds.py: how much rarer each is in a 17-tile hand).
HUMAN_RIICHI = {"one_suit": 0.0055, "half_suit": 0.0457, "all_pungs": 0.0166, "three_concealed_pungs": 0.0064}


def check_game(name: str, hands: int, refereed: int, bots: str) -> bool:
    rules = load(name)
    sim = simulator(rules, bots)
    n = rules.table.seats
    t0 = time.perf_counter()
    recs, first = [], 0
    got = 0
    while got < hands:
        r = sim.play(seed=1, first_match=first, matches=500)
        recs.append(r)
        got += len(r)
        first += 500
    recs = np.concatenate(recs)
    took = time.perf_counter() - t0
    scored = score(recs, rules)
    won = np.isin(recs["outcome"], L.WIN_OUTCOMES)
    ok = True
    sums = scored.seat_points.sum(axis=1)
    print(f"{name}: {len(recs):,} hands in {took:.0f} s ({len(recs) / took:,.0f} hands/s), "
          f"win rate {won.mean():.1%}, mean value of a win {scored.value[won].mean():.1f}")
    if np.any(sums != 0):
        ok = False
        print(f"  FAIL: {np.count_nonzero(sums)} hands do not sum to zero")
    else:
        print("  every hand sums to zero")
    parts, _ = values(recs, rules)
    same = all(np.array_equal(per_seat(recs, f, n), parts[:, :, o])
               for f, o in (("points", S.OUT_POINTS), ("tai", S.OUT_TAI), ("times", S.OUT_TIMES),
                            ("items", S.OUT_ITEMS), ("items2", S.OUT_ITEMS2)))
    print("  records rescore as the engine valued them" if same else "  FAIL: records rescore differently")
    ok &= same
    t = rules_table(rules)
    if t.gate is not None:
        from ruian_sim.table.programs import PARTS_SIZE, programs
        from ruian_sim.table.valuation import passes_gate

        prog = programs(t, rules.scoring)
        from ruian_sim.settle import fact_vectors

        fv = fact_vectors(recs, n)
        bad = 0
        for h in np.nonzero(won)[0][:20000]:
            for s in range(n):
                if (int(recs["winners"][h]) >> s) & 1:
                    p = np.zeros(PARTS_SIZE, np.int64)
                    p[:S.OUT_W] = parts[h, s]
                    bad += not passes_gate(fv[h, s], t.tab, prog, p)
        print(f"  gate: {bad} of the first 20,000 wins below it")
        ok &= bad == 0
    from ruian_sim.stats import Accumulator

    acc = Accumulator(rules.table.players).add(recs, scored, n)
    print("    item shares of wins, with the match-clustered 95% CI, how many wins it paid"
          " (and human riichi play's share where there is one):")
    for i, item in enumerate(t.item_names):
        v, lo, hi = acc.estimate(f"items.{item}")
        fired = int(scored.item(i)[won].sum())
        ref = f"   riichi {HUMAN_RIICHI[item]:.2%}" if item in HUMAN_RIICHI else ""
        print(f"    {item:28s} {v:7.2%}  [{max(lo, 0):6.2%}, {hi:6.2%}]  {fired:7,}{ref}")
    if refereed:
        from referee import Referee

        ref = Referee(sim.spec)
        done = 0
        match = 0
        while done < refereed:
            hand = 0
            while done < refereed:
                g = sim.replay(seed=1, match=match, hand=hand)
                if g is None:
                    break
                r, events, state = g
                ref.referee(r[hand], events, state)
                hand += 1
                done += 1
            match += 1
        print(f"  the referee passed {done} hands move by move")
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--refereed", type=int, default=300)
    ap.add_argument("--bots", default="smart")
    ap.add_argument("--games", nargs="+", default=["ruian-tai", "taiwanese", "hangzhou", "sichuan", "fuzhou", "mcr"])
    args = ap.parse_args()
    ok = all([check_game(g, args.hands, args.refereed, args.bots) for g in args.games])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
