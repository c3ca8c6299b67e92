"""duel.json: two bot specifications played against each other, duplicate style.

Every match index is played once per seat arrangement: bot A takes one
player's place against three B (one arrangement per player), then two places
against two B (one per pair); with five players, one A against four and two
against three.  All arrangements play match m on the same walls (the engine's
randomness is keyed by seed, match, hand and purpose), and every player is A
equally often, so who sat where and who drew what cancel out of A − B.

The unit of pairing and of the intervals is the match index: for match m a
figure's numerator and denominator are summed over every arrangement and every
seat each side held, for A and for B, and ``PairedAccumulator.compare`` gives
the paired, match-clustered difference, as in ``compare``.  ``--hands N``
counts hands over all arrangements; play stops at the first whole match index
(all arrangements played) where the total reaches N.  A chunk returns its
per-match sums, so the cut needs no replay and the answer does not depend on
chunking or workers.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np

from ..bots.spec import parse_bots
from ..errors import UserError
from ..scoring import FACT_BIT
from ..scoring import layout as S
from ..settle import score
from ..stats import CROSS, MOMENTS, Accumulator, PairedAccumulator
from ..table import layout as L
from ..table.records import per_seat
from .chunks import drive, hands_of, load_done, save_chunk
from .execute import prepare
from .outdir import OutLock, WriteFailed, write_json
from .plan import Plan
from .summary import CUT, applied_variants, bound_warnings
from .until import half_width, parse_until, progress_note

DUEL_FILE = "duel.json"
A_SIZES = (1, 2)  # one A against the rest, then two against the rest

# (name, what it is per seat the bot held) in the order printed
METRICS = (
    ("points_per_hand", "mean points per hand"),
    ("win_rate", "share of hands won"),
    ("deal_in_rate", "share of hands its discard gave another player the win (放铳)"),
    ("self_draw_share", "share of its wins that were self-drawn"),
    ("hard_win_share", "share of its wins that were hard (硬牌)"),
    ("mean_win_points", "mean points in a hand it won"),
    ("fold_rate", "share of hands it gave up its hand to defend (0 for bots that never fold)"),
)


ITEM = "item:"   # a column of the share of a side's wins that applied one item of the table


def arrangements(players: int) -> list[tuple[int, ...]]:
    """The sets of players that bot A plays, in order: each single player, then each pair."""
    return [s for k in A_SIZES if k < players for s in combinations(range(players), k)]


def seat_bots(a: str, b: str, a_players: tuple[int, ...], players: int) -> str:
    return ",".join(a if p in a_players else b for p in range(players))


def check_bot(spec: str, side: str) -> str:
    spec = spec.strip()
    if not spec or "," in spec:
        raise UserError(f"duel: {side} must be one bot entry such as greedy or greedy:claim=0.5, "
                        f"got {spec!r}")
    try:
        parse_bots(spec, 1)
    except UserError as exc:  # the message names --bots; here the bot is a positional argument
        raise UserError(f"duel {side}: {str(exc).removeprefix('--bots: ')}") from None
    return spec


def make_duel_plan(a: str, b: str, rules: str = "ruian", variants=(), hands: int = 10_000, seed: int = 1,
                   chunk_matches: int = 100, until: str | None = None, max_hands: int = 0) -> Plan:
    """With ``until`` (--until-ci METRIC=HALFWIDTH, checked by the caller) ``hands`` is the
    least played and ``max_hands`` the budget."""
    from ..ruleset import load_with_origins

    a, b = check_bot(a, "A"), check_bot(b, "B")
    rs, merged = load_with_origins(rules, variants)
    extra = {"duel": {"a": a, "b": b}}
    if until:
        extra.update(until_ci=until, min_hands=hands)
    return Plan(rules=dict(merged.data), rules_name=rs.name, variants=applied_variants(rs.files), seed=seed,
                hands=max_hands if until else hands, bots=f"duel {a} vs {b}", chunk_matches=chunk_matches,
                extra=extra, max_hands=max_hands if until else 0)


# --- one chunk, in a worker --------------------------------------------------------------
@dataclass(frozen=True)
class DuelJob:
    rules: dict
    rules_key: str
    a: str
    b: str
    seed: int
    first_match: int
    matches: int
    index: int


def _side_columns(records: np.ndarray, scored, seats: int, on_side: np.ndarray) -> dict[str, tuple]:
    """Per hand: (numerator, denominator) of every metric, summed over the seats whose player
    ``on_side[player]`` marks."""
    n_h = len(records)
    won = np.isin(records["outcome"], L.WIN_OUTCOMES)
    winners = records["winners"].astype(np.int64)
    discarder = records["discarder"].astype(np.int64)
    players = per_seat(records, "player", seats).astype(np.int64)
    facts = per_seat(records, "facts", seats).astype(np.int64)
    hard = per_seat(records, "hard", seats)
    folded = per_seat(records, "folded", seats) if "folded_0" in records.dtype.names else np.zeros(
        (n_h, seats), np.int64)
    z = np.zeros(n_h)
    out = {name: [z.copy(), z.copy()] for name, _ in METRICS}
    for s in range(seats):
        mine = on_side[players[:, s]].astype(float)
        win = (won & (((winners >> s) & 1) == 1)).astype(float) * mine
        pts = scored.seat_points[:, s] * mine
        dealt_in = won & (discarder == s) & (((winners >> s) & 1) == 0)
        for name, x, n in (
                ("points_per_hand", pts, mine),
                ("win_rate", win, mine),
                ("deal_in_rate", dealt_in * mine, mine),
                ("self_draw_share", win * ((facts[:, s] & FACT_BIT["self_drawn"]) != 0), win),
                ("hard_win_share", win * (hard[:, s] != 0), win),
                ("mean_win_points", pts * win, win),
                ("fold_rate", (folded[:, s] != 0) * mine, mine)):
            out[name][0] += x
            out[name][1] += n
        words = (scored.parts[:, s, S.OUT_ITEMS].astype(np.int64), scored.parts[:, s, S.OUT_ITEMS2].astype(np.int64))
        for i, item in enumerate(scored.item_names):
            has = ((words[i // S.ITEM_BITS] >> (i % S.ITEM_BITS)) & 1).astype(float)
            col = out.setdefault(ITEM + item, [z.copy(), z.copy()])
            col[0] += win * has
            col[1] += win
    return out


def run_duel_job(job: DuelJob) -> dict:
    """Play matches first_match .. first_match + matches - 1 in every arrangement; per match,
    each metric's A and B sums over all arrangements, and the hands played."""
    from .worker import simulator

    t = time.perf_counter()
    players = _players(job.rules)
    hands = np.zeros(job.matches)
    cols = {}  # per metric (and item:NAME): xa, na, xb, nb per match
    bound_cut = np.zeros(job.matches, np.int64)   # per match: arrangements the hand bound cut short
    for a_players in arrangements(players):
        sim = simulator(job.rules, job.rules_key, seat_bots(job.a, job.b, a_players, players))
        before = sim.cut_matches
        records = sim.play(job.seed, job.first_match, job.matches)
        scored = score(records, sim.rules)
        m = records["match"].astype(np.int64) - job.first_match
        per = np.bincount(m, minlength=job.matches)
        hands += per
        if sim.cut_matches > before:
            bound_cut += _cut_matches(sim, job, per)
        is_a = np.isin(np.arange(players), a_players)
        for row, side in ((0, is_a), (2, ~is_a)):
            for name, (x, n) in _side_columns(records, scored, sim.spec.seats, side).items():
                cols.setdefault(name, np.zeros((4, job.matches)))
                np.add.at(cols[name][row], m, x)
                np.add.at(cols[name][row + 1], m, n)
    return {"index": job.index, "first_match": job.first_match, "matches": job.matches,
            "hands_per_match": hands.astype(int).tolist(), "seconds": time.perf_counter() - t,
            "cols": {k: v.tolist() for k, v in cols.items()}, "bound_cut": bound_cut.tolist()}


