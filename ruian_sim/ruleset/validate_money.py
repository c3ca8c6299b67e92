"""Money besides the win, bounded before play: kong money, 财神钱 (wild money),
the four-winds penalty and the void penalty, each at its largest in one hand.

The schema bounds each amount by 2**53 (scoring/layout.MAX_AMOUNT), where
float64 stops counting every unit; the scoring table's items and formulas
are held to the same bound (scoring/compile.py, scoring/table_bounds.py).  But
a side payment is an amount times a count times the players who pay it: 2**53
per wild, times four wilds and three payers, made seat means that summed to
0.25 instead of 0.  So each amount is refused at its line when its largest
hand passes the bound, and all of them together at the one set last."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import Problem, dotted
from ..scoring.layout import MAX_AMOUNT

SC = ("scoring",)


def _flows(d: dict) -> list[tuple[tuple, int, int, str]]:
    """(path, amount, the most times it moves in one hand for one seat, why so many)."""
    sc, seats = d["scoring"], d["table"]["seats"]
    others = seats - 1
    melds = (d["deal"]["hand_size"] - 1) // 3
    copies = d["tiles"]["copies"]
    out = []
    # kongs.times_base: each payment times the pair's base, at most the largest base
    base = max([int(b) for b in sc["base"]["dealer"]] + [int(sc["base"]["other"])])
    times = base if sc["kongs"].get("times_base") else 1
    for kind in ("exposed", "added", "concealed"):
        out.append((SC + ("kongs", kind), int(sc["kongs"][kind]), melds * others * times,
                    f"{melds} kongs in a hand, each paid by {others} players"
                    + (f" times a base of up to {base:,}" if times > 1 else "")))
    out.append((SC + ("wild_money", "amount"), int(sc["wild_money"]["amount"]), copies * others,
                f"{copies} wilds held, each paid for by {others} players"))
    # each run of four winds discarded takes `seats` of the 4 × copies wind tiles
    runs = max(1, 4 * copies // seats)
    out.append((SC + ("four_winds_penalty",), int(sc["four_winds_penalty"]), runs * others,
                f"up to {runs} runs of winds in a hand, each paid to {others} players"))
    out.append((SC + ("draw", "void_penalty"), int(sc.get("draw", {}).get("void_penalty", 0)), others,
                f"paid to each of {others} players"))
    return out


def money_problems(d: dict, where) -> Iterator[Problem]:
    flows = [f for f in _flows(d) if f[1] > 0]
    total = kongs = 0
    alone = False
    for path, amount, most, why in flows:
        top = amount * most
        if top > MAX_AMOUNT:
            yield Problem(where.value(path), dotted(path),
                          f"{amount:,} can move {top:,} in one hand ({why}), beyond 2**53 = {MAX_AMOUNT:,}, "
                          f"where sums over hands stop being exact; at most {MAX_AMOUNT // most:,}")
            alone = True
        if path[1] == "kongs":
            kongs = max(kongs, top)   # a kong is of one kind: the dearest kind bounds them all
        else:
            total += top
    if flows and not alone and total + kongs > MAX_AMOUNT:
        yield where.blame(tuple(f[0] for f in flows),
                          f"together the side payments can move {total + kongs:,} in one hand, beyond "
                          f"2**53 = {MAX_AMOUNT:,}, where sums over hands stop being exact")
