"""Aborts and multiple winners are rare in play; their kernels are driven
directly here with hand-built situations."""

import numpy as np
import pytest

from ruian_sim import tiles as T
from ruian_sim.engine import claims
from ruian_sim.engine.game import key_steps
from ruian_sim.hand.layout import CAPX_SIZE
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.spec import compile_rules
from ruian_sim.table.state import Rules, Seats, Table

E, S, W, N, WHITE = (T.parse_one(t) for t in ("1z", "2z", "3z", "4z", "5z"))


def spec(*variants):
    return compile_rules(load("ruian", list(variants)))


def rules_of(*variants, pw=None):
    """The compiled rules as the kernels take them (state.Rules)."""
    s = spec(*variants)
    return Rules(s.P, s.hs, s.tabs, key_steps(s.hs) if pw is None else pw)


def fresh(n=4):
    H = np.zeros(L.H_SIZE, np.int64)
    H[L.H_FW_TILE] = -1
    return H, np.zeros((n, L.F_SIZE), np.int64), np.zeros((1, L.EV_FIELDS), np.int64)


def bundles(H, F, cnt=None, keys=None, capx=None, melds=None, vis=None):
    """(seats, table) around the arrays a test sets; the others are zeros."""
    n = F.shape[0]
    seats = Seats(np.zeros((n, L.N_FACE), np.int64) if cnt is None else cnt,
                  np.zeros((n, 4), np.int64) if keys is None else keys, F,
                  np.zeros((n, CAPX_SIZE), np.int64) if capx is None else capx,
                  np.full((n, L.MAX_MELDS, 3), -1, np.int64) if melds is None else melds)
    table = Table(H, np.zeros(L.N_RAW, np.int64) if vis is None else vis, np.zeros(200, np.int64),
                  np.zeros(L.N_FACE, np.int64))
    return seats, table


def discards(rules, H, F, log, tiles, start=0, n=4):
    """Feed discards in seat order; returns the index of the one that aborts, or None."""
    seats, table = bundles(H, F)
    for i, t in enumerate(tiles):
        H[L.H_DISCARDS] += 1
        if claims.four_winds((start + i) % n, t, rules, seats, table, log):
            return i
    return None


def test_four_same_winds_in_the_opening_abort():
    rules = rules_of("four-winds-draw")
    H, F, log = fresh()
    assert discards(rules, H, F, log, [E, E, E, E]) == 3


def test_four_winds_broken_or_late_do_not_abort():
    rules = rules_of("four-winds-draw")
    H, F, log = fresh()
    assert discards(rules, H, F, log, [E, E, S, E]) is None
    H, F, log = fresh()
    assert discards(rules, H, F, log, [T.parse_one("1m"), E, E, E, E]) is None  # not the first four
    H, F, log = fresh()
    assert discards(rules, H, F, log, [WHITE] * 4) is None  # not a wind


def test_four_winds_off_by_default():
    rules = rules_of()
    H, F, log = fresh()
    assert discards(rules, H, F, log, [E, E, E, E]) is None


def test_follow_the_wind_penalty_falls_on_the_first_discarder():
    rules = rules_of("four-winds-penalty")
    H, F, log = fresh()
    # any time, any honor: seats 1..0 discard 中 after two other discards
    red = T.parse_one("7z")
    assert discards(rules, H, F, log, [T.parse_one("1m"), T.parse_one("2m"), red, red, red, red]) is None
    assert list(F[:, L.F_PENALTY]) == [0, 0, 1, 0]  # the seat that started the run pays


def test_a_claim_breaks_the_run():
    rules = rules_of("four-winds-penalty")
    H, F, log = fresh()
    assert discards(rules, H, F, log, [E, E]) is None
    H[L.H_FW_COUNT] = 0  # what a claim does
    assert discards(rules, H, F, log, [E, E], start=2) is None
    assert F[:, L.F_PENALTY].sum() == 0


@pytest.mark.parametrize("variant,mask,want", [
    (None, 0b0110, (0b0010, -1)),                       # first from the discarder (seat 0)
    (None, 0b1100, (0b0100, -1)),
    ("multiple-winners", 0b0110, (0b0110, -1)),
    ("triple-win-draw", 0b1110, (0, L.OUT_TRIPLE_WIN)),
    ("triple-win-draw", 0b0110, (0b0010, -1)),           # two claimants: not a triple win
])
def test_several_claimants(variant, mask, want):
    rules = rules_of(*([variant] if variant else []))
    assert claims.settle_multi(0, mask, rules) == want


def test_first_winner_counts_counterclockwise_from_the_discarder():
    assert claims.first_winner(2, 0b0011, 4) == 0   # seats 3, 0, 1: seat 0 comes first
    assert claims.first_winner(0, 0b1010, 4) == 1


def test_four_kongs_by_two_players_abort_but_not_by_one():
    rules = rules_of("four-kongs-draw", pw=np.ones(34, np.int64))
    n = 4
    cnt = np.zeros((n, 34), np.int64)
    keys = np.zeros((n, 4), np.int64)
    F = np.zeros((n, L.F_SIZE), np.int64)
    capx = np.zeros((n, 38), np.int64)
    capx[:, :34] = 4
    melds = np.full((n, L.MAX_MELDS, 3), -1, np.int64)
    H, _, log = fresh()
    vis = np.zeros(42, np.int64)
    seats, table = bundles(H, F, cnt, keys, capx, melds, vis)
    for i, (seat, f) in enumerate([(0, 0), (0, 9), (0, 18), (0, 27)]):
        cnt[seat, f] = 4
        F[seat, L.F_NTILES] += 4
        aborted = claims.do_kong(seat, L.MELD_KONG_CON, f, -1, rules, seats, table, log, f)
    assert not aborted  # one player's four kongs
    H, _, log = fresh()
    F[:] = 0
    seats, table = bundles(H, F, cnt, keys, capx, melds, vis)
    results = []
    for seat, f in [(0, 1), (1, 10), (1, 19), (2, 28)]:
        cnt[seat, f] = 4
        F[seat, L.F_NTILES] += 4
        results.append(claims.do_kong(seat, L.MELD_KONG_CON, f, -1, rules, seats, table, log, f))
    assert results == [False, False, False, True]
