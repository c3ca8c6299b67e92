"""Random MCR hands of every kind, seeded, in mcr_oracle's neutral description.

    generate(n, seed) -> [hand, ...]      each hand carries "template" (how it was made)

The mix, by weight:
  * 52% targeted hands: a round-robin over one template per fan (TARGETS) that builds the
    fan's characteristic sets, randomises the rest and the win situation, and retries until
    PyMahjongGB scores the target in a legal win; so every fan is reached, rare ones too;
  * 33% natural hands: random sets with real-play suit tendencies, 0-4 claimed sets, a few kongs,
    a few natural special hands (seven pairs, knitted);
  * 7.5% low hands: complete but worth fewer than 8 fan;
  * 7.5% incomplete hands: a complete hand with one concealed tile swapped (mostly to a neighbour)
    in regular, seven-pairs, thirteen-orphans and knitted near-misses.
Every hand is physically possible: at most 4 copies of a tile; the winning tile among the concealed
ones; win=kong only with a kong; win=robbed only when the winner holds no other copy (and never on
the last tile); fourth (和绝张) false when the winner holds a copy, true when its own melds show the
three others, and always for a robbed tile (the robbed pung shows them).

Run as a script to print how often PyMahjongGB scores each fan: python mcr_hands.py [n] [seed]
"""
import random
import sys
from collections import Counter

from mcr_oracle import ALL_TILES, FAN_TABLE, parse_tiles, score, tenhou

