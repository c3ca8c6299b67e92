"""A table's clock with SimPy: how long hands, rounds and sessions take.

The engine's hand records say what happened in each hand (discards, claims,
kongs, flowers, whether someone won); the rules' ``timing`` section says how
long each action takes.  A SimPy process per table walks through the hands:
shuffle and build, dice, deal, then for every turn a draw (none after a
claim), thinking and a discard, the claim window in which the other players
react; claims, kongs and replacement draws; the win; settling.  The clock
therefore follows each variant's real play: a variant with more draws or
longer dealer streaks takes longer per round.

A session is a number of hands, a number of rounds of the deal (a round ends
when every player has dealt: the deal passed ``players`` times, so with five
players the substitute's turn counts), or a time budget (the hand in progress
is finished).  Session i plays matches ``i * MATCH_STRIDE`` onward, so
sessions never share hands and any session replays alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import simpy

from .bots.spec import DEFAULT_BOT
from .engine.compile import simulator
from .engine.simulate import Simulator
from .errors import UserError
from .ruleset import RuleSet
from .ruleset.timing import EVERY_HAND, NEEDS  # the validator checks the same (validate == session)
from .stats import ratio_ci
from .table import layout as L
from .table.records import per_seat

MATCH_STRIDE = 100_000  # matches reserved per session
ACTIONS = ("shuffle", "dice", "deal", "draw", "discard", "claim_window", "claim", "kong", "win", "settle")
MAX_MINUTES = 7 * 24 * 60   # --minutes: a week at the table


class Duration:
    """One action's time distribution (seconds), from the rules' `timing`."""

    def __init__(self, spec: dict, name: str):
        self.name = name
        self.kind = spec["dist"]
        need = NEEDS[self.kind]
        missing = [k for k in need if k not in spec]
        if missing:
            raise UserError(f"timing.{name}: {self.kind} needs {', '.join(missing)}")
        self.p = {k: float(spec[k]) for k in need}
        if self.kind == "uniform" and self.p["low"] > self.p["high"]:
            raise UserError(f"timing.{name}: low is above high")

    def sample(self, rng: np.random.Generator) -> float:
        p = self.p
        if self.kind == "fixed":
            return p["value"]
        if self.kind == "uniform":
            return float(rng.uniform(p["low"], p["high"]))
        if self.kind == "lognormal":
            return float(p["median"] * math.exp(p["sigma"] * rng.standard_normal()))
        return float(rng.exponential(p["mean"]))

    def sample_sum(self, rng: np.random.Generator, n: int) -> float:
        """The total of n independent actions (one draw per action, summed)."""
        if n <= 0:
            return 0.0
        p = self.p
        if self.kind == "fixed":
            return n * p["value"]
        if self.kind == "uniform":
            return float(rng.uniform(p["low"], p["high"], n).sum())
        if self.kind == "lognormal":
            return float((p["median"] * np.exp(p["sigma"] * rng.standard_normal(n))).sum())
        return float(rng.exponential(p["mean"], n).sum())

    def mean(self) -> float:
        p = self.p
        return {"fixed": lambda: p["value"], "uniform": lambda: (p["low"] + p["high"]) / 2,
                "lognormal": lambda: p["median"] * math.exp(p["sigma"] ** 2 / 2),
                "exponential": lambda: p["mean"]}[self.kind]()


def timing_of(rules: RuleSet, override: dict | None = None) -> dict[str, Duration]:
    spec = dict(rules.data.get("timing") or {})
    spec.update(override or {})
    missing = [a for a in ACTIONS if a not in spec]
    if missing:
        raise UserError(f"these rules have no timing for {', '.join(missing)}: add a `timing:` section "
                        f"(see rules/ruian.yaml) or give --timing FILE")
    out = {a: Duration(spec[a], a) for a in ACTIONS}
    if not sum(out[a].mean() for a in EVERY_HAND) > 0:
        # a session of --minutes M would never end, and hands per hour would be infinite
        raise UserError(f"timing: {', '.join(EVERY_HAND)} all take 0 s, so a hand would take no time; "
                        f"give one of them a time" + (" (in --timing FILE)" if override else ""))
    return out


def load_timing(path: str | None) -> dict | None:
    """The `timing:` section of a file of its own (``--timing FILE``), checked like the
    rules' own, each problem at its file:line:col."""
    if not path:
        return None
    from .errors import Mark, Problem
    from .ruleset.source import read_source
    from .ruleset.timing import timing_problems
    from .ruleset.validate_schema import section_problems

    src = read_source(path)
    timing = src.data.get("timing")
    if not isinstance(timing, dict):
        raise UserError([Problem(src.values.get(("timing",), Mark(path, 1, 1)), "timing",
                                 "expected a `timing:` section, a mapping of actions to times "
                                 "as in rules/ruian.yaml")])
    found = section_problems(src, "timing") or timing_problems(timing, src.values.get)
    if found:
        raise UserError(found)
    return timing


