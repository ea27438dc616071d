"""The class server's first start on a new installation: how long until the expert can play,
and how much memory the server and its worker processes take meanwhile.

Two measurements, each with numba's cache in a new empty folder (``NUMBA_CACHE_DIR``), so that
nothing compiled before counts:

* **cold**: ``python -m hoyito_edu serve --workers 2`` with the empty cache, as a first lesson
  was before ``make clase`` compiled at set-up: the workers compile the searching levels
  while the class waits;
* **set-up, then start**: ``hoyito_edu.players.warm_up(progress=True)`` in its own process
  (what ``make clase`` runs once after installing), then the server on the filled cache.

For each: the seconds until ``/status`` lists the expert as ready, and the peak resident memory
of the server with all its child processes (sampled every 0.25 s, until 30 s after the expert
was ready, so that the second worker's loading counts too); for the set-up, its seconds and its
peak memory. The load average is printed: the machine is shared, so compare runs made side by
side.

Usage: ``python benchmarks/class_first_start.py [--root PATH]`` (``--root``: another checkout
of the package, e.g. the code before a change; default this one). A cold run takes minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
#: Seconds to keep sampling after the expert is ready (the other worker loads meanwhile).
AFTER_READY = 30.0
#: The longest a start may take before the measurement gives up.
LIMIT = 1200.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tree_rss(process) -> int:
    """Resident bytes of ``process`` and all its children (0 for any that ended)."""
    import psutil  # noqa: PLC0415

    total = 0
    for member in [process, *process.children(recursive=True)]:
        try:
            total += member.memory_info().rss
        except psutil.Error:
            pass
    return total


def expert_ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=1) as answer:
            return "expert" in json.load(answer)["ready"]
    except (OSError, ValueError):
        return False


def serve(root: Path, cache: str, folder: str) -> dict:
    """Start the server on ``cache``; the seconds until the expert is ready, the peak MB."""
    import psutil  # noqa: PLC0415

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": cache}
    command = [sys.executable, "-m", "hoyito_edu", "serve", "--port", str(port), "--db",
               os.path.join(folder, "clase.db"), "--workers", "2", "--lang", "en"]
    with open(os.path.join(folder, "server.log"), "w") as log:
        process = subprocess.Popen(command, env=env, cwd=root, stdout=log,
                                   stderr=subprocess.STDOUT)
    top, started, peak, ready = psutil.Process(process.pid), time.monotonic(), 0, None
    try:
        while time.monotonic() - started < LIMIT and process.poll() is None:
            peak = max(peak, tree_rss(top))
            if ready is None and expert_ready(port):
                ready = time.monotonic() - started
            if ready is not None and time.monotonic() - started > ready + AFTER_READY:
                break
            time.sleep(0.25)
    finally:
        process.terminate()
        process.wait(30)
    return {"ready_s": ready, "peak_mb": peak / 2**20}


def set_up(root: Path, cache: str) -> dict:
    """``warm_up(progress=True)`` in a fresh process on ``cache``: seconds and peak MB."""
    import psutil  # noqa: PLC0415

    env = {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": cache}
    code = "import hoyito_edu.players as p; p.warm_up(progress=True)"
    process = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=root,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    top, started, peak = psutil.Process(process.pid), time.monotonic(), 0
    while process.poll() is None:
        peak = max(peak, tree_rss(top))
        time.sleep(0.25)
    return {"seconds": time.monotonic() - started, "peak_mb": peak / 2**20}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to measure")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    print(f"checkout: {root}")
    with tempfile.TemporaryDirectory() as cold, tempfile.TemporaryDirectory() as folder:
        print(f"load average {os.getloadavg()[0]:.1f}")
        first = serve(root, cold, folder)
        print(f"cold start (empty cache): expert ready after {first['ready_s']:.0f} s, "
              f"peak {first['peak_mb']:.0f} MB")
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as folder:
        print(f"load average {os.getloadavg()[0]:.1f}")
        made = set_up(root, cache)
        print(f"set-up (warm_up, as make clase runs it): {made['seconds']:.0f} s, "
              f"peak {made['peak_mb']:.0f} MB")
        then = serve(root, cache, folder)
        print(f"start after the set-up: expert ready after {then['ready_s']:.1f} s, "
              f"peak {then['peak_mb']:.0f} MB")


if __name__ == "__main__":
    main()
