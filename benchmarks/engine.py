"""Engine throughput on one core: hands/s with smart, greedy and random bots,
cold and warm start, peak memory.

    python benchmarks/engine.py [--matches N] [--rules R] [--no-cold] [--against CHECKOUT|COMMIT]

Each figure runs in a fresh subprocess.  Cold start: empty numba and table
caches (everything compiles and the lookup tables are generated); warm
start: both caches filled, from `import` to the first hand played.  Speed is
the best of three timed runs (this machine's speed drifts by ±30% from
minute to minute; the best run is the least disturbed; all bots run in the
same process, side by side).  Targets: greedy >= 5,000 hands/s, smart >= 0.3×
greedy, random >= 20,000 hands/s, warm start <= 2 s, peak memory <= 500 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from ruian_sim.ruleset import load
try:
    from ruian_sim.engine.compile import simulator
except ImportError:   # an older checkout (--against): its Simulator compiled the rules itself
    from ruian_sim.engine.simulate import Simulator as simulator
rules = load(sys.argv[1])
sims = {}
for b in ("smart", "greedy", "random"):
    try:
        sims[b] = simulator(rules, b)
    except Exception as exc:   # an older checkout (--against) without this bot
        if "unknown bot" not in str(exc):
            raise
for sim in sims.values():
    sim.play(1, 0, 1)
start = time.perf_counter() - t0
out = {"start_s": start}
if int(sys.argv[2]) > 0:
    for bots, sim in sims.items():
        best = 0.0
        for rep in range(3):
            t = time.perf_counter()
            n = len(sim.play(rep + 1, 0, int(sys.argv[2])))   # not kept: the next play's peak is its own
            best = max(best, n / (time.perf_counter() - t))
        out[bots] = best
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
out["module"] = sys.modules["ruian_sim"].__file__
print(json.dumps(out))
"""


def child(rules: str, matches: int, env: dict) -> dict:
    # run in the checkout's own folder: `python -c` puts the working folder first
    # on sys.path, so a child started from another checkout would import that one
    # whatever PYTHONPATH says (how an earlier --against compared main with itself)
    done = subprocess.run([sys.executable, "-c", CHILD, rules, str(matches)], env=env,
                          cwd=env.get("PYTHONPATH"), capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1500, help="matches per timed run (default 1500)")
    ap.add_argument("--rules", default="ruian")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold start (it compiles for ~2 min)")
    ap.add_argument("--against", metavar="CHECKOUT|COMMIT",
                    help="another checkout of ruian-sim (e.g. a worktree of main), or a commit to check "
                         "out for the run (it compiles every time; a kept folder compiles once): play "
                         "both in turn, three rounds, and print their hands/s side by side")
    args = ap.parse_args()
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    if args.against:
        side_by_side(args, env)
        return
    if not args.no_cold:
        with tempfile.TemporaryDirectory() as numba_dir, tempfile.TemporaryDirectory() as table_dir:
            cold_env = dict(env, NUMBA_CACHE_DIR=numba_dir, RUIAN_SIM_CACHE=table_dir)
            cold = child(args.rules, 0, cold_env)
            again = child(args.rules, 0, cold_env)
        print(f"cold start (compile + tables): {cold['start_s']:7.1f} s   peak {cold['peak_mb']:.0f} MB")
        print(f"warm start (caches filled):    {again['start_s']:7.2f} s   target <= 2 s")
    child(args.rules, 0, env)  # make sure the normal caches are warm
    r = child(args.rules, args.matches, env)
    print(f"warm start:                    {r['start_s']:7.2f} s   target <= 2 s")
    print(f"smart bots:  {r['smart']:10,.0f} hands/s on one core   "
          f"{r['smart'] / r['greedy']:.2f}× greedy, target >= 0.3×")
    print(f"greedy bots: {r['greedy']:10,.0f} hands/s on one core   target >= 5,000")
    print(f"random bots: {r['random']:10,.0f} hands/s on one core   target >= 20,000")
    print(f"peak memory: {r['peak_mb']:10,.0f} MB per process      target <= 500 MB")


def side_by_side(args, env: dict) -> None:
    """This checkout and another (a folder, or a commit checked out for the run
    in a temporary worktree), alternated so that the machine's drift hits both."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if os.path.isdir(args.against):
        _side_by_side(args, env, here, os.path.abspath(args.against))
        return
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        subprocess.run(["git", "-C", here, "worktree", "add", "-q", "--detach", tree, args.against], check=True)
        try:
            _side_by_side(args, env, here, tree)
        finally:
            subprocess.run(["git", "-C", here, "worktree", "remove", "--force", tree], check=False)


def _side_by_side(args, env: dict, here: str, other: str) -> None:
    envs = {"this": dict(env, PYTHONPATH=here), "other": dict(env, PYTHONPATH=other)}
    for e in envs.values():
        child(args.rules, 0, e)  # compile (or load) each once
    best = {k: {} for k in envs}
    for _ in range(3):
        for k, e in envs.items():
            r = child(args.rules, args.matches, e)
            want = os.path.join(e["PYTHONPATH"], "ruian_sim")
            assert r["module"].startswith(want), f"{k} played {r['module']}, not {want}"
            for bots in ("smart", "greedy", "random"):
                if bots in r:   # an older checkout may lack a bot
                    best[k][bots] = max(best[k].get(bots, 0.0), r[bots])
            best[k]["peak_mb"] = max(best[k].get("peak_mb", 0.0), r["peak_mb"])
    print(f"{'hands/s, one core':18s} {'this':>10s} {'other':>10s}  this/other   ({here} vs {args.against})")
    for bots in ("smart", "greedy", "random"):
        a, b = best["this"].get(bots), best["other"].get(bots)
        if a is None or b is None:
            print(f"{bots + ' bots':18s} {a or 0:10,.0f} {'—' if b is None else f'{b:,.0f}':>10s}  (not in both)")
            continue
        print(f"{bots + ' bots':18s} {a:10,.0f} {b:10,.0f}  {a / b:9.2f}×")
    print(f"{'peak memory (MB)':18s} {best['this']['peak_mb']:10,.0f} {best['other']['peak_mb']:10,.0f}")


if __name__ == "__main__":
    main()
