"""SIGTERM ends a command as Ctrl-C does: finished work is saved, the partial
summary written, and the exit code is 143 (128 + SIGTERM) instead of 130.

The handler raises KeyboardInterrupt, so every path that already keeps work on
Ctrl-C keeps it on SIGTERM too.  A second SIGTERM while that cleanup runs ends
the process at once.  Worker processes reset both signals (runner/worker.py)
and end with their parent."""

from __future__ import annotations

import os
import signal

EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
_received: int | None = None


def _on_term(signum, frame) -> None:
    global _received
    if _received is not None:
        os._exit(EXIT_TERMINATED)
    _received = signum
    raise KeyboardInterrupt


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
