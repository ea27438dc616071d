"""Running games as tasks on a Dask cluster (``distributed.Client``), in order and with progress.

:func:`hoyito_edu.simulate`, :func:`hoyito_edu.tournament` and :func:`hoyito_edu.sweep` take a
``client=``: a ``distributed.Client`` connected to any Dask cluster (a ``LocalCluster`` on a
laptop, or a scheduler on a university cluster). Their games are cut into chunks whose seeds
depend only on the run's seed and the game numbers, never on the worker that plays them, so
the tables are the same whatever the number of workers. Dask is optional: install it with
``pip install 'hoyito_edu[dask]'``.

>>> check_client(None) is None
True
>>> check_client("tcp://127.0.0.1:8786")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: client must be a distributed.Client (connected to a Dask cluster) or None, ...
"""

from __future__ import annotations

import logging
import sys
import uuid
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["check_client", "run_tasks", "INSTALL_DASK"]

#: What to install for the Dask features.
INSTALL_DASK = "pip install 'hoyito_edu[dask]' (dask[distributed] and pyarrow)"
#: Times the scheduler reruns a task whose worker died before giving up.
RETRIES = 2


def check_client(client: object) -> Any:
    """``client`` if it is an open ``distributed.Client`` (or None), else a ValueError saying
    what is wrong: not a client, Dask not installed, or a client already closed."""
    if client is None:
        return None
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(
            f"client=... needs Dask's distributed package, which is not installed: "
            f"{INSTALL_DASK}"
        ) from None
    if not isinstance(client, Client):
        raise ValueError(
            "client must be a distributed.Client (connected to a Dask cluster) or None, not "
            f"{client!r}; e.g. Client('tcp://scheduler:8786') or Client(LocalCluster())"
        )
    if client.status != "running":
        raise ValueError(
            f"the Dask client is {client.status}, not running: connect a new "
            "distributed.Client to the scheduler"
        )
    return client


def worker_count(client: Any) -> int:
    """Threads the cluster has now (at least 1), to cut enough tasks to keep them busy."""
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001 - a cluster still starting: any count will do
        return 1


def announce(client: Any, what: str, show: bool = True) -> None:
    """Say where to watch the run: the Dask dashboard's link, logged (logger ``hoyito_edu``)
    and, if ``show``, printed on standard error next to the progress bar."""
    link = getattr(client, "dashboard_link", None)
    if link:
        logging.getLogger("hoyito_edu").info("%s on Dask: dashboard %s", what, link)
        if show:
            print(f"{what} on Dask: dashboard {link}", file=sys.stderr)


def run_tasks(
    client: Any,
    function: Callable,
    items: Sequence,
    weights: Sequence[int],
    update: Callable[[int], None],
    name: str = "hoyito",
    on_result: Callable[[Any], object] | None = None,
) -> list:
    """``[function(item) for item in items]``, each call a task on ``client``'s cluster.

    ``update`` is called with the total weight (games) done so far as tasks complete, in
    whatever order they complete (and ``on_result`` with each result as it arrives, such as
    to record a file a task wrote); the results come back in the order of ``items``. A task
    whose worker dies is rerun (up to :data:`RETRIES` times); an error in a task is raised
    here, and the tasks not yet started are cancelled.
    """
    from distributed import as_completed

    token = uuid.uuid4().hex[:8]
    futures = [
        client.submit(function, item, key=f"{name}-{token}-{index}", retries=RETRIES, pure=False)
        for index, item in enumerate(items)
    ]
    position = {future.key: index for index, future in enumerate(futures)}
    results: list = [None] * len(futures)
    done = 0
    try:
        for future in as_completed(futures):
            index = position[future.key]
            results[index] = future.result()  # raises the task's error, if any
            if on_result is not None:
                on_result(results[index])
            done += weights[index]
            update(done)
            futures[index] = None  # let the cluster forget a result already fetched
            future.release()
    except BaseException:
        client.cancel([f for f in futures if f is not None])
        raise
    return results
