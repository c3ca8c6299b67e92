"""Settlement of crafted records: pairwise between losers (full with the
dealer, half otherwise), zero-sum on random records, the value formula."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruian_sim.errors import UserError
from ruian_sim.ruleset import builtin_specs, load
from ruian_sim.ruleset.model import build
from ruian_sim.settle import score
from ruian_sim.settle.hand import score_hand
from ruian_sim.settle.hand_record import hand_record, settle
from ruian_sim.table import layout as L
from ruian_sim.table.records import column_names

TAI_TABLE = {"items": [{"name": "wild", "tai": 1, "per": "wilds"},
                       {"name": "self_drawn", "tai": 1, "when": {"self_drawn": True}}],
             "value": "(base + tai) * 2", "settle": "pairwise",
             "pairwise": {"dealer": [1, 1], "other": [1, 2]}}


def rules_with(**scoring):
    data = load("ruian").as_dict()
    data["scoring"].update(scoring)
    return build(data)


def records(n, **cols):
    names = column_names(4)
    out = np.zeros(n, np.dtype([(c, np.int32) for c in names]))
    out["streak"] = 1
    out["winner"] = out["discarder"] = -1
    for s in range(4):
        out[f"player_{s}"] = s
    for k, v in cols.items():
        out[k] = v
    return out


def test_pairwise_full_with_the_dealer_half_otherwise():
    # S0 deals and self-draws; losers S1 (2 wilds), S2 (0), S3 (1): values (base + tai) * 2
    r = records(1, outcome=L.OUT_SELF_DRAW, winner=0, winners=1, dealer=0, facts_0=L.FACT_SELF_DRAWN,
                wilds_1=2, wilds_3=1)
    got = score(r, rules_with(**TAI_TABLE)).seat_points[0]
    # the winner: (1 + 1) * 2 = 4 from each (base 1 with the dealer, streak 1)
    # S1 vs S2: (1+2)*2 - (1+0)*2 = 4, half = 2; S1 vs S3: 6 - 4 = 2 -> 1; S3 vs S2: 4 - 2 = 2 -> 1
    assert list(got) == [12, -4 + 2 + 1, -4 - 2 - 1, -4 - 1 + 1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(L.WIN_OUTCOMES + (L.OUT_EXHAUSTIVE,)), st.integers(0, 3),
                          st.integers(0, 3), st.lists(st.integers(0, 3), min_size=4, max_size=4),
                          st.integers(1, 5)), min_size=1, max_size=20))
def test_every_hand_sums_to_zero_pairwise(hands):
    r = records(len(hands))
    for i, (out, w, d, wilds, streak) in enumerate(hands):
        won = out in L.WIN_OUTCOMES
        r["outcome"][i], r["dealer"][i], r["streak"][i] = out, d, streak
        r["winner"][i], r["winners"][i] = (w, 1 << w) if won else (-1, 0)
        r["discarder"][i] = (w + 1) % 4 if out == L.OUT_DISCARD_WIN else -1
        r[f"facts_{w}"][i] = L.FACT_DISCARD if out == L.OUT_DISCARD_WIN else L.FACT_SELF_DRAWN
        for s in range(4):
            r[f"wilds_{s}"][i] = wilds[s]
    for payers in ("all", "discarder", "discarder_for_all"):
        s = score(r, rules_with(**TAI_TABLE, payers=payers, cap=7))
        assert (s.seat_points.sum(axis=1) == 0).all()
        won = np.isin(r["outcome"], L.WIN_OUTCOMES)
        assert (s.seat_points[~won] == 0).all()


# The worked settlement of docs/games.md §1.1 through scoring.hand and scoring.losers:
# dealer 0, seat 1 wins with hand 72, the losers' hands 36, 8 and 0 (hand = 4 × aside here).
LOSERS_TABLE = {"items": [{"name": "aside", "points": 4, "per": "aside"}],
                "hand": "points",
                "value": "if(dealer_wins or dealer_pays, ceil(hand, 10), ceil(hand // 2, 10))",
                "settle": "pairwise",
                "losers": "if(dealer_in_pair, ceil(hi, 10) - ceil(lo, 10), ceil((ceil(hi, 10) - ceil(lo, 10)) // 2, 10))",
                "base": {"dealer": [1], "other": 1}}


def test_losers_formula_settles_as_the_worked_example():
    rules = rules_with(**LOSERS_TABLE)
    r = records(1, outcome=L.OUT_DISCARD_WIN, winner=1, winners=2, dealer=0, discarder=2,
                facts_1=L.FACT_DISCARD, aside_1=18, aside_0=9, aside_2=2, aside_3=0)
    s = score(r, rules)
    assert list(s.seat_points[0]) == [-10, 160, -60, -90]


def test_losers_larger_hand_collects_whatever_the_seat_order():
    rules = rules_with(**LOSERS_TABLE)
    # the dealer wins with hand 0; losers S1 0, and S2/S3 20 and 48 (r 50), no dealer among them:
    # 1-2 ceil10(20 // 2) = 10, 1-3 ceil10(50 // 2) = 30, the larger of 2 and 3 collects ceil10(30 // 2) = 20
    for a2, a3, want in ((5, 12, [0, -40, -10, 50]), (12, 5, [0, -40, 50, -10])):
        r = records(1, outcome=L.OUT_SELF_DRAW, winner=0, winners=1, dealer=0, facts_0=L.FACT_SELF_DRAWN,
                    aside_2=a2, aside_3=a3)
        assert list(score(r, rules).seat_points[0]) == want


def test_hand_is_inlined_into_value():
    from ruian_sim.scoring import compile_table
    from ruian_sim.scoring import layout as S

    t = compile_table(LOSERS_TABLE)
    without = compile_table({k: v for k, v in LOSERS_TABLE.items() if k != "hand"}
                            | {"value": "ceil(points, 10)", "losers": "hi - lo"})
    assert t.hand is not None and t.losers is not None
    assert without.hand is None
    # one program, reading points directly: no variable slot stands for `hand`
    var_args = {int(a) for op, a in t.value.code.reshape(-1, 2) if op == S.F_VAR}
    assert var_args <= set(range(S.N_FIXED_VARS + len(t.fvars)))


def test_a_hand_scored_outside_the_east_round_settles_in_its_round():
    # taiwanese, South round (1), seat 2 (West) self-draws with pungs of South and
    # West: 門清自摸 3 + 圈風 1 + 門風 1 + 三暗刻 2 = 7 台, 100 + 20 × 7 = 240 from each
    # non-dealer, 260 from the dealer (its 1 台 on both sides).  The seats left out
    # of the scores play in the same round: the record keeps one round for all
    tw = load("taiwanese")
    won = score_hand(tw, "222333z555m678m11s789p", [], "self", "9p", 2, 1)
    assert won["items"] == {"concealed_self_drawn": 3, "round_wind_pung": 1, "seat_wind_pung": 1,
                            "three_concealed_pungs": 2}
    assert settle(tw, {2: won}, winner=2, dealer=0, streak=1, win="self") == {0: -260, 1: -240, 2: 740, 3: -240}
    rec = hand_record(tw, {2: won}, winner=2, win="self")
    assert int(rec["round"][0]) == 1


def test_seats_scored_in_two_round_winds_are_refused():
    tw = load("taiwanese")
    east = score_hand(tw, "123m456m789m111p55s23p", [], "ready", "1p", 1, 0)
    south = score_hand(tw, "123m456m789m111p55s23p", [], "ready", "1p", 2, 1)
    with pytest.raises(UserError, match="round winds"):
        hand_record(tw, {1: east, 2: south}, winner=1, win="ready")


@pytest.mark.parametrize("name", builtin_specs().values())
def test_every_game_pays_a_win_from_any_seat_in_any_round(name):
    # a plain hand of two suits (Sichuan's void suit allows it), won by each seat in
    # each round, self-drawn and on a discard: payments sum to zero and the winner
    # collects.  (Outside the East round this was a traceback in `hand`.)
    rules = load(name)
    hand = "123m456m789m123p11p" if rules.deal.hand_size == 13 else "123m456m789m123p456p11p"
    wild = {} if rules.wild.source == "none" else {"wild": "9s"}
    for seat in range(rules.table.seats):
        for round_wind in range(4):
            for win, discarder in (("self", None), ("discard", (seat + 1) % rules.table.seats)):
                won = score_hand(rules, hand, [], win, "1p", seat, round_wind, **wild)
                net = settle(rules, {seat: won}, winner=seat, dealer=0, discarder=discarder, win=win)
                assert sum(net.values()) == 0, (seat, round_wind, win, net)
                assert net[seat] > 0, (seat, round_wind, win, net)
