"""Where the search player leaves its rollout policy's discard, was the lead real?

    python tools/search_audit.py --rules taiwanese --bot search:playouts=8 --hands 100

Hands are played by the rollout policy; before each discard (with --claims,
each claim a seat may make on a discard) the search decides as it would in
play.  Where it throws another tile (or claims otherwise) than the policy
would, the two are played out again in --playouts fresh samples (the same sampling, the
same rollouts), and the mean lead of the search's tile over the policy's is
printed with its 95% CI.  A lead near 0 on many playouts says the search left
the policy for noise; a clear lead in these playouts but a loss in a duel says
the samples or the rollouts are unlike the real table (docs/experiments.md).
"""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

from ruian_sim.bots import layout as BL
from ruian_sim.engine.compile import simulator
from ruian_sim.engine.simulate import copied
from ruian_sim.engine.search import search_discard, weigh
from ruian_sim.engine.search_claim import search_claims
from ruian_sim.engine.turn_state import PH_CLAIMS, PH_DISCARD, T_DISCARD, T_DISCARD_RAW, T_SEAT
from ruian_sim.table.legal import claimable
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.rng import BOT
from ruian_sim.tiles import format_counts, name


def positions(sim, seed, match, claims):
    """The first hand of ``match`` played by the rollout policy: (state, turn,
    wk, seat) before each discard (the seat discarding) or, with ``claims``,
    each claim a seat may make (the seat claiming); the state is the one
    played on: copy it."""
    for phase, st, T, wk in sim.steps(seed, match, int(sim.bots[0, BL.BP_ROLLOUT])):
        if phase == PH_DISCARD and not claims:
            yield st, T, wk, int(T[T_SEAT])
        if phase == PH_CLAIMS and claims and T[T_DISCARD_RAW] != wk:
            turn, n = int(T[T_SEAT]), st.seats.cnt.shape[0]
            for i in range(1, n):
                s = (turn + i) % n
                if claimable(s, int(T[T_DISCARD]), turn, False, sim.kernel_rules.P, st.seats.cnt[s]):
                    yield st, T, wk, s


def searched(sim, st, T, wk, s, phase, playouts=None, cands=None):
    """Seat s's choice by search at this discard or claim (None: the
    policy's) and the policy's; with ``cands``, the mean lead of the second
    over the first in ``playouts`` fresh samples and its standard error."""
    c = copied(st)
    c.bots.bp[:] = sim.bots
    sw, rules = sim.search, sim.kernel_rules
    args = (wk, rules, c.wall, c.seats, c.table, c.bots, T.copy(), sw, sim.work, sim.values)
    if cands is None and phase == PH_DISCARD:
        search_discard(s, 0, 1, 0, *args)
        forced, first = int(c.bots.bp[s, BL.BP_FORCED]) - 2, int(sw.cands[0])
        return (forced if forced >= -1 and forced != first else None), first
    if cands is None:
        c.bots.bp[:, BL.BP_KIND] = sim.bots[0, BL.BP_ROLLOUT]   # the others claim as the policy
        c.bots.bp[s, BL.BP_KIND] = BL.BOT_SEARCH
        search_claims(0, 1, 0, *args)
        forced, first = int(c.bots.bp[s, BL.BP_FORCED_CLAIM]), int(sw.cands[0])
        return (forced if forced > 0 and forced != first else None), first
    c.bots.bp[s, BL.BP_PLAYOUTS] = playouts
    c.bots.bp[s, BL.BP_CONFIRM] = 0.0   # the plain mean lead in these playouts,
    c.bots.bp[s, BL.BP_PRUNE] = 0.0     # every one of them
    c.bots.rs[BOT + s] ^= np.uint64(0x9E3779B97F4A7C15)   # samples apart from the decision's own
    sw.cands[:len(cands)] = cands
    weigh(s, len(cands), phase, 0, 1, 0, *args)
    lead, sq = sw.sums[1, 1], sw.sums[2, 1]
    mean = lead / playouts
    var = (sq - playouts * mean * mean) / (playouts - 1)
    return mean, math.sqrt(max(var, 0.0) / playouts)


def departure(st, s, first, choice, mean, se) -> str:
    """One discard where the search left the policy: the hand (w: a wild), how
    many melds it has set aside, the two tiles and the lead, with its 95% half-width."""
    F = st.seats.F[s]
    hand = format_counts(st.seats.cnt[s]) + "w" * int(F[L.F_W])
    a, b = ("w" if f == -1 else name(f) for f in (first, choice))
    return (f"  seat {s}, discard {int(F[L.F_DISCARDS]) + 1}, {int(F[L.F_NMELD])} melds: {hand}  "
            f"policy {a}, search {b}: {mean:+.2f} ± {1.96 * se:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="ruian")
    ap.add_argument("--bot", default="search", help="the search player as --bots names it")
    ap.add_argument("--hands", type=int, default=50, help="hands to scan (each a match's first)")
    ap.add_argument("--playouts", type=int, default=256, help="playouts of each of the two tiles again")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--claims", action="store_true", help="the claims on others' discards, not the discards")
    ap.add_argument("--show", action="store_true", help="print each discard where the search left the policy")
    a = ap.parse_args()
    sim = simulator(load(a.rules), [a.bot] * 4)
    decisions, leads, ses = 0, [], []
    for match in range(a.hands):
        phase = PH_CLAIMS if a.claims else PH_DISCARD
        for st, T, wk, s in positions(sim, a.seed, match, a.claims):
            decisions += 1
            choice, first = searched(sim, st, T, wk, s, phase)
            if choice is None:
                continue
            mean, se = searched(sim, st, T, wk, s, phase, a.playouts, [first, choice])
            leads.append(mean)
            ses.append(se)
            if a.show and not a.claims:
                print(departure(st, s, first, choice, mean, se))
        print(f"{match + 1} hands, {decisions} decisions, {len(leads)} left the policy", file=sys.stderr)
    what = "claim decisions" if a.claims else "discards"
    x = np.array(leads)
    if len(x) == 0:
        print(f"{a.rules} {a.bot}: {decisions} {what}, none left the policy's choice")
        return
    m = x.mean()
    half = 1.96 * x.std(ddof=1) / math.sqrt(len(x)) if len(x) > 1 else float("nan")
    z = np.array(leads) / np.maximum(np.array(ses), 1e-12)
    print(f"{a.rules} {a.bot}: {decisions} {what}, {len(x)} ({len(x) / decisions:.1%}) left the policy's choice")
    print(f"their lead over it in {a.playouts} fresh playouts: {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}] points"
          f" a decision; above 2 SE in {np.mean(z > 2):.0%} of them, below -2 SE in {np.mean(z < -2):.0%}")


if __name__ == "__main__":
    main()
