"""ruian-sim: simulate 瑞安麻将 (Ruian mahjong) and its variants from YAML rules.

    >>> import ruian_sim as rs
    >>> rules = rs.load_rules("ruian", variants=["four-winds-draw"])
    >>> summary = rs.simulate(rules="ruian", variants=["four-winds-draw"], hands=20_000, seed=1)
    >>> summary["draw_rate"], summary["ci95"]["draw_rate"]
    >>> rs.evaluate_hand("123456789m123456p1z", wild="9s").waits
    ['9s', '1z']
"""

import os as _os

# The engine is single-threaded per process; OpenBLAS's idle threads otherwise
# spin beside it (3% of a core in profiles) and steal from worker processes.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .bots.spec import DEFAULT_BOT
from .ruleset import RuleSet
from .ruleset import load as _load


def load_rules(rules: str = "ruian", variants=()) -> RuleSet:
    """Built-in rules by name, a file by path, or ``NAME+VARIANT+...``, with variants applied."""
    from . import arguments as A

    return _load(A.rules_source(rules), A.names("variants", variants))


__all__ = ["RuleSet", "evaluate_hand", "load_rules", "records", "score", "simulate"]


def simulate(rules: str = "ruian", variants=(), hands: int = 10_000, seed: int = 1, bots: str = DEFAULT_BOT,
             workers: int = 1, out=None, backend: str = "local", scheduler: str | None = None) -> dict:
    """Play whole matches until at least ``hands`` hands; return the summary
    (the content of summary.json: rates, means, ``ci95``).  ``rules`` is a
    built-in name, a file, or ``NAME+VARIANT``; ``out`` keeps chunk files and
    summary.json there (and makes the run resumable)."""
    from . import arguments as A
    from .runner import backend_for, make_plan, run_plan

    rules, variants = A.rules_source(rules), A.names("variants", variants)
    hands, seed, bots = A.whole("hands", hands, 1), A.seed(seed), A.text("bots", bots)
    workers = A.whole("workers", workers, 1)
    backend = A.choice("backend", backend, ("local", "dask"))
    scheduler, out = A.text("scheduler", scheduler, optional=True), A.path_or_none("out", out)
    plan = make_plan(rules, variants, hands, seed, bots)
    b = backend_for(backend, workers, scheduler)
    try:
        return run_plan(plan, out, b, quiet=True)
    finally:
        b.close()


def records(rules: str = "ruian", variants=(), matches: int = 100, seed: int = 1, bots: str = DEFAULT_BOT):
    """Hand records of matches 0..matches-1 as a numpy structured array."""
    from . import arguments as A
    from .engine.compile import simulator

    rs = load_rules(rules, variants)
    matches, seed, bots = A.whole("matches", matches, 1), A.seed(seed), A.text("bots", bots)
    return A.stamped(simulator(rs, bots).play(seed, 0, matches), rs)


def score(records_, rules: RuleSet | str):
    """Points per seat and per player for hand records (ruian_sim.scoring.Scored),
    under the rules that played them (a RuleSet or its name)."""
    from . import arguments as A
    from .settle import score as _score

    rules = rules if isinstance(rules, RuleSet) else load_rules(rules)
    A.records_for(records_, rules)
    return _score(records_, rules)


def evaluate_hand(hand: str, wild: str | None, rules: str | RuleSet = "ruian", variants=()):
    """Win, shapes, hard/soft, shanten and waits of one concealed hand."""
    from . import arguments as A
    from .hand import HandEvaluator

    rs = rules if isinstance(rules, RuleSet) else load_rules(rules, variants)
    return HandEvaluator(rs).evaluate(A.text("hand", hand), A.text("wild", wild, optional=True))
