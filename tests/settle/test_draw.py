"""Kong money paid as each kong is made and an exhaustive draw settled among
the seats left (血战到底: 刮风下雨, 呼叫转移, 查叫, 查花猪, 退税), on one-hand
records written here by hand: who made which kong while whom was in, who was
ready at the wall.  Every amount is worked out in the test from the Sichuan
table (rules/sichuan.yaml): 明杠 2 from the discarder, 补杠 1 and 暗杠 2
from each seat still in, a ready hand paid its value, 花猪 16 to each clean
seat left."""

import numpy as np
import pytest

from ruian_sim.ruleset import load
from ruian_sim.ruleset.model import build
from ruian_sim.settle.hand import score_hand
from ruian_sim.settle.hand_record import hand_record
from ruian_sim.settle.payments import score
from ruian_sim.table import layout as L

N = 4


@pytest.fixture(scope="module")
def sichuan():
    return load("sichuan")


def kong(kind, n_th, maker, frm=-1, out=()):
    """The kong_log bits of one kong: its kind, whom it came from, who was still in."""
    inn = sum(1 << (i - 1) for i in range(1, N) if (maker + i) % N not in out)
    return (kind | (max(frm, 0) << 2) | (inn << 5)) << (L.KL_BITS * n_th)


def a_draw(rules, ready=None, kongs=None, winners=(), order=None):
    """A record of a hand that ran out of tiles: ``ready`` {seat: READY_*} for
    the seats left, ``kongs`` {seat: kong_log}; seat 1 ready on a plain hand."""
    scores = {}
    if ready and ready.get(1) == L.READY_YES:
        scores[1] = score_hand(rules, "123m456m789m11p23p", [], "ready", "1p", 1)
    rec = hand_record(rules, scores, winner=1 if scores else None, win="ready" if scores else "none")
    for s in range(N):
        rec[f"ready_{s}"] = (ready or {}).get(s, L.READY_UNKNOWN)
        rec[f"kong_log_{s}"] = (kongs or {}).get(s, 0)
    return rec


def points(rec, rules):
    got = score(rec, rules).seat_points[0]
    assert got.sum() == 0
    return [int(x) for x in got]


def test_an_exposed_kong_is_paid_by_its_discarder_at_once(sichuan):
    rec = a_draw(sichuan, kongs={1: kong(L.KL_EXPOSED, 0, 1, frm=3)})
    assert points(rec, sichuan) == [0, 2, 0, -2]


def test_added_and_concealed_kongs_are_paid_by_every_seat_still_in(sichuan):
    # S2's added kong while S0 had won (out); then its concealed kong with everyone in
    log = kong(L.KL_ADDED, 0, 2, out={0}) | kong(L.KL_CONCEALED, 1, 2)
    rec = a_draw(sichuan, kongs={2: log})
    assert points(rec, sichuan) == [-2, -1 - 2, 1 * 2 + 2 * 3, -1 - 2]


def test_kong_money_paid_at_once_is_not_paid_again_on_win(sichuan):
    rules = as_changed(sichuan, lambda d: d["scoring"]["draw"].update(ready=False, refund_kongs=False))
    rec = a_draw(rules, kongs={1: kong(L.KL_CONCEALED, 0, 1)})
    rec["kong_concealed_1"] = 1
    assert points(rec, rules) == [-2, 6, -2, -2]


def test_the_seats_not_ready_pay_each_ready_one_its_hand(sichuan):
    # S1 ready on a plain hand (0 fan: value 1), the others not ready
    rec = a_draw(sichuan, ready={0: L.READY_NO, 1: L.READY_YES, 2: L.READY_NO, 3: L.READY_NO})
    assert points(rec, sichuan) == [-1, 3, -1, -1]


def test_a_void_holder_pays_its_penalty_and_not_the_ready_hands(sichuan):
    ready = {0: L.READY_NO, 1: L.READY_YES, 2: L.READY_VOID, 3: L.READY_NO}
    # 花猪 S2 pays 16 to each of S0, S1, S3; S0 and S3 pay S1 its value 1 (S2 does not: void_pays_ready false)
    assert points(a_draw(sichuan, ready=ready), sichuan) == [16 - 1, 16 + 2, -48, 16 - 1]
    rules = as_changed(sichuan, lambda d: d["scoring"]["draw"].update(void_pays_ready=True))
    assert points(a_draw(rules, ready=ready), rules) == [16 - 1, 16 + 3, -48 - 1, 16 - 1]


def test_a_seat_not_ready_gives_its_kong_money_back(sichuan):
    # S3 made a concealed kong (2 from each of three) and ends not ready: 退税
    ready = {0: L.READY_NO, 1: L.READY_YES, 2: L.READY_NO, 3: L.READY_NO}
    rec = a_draw(sichuan, ready=ready, kongs={3: kong(L.KL_CONCEALED, 0, 3)})
    assert points(rec, sichuan) == [-1, 3, -1, -1]
    # ready, it keeps it, and S0 and S2 pay it too (no reading of its own here: value 1)
    ready[3] = L.READY_YES
    rec = a_draw(sichuan, ready=ready, kongs={3: kong(L.KL_CONCEALED, 0, 3)})
    assert points(rec, sichuan) == [-2 - 1 - 1, -2 + 2, -2 - 1 - 1, 6 + 2]


