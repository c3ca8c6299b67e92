"""Where chunks run: this process, a local process pool, or a Dask cluster,
all behind ``concurrent.futures.Executor`` so the runner has one code path."""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
from concurrent.futures import Executor, ProcessPoolExecutor

from ..errors import UserError
from .chunks import SerialExecutor
from .worker import local_worker_init, worker_init


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class Backend:
    """An executor and how to close it."""

    def __init__(self, executor: Executor, workers: int, close=None, label: str = "",
                 in_process: bool = False):
        self.executor, self.workers, self._close, self.label = executor, workers, close, label
        # local backends: this process may play too (it has the same kernels)
        self.in_process = in_process

    def close(self) -> None:
        if self._close:
            self._close()


def capped(workers: int | None) -> int:
    """Workers to start: all cores by default; more than the cores is slower, not faster
    (and --workers 1000 forked 1,000 processes), so a larger number is capped, with a note."""
    have = cores()
    if workers and workers > have:
        print(f"ruian-sim: --workers {workers}: this machine gives this job {have} "
              f"core{'s' if have != 1 else ''}; using {have}", file=sys.stderr)
        return have
    return workers or have


def local(workers: int | None) -> Backend:
    n = capped(workers)
    if n == 1:
        return Backend(SerialExecutor(), 1, label="this process", in_process=True)
    # fork where there is one: the runner warms this process first (compiled
    # kernels, lookup tables), and forked workers start with both in shared
    # memory instead of loading them again (seconds on a short run)
    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(max_workers=n, mp_context=mp.get_context(method),
                               initializer=local_worker_init)
    return Backend(pool, n, lambda: pool.shutdown(wait=True, cancel_futures=True), f"{n} local processes",
                   in_process=True)


def dask(scheduler: str | None, workers: int | None) -> Backend:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("--backend dask needs distributed: pip install 'ruian-sim[dask]'") from None
    if scheduler:
        _check_scheduler(scheduler)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
        except OSError as exc:
            raise UserError(f"--scheduler {scheduler}: cannot connect ({exc})") from None
        cluster = None
        n = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()) or 1
    else:
        n = capped(workers)
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    client.run(worker_init)

    def close():
        client.close()
        if cluster is not None:
            cluster.close()

    return Backend(client.get_executor(pure=False), n, close,
                   f"Dask {'at ' + scheduler if scheduler else 'LocalCluster'} ({n} workers)")


CONNECT_SECONDS = 20


def _check_scheduler(address: str) -> None:
    """Refuse, in one line, an address Dask cannot parse, and a port that accepts a
    connection but never answers a scheduler's handshake: Client() waits on such a
    port forever (its timeout bounds the TCP connect only)."""
    import asyncio

    from distributed.comm import connect
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, loc = parse_address(address if "://" in address else f"tcp://{address}")
        if scheme in ("tcp", "tls"):
            parse_host_port(loc)
    except (ValueError, TypeError) as exc:
        raise UserError(f"--scheduler {address}: not a scheduler address ({exc}); "
                        "expected e.g. tcp://HOST:8786") from None

    async def identity():
        comm = await connect(address, timeout=CONNECT_SECONDS)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), CONNECT_SECONDS))
    except TimeoutError:
        raise UserError(f"--scheduler {address}: no scheduler answered within {CONNECT_SECONDS} s "
                        "(is it a Dask scheduler's port?)") from None
    except (OSError, ValueError, TypeError) as exc:
        raise UserError(f"--scheduler {address}: cannot connect ({exc})") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise UserError(f"--scheduler {address}: the port answered, but not as a Dask scheduler")
