"""The work pool: one API to run a function over many items, on Ray or on local processes.

A pool keeps a bounded window of tasks in flight (twice its workers), taking the next item
as a task finishes, so that an endless stream of items (self-play games) never piles up, and
yields the results as they finish.  A task's exception is raised again in the caller, of its
own type, its cause a :class:`TaskError` holding the worker's traceback as text.
"""

from __future__ import annotations

import importlib.util
import logging
import multiprocessing
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from types import TracebackType
from typing import Any, Generic, TypeVar

from mozaika.core.errors import MozaikaError

T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H")

INSTALL_HINT = "pip install 'mozaika[distributed]'"
"""How to install Ray, the optional distributed engine."""

logger = logging.getLogger("mozaika.distributed")


class DistributedError(MozaikaError):
    """A pool that cannot be opened (Ray missing, a cluster out of reach) or a worker that died."""


class TaskError(Exception):
    """A task failed in a worker: its traceback as text, the cause of the task's error raised again."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return f'\n"""\n{self.text.rstrip()}\n"""'


def ray_installed() -> bool:
    """Whether Ray can be imported here."""
    return importlib.util.find_spec("ray") is not None


class WorkPool(ABC, Generic[H]):
    """Workers that run picklable top-level functions; ``H`` is the pool's handle of a task in flight."""

    kind: str
    """``"ray"`` or ``"processes"``."""
    workers: int
    """How many tasks run at once."""

    @abstractmethod
    def describe(self) -> str:
        """Where the work runs, for a person: ``local Ray, 2 CPUs``, ``2 local processes``."""

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``fn(item)`` for every item, run by the workers; the results as they finish, in any order."""
        task = self._prepare(fn)
        pending = iter(items)
        running = [self._submit(task, item) for item in islice(pending, 2 * self.workers)]
        try:
            while running:
                for handle in self._finished(running):
                    running.remove(handle)
                    result: R = self._result(handle)
                    running.extend(self._submit(task, item) for item in islice(pending, 1))
                    yield result
        finally:
            if running:  # the caller stopped early, or a task failed: what is still queued is not run
                self._cancel(running)

    def close(self) -> None:
        """Stop the workers (a pool opened by :func:`open_pool` is closed when its ``with`` block ends)."""

    def __enter__(self) -> WorkPool[H]:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.describe()}>"

    def _prepare(self, fn: Callable[[T], R]) -> Any:
        """What :meth:`_submit` runs for ``fn``: the function itself, or its remote form."""
        return fn

    @abstractmethod
    def _submit(self, task: Any, item: Any) -> H: ...

    @abstractmethod
    def _finished(self, running: list[H]) -> list[H]:
        """Waits until at least one task in flight is finished; those finished."""

    @abstractmethod
    def _result(self, handle: H) -> Any:
        """A finished task's result, or its exception raised again (see the module's docstring)."""

    def _cancel(self, running: list[H]) -> None:
        """Drop the tasks still in flight."""


class ProcessPool(WorkPool[Future[Any]]):
    """Local processes (:class:`concurrent.futures.ProcessPoolExecutor`)."""

    kind = "processes"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        # Workers forked from a clean server process, not from this one: a process that runs threads
        # (Ray's, PyTorch's, a server's) can be forked while one of them holds a lock, and the child
        # then waits on it for ever (a worker hung importing a module, the arena beside a local Ray).
        self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("forkserver"))

    def describe(self) -> str:
        return f"{self.workers} local processes"

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)

    def _submit(self, task: Any, item: Any) -> Future[Any]:
        return self._executor.submit(task, item)

    def _finished(self, running: list[Future[Any]]) -> list[Future[Any]]:
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        return [future for future in running if future in done]

    def _result(self, handle: Future[Any]) -> Any:
        try:
            return handle.result()
        except BrokenProcessPool as error:
            raise DistributedError(f"a worker process died (killed, or out of memory?): {error}") from None
        except Exception as error:
            # The executor gives the worker's traceback as the text of a private cause.
            text = getattr(error.__cause__, "tb", None)
            if not isinstance(text, str):
                raise
            raise error from TaskError(text)

    def _cancel(self, running: list[Future[Any]]) -> None:
        for future in running:
            future.cancel()


class InlinePool(WorkPool[Any]):
    """One worker: this process, with no other started (one game, or ``--jobs 1``)."""

    kind = "processes"
    workers = 1

    def describe(self) -> str:
        return "1 local process (this one)"

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        return map(fn, items)

    # map_unordered runs the tasks itself: none is ever in flight.
    def _submit(self, task: Any, item: Any) -> Any:
        raise NotImplementedError

    def _finished(self, running: list[Any]) -> list[Any]:
        raise NotImplementedError

    def _result(self, handle: Any) -> Any:
        raise NotImplementedError


def open_pool(address: str | None = None, workers: int | None = None, *, use_ray: bool | None = None) -> WorkPool[Any]:
    """A pool of workers, to use as a context manager (it is closed when the block ends).

    ``use_ray``: True runs on Ray (a :class:`DistributedError` if it is not installed), False
    on local processes, None on Ray when it is installed and on local processes otherwise, with a
    notice (a warning of the ``mozaika.distributed`` logger) that says how to install it.  On
    Ray: the cluster at ``address`` (``ray.init(address=...)``: ``auto``, ``ray://host:10001``,
    ``host:6379``), or a local Ray with ``workers`` CPUs when no address is given.  On local
    processes: ``workers`` of them (all cores by default); an address is an error there.
    """
    if workers is not None and workers < 1:
        raise DistributedError(f"a pool needs at least 1 worker, not {workers}")
    installed = ray_installed()
    if use_ray is None:
        use_ray = installed or address is not None
        if not use_ray:
            logger.warning(
                "Ray is not installed: running on local processes (%s to run on Ray, locally or on a cluster)",
                INSTALL_HINT,
            )
    if use_ray:
        if not installed:
            where = f" to run on the Ray cluster at {address}" if address else " to run on Ray"
            raise DistributedError(f"Ray is not installed: {INSTALL_HINT}{where}")
        from mozaika.distributed.ray_pool import RayPool

        return RayPool(address, workers)
    if address is not None:
        raise DistributedError(f"an address ({address}) names a Ray cluster: local processes take none")
    count = workers or os.cpu_count() or 1
    return InlinePool() if count == 1 else ProcessPool(count)
