"""Every reading of a hand is found, on every built-in game: a hand is built
from melds and a pair (some claimed, some tiles swapped for wilds, the
winning tile in one of the groups), and the reading it was built as must be
among those the search lists, and the reading `hand` keeps must come first
under the game's table and its `prefer` order (worth at least as much by its
keys, compared in turn)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ruian_sim import tiles as T
from ruian_sim.hand.layout import HS_PAIR_ANY
from ruian_sim.hand.spec import live_wilds
from ruian_sim.ruleset import load
from ruian_sim.scoring import arrange as A
from ruian_sim.scoring import layout as S
from ruian_sim.settle.hand import parse_melds, scorer
from ruian_sim.table.programs import PARTS_SIZE
from ruian_sim.table.valuation import dealer_value, hand_value

GAMES = ["ruian", "ruian+ruian-tai", "ruian+taiwanese", "ruian+hangzhou", "ruian+thirteen-tiles"]


@cache
def rules_of(game):
    return load(game)


@st.composite
def built_hands(draw, game):
    """(rules, wild, groups, exposed, win group, win tile, discard?, seat).  A
    group is (kind 'chi' | 'pung' | 'pair', lowest face, [raw tiles], wilds
    swapped in); naturals never of the wild's kind, nor laid aside."""
    rules = rules_of(game)
    live = live_wilds(rules)
    wild = None
    if rules.wild.source != "none":
        wild = rules.wild.fixed if rules.wild.source == "fixed" else draw(st.sampled_from(list(rules.tiles.kinds)))
    stand = rules.wild.stand_in if (wild is not None and rules.wild.stand_in not in (None, wild)) else None
    banned = set(rules.tiles.aside) | {rules.tiles.aside_if_wild, wild, stand}
    faces = [k for k in rules.tiles.kinds if k not in banned]
    if stand is not None:
        faces.append(wild)   # the wild's own face, played by the stand-in tile
    used = dict.fromkeys(range(34), 0)

    def take(f, n):
        if used[f] + n > rules.tiles.copies:
            return False
        used[f] += n
        return True

    melds = rules.deal.hand_size // 3
    groups = []
    tries = 0
    while len(groups) < melds + 1 and tries < 200:
        tries += 1
        is_pair = len(groups) == melds
        f = draw(st.sampled_from(faces))
        chi = (not is_pair and T.is_suited(f) and T.rank_of(f) <= 7 and draw(st.booleans())
               and all(g in faces for g in (f + 1, f + 2)))
        if chi:
            if all(used[g] < rules.tiles.copies for g in (f, f + 1, f + 2)):
                for g in (f, f + 1, f + 2):
                    used[g] += 1
                groups.append(["chi", f, [f, f + 1, f + 2], 0])
        elif take(f, 2 if is_pair else 3):
            groups.append(["pair" if is_pair else "pung", f, [f] * (2 if is_pair else 3), 0])
    if len(groups) < melds + 1:
        return None
    # some melds were claimed (shown), the others and the pair are concealed
    exposed = {i for i in range(melds) if draw(st.integers(0, 3)) == 0}
    concealed = [i for i in range(melds + 1) if i not in exposed]
    win_group = draw(st.sampled_from(concealed))
    win_face = draw(st.sampled_from(groups[win_group][2]))
    # wilds swapped in for concealed tiles, each group keeping a natural
    wilds = draw(st.integers(0, min(live, 3))) if wild is not None else 0
    # a pung holds no more wilds for another kind than wild.max_in_pung lets a hand of
    # any of these wild counts (fewer may be placed than drawn)
    limit = min(rules.wild.max_in_pung[:wilds + 1], default=3)
    for _ in range(wilds):
        i = draw(st.sampled_from(concealed))
        g = groups[i]
        if g[3] + 1 < len(g[2]) and (g[0] != "pung" or g[3] + 1 <= limit):
            g[3] += 1
    return rules, wild, stand, groups, exposed, win_group, win_face, draw(st.booleans()), draw(st.integers(0, 3))


def _raw(f, wild, stand):
    return stand if (stand is not None and f == wild) else f


def _wait(kind, low, f, in_wild):
    if in_wild:
        return S.WAIT_NONE
    if kind == "pair":
        return S.WAIT_SINGLE
    if kind == "pung":
        return S.WAIT_PAIR
    if f == low + 1:
        return S.WAIT_CLOSED
    if (f == low + 2 and low % 9 == 0) or (f == low and low % 9 == 6):
        return S.WAIT_EDGE
    return S.WAIT_TWO_SIDED


