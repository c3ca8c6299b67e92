"""What a run is: rules, seed, hand target, bots, chunking.  Saved as
plan.json in the output directory so that an interrupted run resumes with
exactly the same rules (the merged rules are stored, not file names)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..errors import UserError
from ..ruleset import RuleSet
from ..ruleset.model import build

PLAN_FILE = "plan.json"


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
        out.mkdir(parents=True, exist_ok=True)
        data = asdict(self)
        data["variants"] = list(self.variants)
        data["variants_b"] = list(self.variants_b)
        tmp = out / (PLAN_FILE + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(out / PLAN_FILE)

    @classmethod
    def load(cls, out: Path) -> Plan:
        path = Path(out) / PLAN_FILE
        if not path.is_file():
            raise UserError(f"--resume {out}: no {PLAN_FILE} there (not a run directory)")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            data["variants"] = tuple(data["variants"])
            data["variants_b"] = tuple(data.get("variants_b", ()))
            return cls(**data)
        except (ValueError, TypeError, KeyError) as exc:
            raise UserError(f"--resume {out}: {PLAN_FILE} is damaged ({exc})") from None
