"""What a training run asks of its game: the game's train hooks, or generic defaults.

The trainer never names a game. The game of a config is the registered game
whose :attr:`~hydra_env.api.GameSpec.env_ids` holds the config's ``env``
(:func:`config_game`). What differs between games comes from the game's train
hooks module, ``game_spec(game).hooks("train")`` (for the games of this
repository ``agents/game_tools/<game>/train.py``): plain constants and
functions, each optional. A game without the module, or without one of its
names, gets the generic default (:mod:`agents.train.generic_hooks`):

``DEFAULT_CONFIG: str``
    The packaged config of ``hydra-env train --game GAME``. Default: none; the
    command trains the fields' defaults on the game's first env id, with
    ``opponents: [random]``.
``OPPONENT_ENVS: Mapping[str, str]``
    The game's env ids whose other seats the config's ``opponents`` play (the
    opponent pool, self-play, the check that ``opponents`` is not empty), each
    with the words that name it in messages (``"the coordinated game"``).
    Default: every env id of the game, named by the spec's title, when its
    default parameters seat more than one player; else none.
``metrics(config: TrainConfig, policy: str) -> dict[str, float]``
    The figures of one periodic evaluation of the bot spec ``policy``
    (``ppo:PATH``), named as logged (``eval/...``). Default:
    :func:`agents.train.generic_hooks.win_share_metrics` (``eval/win_share``,
    ``eval/score_mean``, ``eval/rank_mean``).
``best_metric(metrics: dict[str, float]) -> float``
    What the best model maximises. Default: ``metrics["eval/win_share"]``.
``final_report(config: TrainConfig, run_dir: Path, chosen: dict, workers: int) -> int``
    The end-of-run evaluation of the chosen model (``chosen``:
    :func:`agents.train.trainer.evaluated_model`) into ``run_dir/eval``, whose
    ``summary.json`` holds ``n_games`` and ``evaluated_model``; returns an exit
    code (0 done, 130 interrupted, another: failed, its error printed).
    Default: :func:`agents.train.generic_hooks.evaluate_report` (the generic
    ``hydra-env evaluate`` of the model against the first of ``opponents``).
``selfplay_bot(path: str, seed: int) -> Bot``
    A frozen past learner (a checkpoint file) as an opponent in self-play.
    Default: ``make_bot("ppo:" + path, game=GAME, seed=seed)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hydra_env import ConfigError
from hydra_env.api.registry import game_names, game_spec

if TYPE_CHECKING:
    from agents.train.config_fields import TrainConfig


def train_hooks(game: str) -> Any:
    """The train hooks module of ``game`` (None when it has none)."""
    return game_spec(game).hooks("train")


def _hook(game: str, name: str, default: Any) -> Any:
    hooks = train_hooks(game)
    return default if hooks is None else getattr(hooks, name, default)


def train_env_ids() -> tuple[str, ...]:
    """The env ids a config may train on: those of every registered game, by game."""
    return tuple(env_id for name in game_names() for env_id in game_spec(name).env_ids)


def game_of_env(env_id: str) -> str:
    """The registered game whose env ids hold ``env_id`` (ConfigError when none does)."""
    for name in game_names():
        if env_id in game_spec(name).env_ids:
            return name
    raise ConfigError(f"no registered game has the env id {env_id!r}; the env ids: "
                      f"{', '.join(train_env_ids())}")


def config_game(config: TrainConfig) -> str:
    """The game a config trains on: the registered game of its ``env`` (the bot
    registry's game name, ``make_bot(..., game=...)``)."""
    return game_of_env(config.env)


def default_config(game: str) -> str | None:
    """The packaged config of ``game`` (its ``DEFAULT_CONFIG``), or None."""
    return _hook(game, "DEFAULT_CONFIG", None)


def opponent_envs(game: str) -> dict[str, str]:
    """The env ids of ``game`` whose other seats the config's opponents play, each
    with the words naming it (``OPPONENT_ENVS``, or the default in the module docstring)."""
    given = _hook(game, "OPPONENT_ENVS", None)
    if given is not None:
        return dict(given)
    spec = game_spec(game)
    return {env_id: spec.title for env_id in spec.env_ids} if spec.num_players() > 1 else {}


def seats_opponents(config: TrainConfig) -> str | None:
    """The words naming the config's env when the config's opponents play its other
    seats (see ``OPPONENT_ENVS``), else None."""
    return opponent_envs(config_game(config)).get(config.env)


def metrics(config: TrainConfig, policy: str) -> dict[str, float]:
    """One periodic evaluation of the bot spec ``policy``, by the game's ``metrics``."""
    from agents.train import generic_hooks
    game = config_game(config)
    given = _hook(game, "metrics", None)
    if given is not None:
        return dict(given(config, policy))
    return generic_hooks.win_share_metrics(game, config, policy)


def best_metric(config: TrainConfig, figures: dict[str, float]) -> float:
    """What the best model maximises, by the game's ``best_metric``."""
    given = _hook(config_game(config), "best_metric", None)
    return float(given(figures)) if given is not None else float(figures["eval/win_share"])


def final_report(config: TrainConfig, run_dir: Path, chosen: dict[str, Any], workers: int) -> int:
    """The end-of-run evaluation of the chosen model, by the game's ``final_report``."""
    from agents.train import generic_hooks
    game = config_game(config)
    given: Callable[..., int] | None = _hook(game, "final_report", None)
    if given is not None:
        return int(given(config, run_dir, chosen, workers))
    return generic_hooks.evaluate_report(game, config, run_dir, chosen, workers)


def selfplay_bot(game: str, path: str, seed: int) -> Any:
    """A frozen past learner as an opponent of ``game``, by the game's ``selfplay_bot``."""
    given = _hook(game, "selfplay_bot", None)
    if given is not None:
        return given(path, seed)
    from hydra_env.envs.bots import make_bot
    return make_bot(f"ppo:{path}", game=game, seed=seed)