def check_minutes(minutes: float | None) -> None:
    if minutes is not None and not 0 < minutes <= MAX_MINUTES:
        raise UserError(f"--minutes {minutes:g}: a session is more than 0 and at most {MAX_MINUTES:,} "
                        f"minutes (a week)")


@dataclass(frozen=True)
class HandActions:
    """What one hand asks of the clock, read off its record."""

    draws: int
    discards: int
    claims: int
    kongs: int
    won: bool
    passes_deal: bool  # the deal passes after this hand (a round counts passes)

    @classmethod
    def from_records(cls, records: np.ndarray, seats: int) -> list[HandActions]:
        out = []
        flowers = per_seat(records, "flowers", seats).sum(axis=1)
        for i, rec in enumerate(records):
            nxt_same_match = i + 1 < len(records) and records["match"][i + 1] == rec["match"]
            passes = not nxt_same_match or records["dealer"][i + 1] != rec["dealer"]
            turns, claims, kongs = int(rec["turns"]), int(rec["claims"]), int(rec["kongs"])
            # every turn starts with a draw but one made by a claim; kongs and
            # flowers add replacement draws
            draws = max(turns - claims, 0) + kongs + int(flowers[i])
            out.append(cls(draws, turns, claims, kongs, rec["outcome"] in L.WIN_OUTCOMES, bool(passes)))
        return out


@dataclass
class SessionResult:
    minutes: float
    hands: int
    rounds: int


def hands_stream(sim: Simulator, seed: int, session: int, batch: int = 8) -> Iterator[HandActions]:
    """The hands of one session, match after match."""
    first = session * MATCH_STRIDE
    while True:
        records = sim.play(seed, first, batch)
        yield from HandActions.from_records(records, sim.spec.seats)
        first += batch


def _hand(env: simpy.Environment, h: HandActions, t: dict[str, Duration], rng):
    """One hand at the table, phase by phase; each phase lasts the sum of its
    actions' times (every action drawn on its own)."""
    yield env.timeout(t["shuffle"].sample(rng) + t["dice"].sample(rng) + t["deal"].sample(rng))
    yield env.timeout(t["draw"].sample_sum(rng, h.draws))
    yield env.timeout(t["discard"].sample_sum(rng, h.discards) + t["claim_window"].sample_sum(rng, h.discards))
    yield env.timeout(t["claim"].sample_sum(rng, h.claims) + t["kong"].sample_sum(rng, h.kongs))
    if h.won:
        yield env.timeout(t["win"].sample(rng))
    yield env.timeout(t["settle"].sample(rng))


def _table(env, hands: Iterator[HandActions], t, rng, players: int, limit_hands, limit_rounds,
           limit_seconds, tally: dict):
    while True:
        if limit_hands is not None and tally["hands"] >= limit_hands:
            return
        if limit_rounds is not None and tally["passes"] >= limit_rounds * players:
            return
        if limit_seconds is not None and env.now >= limit_seconds:
            return
        h = next(hands)
        yield env.process(_hand(env, h, t, rng))
        tally["hands"] += 1
        tally["passes"] += h.passes_deal


