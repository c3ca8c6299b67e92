"""Which job a directory belongs to: ``OUT/job.json``, written before anything else.

A directory holds one job's work.  A `session` written beside a `run` once gave
the report a Ruian run's points per hour from a Taiwanese session's clock, and a
`sweep` beside a run wrote its chunks over the run's.  So every job that writes
into a directory names itself there first, and refuses a directory another job
(or the same job on other rules) owns; ``--resume`` of the owner goes on.  A
directory written before job.json existed is read by the plan or output it holds.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..errors import UserError
from .outdir import write_json

OWNER_FILE = "job.json"
# the file each job's result is in (what `report` reads from a directory it owns)
RESULT = {"run": "summary.json", "compare": "comparison.json", "duel": "duel.json", "sweep": "sweep.json",
          "session": "session.json"}
# what a directory written before job.json holds, and whose it is
_LEGACY = (("sweep-plan.json", "sweep"), ("plan.json", None), ("comparison.json", "compare"),
           ("duel.json", "duel"), ("sweep.json", "sweep"), ("summary.json", "run"), ("session.json", "session"))


def rules_id(*rules) -> str:
    """The identity of the rules a job plays (merged rule mappings)."""
    return hashlib.sha256(json.dumps(rules, sort_keys=True, ensure_ascii=False).encode("utf-8",
                          "surrogatepass")).hexdigest()[:16]


def _plan_job(path: Path) -> str:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "run"
    if not isinstance(data, dict):
        return "run"
    if isinstance(data.get("extra"), dict) and "duel" in data["extra"]:
        return "duel"
    return "compare" if data.get("rules_b") is not None else "run"


def owner_of(out: Path, legacy: bool = True) -> dict | None:
    """``{"job", "rules", "rules_name"}`` of the job that owns ``out``, or None (nobody's).
    Without job.json (``legacy``): the job whose plan or output the directory holds."""
    out = Path(out)
    path = out / OWNER_FILE
    if path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict) or data.get("job") not in RESULT:
            raise UserError(f"{path}: damaged (it names the job that owns {out}); remove it if you know "
                            f"which job wrote there, or choose another --out")
        return data
    if not legacy:
        return None
    for name, job in _LEGACY:
        if (out / name).is_file():
            return {"job": job or _plan_job(out / name), "rules": None, "rules_name": None}
    return None


def check_owner(out: Path, job: str, rules: str | None = None, rules_name: str = "") -> None:
    """Refuse ``out`` if another job owns it, or the same job on other rules."""
    owner = owner_of(out)
    if owner is None:
        return
    if owner["job"] != job:
        raise UserError(f"--out {out}: holds a `ruian-sim {owner['job']}` job's files ({_why(out)}); "
                        f"`ruian-sim {job}` writes in a directory of its own: choose another --out")
    if rules is not None and owner.get("rules") not in (None, rules):
        raise UserError(f"--out {out}: holds a `ruian-sim {job}` of other rules ({owner.get('rules_name') or '?'} "
                        f"in {OWNER_FILE}, not {rules_name or 'these'}); choose another --out")


def of_plan(plan) -> tuple[str, str, str]:
    """(job, rules, their name) of a run's or comparison's plan."""
    if plan.paired:
        return "compare", rules_id(plan.rules, plan.rules_b), f"{plan.rules_name} vs {plan.rules_name_b}"
    return "run", rules_id(plan.rules, None), plan.rules_name


def claim(out: Path, job: str, rules: str, rules_name: str) -> None:
    """``out`` is ``job``'s (on these rules): refused if another's, else job.json written."""
    check_owner(out, job, rules, rules_name)
    if not (Path(out) / OWNER_FILE).is_file():
        write_json(Path(out) / OWNER_FILE, {"job": job, "rules": rules, "rules_name": rules_name})


def _why(out: Path) -> str:
    if (out / OWNER_FILE).is_file():
        return OWNER_FILE
    return next(name for name, _ in _LEGACY if (out / name).is_file())
