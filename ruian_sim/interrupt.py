"""SIGTERM ends a command as Ctrl-C does: finished work is saved, the partial
summary written, and the exit code is 143 (128 + SIGTERM) instead of 130.

The handler raises KeyboardInterrupt, so every path that already keeps work on
Ctrl-C keeps it on SIGTERM too.  A second SIGTERM while that cleanup runs ends
the process at once.  Worker processes reset both signals (runner/worker.py)
and end with their parent."""

from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager

EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
_received: int | None = None


def _on_term(signum, frame) -> None:
    global _received
    if _received is not None:
        os._exit(EXIT_TERMINATED)
    _received = signum
    raise KeyboardInterrupt


@contextmanager
def compiling(now):
    """While ``now()`` says the engine is compiling, Ctrl-C and SIGTERM end the
    process at once; at any other time in the block they act as always.

    Why: numba runs parts of a compile as C callbacks into Python, and an exception
    raised there (the KeyboardInterrupt of either signal) is printed and dropped,
    so the compile went on for minutes and the job ran to its end.  A job writes
    nothing that its compile could leave half-done, and numba writes each cached
    kernel whole (a temporary file, then a rename), so ending here loses nothing."""
    def stop(signum, frame):
        if not now():
            handler = old[signum]
            if callable(handler):
                return handler(signum, frame)
            raise KeyboardInterrupt
        code = EXIT_TERMINATED if signum == signal.SIGTERM else EXIT_INTERRUPTED
        word = "terminated" if signum == signal.SIGTERM else "interrupted"
        print(f"ruian-sim: {word} while compiling the engine; nothing was written (the kernels "
              f"compiled so far are cached)", file=sys.stderr, flush=True)
        os._exit(code)

    old = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            old[sig] = signal.signal(sig, stop)
    except ValueError:   # not the main thread: leave the signals as they are
        yield
        return
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def install() -> None:
    """In the command's own process (the CLI); not in workers."""
    try:
        signal.signal(signal.SIGTERM, _on_term)
    except ValueError:  # not the main thread (an embedding program): leave SIGTERM as it is
        pass


def terminated() -> bool:
    return _received == signal.SIGTERM


def exit_code() -> int:
    """130 after Ctrl-C, 143 after SIGTERM."""
    return EXIT_TERMINATED if terminated() else EXIT_INTERRUPTED
