"""Spreading work over many cores or machines: one pool API over Ray, or over local processes.

>>> from mozaika.distributed import open_pool
>>> with open_pool(workers=2) as pool:  # doctest: +SKIP
...     print(pool.describe())
...     squares = sorted(pool.map_unordered(square, range(10)))

``open_pool`` gives a Ray pool when Ray is installed (``pip install 'mozaika[distributed]'``): a
local Ray with ``workers`` CPUs, or the cluster at ``address``; otherwise a pool of local
processes.  The functions it runs must be picklable (defined at the top level of a module that
every worker can import), and so must their items and results; local workers start from a
clean server process (``forkserver``) that imports the main module again, so a script that opens
a pool keeps its work under ``if __name__ == "__main__":``.  Self-play, training's evaluation
games and ``mozaika arena --ray`` run over it.
"""

from __future__ import annotations

from mozaika.distributed.pool import (
    INSTALL_HINT,
    DistributedError,
    TaskError,
    WorkPool,
    open_pool,
    ray_installed,
)

__all__ = ["INSTALL_HINT", "DistributedError", "TaskError", "WorkPool", "open_pool", "ray_installed"]
