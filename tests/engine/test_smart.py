"""The smart bot decides from what a player at its seat can see (its own tiles,
the public record), plays for the table it is given, and defends when the
payments make dealing in costly."""

from __future__ import annotations

import numpy as np
import pytest

from ruian_sim.engine import layout as L
from ruian_sim.engine.policy import claim_choice
from ruian_sim.engine.simulate import Simulator
from ruian_sim.engine.smart import smart_claim_value, smart_discard
from ruian_sim.engine.values import bot_values, payments
from ruian_sim.ruleset import load
from ruian_sim.scoring import score


def decide(sim, state, s, draws=6):
    seats = state.seats._replace(F=state.seats.F.copy())
    f, sh = smart_discard(s, sim.kernel_rules, seats, state.table, state.bots, sim.work, sim.values, draws)
    return int(f), int(sh), int(seats.F[s, L.F_FOLDED])


def copied(state):
    """A copy of every array of a state.State."""
    return type(state)(*(type(b)(*(a.copy() for a in b)) for b in state))


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
        claim_choice(s, f, (s - 1) % n, False, sim.kernel_rules, st.seats, st.table, st.bots, sim.work, sim.values)
        claim = sim.work.claim
        v = -1.0
        if cnt[s, f] >= 2:
            v = smart_claim_value(s, f, -1, sim.kernel_rules, st.seats, st.table, st.bots, sim.work, sim.values)
        out.append((f, int(claim[0]), int(claim[1]), round(float(v), 12)))
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


@pytest.mark.parametrize("variant", [None, "discarder-pays", "taiwanese", "ruian-tai"])
def test_decisions_do_not_change_when_hidden_information_does(variant):
    # taiwanese and ruian-tai: the pattern values (patterns.py) read only the seat's own hand too
    rules = load("ruian", [variant] if variant else [])
    assert seen_alike(Simulator(rules, "smart"), 12) >= 40


def test_claims_follow_the_table(tmp_path):
    """Raise all pungs from ×4 to ×16 and the smart bot pons more, on the same
    walls, and wins more all-pungs hands: its claims read the table."""
    import yaml

    from ruian_sim.ruleset.locate import rules_dir

    items = yaml.safe_load((rules_dir() / "ruian.yaml").read_text(encoding="utf-8"))["scoring"]["items"]
    for it in items:
        if it["name"] == "all_pungs":
            it["times"] = 16
    mine = tmp_path / "pungs16.yaml"
    mine.write_text(yaml.safe_dump({"extends": "ruian", "name": "pungs16", "scoring": {"items": items}}),
                    encoding="utf-8")
    got = {}
    for name, rules in (("base", load("ruian")), ("x16", load(mine))):
        r = Simulator(rules, "smart").play(seed=5, first_match=0, matches=150)
        pons = sum(int(r[f"pons_{s}"].sum()) for s in range(4))
        pungs = sum(int(((r["winner"] == s) & ((r[f"shapes_{s}"] & 4) != 0)).sum()) for s in range(4))
        got[name] = pons / len(r), pungs
    assert got["x16"][0] > 1.1 * got["base"][0], got
    assert got["x16"][1] > got["base"][1], got


def test_the_win_values_agree_with_the_scoring_of_records():
    rules = load("ruian", ["discarder-pays"])
    sim = Simulator(rules, "greedy")
    recs = sim.play(seed=3, first_match=0, matches=60)
    pts = score(recs, rules).seat_points
    wins = recs[(recs["outcome"] == L.OUT_DISCARD_WIN) & (recs["streak"] == 1)]
    checked = 0
    for r, p in zip(wins, pts[(recs["outcome"] == L.OUT_DISCARD_WIN) & (recs["streak"] == 1)]):
        w, d, shapes, hard = int(r["winner"]), int(r["discarder"]), int(r[f"shapes_{r['winner']}"]), int(r[f"hard_{r['winner']}"])
        route = {1: 0, 2: 1, 5: 2}.get(shapes)
        if route is None or int(r[f"wilds_{w}"]) != (0 if hard else 1) or int(r[f"kong_exposed_{w}"]) or int(r[f"facts_{w}"]) & ~L.FACT_DISCARD:
            continue
        got = payments(rules, route, bool(hard), False, w, int(r["dealer"]), d)
        assert got.tolist() == p.tolist()
        checked += 1
    assert checked >= 10


def test_dealing_in_costs_more_where_the_discarder_pays():
    base, dp = bot_values(load("ruian")), bot_values(load("ruian", ["discarder-pays"]))
    i = 0  # neither the bot nor the winner deals
    extra = lambda v: v[L.V_DEAL_IN + i] - v[L.V_BY_SELF + i]  # noqa: E731
    assert extra(base) == 0 and extra(dp) > 0


def test_the_claim_margin_follows_whether_a_discard_can_win():
    """Smart's claim margin covers the safe tiles a claim gives away: 1.3
    where a discard can win, 1 where none can (hangzhou: self-drawn only);
    a margin the user gives is kept."""
    margin = lambda rules, bots: set(Simulator(load(rules), bots).bots[:, L.BP_MARGIN])  # noqa: E731
    assert margin("ruian", "smart") == {1.3}
    assert margin("hangzhou", "smart") == {1.0}
    assert margin("hangzhou", "smart:margin=1.5") == {1.5}
    assert margin("hangzhou", "smart,smart:margin=2,greedy,smart") == {1.0, 2.0}
