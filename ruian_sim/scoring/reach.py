"""Items and gates no hand can reach, found before play (a table that can never pay
runs silently to nothing, which is worse than an error).

The facts a table reads are not free: a win is self-drawn or on a discard,
never both; 清一色 / 混一色 / 字一色 exclude each other; a hand holds no more
wilds than the rules put in play, no more flowers than the wall has, no more
melds than its size allows; 海底 needs a 海底 round, a robbed kong a rule
that lets one be robbed.  ``MODEL`` writes these down once, from the merged
rule file, and a small search looks for one assignment of the facts an item
(or the gate) reads that satisfies them all.  The gate's points, 台 and times
range over the items' bounds, as before.  The search is exact for what the
model knows and says "reachable" whenever it is unsure (too many facts to try:
no false refusals).
"""

from __future__ import annotations

import numpy as np

from . import layout as S
from .compile import draw_settled
from .facts import FACTS


def domains(d: dict) -> dict[str, tuple[int, int]]:
    """Each fact's range under the rules of the merged rule file ``d``."""
    melds = int(d["deal"]["hand_size"]) // 3
    w = d["wild"]
    copies = int(d["tiles"]["copies"])
    live = 0 if w["source"] == "none" else copies - (1 if w["source"] == "turned" and w.get(
        "turned_out_of_play", True) and not w.get("rob", False) else 0)
    flowers = int(d["tiles"].get("flowers", 0))
    aside = copies * (len(d["tiles"].get("aside", [])) + (1 if d["tiles"].get("aside_if_wild") else 0))
    sh = d["shapes"]
    shapes = {n: bool(sh.get(n, {}).get("enabled", False)) for n in ("standard", "eight_pairs", "all_pungs",
                                                                    "three_wilds")}
    cap = int(d["dealer"].get("streak_cap", 0))
    cl = d["claims"]
    kongs = any(bool(v) for v in cl.get("kong", {}).values())
    out = {n: (0, f.bound) for n, f in FACTS.items()}
    out.update(
        wilds=(0, live), pair_wilds=(0, min(2, live)), flowers=(0, flowers), own_flowers=(0, min(2, flowers)),
        seasons=(0, min(4, flowers)), plants=(0, max(0, min(4, flowers - 4))), aside=(0, aside),
        seat_wind=(0, int(d["table"]["seats"]) - 1), round_wind=(0, 3), streak=(1, cap if cap > 0 else
                                                                               FACTS["streak"].bound),
        kongs=(0, melds if kongs else 0), pungs=(0, melds), chis=(0, melds),
        shapes=(0, sum(shapes.values())), quads_in_pairs=(0, (int(d["deal"]["hand_size"]) + 1) // 4),
        fours=(0, (int(d["deal"]["hand_size"]) + 1 + (melds if kongs else 0)) // 4),
        chain=(0, 8), kong_chain=(0, melds if kongs else 0), wild_chain=(0, live if w.get("discard") else 0),
        whites_total=(0, live))
    for n, on in shapes.items():
        if not on:
            out[n] = (0, 0)
            if f"hard_{n}" in out:
                out[f"hard_{n}"] = (0, 0)
    if not (cl.get("win_on_discard", True) or cl.get("rob_kong", "never") != "never"):
        out["discard_win"] = (0, 0)
    if cl.get("rob_kong", "never") == "never":
        out["robbed_kong"] = (0, 0)
    if not kongs:
        out["kong_draw"] = (0, 0)
        out["kong_discard"] = (0, 0)
    if not draw_settled(d.get("scoring", {})):
        out["ready_at_draw"] = (0, 0)   # the seats left at a draw are read only where scoring.draw settles them
    if not w.get("rob", False):
        out["robbed_gold"] = (0, 0)
    if int(d["wall"].get("haidi_tiles", 0)) == 0:
        out["haidi"] = (0, 0)
    return out


def _implies(a, b):
    return not a or b


# Constraints between facts, each over the names it reads (all must be known to apply).
MODEL = [
    # a seat valued as won either won (self-drawn or on a discard) or was ready at an exhaustive draw (查叫)
    (("self_drawn", "discard_win", "ready_at_draw", "won"),
     lambda f: f["self_drawn"] + f["discard_win"] + f["ready_at_draw"] == (1 if f["won"] else 0)),
    (("kong_discard", "discard_win"), lambda f: _implies(f["kong_discard"], f["discard_win"])),
    (("robbed_gold", "self_drawn"), lambda f: _implies(f["robbed_gold"], f["self_drawn"])),
    (("robbed_gold", "dealer"), lambda f: _implies(f["robbed_gold"], not f["dealer"])),
    (("robbed_gold", "concealed_hand"), lambda f: _implies(f["robbed_gold"], f["concealed_hand"])),
    (("kong_discard", "robbed_kong"), lambda f: not (f["kong_discard"] and f["robbed_kong"])),
    (("kong_draw", "self_drawn"), lambda f: _implies(f["kong_draw"], f["self_drawn"])),
    (("haidi", "self_drawn"), lambda f: _implies(f["haidi"], f["self_drawn"])),
    (("last_tile", "self_drawn"), lambda f: _implies(f["last_tile"], f["self_drawn"])),
    (("robbed_kong", "discard_win"), lambda f: _implies(f["robbed_kong"], f["discard_win"])),
    (("last_discard", "discard_win"), lambda f: _implies(f["last_discard"], f["discard_win"])),
    (("last_discard", "robbed_kong"), lambda f: not (f["last_discard"] and f["robbed_kong"])),
    (("heavenly", "self_drawn", "dealer"), lambda f: _implies(f["heavenly"], f["self_drawn"] and f["dealer"])),
    (("earthly", "dealer"), lambda f: _implies(f["earthly"], not f["dealer"])),
    (("heavenly", "earthly"), lambda f: not (f["heavenly"] and f["earthly"])),
    (("heavenly", "concealed_hand"), lambda f: _implies(f["heavenly"], f["concealed_hand"])),
    (("one_suit", "half_suit", "all_honors"), lambda f: f["one_suit"] + f["half_suit"] + f["all_honors"] <= 1),
    (("all_honors", "chis"), lambda f: _implies(f["all_honors"], f["chis"] == 0)),
    (("all_melded", "discard_win"), lambda f: _implies(f["all_melded"], f["discard_win"])),
    (("all_melded", "concealed_hand"), lambda f: not (f["all_melded"] and f["concealed_hand"])),
    (("all_melded", "all_set_aside"), lambda f: _implies(f["all_melded"], f["all_set_aside"])),
    (("single_wait", "waits_any", "won"), lambda f: _implies(f["single_wait"] or f["waits_any"], f["won"])),
    (("dealer", "winner_dealer"), lambda f: f["dealer"] == f["winner_dealer"]),
    (("dealer", "seat_wind"), lambda f: f["dealer"] == (f["seat_wind"] == 0)),
    (("own_flowers", "flowers"), lambda f: f["own_flowers"] <= f["flowers"]),
    (("seasons", "plants", "flowers"), lambda f: f["seasons"] + f["plants"] <= f["flowers"]),
    (("pungs", "chis"), lambda f: f["pungs"] + f["chis"] <= f["_melds"]),
    (("kongs", "pungs"), lambda f: f["kongs"] <= f["pungs"]),
    (("pair_wilds", "wilds"), lambda f: f["pair_wilds"] <= f["wilds"]),
    (("kong_chain", "wild_chain", "chain"), lambda f: f["kong_chain"] + f["wild_chain"] == f["chain"]),
    (("kong_chain", "kongs"), lambda f: f["kong_chain"] <= f["kongs"]),
    (("kong_chain", "kong_draw", "chain"), lambda f: _implies(f["kong_draw"], f["chain"] >= 1)),
    (("all_pungs", "chis"), lambda f: _implies(f["all_pungs"], f["chis"] == 0)),
    (("eight_pairs", "standard", "concealed_hand", "_eight_concealed"),
     lambda f: _implies(f["eight_pairs"] and not f["standard"] and f["_eight_concealed"], f["concealed_hand"])),
    (("hard_standard", "standard"), lambda f: _implies(f["hard_standard"], f["standard"])),
    (("hard_eight_pairs", "eight_pairs"), lambda f: _implies(f["hard_eight_pairs"], f["eight_pairs"])),
    (("hard_all_pungs", "all_pungs"), lambda f: _implies(f["hard_all_pungs"], f["all_pungs"])),
    (("hard_standard", "hard_eight_pairs", "hard_all_pungs", "hard"),
     lambda f: _implies(f["hard_standard"] or f["hard_eight_pairs"] or f["hard_all_pungs"], f["hard"])),
    (("standard", "eight_pairs", "all_pungs", "three_wilds", "won"),
     lambda f: _implies(f["won"], f["standard"] or f["eight_pairs"] or f["all_pungs"] or f["three_wilds"])),
    (("standard", "eight_pairs", "all_pungs", "three_wilds", "shapes"),
     lambda f: f["standard"] + f["eight_pairs"] + f["all_pungs"] + f["three_wilds"] == f["shapes"]),
    (("three_wilds", "wilds", "_three_n"), lambda f: _implies(f["three_wilds"], f["wilds"] >= f["_three_n"])),
    (("won", "self_drawn", "discard_win", "haidi", "robbed_kong", "kong_draw", "heavenly", "earthly",
      "all_melded", "last_tile", "last_discard", "kong_discard", "ready_at_draw", "all_set_aside", "robbed_gold"),
     lambda f: f["won"] or not any(f[n] for n in ("self_drawn", "discard_win", "haidi", "robbed_kong", "kong_draw",
                                                  "heavenly", "earthly", "all_melded", "last_tile",
                                                  "last_discard", "kong_discard", "ready_at_draw",
                                                  "all_set_aside", "robbed_gold"))),
]
# every name a constraint reads that is not itself a fact: fixed by the rules
_FIXED = ("_melds", "_eight_concealed", "_three_n")


def _closure(names: set[str]) -> set[str]:
    """The facts read, and those their constraints tie them to (one step at a time, to a fixpoint)."""
    out = set(names)
    while True:
        more = set()
        for vars_, _ in MODEL:
            if out & set(vars_):
                more |= {v for v in vars_ if v not in _FIXED}
        if more <= out:
            return out
        out |= more


def _values(rng: tuple[int, int], points: set[int]) -> list[int]:
    lo, hi = rng
    vals = {lo, hi} | {p for p in points if lo <= p <= hi} | {min(hi, lo + 1)}
    return sorted(vals)


MAX_NODES = 200_000


def search(grids: dict[str, list[int]], fixed: dict, first: list[str], accept=None) -> bool | None:
    """Depth-first search for one assignment of the names in ``grids`` (each
    over its listed values) that meets every MODEL constraint over them and
    ``accept(f)`` at the end.  A constraint is checked as soon as its last name
    is assigned, so contradictions prune early.  ``first``: names to assign
    first.  None when the search gives up (too many nodes)."""
    names = [n for n in first if n in grids]
    rest = sorted(n for n in grids if n not in names)
    while rest:
        # next, the name that closes the most constraints over those chosen (contradictions show soonest)
        chosen = set(names) | set(_FIXED)

        def score(n):
            return sum(1 for vars_, _ in MODEL if n in vars_ and all(v in chosen or v == n for v in vars_))

        best = max(rest, key=lambda n: (score(n), -rest.index(n)))
        names.append(best)
        rest.remove(best)
    pos = {n: i for i, n in enumerate(names)}
    at_depth: list[list] = [[] for _ in names]
    for vars_, fn in MODEL:
        if all(v in pos or v in _FIXED for v in vars_):
            last = max(pos[v] for v in vars_ if v in pos) if any(v in pos for v in vars_) else 0
            at_depth[last].append(fn)
    f = dict(fixed)
    if not names:
        return accept is None or bool(accept(f))
    nodes = 0
    choice = [-1] * len(names)
    depth = 0
    while depth >= 0:
        nodes += 1
        if nodes > MAX_NODES:
            return None
        choice[depth] += 1
        vals = grids[names[depth]]
        if choice[depth] >= len(vals):
            choice[depth] = -1
            depth -= 1
            continue
        f[names[depth]] = vals[choice[depth]]
        if not all(fn(f) for fn in at_depth[depth]):
            continue
        if depth == len(names) - 1:
            if accept is None or accept(f):
                return True
            continue
        depth += 1
    return False


def satisfiable(wants: dict[str, tuple[int, int]], dom: dict[str, tuple[int, int]], fixed: dict) -> bool:
    """Whether some assignment of the facts within ``dom`` meets ``wants``
    (fact -> (lo, hi)) and the model.  True when unsure."""
    names = _closure(set(wants))
    grids = {}
    for n in names:
        lo, hi = dom[n]
        if n in wants:
            lo, hi = max(lo, wants[n][0]), min(hi, wants[n][1])
        if lo > hi:
            return False
        grids[n] = _values((lo, hi), set())
    return search(grids, fixed, sorted(wants)) is not False


def _fixed(d: dict) -> dict:
    sh = d["shapes"]
    return {"_melds": int(d["deal"]["hand_size"]) // 3,
            "_eight_concealed": bool(sh.get("eight_pairs", {}).get("concealed_only", True)),
            "_three_n": int(sh.get("three_wilds", {}).get("wilds", 3))}


def _item_wants(tab: np.ndarray, i: int, melds: int) -> tuple[dict, list[str]]:
    """(fact -> (lo, hi)) an item's conditions and `per` ask of the facts, and
    what else makes it impossible (meld filters asking for more melds than a hand has)."""
    by_key = {(f.op, f.slot, f.arg): n for n, f in FACTS.items()}
    row = int(tab[S.T_ITEMS]) + i * S.ITEM_W
    c = int(tab[S.T_CONDS]) + int(tab[row + S.IT_COND0]) * S.COND_W
    wants: dict[str, tuple[int, int]] = {}
    why = []
    rows = [tuple(int(tab[c + k * S.COND_W + j]) for j in range(S.COND_W)) for k in range(int(tab[row + S.IT_NCOND]))]
    per = (int(tab[row + S.IT_PER_OP]), int(tab[row + S.IT_PER_SLOT]), int(tab[row + S.IT_PER_ARG]), 1, S.BIG)
    for op, slot, arg, lo, hi in rows + ([per] if per[0] != S.OP_ONE else []):
        if op == S.OP_MELDS:
            if lo > melds:
                why.append(f"it asks for {lo} melds matching a filter; a hand of these rules has {melds}")
            continue
        name = by_key.get((op, slot, arg))
        if name is None:
            continue   # a wait or pair filter: reachable as far as this model knows
        a, b = wants.get(name, (0, S.BIG))
        wants[name] = (max(a, lo), min(b, hi))
    return wants, why


def _describe(wants: dict, dom: dict) -> str:
    parts = []
    for n, (lo, hi) in sorted(wants.items()):
        dlo, dhi = dom[n]
        if FACTS[n].kind == "bool":
            parts.append(f"{n}: {'true' if lo >= 1 else 'false'}")
        elif max(lo, dlo) > min(hi, dhi):
            parts.append(f"{n} {lo}..{hi if hi < S.BIG else 'any'} (these rules allow {dlo}..{dhi})")
        else:
            parts.append(f"{n} {lo}..{hi if hi < S.BIG else 'any'}")
    return ", ".join(parts)


def dead(d: dict, table) -> list[tuple[tuple, str, tuple[int, int] | None]]:
    """(key path, message, place in a formula) of each item and gate no hand can reach."""
    dom = domains(d)
    fixed = _fixed(d)
    melds = fixed["_melds"]
    out = []
    tab = table.tab
    for i, name in enumerate(table.item_names):
        wants, why = _item_wants(tab, i, melds)
        if why:
            out.append((("items", i), f"item {name!r} can never apply: {why[0]}", None))
        elif not satisfiable(wants, dom, fixed):
            out.append((("items", i), f"item {name!r} can never apply under these rules: no hand has "
                        f"{_describe(wants, dom)} together", None))
    if table.gate is not None:
        reason = gate_dead(table, d, dom, fixed)
        if reason:
            out.append((("gate",), reason, (1, 1)))
    return out


MAX_GATE_TRIES = 1 << 14


def gate_dead(table, d: dict, dom: dict, fixed: dict) -> str | None:
    """Why no hand passes the gate, or None.  Every combination of the names
    the gate reads (points, 台 and times at the corners of their bounds, each
    fact over its range) that the gate passes is checked against the model:
    one consistent hand is enough."""
    from itertools import product

    from .formula_eval import formula  # the kernel compiles only when a gate is checked

    base = d["scoring"].get("base", {})
    bases = [int(x) for x in base.get("dealer", [])] + [int(base.get("other", 1))]
    names = [*S.FIXED_VARS, *table.fvars]
    grid = {"points": table.bounds["points"], "tai": table.bounds["tai"], "fan": (0, 0),
            "times": table.bounds["times"], "base": (min(bases), max(bases)), "streak": dom["streak"],
            "dealer_wins": (0, 1), "dealer_pays": (0, 0), "self_drawn": (0, 1), "discarder_pays": (0, 0)}
    vals = [sorted(set(grid[n])) if n in grid else _values(dom.get(n, (0, S.N_MELDS)), set()) for n in names]
    tries = 1
    for v in vals:
        tries *= len(v)
    if tries > MAX_GATE_TRIES:
        return None   # too many to try: do not refuse what might be reachable
    stack = np.zeros(S.STACK_SIZE, np.int64)
    vars_ = np.zeros(S.N_FIXED_VARS + len(table.fvars) + 3, np.int64)
    fan = names.index("fan")
    for combo in product(*vals):
        f = dict(zip(names, combo))
        vars_[:len(names)] = combo
        vars_[fan] = f["tai"]
        stack[S.STACK_ERR] = 0
        if not formula(table.gate.code, table.gate.consts, vars_, stack) or stack[S.STACK_ERR]:
            continue
        wants = {n: (f[n], f[n]) for n in table.fvars if n in dom}   # named counts: not in the model
        wants["self_drawn"] = (f["self_drawn"],) * 2
        wants["dealer"] = (f["dealer_wins"],) * 2
        wants["won"] = (1, 1)
        if all(n not in wants or wants[n] == (f[n], f[n]) for n in ("self_drawn",)) and satisfiable(wants, dom,
                                                                                                 fixed):
            return None
    b = table.bounds
    return (f"no hand can pass this gate: the items give at most {b['points'][1]} points, {b['tai'][1]} tai and "
            f"times {b['times'][1]}" + (f", and under these rules the facts it reads ({', '.join(table.fvars)}) "
                                         f"cannot all be as it asks" if table.fvars else ""))
