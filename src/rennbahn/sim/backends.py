"""Where the games of a run are played: worker processes on this machine, or Ray.

A backend maps a function over a stream of jobs (each job a batch of games) and yields the
results **in the order of the jobs**, whatever finished first. Games are seeded by their
index in the run (:func:`~rennbahn.sim.runner.game_seed`), so a run gives the same numbers on
any backend, with any number of workers and any batch size.

``workers`` means the same on both: how many batches, so how many games, run at once. The
process pool starts that many processes (``workers=1`` plays in this process). Ray runs that
many tasks at once, each asking for one CPU: on a local Ray started here, with that many CPUs,
or on a cluster joined with ``address="auto"`` (or ``HOST:PORT``).

Stopping: when the consumer stops early (a sequential test decided, or Ctrl-C raised
``KeyboardInterrupt`` while waiting), the jobs not yet finished are cancelled: queued
batches never start, running ones are ended (the pool's processes are terminated, Ray's
tasks cancelled with ``force=True``). Ray is imported only here, and only when used (the
``scale`` extra).
"""

from __future__ import annotations

import logging
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, Self, TypeVar

from rennbahn.core.errors import MissingExtraError, ParameterError

T = TypeVar("T")
R = TypeVar("R")

#: The backends, by the name ``--backend`` takes.
BACKENDS = ("process", "ray")
#: Most worker processes the process pool starts (Ray takes what the cluster has).
MAX_PROCESSES = 64
#: Most games Ray runs at once.
MAX_RAY_WORKERS = 4096
#: Batches handed to the process pool ahead of the one being read, per worker process.
IN_FLIGHT_PER_WORKER = 4
#: Games per batch of ``sim`` and ``tournament`` unless told otherwise (docs/scale.md has
#: the measurement): cheap games between fast bots, and games between search bots.
SIM_BATCH = 16
TOURNAMENT_BATCH = 1

INSTALL_RAY = ("--backend ray needs Ray, which is not installed: pip install 'rennbahn[scale]' "
               "(in a clone of rennbahn, python3 tasks.py test installs it into .venv, or "
               ".venv/bin/pip install -e '.[scale]')")


def bounded_map(pool: Executor, function: Callable[[T], R], jobs: Iterable[T],
                in_flight: int) -> Generator[R, None, None]:
    """``pool.map`` that takes jobs lazily: at most ``in_flight`` are submitted and unread.

    ``Executor.map`` submits every job at once, so a run of 10^12 games built its whole job
    list before the first result. Results come in the order of the jobs; jobs not yet read
    when the generator is closed are cancelled.
    """
    pending: deque[Future[R]] = deque()
    jobs = iter(jobs)
    try:
        for job in jobs:
            pending.append(pool.submit(function, job))
            if len(pending) >= in_flight:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def _ignore_interrupts() -> None:
    """Worker processes leave Ctrl-C to the parent, which ends them (no tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Backend:
    """Runs jobs and yields their results in job order; a context manager."""

    name = ""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Release what the backend started."""

    def map(self, function: Callable[[T], R], jobs: Iterable[T]) -> Generator[R, None, None]:
        raise NotImplementedError


class ProcessBackend(Backend):
    """A pool of ``workers`` processes on this machine (``workers=1``: this process)."""

    name = "process"

    def __init__(self, workers: int) -> None:
        if not 1 <= workers <= MAX_PROCESSES:
            raise ParameterError(
                f"--workers {workers}: the process pool starts 1 to {MAX_PROCESSES} processes; "
                "for more, use --backend ray on a cluster")
        super().__init__(workers)

    def map(self, function: Callable[[T], R], jobs: Iterable[T]) -> Generator[R, None, None]:
        if self.workers == 1:
            for job in jobs:
                yield function(job)
            return
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        finished = False
        try:
            yield from bounded_map(pool, function, jobs, IN_FLIGHT_PER_WORKER * self.workers)
            finished = True
        finally:
            if not finished:  # stopped early: end the batches still running
                for process in list(pool._processes.values()):
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


_END: Any = object()


def _call(function: Callable[[Any], Any], job: Any) -> Any:
    """The one Ray task: a batch of games (``function`` travels by reference)."""
    return function(job)


class RayBackend(Backend):
    """Ray Core tasks, ``workers`` at a time, one CPU each.

    ``address=None`` starts a local Ray of its own with ``workers`` CPUs (even when a cluster
    runs on this machine; this process already connected to a Ray uses that one); ``"auto"``
    or ``HOST:PORT`` joins a running cluster, whose every node must have the same rennbahn
    installed.
    """

    name = "ray"

    def __init__(self, workers: int, address: str | None = None) -> None:
        if not 1 <= workers <= MAX_RAY_WORKERS:
            raise ParameterError(f"--workers {workers}: Ray runs 1 to {MAX_RAY_WORKERS} games "
                                 "at once")
        super().__init__(workers)
        try:
            import ray
        except ImportError as error:
            raise MissingExtraError(INSTALL_RAY) from error
        self.ray: Any = ray
        self.started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.ERROR,
                                       "log_to_driver": False}
            if address is None:
                ray.init(address="local", num_cpus=workers, **options)
            else:
                try:
                    ray.init(address=address, **options)
                except ConnectionError as error:
                    raise ParameterError(
                        f"--address {address}: no Ray cluster answered ({error}); start one "
                        "with ray start --head, and where the cluster asks for a token set "
                        "RAY_AUTH_MODE=token here too (docs/scale.md); or leave --address "
                        "out to start a local Ray") from None
            self.started = True
        self.task = ray.remote(num_cpus=1)(_call)

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()
            self.started = False

    def map(self, function: Callable[[T], R], jobs: Iterable[T]) -> Generator[R, None, None]:
        """Keep ``workers`` tasks running; take whichever finishes (``ray.wait``), hand a new
        batch out at once, and yield the results in job order."""
        ray = self.ray
        jobs = iter(jobs)
        running: dict[Any, int] = {}  # object ref -> job number
        done: dict[int, R] = {}
        next_job = next_out = 0
        exhausted = False
        ahead = IN_FLIGHT_PER_WORKER * self.workers  # most results held back for order
        try:
            while True:
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
                while (not exhausted and len(running) < self.workers
                       and next_job - next_out < ahead):
                    job = next(jobs, _END)
                    if job is _END:
                        exhausted = True
                        break
                    running[self.task.remote(function, job)] = next_job
                    next_job += 1
                if not running:  # every job handed out has been yielded: the end
                    return
                ready, _ = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    number = running.pop(ref)
                    try:
                        done[number] = ray.get(ref)
                    except ray.exceptions.RayTaskError as error:
                        # the game's own error, as the pool raises it, not Ray's wrapper
                        if isinstance(error.cause, Exception):
                            raise error.cause from None
                        raise
        finally:
            for ref in running:
                ray.cancel(ref, force=True)


def make_backend(name: str, workers: int = 1, address: str | None = None) -> Backend:
    """The backend called ``name`` (see :data:`BACKENDS`); ``address`` is Ray's only."""
    if name == "process":
        if address is not None:
            raise ParameterError("--address is Ray's (a cluster to join); use it with "
                                 "--backend ray")
        return ProcessBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise ParameterError(f"unknown backend {name!r}; allowed: {', '.join(BACKENDS)}")
