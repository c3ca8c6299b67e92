"""What a designer waits for: `ruian-sim hand` warm and cold, its batch mode,
and where a first compile goes.

    python benchmarks/cli_hand.py [--no-cold] [--repeats N] [--batch N]

Warm: wall time of the `hand` command (a scored self-drawn win, payments
included) with the kernels cached, median of N runs, start-up included.
Batch: hands/s of `ruian-sim hand -` reading N hands from stdin.
Cold (each in a fresh, empty cache folder): the same `hand` command, then
`ruian-sim run --hands 1` (the README's main job up to its first hand), with
the compile time of each kernel group (the package module a kernel lives in,
its callees' own compiles not counted) from numba's compile events.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HAND = ["hand", "--wild", "4z", "--win", "self", "--tile", "9m", "567m123p456p789p123s9m4z"]
BATCH_HANDS = ["123456789m123p45p11z", "567m123p456p789p123s9m4z", "111222333444m5566z", "19m19p19s1234567z1m2m3m"]

# Runs a CLI command in this process with a listener on numba's compile events;
# prints {module: exclusive seconds} as JSON on the last line of stderr.
PROFILE = r"""
import json, sys, time
from collections import defaultdict
from numba.core import event
own, stack = defaultdict(float), []
class Timer(event.Listener):
    def on_start(self, ev):
        stack.append([time.perf_counter(), 0.0])
    def on_end(self, ev):
        t0, inner = stack.pop()
        took = time.perf_counter() - t0
        if stack:
            stack[-1][1] += took
        mod = getattr(getattr(ev.data.get("dispatcher"), "py_func", None), "__module__", "?")
        own[mod] += took - inner
from ruian_sim.cli.main import main
with event.install_listener("numba:compile", Timer()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(own), file=sys.stderr)
"""


def _cli(args: list[str], env: dict, stdin: str | None = None) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "ruian_sim.cli", *args], input=stdin, capture_output=True,
                          text=True, env=env)
    took = time.perf_counter() - t
    if done.returncode:
        sys.exit(f"ruian-sim {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return took, done


def _cold(args: list[str], cache: str) -> tuple[float, dict]:
    env = {**os.environ, "RUIAN_SIM_CACHE": cache}
    env.pop("NUMBA_CACHE_DIR", None)
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PROFILE, *args], capture_output=True, text=True, env=env)
    took = time.perf_counter() - t
    if done.returncode:
        sys.exit(f"cold ruian-sim {' '.join(args)} failed: {done.stderr.strip()[-400:]}")
    return took, json.loads(done.stderr.strip().splitlines()[-1])


def _groups(own: dict) -> None:
    total = sum(own.values())
    for mod, sec in sorted(own.items(), key=lambda kv: -kv[1]):
        if sec >= 0.5:
            print(f"    {mod:<34} {sec:7.1f} s  {100 * sec / total:4.0f}%")
    print(f"    {'all kernels':<34} {total:7.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-cold", action="store_true", help="skip the cold runs (minutes each)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--batch", type=int, default=2000, help="hands for the batch figure")
    a = ap.parse_args()
    env = dict(os.environ)
    _cli(HAND, env)   # compiles, if this cache is cold
    warm = [_cli(HAND, env)[0] for _ in range(a.repeats)]
    print(f"hand, warm: {statistics.median(warm):.2f} s (median of {a.repeats}; min {min(warm):.2f}, "
          f"max {max(warm):.2f})")
    lines = "\n".join(BATCH_HANDS[i % len(BATCH_HANDS)] for i in range(a.batch)) + "\n"
    took, done = _cli(["hand", "-", "--wild", "4z"], env, stdin=lines)
    assert len(done.stdout.splitlines()) == a.batch
    print(f"hand, batch of {a.batch} from stdin: {a.batch / took:,.0f} hands/s ({took:.1f} s with start-up)")
    if a.no_cold:
        return
    with tempfile.TemporaryDirectory() as cache:
        took, own = _cold(HAND, cache)
        print(f"hand, cold (empty cache): {took:.0f} s; compile by kernel group:")
        _groups(own)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        took, own = _cold(["run", "--hands", "1", "--workers", "1", "--out", out + "/o"], cache)
        print(f"run --hands 1, cold (the main job to its first hand): {took:.0f} s; compile by kernel group:")
        _groups(own)


if __name__ == "__main__":
    main()