def _cut_matches(sim, job: DuelJob, per: np.ndarray) -> np.ndarray:
    """Which matches of a chunk the hand bound cut (the kernel counts them per call):
    of those that reached the bound, each played again alone (rare: a few a run), so
    that the last chunk, kept up to a match, keeps its own count."""
    out = np.zeros(len(per), np.int64)
    for i in np.flatnonzero(per >= sim.spec.max_hands_per_match):
        before = sim.cut_matches
        sim.play(job.seed, job.first_match + int(i), 1)
        out[i] = sim.cut_matches - before
    return out


def _players(rules: dict) -> int:
    return int(rules["table"]["players"])


# --- merging --------------------------------------------------------------------------
def paired(cols: dict[str, np.ndarray], players: int) -> PairedAccumulator:
    """A PairedAccumulator from per-match sums (rows xa, na, xb, nb), one match index a cluster."""
    acc = PairedAccumulator(Accumulator(players), Accumulator(players))
    for name, (xa, na, xb, nb) in cols.items():
        for side, x, n in ((acc.a, xa, na), (acc.b, xb, nb)):
            side.moments[name] = np.array([x.sum(), n.sum(), (x * x).sum(), (x * n).sum(), (n * n).sum(),
                                           len(x)])
        acc.cross[name] = np.array([(xa * xb).sum(), (xa * nb).sum(), (na * xb).sum(), (na * nb).sum()])
    assert all(len(v) == MOMENTS for v in acc.a.moments.values()) and CROSS == 4
    return acc


