"""Where the notebooks read and write, wherever Jupyter starts their kernel.

Jupyter runs a notebook's kernel in the notebook's own folder (``notebooks/``), a
test runs it in a temporary one: so the notebooks never use a path relative to the
working directory. They find the project's ``runs/`` folder by walking up from
the working directory to the folder holding ``pyproject.toml`` (or take
``HYDRA_ENV_RUNS``), read the run they plot from there, and write only under
``runs/notebooks/``, never inside ``notebooks/``.

Their settings (number of games, agents, the run to plot) come from environment
variables ``HYDRA_ENV_NOTEBOOK_<NAME>``, so that the test suite runs them top to
bottom on small settings. What is missing is said in one line, without a
traceback (:class:`NotebookSetupError`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

RUNS_ENV = "HYDRA_ENV_RUNS"
"""The runs folder, when the notebooks are opened outside the project folder."""
SETTING_PREFIX = "HYDRA_ENV_NOTEBOOK_"
"""The prefix of a notebook setting's environment variable: ``HYDRA_ENV_NOTEBOOK_GAMES=20``."""
MAKE_A_RUN = ("`hydra-env train --quick` (about a minute on 2 cores) or `make train`, "
              "from the project folder")
"""The commands that make a run folder, as the error messages name them."""


class NotebookSetupError(Exception):
    """Something a notebook needs is missing (a run, the project folder, a setting's
    value). Jupyter shows it as its message alone (IPython's ``_render_traceback_``)."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def project_root(start: str | Path | None = None) -> Path | None:
    """The nearest folder at or above ``start`` (default: the working directory)
    that holds ``pyproject.toml``; None when there is none."""
    here = Path(start if start is not None else Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file():
            return folder
    return None


def runs_dir(start: str | Path | None = None) -> Path:
    """The project's runs folder: ``$HYDRA_ENV_RUNS`` if set, else ``runs/`` of
    :func:`project_root`. It need not exist yet."""
    given = os.environ.get(RUNS_ENV, "").strip()
    if given:
        return Path(given).expanduser().resolve()
    root = project_root(start)
    if root is None:
        where = Path(start if start is not None else Path.cwd()).resolve()
        raise NotebookSetupError(
            f"no project folder (one holding pyproject.toml) at or above {where}: open the "
            f"notebook from the hydra-env checkout, or set {RUNS_ENV} to your runs folder")
    return root / "runs"


def training_run(start: str | Path | None = None) -> Path:
    """The run folder to read: ``$HYDRA_ENV_NOTEBOOK_RUN`` (a run folder, or the
    name of one under :func:`runs_dir`), else the newest run under :func:`runs_dir`."""
    from agents.analysis import newest_run
    runs = runs_dir(start)
    given = os.environ.get(SETTING_PREFIX + "RUN", "").strip()
    if given:
        path = Path(given).expanduser()
        if not path.is_absolute() and not path.exists():
            path = runs / given
        if not (path / "config.yaml").is_file():
            raise NotebookSetupError(
                f"{SETTING_PREFIX}RUN={given}: {path} is not a run folder (it has no "
                f"config.yaml); name a folder under {runs}, or unset it for the newest run")
        return path.resolve()
    run = newest_run(runs) if runs.is_dir() else None
    if run is None:
        raise NotebookSetupError(f"no run folder in {runs} yet: make one with {MAKE_A_RUN}")
    return run


def output_dir(name: str, start: str | Path | None = None) -> Path:
    """``runs/notebooks/<name>``: the folder a notebook writes into (not created here)."""
    return runs_dir(start) / "notebooks" / name


def relative(path: str | Path) -> Path:
    """``path`` relative to the working directory when it can be (``../runs/...`` from
    ``notebooks/``), so that what a notebook prints and saves names no machine's folders."""
    try:
        return Path(os.path.relpath(path))
    except ValueError:                      # another drive (Windows): keep it whole
        return Path(path)


def setting(name: str, default: Any, kind: Callable[[str], Any] = str) -> Any:
    """The notebook setting ``name``: ``$HYDRA_ENV_NOTEBOOK_<NAME>`` read with
    ``kind`` (e.g. ``int``), else ``default``."""
    key = SETTING_PREFIX + name.upper()
    raw = os.environ.get(key, "").strip()
    if not raw:
        return default
    try:
        return kind(raw)
    except ValueError:
        raise NotebookSetupError(f"{key}={raw!r} is not a valid {getattr(kind, '__name__', kind)}: "
                                 f"fix or unset it (default: {default!r})") from None


def setting_list(name: str, default: Sequence[str]) -> list[str]:
    """A comma-separated notebook setting (``HYDRA_ENV_NOTEBOOK_AGENTS=random,greedy``)."""
    raw = os.environ.get(SETTING_PREFIX + name.upper(), "").strip()
    if not raw:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]
