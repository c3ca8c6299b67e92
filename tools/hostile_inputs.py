"""The second adversarial round's inputs (issue 51), our own copies, run as a user
would run them: each answers by the contract (exit 2 and one line; a warning where
play is cut; a refusal where the numbers can't be right) within a minute and 2 GB.

    python tools/hostile_inputs.py            # every case, a table, exit 1 if any fails
    python tools/hostile_inputs.py -k records # the cases whose name holds 'records'

Run it with warm caches (`ruian-sim run --hands 100` and `--rules taiwanese` once):
a first compile takes minutes and is no answer to a hostile input.  The tests hold
each case too (tests/runner, tests/ruleset, tests/test_api.py, ...); this tool
counts them in one place, with the time and memory each took."""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

LIMIT_SECONDS, LIMIT_MB = 60, 2048
CLI = [sys.executable, "-m", "ruian_sim.cli"]


@dataclass
class Done:
    code: int | None     # None: killed at the time limit
    out: str
    err: str
    seconds: float
    mb: float


def run(argv, cwd: Path, stdin: str = "", env=None, limit: float = LIMIT_SECONDS) -> Done:
    """One command, its time and its peak memory (os.wait4 of the child)."""
    start = time.monotonic()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=out, stderr=err, text=True,
                                env={**os.environ, **(env or {})})
        try:
            proc.stdin.write(stdin)
            proc.stdin.close()
        except BrokenPipeError:
            pass
        deadline, code, usage = start + limit, None, None
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            time.sleep(0.05)
        if code is None:
            proc.kill()
            _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = code if code is not None else -9
        out.seek(0)
        err.seek(0)
        return Done(code, out.read(), err.read(), time.monotonic() - start, usage.ru_maxrss / 1024)


def cli(*args, **kw):
    return lambda d: run([*CLI, *map(str, args)], d, **kw)


def py(code: str):
    return lambda d: run([sys.executable, "-c", code], d)


def one_line(done: Done, code: int = 2) -> bool:
    lines = done.err.strip().splitlines()
    return done.code == code and len(lines) == 1 and "Traceback" not in done.err


def write(d: Path, name: str, text: str | bytes) -> Path:
    p = d / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return p


# --- the cases: (name, class, do(d) -> Done, kept(done, d) -> bool) ---------------------------------

def _p_and_ci_agree(path: Path) -> bool:
    """Every figure with an unadjusted p and a 95% interval: p < 0.05 exactly when 0 is outside."""
    data = json.loads(path.read_text())
    seen = 0

    def walk(x):
        nonlocal seen
        if isinstance(x, dict):
            p, ci = x.get("p"), x.get("ci95")
            if isinstance(p, float) and isinstance(ci, list) and len(ci) == 2 and None not in ci:
                seen += 1
                if (p < 0.05) != (ci[0] > 0 or ci[1] < 0):
                    raise AssertionError(f"p {p} beside {ci}")
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    try:
        walk(data)
    except AssertionError:
        return False
    return seen > 0


def _tampered_resume(d: Path) -> Done:
    first = run([*CLI, "run", "--hands", "400", "--bots", "greedy", "--chunk-matches", "5", "--out", "o"], d)
    assert first.code == 0, first.err
    chunk = sorted((d / "o" / "chunks").glob("chunk-*.json"))[0]
    data = json.loads(chunk.read_text())
    text = json.dumps(data).replace('"hands": ', '"hands": 1', 1)  # an edited count
    chunk.write_text(text)
    (d / "o" / "summary.json").unlink()
    return run([*CLI, "run", "--resume", "o"], d)


def _into_a_run(command: list[str]):
    def do(d: Path) -> Done:
        first = run([*CLI, "run", "--hands", "100", "--bots", "random", "--out", "o"], d)
        assert first.code == 0, first.err
        return run([*CLI, *command, "--out", "o"], d)
    return do


def _same_records(d: Path) -> Done:
    first = run([*CLI, "run", "--hands", "100", "--bots", "random", "--out", "a", "--records", "r.parquet"], d)
    assert first.code == 0, first.err
    return run([*CLI, "run", "--hands", "100", "--bots", "random", "--seed", "2", "--out", "b",
                "--records", "r.parquet"], d)


def _silent_port(d: Path) -> Done:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(4)
        return run([*CLI, "run", "--hands", "10", "--bots", "random", "--backend", "dask", "--scheduler",
                    f"tcp://127.0.0.1:{s.getsockname()[1]}", "--out", "o"], d)


