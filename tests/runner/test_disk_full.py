"""A full or unwritable disk mid-run loses nothing: plan.json and every finished chunk
stay, the message is one line (what, where, how much space) with exit 1, and
--resume then finishes with the same answer as a run that never failed.

The disk is a small tmpfs where the test may mount one (root, outside most CI
sandboxes); elsewhere a shim fills a fake disk through the file writer itself:
the same code path, the OSError raised a few bytes into the write."""

import errno
import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest
from outputs import one_line as kit_one_line
from outputs import stable

CLI = [sys.executable, "-m", "ruian_sim.cli"]
RUN = ["run", "--hands", "1500", "--chunk-matches", "8", "--seed", "5", "--bots", "greedy", "--workers", "1",
       "--quiet"]
PAGE = 4096

# Runs ruian-sim with a disk that is full once N chunk files are written: open() for a
# chunk's temporary file returns a file whose write stores a few bytes, then raises ENOSPC.
SHIM = """
import builtins, errno, io, os, sys
from ruian_sim.runner import outdir
limit, real_open = float(os.environ["FAKE_FULL_AFTER"]), builtins.open
class Full(io.FileIO):
    def write(self, data):
        super().write(bytes(data)[:10])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
def fake_open(path, mode="r", *args, **kw):
    p = str(path)
    if "w" in mode and "/chunks/" in p and len(os.listdir(os.path.dirname(p))) >= limit:
        return Full(p, "w")
    return real_open(path, mode, *args, **kw)
outdir.open = fake_open
from ruian_sim.cli import main
sys.exit(main(sys.argv[1:]))
"""


