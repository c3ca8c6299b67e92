"""The Dask backend under the environment Dask gives its workers.

Dask's nanny sets MALLOC_TRIM_THRESHOLD_ for every worker; with it glibc maps
large arrays exactly, so a kernel that reads past an array's end crashes the
worker (KilledWorker) instead of reading a neighbour's memory.  The variable
is set here for the whole run, local side included, and the workers are
checked to really have it."""

import json
import os
import subprocess
import sys

import pytest

TRIM = {"MALLOC_TRIM_THRESHOLD_": "65536"}


def cli_env(*args, env):
    return subprocess.run([sys.executable, "-m", "ruian_sim.cli", *map(str, args)], capture_output=True,
                          text=True, timeout=900, env={**os.environ, **env}, check=False)


def stable(s):
    s = dict(s)
    s.pop("hands_per_second")
    s.pop("run")
    s["extra"] = {k: v for k, v in s["extra"].items() if k != "cpu_seconds"}
    return s


def test_dask_workers_run_with_malloc_trim_threshold():
    pytest.importorskip("distributed")
    code = ("from distributed import Client, LocalCluster\n"
            "import os\n"
            "with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, "
            "Client(c) as client:\n"
            "    print(sorted(set(client.run(os.environ.get, 'MALLOC_TRIM_THRESHOLD_').values())))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **TRIM}, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "['65536']"


@pytest.mark.slow
def test_dask_with_malloc_trim_threshold_gives_the_local_answer(tmp_path):
    pytest.importorskip("distributed")
    local = cli_env("run", "--hands", "30000", "--workers", "1", "--quiet", "--out", tmp_path / "local",
                    env=TRIM)
    assert local.returncode == 0, local.stderr[-2000:]
    dask = cli_env("run", "--hands", "30000", "--backend", "dask", "--workers", "2", "--quiet",
                   "--chunk-matches", "500", "--out", tmp_path / "dask", env=TRIM)
    assert dask.returncode == 0, dask.stderr[-2000:]
    assert "KilledWorker" not in dask.stderr and "Traceback" not in dask.stderr
    sa = json.loads((tmp_path / "local" / "summary.json").read_text())
    sb = json.loads((tmp_path / "dask" / "summary.json").read_text())
    assert sb["hands"] >= 30000
    assert stable(sa) == stable(sb)


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:notaport", "tcp://[::1", "foo://bar"])
def test_a_scheduler_address_dask_cannot_read_is_refused_in_one_line(address):
    pytest.importorskip("distributed")
    from ruian_sim.errors import UserError
    from ruian_sim.runner.executors import _check_scheduler

    with pytest.raises(UserError, match=r"^--scheduler .*: (not a scheduler address|cannot connect)") as err:
        _check_scheduler(address)
    assert "\n" not in str(err.value)


def test_a_port_that_is_not_a_scheduler_is_refused_not_waited_on(monkeypatch):
    # it accepts the connection and never answers: Client() alone waited there forever
    pytest.importorskip("distributed")
    import socket
    import time

    from ruian_sim.errors import UserError
    from ruian_sim.runner import executors

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 2)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        start = time.monotonic()
        with pytest.raises(UserError, match="no scheduler answered within 2 s"):
            executors._check_scheduler(f"tcp://127.0.0.1:{silent.getsockname()[1]}")
        assert time.monotonic() - start < 10


def test_a_real_scheduler_passes_the_check():
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    from ruian_sim.runner.executors import _check_scheduler

    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        _check_scheduler(cluster.scheduler_address)
