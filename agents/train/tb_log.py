"""What a training run writes to TensorBoard beyond SB3's own tags, as SB3 users expect it.

The run's ``tb/`` folder holds two TensorBoard runs:

* ``tb/ppo_N`` — PPO, on the env-step axis: SB3's ``rollout/ep_rew_mean`` and
  ``rollout/ep_len_mean`` (the reward the agent is trained on, shaped or not, and the
  episode length in the learning seat's steps), ``train/...``, ``time/...``; beside them
  ``rollout/ep_score_mean``: the game's score of the learning seat per finished training
  episode (:func:`episode_score`; the mean of the last 100, as SB3's ``ep_rew_mean``);
  at every periodic evaluation (:class:`agents.train.callbacks.Evaluate`) the game's own
  measures as the game's train hooks name them (``eval/score_mean``, ``eval/win_share``,
  Hydra's ``eval/solo_score_mean`` …) and SB3's ``eval/mean_reward`` and
  ``eval/mean_ep_length`` (:class:`EnvReward`); the resolved config as the text
  ``config`` and, at the end of training, as hparams with the final metrics
  (:class:`RunSummary`).
* ``tb/imitation`` — the warm start's ``bc/loss`` and ``bc/accuracy``, one point per
  epoch (step = epoch): imitation has its own axis (:func:`imitation_logger`).
"""

from __future__ import annotations

import dataclasses
import json
from collections import deque
from pathlib import Path
from typing import Any

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import HParam, Logger, configure

from agents.train import game_hooks
from agents.train.config_fields import TrainConfig

TB_ONLY = ("stdout", "log", "json", "csv")
"""The SB3 logger's output formats a text or hparams record leaves out."""

REWARD_EPISODES = 20
"""Episodes of :class:`EnvReward` per periodic evaluation (at most ``eval_games``)."""

SCORE_WINDOW = 100
"""Finished training episodes in ``rollout/ep_score_mean`` (SB3's ``stats_window_size``)."""


def imitation_logger(run_dir: Path) -> Logger:
    """An SB3 logger writing TensorBoard to ``run_dir/tb/imitation`` (the warm start's
    own run: ``bc/*`` at step = epoch, apart from PPO's env-step axis)."""
    return configure(str(run_dir / "tb" / "imitation"), ["tensorboard"])


def episode_score(game: str, info: dict[str, Any]) -> float | None:
    """The game's score of the learning seat in the info of a finished episode, or None
    when the info has no result. The game's train hooks may give ``episode_score(info)``;
    the generic rule: ``info["score"]`` when the env reports it (None, a game without a
    score, counts 0), else ``info["result"]["scores"][info["seat"]]`` (the seat may be
    left out when the game has one seat)."""
    given = getattr(game_hooks.train_hooks(game), "episode_score", None)
    if given is not None:
        value = given(info)
        return None if value is None else float(value)
    if "score" in info:
        return float(info["score"] or 0.0)
    result = info.get("result")
    scores = result.get("scores") if isinstance(result, dict) else None
    if not scores:
        return None
    seat = info.get("seat", 0 if len(scores) == 1 else None)
    return None if seat is None else float(scores[seat])


class EpisodeScores(BaseCallback):
    """``rollout/ep_score_mean``: the mean game score (:func:`episode_score`) of the last
    :data:`SCORE_WINDOW` finished training episodes, recorded at the end of each rollout
    (SB3 writes it with ``rollout/ep_rew_mean``); nothing when the env reports no score."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.scores: deque[float] = deque(maxlen=SCORE_WINDOW)

    def _on_step(self) -> bool:
        for done, info in zip(self.locals.get("dones", ()), self.locals.get("infos", ())):
            if done:
                score = episode_score(self.game, info)
                if score is not None:
                    self.scores.append(score)
        return True

    def _on_rollout_end(self) -> None:
        if self.scores:
            self.logger.record("rollout/ep_score_mean", float(np.mean(self.scores)))


class EnvReward:
    """SB3's ``eval/mean_reward`` and ``eval/mean_ep_length``: ``min(eval_games,
    REWARD_EPISODES)`` episodes of the training env (its reward as the agent is trained
    on it, its opponents without the self-play pool) with the deterministic policy, on
    the same seeds (``eval_seed``) at every evaluation; the episode length counts the
    learning seat's steps. Exact, and cheap next to the game's own evaluation."""

    def __init__(self, config: TrainConfig) -> None:
        self.config = config
        self.episodes = min(config.eval_games, REWARD_EPISODES)
        self.venv: Any = None

    def __call__(self, model: Any) -> dict[str, float]:
        """The two figures of ``model`` now."""
        from sb3_contrib.common.maskable.evaluation import evaluate_policy

        from agents.train.environments import make_vec_env
        if self.venv is None:
            stepping = "dummy" if self.config.vec_env == "subproc" else self.config.vec_env
            small = dataclasses.replace(self.config, vec_env=stepping, selfplay_prob=0.0,
                                        n_envs=max(1, min(self.config.n_envs, self.episodes)))
            self.venv = make_vec_env(small, None, self.config.eval_seed)
        self.venv.seed(self.config.eval_seed)            # the same episodes every time
        rewards, lengths = evaluate_policy(model, self.venv, n_eval_episodes=self.episodes,
                                           deterministic=True, return_episode_rewards=True,
                                           warn=False)
        return {"eval/mean_reward": float(np.mean(rewards)),
                "eval/mean_ep_length": float(np.mean(lengths))}

    def close(self) -> None:
        """Close the env (a later call makes it again)."""
        if self.venv is not None:
            self.venv.close()
            self.venv = None


def config_text(run_dir: Path) -> str:
    """The run's resolved ``config.yaml`` as TensorBoard text (Markdown: a code block)."""
    text = (run_dir / "config.yaml").read_text(encoding="utf-8")
    return "\n".join("    " + line for line in text.splitlines())


def hparams_of(config: TrainConfig) -> dict[str, Any]:
    """The config's fields as TensorBoard hparams: numbers, booleans and texts as they
    are, lists and mappings as JSON text."""
    return {name: value if isinstance(value, (bool, int, float, str)) else json.dumps(value)
            for name, value in config.to_dict().items()}


class RunSummary(BaseCallback):
    """The resolved config in TensorBoard: the text ``config`` when training starts, and
    at its end the hparams (:func:`hparams_of`) with the final metrics: the last periodic
    evaluation's figures (``evaluate``'s ``last``), else ``rollout/ep_rew_mean``."""

    def __init__(self, config: TrainConfig, run_dir: Path, evaluate: Any = None) -> None:
        super().__init__()
        self.config, self.run_dir, self.evaluate = config, run_dir, evaluate

    def _on_training_start(self) -> None:
        self.logger.record("config", config_text(self.run_dir), exclude=TB_ONLY)
        self.logger.dump(self.num_timesteps)

    def _on_step(self) -> bool:
        return True

    def _on_training_end(self) -> None:
        final = dict(getattr(self.evaluate, "last", None) or {})
        if not final:
            buffer = getattr(self.model, "ep_info_buffer", None) or []
            final = {"rollout/ep_rew_mean": float(np.mean([e["r"] for e in buffer])) if buffer else 0.0}
        self.logger.record("hparams", HParam(hparams_of(self.config), final), exclude=TB_ONLY)
        self.logger.dump(self.num_timesteps)
