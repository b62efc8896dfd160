"""SIGTERM handled as Ctrl-C, for every command.

``timeout``, ``docker stop`` and a batch system's preemption send SIGTERM; by
default it ends Python at once, without the clean-up a Ctrl-C gets (a training
run's final checkpoint and status, an output folder's temporary twin removed,
the pool's workers stopped). :func:`terminate_as_interrupt` turns it into
``KeyboardInterrupt`` for a block of the main thread.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

__all__ = ["terminate_as_interrupt"]


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises ``KeyboardInterrupt`` in the main thread while the block runs (a
    second SIGTERM is ignored, so that it does not cut the clean-up short); elsewhere
    than in the main thread, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)    # a second one does not cut the clean-up
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