def duel_dict(plan: Plan, results: list[dict], wall_seconds: float | None, played: int) -> dict:
    """duel.json from the chunks in order (the last one cut at the match that reaches the target)."""
    a, b = plan.extra["duel"]["a"], plan.extra["duel"]["b"]
    players = _players(plan.rules)
    arr = arrangements(players)
    cols = {name: np.concatenate([np.array(r["cols"][name], float) for r in results], axis=1)
            for name, _ in METRICS}
    hpm = np.concatenate([np.array(r["hands_per_match"], float) for r in results])
    # the table's items, where every chunk counted them (chunks saved before the duel did are not)
    items = [k for k in results[0]["cols"] if k.startswith(ITEM) and all(k in r["cols"] for r in results)]
    cols.update({k: np.concatenate([np.array(r["cols"][k], float) for r in results], axis=1) for k in items})
    acc = paired(cols, players)
    metrics = {}
    for name, what in METRICS:
        m = acc.compare(name)
        m.pop("test", None)
        metrics[name] = {"what": what, **m}
    shares = {}
    for k in items:
        if cols[k][0].sum() + cols[k][2].sum() > 0:   # an item neither side's win applied says nothing
            m = acc.compare(k)
            m.pop("test", None)
            shares[k.removeprefix(ITEM)] = m
    hands = int(hpm.sum())
    return {
        "hands": hands,
        "matches": len(hpm),
        "seed": plan.seed,
        "rules": {"name": plan.rules_name, "hash": plan.ruleset.hash, "variants": list(plan.variants)},
        "a": {"bots": a},
        "b": {"bots": b},
        "arrangements": [{"a_players": list(s), "bots": seat_bots(a, b, s, players)} for s in arr],
        "pairing": f"duplicate: each of {len(hpm):,} match indices is played in all {len(arr)} seat "
                   f"arrangements on the same walls, every player A equally often; a figure sums each "
                   f"side's seats over the arrangements, and intervals and p-values treat the match index "
                   f"as the unit (paired t over match indices, the same t for both: p < 0.05 exactly when "
                   f"the 95% CI excludes 0)",
        "metrics": metrics,
        "items": shares,
        "hands_per_second": played / wall_seconds if wall_seconds and played else None,
        "cpu_seconds": sum(r.get("seconds", 0.0) for r in results),
        "warnings": _bound_warnings(plan, results, len(hpm) * len(arr)),
    }


def _bound_warnings(plan: Plan, results: list[dict], played: int) -> list[str]:
    """Matches the hand bound cut short, over every arrangement (summary.bound_warnings)."""
    n = sum(sum(r.get("bound_cut", [])) for r in results)
    acc = Accumulator(_players(plan.rules), hist={CUT: Counter({1: n})} if n else {}, matches=played)
    return bound_warnings(acc, plan.ruleset)


# --- driving the chunks ------------------------------------------------------------------
def run_duel(plan: Plan, out: Path, backend, quiet: bool = True, resume: bool = False, warm: bool = True) -> dict:
    """Play the duel on the backend's executor; write and return duel.json's content.
    OUT is locked for the duel; a write that fails keeps the finished chunks."""
    out = Path(out)
    with OutLock(out, "ruian-sim duel"):
        try:
            return _run_duel(plan, out, backend, quiet, resume, warm)
        except WriteFailed as exc:
            n = len(list((out / "chunks").glob("chunk-*.json")))
            raise exc.kept(f"; {n} finished chunks and plan.json are kept in {out}: free some space, then "
                           f"finish with: ruian-sim duel --resume {out}") from None


def warm_duel(plan: Plan) -> None:
    """The engine compiled (or loaded) for every arrangement of the duel's bots: one match each."""
    from .worker import simulator

    a, b = plan.extra["duel"]["a"], plan.extra["duel"]["b"]
    for s in arrangements(_players(plan.rules)):
        simulator(plan.rules, plan.key, seat_bots(a, b, s, _players(plan.rules))).play_raw(plan.seed, 0, 1)


