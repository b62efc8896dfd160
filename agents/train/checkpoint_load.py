"""A run's own checkpoints: the run id that marks them, and loading one to resume, as data.

A new run folder gets a random id in ``run_id`` (:func:`new_run_id`); every model the run
saves carries it in its zip's ``data`` (the model attribute
:data:`agents.policy_load.RUN_ID_KEY`, which SB3 stores as plain JSON). On resume a
checkpoint is accepted only when it carries the id of its run folder
(:func:`check_belongs`): another run's model copied into ``checkpoints/`` is refused by
name. A run made before run ids were written (no ``run_id`` file) accepts only
checkpoints without one.

:func:`load_checkpoint` never unpickles: the model is built again from the run's config
(:func:`agents.train.model.new_model`), then given the checkpoint's weights and
optimizer state (``torch.load(weights_only=True)``) and its step and update counts
(readable JSON).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from agents.policy_load import RUN_ID_KEY, load_parameters, read_data
from agents.policy_spaces import NotRebuildableError, check_layout
from agents.train.config import TrainConfig
from hydra_env.errors import ConfigError

RUN_ID_FILE = "run_id"


def new_run_id(run_dir: Path) -> str:
    """Give a new run folder its id (written to ``run_dir/run_id``); returns it."""
    run = uuid.uuid4().hex
    (run_dir / RUN_ID_FILE).write_text(run + "\n", encoding="utf-8")
    return run


def run_id(run_dir: Path) -> str | None:
    """The id of a run folder (None for a run made before ids were written)."""
    path = run_dir / RUN_ID_FILE
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8", errors="replace").strip()
    if len(text) != 32 or any(c not in "0123456789abcdef" for c in text):
        raise ConfigError(f"{path} is not a run id (32 hex digits); it was altered: restore it or "
                          f"start the run again")
    return text


def mark(model: Any, run_dir: Path) -> None:
    """Let every file ``model`` is saved to carry the id of ``run_dir`` (when it has one)."""
    run = run_id(run_dir)
    if run is not None:
        setattr(model, RUN_ID_KEY, run)


def belongs(path: Path, run_dir: Path) -> bool:
    """Whether the model file ``path`` carries the id of ``run_dir`` (both none for a run
    made before ids were written)."""
    return read_data(path).get(RUN_ID_KEY) == run_id(run_dir)


def check_belongs(path: Path, run_dir: Path) -> None:
    """ConfigError unless the model file ``path`` was saved by the run of ``run_dir``."""
    theirs, ours = read_data(path).get(RUN_ID_KEY), run_id(run_dir)
    if theirs != ours:
        said = f"run id {theirs}" if isinstance(theirs, str) else "no run id"
        raise ConfigError(f"checkpoint {path} was not saved by the run {run_dir} (it carries "
                          f"{said}, the run's is {ours or 'none'}): it is another run's model; "
                          f"move it out of {path.parent} and resume again")


def load_checkpoint(path: Path, config: TrainConfig, run_dir: Path, venv: Any) -> Any:
    """The run's model at checkpoint ``path``, for ``venv`` (the run's env): checked to
    belong to the run, rebuilt from the run's config with the checkpoint's weights,
    optimizer state and counters; nothing is unpickled."""
    from agents.train.model import new_model
    check_belongs(path, run_dir)
    data = read_data(path)
    try:
        check_layout(data, venv.observation_space, venv.action_space, path)
    except (ConfigError, NotRebuildableError) as exc:
        raise ConfigError(f"checkpoint {path} does not fit the env of {run_dir}'s config.yaml "
                          f"({exc}); resume with the config it was trained with") from None
    model = new_model(config, venv, run_dir)
    try:
        model.set_parameters(load_parameters(path, config.device), exact_match=True,
                             device=config.device)
    except (RuntimeError, ValueError, KeyError) as exc:
        detail = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
        raise ConfigError(f"checkpoint {path} does not fit the network of {run_dir}'s "
                          f"config.yaml ({detail}); resume with the config it was trained "
                          f"with") from None
    for key in ("num_timesteps", "_n_updates"):
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError(f"checkpoint {path}: {key}={value!r} in its data is not a step count")
        setattr(model, key, value)
    mark(model, run_dir)
    return model
