"""The page's comparisons: each one a `ruian-sim compare` child process
writing into its own folder of the workspace, so a run the page starts is
exactly a run the terminal would make (same files, same resume, same
figures), and cancelling it is the SIGTERM every run already survives.

A run's folder, WORKSPACE/runs/ID/:
  run.json       what was asked (A, the overlay's name, hands, bots, seed) and when
  overlay.yaml   the rules B, as edited on the page (it `extends:` A)
  out/           compare's --out: plan, chunks, comparison.json
  log.txt        the child's stderr (its progress and any error line)
  exit           the child's exit code, once it ended
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

RUN_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")   # the only names a request may give


class Runs:
    """Every run in a workspace; the children this server started."""

    def __init__(self, workspace: Path):
        self.root = Path(workspace) / "runs"
        self.root.mkdir(parents=True, exist_ok=True)
        self._children: dict[str, subprocess.Popen] = {}
        self._lock = threading.Lock()

    def folder(self, run_id: str) -> Path | None:
        """The run's folder, or None for a name that is not a run of this workspace."""
        if not RUN_ID.match(run_id or ""):
            return None
        path = self.root / run_id
        return path if (path / "run.json").is_file() else None

    def start(self, a: str, overlay: str, hands: int, bots: str, seed: int) -> str:
        run_id = time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + os.urandom(2).hex()
        path = self.root / run_id
        path.mkdir()
        (path / "overlay.yaml").write_text(overlay, encoding="utf-8")
        meta = {"id": run_id, "a": a, "b": _overlay_name(overlay), "hands": hands, "bots": bots, "seed": seed,
                "started": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime())}
        (path / "run.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        cmd = [sys.executable, "-m", "ruian_sim.cli", "compare", a, str(path / "overlay.yaml"), "--hands", str(hands),
               "--bots", bots, "--seed", str(seed), "--out", str(path / "out")]
        self._spawn(run_id, path, cmd)
        return run_id

    def resume(self, run_id: str) -> bool:
        path = self.folder(run_id)
        if path is None or self.state(run_id)["state"] != "cancelled":
            return False
        (path / "exit").unlink(missing_ok=True)
        self._spawn(run_id, path, [sys.executable, "-m", "ruian_sim.cli", "compare", "--resume", str(path / "out")])
        return True

    def _spawn(self, run_id: str, path: Path, cmd: list[str]) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with open(path / "log.txt", "a", encoding="utf-8") as log:   # the child keeps its own copy
            child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL, env=env,
                                     cwd=path)
        with self._lock:
            self._children[run_id] = child
        threading.Thread(target=self._reap, args=(run_id, path, child), daemon=True).start()

    def _reap(self, run_id: str, path: Path, child: subprocess.Popen) -> None:
        code = child.wait()
        (path / "exit").write_text(str(code), encoding="utf-8")
        with self._lock:
            self._children.pop(run_id, None)

    def cancel(self, run_id: str) -> bool:
        with self._lock:
            child = self._children.get(run_id)
        if child is None:
            return False
        child.send_signal(signal.SIGTERM)   # compare saves its finished chunks and exits 143
        return True

    def stop_all(self) -> None:
        with self._lock:
            children = list(self._children.values())
        for child in children:
            child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()

    def state(self, run_id: str) -> dict:
        """Where a run stands: running (hands done of its total), done, cancelled or failed
        (with the child's last error line)."""
        path = self.root / run_id
        meta = json.loads((path / "run.json").read_text(encoding="utf-8"))
        done = _hands_done(path / "out")
        out = {**meta, "hands_done": min(done, meta["hands"])}
        code = _exit_code(path)
        with self._lock:
            running = run_id in self._children
        if running or code is None:
            out["state"] = "running" if running else "stopped"
            out["phase"] = "playing" if done else "starting (loading or compiling the engine)"
        elif code == 0 and (path / "out" / "comparison.json").is_file():
            out["state"] = "done"
        elif code in (130, 143):
            out["state"] = "cancelled"
        else:
            out["state"] = "failed"
            out["error"] = _last_error(path / "log.txt")
        return out

    def listing(self) -> list[dict]:
        ids = sorted((p.name for p in self.root.iterdir() if RUN_ID.match(p.name) and (p / "run.json").is_file()),
                     reverse=True)
        return [self.state(i) for i in ids]


def _overlay_name(text: str) -> str:
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return "B"
    return str(data.get("name", "B")) if isinstance(data, dict) else "B"


def _hands_done(out: Path) -> int:
    """Hands of side A in the chunks saved so far: the same count compare's progress bar shows."""
    total = 0
    for p in (out / "chunks").glob("chunk-*.json"):
        try:
            total += sum(json.loads(p.read_text(encoding="utf-8"))["result"]["hands_per_match"])
        except (OSError, ValueError, KeyError, TypeError):
            continue   # being written; counted on the next look
    return total


def _exit_code(path: Path) -> int | None:
    try:
        return int((path / "exit").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _last_error(log: Path) -> str:
    try:
        lines = [ln.strip() for ln in log.read_text(encoding="utf-8", errors="replace").splitlines()]
    except OSError:
        return "the run ended without a word"
    errors = [ln for ln in lines if ln.startswith("ruian-sim") or ": " in ln]
    return (errors or lines or ["the run ended without a word"])[-1]
