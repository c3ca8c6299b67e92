"""SIGTERM is Ctrl-C by another name: finished chunks and the partial summary are kept,
exit 143, no worker left behind; and workers never outlive their parent, however it
ends (SIGKILL included)."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from outputs import stable

CLI = [sys.executable, "-m", "ruian_sim.cli"]
RUN = ["run", "--hands", "6000", "--chunk-matches", "10", "--seed", "11", "--bots", "greedy", "--quiet"]


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def started(out: Path, chunks: int = 2) -> tuple[subprocess.Popen, list[int]]:
    """A run on two workers, once `chunks` chunks are saved; (process, its workers)."""
    proc = subprocess.Popen(CLI + RUN + ["--workers", "2", "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while len(list((out / "chunks").glob("chunk-*.json"))) < chunks:
        assert proc.poll() is None and time.time() < deadline, proc.communicate()
        time.sleep(0.05)
    workers = children(proc.pid)
    assert len(workers) >= 2, workers
    return proc, workers


def test_sigterm_on_two_workers_keeps_the_work_exits_143_and_resumes(tmp_path):
    out = tmp_path / "out"
    proc, workers = started(out)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert f"resume with: ruian-sim run --resume {out}" in err
    assert json.loads((out / "summary.partial.json").read_text())["partial"] is True
    time.sleep(5)
    assert [w for w in workers if alive(w)] == []
    kept = len(list((out / "chunks").glob("chunk-*.json")))
    done = subprocess.run(CLI + ["run", "--quiet", "--resume", str(out)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    alone = subprocess.run(CLI + RUN + ["--workers", "1", "--out", str(tmp_path / "alone")], capture_output=True,
                           text=True, timeout=600)
    assert alone.returncode == 0, alone.stderr
    got = json.loads((out / "summary.json").read_text())
    assert got["run"]["resumed_chunks"] >= kept >= 2
    assert stable(got) == stable(json.loads((tmp_path / "alone" / "summary.json").read_text()))


def test_workers_end_with_a_parent_killed_outright(tmp_path):
    proc, workers = started(tmp_path / "out", chunks=1)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    deadline = time.time() + 5
    while time.time() < deadline and any(alive(w) for w in workers):
        time.sleep(0.1)
    assert [w for w in workers if alive(w)] == []
    # the kernel dropped the lock with the process: the next job takes the directory over
    done = subprocess.run(CLI + ["run", "--quiet", "--resume", str(tmp_path / "out")], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "which ended without releasing it; taking it over" in done.stderr