SUITS = "mps"
HONORS = [f"{r}z" for r in range(1, 8)]
WINDS, DRAGONS = HONORS[:4], HONORS[4:]
GREEN = {"2s", "3s", "4s", "6s", "8s", "6z"}
REVERSIBLE = {"1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "5z"}


def T(r, s):
    return f"{r}{s}"


def rank(t):
    return int(t[0])


def is_honor(t):
    return t[1] == "z"


def is_term(t):
    return t[1] != "z" and t[0] in "19"


def term_or_honor(t):
    return is_honor(t) or is_term(t)


def chow(s, start):
    return {"kind": "chow", "tiles": [T(start + i, s) for i in range(3)]}


def pung(t):
    return {"kind": "pung", "tiles": [t] * 3}


def counts(sets, pair=None, extra=()):
    c = Counter(t for s in sets for t in s["tiles"])
    if pair:
        c[pair] += 2
    c.update(extra)
    return c


def fits(sets, pair=None, extra=()):
    """At most four copies of every tile."""
    return all(v <= 4 for v in counts(sets, pair, extra).values())


class Gen:
    """Random pieces of hands, all drawn from one random.Random."""

    def __init__(self, rng):
        self.r = rng

    def suit(self):
        return self.r.choice(SUITS)

    def three_suits(self):
        return self.r.sample(SUITS, 3)

    def chow(self, pred=lambda t: True, suits=SUITS):
        opts = [(s, a) for s in suits for a in range(1, 8) if all(pred(T(a + i, s)) for i in range(3))]
        return chow(*self.r.choice(opts)) if opts else None

    def pung(self, pred=lambda t: True, honor_w=1.0):
        opts = [t for t in ALL_TILES if pred(t)]
        if not opts:
            return None
        return pung(self.r.choices(opts, [honor_w if is_honor(t) else 1.0 for t in opts])[0])

    def fill(self, sets, pred=lambda t: True, chow_p=0.6, suits=SUITS, honor_w=1.0):
        """``sets`` completed to four sets of tiles passing ``pred``, or None."""
        sets = list(sets)
        for _ in range(200):
            if len(sets) == 4:
                return sets
            s = self.chow(pred, suits) if self.r.random() < chow_p else self.pung(pred, honor_w)
            s = s or self.pung(pred, honor_w) or self.chow(pred, suits)
            if s is None:
                return None
            if fits(sets + [s]):
                sets.append(s)
        return sets if len(sets) == 4 else None

    def regular(self, core=(), pred=lambda t: True, pair_pred=None, chow_p=0.6, suits=SUITS, honor_w=1.0):
        """A regular shape {sets, pair} around the ``core`` sets, or None."""
        if not fits(core):
            return None
        for _ in range(50):
            sets = self.fill(core, pred, chow_p, suits, honor_w)
            if sets is None:
                return None
            c = counts(sets)
            pairs = [t for t in ALL_TILES if (pair_pred or pred)(t) and c[t] <= 2]
            if pairs:
                self.r.shuffle(sets)
                return {"sets": sets, "pair": self.r.choice(pairs)}
        return None

    # ------------------------------------------------------------- special shapes
    def seven_pairs(self, pred=lambda t: True, hog_p=0.15):
        opts = [t for t in ALL_TILES if pred(t)]
        if len(opts) >= 6 and self.r.random() < hog_p:   # a four of a kind as two pairs
            ks = self.r.sample(opts, 6)
            return {"special": [t for k in ks for t in (k, k)] + [ks[0]] * 2}
        if len(opts) < 7:
            return None
        return {"special": [t for k in self.r.sample(opts, 7) for t in (k, k)]}

    def shifted_pairs(self):
        s, a = self.suit(), self.r.randint(1, 3)
        return {"special": [T(a + i, s) for i in range(7) for _ in range(2)]}

    def orphans(self):
        base = [T(r, s) for s in SUITS for r in (1, 9)] + HONORS
        return {"special": base + [self.r.choice(base)]}

    def knitted_tiles(self):
        return [T(a + 3 * i, s) for a, s in zip((1, 2, 3), self.three_suits()) for i in range(3)]

    def honors_and_knitted(self, greater):
        knit = self.knitted_tiles()
        if greater:
            return {"special": self.r.sample(knit, 7) + HONORS}
        n_num = self.r.choice([8, 8, 9])   # 7 suit tiles would leave all 7 honors: greater
        return {"special": self.r.sample(knit, n_num) + self.r.sample(HONORS, 14 - n_num)}

    def knitted_regular(self):
        """A knitted straight + one set + a pair."""
        knit = self.knitted_tiles()
        for _ in range(30):
            s = self.chow() if self.r.random() < 0.55 else self.pung()
            pair = self.r.choice(ALL_TILES)
            if all(v <= 4 for v in (Counter(knit) + counts([s], pair)).values()):
                return {"knit": knit, "sets": [s], "pair": pair}
        return None

    def nine_gates(self):
        s = self.suit()
        extra = T(self.r.randint(1, 9), s)
        return {"special": [T(1, s)] * 3 + [T(i, s) for i in range(2, 9)] + [T(9, s)] * 3 + [extra],
                "win_tile": extra}

    def kongs(self, n):
        """A regular shape with ``n`` of its sets kongs."""
        sh = self.regular(chow_p=0.35)
        if sh is None:
            return None
        sets, pair = list(sh["sets"]), sh["pair"]
        for i in range(4):   # turn chows into pungs until there are n pungs
            if sum(s["kind"] == "pung" for s in sets) >= n:
                break
            if sets[i]["kind"] == "chow":
                p = self.pung()
                trial = sets[:i] + [p] + sets[i + 1:]
                if fits(trial, pair, extra=[p["tiles"][0]]):
                    sets = trial
        pungs = [i for i, s in enumerate(sets) if s["kind"] == "pung"][:n]
        if len(pungs) < n:
            return None
        sets = [{"kind": "kong", "tiles": s["tiles"][:1] * 4} if i in pungs else s for i, s in enumerate(sets)]
        return {"sets": sets, "pair": pair} if fits(sets, pair) else None

    # ------------------------------------------------------------- natural hands
    def suit_profile(self):
        """A real-play suit tendency: (tile predicate, chow probability)."""
        x, s = self.r.random(), self.suit()
        if x < 0.06:
            return (lambda t: t[1] == s), 0.7
        if x < 0.22:
            return (lambda t: t[1] in (s, "z")), 0.6
        if x < 0.50:
            return (lambda t: t[1] != s), 0.6
        return (lambda t: True), 0.62

    def natural(self):
        """(shape, policy) of a natural hand."""
        x = self.r.random()
        if x < 0.05:
            return self.seven_pairs(), {}
        if x < 0.06:
            return self.honors_and_knitted(greater=False), {}
        if x < 0.07:
            return self.knitted_regular(), {"open": 0.2}
        pred, chow_p = self.suit_profile()
        return (self.regular((), pred, chow_p=chow_p, honor_w=0.6),
                {"open": self.r.choice([0.0, 0.15, 0.3, 0.45, 0.6, 0.8]), "kong_p": 0.07})


# ----------------------------------------------------------------- shape -> neutral hand
def finalize(g, shape, policy):
    """Claim some sets, pick the winning tile and the win situation: a neutral hand or None.

    shape: {"sets", "pair"} | {"special": 14 tiles} | {"knit": 9 tiles, "sets": [one set], "pair"}.
    policy: open (probability a set is claimed), all_open, concealed, kong_p, kong_kinds,
    win_from (kinds of group the winning tile comes from), win_tile_pred, win, last, fourth,
    self_p, kong_win_p, rob_p, last_p, fourth_p, seat, round, flowers."""
    r = g.r
    melds, groups = [], []           # groups: the concealed (kind, tiles)
    if "special" in shape:
        groups.append(("special", list(shape["special"])))
    else:
        if "knit" in shape:
            groups.append(("knit", list(shape["knit"])))
        max_open = 1 if "knit" in shape else 4    # a knitted straight hand claims at most one set
        n_open = 0
        for s in shape["sets"]:
            if s["kind"] == "pung" and r.random() < policy.get("kong_p", 0.08):
                s = {"kind": "kong", "tiles": s["tiles"][:1] * 4}
            if s["kind"] == "kong":
                kinds = policy.get("kong_kinds", ["kong", "added", "akong"])
                kind = "akong" if policy.get("concealed") or n_open >= max_open else r.choice(kinds)
                n_open += kind != "akong"
                melds.append(f"{kind} {tenhou(s['tiles'])}")
                continue
            claim = policy.get("all_open") or (not policy.get("concealed") and r.random() < policy.get("open", 0.3))
            if claim and n_open < max_open:
                n_open += 1
                melds.append(f"{'chi' if s['kind'] == 'chow' else 'pon'} {tenhou(s['tiles'])}")
            else:
                groups.append((s["kind"], list(s["tiles"])))
        groups.append(("pair", [shape["pair"]] * 2))
    meld_tiles = Counter(t for m in melds for t in parse_tiles(m.split()[1]))
    total = meld_tiles + Counter(t for _, ts in groups for t in ts)
    if any(v > 4 for v in total.values()):
        return None

    # the winning tile: from the wanted kind of group, passing win_tile_pred when possible
    allowed = policy.get("win_from")
    cand = [t for kind, ts in groups for t in ts if not allowed or kind in allowed]
    cand = cand or [t for _, ts in groups for t in ts]
    if policy.get("win_tile_pred"):
        cand = [t for t in cand if policy["win_tile_pred"](t)] or cand
    tile = r.choice(cand)
    standing = [t for _, ts in groups for t in ts]
    standing.remove(tile)

    has_kong = any(m.split()[0] != "chi" and m.split()[0] != "pon" for m in melds)
    can_rob = total[tile] == 1
    win = policy.get("win")
    if win is None:
        x = r.random()
        if has_kong and x < policy.get("kong_win_p", 0.18):
            win = "kong"
        elif can_rob and x > 1 - policy.get("rob_p", 0.025):
            win = "robbed"
        else:
            win = "self" if r.random() < policy.get("self_p", 0.42) else "discard"
    if (win == "kong" and not has_kong) or (win == "robbed" and not can_rob):
        return None
    last = policy.get("last")
    last = (r.random() < policy.get("last_p", 0.035)) if last is None else last
    if win == "robbed":
        last, fourth = False, True
    elif tile in standing:
        fourth = False
    elif meld_tiles[tile] == 3:
        fourth = True
    else:
        fourth = policy.get("fourth")
        fourth = (r.random() < policy.get("fourth_p", 0.1)) if fourth is None else fourth
    if policy.get("fourth") is True and not fourth:
        return None
    flowers = policy.get("flowers")
    if flowers is None:
        flowers = r.choices(range(9), [45, 18, 13, 9, 6, 4, 2.5, 1.5, 1])[0]
    return {"hand": tenhou(standing), "tile": tile, "melds": melds, "win": win, "last": bool(last),
            "fourth": bool(fourth), "seat": policy.get("seat", r.randrange(4)),
            "round": policy.get("round", r.randrange(4)), "flowers": flowers}


# ----------------------------------------------------------------- one template per fan
def around(core, pred=lambda t: True, pair_pred=None, chow_p=0.6, **policy):
    """A target: a regular hand around the ``core(g)`` sets."""
    return lambda g: (g.regular(core(g) if core else (), pred, pair_pred, chow_p), policy)


def made(shape, **policy):
    """A target: any ``shape(g)``."""
    return lambda g: (shape(g), policy)


def only(pred, chow_p=0.6, pair_pred=None):
    return lambda g: g.regular((), pred, pair_pred, chow_p)


def suited(ranks):
    return lambda t: t[1] != "z" and rank(t) in ranks


def seven_pairs_or_pungs(pred):
    """Tiles all passing ``pred``: seven pairs a quarter of the time, else pungs."""
    return lambda g: g.seven_pairs(pred) if g.r.random() < 0.25 else g.regular((), pred, chow_p=0.0)


def flush(half):
    def shape(g):
        s = g.suit()
        if not half:
            return g.regular((), lambda t: t[1] == s, chow_p=0.7) if g.r.random() < 0.85 \
                else g.seven_pairs(lambda t: t[1] == s)
        pred = lambda t: t[1] in (s, "z")
        if g.r.random() >= 0.85:
            return g.seven_pairs(pred)
        for _ in range(20):
            sh = g.regular((), pred)
            if sh and (is_honor(sh["pair"]) or any(is_honor(s["tiles"][0]) for s in sh["sets"])):
                return sh
        return None
    return shape


def terminal_chows(pure):
    def shape(g):
        if pure:
            s = g.suit()
            return {"sets": [chow(s, 1), chow(s, 1), chow(s, 7), chow(s, 7)], "pair": T(5, s)}
        a, b, c = g.three_suits()
        return {"sets": [chow(a, 1), chow(a, 7), chow(b, 1), chow(b, 7)], "pair": T(5, c)}
    return shape


def little(big, n_big):
    """Little four winds / three dragons: the pungs of all but one, the pair of that one."""
    def shape(g):
        ks = g.r.sample(big, n_big)
        sets = g.fill([pung(k) for k in ks[:-1]], chow_p=0.55)
        return {"sets": sets, "pair": ks[-1]} if sets and fits(sets, ks[-1]) else None
    return shape


def outside(g):
    sets = [chow(g.suit(), g.r.choice([1, 7])) if g.r.random() < 0.5
            else pung(g.r.choice([t for t in ALL_TILES if term_or_honor(t)])) for _ in range(4)]
    pair = g.r.choice([t for t in ALL_TILES if term_or_honor(t)])
    return {"sets": sets, "pair": pair} if fits(sets, pair) else None


def all_fives(g):
    sets = [chow(g.suit(), g.r.choice([3, 4, 5])) if g.r.random() < 0.7 else pung(T(5, g.suit()))
            for _ in range(4)]
    pair = T(5, g.suit())
    return {"sets": sets, "pair": pair} if fits(sets, pair) else None


def all_types(g):
    core = [g.chow(suits=s) if g.r.random() < 0.7 else g.pung(lambda t, s=s: t[1] == s) for s in g.three_suits()]
    if g.r.random() < 0.5:
        core, pair = core + [pung(g.r.choice(WINDS))], g.r.choice(DRAGONS)
    else:
        core, pair = core + [pung(g.r.choice(DRAGONS))], g.r.choice(WINDS)
    return {"sets": core, "pair": pair} if fits(core, pair) else None


def chicken(g):
    """Mostly chows in three suits with an honor pair, mostly claimed: a candidate chicken hand."""
    sets = [chow(s, g.r.randint(1, 7)) if g.r.random() < 0.8 else pung(T(g.r.randint(2, 8), s))
            for s in g.three_suits() + [g.suit()]]
    pair = g.r.choice(HONORS)
    return {"sets": sets, "pair": pair} if fits(sets, pair) else None


def tile_hog(g):
    s, a = g.suit(), g.r.randint(1, 7)
    t = T(a + g.r.randint(0, 2), s)
    if g.r.random() < 0.5:
        return g.regular([chow(s, a), pung(t)])
    sets = g.fill([chow(s, a), chow(s, a)])
    return {"sets": sets, "pair": t} if sets and fits(sets, t) else None


def voided(g):
    """A regular shape without one suit."""
    s = g.suit()
    return g.regular((), lambda t: t[1] != s)


def with_pungs(n):
    """A regular shape with at least ``n`` pungs (kept concealed by the policy)."""
    def shape(g):
        sh = g.regular((), chow_p=0.0 if n == 4 else 0.5)
        return sh if sh and sum(s["kind"] == "pung" for s in sh["sets"]) >= n else None
    return shape


# core sets of the relation fans
def same_chows(n):
    return lambda g: [chow(g.suit(), g.r.randint(1, 7))] * n


def mixed_double(g):
    s1, s2, _ = g.three_suits()
    a = g.r.randint(1, 7)
    return [chow(s1, a), chow(s2, a)]


def shifted_chows(n):
    def core(g):
        s, d = g.suit(), g.r.choice([1, 1, 2] if n == 4 else [1, 2])
        a = g.r.randint(1, 7 - (n - 1) * d)
        return [chow(s, a + i * d) for i in range(n)]
    return core


def shifted_pungs(n):
    def core(g):
        s, a = g.suit(), g.r.randint(1, 10 - n)
        return [pung(T(a + i, s)) for i in range(n)]
    return core


def honor_pungs(kinds, n):
    return lambda g: [pung(k) for k in g.r.sample(kinds, n)]


TARGETS = {
    # 88
    "big_four_winds": around(honor_pungs(WINDS, 4), chow_p=0.5),
    "big_three_dragons": around(honor_pungs(DRAGONS, 3)),
    "all_green": made(only(lambda t: t in GREEN, chow_p=0.4), open=0.3),
    "nine_gates": made(Gen.nine_gates, concealed=True),
    "four_kongs": made(lambda g: g.kongs(4)),
    "seven_shifted_pairs": made(Gen.shifted_pairs),
    "thirteen_orphans": made(Gen.orphans),
    # 64
    "all_terminals": made(seven_pairs_or_pungs(is_term), open=0.3),
    "little_four_winds": made(little(WINDS, 4)),
    "little_three_dragons": made(little(DRAGONS, 3)),
    "all_honors": made(seven_pairs_or_pungs(is_honor), open=0.3),
    "four_concealed_pungs": made(with_pungs(4), concealed=True, win_from=["pair", "pung"], self_p=0.6, kong_p=0.1),
    "pure_terminal_chows": made(terminal_chows(True), open=0.2),
    # 48
    "quadruple_chow": around(same_chows(4)),
    "four_pure_shifted_pungs": around(shifted_pungs(4)),
    # 32
    "four_pure_shifted_chows": around(shifted_chows(4)),
    "three_kongs": made(lambda g: g.kongs(3)),
    "all_terminals_and_honors": made(seven_pairs_or_pungs(term_or_honor), open=0.3),
    # 24
    "seven_pairs": made(lambda g: g.seven_pairs(hog_p=0.25)),
    "greater_honors_and_knitted_tiles": made(lambda g: g.honors_and_knitted(True)),
    "all_even_pungs": made(only(lambda t: t[1] != "z" and rank(t) % 2 == 0, chow_p=0.0), open=0.4),
    "full_flush": made(flush(half=False)),
    "pure_triple_chow": around(same_chows(3)),
    "pure_shifted_pungs": around(shifted_pungs(3)),
    "upper_tiles": made(only(suited({7, 8, 9}), 0.5)),
    "middle_tiles": made(only(suited({4, 5, 6}), 0.5)),
    "lower_tiles": made(only(suited({1, 2, 3}), 0.5)),
    # 16
    "pure_straight": around(lambda g: [chow(s, a) for s in [g.suit()] for a in (1, 4, 7)]),
    "three_suited_terminal_chows": made(terminal_chows(False), open=0.3),
    "pure_shifted_chows": around(shifted_chows(3)),
    "all_fives": made(all_fives),
    "triple_pung": around(lambda g: [pung(T(r, s)) for r in [g.r.randint(1, 9)] for s in SUITS]),
    "three_concealed_pungs": made(with_pungs(3), open=0.15, win_from=["chow", "pair"], kong_p=0.1),
    # 12
    "lesser_honors_and_knitted_tiles": made(lambda g: g.honors_and_knitted(False)),
    "knitted_straight": made(lambda g: g.knitted_regular() if g.r.random() < 0.8
                             else {"special": g.knitted_tiles() + g.r.sample(HONORS, 5)}, open=0.3),
    "upper_four": made(only(suited({6, 7, 8, 9}), 0.5)),
    "lower_four": made(only(suited({1, 2, 3, 4}), 0.5)),
    "big_three_winds": around(honor_pungs(WINDS, 3), pair_pred=lambda t: t not in WINDS),
    # 8
    "mixed_straight": around(lambda g: [chow(s, a) for a, s in zip((1, 4, 7), g.three_suits())]),
    "reversible_tiles": made(lambda g: g.seven_pairs(lambda t: t in REVERSIBLE) if g.r.random() < 0.2
                             else g.regular((), lambda t: t in REVERSIBLE, chow_p=0.5)),
    "mixed_triple_chow": around(lambda g: [chow(s, a) for a in [g.r.randint(1, 7)] for s in SUITS]),
    "mixed_shifted_pungs": around(lambda g: [pung(T(a + i, s)) for a in [g.r.randint(1, 7)]
                                             for i, s in enumerate(g.three_suits())]),
    "chicken_hand": made(chicken, open=0.75, self_p=0.0, rob_p=0.0, last_p=0.0, fourth_p=0.0),
    "last_tile_draw": made(lambda g: g.natural()[0], win="self", last=True),
    "last_tile_claim": made(lambda g: g.natural()[0], win="discard", last=True),
    "out_with_replacement_tile": made(lambda g: g.kongs(g.r.choice([1, 1, 1, 2])), win="kong"),
    "robbing_the_kong": made(lambda g: g.natural()[0], win="robbed", win_from=["chow", "special", "knit"]),
    # 6
    "all_pungs": made(only(lambda t: True, chow_p=0.0), open=0.6),
    "half_flush": made(flush(half=True)),
    "mixed_shifted_chows": around(lambda g: [chow(s, a + i) for a in [g.r.randint(1, 5)]
                                             for i, s in enumerate(g.three_suits())]),
    "all_types": made(all_types),
    "melded_hand": made(only(lambda t: True), all_open=True, win="discard", kong_p=0.1,
                        kong_kinds=["kong", "added"]),
    "two_concealed_kongs": made(lambda g: g.kongs(2), kong_kinds=["akong"]),
    "two_dragon_pungs": around(honor_pungs(DRAGONS, 2), pair_pred=lambda t: t not in DRAGONS),
    # 4
    "outside_hand": made(outside),
    "fully_concealed_hand": made(only(lambda t: True), concealed=True, win="self"),
    "two_melded_kongs": made(lambda g: g.kongs(2), kong_kinds=["kong", "added"]),
    "last_tile": made(lambda g: g.natural()[0], fourth=True, win_from=["chow", "pung", "knit", "special"]),
    # 2
    "dragon_pung": around(honor_pungs(DRAGONS, 1)),
    "prevalent_wind": around(honor_pungs(WINDS, 1)),
    "seat_wind": around(honor_pungs(WINDS, 1)),
    "concealed_hand": made(only(lambda t: True), concealed=True, win="discard"),
    "all_chows": made(only(lambda t: True, chow_p=1.0, pair_pred=lambda t: not is_honor(t))),
    "tile_hog": made(tile_hog),
    "double_pung": around(lambda g: [pung(T(r, s)) for r in [g.r.randint(1, 9)] for s in g.three_suits()[:2]]),
    "two_concealed_pungs": made(with_pungs(2), open=0.2, win_from=["chow", "pair"]),
    "concealed_kong": made(lambda g: g.kongs(1), kong_kinds=["akong"]),
    "all_simples": made(only(suited(set(range(2, 9))), 0.65)),
    # 1
    "pure_double_chow": around(same_chows(2)),
    "mixed_double_chow": around(mixed_double),
    "short_straight": around(lambda g: [chow(s, a + d) for s in [g.suit()] for a in [g.r.randint(1, 4)]
                                        for d in (0, 3)]),
    "two_terminal_chows": around(lambda g: [chow(s, a) for s in [g.suit()] for a in (1, 7)]),
    "pung_of_terminals_or_honors": around(lambda g: [pung(g.r.choice([t for t in ALL_TILES if is_term(t)]
                                                                    + WINDS))]),
    "melded_kong": made(lambda g: g.kongs(1), kong_kinds=["kong", "added"]),
    "one_voided_suit": made(lambda g: voided(g)),
    "no_honors": made(only(lambda t: t[1] != "z")),
    "edge_wait": made(lambda g: g.natural()[0], win_from=["chow"], win_tile_pred=lambda t: t[0] in "37"),
    "closed_wait": made(lambda g: g.natural()[0], win_from=["chow"]),
    "single_wait": made(lambda g: g.natural()[0], win_from=["pair"]),
    "self_drawn": made(lambda g: g.natural()[0], win="self"),
    "flower_tiles": made(lambda g: g.natural()[0]),
    # the reference's extra 明暗杠 (not one of the 81)
    "concealed_kong_and_melded_kong": made(lambda g: g.kongs(2)),
}
WIND_TARGETS = ("prevalent_wind", "seat_wind", "big_four_winds", "little_four_winds", "big_three_winds")


def build(g, target=None, tries=60):
    """A natural hand (target None) or one scoring ``target`` in a legal win, the best of
    ``tries`` attempts: (hand, oracle verdict) or (None, None)."""
    best = None
    for _ in range(tries):
        shape, policy = g.natural() if target is None else TARGETS[target](g)
        if shape is None:
            continue
        policy = dict(policy)
        if target in WIND_TARGETS:   # make one of the wind pungs the seat or prevalent wind
            winds = [s["tiles"][0] for s in shape["sets"] if s["tiles"][0] in WINDS]
            if winds:
                w = rank(g.r.choice(winds)) - 1
                if target in ("prevalent_wind", "seat_wind"):
                    policy["round" if target == "prevalent_wind" else "seat"] = w
                elif g.r.random() < 0.5:
                    policy["round" if g.r.random() < 0.5 else "seat"] = w
        if "win_tile" in shape:   # nine gates: won on the tile that makes the extra pair or pung
            policy["win_tile_pred"] = lambda t, e=shape["win_tile"]: t == e
        h = finalize(g, shape, policy)
        if h is None:
            continue
        if target == "flower_tiles" and h["flowers"] == 0:
            h["flowers"] = g.r.randint(1, 8)
        o = score(h)
        if o["error"]:
            continue
        hit = target is None or target == "flower_tiles" or target in o["fans"]
        grade = 2 * hit + o["win"]
        if best is None or grade > best[0]:
            best = grade, h, o
        if grade == 3:
            break
    return best[1:] if best else (None, None)


def build_low(g):
    """A complete hand worth fewer than 8 fan."""
    for _ in range(200):
        shape, policy = g.natural()
        if shape is None or "special" in shape:
            continue
        h = finalize(g, shape, dict(policy, open=g.r.choice([0.5, 0.7, 0.9])))
        if h is None:
            continue
        o = score(h)
        if not o["error"] and 0 < o["fan_total"] < 8:
            return h, o
    return None, None


def build_incomplete(g):
    """A hand one tile away from complete: one concealed tile of a complete hand swapped."""
    for _ in range(200):
        x = g.r.random()
        shape, policy = (g.natural() if x < 0.75 else (g.seven_pairs(), {}) if x < 0.85
                         else (g.orphans(), {}) if x < 0.92 else (g.honors_and_knitted(g.r.random() < 0.3), {}))
        h = shape and finalize(g, shape, dict(policy))
        if not h:
            continue
        tiles = parse_tiles(h["hand"])
        i = g.r.randrange(len(tiles))
        old = tiles[i]
        if old[1] != "z" and g.r.random() < 0.7:   # mostly a neighbouring tile: a near miss
            nr = rank(old) + g.r.choice([-2, -1, 1, 2])
            if not 1 <= nr <= 9:
                continue
            new = T(nr, old[1])
        else:
            new = g.r.choice(ALL_TILES)
        if new == old:
            continue
        tiles[i] = new
        h["hand"] = tenhou(tiles)
        if h["win"] == "robbed":   # keep the flags physically possible
            h["win"], h["fourth"] = "discard", False
        if h["tile"] in tiles:
            h["fourth"] = False
        o = score(h)
        if not o["error"] and not o["complete"]:
            return h, o
    return None, None


def generate_scored(n, seed):
    """[(hand, PyMahjongGB's verdict)] of n hands; the same n and seed give the same hands."""
    rng = random.Random(seed)
    g = Gen(rng)
    out, queue = [], []
    while len(out) < n:
        x = rng.random()
        if x < 0.075:
            template, (h, o) = "low", build_low(g)
        elif x < 0.15:
            template, (h, o) = "incomplete", build_incomplete(g)
        elif x < 0.48:
            template, (h, o) = "natural", build(g)
        else:
            if not queue:   # a freshly shuffled round of all targets: every fan gets its share
                queue = sorted(TARGETS)
                rng.shuffle(queue)
            target = queue.pop()
            template, (h, o) = f"target:{target}", build(g, target)
        if h is not None:
            h["template"] = template
            out.append((h, o))
    return out


def generate(n, seed):
    """n random hands (neutral descriptions with their "template"), seeded."""
    return [h for h, _ in generate_scored(n, seed)]


def coverage(verdicts):
    """{fan: hands in which PyMahjongGB scores it} (flower_tiles: complete hands with flowers)."""
    seen = Counter()
    for o in verdicts:
        seen.update(o["fans"].keys())
        if o["complete"] and o["flowers"]:
            seen["flower_tiles"] += 1
    return seen


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    n, seed = (args + [6000, 1][len(args):])[:2]
    scored = generate_scored(n, seed)
    verdicts = [o for _, o in scored]
    print(f"{n} hands, seed {seed}: {sum(o['win'] for o in verdicts)} wins, "
          f"{sum(o['complete'] and not o['win'] for o in verdicts)} complete below 8 fan, "
          f"{sum(not o['complete'] for o in verdicts)} incomplete")
    seen = coverage(verdicts)
    for name, _, fan in FAN_TABLE:
        print(f"{seen[name]:6} {fan:3}  {name}")
    print("fewest:", min((seen[name], name) for name, _, _ in FAN_TABLE[:81]))
