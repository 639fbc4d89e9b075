"""The work pool on Ray: a local Ray, or a cluster reached by its address."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
from collections.abc import Callable
from typing import Any

import ray
from ray.exceptions import RayError, RayTaskError

from mozaika.distributed.pool import DistributedError, TaskError, WorkPool

_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


@ray.remote(num_cpus=1)
def _call(fn: Callable[[Any], Any], item: Any) -> Any:
    """A task: ``fn(item)`` (any picklable callable, a builtin too, which Ray cannot make remote itself)."""
    return fn(item)


class RayPool(WorkPool["ray.ObjectRef[Any]"]):
    """Tasks on Ray, one CPU each.  Joins a Ray this process has already started, and leaves it running."""

    kind = "ray"

    def __init__(self, address: str | None, workers: int | None) -> None:
        self.address = address
        self._owns = not ray.is_initialized()
        if self._owns:
            quiet: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,  # the workers' output stays in Ray's logs; errors still reach the caller
                "configure_logging": True,
                "logging_level": logging.ERROR,
            }
            if address is not None:
                _check_reachable(address)
            try:
                if address is None:
                    ray.init(num_cpus=workers or os.cpu_count() or 1, **quiet)
                else:
                    ray.init(address=address, **quiet)
            except Exception as error:
                what = f"join the Ray cluster at {address}" if address else "start a local Ray"
                raise DistributedError(f"cannot {what}: {error}") from error
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        self.cpus = int(resources.get("CPU", 0))
        self.workers = max(1, min(workers, self.cpus) if workers and address else self.cpus)

    def describe(self) -> str:
        where = f"Ray cluster at {self.address}" if self.address else "local Ray"
        return f"{where}, {self.cpus} CPUs"

    def close(self) -> None:
        if self._owns and ray.is_initialized():
            ray.shutdown()
            self._owns = False

    def _prepare(self, fn: Any) -> Any:
        return ray.put(fn)  # once in the object store, not once a task

    def _submit(self, task: Any, item: Any) -> ray.ObjectRef[Any]:
        handle: ray.ObjectRef[Any] = _call.remote(task, item)
        return handle

    def _finished(self, running: list[ray.ObjectRef[Any]]) -> list[ray.ObjectRef[Any]]:
        ready, _ = ray.wait(running, num_returns=1)
        return list(ready)

    def _result(self, handle: ray.ObjectRef[Any]) -> Any:
        try:
            return ray.get(handle)
        except RayTaskError as error:
            text = _COLOUR.sub("", str(error))
            if isinstance(error.cause, Exception):
                raise error.cause from TaskError(text)
            raise DistributedError(text) from None
        except RayError as error:  # a worker or a node lost
            raise DistributedError(f"a Ray task failed: {error}") from None

    def _cancel(self, running: list[ray.ObjectRef[Any]]) -> None:
        for handle in running:
            with contextlib.suppress(Exception):  # a task that finished meanwhile is no longer to cancel
                ray.cancel(handle)


def _check_reachable(address: str) -> None:
    """A clear error at once for a cluster's host and port out of reach (Ray itself retries for minutes)."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return  # ``auto``, or an address Ray resolves itself
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=5):
            pass
    except OSError as error:
        raise DistributedError(f"cannot reach the Ray cluster at {address}: {error.strerror or error}") from None
