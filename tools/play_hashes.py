"""Play hashes for a refactor: a hash of every record column and every payment, per
built-in game and bot, to compare the code before a change with the code after
(moves and splits must leave them identical):

    python tools/play_hashes.py > after.txt
    git worktree add /tmp/before COMMIT && (cd /tmp/before && python /path/to/tools/play_hashes.py) > before.txt
    diff before.txt after.txt

It reads only the public API (ruian_sim.records, score, load_rules), so it runs on
older checkouts too; record columns added since are left out (NEW_COLUMNS)."""

import argparse
import hashlib

import numpy as np

import ruian_sim as rs

DEFAULT = ["ruian:smart", "ruian:greedy", "ruian:random", "taiwanese:smart", "taiwanese:greedy",
           "sichuan:smart", "sichuan:greedy", "hangzhou:smart", "fuzhou:smart", "ruian-tai:smart",
           "ruian-tai:greedy", "ruian+discarder-pays:smart", "ruian+flowers+five-players:smart",
           "ruian+four-winds-draw:greedy:follow=1", "ruian+pass-win:smart", "sichuan-no-exchange:smart",
           "ruian+thirteen-tiles:smart", "ruian+multiple-winners:smart"]
# record columns added after 7a3b99e (each winner's hand kept whole, the items' second word)
NEW_COLUMNS = {"items2", "held_lo", "held_hi", "win_tile", "shown", "meld_from"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=DEFAULT, help="GAME:BOTS pairs (default: 18 of them)")
    ap.add_argument("--matches", type=int, default=120)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    for g in a.games:
        game, bots = g.split(":", 1)
        recs = rs.records(game, matches=a.matches, seed=a.seed, bots=bots)
        h = hashlib.sha256()
        for name in recs.dtype.names:
            if name.rsplit("_", 1)[0] in NEW_COLUMNS:
                continue
            h.update(name.encode())
            h.update(np.ascontiguousarray(recs[name]).tobytes())
        sc = rs.score(recs, rs.load_rules(game))
        for arr in (sc.seat_points, sc.player_points, sc.parts[..., :4]):
            h.update(np.ascontiguousarray(np.asarray(arr)).tobytes())
        print(g, len(recs), h.hexdigest()[:16], flush=True)


if __name__ == "__main__":
    main()
