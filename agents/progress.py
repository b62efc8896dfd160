"""Progress bars for long work: rate and ETA on a terminal, silent when not on one.

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
