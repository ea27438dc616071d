"""Running games as tasks on a Dask cluster (``distributed.Client``), in order and with progress.

:func:`hoyito_edu.sim.simulate`, :func:`hoyito_edu.sim.tournament` and :func:`hoyito_edu.sim.sweep`
take a
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

__all__ = ["ClusterLost", "check_client", "connect", "run_tasks", "INSTALL_DASK"]

#: What to install for the Dask features.
INSTALL_DASK = "pip install 'hoyito_edu[dask]' (dask[distributed] and pyarrow)"
#: Times the scheduler reruns a task whose worker died before giving up.
RETRIES = 2
#: Seconds :func:`connect` gives the scheduler to answer Dask's handshake.
HANDSHAKE_SECONDS = 10.0
#: Seconds :func:`connect` waits for a scheduler's first worker.
WORKERS_SECONDS = 60.0


def connect(address: str, timeout: float | None = None, workers_timeout: float | None = None):
    """A ``distributed.Client`` connected to the scheduler at ``address`` that has at least
    one worker, or a ValueError saying why not, in bounded time.

    Dask's own handshake waits for ever on a port that answers but is not a scheduler (such as
    the dashboard's), and a scheduler without workers leaves a run waiting without a word. Here
    the scheduler must answer Dask's ``identity`` question within ``timeout`` seconds
    (:data:`HANDSHAKE_SECONDS`) and have a worker within ``workers_timeout`` seconds
    (:data:`WORKERS_SECONDS`); ``ucx://`` without UCX support, ``tls://`` without certificates
    and addresses that nothing answers get a sentence too.
    """
    if not isinstance(address, str) or len(address) > 300:
        raise ValueError(
            f"a scheduler address is text such as tcp://HOST:8786, not {address!r:.80}"
        )
    timeout = HANDSHAKE_SECONDS if timeout is None else timeout
    workers_timeout = WORKERS_SECONDS if workers_timeout is None else workers_timeout
    from distributed import Client

    identity = _identity(address, timeout)
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise ValueError(
            f"{address} answers Dask's handshake, but it is a {kind or 'something else'}, not "
            "a scheduler: give the scheduler's address (dask scheduler prints it)"
        )
    try:
        client = Client(address, timeout=f"{timeout}s")
    except Exception as err:  # noqa: BLE001 - any failure here is told as a sentence
        raise ValueError(f"cannot connect to the Dask scheduler at {address}: {err}") from None
    try:
        client.wait_for_workers(1, timeout=workers_timeout)
    except TimeoutError:
        client.close()
        raise ValueError(
            f"the Dask scheduler at {address} has no workers (none joined within "
            f"{workers_timeout:g} s): start some with `dask worker {address}`, or use "
            "--dask-workers N for a cluster on this computer"
        ) from None
    except BaseException:
        client.close()
        raise
    return client


def _identity(address: str, timeout: float) -> dict:
    """The scheduler's answer to Dask's ``identity`` question, within ``timeout`` seconds (in a
    thread of its own, so it works where an event loop already runs, as in Jupyter)."""
    import asyncio
    import socket
    from concurrent.futures import ThreadPoolExecutor

    from distributed.comm import connect as dask_connect
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.security import Security

    try:
        scheme, location = parse_address(address)
    except (TypeError, ValueError) as err:
        raise ValueError(
            f"{address!r} is not a Dask address ({err}); e.g. tcp://HOST:8786"
        ) from None
    if scheme == "ucx":
        try:
            import ucxx  # noqa: F401
        except ImportError:
            raise ValueError(
                f"{address}: ucx:// needs Dask's UCX support (the distributed-ucxx package), "
                "which is not installed here; give the scheduler's tcp:// address instead"
            ) from None
    security = Security()
    if scheme == "tls" and security.get_connection_args("client").get("ssl_context") is None:
        raise ValueError(
            f"{address}: tls:// needs certificates, and Dask's configuration names none: set "
            "distributed.comm.tls.ca-file, .client.cert and .client.key (for example with "
            "the DASK_DISTRIBUTED__COMM__TLS__CA_FILE ... variables), or use tcp://"
        )
    if scheme in ("tcp", "tls"):
        try:
            host, port = parse_host_port(location)
            socket.create_connection((host, port), timeout=timeout).close()
        except (OSError, ValueError) as err:
            raise ValueError(
                f"nothing answers at {address} ({getattr(err, 'strerror', None) or err}): is "
                "the scheduler "
                "running, and is the address right?"
            ) from None

    async def ask() -> dict:
        comm = await dask_connect(address, timeout=timeout,
                                  **security.get_connection_args("client"))
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def bounded() -> dict:
        return await asyncio.wait_for(ask(), timeout)

    with ThreadPoolExecutor(1) as thread:
        try:
            return thread.submit(asyncio.run, bounded()).result()
        except TimeoutError:
            raise ValueError(
                f"something answers at {address}, but not as a Dask scheduler (no handshake "
                f"within {timeout:g} s): is it another service, such as the dashboard "
                "(usually port 8787; the scheduler usually listens on 8786)?"
            ) from None
        except Exception as err:  # noqa: BLE001 - any failure here is told as a sentence
            raise ValueError(
                f"cannot talk to a Dask scheduler at {address}: {type(err).__name__}: {err}"
            ) from None


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
    try:  # a cluster without workers would leave the run waiting without a word
        client.wait_for_workers(1, timeout=WORKERS_SECONDS)
    except TimeoutError:
        raise ValueError(
            f"the Dask cluster has no workers (none joined within {WORKERS_SECONDS:g} s): "
            "start some (dask worker SCHEDULER-ADDRESS, or LocalCluster(n_workers=2))"
        ) from None
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
    futures: list = []
    results: list = [None] * len(items)
    done = 0
    try:
        for index, item in enumerate(items):  # a scheduler can die while these are sent, too
            futures.append(client.submit(function, item, key=f"{name}-{token}-{index}",
                                         retries=RETRIES, pure=False))
        position = {future.key: index for index, future in enumerate(futures)}
        for future in as_completed(futures):
            index = position[future.key]
            results[index] = future.result()  # raises the task's error, if any
            if on_result is not None:
                on_result(results[index])
            done += weights[index]
            update(done)
            futures[index] = None  # let the cluster forget a result already fetched
            future.release()
    except BaseException as err:
        if not isinstance(err, KeyboardInterrupt) and client.status != "running":
            # The scheduler went away (killed, or its machine lost): Dask's own error is a
            # FutureCancelledError or CommClosedError deep in its event loop.
            raise ClusterLost(
                f"the Dask scheduler stopped answering during the run (the client is "
                f"{client.status}; {len([f for f in futures if f is None])} of {len(items)} "
                "tasks had finished): start it again and rerun; a run with out=DIR keeps the "
                "chunks already written and plays only the rest"
            ) from None
        client.cancel([f for f in futures if f is not None])
        raise
    return results


class ClusterLost(RuntimeError):
    """The Dask scheduler went away during a run."""
