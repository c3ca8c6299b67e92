"""The hiding test's machinery: a seat decides the same when everything it
cannot see is reshuffled (the wall's order, the other hands, their wilds, what
their bots made of them).  Used by the bots' tests and the engine's."""

from __future__ import annotations

import numpy as np

from ruian_sim.bots.dispatch import claim
from ruian_sim.bots.smart.choice import smart_discard
from ruian_sim.bots.smart.claim import smart_claim_value
from ruian_sim.engine.simulate import copied  # noqa: F401  (the tests import it from here)
from ruian_sim.table import layout as L


def decide(sim, state, s, draws=6):
    seats = state.seats._replace(F=state.seats.F.copy())
    f, sh = smart_discard(s, sim.kernel_rules, seats, state.table, state.bots, sim.work, sim.values, draws)
    return int(f), int(sh), int(seats.F[s, L.F_FOLDED])


def claims(sim, state, s):
    """Seat s's claim on each face it could pon or chi, as the seat to the
    discarder's right, and what each pon would be worth to it."""
    cnt = state.seats.cnt
    n = cnt.shape[0]
    out = []
    for f in range(27):
        if cnt[s, f] == 0 and not (f % 9 and cnt[s, f - 1]):
            continue
        st = copied(state)
        claim(s, f, (s - 1) % n, False, sim.kernel_rules, st.seats, st.table, st.bots, sim.work, sim.values)
        chosen = sim.work.claim
        v = -1.0
        if cnt[s, f] >= 2:
            v = smart_claim_value(s, f, -1, sim.kernel_rules, st.seats, st.table, st.bots, sim.work, sim.values)
        out.append((f, int(chosen[0]), int(chosen[1]), round(float(v), 12)))
    return out


def hidden_shuffled(state, s, rng):
    """The same public record with every hidden thing changed: the wall's order,
    the other hands (their tiles moved between them), their wilds."""
    st = copied(state)
    wall, cnt, keys, F = st.wall.tiles, st.seats.cnt, st.seats.keys, st.seats.F
    rng.shuffle(wall)
    others = [o for o in range(cnt.shape[0]) if o != s]
    pool = np.concatenate([np.repeat(np.arange(L.N_FACE), cnt[o]) for o in others])
    rng.shuffle(pool)
    at = 0
    for o in others:
        n = int(cnt[o].sum())
        cnt[o] = np.bincount(pool[at:at + n], minlength=L.N_FACE)
        keys[o] = rng.integers(0, 1000, size=keys.shape[1])
        F[o, L.F_W] = rng.integers(0, 4)
        F[o, L.F_SHANTEN] = rng.integers(-1, 6)
        st.bots.kept[o] = rng.random(2) * 5  # what its bot made of its own hand
        at += n
    return st


def seen_alike(sim, matches, prepare=None):
    """Each seat's decision and claims at the end of the first hand of each
    match, against three reshuffles of what it cannot see; ``prepare(sim,
    state, s)`` may change the seat's hand first.  Returns the seats checked."""
    rng = np.random.default_rng(4)
    checked = 0
    for match in range(matches):
        state = copied(sim.replay(seed=21, match=match, hand=0)[2])
        for s in range(state.seats.cnt.shape[0]):
            if state.seats.cnt[s].sum() == 0:
                continue
            if prepare is not None:
                prepare(sim, state, s)
            want = decide(sim, state, s), claims(sim, state, s)
            for _ in range(3):
                other = hidden_shuffled(state, s, rng)
                assert (decide(sim, other, s), claims(sim, other, s)) == want
            checked += 1
    return checked
