"""Kong money paid as each kong is made, and an exhaustive draw settled among
the seats still in (血战到底: 刮风下雨, 查叫, 查花猪, 退税).

- ``kongs.paid: at_once``: each kong is paid by the seats still in when it
  was made (the record's ``kong_log``: table/layout.py KL_*), won hand or
  not; ``kongs.exposed_payer: discarder``: an exposed kong only by the seat
  whose discard made it; ``kongs.cannon_transfer``: a 杠上炮 hands the
  money of the kong made right before it to that discard's winners (呼叫转移).
- ``draw``: where the wall ran out, the engine read every seat left
  (``ready``: engine/ready.py).  ``ready``: each one not ready pays each
  ready one the table's value of its best ready hand (``value[h, r, p]``, the
  ready seat's columns hold that reading; a seat holding its void pays too
  unless ``void_pays_ready`` is false); ``void_penalty``: a seat still
  holding its void suit (花猪) pays it to each seat left that does not;
  ``refund_kongs``: a seat left not ready gives back every kong payment it
  received, to the seat that paid it.
"""

from __future__ import annotations

import numpy as np

from ..table import layout as L
from ..table.records import per_seat


def _seat_col(records, field: str, n: int, default: int) -> np.ndarray:
    names = records.dtype.names or ()
    if f"{field}_0" not in names:
        return np.full((len(records), n), default, np.int64)
    return per_seat(records, field, n).astype(np.int64)


# what at_the_draw puts in ``flows``, each where the rules settle that part
DRAW_FLOWS = ("ready_paid", "void_paid", "kong_refund")


def _kong(log, k):
    """(kind, from, who was in) of each row's k-th kong in kong_log values ``log``."""
    entry = (log >> (L.KL_BITS * k)) & ((1 << L.KL_BITS) - 1)
    return entry & 3, (entry >> 2) & 7, entry >> 5


def _amounts(kongs) -> dict[int, int]:
    return {L.KL_EXPOSED: int(kongs["exposed"]), L.KL_ADDED: int(kongs["added"]),
            L.KL_CONCEALED: int(kongs["concealed"])}


def pair_bases(records, base, n: int) -> np.ndarray:
    """bases[h, r, p]: scoring.base between seats r and p in each hand, the
    dealer's by its term (the record's streak; later terms the last value)
    when one of them deals, else ``other``; 0 on the diagonal."""
    dealer_bases = np.asarray([int(b) for b in base["dealer"]], np.int64)
    term = np.clip(records["streak"].astype(np.int64) - 1, 0, len(dealer_bases) - 1)
    dealer = records["dealer"].astype(np.int64)
    seats = np.arange(n)
    in_pair = (seats[None, :, None] == dealer[:, None, None]) | (seats[None, None, :] == dealer[:, None, None])
    out = np.where(in_pair, dealer_bases[term][:, None, None], int(base["other"]))
    out[:, seats, seats] = 0
    return out


def kong_receipts(records, kongs, n: int, skip: np.ndarray | None = None, base=None) -> np.ndarray:
    """got[h, r, p]: kong money seat p paid seat r as r's kongs were made
    (``kongs.paid: at_once``); ``skip[h, r]``: bit k set where r handed on
    its k-th kong's money (呼叫转移).  ``base`` (scoring.base) with
    ``kongs.times_base``: each payment times the pair's base."""
    log = _seat_col(records, "kong_log", n, 0)
    amount = _amounts(kongs)
    by_discarder = kongs.get("exposed_payer", "all") == "discarder"
    got = np.zeros((len(records), n, n), np.int64)
    rows = np.arange(len(records))
    for r in range(n):
        for k in range(L.KL_MAX):
            kind, frm, inn = _kong(log[:, r], k)
            if skip is not None:
                kind = np.where((skip[:, r] >> k) & 1 == 1, 0, kind)
            for kk, amt in amount.items():
                is_k = (kind == kk) & (amt > 0)
                if not is_k.any():
                    continue
                if kk == L.KL_EXPOSED and by_discarder:
                    np.add.at(got, (rows[is_k], r, frm[is_k]), amt)
                    continue
                for i in range(1, n):
                    pays = is_k & (((inn >> (i - 1)) & 1) == 1)
                    got[pays, r, (r + i) % n] += amt
    if kongs.get("times_base"):
        got *= pair_bases(records, base, n)
    return got


