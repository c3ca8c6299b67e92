"""What a run is: rules, seed, hand target, bots, chunking.  Saved as
plan.json in the output directory so that an interrupted run resumes with
exactly the same rules (the merged rules are stored, not file names)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..errors import UserError
from ..ruleset import RuleSet
from ..ruleset.model import build

PLAN_FILE = "plan.json"
MAX_CHUNK = 1000   # matches per chunk at most: a few seconds of work
# what --chunk-matches may ask: a chunk is the unit of progress and of --resume, and
# 1,000,000,000 played as one chunk that never ended (nothing shown, nothing saved)
CHUNK_LIMIT = 10_000
DUEL_CHUNK_LIMIT = 1_000   # each of a duel's match indices is played in every seat arrangement
HANDS_LIMIT = 10**12       # --hands, --max-hands: more is a run that does not end


def auto_chunk(hands: int, given: int | None = None) -> int:
    """Matches per chunk: ``given`` (--chunk-matches), or about one eighth of a
    run of ``hands`` (taking a match as about five hands), between 10 and
    MAX_CHUNK.  A chunk is the unit of work, progress and resume, and a run
    plays its last chunk whole before cutting it to the target: 1000 matches
    for a 100-hand run was 5,000 hands played to keep 100.  Records do not
    depend on it (each match has its own seed)."""
    if given is not None:
        return given
    return max(10, min(MAX_CHUNK, -(-hands // 40)))


@dataclass(frozen=True)
class Plan:
    rules: dict                 # the merged rule mapping
    rules_name: str
    variants: tuple[str, ...]
    seed: int
    hands: int                  # play whole matches until at least this many hands
    bots: str
    chunk_matches: int = 1000   # matches per chunk: a few seconds of work
    records: bool = False       # keep per-hand rows (Parquet)
    first_match: int = 0
    extra: dict = field(default_factory=dict)
    rules_b: dict | None = None     # a comparison: the other rule set, on the same seeds
    rules_name_b: str = ""
    variants_b: tuple[str, ...] = ()
    max_hands: int = 0              # --until-ci: budget cap (0: none)

    @property
    def ruleset(self) -> RuleSet:
        return build(self.rules)

    @property
    def ruleset_b(self) -> RuleSet | None:
        return build(self.rules_b) if self.rules_b is not None else None

    @property
    def paired(self) -> bool:
        return self.rules_b is not None

    @property
    def key(self) -> str:
        """What the results depend on (not chunking, workers or the clock)."""
        body = json.dumps({"rules": self.rules, "rules_b": self.rules_b, "seed": self.seed,
                           "bots": self.bots, "first_match": self.first_match}, sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def save(self, out: Path) -> None:
        save_plan(self, out, PLAN_FILE)

    @classmethod
    def load(cls, out: Path) -> Plan:
        return load_plan(cls, out, PLAN_FILE, "run")


def save_plan(plan, out: Path, name: str) -> None:
    """A job's plan (a dataclass) as ``OUT/name``, whole or not at all (a failure of any
    kind leaves no temporary file: outdir.write_text)."""
    from .outdir import write_text

    write_text(Path(out) / name, json.dumps(asdict(plan), indent=1, ensure_ascii=False) + "\n")


def load_plan(cls, out: Path, name: str, what: str):
    """A plan saved by save_plan, its tuples tuples again, checked as its
    options were when it was made (check_saved)."""
    path = Path(out) / name
    if not path.is_file():
        raise UserError(f"--resume {out}: no {name} there (not a {what} directory)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        for f in fields(cls):
            if str(f.type).startswith("tuple") and f.name in data:
                data[f.name] = tuple(data[f.name])
        plan = cls(**data)
    except (ValueError, TypeError, KeyError, OSError) as exc:
        raise UserError(f"--resume {out}: {name} is damaged ({exc})") from None
    check_saved(plan, out, name)
    return plan


def _whole_number(v, low: int, high: int = 2**64 - 1) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def check_saved(plan, out, name: str) -> None:
    """A saved plan, read back, is checked as its options were when it was made: the rules by
    the rule validator, the numbers by their ranges (a plan.json edited by hand or cut short
    is refused in one line, not a traceback later)."""
    from ..bots.spec import parse_bots
    from ..ruleset.source import Source
    from ..ruleset.validate import problems

    def damaged(why: str):
        return UserError(f"--resume {out}: {name} is damaged ({why}); start the job again in another "
                         f"--out, or remove {Path(out) / name}")

    fields = (("seed", 0, 2**64 - 1), ("hands", 1, HANDS_LIMIT), ("chunk_matches", 1, CHUNK_LIMIT),
              ("first_match", 0, 2**63 - 1), ("max_hands", 0, 20 * HANDS_LIMIT))
    for field_name, low, high in fields:
        v = getattr(plan, field_name, low)
        if _whole_number(v, low) and v > high:
            raise damaged(f"{field_name} is {v!r}, more than {high:,}")
        if not _whole_number(v, low):
            raise damaged(f"{field_name} is {v!r}, not a whole number from {low}")
    if not isinstance(plan.bots, str) or not isinstance(getattr(plan, "extra", {}), dict):
        raise damaged("bots or extra has the wrong type")
    for side in ("rules", "rules_b"):
        rules = getattr(plan, side, None)
        if rules is None and side == "rules_b":
            continue
        if not isinstance(rules, dict):
            raise damaged(f"{side} is not a mapping")
        found = problems(Source(str(Path(out) / name), rules))
        if found:
            first = found[0]
            raise damaged(f"{side}: {first.path + ': ' if first.path else ''}{first.message}")
    if "duel" not in plan.extra:
        try:
            parse_bots(plan.bots, build(plan.rules).table.players)
        except UserError as exc:
            raise damaged(f"bots: {exc}") from None