def play_session(hands: Iterator[HandActions], timing: dict[str, Duration], players: int, rng,
                 hands_limit=None, rounds=None, minutes=None) -> SessionResult:
    env = simpy.Environment()
    tally = {"hands": 0, "passes": 0}
    seconds = None if minutes is None else minutes * 60
    env.process(_table(env, hands, timing, rng, players, hands_limit, rounds, seconds, tally))
    env.run()
    return SessionResult(env.now / 60, tally["hands"], tally["passes"] // players)


def run_sessions(rules: RuleSet, sessions: int, seed: int = 1, bots: str = DEFAULT_BOT, hands=None,
                 rounds=None, minutes=None, timing_override=None) -> list[SessionResult]:
    if sum(x is not None for x in (hands, rounds, minutes)) != 1:
        raise UserError("a session is --hands K, --rounds K or --minutes M (one of them)")
    check_minutes(minutes)
    timing = timing_of(rules, timing_override)
    sim = simulator(rules, bots)
    out = []
    for i in range(sessions):
        rng = np.random.default_rng(np.random.SeedSequence([seed, i, 0x7AB1E]))
        out.append(play_session(hands_stream(sim, seed, i), timing, rules.table.players, rng, hands,
                                rounds, minutes))
    return out


def _mean_ci(values: np.ndarray) -> tuple[float, list[float]]:
    n = len(values)
    x = np.asarray(values, float)
    m = (x.sum(), float(n), (x * x).sum(), x.sum(), float(n), n)
    v, lo, hi = ratio_ci(*m)
    return v, [lo, hi]


def session_summary(results: list[SessionResult], rules: RuleSet, seed: int, bots: str, kind: str,
                    size: float, timing: dict[str, Duration]) -> dict:
    minutes = np.array([r.minutes for r in results])
    hands = np.array([r.hands for r in results], float)
    rounds = np.array([r.rounds for r in results], float)
    hours = minutes / 60
    b = len(results)
    # hands per hour over all sessions: a ratio of sums, sessions are the unit
    hph = ratio_ci(hands.sum(), hours.sum(), (hands * hands).sum(), (hands * hours).sum(),
                   (hours * hours).sum(), b)
    mins_hand = ratio_ci(minutes.sum(), hands.sum(), (minutes * minutes).sum(), (minutes * hands).sum(),
                         (hands * hands).sum(), b)
    hpr = ratio_ci(hands.sum(), rounds.sum(), (hands * hands).sum(), (hands * rounds).sum(),
                   (rounds * rounds).sum(), b) if rounds.sum() else (0.0, 0.0, 0.0)
    length, length_ci = _mean_ci(minutes)
    pct = {f"p{q}": float(np.percentile(minutes, q)) for q in (5, 25, 50, 75, 95)}
    return {
        "rules": {"name": rules.name, "hash": rules.hash},
        "seed": seed, "bots": bots, "sessions": b, "session": {kind: size},
        "session_minutes": {"mean": length, "sd": float(minutes.std(ddof=1)) if b > 1 else 0.0, **pct},
        "hands_per_hour": hph[0],
        "minutes_per_hand": mins_hand[0],
        "hands_per_round": hpr[0],
        "hands_per_session": float(hands.mean()),
        "ci95": {"session_minutes": length_ci, "hands_per_hour": [hph[1], hph[2]],
                 "minutes_per_hand": [mins_hand[1], mins_hand[2]], "hands_per_round": [hpr[1], hpr[2]]},
        "timing_mean_seconds": {a: d.mean() for a, d in timing.items()},
        "session_minutes_all": minutes.round(3).tolist(),
    }


def _moments(x, n) -> np.ndarray:
    return np.array([x.sum(), n.sum(), (x * x).sum(), (x * n).sum(), (n * n).sum(), len(x)], float)


def compare_sessions(a: list[SessionResult], b: list[SessionResult]) -> dict:
    """Paired (session i of A and of B play the same matches) differences of the
    session figures, each as a ratio of sums with a match-free delta-method CI."""
    from .stats import Accumulator, PairedAccumulator, b_minus_a

    ha, hb = np.array([r.hands for r in a], float), np.array([r.hands for r in b], float)
    ma, mb = np.array([r.minutes for r in a], float), np.array([r.minutes for r in b], float)
    ra, rb = np.array([r.rounds for r in a], float), np.array([r.rounds for r in b], float)
    one = np.ones(len(a))
    figures = {"hands_per_hour": (ha, ma / 60, hb, mb / 60), "session_minutes": (ma, one, mb, one),
               "minutes_per_hand": (ma, ha, mb, hb), "hands_per_round": (ha, ra, hb, rb)}
    pa = PairedAccumulator(Accumulator(1), Accumulator(1))
    for name, (xa, na, xb, nb) in figures.items():
        pa.a.moments[name] = _moments(xa, na)
        pa.b.moments[name] = _moments(xb, nb)
        pa.cross[name] = np.array([(xa * xb).sum(), (xa * nb).sum(), (na * xb).sum(), (na * nb).sum()])
    out = {}
    for name in figures:
        c = b_minus_a(pa.compare(name))   # B − A, as compare's figures
        c["test"] = "paired over sessions"
        out[name] = c
    return out
