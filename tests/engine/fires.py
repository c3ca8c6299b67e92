"""Each built-in rule set's own rule, seen firing: a figure that rule moves,
on seeds, bots and matches chosen so that it does, pinned in fires.json.

golden.py pins what a rule set plays (any change moves its numbers); this
pins that each rule does something.  A variant's figure is compared with the
game it extends on the same walls, and must differ; a game's own figure must
not be zero.  (Of 23 rule sets, 11 had golden numbers equal to plain
ruian's: four-kongs-draw, triple-win-draw and four-winds-draw among them, so
a variant whose rule stopped firing would not have been noticed.)
Regenerate on purpose with ``python tools/update_golden.py``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from ruian_sim.engine.compile import simulator
from ruian_sim.ruleset import builtin_specs, load
from ruian_sim.scoring import layout as S
from ruian_sim.settle import score
from ruian_sim.table import layout as L
from ruian_sim.table.records import per_seat

FILE = Path(__file__).with_name("fires.json")


def outcome(name):
    return lambda rules, rec, sc: int((rec["outcome"] == L.OUTCOME_NAMES.index(name)).sum())


def seat_sum(field):
    return lambda rules, rec, sc: int(per_seat(rec, field, rules.table.seats).sum())


def winner_field(field, test):
    """Won hands whose first winner's ``field`` passes ``test``."""
    def count(rules, rec, sc):
        n = rules.table.seats
        won = rec["winner"] >= 0
        col = per_seat(rec, field, n)[np.arange(len(rec)), np.clip(rec["winner"], 0, n - 1)]
        return int((won & test(col, rec)).sum())
    return count


def money(rules, rec, sc):
    """Points that changed hands."""
    return int(np.maximum(sc.seat_points, 0).sum())


def one_payer(rules, rec, sc):
    """Discard wins that one seat paid alone."""
    discard = rec["outcome"] == L.OUTCOME_NAMES.index("discard_win")
    return int((discard & ((sc.seat_points < 0).sum(axis=1) == 1)).sum())


def kept_on_draw(rules, rec, sc):
    """Exhaustive draws after which the same seat dealt again, in the same match."""
    drawn = rec["outcome"][:-1] == L.OUTCOME_NAMES.index("exhaustive_draw")
    same = (rec["match"][1:] == rec["match"][:-1]) & (rec["dealer"][1:] == rec["dealer"][:-1])
    return int((drawn & same).sum())


def several_winners(rules, rec, sc):
    w = rec["winners"].astype(np.int64)
    return int((sum((w >> s) & 1 for s in range(rules.table.seats)) >= 2).sum())


def wild_not_turned(rules, rec, sc):
    return int(((rec["wild"] >= 0) & (rec["wild"] != rec["indicator"])).sum())


