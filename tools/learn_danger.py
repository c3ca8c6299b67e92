"""Learn the smart bot's danger tables for the built-in rule sets and ship them.

The engine knows the truth, so smart self-play is counted inside the kernel
(bots/smart/danger_log.py): at every discard, each opponent's bucket (its melds
shown, its discards made) and whether it was ready, and for a ready one
whether the tile completed its hand (by the tile's class and the copies the
discarder could not see).  bots/smart/danger.py smooths the rates and this script
writes them to ruian_sim/bots/smart/danger.json, keyed by each rule set's hash.
They are learned exactly as a user's file is at its first use (the same
matches, seeds and frozen prior, danger.json's ``default``), so a built-in
game and a file that plays like it get the same tables.  Regenerate on
purpose, like the golden numbers, after any change to the bots or the play
(tests/bots/test_danger_tables.py says when):

    python tools/learn_danger.py [--rules ruian taiwanese ...]
"""

from __future__ import annotations

import argparse
import json
import time

from ruian_sim.bots.smart import danger
from ruian_sim.engine.compile import learn_danger
from ruian_sim.ruleset import builtin_specs, load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", nargs="+", default=None,
                    help="rule specs (default: every built-in game and variant)")
    args = ap.parse_args()
    specs = args.rules or list(builtin_specs().values())
    data = json.loads(danger.SHIPPED.read_text(encoding="utf-8"))
    games = {}
    for spec in specs:
        rules = load(spec)
        t0 = time.perf_counter()
        got = learn_danger(rules, quiet=True)
        got["name"] = spec
        games[rules.hash] = got
        print(f"{spec}: {got['samples']:,} opponent views in {time.perf_counter() - t0:.0f} s; "
              f"ready at 8 discards, no melds {got['ready'][0][8]:.3f}; a simple tile with 3 unseen wins "
              f"{got['hit'][0][3]:.3f}")
    if args.rules:   # only these relearned: the others kept, but not their own tables of before
        names = {g["name"] for g in games.values()}
        data["games"] = {h: g for h, g in data["games"].items() if g.get("name") not in names}
        data["games"].update(games)
    else:
        data["games"] = games
    danger.SHIPPED.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {danger.SHIPPED}")


if __name__ == "__main__":
    main()