class Tmpfs:
    def __init__(self, where: Path):
        self.where = where
        where.mkdir()

    def mount(self, size: int) -> bool:
        return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(self.where)],
                              capture_output=True).returncode == 0

    def remount(self, opts: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{opts}", str(self.where)], check=True)

    def umount(self) -> None:
        subprocess.run(["umount", "-l", str(self.where)], capture_output=True)


@pytest.fixture
def disk(tmp_path):
    d = Tmpfs(tmp_path / "disk")
    yield d
    d.umount()


def one_line(done, *needles, code=1):
    # a full disk is an environment failure: exit 1
    return kit_one_line(done, *needles, code=code)


def cli(*args, env=None, shim=False):
    import os

    cmd = [sys.executable, "-c", SHIM, *map(str, args)] if shim else CLI + list(map(str, args))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "out"
    done = cli(*RUN, "--out", out)
    assert done.returncode == 0, done.stderr
    return out


def leftovers(*dirs: Path) -> list[str]:
    return [str(p) for d in dirs for p in d.rglob("*.tmp")]


@pytest.mark.parametrize("how", ["tmpfs", "shim"])
def test_a_full_disk_mid_run_keeps_the_chunks_and_resume_finishes(tmp_path, disk, reference, how):
    chunks = sorted((reference / "chunks").glob("chunk-*.json"))
    plan = (reference / "plan.json").stat().st_size
    chunk = max(p.stat().st_size for p in chunks)
    # room for the lock, plan.json and about five chunks, then the disk is full
    pages = 1 + math.ceil(plan / PAGE) + 5 * math.ceil(chunk / PAGE)
    real = how == "tmpfs" and disk.mount(pages * PAGE)
    if how == "tmpfs" and not real:
        pytest.skip("cannot mount a tmpfs here: the shim case fills a fake disk instead")
    out = disk.where / "out" if real else tmp_path / "out"
    failed = cli(*RUN, "--out", out, shim=not real, env={"FAKE_FULL_AFTER": "5"})
    line = one_line(failed, "cannot write ", "No space left on device", "needed", "finished chunks and "
                    "plan.json are kept in", f"then finish with: ruian-sim run --resume {out}")
    kept = sorted((out / "chunks").glob("chunk-*.json"))
    assert (out / "plan.json").is_file()
    assert 1 <= len(kept) < len(chunks), line
    assert f"; {len(kept)} finished chunks" in line
    assert not (out / "summary.json").exists()
    assert leftovers(out) == []
    for p in kept:   # what was kept is whole
        json.loads(p.read_text())
    if real:
        disk.remount("size=16m")   # free it
    done = cli("run", "--quiet", "--resume", out)
    assert done.returncode == 0, done.stderr
    got = json.loads((out / "summary.json").read_text())
    assert got["run"]["resumed_chunks"] == len(kept)
    assert stable(got) == stable(json.loads((reference / "summary.json").read_text()))


def test_a_records_directory_made_read_only_mid_run_keeps_the_chunks(tmp_path):
    pytest.importorskip("pyarrow")
    out, rec = tmp_path / "out", tmp_path / "hands.parquet"
    args = RUN + ["--records", str(rec), "--out", str(out)]
    proc = subprocess.Popen(CLI + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    records = out / "records"
    try:
        deadline = time.time() + 300
        while len(list((out / "chunks").glob("chunk-*.json"))) < 6:
            assert proc.poll() is None and time.time() < deadline, proc.communicate()
            time.sleep(0.02)
        # SIGSTOP: made read-only between two chunks' records (a read-only bind mount
        # over it).  Stopped while a chunk's records were being written, the
        # temporary file could not be removed from the read-only directory: go on
        # a moment and stop again until none is being written
        while True:
            proc.send_signal(19)
            if not leftovers(records):
                break
            proc.send_signal(18)
            assert proc.poll() is None and time.time() < deadline, proc.communicate()
            time.sleep(0.005)
        bound = subprocess.run(["mount", "--bind", str(records), str(records)], capture_output=True).returncode == 0
        if bound:
            subprocess.run(["mount", "-o", "remount,bind,ro", str(records)], check=True)
        proc.send_signal(18)  # SIGCONT
        if not bound:
            proc.kill()
            pytest.skip("cannot mount here (the full-disk test covers the writer through a shim)")
        _, err = proc.communicate(timeout=300)
    finally:
        subprocess.run(["umount", str(records)], capture_output=True)
    assert proc.returncode == 1, err
    assert "Read-only file system" in err and "finished chunks and plan.json are kept" in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    kept = len(list((out / "chunks").glob("chunk-*.json")))
    assert kept >= 6 and (out / "plan.json").is_file() and leftovers(out) == []
    done = cli("run", "--quiet", "--resume", out)
    assert done.returncode == 0, done.stderr
    import pyarrow.parquet as pq

    got = json.loads((out / "summary.json").read_text())
    assert got["run"]["resumed_chunks"] == kept
    assert pq.read_table(rec).num_rows == got["hands"]
    ref = cli(*RUN, "--out", tmp_path / "ref")
    assert ref.returncode == 0, ref.stderr
    assert stable(got) == stable(json.loads((tmp_path / "ref" / "summary.json").read_text()))


SPACE_SHIM = SHIM.replace('outdir.open = fake_open', 'from ruian_sim.runner import parquet\n'
                                                      'parquet.free_bytes = lambda path: 4096')
# the check before the merge off: the disk fills while the merged file is written
NO_CHECK = SHIM.replace('outdir.open = fake_open', 'from ruian_sim.runner import parquet\n'
                                                    'parquet.merge_space = lambda *args: None')


@pytest.mark.parametrize("how", ["tmpfs", "tmpfs mid-write", "shim"])
def test_a_records_merge_that_does_not_fit_loses_nothing(tmp_path, disk, how):
    """20 kB of disk for the records: refused before the merge (it needs about 60 kB), or,
    with that check off, the disk fills while the merged file is written."""
    import os

    pytest.importorskip("pyarrow")
    real = how.startswith("tmpfs") and disk.mount(5 * PAGE)
    if how.startswith("tmpfs") and not real:
        pytest.skip("cannot mount a tmpfs here: the shim case fakes the free space instead")
    rec = (disk.where if real else tmp_path) / "hands.parquet"
    out = tmp_path / "out"
    args = ["run", "--hands", "1500", "--chunk-matches", "20", "--bots", "greedy", "--workers", "1", "--quiet",
            "--records", rec, "--out", out]
    shim = {"tmpfs": None, "tmpfs mid-write": NO_CHECK, "shim": SPACE_SHIM}[how]
    failed = subprocess.run([sys.executable, "-c", shim, *map(str, args)] if shim else CLI + list(map(str, args)),
                            capture_output=True, text=True, timeout=600, env={**os.environ, "FAKE_FULL_AFTER": "1e9"})
    why = "No space left on device" if how == "tmpfs mid-write" else "not enough free space to merge the records"
    one_line(failed, f"cannot write {rec}: ", why, "needed", "summary.json is written (records_rows: null)",
             "finished chunks and plan.json are kept", f"ruian-sim run --resume {out}")
    s = json.loads((out / "summary.json").read_text())
    assert s["run"]["records_rows"] is None and s["hands"] >= 1500
    assert not rec.exists() and leftovers(out, rec.parent) == []
    if real:
        disk.remount("size=16m")
    done = cli("run", "--quiet", "--resume", out)
    assert done.returncode == 0, done.stderr
    import pyarrow.parquet as pq

    again = json.loads((out / "summary.json").read_text())
    assert again["run"]["records_rows"] == pq.read_table(rec).num_rows == s["hands"]
    assert stable(again) == stable(s)


def test_records_naming_a_directory_is_refused_before_play(tmp_path):
    (tmp_path / "x.parquet").mkdir()
    done = cli("run", "--hands", "40", "--bots", "greedy", "--workers", "1", "--quiet", "--records",
               tmp_path / "x.parquet", "--out", tmp_path / "out")
    one_line(done, "--records", "x.parquet is a directory", code=2)
    assert not (tmp_path / "out").exists()


def test_a_write_failure_names_what_where_and_the_space(tmp_path, monkeypatch):
    import ruian_sim.runner.outdir as od

    def full(path, mode="r", *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(od, "open", full, raising=False)
    target = tmp_path / "a" / "b.json"
    with pytest.raises(od.WriteFailed) as err:
        od.write_bytes(target, b"x" * 3000)
    assert str(err.value).startswith(f"cannot write {target}: No space left on device (2.9 kB needed, ")
    assert str(err.value).endswith("free on that disk)")
    assert not target.exists() and leftovers(tmp_path) == []
