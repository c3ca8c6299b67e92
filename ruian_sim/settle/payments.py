"""Hand records to points: every seat's arrangement valued under the table,
then who pays whom (vectorised over hands; the per-pair values come from one
compiled kernel).

- ``payers``: ``all`` losers pay the winner the pair's value; ``discarder``:
  on a discard win only the discarder pays; ``discarder_for_all``: the
  discarder pays what all would.  A winner is paid only by the seats still
  in when it won: not by one that won on the same discard or earlier
  (``end.after_wins`` lets play go on after a win, 血战到底).
- ``settle: pairwise``: on a won hand every pair of losers (i, j) also
  settles.  With ``losers`` (a formula): the loser with the smaller ``hand``
  pays the larger the formula's result, over ``hi``/``lo`` (the two hands),
  ``dealer_in_pair`` and the collecting loser's names; without it:
  ``value_i - value_j`` (each on its own arrangement, against the other),
  times ``pairwise.dealer`` or ``pairwise.other`` as [num, den].
- a seat's ``hand`` is the table's ``hand`` formula on its arrangement
  (against a non-dealer payer, the dealer's base when it deals); without
  one, its ``value`` against a non-dealer.
- ``kongs``, ``wild_money``, ``four_winds_penalty`` as before: side payments
  of a won hand, and the penalty even on a draw.  A hand with no winner
  scores only its four-winds penalties (RULES §4), kong money paid at once
  and what ``draw`` settles among the seats left (settle/draw.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..hand.layout import SHAPE_NAMES
from ..hand.spec import shape_names
from ..scoring import layout as S
from ..scoring.compile import rules_table
from ..scoring.formula import check_stack, new_stack
from ..scoring.kernels import all_parts, fill_vars, formula, pair_values
from ..table import layout as L
from ..table.records import per_seat
from .draw import _seat_col, at_the_draw, kong_money_at_once, pair_bases, win_orders


@dataclass(frozen=True)
class Settlement:
    """What a hand paid, worked out from the record (settle.payments.settlement): points per
    seat, and for each winner the scoring items that applied and its times."""

    points: list[int]                    # per seat; they sum to zero
    entries: list[tuple[int, str, int]]  # (winner seat, applied item names joined by ", " or "", times)


@dataclass
class Scored:
    """Points per hand: ``seat_points[h, s]``, ``player_points[h, p]``; the
    first winner's parts (``points tai times value`` and the items mask in two
    words, ``items`` and ``items2``; 0 when nobody won) and every seat's
    ``parts[h, s, OUT_*]``.  ``item(i)`` and ``shape(name)`` read the masks."""

    seat_points: np.ndarray
    player_points: np.ndarray
    points: np.ndarray
    tai: np.ndarray
    times: np.ndarray
    value: np.ndarray
    items: np.ndarray
    item_names: list[str]
    parts: np.ndarray
    possible_times: tuple[int, ...] = ()   # every `times` the table can give (for stable statistics keys)
    flows: dict = field(default_factory=dict)   # per hand, what changed hands beside the wins (settle/draw.py)
    items2: np.ndarray | None = None       # items ITEM_BITS.. of the first winner
    shape_names: tuple[str, ...] = SHAPE_NAMES   # the rules' shape bits, the special shapes after the built-in

    def item(self, i: int) -> np.ndarray:
        """Per hand, whether the first winner's reading applied item ``i``."""
        word = self.items if i < S.ITEM_BITS else self.items2
        return ((word >> (i % S.ITEM_BITS)) & 1) == 1


