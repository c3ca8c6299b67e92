"""How far along a long job is, on stderr: a tqdm bar on a terminal (hands done of the total,
percent, time left), and into a log or a pipe, where a bar would be one endless line, a plain
line every EVERY seconds saying the same ("ruian: 45,000 of 100,000 hands (45%), 1 min 02 s,
about 1 min 15 s left").  `run`, `compare`, `duel` and `sweep` take theirs from here."""

from __future__ import annotations

import sys
import threading
import time

EVERY = 20.0   # seconds between lines in a log: often enough to see it move, not a flood


def clock(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min" if h else f"{m} min {s:02d} s" if m else f"{s} s"


class LogProgress:
    """tqdm's few calls the runner makes (update, set_postfix_str, close, n), as timed lines."""

    def __init__(self, total: int, desc: str, every: float | None = None, stream=None):
        self.total, self.desc, self.n = total, desc, 0
        self.stream = stream or sys.stderr
        self.postfix = ""
        self.t0 = time.perf_counter()
        self.base: tuple[float, int] | None = None   # (time, hands) after the first update: resumed work
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._ticker = threading.Thread(target=self._tick, args=(every or EVERY,), name="progress", daemon=True)
        self._ticker.start()

    def update(self, k: int = 1) -> None:
        with self._lock:
            self.n += k
            if self.base is None:   # the hands already there (a resumed job) are no measure of speed
                self.base = (time.perf_counter(), self.n)

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        self.postfix = s

    def line(self) -> str:
        with self._lock:
            n, base = self.n, self.base
        now = time.perf_counter()
        pct = 100.0 * n / self.total if self.total else 0.0
        text = f"ruian-sim: {self.desc}: {n:,} of {self.total:,} hands ({pct:.0f}%), {clock(now - self.t0)}"
        if base is not None and n > base[1] and now > base[0]:
            rate = (n - base[1]) / (now - base[0])
            text += f", about {clock(max(self.total - n, 0) / rate)} left"
        return text + (f"; {self.postfix}" if self.postfix else "")

    def _tick(self, every: float) -> None:
        while not self._stop.wait(every):
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        self._stop.set()
        self._ticker.join(timeout=1)


def progress_bar(total: int, desc: str, quiet: bool):
    """A progress display for ``total`` hands, or None when ``quiet``."""
    if quiet:
        return None
    if sys.stderr.isatty():
        from tqdm import tqdm

        return tqdm(total=total, unit="hand", unit_scale=True, file=sys.stderr, smoothing=0.1, desc=desc,
                    bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt} of {total_fmt} hands "
                               "[{elapsed}, {remaining} left, {rate_fmt}{postfix}]")
    return LogProgress(total, desc)
