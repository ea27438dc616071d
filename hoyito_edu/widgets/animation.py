"""Showing frames one at a time on a clock that never blocks the kernel.

The clock is an asyncio task on the kernel's own event loop (ipykernel and Voila both run
widget callbacks inside that loop). Between two frames it sleeps with ``await``, so button
clicks and other messages are handled while a move is being shown. Where no loop is running
(plain Python, the tests) nothing ticks by itself: :meth:`Animator.step` and
:meth:`Animator.skip` move the film on, which keeps tests deterministic.

>>> shown = []
>>> film = Animator(show=shown.append)
>>> film.interval = 0.2
>>> film.start(["a", "b", "c"], on_done=lambda: shown.append("done"))
>>> film.busy, shown
(True, ['a'])
>>> film.step(); shown
['a', 'b']
>>> film.skip(); shown, film.busy
(['a', 'b', 'c', 'done'], False)
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any

#: Seconds between frames for each speed; ``None`` shows moves at once.
SPEEDS: dict[str, float | None] = {"off": None, "slow": 0.6, "normal": 0.25, "fast": 0.07}


def report_error(error: BaseException) -> None:
    """Default error handler for callbacks run by the clock: print the traceback."""
    traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no running loop
        return None


class Clock:
    """Calls ``tick()`` every ``interval`` seconds while ``tick`` returns True.

    Runs only inside a running asyncio loop; :meth:`start` returns False where there is none.
    """

    def __init__(self, tick: Callable[[], bool], on_error: Callable[[BaseException], Any]):
        self.tick = tick
        self.on_error = on_error
        self.interval: float = SPEEDS["normal"]
        self._task: asyncio.Task | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> bool:
        """Start ticking (if not already); False when there is no running event loop."""
        if self.running:
            return True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._task = loop.create_task(self._run())
        return True

    def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()

    async def _run(self) -> None:
        me = asyncio.current_task()
        try:
            while True:
                await asyncio.sleep(self.interval)
                if self._task is not me or not self.tick():
                    break
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a crash must reach the user, not vanish in the loop
            self.on_error(error)
        finally:
            if self._task is me:
                self._task = None


class Animator:
    """A film of frames with play, pause, step and skip.

    ``show(frame)`` draws one frame; ``on_done`` (given to :meth:`start`) runs once the last
    frame has been shown, and may start the next film (the computer's reply).
    """

    def __init__(
        self,
        show: Callable[[Any], None],
        on_change: Callable[[], None] = lambda: None,
        on_error: Callable[[BaseException], Any] = report_error,
    ):
        self.show = show
        self.on_change = on_change
        self.frames: Sequence[Any] = ()
        self.index = 0
        self.paused = False
        self.interval: float | None = SPEEDS["normal"]
        self._on_done: Callable[[], None] | None = None
        self._clock = Clock(self._tick, on_error)

    @property
    def busy(self) -> bool:
        """True while a film is loaded and not yet finished."""
        return self._on_done is not None

    @property
    def ticking(self) -> bool:
        """True while the clock is running it by itself."""
        return self._clock.running

    def start(self, frames: Sequence[Any], on_done: Callable[[], None]) -> None:
        """Show the first frame now and the others on the clock (or by step/skip)."""
        if not frames:
            raise ValueError("a film needs at least one frame")
        self.frames, self.index, self._on_done = frames, 0, on_done
        self.paused = False  # each film starts playing, even if the one before was paused
        self.show(frames[0])
        if len(frames) == 1:
            self._finish()
            return
        self._run_clock()
        self.on_change()

    def step(self) -> None:
        """Show the next frame (finishing the film after the last one)."""
        if not self.busy:
            return
        if self.index + 1 < len(self.frames):
            self.index += 1
            self.show(self.frames[self.index])
        if self.index + 1 >= len(self.frames):
            self._finish()
        else:
            self.on_change()

    def skip(self) -> None:
        """Jump to the last frame and finish."""
        if not self.busy:
            return
        self.index = len(self.frames) - 1
        self.show(self.frames[self.index])
        self._finish()

    def pause(self) -> None:
        self.paused = True
        self._clock.stop()
        self.on_change()

    def play(self) -> None:
        self.paused = False
        self._run_clock()
        self.on_change()

    def set_interval(self, seconds: float | None) -> None:
        """Change the speed; ``None`` (animation off) skips the film being shown."""
        self.interval = seconds
        if seconds is None:
            self.skip()
        else:
            self._clock.interval = seconds
            self._run_clock()

    def cancel(self) -> None:
        """Drop the film without calling ``on_done`` (used before undo or a new game)."""
        self.frames, self.index, self._on_done = (), 0, None
        self._clock.stop()
        self.on_change()

    def _run_clock(self) -> None:
        if self.busy and not self.paused and self.interval is not None:
            self._clock.interval = self.interval
            self._clock.start()

    def _tick(self) -> bool:
        if self.paused or not self.busy:
            return False
        self.step()
        return self.busy and not self.paused

    def _finish(self) -> None:
        done, self._on_done = self._on_done, None
        self.frames, self.index = (), 0
        done()
        if not self.busy:
            self._clock.stop()
        self.on_change()
