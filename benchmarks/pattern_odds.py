"""How rare each pattern is among complete hands when nobody aims for it, in a
14-tile game and in the rules' own: the yardstick for comparing pattern shares
across games of different hand sizes.

    python benchmarks/pattern_odds.py [--rules taiwanese]

Counts every complete standard hand (melds and one pair, no wild, no kong),
each multiset of tiles weighted by the ways to draw it (the product of
C(4, k) over its faces), as a dealt hand would be.  A suit's completeness is
decided face by face by the sets of states (runs waiting for this face and
the next, pair used) it can be in; the honors take pungs and one pair only.
Checked at the start against a brute force over every hand of one meld and
a pair.  Prints each pattern's share of complete hands for 4 melds (riichi's
14 tiles), for the rules' melds, and how many times rarer it is.  The total
for 4 melds is 11,353,128,141,498, and for 5 melds 1,554,490,175,889,888.
"""

from __future__ import annotations

import argparse
import itertools
from collections import defaultdict
from math import comb

# people's shares in riichi (benchmarks/games.py: Python puts this script's folder on the path)
from games import HUMAN_RIICHI

from ruian_sim.hand.layout import HS_M
from ruian_sim.ruleset import load
from ruian_sim.table.spec import compile_rules

COPIES = 4


def suit_complete(max_n: int) -> dict[int, int]:
    """Weighted count of complete multisets of one suit by size (one pair at most)."""
    dp = {(frozenset([(0, 0, 0)]), 0): 1}   # (states (runs needing this face as last, as middle; pair), size)
    for f in range(9):
        nd: dict = defaultdict(int)
        for (states, n), w in dp.items():
            for k in range(min(COPIES, max_n - n) + 1):
                nxt = set()
                for last, middle, pair in states:
                    r = k - last - middle   # tiles left once the runs waiting for f take theirs
                    if r < 0:
                        continue
                    for runs in range(r + 1 if f <= 6 else 1):   # a run starts at 7 at the latest
                        for p in (0, 1) if pair == 0 else (0,):
                            rest = r - runs - 2 * p
                            if rest >= 0 and rest % 3 == 0:
                                nxt.add((middle, runs, pair + p))
                if nxt:
                    nd[(frozenset(nxt), n + k)] += w * comb(COPIES, k)
        dp = nd
    out: dict[int, int] = defaultdict(int)
    for (states, n), w in dp.items():
        if any(last == 0 and middle == 0 for last, middle, _ in states):
            out[n] += w
    return out


def honors_complete(max_n: int) -> dict[int, int]:
    """The same for the seven honors: pungs and one pair."""
    dp = {(0, 0): 1}
    for _ in range(7):
        nd: dict = defaultdict(int)
        for (n, pairs), w in dp.items():
            for k in (0, 2, 3):
                if n + k <= max_n and pairs + (k == 2) <= 1:
                    nd[(n + k, pairs + (k == 2))] += w * comb(COPIES, k)
        dp = nd
    out: dict[int, int] = defaultdict(int)
    for (n, _), w in dp.items():
        out[n] += w
    return out


def shares(melds: int) -> tuple[int, dict[str, float]]:
    """(complete hands, each pattern's share of them) for ``melds`` melds and a pair."""
    size = 3 * melds + 2
    suit, hon = suit_complete(size), honors_complete(size)

    def one_pair(*ns):
        return sum(n % 3 == 2 for n in ns) == 1

    total = 0
    for n1 in range(size + 1):
        for n2 in range(size + 1 - n1):
            for n3 in range(size + 1 - n1 - n2):
                nh = size - n1 - n2 - n3
                if one_pair(n1, n2, n3, nh):
                    total += suit[n1] * suit[n2] * suit[n3] * hon[nh]
    half = sum(3 * suit[n] * hon[size - n] for n in range(1, size) if one_pair(n, size - n))
    one = 3 * suit[size]
    pungs = comb(34, melds) * (34 - melds) * comb(COPIES, 3) ** melds * comb(COPIES, 2)
    return total, {"half_suit": half / total, "one_suit": one / total, "all_pungs": pungs / total}


def _brute_one_meld() -> tuple[int, int]:
    """Every hand of one meld and a pair, tested by hand: (complete, half-suit), weighted."""
    total = half = 0
    for combo in itertools.combinations_with_replacement(range(34), 5):
        cnt = [combo.count(t) for t in range(34)]
        if max(cnt) > COPIES:
            continue
        ok = False
        for p in range(34):
            if cnt[p] < 2:
                continue
            rest = list(cnt)
            rest[p] -= 2
            f = next(t for t in range(34) if rest[t])
            ok = ok or rest[f] == 3 or (f < 27 and f % 9 <= 6 and rest[f] == rest[f + 1] == rest[f + 2] == 1)
        if ok:
            w = 1
            for k in cnt:
                w *= comb(COPIES, k)
            total += w
            groups = {min(t // 9, 3) for t in combo}
            half += w if 3 in groups and len(groups) == 2 else 0
    return total, half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="taiwanese", help="the game whose hand size is compared with 14 tiles")
    args = ap.parse_args()
    melds = int(compile_rules(load(args.rules)).hs[HS_M])
    total1, s1 = shares(1)
    want = _brute_one_meld()
    assert (total1, round(s1["half_suit"] * total1)) == want, (total1, s1, want)
    base, theirs = shares(4), shares(melds)
    print(f"complete hands, every tile alike: {base[0]:,} of 4 melds, {theirs[0]:,} of {melds} "
          f"(the brute force agrees for 1 meld: {want[0]:,})")
    print(f"{'pattern':<12}{'14 tiles':>10}{f'{3 * melds + 2} tiles':>10}{'rarer':>8}"
          f"{'people, riichi':>16}{'scaled':>9}")
    for name in ("half_suit", "one_suit", "all_pungs"):
        a, b = base[1][name], theirs[1][name]
        print(f"{name:<12}{a:>10.4%}{b:>10.4%}{a / b:>7.1f}×{HUMAN_RIICHI[name]:>16.2%}{HUMAN_RIICHI[name] * b / a:>9.3%}")
    print("scaled: people's riichi share times the ratio, as if players aimed as hard in this game")


if __name__ == "__main__":
    main()