def white_as_itself(rules, rec, sc):
    """Won hands whose pair or a meld is of 白板 (5z) itself, 白板 not the wild."""
    n = rules.table.seats
    rows, fw = np.arange(len(rec)), np.clip(rec["winner"], 0, n - 1)
    white = 31
    pair = per_seat(rec, "pair", n)[rows, fw]
    hit = (pair > 0) & ((pair - 1) % S.PAIR_WILDS == white)
    for m in range(5):
        code = per_seat(rec, f"meld{m}", n)[rows, fw]
        hit |= (code > 0) & ((code // S.MELD_FACE) % 64 == white)
    return int((hit & (rec["winner"] >= 0) & (rec["wild"] != white)).sum())


def soft_self_drawn(rules, rec, sc):
    """Self-drawn wins that are soft."""
    n = rules.table.seats
    rows, fw = np.arange(len(rec)), np.clip(rec["winner"], 0, n - 1)
    self_drawn = (per_seat(rec, "facts", n)[rows, fw] & S.FACT_SELF_DRAWN) != 0
    soft = per_seat(rec, "hard", n)[rows, fw] == 0
    return int(((rec["winner"] >= 0) & self_drawn & soft).sum())


def item(name):
    def count(rules, rec, sc):
        if name not in sc.item_names:
            return 0   # the base of a variant that adds the item
        i = sc.item_names.index(name)
        return int(sc.item(i).sum())
    return count


def later_wins(rules, rec, sc):
    """Wins made after the hand's first (play on after a win: 血战到底)."""
    return int((per_seat(rec, "win_order", rules.table.seats) >= 2).sum())


def exchanges(rules, seed, bots, first, matches):
    """Tiles passed after the deal (换三张), from the first hands' event logs."""
    from ruian_sim.table.layout import EV_EXCHANGE

    sim = simulator(rules, bots)
    got = 0
    for m in range(first, first + matches):
        played = sim.replay(seed, m, 0)
        if played is not None:
            got += int((played[1][:, 0] == EV_EXCHANGE).sum())
    return got


# name: (figure, bots, seed, first match, matches), the seed chosen where the rule fires (for the
# rare ones, the first seed from 1 that shows it); a variant is compared with its base
FIRES = {
    "ruian": (outcome("haidi_win"), "greedy", 2026, 0, 30),
    "taiwanese": (item("own_flower"), "greedy", 2026, 0, 30),
    "ruian-tai": (seat_sum("aside"), "greedy", 2026, 0, 30),
    "hangzhou": (item("burst_head"), "greedy", 2026, 0, 30),
    "sichuan": (later_wins, "greedy", 2026, 0, 30),
    "fuzhou": (seat_sum("flowers"), "greedy", 2026, 0, 30),
    "mcr": (item("mixed_shifted_chows"), "greedy", 2026, 0, 30),
    "wenzhou": (item("self_drawn_eight_pairs"), "greedy", 2026, 0, 30),
    "taiwanese-straights": (item("pure_straight"), "greedy", 2026, 0, 30),
    "bases-doubling": (money, "greedy", 2026, 0, 30),
    "caishen-money": (money, "greedy", 2026, 0, 30),
    "discarder-pays": (one_payer, "greedy", 2026, 0, 30),
    "draw-keeps-dealer": (kept_on_draw, "greedy", 2026, 0, 30),
    "five-players": (lambda r, rec, sc: int((rec["sitting_out"] >= 0).sum()), "greedy", 2026, 0, 30),
    "flowers": (seat_sum("flowers"), "greedy", 2026, 0, 30),
    "four-kongs-draw": (outcome("four_kongs_draw"), "random", 70, 0, 30),
    "four-winds-draw": (outcome("four_winds_draw"), "greedy:follow=1", 2, 0, 30),
    "four-winds-penalty": (seat_sum("penalty"), "greedy:follow=1", 2026, 0, 30),
    "kong-payments": (money, "greedy", 2026, 0, 30),
    "multiple-winners": (several_winners, "greedy", 3, 0, 30),
    "next-kind-wild": (wild_not_turned, "greedy", 2026, 0, 30),
    "no-white-stand-in": (white_as_itself, "greedy", 2026, 0, 30),
    "pass-win": (seat_sum("blocked"), "smart", 25, 0, 30),
    "self-drawn-hard": (soft_self_drawn, "greedy", 2026, 0, 30),
    "thirteen-tiles": (winner_field("meld4", lambda c, r: c != 0), "greedy", 2026, 0, 30),
    "triple-win-draw": (outcome("triple_win_draw"), "greedy", 121, 0, 30),
    "sichuan-no-exchange": (None, "greedy", 2026, 0, 4),   # exchanges(): the event log
}


def base_of(name: str) -> str | None:
    spec = builtin_specs()[name]
    return spec.split("+")[0] if "+" in spec else None


def figure(name: str, spec: str) -> int:
    fn, bots, seed, first, matches = FIRES[name]
    rules = load(spec)
    if fn is None:
        return exchanges(rules, seed, bots, first, matches)
    rec = simulator(rules, bots).play(seed, first, matches)
    return fn(rules, rec, score(rec, rules))


def numbers(name: str) -> dict:
    out = {"figure": figure(name, builtin_specs()[name])}
    base = base_of(name)
    if base is not None:
        out["base"] = figure(name, base)
    return out


def write() -> None:
    FILE.write_text(json.dumps({n: numbers(n) for n in builtin_specs()}, indent=1, sort_keys=True) + "\n")