def test_a_win_on_the_discard_after_a_kong_takes_that_kongs_money():
    # 呼叫转移: S1's concealed kong (2 from each of three), then its discard is
    # won by S2 (杠上炮, 3 fan: value 8) and S3 at once (0 fan + 杠上炮 1: value 2)
    rules = load("sichuan")
    w2 = score_hand(rules, "111m222m333m44m55m", [], "discard", "5m", 2, after_kong=True)
    w3 = score_hand(rules, "123p456p789p11p55m", [], "discard", "5m", 3, after_kong=True)
    assert (w2["value"], w3["value"]) == (8, 2)
    rec = hand_record(rules, {2: w2, 3: w3}, winner=2, discarder=1, win="discard")
    rec["winners"] = 0b1100
    for s in (2, 3):
        rec[f"win_order_{s}"], rec[f"win_from_{s}"] = 1, 1
    rec["kong_log_1"] = kong(L.KL_CONCEALED, 0, 1)
    # kong money +6 to S1, then handed on 3 and 3; the discarder pays both wins
    assert points(rec, rules) == [-2, 6 - 6 - 8 - 2, 3 + 8 - 2, 3 + 2 - 2]
    off = as_changed(rules, lambda d: d["scoring"]["kongs"].update(cannon_transfer=False))
    assert points(rec, off) == [-2, 6 - 8 - 2, 8 - 2, 2 - 2]


def test_the_kong_handed_on_is_the_one_right_before_the_discard():
    # S1's concealed kong (2 from each of three), its discard won by S2 (杠上炮);
    # then, S2 gone, S1 kongs 9p from S3's discard (2 from S3 alone).  The first
    # kong's 6 goes to S2, not the last kong's 2 (it was handed on before)
    rules = load("sichuan")
    w2 = score_hand(rules, "111m222m333m44m55m", [], "discard", "5m", 2, after_kong=True)
    rec = hand_record(rules, {2: w2}, winner=2, discarder=1, win="discard")
    rec["win_order_2"], rec["win_from_2"] = 1, 1
    rec["kong_log_1"] = kong(L.KL_CONCEALED, 0, 1) | kong(L.KL_EXPOSED, 1, 1, frm=3, out=(2,))
    assert points(rec, rules) == [-2, 6 + 2 - 6 - 8, -2 + 6 + 8, -2 - 2]


def test_each_discard_after_a_kong_hands_on_its_own_kong():
    # S1 kongs (2 from each of three) and S2 wins on its discard; later S3 kongs
    # (S2 gone: 2 from S0 and S1) and S0 wins on its discard.  Two transfers,
    # each to its own discard's winner: 6 to S2, 4 to S0
    rules = load("sichuan")
    w2 = score_hand(rules, "111m222m333m44m55m", [], "discard", "5m", 2, after_kong=True)
    w0 = score_hand(rules, "123p456p789p11p55m", [], "discard", "5m", 0, after_kong=True)
    rec = hand_record(rules, {2: w2, 0: w0}, winner=2, discarder=1, win="discard")
    rec["winners"] = 0b0101
    rec["win_order_2"], rec["win_from_2"] = 1, 1
    rec["win_order_0"], rec["win_from_0"] = 2, 3
    rec["kong_log_1"] = kong(L.KL_CONCEALED, 0, 1)
    rec["kong_log_3"] = kong(L.KL_CONCEALED, 0, 3, out=(2,))
    v0 = w0["value"]
    assert points(rec, rules) == [-2 - 2 + 4 + v0, 6 - 2 - 6 - 8, -2 + 6 + 8, -2 + 4 - 4 - v0]


def test_the_settlement_of_a_draw_needs_its_rules(sichuan, tmp_path):
    from ruian_sim.errors import UserError

    for text, words in [
        ("scoring: {draw: {void_penalty: 8}}\nwall: {haidi_tiles: 0}", "void_suit.declare"),
        ("scoring: {draw: {refund_kongs: true}}\nwall: {haidi_tiles: 0}", "kongs.paid"),
        ("scoring: {draw: {ready: true}}", "haidi_tiles"),
        ("scoring: {kongs: {exposed_payer: discarder}}", "at_once"),
        ("scoring: {kongs: {cannon_transfer: true}}", "at_once"),
    ]:
        f = tmp_path / "f.yaml"
        f.write_text(f"extends: ruian\nname: f\n{text}\n", encoding="utf-8")
        with pytest.raises(UserError) as err:
            load(str(f))
        assert words in str(err.value) and "f.yaml:" in str(err.value), str(err.value)


def as_changed(rules, change):
    d = rules.as_dict()
    change(d)
    return build(d)


def test_no_draw_settlement_without_the_rule(sichuan):
    rules = as_changed(sichuan, lambda d: d["scoring"].update(draw={"ready": False, "void_penalty": 0,
                                                                    "void_pays_ready": True,
                                                                    "refund_kongs": False}))
    rec = a_draw(rules, ready={0: L.READY_NO, 1: L.READY_YES, 2: L.READY_NO, 3: L.READY_VOID})
    assert points(rec, rules) == [0, 0, 0, 0]
    assert not np.any(score(rec, rules).seat_points)
