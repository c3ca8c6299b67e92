"""What the long commands tell stderr besides their results: the engine's first
compile, and a resumed run that had nothing left to play."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from pathlib import Path

# The engine's first compile, measured on the project's 2-core machine (quiet): used
# for the first notice on a machine that has not compiled it yet; after that, the
# time this machine took last (cache_dir()/compile-time.json) is the estimate.
# 2026-12-06, `ruian-sim run --hands 200` with a fresh RUIAN_SIM_CACHE: 112 s, with the helper
# process (engine/prewarm.py) and each kernel's program optimised once at its entry (jit.py);
# its kernels are the player's and the helper's (a few compiled by both)
COMPILE_SECONDS = 112
COMPILE_KERNELS = 234   # kernels that first compile counts (default rules, smart bots): "k of about n"
PROGRESS_EVERY = 20.0   # seconds between progress lines while compiling


def _stats_file() -> Path:
    from ..cache import cache_dir

    return cache_dir() / "compile-time.json"


def _last_compile() -> tuple[float, int | None, bool]:
    """(seconds, kernels compiled, measured here) of the last full compile."""
    import json

    try:
        got = json.loads(_stats_file().read_text(encoding="utf-8"))
        return float(got["seconds"]), int(got["kernels"]), True
    except (OSError, ValueError, KeyError, TypeError):
        return float(COMPILE_SECONDS), COMPILE_KERNELS, False


def _remember(seconds: float, kernels: int) -> None:
    import json

    from ..cache import save_text

    # no cache to write: the next estimate is the reference machine's
    save_text(_stats_file(), json.dumps({"seconds": round(seconds, 1), "kernels": kernels}) + "\n")


def _so_far(done: int, kernels: int) -> str:
    """Kernels compiled, against the count of the last whole compile while below it."""
    if done > kernels:
        return f"{done} kernels"
    return f"{done} of about {kernels} kernels ({min(99, round(100 * done / kernels))}%)"


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m} min {s:02d} s" if m else f"{s} s"


@contextmanager
def compile_notice():
    """A line on stderr before the engine's first compile, with the time it
    took on this machine last (or on the reference machine); a progress line
    every PROGRESS_EVERY seconds (kernels compiled, of how many last time or on the
    reference machine, as a percentage, and the time so far); its time after."""
    from ..engine.match import play_matches
    from ..jit import is_cached

    if is_cached(play_matches):
        yield
        return
    import threading

    from numba.core import event

    seconds, kernels, here = _last_compile()
    where = "as it took on this machine last time" if here else "on a quiet 2-core machine"
    print(f"ruian-sim: compiling the engine (once, about {max(1, round(seconds / 60))} minutes, {where}) …",
          file=sys.stderr, flush=True)
    done = [0]
    depth = [0]   # compiles under way (one kernel's compile starts its callees')

    class Count(event.Listener):
        def on_start(self, ev):
            depth[0] += 1

        def on_end(self, ev):
            depth[0] -= 1
            done[0] += 1

    stop = threading.Event()
    t = time.perf_counter()

    def report():
        while not stop.wait(PROGRESS_EVERY):
            # how far along, against the kernels the last compile counted (or the reference machine's)
            print(f"ruian-sim: compiling the engine: {_so_far(done[0], kernels)}, "
                  f"{_clock(time.perf_counter() - t)} …", file=sys.stderr, flush=True)

    ticker = threading.Thread(target=report, daemon=True)
    ticker.start()
    from .. import interrupt
    from ..engine import prewarm

    def helped():   # a kernel the helper process compiled (engine/prewarm.py)
        done[0] += 1

    helper = prewarm.start(helped)
    try:
        with event.install_listener("numba:compile", Count()), interrupt.compiling(lambda: depth[0] > 0):
            yield
    finally:
        prewarm.stop(helper)
        stop.set()
        ticker.join(timeout=1)
    took = time.perf_counter() - t
    if done[0] >= kernels // 2:
        # a compile of the whole engine; a part of it (one module changed, or the search
        # player's kernels alone) would make the next whole one's estimate far too small
        _remember(took, done[0])
    print(f"ruian-sim: compiling the engine: done in {took:.0f} s", file=sys.stderr, flush=True)


def reused_note(summary: dict, out: Path) -> None:
    run = summary["run"]
    if run["resumed_chunks"] and summary.get("hands_per_second") is None:
        print(f"ruian-sim: all {run['chunks']} chunks were already played in {out}; nothing new was played "
              f"(no speed to report)", file=sys.stderr)
