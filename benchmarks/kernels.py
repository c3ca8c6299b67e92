"""Where a hand's time goes, kernel by kernel: a sampling profile of the
compiled engine playing on one core, printed as a table.

    python benchmarks/kernels.py [--rules R] [--bots B] [--matches N]

Needs `perf` (Debian's linux-perf).  numba's compiled code has no symbols
perf can read, so the child compiles the engine afresh (a temporary numba
cache, a few minutes: code loaded from the cache keeps no names), writes
perf's map of every compiled function (/tmp/perf-PID.map), then plays.  Only
samples inside compiled ruian_sim code are counted, so the compile and
Python's start do not weigh.  A kernel's share is its own time (its callees
apart, except what LLVM inlined into it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict

CHILD = r"""
import os, sys, time
from ruian_sim.ruleset import load
from ruian_sim.engine.compile import simulator
from numba.core.registry import CPUDispatcher
sim = simulator(load(sys.argv[1]), sys.argv[2])
sim.play(1, 0, 1)
# every compiled function of the dispatchers Python calls (their callees are linked into them)
addrs = {}
for mod in list(sys.modules.values()):
    if not getattr(mod, "__name__", "").startswith("ruian_sim"):
        continue
    for obj in list(vars(mod).values()):
        if isinstance(obj, CPUDispatcher):
            for cres in obj.overloads.values():
                lib = cres.library
                for fn in list(lib._final_module.functions):
                    if not fn.is_declaration:
                        a = lib.get_pointer_to_function(fn.name)
                        if a:
                            addrs[a] = fn.name
items = sorted(addrs.items())
with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
    for i, (a, name) in enumerate(items):
        size = items[i + 1][0] - a if i + 1 < len(items) else 1 << 16
        fh.write(f"{a:x} {min(size, 1 << 20):x} {name}\n")
# perf starts with sampling off (-D -1): on for the timed play only, so the
# compile and the lookup tables do not count; the compile's garbage (LLVM
# modules) is collected first, or its clean-up lands in the play's time
import gc
gc.collect()
gc.freeze()
with open(os.environ["PERF_CTL"], "w") as ctl:
    ctl.write("enable\n")
with open(os.environ["PERF_ACK"]) as ack:
    ack.readline()
t = time.perf_counter()
r = sim.play(2, 0, int(sys.argv[3]))
print(f"{len(r) / (time.perf_counter() - t):.0f}")
"""

_NAME = re.compile(r"_ZN((?:\d+\w+?)+?)(?:B\d|E|$)")


def kernel_name(symbol: str) -> str | None:
    """ruian_sim.bots.greedy.acceptance from numba's mangled symbol."""
    if not symbol.startswith("_ZN9ruian_sim"):
        return None
    parts, i = [], 3
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while symbol[j].isdigit():
            j += 1
        n = int(symbol[i:j])
        parts.append(symbol[j:j + n])
        i = j + n
    return ".".join(parts[1:]) or None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="ruian")
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--matches", type=int, default=3000)
    a = ap.parse_args()
    if not shutil.which("perf"):
        sys.exit("benchmarks/kernels.py needs perf (apt install linux-perf)")
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        ctl, ack = os.path.join(tmp, "ctl"), os.path.join(tmp, "ack")
        os.mkfifo(ctl)
        os.mkfifo(ack)
        env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(tmp, "numba"), PERF_CTL=ctl, PERF_ACK=ack)
        print(f"compiling the engine afresh, then {a.matches} matches of {a.bots} on {a.rules} "
              "under perf (minutes) ...", file=sys.stderr)
        done = subprocess.run(["perf", "record", "-q", "-D", "-1", f"--control=fifo:{ctl},{ack}", "-e", "cpu-clock",
                               "-F", "999", "-o", data, sys.executable,
                               "-c", CHILD, a.rules, a.bots, str(a.matches)], env=env, capture_output=True,
                              text=True)
        if done.returncode:
            sys.exit(f"the profiled run failed: {done.stderr.strip()[-600:]}")
        rate = done.stdout.strip().splitlines()[-1]
        rep = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "sym", "--stdio",
                              "-F", "period,sym"], capture_output=True, text=True, check=True).stdout
    own: dict[str, int] = defaultdict(int)
    other: dict[str, int] = defaultdict(int)
    everything = 0
    for line in rep.splitlines():
        m = re.match(r"\s*(\d+)\s+\[[.k]\]\s+(\S+)", line)
        if m:
            everything += int(m.group(1))
            name = kernel_name(m.group(2))
            if name:
                own[name] += int(m.group(1))
            else:
                other[m.group(2)[:60]] += int(m.group(1))
    total = sum(own.values()) or 1
    print(f"{a.bots} on {a.rules}: {int(rate):,} hands/s while sampled; "
          f"{100 * total / max(everything, 1):.0f}% of the play's time in compiled kernels")
    print(f"{'kernel':<44} {'share':>6}")
    for name, v in sorted(own.items(), key=lambda kv: -kv[1]):
        if v / total >= 0.005:
            print(f"{name:<44} {100 * v / total:5.1f}%")
    print("outside the kernels (share of the play's time):")
    for name, v in sorted(other.items(), key=lambda kv: -kv[1])[:6]:
        print(f"  {name:<60} {100 * v / max(everything, 1):5.1f}%")


if __name__ == "__main__":
    main()
