"""--scheduler and cluster.connect: every failure is a sentence within a bounded time (issue 29).

A port that answers but is not a scheduler (a plain TCP server on 127.0.0.1 standing in for the
dashboard) used to hang for ever, a scheduler with no workers waited without a word, and
ucx://, tls:// without certificates and a scheduler killed mid-run ended in tracebacks.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hoyito_edu.__main__ import main
from hoyito_edu.sim import cluster

pytestmark = pytest.mark.slow  # starts Dask schedulers

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


class FakeServer:
    """A TCP server on 127.0.0.1 that accepts connections and either says nothing or answers
    any request like a web server (as the Dask dashboard's port would)."""

    def __init__(self, http: bool):
        self.http = http
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        held = []
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            held.append(conn)
            if self.http:
                conn.settimeout(2)
                try:
                    conn.recv(65536)
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
                except OSError:
                    pass
        for conn in held:
            conn.close()
        self.sock.close()

    def close(self):
        self.stop.set()
        self.thread.join(5)


@pytest.fixture(params=[False, True], ids=["silent", "web"])
def fake_scheduler(request):
    server = FakeServer(http=request.param)
    yield server.address
    server.close()


def test_a_port_that_is_not_a_scheduler_is_refused_in_bounded_time(fake_scheduler):
    started = time.monotonic()
    with pytest.raises(ValueError, match="(but not as a Dask scheduler|cannot talk to a Dask)"):
        cluster.connect(fake_scheduler, timeout=1)
    assert time.monotonic() - started < 5


def test_the_command_line_says_so_in_a_sentence(fake_scheduler, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cluster, "HANDSHAKE_SECONDS", 1.0)
    started = time.monotonic()
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--variant", "hoyito-i", "--games", "5", "--out",
              str(tmp_path / "g.csv"), "--scheduler", fake_scheduler])
    assert stop.value.code == 2 and time.monotonic() - started < 10
    err = capsys.readouterr().err
    assert f"error: something answers at {fake_scheduler}" in err or "cannot talk" in err
    assert "Traceback" not in err


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "address, message",
    [
        # the closed port is found when the test runs: found at collection, the test's name
        # differed between pytest-xdist's workers, and the port had minutes to be taken
        ("tcp://127.0.0.1:{closed}", "nothing answers at tcp://127.0.0.1:"),
        ("ucx://127.0.0.1:8786", "ucx:// needs Dask's UCX support"),
        ("tls://127.0.0.1:8786", "tls:// needs certificates"),
        ("tcp://127.0.0.1", "nothing answers at tcp://127.0.0.1"),
        ("nonsense://x:1", "unknown address scheme .nonsense."),
    ],
)
def test_unusable_addresses_get_a_sentence_at_once(address, message):
    address = address.format(closed=closed_port())
    started = time.monotonic()
    with pytest.raises(ValueError, match=message):
        cluster.connect(address, timeout=3)
    assert time.monotonic() - started < 5


def test_a_scheduler_without_workers_is_refused_with_a_sentence():
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, dashboard_address=":0", processes=False,
                      protocol="tcp://") as empty:
        assert empty.scheduler_address.startswith("tcp://127.0.0.1:")
        started = time.monotonic()
        with pytest.raises(ValueError, match="has no workers .none joined within 1 s.: start"):
            cluster.connect(empty.scheduler_address, timeout=3, workers_timeout=1)
        assert time.monotonic() - started < 10


def test_a_client_of_a_cluster_without_workers_is_refused_by_simulate(monkeypatch):
    from distributed import Client, LocalCluster

    import hoyito_edu as hy

    monkeypatch.setattr(cluster, "WORKERS_SECONDS", 1.0)
    with LocalCluster(n_workers=0, dashboard_address=":0", processes=False) as empty, Client(
        empty
    ) as client:
        started = time.monotonic()
        with pytest.raises(ValueError, match="the Dask cluster has no workers .none joined"):
            hy.simulate("hoyito-i", 10, client=client)
        assert time.monotonic() - started < 10


def free_port() -> int:
    return closed_port()


@pytest.mark.skipif(not (BIN / "dask").exists(), reason="needs the dask command")
def test_a_scheduler_killed_mid_run_ends_the_command_with_a_sentence(tmp_path):
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    log = open(tmp_path / "cluster.log", "w")  # noqa: SIM115 - closed below
    scheduler = subprocess.Popen(
        [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
         "--dashboard-address", ":0"], stdout=log, stderr=log, env=env,
        start_new_session=True,
    )
    worker = None
    command = None
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "cluster.log").read_text()
                time.sleep(0.2)
        worker = subprocess.Popen(
            [str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-dashboard"],
            stdout=log, stderr=log, env=env, start_new_session=True,
        )
        command = subprocess.Popen(
            [sys.executable, "-m", "hoyito_edu", "simulate", "--variant", "hoyito-i",
             "--games", "100000", "--path", "engine", "--no-progress",
             "--out", str(tmp_path / "games.csv"), "--scheduler", address],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
        )
        assert command.stdout.readline().startswith("Dask dashboard:")  # connected, playing
        time.sleep(2)
        os.killpg(scheduler.pid, signal.SIGKILL)
        out, err = command.communicate(timeout=90)
        assert command.returncode == 1, err
        assert "error: the Dask scheduler stopped answering during the run" in err
        assert "Traceback" not in err, err
        assert not (tmp_path / "games.csv").exists()
    finally:
        for process in (command, worker, scheduler):
            if process is not None and process.poll() is None:
                if process is command:
                    process.kill()
                else:
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(30)
        log.close()