def _report_outside(d: Path) -> Done:
    first = run([*CLI, "run", "--hands", "100", "--bots", "random", "--out", "o"], d)
    assert first.code == 0, first.err
    s = json.loads((d / "o" / "summary.json").read_text())
    s["draw_rate"] = 5.0
    (d / "o" / "summary.json").write_text(json.dumps(s))
    return run([*CLI, "report", "o"], d)


def _summary_warns(d: Path) -> bool:
    try:
        return bool(json.loads((d / "o" / "summary.json").read_text())["warnings"])
    except (OSError, KeyError, ValueError):
        return False


RULE = "extends: {base}\n{body}"


def _validate(body: str, base: str = "ruian"):
    return lambda d: run([*CLI, "validate", write(d, "r.yaml", RULE.format(base=base, body=body))], d)
CASES = [
    # silent wrong numbers
    ("compare: p beside its CI", "wrong number",
     cli("compare", "ruian", "ruian+discarder-pays", "--hands", "8", "--seed", "1", "--bots", "greedy", "--out", "o"),
     lambda r, d: r.code == 0 and _p_and_ci_agree(d / "o" / "comparison.json")),
    ("duel: p beside its CI", "wrong number",
     cli("duel", "greedy", "random", "--hands", "400", "--seed", "1", "--out", "o"),
     lambda r, d: r.code == 0 and any(_p_and_ci_agree(p) for p in (d / "o").glob("*.json"))),
    ("resume: an edited chunk", "wrong number", _tampered_resume,
     lambda r, d: r.code == 0 and "chunk" in r.err and "again" in r.err),
    ("session into a run's directory", "wrong number", _into_a_run(["session", "--sessions", "2", "--rounds", "1"]),
     lambda r, d: one_line(r)),
    ("sweep into a run's directory", "wrong number",
     _into_a_run(["sweep", "--param", "scoring.base.other=1,2", "--hands", "100"]), lambda r, d: one_line(r)),
    ("taiwanese (streak_cap 0): the hand bound of a match", "wrong number",
     cli("run", "--rules", "taiwanese", "--hands", "800", "--bots", "random", "--out", "o"),
     lambda r, d: r.code == 0 and _summary_warns(d)),
    ("two runs, one --records file", "wrong number", _same_records, lambda r, d: one_line(r)),
    ("--records inside OUT/records", "wrong number",
     cli("run", "--hands", "100", "--bots", "random", "--out", "o", "--records", "o/records/x.parquet"),
     lambda r, d: one_line(r)),
    ("side money past 2**53", "wrong number",
     lambda d: run([*CLI, "validate", write(d, "r.yaml", RULE.format(
         base="ruian", body="scoring:\n  wild_money: {amount: 9007199254740993}\n"))], d),
     lambda r, d: one_line(r) and "r.yaml:" in r.err),
    ("API: simulate(seed=1.9)", "wrong number",
     py("import ruian_sim as rs\nfrom ruian_sim.errors import UserError\n"
        "try: rs.simulate(seed=1.9, hands=10, bots='random')\nexcept UserError as e: print(e)"),
     lambda r, d: r.out.startswith("seed:")),
    ("API: simulate(hands=-5)", "wrong number",
     py("import ruian_sim as rs\nfrom ruian_sim.errors import UserError\n"
        "try: rs.simulate(hands=-5, bots='random')\nexcept UserError as e: print(e)"),
     lambda r, d: r.out.startswith("hands:")),
    ("API: one rule set's records scored by another", "wrong number",
     py("import ruian_sim as rs\nfrom ruian_sim.errors import UserError\nr = rs.records(matches=1, bots='random')\n"
        "try: rs.score(r, rs.load_rules('taiwanese'))\nexcept UserError as e: print(e)"),
     lambda r, d: "played under other rules" in r.out),
    # hangs
    ("tiles.copies: 8", "hang",
     _validate("tiles:\n  copies: 8\nwall:\n  stacks_per_side: 34\n  stack_height: 2\n"),   # a wall that fits
     lambda r, d: one_line(r) and "r.yaml:" in r.err),
    ("--chunk-matches 1000000000", "hang",
     cli("run", "--hands", "100", "--bots", "random", "--chunk-matches", "1000000000", "--out", "o"),
     lambda r, d: one_line(r)),
    ("--scheduler at a silent port", "hang", _silent_port, lambda r, d: one_line(r)),
    # tracebacks
    ("report: a point outside its interval", "traceback", _report_outside, lambda r, d: one_line(r)),
    ("a non-UTF-8 --out", "traceback",
     lambda d: run([*CLI, "run", "--hands", "10", "--bots", "random", "--out", os.fsdecode(b"bad\xff")], d),
     lambda r, d: one_line(r) and not list(d.rglob("plan.json.tmp"))),
    ("a formula 500 levels deep", "traceback",
     lambda d: run([*CLI, "validate", write(d, "r.yaml", RULE.format(
         base="ruian", body="scoring:\n  items:\n    deep: {points: 1, per: '" + "(" * 500 + "pungs" + ")" * 500 + "'}\n"))], d),
     lambda r, d: one_line(r) and "r.yaml:" in r.err),
    ("players: 4.0", "traceback",
     lambda d: run([*CLI, "validate", write(d, "r.yaml", RULE.format(base="ruian", body="table:\n  players: 4.0\n"))], d),
     lambda r, d: one_line(r) and "r.yaml:" in r.err),
    ("--scheduler tcp://[::1", "traceback",
     cli("run", "--hands", "10", "--bots", "random", "--backend", "dask", "--scheduler", "tcp://[::1", "--out", "o"),
     lambda r, d: one_line(r)),
    ("a formula of 64 powers", "traceback", _validate("scoring:\n  value: '" + "**".join(["1"] * 64) + " * times * base'\n"),
     lambda r, d: one_line(r) and "r.yaml:3:" in r.err),
    ("kong money past 2**53", "wrong number",
     _validate("scoring:\n  kongs: {exposed: 9007199254740992, added: 1, concealed: 1}\n"),
     lambda r, d: one_line(r) and "r.yaml:3:" in r.err),
    # unclear
    ("a user's overflowing base, told at its own line", "unclear",
     _validate("scoring:\n  base: {dealer: [9007199254740992], other: 9007199254740992}\n"),
     lambda r, d: one_line(r) and r.err.startswith("r.yaml:3:")),
    ("a division by a fact in play", "unclear",
     lambda d: run([*CLI, "run", "--rules", write(d, "r.yaml", RULE.format(
         base="ruian", body='scoring:\n  value: "times * base // kongs"\n')), "--hands", "50", "--bots", "random",
                    "--out", "o"], d),
     lambda r, d: r.code == 2 and "Traceback" not in r.err and r.err.strip().splitlines()[-1].startswith("r.yaml:3:")),
    ("a timing validate took and session refused", "unclear",
     _validate("timing:\n  draw: {dist: uniform, low: 5, high: 2}\n"), lambda r, d: one_line(r) and "r.yaml:3:" in r.err),
    ("--melds: more than a hand holds", "unclear",
     cli("hand", "--wild", "9s", "--win", "self", "11m", "--melds",
         "pon 111z, pon 222z, pon 333z, pon 444z, pon 555z, pon 666z"),
     lambda r, d: one_line(r) and "at most 5" in r.err),
    ("--solve draw_rate=nan", "unclear",
     cli("sweep", "--param", "scoring.base.other=1,2", "--hands", "100", "--solve", "draw_rate=nan", "--out", "o"),
     lambda r, d: one_line(r)),
    ("3 MB on stdin", "unclear", lambda d: run([*CLI, "hand", "--wild", "9s", "-"], d, stdin="1" * 3_000_000 + "\n"),
     lambda r, d: one_line(r) and len(r.err) < 1000),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", default="", help="only the cases whose name holds this")
    args = ap.parse_args()
    failed = 0
    print(f"{'case':46} {'class':12} {'exit':>4} {'s':>6} {'MB':>6}  kept  said")
    for name, kind, do, kept in CASES:
        if args.k not in name:
            continue
        with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
            d = Path(tmp)
            try:
                done = do(d)
                ok = kept(done, d) and done.code is not None and done.seconds <= LIMIT_SECONDS \
                    and done.mb <= LIMIT_MB
            except AssertionError as exc:   # a set-up step failed
                done, ok = Done(None, "", f"set-up failed: {exc}", 0.0, 0.0), False
        failed += not ok
        said = (done.err.strip().splitlines() or done.out.strip().splitlines() or [""])[-1][:110]
        print(f"{name:46} {kind:12} {str(done.code):>4} {done.seconds:6.1f} {done.mb:6.0f}  "
              f"{'yes' if ok else 'NO':4}  {said}", flush=True)
    total = sum(args.k in c[0] for c in CASES)
    print(f"\n{total - failed} of {total} cases answer by the contract")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
