"""Hand-evaluation throughput: win tests/s, 5-meld shanten/s, discard choices/s,
and the smart bot's acceptance of every candidate.

    python benchmarks/hand.py [--hands N] [--rules R]

Each figure is measured inside one compiled loop over pre-built random hands
(17 tiles drawn from a shuffled 136-tile wall, the wild turned as in play),
so Python call overhead is not counted.  Targets (issue 3): win test
< 100 ns, shanten < 1 µs, a full discard choice < 20 µs.  The smart bot's
batch (shanten of every candidate, the draw list, the acceptance of every
candidate within two steps of the best: bots/smart/accept_batch.py) has no target:
it is what a smart decision pays before any valuation, for A/B runs; so is
its whole choice (``--smart-hands``), the valuation of every target and
route included, on a table where nothing has been seen yet.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ruian_sim.bots.acceptance import WORK_ROWS, draw_list, shanten_scores
from ruian_sim.bots.greedy import greedy_discard
from ruian_sim.bots.shanten import bot_shanten
from ruian_sim.bots.smart.accept_batch import acceptances
from ruian_sim.bots.smart.choice import smart_choice
from ruian_sim.engine.arrays import new_state
from ruian_sim.engine.compile import simulator
from ruian_sim.engine.game import key_steps
from ruian_sim.hand import complete as C
from ruian_sim.hand import kernels as K
from ruian_sim.hand.layout import CAPX_SIZE, HS_B, HS_CAP, HS_CAPW, HS_HAND, HS_M, HS_STANDIN, ROW
from ruian_sim.jit import kernel, kernel_inline
from ruian_sim.ruleset import load
from ruian_sim.table.layout import EP_COPIES, F_NMELD, F_NTILES, F_W, H_WK, N_FACE, N_RAW
from ruian_sim.table.spec import compile_rules
from ruian_sim.table.state import Rules


def random_hands(spec, n: int, seed: int, wild: int | None = None):
    """n hands of hand_size + 1 tiles as face counts, wilds and wild kinds
    (``wild``: that kind is the wild of every hand, -1 none)."""
    rng = np.random.default_rng(seed)
    P = spec.P
    tiles = np.repeat(np.arange(N_RAW), P[EP_COPIES:EP_COPIES + N_RAW])
    tiles = tiles[tiles < N_FACE]   # flowers are laid aside and replaced: never held
    size = int(spec.hs[HS_HAND]) + 1
    stand_in = int(spec.hs[HS_STANDIN])
    cnt = np.zeros((n, N_FACE), np.int64)
    wilds = np.zeros(n, np.int64)
    wk = np.zeros(n, np.int64)
    for i in range(n):
        perm = rng.permutation(tiles)
        w = int(perm[-1]) if wild is None else wild  # the turned tile's kind is the wild
        wk[i] = w
        for t in perm[:size]:
            if t == w:
                wilds[i] += 1
            elif t == stand_in and stand_in != w:
                cnt[i, w] += 1
            else:
                cnt[i, t] += 1
    return cnt, wilds, wk


def hand_arrays(hs, cnt, wk):
    """Each hand's group keys and caps (the stand-in plays at the wild's face)."""
    n = cnt.shape[0]
    keys = np.zeros((n, 4), np.int64)
    capx = np.zeros((n, CAPX_SIZE), np.int64)
    for i in range(n):
        K.compute_keys(cnt[i], int(hs[HS_B]), keys[i])
        capx[i, :N_FACE] = hs[HS_CAP]
        if hs[HS_STANDIN] >= 0 and hs[HS_STANDIN] != wk[i]:
            capx[i, wk[i]] = hs[HS_CAPW]
        K.set_tight(capx[i], hs)
    return keys, capx


@kernel
def _bench_win(cnt, wilds, capx, hs, tabs, keys, reps, buf, dist):
    k = hs[HS_M]
    wins = 0
    for _ in range(reps):
        for i in range(cnt.shape[0]):
            wins += C.is_complete(cnt[i], keys[i], wilds[i], k, 0, 0, hs, tabs, capx[i], buf)
    return wins


@kernel
def _bench_shanten(cnt, wilds, capx, hs, tabs, keys, reps, buf):
    total = 0
    held = hs[HS_HAND] + 1
    for _ in range(reps):
        for i in range(cnt.shape[0]):
            total += bot_shanten(cnt[i], keys[i], wilds[i], held, 0, 0, capx[i], hs, tabs, buf)
    return total


@kernel_inline
def _hold(i, cnt, wilds, capx, keys, hs, seats):
    """Seat 0 of the engine state holds pre-built hand i."""
    c1, k1, F, x1 = seats.cnt, seats.keys, seats.F, seats.capx
    for j in range(cnt.shape[1]):
        c1[0, j] = cnt[i, j]
    for j in range(keys.shape[1]):
        k1[0, j] = keys[i, j]
    for j in range(capx.shape[1]):
        x1[0, j] = capx[i, j]
    F[0, F_W] = wilds[i]
    F[0, F_NTILES] = hs[HS_HAND] + 1
    F[0, F_NMELD] = 0


@kernel
def _bench_discard(cnt, wilds, wk, capx, keys, reps, batch, rules, seats, table, bots, work):
    """Greedy's discard choice of each hand, or (``batch``) the smart bot's
    acceptance of every candidate within two steps of the best."""
    hs = rules.hs
    total = 0
    for _ in range(reps):
        for i in range(cnt.shape[0]):
            _hold(i, cnt, wilds, capx, keys, hs, seats)
            if batch:
                best, _, _ = shanten_scores(0, rules, seats, work)
                nl, wild_u = draw_list(0, wk[i], -1, rules, seats, table, work)
                acceptances(0, best + 2, nl, wild_u, rules, seats, work)
                total += work.accept[4]
            else:
                f, _ = greedy_discard(0, wk[i], -1, rules, seats, table, bots, work, -1)
                total += f
    return total


@kernel
def _bench_smart(cnt, wilds, capx, keys, draws, rules, seats, table, bots, work, values):
    """The smart bot's whole discard choice (valuation, targets, no danger) of
    each hand, held by seat 0 of a table where nothing has been seen yet."""
    total = 0
    for i in range(cnt.shape[0]):
        _hold(i, cnt, wilds, capx, keys, rules.hs, seats)
        f, _, _ = smart_choice(0, rules, seats, table, bots, work, values, draws, False)
        total += f
    return total


def _smart_table(rules_name: str, hands: int):
    """A smart simulator's bundles at the start of a hand, nothing seen yet,
    and ``hands`` random hands for seat 0 under that hand's wild."""
    sim = simulator(load(rules_name), "smart")
    state = sim.replay(seed=21, match=0, hand=0)[2]
    state.table.vis[:] = 0
    spec = sim.spec
    cnt, wilds, wk = random_hands(spec, hands, 2, wild=int(state.table.H[H_WK]))
    keys, capx = hand_arrays(spec.hs, cnt, wk)
    bundles = (sim.kernel_rules, state.seats, state.table, state.bots, sim.work, sim.values)
    return (cnt, wilds, capx, keys), bundles


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--rules", default="ruian")
    ap.add_argument("--smart-hands", type=int, default=5000, help="hands for smart's whole choice (default 5000)")
    ap.add_argument("--smart-reps", type=int, default=5, help="timed runs of smart's choice; the best counts")
    args = ap.parse_args()
    spec = compile_rules(load(args.rules))
    hs, tabs = spec.hs, spec.tabs
    cnt, wilds, wk = random_hands(spec, args.hands, 1)
    keys, capx = hand_arrays(hs, cnt, wk)
    M2 = ROW
    buf = np.zeros(WORK_ROWS * M2, np.int64)
    dist = np.zeros(4, np.int64)
    # the discard choice plays seat 0 of an engine state, each hand copied in
    state, work = new_state(spec)
    bundles = (Rules(spec.P, hs, tabs, key_steps(hs)), state.seats, state.table, state.bots, work)
    # warm up (compile) on a few hands
    _bench_win(cnt[:10], wilds[:10], capx[:10], hs, tabs, keys[:10], 1, buf, dist)
    _bench_shanten(cnt[:10], wilds[:10], capx[:10], hs, tabs, keys[:10], 1, buf)
    _bench_discard(cnt[:10], wilds[:10], wk[:10], capx[:10], keys[:10], 1, False, *bundles)

    def timed(fn, *a, reps):
        t = time.perf_counter()
        fn(*a)
        return (time.perf_counter() - t) / (reps * args.hands)

    win = timed(_bench_win, cnt, wilds, capx, hs, tabs, keys, 5, buf, dist, reps=5)
    sh = timed(_bench_shanten, cnt, wilds, capx, hs, tabs, keys, 5, buf, reps=5)
    dc = timed(_bench_discard, cnt, wilds, wk, capx, keys, 1, False, *bundles, reps=1)
    ac = timed(_bench_discard, cnt, wilds, wk, capx, keys, 1, True, *bundles, reps=1)
    hands, smart = _smart_table(args.rules, args.smart_hands)
    _bench_smart(*(a[:10] for a in hands), 12, *smart)
    sm = 1e9
    for _ in range(args.smart_reps):   # the least disturbed run: this machine drifts
        t = time.perf_counter()
        _bench_smart(*hands, 12, *smart)
        sm = min(sm, (time.perf_counter() - t) / args.smart_hands)
    print(f"rules {args.rules}, {args.hands} random {int(hs[HS_HAND]) + 1}-tile hands, one core")
    print(f"win test (any shape, exact):          {win * 1e9:8.1f} ns   {1 / win:12,.0f} /s   target < 100 ns")
    print(f"shanten ({int(hs[HS_M])} melds + pair, 8 pairs, wilds): {sh * 1e9:8.1f} ns   {1 / sh:12,.0f} /s   target < 1 µs")
    print(f"discard choice (shanten + acceptance):  {dc * 1e6:8.2f} µs   {1 / dc:12,.0f} /s   target < 20 µs")
    print(f"smart's acceptance of every candidate:  {ac * 1e6:8.2f} µs   {1 / ac:12,.0f} /s")
    print(f"smart's whole choice (12 draws left):   {sm * 1e6:8.2f} µs   {1 / sm:12,.0f} /s")


if __name__ == "__main__":
    main()
