"""A hand scored by `ruian-sim hand` as a table's record: the seats' fact
vectors written into a one-hand record (table/records.py columns), checked
to rebuild exactly, and settled by the rules' own settlement, so `hand
--settle` and the tests pay as the records of play are paid.

    >>> settle(rules, {2: score_hand(rules, "123m456p789s11122z", [], "discard", "2z", 2)},
    ...        winner=2, discarder=1, win="discard")
"""

from __future__ import annotations

import numpy as np

from ..errors import UserError
from ..ruleset import RuleSet
from ..scoring import layout as S
from ..table import layout as EL
from ..table.records import column_names, to_structured
from .payments import fact_vectors, score

OUTCOMES = {"self": EL.OUT_SELF_DRAW, "kong": EL.OUT_SELF_DRAW, "discard": EL.OUT_DISCARD_WIN,
            "robbed": EL.OUT_ROBBED_KONG, "haidi": EL.OUT_HAIDI_WIN, "none": EL.OUT_EXHAUSTIVE,
            "ready": EL.OUT_EXHAUSTIVE, "gold": EL.OUT_SELF_DRAW}


def hand_record(rules: RuleSet, scores: dict, *, winner, dealer=0, discarder=None, streak=1, win="self"):
    """A one-hand record (table/records.py columns) whose seats are the fact
    vectors of ``scores`` ({seat: score_hand(...) result}); a seat left out
    holds nothing.  The record rebuilds exactly these vectors
    (settle.fact_vectors), which is checked.  ``win="ready"``: an exhaustive
    draw at which ``winner`` is ready (查叫) and every other seat is not."""
    n = rules.table.seats
    if win not in OUTCOMES:
        raise UserError(f"win: {win!r}; one of {', '.join(OUTCOMES)}")
    rec = to_structured(np.zeros((1, len(column_names(n))), np.int64), n)
    won = win not in ("none", "ready") and winner is not None
    ready = win == "ready" and winner is not None
    rec["dealer"], rec["streak"] = dealer, streak
    rec["outcome"] = OUTCOMES[win] if won else EL.OUT_EXHAUSTIVE
    rec["winners"] = 1 << winner if won else 0
    rec["winner"] = winner if won else -1
    rec["discarder"] = -1 if discarder is None else discarder
    # one round wind for the whole table: the record keeps it once, so a seat left
    # out plays in the round its scored seats were scored in
    rounds = sorted({int(np.asarray(got["fv"])[S.FV_ROUND_WIND]) for got in scores.values()})
    if len(rounds) > 1:
        raise UserError(f"the seats were scored in different round winds {rounds}: a hand has one")
    round_wind = rounds[0] if rounds else 0
    fvs = {}
    for s in range(n):
        got = scores.get(s)
        fv = np.zeros(S.FV_SIZE, np.int64) if got is None else np.asarray(got["fv"], np.int64).copy()
        fv[S.FV_FACES] = 0   # derived from the reading: item_parts fills it again
        if got is None:
            fv[S.FV_CONCEALED] = 1
            fv[S.FV_WIN_FACE], fv[S.FV_SUIT_KEY] = -2, -1   # no winning tile, as a loser's record reads
        fv[S.FV_STREAK], fv[S.FV_DEALER], fv[S.FV_WON] = streak, s == dealer, (won or ready) and s == winner
        fv[S.FV_ROUND_WIND] = round_wind
        # the seats left at a draw are read only at a draw (engine/ready.py)
        rec[f"ready_{s}"] = (EL.READY_YES if s == winner else EL.READY_NO) if ready else EL.READY_UNKNOWN
        rec[f"ready_on_{s}"] = -1
        if got is not None and fv[S.FV_SEAT_WIND] != (s - dealer) % n:
            raise UserError(f"seat {s} was scored with seat wind {int(fv[S.FV_SEAT_WIND])}, "
                            f"but with dealer {dealer} its wind is {(s - dealer) % n}")
        fv[S.FV_SEAT_WIND] = (s - dealer) % n
        fvs[s] = fv
        codes = [int(c) for c in fv[S.FV_MELD:S.FV_MELD + S.N_MELDS]]
        col = {"shapes": fv[S.FV_SHAPES], "hard": fv[S.FV_HARD], "facts": fv[S.FV_FACTS],
               "wilds": fv[S.FV_WILDS], "flower_bits": fv[S.FV_FLOWER_BITS], "aside": fv[S.FV_ASIDE],
               "flowers": bin(int(fv[S.FV_FLOWER_BITS])).count("1"),
               "kong_exposed": sum(c % 8 == S.MELD_KONG_EXPOSED for c in codes if c),
               "kong_added": sum(c % 8 == S.MELD_KONG_ADDED for c in codes if c),
               "kong_concealed": sum(c % 8 == S.MELD_KONG_CONCEALED for c in codes if c),
               # the record knows concealment only as "no claimed pon or chi" (settle.fact_vectors)
               "pons": 0 if fv[S.FV_CONCEALED] else 1, "chis": 0,
               "wait": fv[S.FV_WAIT], "pair": fv[S.FV_PAIR], "quads": fv[S.FV_QUADS], "fours": fv[S.FV_FOURS],
               "chain": fv[S.FV_CHAIN],
               "chain_wilds": fv[S.FV_WHITES] - fv[S.FV_WILDS], "player": s,
               "win_tile": fv[S.FV_WIN_FACE], "shown": fv[S.FV_SHOWN],
               **{f"meld{m}": codes[m] for m in range(S.N_MELDS)},
               # the hand itself (faces held, where its melds came from), as the engine records it
               **(got.get("cols") or {} if got is not None else {})}
        for name, v in col.items():
            rec[f"{name}_{s}"] = int(v)
        for key in ("points", "tai", "times", "value"):
            if got is not None and key in got:
                rec[f"{key}_{s}"] = int(got[key])
    rec["round"] = round_wind
    back = fact_vectors(rec, n)[0]
    for s in range(n):
        if not np.array_equal(back[s], fvs[s]):
            diff = [i for i in range(S.FV_SIZE) if back[s, i] != fvs[s][i]]
            raise AssertionError(f"seat {s}: the record does not rebuild fact vector slots {diff}")
    return rec


def settle(rules: RuleSet, scores: dict, *, winner, dealer=0, discarder=None, streak=1, win="self") -> dict:
    """Each seat's net payment for one hand whose seats ``scores`` holds
    ({seat: score_hand(...)}; a seat left out holds nothing), by the rules'
    own settlement (settle.score on a one-hand record)."""
    rec = hand_record(rules, scores, winner=winner, dealer=dealer, discarder=discarder, streak=streak, win=win)
    pay = score(rec, rules).seat_points[0]
    return {s: int(pay[s]) for s in range(rules.table.seats)}
