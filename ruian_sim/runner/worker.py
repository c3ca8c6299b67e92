"""The work one chunk does, in whatever process runs it: play matches, score
them, accumulate statistics.  Simulators are kept per process, so a worker
compiles nothing and loads tables once."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..bots.spec import reads_tables
from ..engine.compile import compile_game
from ..engine.game import Game
from ..engine.simulate import Simulator
from ..ruleset.model import build
from ..settle import score
from ..stats import Accumulator, PairedAccumulator
from .summary import CUT

_GAMES: dict[tuple[str, bool], Game] = {}
_SIMS: dict[tuple[str, str], Simulator] = {}


def worker_init() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def local_worker_init() -> None:
    """A local pool's worker: Ctrl-C left to the parent, SIGTERM ends it (a forked worker
    inherits the parent's handler, which would turn it into a KeyboardInterrupt inside a
    chunk), and it never outlives the parent: the kernel sends it SIGTERM when the parent
    dies (Linux), and a thread checks the parent every second elsewhere, or if that fails."""
    worker_init()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    try:
        import ctypes

        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    import threading

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


@dataclass(frozen=True)
class Job:
    rules: dict
    rules_key: str
    bots: str
    seed: int
    first_match: int
    matches: int
    index: int            # chunk index (-1: the final partial chunk)
    want_records: bool
    rules_b: dict | None = None  # a paired comparison: the other side
    rules_key_b: str = ""


def game(rules: dict, key: str, bots: str) -> Game:
    """The rule set compiled once in this process (engine/compile.py): for bots
    that read the learned tables, with them (learned here if nobody has yet)."""
    rs = build(rules)
    smart = rs.table.seats >= 3 and reads_tables(bots, rs.table.players)
    got = _GAMES.get((key, smart))
    if got is None:
        got = _GAMES[(key, smart)] = compile_game(rs, bots)
    return got


def simulator(rules: dict, key: str, bots: str) -> Simulator:
    sim = _SIMS.get((key, bots))
    if sim is None:
        sim = _SIMS[(key, bots)] = Simulator(game(rules, key, bots), bots)
    return sim


def count_cut(acc: Accumulator, cut: int) -> None:
    """Say in ``acc`` how many of its matches the hand bound cut (summary.py
    turns it into a warning): kept as a histogram, which merges across chunks
    and survives a resume as the others do."""
    if cut:
        acc.hist.setdefault(CUT, Counter())[1] += cut


def run_job(job: Job) -> dict:
    """Play one chunk; returns plain data (picklable, JSON-able but records)."""
    t = time.perf_counter()
    sim = simulator(job.rules, job.rules_key, job.bots)
    before = sim.cut_matches
    records = sim.play(job.seed, job.first_match, job.matches)
    cut = sim.cut_matches - before
    scored = score(records, sim.rules)
    if job.rules_b is None:
        acc = Accumulator(sim.rules.table.players).add(records, scored, sim.spec.seats)
        count_cut(acc, cut)
        acc.seconds = time.perf_counter() - t
        acc_dict = acc.to_dict()
    else:
        sim_b = simulator(job.rules_b, job.rules_key_b, job.bots)
        before = sim_b.cut_matches
        rb = sim_b.play(job.seed, job.first_match, job.matches)
        pacc = PairedAccumulator(Accumulator(sim.rules.table.players),
                                 Accumulator(sim_b.rules.table.players)).add(
            records, scored, rb, score(rb, sim_b.rules), sim.spec.seats, sim_b.spec.seats)
        count_cut(pacc.a, cut)
        count_cut(pacc.b, sim_b.cut_matches - before)
        pacc.a.seconds = time.perf_counter() - t
        acc_dict = pacc.to_dict()
    _, per_match = np.unique(records["match"], return_counts=True)
    out = {"index": job.index, "first_match": job.first_match, "matches": job.matches,
           "hands_per_match": per_match.tolist(), "acc": acc_dict}
    if job.want_records:
        from .table import record_table

        out["records"] = record_table(records, scored, sim.rules)
    return out
