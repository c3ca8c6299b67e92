"""A cold start's second core: while the process that plays compiles the engine
from the top (play_matches, then play_hand and what it calls, in the order it
meets them), a helper process compiles the kernels it meets later, the bots and
the end of a hand, into the same cache.  numba looks in its cache before it
compiles a kernel, so the player loads each one the helper has finished when it
gets there.  Measured on the project's 2-core machine: a fresh cache's first
match 167 s alone, 112 s with the helper (docs/performance.md).

The helper needs each kernel's argument types as play_hand passes them; they
are spelled out in _parts, and tests/engine/test_prewarm.py checks that they
are the ones play_hand's typing asks for (a wrong one only costs the helper's
time: the player compiles what it needs either way).  The two talk through the
helper's pipes: it says which part it is compiling, and the player waits for
that one rather than compile it a second time (jit.before_call); the player
says each kernel it meets, and the helper leaves those to it."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

WAIT_AT_MOST = 180.0   # seconds the player waits for one part (a stopped helper must not stop it)


def _parts(sim):
    """(kernel, argument types) the helper compiles, in its order: the bots'
    turns first (the largest part, which the player meets about half way),
    then what play_hand meets after it, from the last back, so that the two
    meet in the middle rather than compile the same kernel at once."""
    import numba
    from numba import types as nt

    from ..bots.greedy import greedy_turn
    from ..bots.smart.choice import smart_turn
    from ..bots.smart.claim import smart_claim
    from .haidi import haidi
    from .ready import ready_readings
    from .record import fill_record

    i64, b, T = numba.int64, numba.boolean, numba.typeof
    st = sim.state
    rules, wall, seats, table, bots = T(sim.kernel_rules), T(st.wall), T(st.seats), T(st.table), T(st.bots)
    work, values = T(sim.work), T(sim.values)
    row, log = nt.int64[::1], nt.int64[:, ::1]
    return [
        (greedy_turn, (i64, rules, seats, table, bots, work)),
        (smart_turn, (i64, b, rules, wall, seats, table, bots, work, values)),
        (ready_readings, (rules, seats, table, work, values, row, log)),
        (fill_record, (rules, wall, seats, table, values, row) + (i64,) * 6),
        (haidi, (row, rules, wall, seats, table, bots, work, values, row, log)),
        (smart_claim, (i64, i64, b, b, i64, row, rules, seats, table, bots, work, values)),
    ]


def _watch_parent(parent: int) -> None:
    """End this helper when the process that started it has ended (Ctrl-C there
    ends it at once, mid-compile): it is in a session of its own, so the
    terminal's signals do not reach it."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def _compile_parts() -> None:
    from numba.core import event

    from ..ruleset import load
    from .compile import simulator

    class Tell(event.Listener):   # one line per kernel compiled: the player's progress counts them
        def on_start(self, ev):
            pass

        def on_end(self, ev):
            print("k", flush=True)

    event.register("numba:compile", Tell())
    taken = set()   # what the player has begun to compile (its lines on our stdin): left to it

    def listen():
        for line in sys.stdin:
            taken.add(line.strip())

    threading.Thread(target=listen, daemon=True).start()
    sim = simulator(load("ruian"), "smart")   # the state's types are the same for every rule file
    for kern, sig in _parts(sim):
        if _name(kern) in taken:
            continue
        print("start", _name(kern), flush=True)
        kern.compile(sig)
        print("end", _name(kern), flush=True)


def _name(dispatcher) -> str:
    return f"{dispatcher.py_func.__module__}.{dispatcher.py_func.__qualname__}"


class _Busy:
    """The part the helper is compiling, as its output tells: the player waits
    for it when its own compile needs it, and tells the helper each kernel it
    meets, so that the helper leaves those to it."""

    def __init__(self, proc):
        self.now = None
        self.cond = threading.Condition()
        self.proc = proc
        self.told = set()

    def tell(self, line: str) -> None:
        word, _, name = line.strip().partition(" ")
        with self.cond:
            self.now = name if word == "start" else None
            self.cond.notify_all()

    def wait_for(self, dispatcher) -> None:
        name = _name(dispatcher)
        if name not in self.told:
            self.told.add(name)
            try:
                self.proc.stdin.write(name + "\n")
                self.proc.stdin.flush()
            except (OSError, ValueError):
                pass   # the helper has ended
        deadline = time.monotonic() + WAIT_AT_MOST
        with self.cond:
            while self.now == name and time.monotonic() < deadline:
                self.cond.wait(timeout=1.0)


def start(on_kernel) -> subprocess.Popen | None:
    """Start the helper when this machine has a second core; ``on_kernel()`` is
    called (from a thread) for each kernel it compiles.  None: no helper."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    if cores < 2 or os.environ.get("RUIAN_SIM_PREWARM", "1") == "0":
        return None
    try:
        proc = subprocess.Popen([sys.executable, "-m", __name__, str(os.getpid())], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True,
                                text=True)
    except OSError:
        return None   # no second process: the player compiles it all, as it would anyway

    from .. import jit

    busy = _Busy(proc)

    def read():
        for line in proc.stdout:
            if line == "k\n":
                on_kernel()
            else:
                busy.tell(line)
        busy.tell("gone")   # the helper ended: nothing to wait for

    threading.Thread(target=read, daemon=True).start()
    jit.before_call = busy.wait_for
    return proc


def stop(proc: subprocess.Popen | None) -> None:
    """End the helper (the player has all it needs; a kernel the helper is
    halfway through is not written: numba writes each one whole)."""
    if proc is None:
        return
    from .. import jit

    jit.before_call = None
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for pipe in (proc.stdin, proc.stdout):
        try:
            pipe.close()
        except OSError:
            pass


if __name__ == "__main__":
    threading.Thread(target=_watch_parent, args=(int(sys.argv[1]),), daemon=True).start()
    _compile_parts()
