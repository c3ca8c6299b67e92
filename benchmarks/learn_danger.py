"""Learn the smart bot's danger tables from the simulator itself.

The engine knows the truth, so greedy self-play on the default rules is
replayed hand by hand and, at every discard, each opponent's hand is
evaluated: was it ready (by its own discards made and melds shown), and did
the discarded tile complete it (by the tile's class and how many of its
copies the discarder could not see; 0 for a tile the opponent had let pass
since its own last discard)?  The rates, smoothed toward their neighbours'
mean, go to ruian_sim/engine/danger.json, which the bot reads through
engine/values.py.  Regenerate on purpose, like the golden numbers:

    python benchmarks/learn_danger.py --matches 400
"""
import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from ruian_sim import tiles as T
from ruian_sim.engine import layout as L
from ruian_sim.engine.simulate import Simulator
from ruian_sim.hand import HandEvaluator, Meld
from ruian_sim.ruleset import load

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--matches", type=int, default=400)
ap.add_argument("--bots", default="greedy")
args = ap.parse_args()
rules = load("ruian"); sim = Simulator(rules, args.bots); ev = HandEvaluator(rules)
ready_n = defaultdict(lambda: [0, 0])   # (disc bucket, open) -> [ready, total]
hit = defaultdict(lambda: [0, 0])       # (class, unseen) -> [wins, total] for ready opponents
waits_count = []
hands_done = 0
for match in range(args.matches):
    for hand in range(40):
        got = sim.replay(5, match, hand)
        if got is None: break
        recs, events, st = got
        rec = recs[hand]; wk = int(rec["wild"]); wild = wk if wk >= 0 else None
        si = 31 if wild is not None and wk != 31 else None
        hands = [Counter() for _ in range(4)]; mlds = [[] for _ in range(4)]
        disc = [0]*4; opened = [0]*4; seen = Counter()
        ind = int(rec["indicator"]); seen[ind] += 1
        last_disc = [-1]*4; pond = []
        for code, s, t, a, b in events.tolist():
            if code in (L.EV_DEAL, L.EV_DRAW, L.EV_HAIDI): hands[s][t] += 1
            elif code == L.EV_DISCARD:
                hands[s][t] -= 1
                # evaluate each opponent o of the discarder s before the discard settles
                for o in range(4):
                    if o == s: continue
                    kinds = list(hands[o].elements())
                    try:
                        sh = ev.evaluate(kinds, wild, melds=mlds[o]).shanten
                    except Exception:
                        continue
                    key = (min(disc[o], 15), min(opened[o], 3))
                    ready_n[key][1] += 1
                    if sh == 0:
                        ready_n[key][0] += 1
                        win = ev.evaluate(kinds + [t], wild, melds=mlds[o]).win
                        passed = t in pond[last_disc[o] + 1:]
                        cls = "honor" if t >= 27 else ("term" if T.rank_of(t) in (1, 9) else "simple")
                        u = 4 - seen[t] - hands[s][t] - 1  # unseen from the discarder's view
                        hit[(cls, min(max(u, 0), 3), passed)][1] += 1
                        hit[(cls, min(max(u, 0), 3), passed)][0] += int(win)
                seen[t] += 1; disc[s] += 1; last_disc[s] = len(pond); pond.append(t)
            elif code in (L.EV_CHI, L.EV_PON, L.EV_KONG_EXP):
                opened[s] += 1
                if code == L.EV_CHI:
                    faces = [a, a+1, a+2]; f = t if not (si is not None and t == si) else wk
                    faces.remove(f)
                    for g in faces:
                        raw = si if (si is not None and g == wk) else g
                        hands[s][raw] -= 1; seen[raw] += 1
                    mlds[s].append(Meld("chi", a))
                else:
                    for _ in range(2 if code == L.EV_PON else 3): hands[s][t] -= 1
                    seen[t] += 3 if code == L.EV_PON else 4
                    mlds[s].append(Meld("pon" if code == L.EV_PON else "kong", t))
            elif code == L.EV_KONG_CON:
                for _ in range(4): hands[s][t] -= 1
                mlds[s].append(Meld("kong", t))
            elif code == L.EV_KONG_ADD:
                hands[s][t] -= 1; seen[t] += 1
                i = next(i for i, m in enumerate(mlds[s]) if m.kind == "pon" and m.tile == t); mlds[s][i] = Meld("kong", t)
        hands_done += 1
OPEN, DISC = 4, 16
CLASSES = ("simple", "term", "honor")


def rate(r, n, prior, weight=20):
    return (r + weight * prior) / (n + weight)


overall = sum(v[0] for v in ready_n.values()) / max(1, sum(v[1] for v in ready_n.values()))
ready = []
for o in range(OPEN):
    row = []
    for d in range(DISC):
        r, n = ready_n[(d, o)]
        # neighbours in the row give the prior where a cell has few samples
        near = [ready_n[(x, o)] for x in range(max(0, d - 2), min(DISC, d + 3))]
        nr, nn = sum(a for a, _ in near), sum(b for _, b in near)
        row.append(round(rate(r, n, rate(nr, nn, overall)), 4))
    ready.append(row)
hit_table = []
for cls in CLASSES:
    row = []
    for u in range(4):
        w, n = hit[(cls, u, False)]
        row.append(round(rate(w, n, 0.03), 4))
    hit_table.append(row)
out = {"source": f"benchmarks/learn_danger.py --matches {args.matches} --bots {args.bots}: {hands_done} hands",
       "ready": ready, "ready_rows": "open melds 0..3 (3 = 3 or more)", "ready_cols": "own discards 0..15",
       "hit": hit_table, "hit_rows": list(CLASSES), "hit_cols": "unseen copies 0..3 from the discarder's view"}
path = Path(__file__).resolve().parent.parent / "ruian_sim" / "engine" / "danger.json"
path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
print(f"{hands_done} hands; wrote {path}")