def win_orders(records, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(order[h, s], dealt_in[h, s]): each winner's win, 1 for the hand's first
    (every winner of one discard shares it), and the seat that dealt in (-1
    self-drawn).  A hand whose winners have no order (records made before
    these columns, or by hand) won every win at once, dealt in by the hand's
    discarder."""
    names = records.dtype.names or ()
    bits = (records["winners"].astype(np.int64)[:, None] >> np.arange(n)) & 1
    discarder = np.repeat(records["discarder"].astype(np.int64)[:, None], n, axis=1)
    if "win_order_0" not in names:
        return bits, discarder
    order = per_seat(records, "win_order", n).astype(np.int64)
    frm = per_seat(records, "win_from", n).astype(np.int64)
    legacy = ((order == 0) & (bits == 1)).any(axis=1)
    order[legacy], frm[legacy] = bits[legacy], discarder[legacy]
    return order, frm


def kong_money_at_once(records, sc, n: int, flows: dict) -> np.ndarray:
    """Each seat's net kong money under ``kongs.paid: at_once``, before any
    refund, with 呼叫转移 (``kongs.cannon_transfer``) applied; what changed
    hands goes into ``flows`` (per hand)."""
    got = kong_receipts(records, sc["kongs"], n, base=sc["base"])
    pay = got.sum(axis=2) - got.sum(axis=1)
    flows["kong_money"] = got.sum(axis=(1, 2))
    if sc["kongs"].get("cannon_transfer"):
        moved = cannon_transfers(records, sc["kongs"], n)[0]
        pay += moved
        flows["kong_transfer"] = np.maximum(moved, 0).sum(axis=1)
    return pay


def cannon_transfers(records, kongs, n: int) -> tuple[np.ndarray, np.ndarray]:
    """呼叫转移: a discard won right after its discarder's kong (杠上炮) hands
    the money of that kong to the winners of that discard, split evenly (the
    remainder to the first in turn order from the discarder).  Each such
    discard is its own transfer: in 血战 two seats may each deal in after a
    kong.  "That kong" is the discarder's last one made while its winners were
    still in: a kong it makes after the win is made without them (kong_log's
    seats in), and one before that kong was not right before the discard.
    (pay[h, s], skip[h, s]: bit k set where seat s handed on its k-th kong's money)"""
    pay = np.zeros((len(records), n), np.int64)
    skip = np.zeros((len(records), n), np.int64)
    facts = per_seat(records, "facts", n).astype(np.int64)
    order, frm = win_orders(records, n)
    cannon = ((facts & L.FACT_KONG_DISCARD) != 0) & (order > 0)
    log = _seat_col(records, "kong_log", n, 0)
    amount = _amounts(kongs)
    for h in np.flatnonzero(cannon.any(axis=1)):
        events: dict[tuple[int, int], list[int]] = {}   # (discarder, win order): its winners
        for w in range(n):
            if cannon[h, w] and frm[h, w] >= 0:
                events.setdefault((int(frm[h, w]), int(order[h, w])), []).append(w)
        for (k, _), won in events.items():
            slot, kind, inn = -1, 0, 0
            for i in range(L.KL_MAX):
                ki, _, ii = _kong(int(log[h, k]), i)
                if ki and all((ii >> ((w - k) % n - 1)) & 1 for w in won):
                    slot, kind, inn = i, ki, ii
            if slot < 0:
                continue
            payers = 1 if kind == L.KL_EXPOSED and kongs.get("exposed_payer", "all") == "discarder" \
                else bin(inn).count("1")
            total = amount[kind] * payers
            skip[h, k] |= 1 << slot
            won.sort(key=lambda w: (w - k) % n)
            share, rest = divmod(total, len(won))
            pay[h, k] -= total
            for i, w in enumerate(won):
                pay[h, w] += share + (1 if i < rest else 0)
    return pay, skip


def at_the_draw(records, sc, n: int, value: np.ndarray, flows: dict) -> np.ndarray:
    """What the seats left at an exhaustive draw settle (``draw``): 查叫, 查花猪,
    退税; each part's total per hand goes into ``flows``."""
    d = sc.get("draw") or {}
    ready = _seat_col(records, "ready", n, L.READY_UNKNOWN)
    pay = np.zeros((len(records), n), np.int64)
    yes, void = ready == L.READY_YES, ready == L.READY_VOID
    not_ready = (ready == L.READY_NO) | void
    if d.get("ready"):
        payer = (ready == L.READY_NO) | (void & bool(d.get("void_pays_ready", True)))
        for r in range(n):
            for p in range(n):
                owed = np.where(yes[:, r] & payer[:, p], value[:, r, p], 0)
                pay[:, r] += owed
                pay[:, p] -= owed
                flows["ready_paid"] = flows.get("ready_paid", 0) + owed
    penalty = int(d.get("void_penalty", 0))
    if penalty:
        clean = yes | (ready == L.READY_NO)
        for v in range(n):
            owed = (void[:, v, None] & clean) * penalty
            pay[:, v] -= owed.sum(axis=1)
            pay += owed
            flows["void_paid"] = flows.get("void_paid", 0) + owed.sum(axis=1)
    if d.get("refund_kongs") and sc["kongs"].get("paid", "on_win") == "at_once":
        skip = cannon_transfers(records, sc["kongs"], n)[1] if sc["kongs"].get("cannon_transfer") else None
        got = kong_receipts(records, sc["kongs"], n, skip, sc["base"])   # a kong handed on (呼叫转移) is not given back
        back = got * not_ready[:, :, None]          # back[h, r, p]: r returns to p
        pay -= back.sum(axis=2)
        pay += back.sum(axis=1)
        flows["kong_refund"] = back.sum(axis=(1, 2))
    return pay