def _run_duel(plan: Plan, out: Path, backend, quiet: bool, resume: bool, warm: bool) -> dict:
    from .owner import claim, rules_id

    claim(out, "duel", rules_id(plan.rules), plan.rules_name)
    prepare(plan, out, resume)
    done = load_done(out, plan.key, plan.chunk_matches)
    arr = len(arrangements(_players(plan.rules)))
    a, b = plan.extra["duel"]["a"], plan.extra["duel"]["b"]

    def job(index: int) -> DuelJob:
        return DuelJob(plan.rules, plan.key, a, b, plan.seed,
                       plan.first_match + index * plan.chunk_matches, plan.chunk_matches, index)

    if backend.in_process and warm:
        warm_duel(plan)   # compile / load once; forked workers inherit it (the CLI has, under its notice)
    from .progress import progress_bar

    progress = progress_bar(plan.hands, f"{a} vs {b}", quiet)
    t0 = time.perf_counter()
    until = parse_until(plan.extra.get("until_ci"))
    prefix = [None, 0]               # with --until-ci: the chunks taken so far, merged, and their hands

    def enough(index: int, r: dict):
        # a whole chunk at a time: where it stops depends on the chunking
        chunk = paired({k: np.array(v, float) for k, v in r["cols"].items()}, _players(plan.rules))
        prefix[0] = chunk if prefix[0] is None else prefix[0] + chunk
        prefix[1] += hands_of(r)
        half = half_width(prefix[0].compare(until[0])["ci95"])
        return prefix[1] >= plan.extra["min_hands"] and half < until[1], progress_note(until[0], half, until[1])

    try:
        results, taken, cut = drive(
            backend.executor, backend.workers, run_duel_job, job, plan.hands, done,
            lambda i, r: save_chunk(out, plan.key, plan.chunk_matches, i, r), guess=plan.chunk_matches * arr * 5.0,
            progress=progress, stop=enough if until else None,
            interrupted=lambda res: f"interrupted: {len(res)} chunks are saved in {out}; resume with: "
                                    f"ruian-sim duel --resume {out}")
    finally:
        if progress:
            progress.close()
    kept = [results[i] for i in range(taken + 1)]
    last = dict(kept[-1])
    last["hands_per_match"] = last["hands_per_match"][:cut]
    last["cols"] = {k: [row[:cut] for row in v] for k, v in last["cols"].items()}
    if "bound_cut" in last:
        last["bound_cut"] = last["bound_cut"][:cut]
    kept[-1] = last
    played = sum(sum(r["hands_per_match"]) for i, r in enumerate(kept) if i not in done)
    duel = duel_dict(plan, kept, time.perf_counter() - t0, played)
    duel["run"] = {"chunks": taken + 1, "resumed_chunks": len([i for i in done if i <= taken]),
                   "workers": backend.workers, "backend": backend.label}
    if until:
        half = half_width(duel["metrics"][until[0]]["ci95"])
        duel["until_ci"] = {"metric": until[0], "half_width": until[1], "reached": bool(half < until[1]),
                            "min_hands": plan.extra["min_hands"], "max_hands": plan.max_hands}
    write_json(out / DUEL_FILE, duel)
    return duel


# --- the table ------------------------------------------------------------------------------
def format_duel(d: dict) -> str:
    from .compare import _ci, _grid, _num, _p, _value, no_interval_note

    n_arr = len(d["arrangements"])
    sizes = sorted({len(x["a_players"]) for x in d["arrangements"]})
    players = len(d["arrangements"][0]["bots"].split(","))
    kinds = ", ".join(f"{k} A vs {players - k} B: {sum(len(x['a_players']) == k for x in d['arrangements'])}"
                      for k in sizes)
    head = (f"duel on {d['rules']['name']} ({d['rules']['hash']}): A = {d['a']['bots']}, "
            f"B = {d['b']['bots']}; {d['hands']:,} hands = {d['matches']:,} "
            f"match{'es' if d['matches'] != 1 else ''} × {n_arr} seat "
            f"arrangements ({kinds}), seed {d['seed']}")
    lines = [head]
    rows = [["metric", "A", "B", "A − B", "paired 95% CI", "p"]]
    for name, m in d["metrics"].items():
        rows.append([name, _value(m["a"]), _value(m["b"]), _num(m["diff"]), _ci(m["ci95"]), _p(m["p"])])
    lines += _grid(rows, right={1, 2, 3, 5})
    lines.append("each figure is per seat the bot held, over all arrangements; intervals and p-values treat "
                 "the match index (all its arrangements) as the unit: paired t, the same t for both (p < 0.05 "
                 "exactly when the CI excludes 0)")
    if d.get("items"):
        rows = [["item (share of wins)", "A", "B", "A − B", "paired 95% CI", "p"]]
        for name, m in d["items"].items():
            rows.append([name, _value(m["a"]), _value(m["b"]), _num(m["diff"]), _ci(m["ci95"]), _p(m["p"])])
        lines += _grid(rows, right={1, 2, 3, 5})
    lines += no_interval_note(d["metrics"], "match indices")
    return "\n".join(lines) + "\n"
