"""scoring/routes.route_parts counts a reading's items once for the two ways a
win may come; it must give exactly what item_parts gives for each way: on
MCR's random hands of every fan (tests/kit/mcr_hands.py, the 81 fans with
their 不计) and on random standard hands of every built-in game."""

import random

import numpy as np
import pytest
from mcr_hands import generate
from mcr_oracle import to_project

from ruian_sim import tiles as T
from ruian_sim.errors import UserError
from ruian_sim.ruleset import builtin_specs, load
from ruian_sim.scoring import layout as S
from ruian_sim.scoring.kernels import item_parts
from ruian_sim.scoring.routes import route_parts
from ruian_sim.settle.hand import HandScorer

ROUTE = S.FACT_SELF_DRAWN | S.FACT_DISCARD


def each_way(tab, fv):
    """(item_parts self-drawn, item_parts on a discard), then route_parts' two."""
    scratch = np.zeros(2 * S.ITEM_SCRATCH, np.int64)
    stack = np.zeros(S.STACK_SIZE, np.int64)
    want = []
    for way in (S.FACT_SELF_DRAWN, S.FACT_DISCARD):
        f = fv.copy()
        f[S.FV_FACTS] = (f[S.FV_FACTS] & ~ROUTE) | way
        out = np.zeros(S.OUT_W, np.int64)
        item_parts(f, tab, out, scratch, stack)
        want.append(out)
    got = (np.zeros(S.OUT_W, np.int64), np.zeros(S.OUT_W, np.int64))
    route_parts(fv.copy(), tab, got[0], got[1], scratch, stack)
    return want, got


def test_mcr_hands_of_every_fan_count_alike_both_ways():
    scorer = HandScorer(load("mcr"))
    tab = scorer.table.tab
    checked = differ = 0
    for h in generate(1500, 3):
        try:
            got = scorer.score(**to_project(h))
        except UserError:
            continue
        if "_fv" not in got:
            continue
        want, parts = each_way(tab, got["_fv"])
        assert all((w == p).all() for w, p in zip(want, parts)), (h, want, parts)
        checked += 1
        differ += (want[0] != want[1]).any()
    # the two ways do differ on many hands (自摸, 不求人, 门前清): the split is exercised
    assert checked > 1000 and differ > 300, (checked, differ)


def random_standard(rng, rules):
    """A random complete standard hand: (concealed tiles, melds as `hand --melds` writes them)."""
    n_melds = (rules.deal.hand_size + 1) // 3
    suits = [s for s in "mps" if s in "".join(rules.tiles.suits)] or ["m"]
    used = {}
    concealed, melds = [], []

    def take(ts):
        if any(used.get(t, 0) + ts.count(t) > 4 for t in set(ts)):
            return False
        for t in ts:
            used[t] = used.get(t, 0) + 1
        return True

    while len(melds) + len(concealed) // 3 < n_melds:
        s = rng.choice(suits)
        if rng.random() < 0.5:
            r = rng.randint(1, 7)
            ts = [f"{r + i}{s}" for i in range(3)]
            word = "chi"
        else:
            t = f"{rng.randint(1, 9)}{s}" if rng.random() < 0.8 or not rules.tiles.honors else \
                T.name(rng.choice(rules.tiles.honors))
            ts = [t] * 3
            word = "pon"
        if not take(ts):
            continue
        if rng.random() < 0.3 and (word == "pon" or rules.claims.chi != "never"):
            melds.append(f"{word} {''.join(ts)}")
        else:
            concealed += ts
    while True:
        t = f"{rng.randint(1, 9)}{rng.choice(suits)}"
        if take([t, t]):
            return concealed + [t, t], ", ".join(melds)


@pytest.mark.parametrize("name", [n for n in builtin_specs() if n != "mcr"])
def test_every_game_counts_alike_both_ways(name):
    rules = load(builtin_specs()[name])
    scorer = HandScorer(rules)
    tab = scorer.table.tab
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        tiles, melds = random_standard(rng, rules)
        try:
            got = scorer.score(T.format_kinds(T.parse("".join(tiles))), melds, "self", "", rng.randint(0, 3))
        except UserError:
            continue
        if "_fv" not in got:
            continue
        want, parts = each_way(tab, got["_fv"])
        assert all((w == p).all() for w, p in zip(want, parts)), (tiles, melds, want, parts)
        checked += 1
    assert checked > 100, checked
