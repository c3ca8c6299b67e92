"""Tables to try a bot's kernels on: a rule file of one's own, a table where
nothing has been seen, a seat made to hold a given hand."""

from __future__ import annotations

from hiding import copied

from ruian_sim import tiles
from ruian_sim.hand.kernels import compute_keys, set_tight
from ruian_sim.hand.layout import HS_B, HS_CAP
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L


def rules_of(tmp_path, text, name="mine"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load(path)


def quiet_table(sim):
    """A table where nothing has been seen yet (every tile a seat does not hold is unseen)."""
    state = copied(sim.replay(seed=21, match=0, hand=0)[2])
    state.table.vis[:] = 0
    return state


def hold(sim, state, s, hand, wilds):
    """Seat s holds ``hand`` (tile string, no wild) and ``wilds`` wilds, no melds."""
    seats, hs = state.seats, sim.kernel_rules.hs
    seats.cnt[s] = 0
    for k in tiles.parse(hand):
        seats.cnt[s, k] += 1
    compute_keys(seats.cnt[s], int(hs[HS_B]), seats.keys[s])
    seats.capx[s, :L.N_FACE] = hs[HS_CAP]
    set_tight(seats.capx[s], hs)
    F = seats.F
    F[s, L.F_W] = wilds
    F[s, L.F_NTILES] = len(tiles.parse(hand)) + wilds
    F[s, L.F_NMELD] = F[s, L.F_OPEN] = F[s, L.F_CHIS] = 0


def random_hand(rng, wk, wilds):
    pool = [k for k in range(34) for _ in range(4) if k != wk]
    pick = rng.choice(len(pool), 14 - wilds, replace=False)
    return "".join(tiles.name(pool[i]) for i in sorted(pick))