def item_names_of(parts_row: np.ndarray, names: list[str]) -> list[str]:
    """The names of the items one reading's parts (OUT_ITEMS, OUT_ITEMS2) applied."""
    words = (int(parts_row[S.OUT_ITEMS]), int(parts_row[S.OUT_ITEMS2]))
    return [nm for i, nm in enumerate(names) if (words[i // S.ITEM_BITS] >> (i % S.ITEM_BITS)) & 1]


def possible_times(scoring) -> tuple[int, ...]:
    """Every product the table's `times` items can make (exclusions ignored:
    a superset), at most 64 of them."""
    out = {1}
    for it in scoring.get("items", []):
        if "times" not in it:
            continue
        most = 1 if it.get("per") is None else S.N_MELDS
        out |= {x * int(it["times"]) ** c for x in out for c in range(1, most + 1)}
        if len(out) > 64:
            break
    return tuple(sorted(out))[:64]


def _col(records, name, n_h):
    names = records.dtype.names or ()
    return records[name].astype(np.int64) if name in names else np.zeros(n_h, np.int64)


def fact_vectors(records: np.ndarray, seats: int) -> np.ndarray:
    """fv[h, s, FV_*] rebuilt from record columns.  Columns the engine does not
    write yet (meld0..4, pair, wait, flower_bits, aside, round) read as 0; the
    flower count then stands as its low bits, so `flowers` counts right but
    `own_flowers` reads 0."""
    n_h = len(records)
    fv = np.zeros((n_h, seats, S.FV_SIZE), np.int64)
    dealer = records["dealer"].astype(np.int64)
    winners = records["winners"].astype(np.int64)
    won = np.isin(records["outcome"], L.WIN_OUTCOMES)
    names = records.dtype.names or ()
    for s in range(seats):
        col = lambda f: _col(records, f"{f}_{s}", n_h)  # noqa: E731 - one seat's column
        fv[:, s, S.FV_SHAPES] = col("shapes")
        fv[:, s, S.FV_HARD] = col("hard")
        fv[:, s, S.FV_FACTS] = col("facts")
        fv[:, s, S.FV_WILDS] = col("wilds")
        fv[:, s, S.FV_STREAK] = records["streak"].astype(np.int64)
        fv[:, s, S.FV_DEALER] = dealer == s
        fv[:, s, S.FV_KONGS] = col("kong_exposed") + col("kong_added") + col("kong_concealed")
        bits = col("flower_bits") if f"flower_bits_{s}" in names else (1 << col("flowers")) - 1
        fv[:, s, S.FV_FLOWER_BITS] = bits
        fv[:, s, S.FV_ASIDE] = col("aside")
        fv[:, s, S.FV_SEAT_WIND] = (s - dealer) % seats
        fv[:, s, S.FV_ROUND_WIND] = _col(records, "round", n_h)
        # without meld columns a hand with no claimed chi/pon is taken as concealed
        fv[:, s, S.FV_CONCEALED] = (col("pons") + col("chis") + col("kong_exposed") + col("kong_added")) == 0
        fv[:, s, S.FV_WAIT] = col("wait")
        fv[:, s, S.FV_PAIR] = col("pair")
        # a seat ready at an exhaustive draw is valued as won on its best tile (查叫)
        fv[:, s, S.FV_WON] = (won & (((winners >> s) & 1) == 1)) | (col("ready") == L.READY_YES)
        for m in range(S.N_MELDS):
            fv[:, s, S.FV_MELD + m] = col(f"meld{m}")
        fv[:, s, S.FV_QUADS] = col("quads")
        fv[:, s, S.FV_CHAIN] = col("chain")
        fv[:, s, S.FV_KONG_CHAIN] = col("chain") - col("chain_wilds")
        fv[:, s, S.FV_WILD_CHAIN] = col("chain_wilds")
        fv[:, s, S.FV_WHITES] = col("wilds") + col("chain_wilds")
        fv[:, s, S.FV_FOURS] = col("fours")
        _tile_facts(fv[:, s], records, s, n_h)
    return fv


def held_counts(records: np.ndarray, s: int) -> np.ndarray:
    """counts[h, f]: seat s's natural tiles of face f as recorded (held_lo, held_hi;
    with the winning tile for a winner)."""
    n_h = len(records)
    lo, hi = _col(records, f"held_lo_{s}", n_h), _col(records, f"held_hi_{s}", n_h)
    out = np.zeros((n_h, 34), np.int64)
    top = (1 << L.HELD_BITS) - 1
    for f in range(34):
        word, at = (lo, f) if f < 17 else (hi, f - 17)
        out[:, f] = (word >> (L.HELD_BITS * at)) & top
    return out


def _tile_facts(fv: np.ndarray, records: np.ndarray, s: int, n_h: int) -> None:
    """The winning tile's facts and the faces held (win_facts.tile_facts and
    held_faces), from the record, as the engine read them when it valued the seat."""
    names = records.dtype.names or ()
    if f"held_lo_{s}" not in names:
        fv[:, S.FV_WIN_FACE] = -2
        fv[:, S.FV_SUIT_KEY] = -1
        return
    counts = held_counts(records, s)
    win = _col(records, f"win_tile_{s}", n_h)
    ready = (_col(records, f"ready_{s}", n_h) == L.READY_YES) & (win >= 0)
    rows = np.nonzero(ready)[0]
    counts[rows, win[rows]] += 1   # a seat ready at the draw was valued with its best tile in hand (查叫)
    faces = ((counts > 0) << np.arange(34, dtype=np.int64)).sum(axis=1)
    frm = _col(records, f"meld_from_{s}", n_h)
    aside = np.zeros(n_h, bool)
    for m in range(S.N_MELDS):
        code = fv[:, S.FV_MELD + m]
        set_aside = ((frm >> (L.MELD_FROM_BITS * m)) & 15) != 0
        face = (code // S.MELD_FACE) % 64
        chi = code % 8 == S.MELD_CHI
        faces |= np.where(set_aside & (code > 0), np.where(chi, 7 << face, 1 << face), 0)
        aside |= set_aside
    fv[:, S.FV_HELD] = faces
    fv[:, S.FV_WIN_FACE] = win
    fv[:, S.FV_SHOWN] = _col(records, f"shown_{s}", n_h)
    key = np.full(n_h, -1, np.int64)
    ok = (win >= 0) & ~aside & (fv[:, S.FV_WILDS] == 0)
    before = counts.copy()
    before[np.arange(n_h)[ok], win[ok]] -= 1
    for g in range(3):
        inside = before[:, 9 * g:9 * g + 9].sum(axis=1)
        one_suit = ok & (win // 9 == g) & (inside == before.sum(axis=1))
        key = np.where(one_suit, (before[:, 9 * g:9 * g + 9] * 5 ** np.arange(9)).sum(axis=1), key)
    fv[:, S.FV_SUIT_KEY] = key


def values(records: np.ndarray, rules) -> tuple[np.ndarray, np.ndarray]:
    """(parts[h, s, OUT_*], value[h, s, p]) of every seat's arrangement."""
    sc, n = rules.scoring, rules.table.seats
    t = rules_table(rules)
    fv = fact_vectors(records, n)
    parts = np.zeros((len(records), n, S.OUT_W), np.int64)
    stack = new_stack()
    all_parts(fv, t.tab, parts, np.zeros(S.ITEM_SCRATCH, np.int64), stack)
    check_stack(stack, "scoring.items")
    value = np.zeros((len(records), n, n), np.int64)
    bases = np.array(list(sc["base"]["dealer"]), np.int64)
    vars_ = np.zeros(S.N_FIXED_VARS + len(t.fvars) + 1, np.int64)
    frm = _seat_col(records, "win_from", n, -1).astype(np.int64)
    pair_values(fv, parts, t.tab, t.value.code, t.value.consts, records["dealer"].astype(np.int64), frm,
                bases, int(sc["base"]["other"]), int(sc.get("cap", 0)), value, vars_, stack)
    check_stack(stack, f"scoring.value, {_which(records, int(stack[S.STACK_ERR + 1]))}")
    return parts, value


def _which(records, h: int) -> str:
    """Which hand a record is, for a message."""
    names = records.dtype.names or ()
    if "match" in names and "hand" in names and 0 <= h < len(records):
        return f"match {int(records['match'][h])}, hand {int(records['hand'][h])}"
    return f"record {h}"


def _seat_base(fv, sc) -> int:
    """A seat's base against a non-dealer payer: the dealer's by its term when it deals."""
    if fv[S.FV_DEALER]:
        bases = list(sc["base"]["dealer"])
        return int(bases[min(max(int(fv[S.FV_STREAK]) - 1, 0), len(bases) - 1)])
    return int(sc["base"]["other"])


def hands(fv: np.ndarray, parts: np.ndarray, rules) -> np.ndarray:
    """hand[h, s]: every seat's own hand value (the table's ``hand`` formula;
    without one, its ``value`` against a non-dealer payer, capped by ``cap``).
    The kernels run once per seat from Python: settlement is not a kernel."""
    sc = rules.scoring
    t = rules_table(rules)
    prog = t.hand or t.value
    cap = int(sc.get("cap", 0)) if t.hand is None else 0
    vars_ = np.zeros(t.n_vars, np.int64)
    stack = new_stack()
    out = np.zeros(fv.shape[:2], np.int64)
    for h in range(fv.shape[0]):
        for s in range(fv.shape[1]):
            fill_vars(fv[h, s], parts[h, s], t.tab, _seat_base(fv[h, s], sc), 0, 0, vars_)
            v = int(formula(prog.code, prog.consts, vars_, stack))
            check_stack(stack, f"scoring.{'hand' if t.hand is not None else 'value'}, record {h}")
            out[h, s] = min(v, cap) if cap > 0 else v
    return out


def _losers_exchange(records, rules, fv, parts, won, winners, dealer) -> np.ndarray:
    """``losers``: for every pair of losers of a won hand, the smaller hand pays
    the larger the formula (ties: the later seat pays the earlier, usually 0)."""
    sc, n = rules.scoring, rules.table.seats
    t = rules_table(rules)
    hand = hands(fv, parts, rules)
    cap = int(sc.get("cap", 0))
    bases = list(sc["base"]["dealer"])
    k0 = S.N_FIXED_VARS + len(t.fvars)
    vars_ = np.zeros(t.n_vars, np.int64)
    stack = new_stack()
    pay = np.zeros((len(records), n), np.int64)
    for h in np.flatnonzero(won):
        d = int(dealer[h])
        for i in range(n):
            for j in range(i + 1, n):
                if (winners[h] >> i) & 1 or (winners[h] >> j) & 1:
                    continue
                hi, lo = (i, j) if hand[h, i] >= hand[h, j] else (j, i)
                in_pair = d in (i, j)
                base = (int(bases[min(max(int(fv[h, hi, S.FV_STREAK]) - 1, 0), len(bases) - 1)]) if in_pair
                        else int(sc["base"]["other"]))
                fill_vars(fv[h, hi], parts[h, hi], t.tab, base, 1 if lo == d else 0, 0, vars_)
                vars_[k0], vars_[k0 + 1], vars_[k0 + 2] = hand[h, hi], hand[h, lo], in_pair
                x = int(formula(t.losers.code, t.losers.consts, vars_, stack))
                check_stack(stack, f"scoring.losers, {_which(records, int(h))}")
                if cap > 0:
                    x = max(-cap, min(cap, x))
                pay[h, hi] += x
                pay[h, lo] -= x
    return pay


def _side_payments(records, sc, n, won, winners, flows) -> np.ndarray:
    pay = np.zeros((len(records), n), np.int64)
    kongs = sc["kongs"]
    if kongs.get("paid", "on_win") == "at_once":
        pay += kong_money_at_once(records, sc, n, flows)   # settle/draw.py: paid as made, won hand or not
    bases = pair_bases(records, sc["base"], n) if kongs.get("times_base") else None
    for column, key in (("kong_exposed", "exposed"), ("kong_added", "added"), ("kong_concealed", "concealed")):
        amount = int(kongs[key])
        if amount and kongs.get("paid", "on_win") == "on_win":
            count = per_seat(records, column, n).astype(np.int64) * amount * won[:, None]
            if bases is None:
                pay += count * n - count.sum(axis=1, keepdims=True)
            else:   # kongs.times_base: got[h, r, p], what p pays r, times their pair's base
                got = count[:, :, None] * bases
                pay += got.sum(axis=2) - got.sum(axis=1)
    wm = sc["wild_money"]
    if int(wm["amount"]):
        wilds = per_seat(records, "wilds", n).astype(np.int64) * int(wm["amount"]) * won[:, None]
        if wm["holders"] == "winner":
            wilds = wilds * ((winners[:, None] >> np.arange(n)) & 1)
        pay += wilds * n - wilds.sum(axis=1, keepdims=True)
    pen = int(sc["four_winds_penalty"])
    if pen:
        count = per_seat(records, "penalty", n).astype(np.int64) * pen
        pay -= count * n - count.sum(axis=1, keepdims=True)
    return pay


def _pairwise(value, sc, n, won, winners, dealer) -> np.ndarray:
    pay = np.zeros(value.shape[:2], np.int64)
    pw = sc["pairwise"]
    for i in range(n):
        for j in range(i + 1, n):
            both_lost = won & (((winners >> i) & 1) == 0) & (((winners >> j) & 1) == 0)
            with_dealer = (dealer == i) | (dealer == j)
            num = np.where(with_dealer, int(pw["dealer"][0]), int(pw["other"][0]))
            den = np.where(with_dealer, int(pw["dealer"][1]), int(pw["other"][1]))
            diff = (value[:, i, j] - value[:, j, i]) * num
            x = np.sign(diff) * (np.abs(diff) // den)   # rounded toward zero, the same for both sides
            x = np.where(both_lost, x, 0)
            pay[:, i] += x
            pay[:, j] -= x
    return pay


def score(records: np.ndarray, rules) -> Scored:
    sc = rules.scoring
    n, players = rules.table.seats, rules.table.players
    n_h = len(records)
    won = np.isin(records["outcome"], L.WIN_OUTCOMES)
    dealer = records["dealer"].astype(np.int64)
    winners = records["winners"].astype(np.int64)
    parts, value = values(records, rules)
    facts = per_seat(records, "facts", n)
    order, dealt_in = win_orders(records, n)
    rows = np.arange(n_h)
    pay = np.zeros((n_h, n), np.int64)
    payers = sc["payers"]
    for w in range(n):
        is_w = won & (((winners >> w) & 1) == 1)
        if not is_w.any():
            continue
        # what each seat still in owes this winner: not itself, nor a seat that
        # won with it or before it (end.after_wins lets play go on after a win)
        still_in = (order == 0) | (order > order[:, w:w + 1])
        owed = np.where(still_in, value[:, w, :], 0)
        owed[:, w] = 0
        gets = owed
        if payers != "all":
            frm = dealt_in[:, w]
            on_discard = (facts[:, w] & L.FACT_DISCARD) != 0
            d_ok = on_discard & (frm >= 0)
            gets = np.where(d_ok[:, None], 0, owed)
            d = np.clip(frm, 0, n - 1)
            if payers == "discarder":
                gets[rows[d_ok], d[d_ok]] = owed[rows[d_ok], d[d_ok]]
            else:  # discarder_for_all
                gets[rows[d_ok], d[d_ok]] = owed.sum(axis=1)[d_ok]
        gets = np.where(is_w[:, None], gets, 0)
        pay -= gets
        pay[:, w] += gets.sum(axis=1)
    if sc.get("settle", "winner") == "pairwise":
        if sc.get("losers") is not None:
            pay += _losers_exchange(records, rules, fact_vectors(records, n), parts, won, winners, dealer)
        else:
            pay += _pairwise(value, sc, n, won, winners, dealer)
    flows: dict = {}
    pay += _side_payments(records, sc, n, won, winners, flows)
    if sc.get("draw"):
        pay += at_the_draw(records, sc, n, value, flows)
    flows = {k: np.broadcast_to(np.asarray(v, np.int64), (n_h,)) for k, v in flows.items()}
    seat_player = per_seat(records, "player", n).astype(np.int64)
    pp = np.zeros((n_h, players), np.int64)
    for s in range(n):
        np.add.at(pp, (rows, seat_player[:, s]), pay[:, s])
    first = records["winner"].astype(np.int64)
    has = won & (first >= 0)
    fw = np.clip(first, 0, n - 1)
    first_parts = np.where(has[:, None], parts[rows, fw], 0)
    # the first winner's value against a non-dealer payer (the dealer's seat when it won)
    payer = np.where(dealer == fw, (fw + 1) % n, np.where((fw + 1) % n == dealer, (fw + 2) % n, (fw + 1) % n))
    v1 = np.where(has, value[rows, fw, payer], 0)
    names = [str(it["name"]) for it in sc.get("items", [])]
    return Scored(pay, pp, first_parts[:, S.OUT_POINTS], first_parts[:, S.OUT_TAI],
                  np.where(has, first_parts[:, S.OUT_TIMES], 0), v1, first_parts[:, S.OUT_ITEMS],
                  names, parts, possible_times(sc), flows, first_parts[:, S.OUT_ITEMS2], shape_names(rules))


def settlement(record: np.ndarray, rules):
    """One hand's points per seat and each winner's scoring items and times, as a
    transcript prints them (``record`` is a one-hand slice of the records)."""
    n = rules.table.seats
    scored = score(record, rules)
    entries = []
    if int(record["outcome"][0]) in L.WIN_OUTCOMES:
        for s in range(n):
            if int(record["winners"][0]) >> s & 1:
                names = ", ".join(item_names_of(scored.parts[0, s], scored.item_names))
                entries.append((s, names, int(scored.parts[0, s, S.OUT_TIMES])))
    return Settlement([int(v) for v in scored.seat_points[0]], entries)
