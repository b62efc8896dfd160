"""Progress for long work: bars with rate and ETA on a terminal (silent when not on one), and
plain progress lines (:func:`note`) that a log keeps.

Every bar of the command line, the trainer and the benchmarks comes from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def progress(iterable: Iterable[Any] | None = None, *, quiet: bool = False, **options: Any) -> Any:
    """A tqdm bar over ``iterable`` (or a manual one with ``total=``).

    It shows only when its stream (stderr) is a terminal, so logs, pipes and CI
    stay clean; ``quiet`` turns it off everywhere. Other keywords go to tqdm.
    """
    from tqdm import tqdm

    options.setdefault("dynamic_ncols", True)
    return tqdm(iterable, disable=True if quiet else None, **options)


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
