"""What the long commands tell stderr besides their results: the engine's first
compile, and a resumed run that had nothing left to play."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from pathlib import Path

COMPILE_MINUTES = 3  # the engine's first compile on a 2-core machine


@contextmanager
def compile_notice():
    """One line on stderr before the engine's first compile, and its time after."""
    from ..engine.match import play_matches
    from ..jit import is_cached

    if is_cached(play_matches):
        yield
        return
    print(f"ruian-sim: compiling the engine (once, about {COMPILE_MINUTES} minutes) …", file=sys.stderr,
          flush=True)
    t = time.perf_counter()
    yield
    print(f"ruian-sim: compiling the engine: done in {time.perf_counter() - t:.0f} s", file=sys.stderr,
          flush=True)


def reused_note(summary: dict, out: Path) -> None:
    run = summary["run"]
    if run["resumed_chunks"] and summary.get("hands_per_second") is None:
        print(f"ruian-sim: all {run['chunks']} chunks were already played in {out}; nothing new was played "
              f"(no speed to report)", file=sys.stderr)