def check(case):
    if case is None:
        return
    rules, wild, stand, groups, exposed, win_group, win_face, discard, seat = case
    if discard and not rules.claims.win_on_discard:
        discard = False
    concealed, melds, built = [], [], []
    win_is_wild = False
    for i, (kind, low, faces, w) in enumerate(groups):
        if i in exposed:
            word = "chi" if kind == "chi" else "pon"
            melds.append(f"{word} {T.format_kinds([_raw(f, wild, stand) for f in faces])}")
            continue
        nat = list(faces)
        stood = []
        for _ in range(w):   # the wilds stand for tiles other than the winning one when they can
            pick = next((j for j in range(len(nat)) if not (i == win_group and nat[j] == win_face)), 0)
            stood.append(nat.pop(pick))
        if i == win_group and win_face not in nat:
            win_is_wild = True
        concealed += [_raw(f, wild, stand) for f in nat] + [wild] * w
        if kind == "pair":
            pair = A.pair_code(low, w)
        else:
            conc = 0 if (i == win_group and discard) else 1
            built.append(A.meld_code(A.KIND_CHI if kind == "chi" else A.KIND_PUNG, conc, low, w))
        if i == win_group:
            wait = _wait(kind, low, win_face, win_is_wild)
    tile = wild if win_is_wild else _raw(win_face, wild, stand)
    hand = T.format_kinds(concealed)
    sc = scorer(rules)
    got = sc.score(hand, melds, "discard" if discard else "self", T.name(tile), seat, 0, "",
                   wild=T.name(wild) if wild is not None else "none")
    assert got.get("reason") != "the hand is not complete", (hand, melds, got)
    fv = got["_fv"]
    # the built reading is one of the readings the search lists
    ev = sc.ev
    cnt, w, wf = ev.faces(concealed, wild)
    ms = [m for _, m in parse_melds(melds, ev, wild)]
    caps = ev.caps(wf, ms)
    f_win = -1 if win_is_wild else int(np.argmax(ev.faces([tile], wild)[0]))
    out = np.zeros((64, S.FV_SIZE), np.int64)
    sc_ = np.zeros(A.ARR_SCRATCH, np.int64)
    readings = set()
    resume = False
    while True:
        n = A.arrangements(cnt, w, int(ev.hs[0]) - len(ms), wf if wf >= 0 else 0, int(ev.hs[HS_PAIR_ANY]),
                           np.ones(34, np.int64), f_win, discard, np.zeros(S.FV_SIZE, np.int64), 0, caps, S.BIG, sc_,
                           out, resume)
        assert sc_[A.SC_ERR] == 0
        readings |= {(tuple(sorted(int(c) for c in r[S.FV_MELD:S.FV_MELD + S.N_MELDS] if c)), int(r[S.FV_PAIR]),
                      int(r[S.FV_WAIT])) for r in out[:n]}
        if not sc_[A.SC_MORE]:
            break
        resume = True
    mine = (tuple(sorted(built)), pair, wait)
    assert mine in readings, (hand, melds, T.name(tile), mine, sorted(readings)[:6])
    # and the reading kept comes before the one built under scoring.prefer
    row = fv.copy()
    shown = [c for c in fv[S.FV_MELD:S.FV_MELD + S.N_MELDS] if c][:len(ms)]
    codes = list(shown) + built
    row[S.FV_MELD:S.FV_MELD + S.N_MELDS] = 0
    row[S.FV_MELD:S.FV_MELD + len(codes)] = codes
    row[S.FV_PAIR], row[S.FV_WAIT] = pair, wait
    kept, mine = keys(sc, rules, fv), keys(sc, rules, row)
    assert kept >= mine, (hand, melds, got, rules.scoring["prefer"], kept, mine)


def keys(sc, rules, row):
    """A reading's keys in the order of the table's `prefer`."""
    values = sc.seat_table.values
    parts = np.zeros(PARTS_SIZE, np.int64)
    by = {"value": int(hand_value(row, values.tab, values.prog, parts))}
    by["dealer_value"] = int(dealer_value(row, values.tab, values.prog, parts))
    by.update(points=int(parts[S.OUT_POINTS]), tai=int(parts[S.OUT_TAI]), times=int(parts[S.OUT_TIMES]))
    return tuple(by[k] for k in rules.scoring["prefer"])


SLOW = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@pytest.mark.parametrize("game", GAMES)
def test_the_built_reading_is_found_and_beaten(game):
    @SLOW
    @given(built_hands(game))
    def run(case):
        check(case)

    run()
