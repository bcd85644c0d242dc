"""Where computer players think: in a process of their own, so a long search never holds the event loop
(nor, through the GIL, the keys) of the app. Each decision is given only the seat's View (see
`HotseatSession.computer_job`) and returns the chosen action.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import ComputerJob

# How long a computer's move takes at least, thinking included, so the table can follow it.
COMPUTER_PAUSE_SECONDS = 0.8
# The share of that pause a further step of the same computer's turn takes (Rummikub's tile moves).
CONTINUING_STEP_SHARE = 0.25
# The pause at each pace of the settings (settings.PACES), as a share of the normal pause. "step" has no
# pause: each new turn of a computer waits for one of STEP_KEYS instead.
PACE_SHARE = {"slow": 2.5, "normal": 1.0, "fast": 0.25, "step": 0.0}
STEP_KEYS = ("space", "enter")
# When the computers' moves hand the turn back to a person, the same keys are held back this long: one pressed
# for the last computer move, or late after the person's own choice, would otherwise choose on the new prompt
# (its highlighted entry) before the person has seen it.
TURN_BACK_GRACE_SECONDS = 0.4
PARENT_CHECK_SECONDS = 1.0  # how often the computers' process looks whether the app is still there


def _warm_up() -> None:
    """Import the engines and the bots before the first decision needs them."""
    from importlib import import_module

    import_module("boardgames_tui.bots")


def _decide(game_id: str, level: str, view: Any, deal_number: str, decision: int) -> Any:
    from ..bots import decide

    return decide(game_id, level, view, deal_number, decision)


@contextmanager
def _real_std_streams() -> Iterator[None]:
    """Textual swaps sys.stdout/stderr for objects with no file descriptor while the app runs; starting a
    process hands the real ones down, so they are put back for that moment."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _start_worker() -> None:
    """In the computers' process. Ctrl+C at the host's console reaches every process of the terminal, and
    is the host's to handle (it closes the table and then this pool), not a traceback from here. And the
    process ends with the app: killed outright, the app never closes the pool, and the pool's process holds
    both ends of its own queue, so it would wait for work for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True, name="end-with-app").start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:  # an orphan is handed to another parent
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class ComputerPlayers:
    """Runs decisions off the event loop: in one spawned process (the app), or in a thread (tests, where
    starting a process per test would cost more than it shows)."""

    def __init__(self, *, in_subprocess: bool = True) -> None:
        self.in_subprocess = in_subprocess
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if not self.in_subprocess:
            return None  # the loop's default thread pool
        if self._pool is None:
            # spawn, not fork: the app runs threads, and a forked copy of them is not safe
            # (made inside _real_std_streams: its semaphores start multiprocessing's resource tracker process)
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
            )
        return self._pool

    def _submit(self, call: Callable[..., Any], *args: Any) -> Future[Any] | None:
        with _real_std_streams():  # the pool may start (or restart) its process on any submit
            executor = self._executor()
            return executor.submit(call, *args) if executor is not None else None

    def warm_up(self) -> None:
        """Start the process and import the bots in it now, so the first computer's move is not late."""
        self._submit(_warm_up)

    async def decide(self, job: ComputerJob) -> Any:
        args = (job.game_id, job.level, job.view, job.deal_number, job.decision)
        future = self._submit(_decide, *args)
        if future is None:
            return await asyncio.to_thread(_decide, *args)
        return await asyncio.wrap_future(future)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
