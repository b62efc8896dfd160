"""Progress for long work: bars with rate and ETA on a terminal, plain progress lines in a log.

On a terminal a bar redraws in place. Off one (a log, a pipe, CI) the same bar becomes a
plain line at most every :data:`LOG_INTERVAL` seconds, once the work has lasted that long
(``imitate greedy: 700/1500 games [05:12<05:56, 2.24game/s]``): short work stays silent,
long work says where it is. :func:`note` prints one line either way.

Every bar of the command line, the trainer and the benchmarks comes from here.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from typing import Any

LOG_INTERVAL = 30.0
"""Seconds between two progress lines off a terminal (and before the first)."""
LOG_FORMAT = "{desc}: {n_fmt}/{total_fmt} {unit}s [{elapsed}<{remaining}, {rate_fmt}]"


class _LogLines:
    """A stream for tqdm off a terminal: each bar it draws becomes one line on stderr, dropped
    until the work has lasted :data:`LOG_INTERVAL` seconds."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.last = ""

    def write(self, text: str) -> None:
        line = text.replace("\r", "").strip()
        if line and line != self.last and time.monotonic() - self.began >= LOG_INTERVAL:
            print(line, file=sys.stderr, flush=True)
            self.last = line

    def flush(self) -> None:
        """Nothing to flush (each line is flushed as it is printed)."""


def progress(iterable: Iterable[Any] | None = None, *, quiet: bool = False, **options: Any) -> Any:
    """A tqdm bar over ``iterable`` (or a manual one with ``total=``).

    On a terminal (stderr) it redraws in place; off one it prints a plain line every
    :data:`LOG_INTERVAL` seconds once the work has lasted that long (the module docstring);
    ``quiet`` turns it off everywhere. Other keywords go to tqdm.
    """
    from tqdm import tqdm

    stream = options.get("file", sys.stderr)
    if quiet:
        return tqdm(iterable, disable=True, **options)
    if hasattr(stream, "isatty") and stream.isatty():
        options.setdefault("dynamic_ncols", True)
        return tqdm(iterable, **options)
    options.update(file=_LogLines(), mininterval=LOG_INTERVAL, maxinterval=LOG_INTERVAL, disable=False,
                   bar_format=LOG_FORMAT, dynamic_ncols=False)
    options.pop("leave", None)
    return tqdm(iterable, **options)


def note(text: str) -> None:
    """One progress line, for a log as much as for a terminal: printed above any progress bar
    (tqdm's ``write``), flushed at once."""
    from tqdm import tqdm

    tqdm.write(text)
    import sys
    sys.stdout.flush()


def duration(seconds: float) -> str:
    """``seconds`` as ``1h02m``, ``4m05s`` or ``12s``."""
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"
