"""What each built-in variant does with the default bots: every variant played
against the base rules on the same seeds (`ruian-sim compare`), and the
figure it moves most, with its paired 95% CI.  Prints the README's table.

    python benchmarks/variants.py [--hands 200000] [--bots smart] [--out out/variants]

A figure "moves" when its paired CI excludes 0; the one shown is the one
furthest from 0 in units of its CI's half-width.  A variant that moves
nothing gets the reason from the comparison's own warnings.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from ruian_sim.ruleset import builtin_specs


def moved(metrics: dict) -> tuple[str, dict] | None:
    best, best_z = None, 0.0
    for name, m in metrics.items():
        lo, hi = m.get("ci95") or (0.0, 0.0)
        if lo is None or hi is None or (lo <= 0 <= hi):
            continue
        half = max((hi - lo) / 2, 1e-12)
        z = abs(m["diff"]) / half
        if z > best_z:
            best, best_z = name, z
    return (best, metrics[best]) if best else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--bots", default=None, help="bots for both sides (default: the default bots)")
    ap.add_argument("--out", default="out/variants")
    ap.add_argument("--only", nargs="*", help="these variants only")
    args = ap.parse_args()
    rows = ["| variant | figure it moves most | base | variant | variant − base | paired 95% CI |",
            "|---|---|---|---|---|---|"]
    specs = {k: v for k, v in builtin_specs().items() if k != "ruian"}
    for v in args.only or specs:
        out = Path(args.out) / v
        cmd = [sys.executable, "-m", "ruian_sim.cli", "compare", "ruian", specs[v], "--hands",
               str(args.hands), "--out", str(out), "--quiet"]
        if args.bots:
            cmd += ["--bots", args.bots]
        if (out / "comparison.json").exists():
            cmd += ["--resume", str(out)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        c = json.loads((out / "comparison.json").read_text(encoding="utf-8"))
        got = moved(c["metrics"])
        if got:
            name, m = got
            # comparison.json's diff is B − A: the variant against its base
            lo, hi = m["ci95"]
            rows.append(f"| {v} | {name} | {m['a']:.4f} | {m['b']:.4f} | {m['diff']:+.4f} | [{lo:+.4f}, {hi:+.4f}] |")
        else:
            why = "; ".join(c.get("warnings", [])) or "no figure's CI excludes 0"
            rows.append(f"| {v} | nothing moves: {why} | | | | |")
        print(rows[-1], flush=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
