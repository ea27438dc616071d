"""Jupyter's Interrupt (SIGINT) stops a pooled simulation at once and says what was kept
(issue 29: interrupted at 6 s, simulate(workers=2) ended at 17-22 s and said nothing).

A real Python process runs the simulation in two worker processes and gets a real SIGINT: to
itself alone (Ctrl-C in a terminal, or a kernel interrupted alone), or to its whole process
group (as a notebook server may send it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import sys, hoyito_edu as hy
streamed = dict(out=sys.argv[1], chunk_games=2_000) if len(sys.argv) > 1 else {}
print("started", flush=True)
try:
    hy.simulate("hoyito-i", 200_000, workers=2, path="engine", progress=False,
                tables=["games"], **streamed)
except KeyboardInterrupt as stop:
    print(f"STOPPED: {stop}", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc"),
    pytest.mark.slow,  # interrupts real processes
]


def run_and_interrupt(whole_group: bool, *args: str) -> tuple[float, str, list[int]]:
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *args], cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        assert process.stdout.readline() == "started\n"
        deadline = time.monotonic() + 60
        while len(workers := [p for p in children(process.pid) if alive(p)]) < 2:
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        time.sleep(2)  # the workers are playing their first parts
        assert process.poll() is None
        sent = time.monotonic()
        if whole_group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        # If the run never stops, end it after 30 s so that readline() below returns.
        guard = threading.Timer(30, os.killpg, (process.pid, signal.SIGKILL))
        guard.start()
        line = process.stdout.readline()  # control is back: what a notebook user waits for
        guard.cancel()
        seconds = time.monotonic() - sent
        out, err = process.communicate(timeout=30)
        return seconds, line + out + err, workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.parametrize("whole_group", [False, True], ids=["process", "group"])
def test_an_interrupt_stops_the_pool_within_two_seconds_and_says_nothing_was_kept(whole_group):
    seconds, output, workers = run_and_interrupt(whole_group)
    assert "STOPPED: simulate() was interrupted and its 2 worker processes ended" in output
    assert "nothing was kept" in output and "pass out=DIR" in output
    assert "Traceback" not in output, output  # no worker printed its own KeyboardInterrupt
    assert seconds < 2, f"stopped {seconds:.1f} s after the interrupt"
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)], "worker processes still running"


def test_an_interrupted_streamed_run_says_how_many_chunks_are_kept(tmp_path):
    seconds, output, workers = run_and_interrupt(False, str(tmp_path / "run"))
    assert "STOPPED: simulate() was interrupted: " in output
    assert f"of 100 chunks are kept in {tmp_path / 'run'}; run the same call again" in output
    assert seconds < 2, f"stopped {seconds:.1f} s after the interrupt"
    assert not [pid for pid in workers if alive(pid)]
