"""The network of a training run: a fresh MaskablePPO for a config (policy class,
layer sizes, activation, learning-rate schedule), recording its env."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from agents.train.config import TrainConfig
from agents.train.environments import env_factory, record_env
from hydra_env import ConfigError


def policy_kwargs(config: TrainConfig) -> dict[str, Any]:
    """Network sizes and activation for SB3."""
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[config.activation]
    kwargs: dict[str, Any] = {"net_arch": dict(pi=list(config.net_arch), vf=list(config.net_arch)),
                              "activation_fn": act}
    if config.policy == "CandidatePolicy":
        kwargs["features_extractor_kwargs"] = {"features_dim": config.features_dim or 256,
                                               "activation": config.activation}
    elif config.policy == "SlotPolicy":
        kwargs.update(action_slots(config))
    elif config.features_dim:
        from agents.train.policy import SharedLinear
        kwargs.update(features_extractor_class=SharedLinear, share_features_extractor=True,
                      features_extractor_kwargs={"features_dim": config.features_dim,
                                                 "activation": config.activation})
    return kwargs


def action_slots(config: TrainConfig) -> dict[str, Any]:
    """``slot_actions`` and ``slot_features`` of a SlotPolicy, from the env's observer
    (``action_slots``); ConfigError when the env has none or its observation is not flat."""
    env = env_factory(config, None)()
    try:
        slots = getattr(env.unwrapped.observer, "action_slots", None) if hasattr(env.unwrapped, "observer") else None
        flat = len(env.observation_space.shape or ()) == 1
    finally:
        env.close()
    if not slots:
        raise ConfigError(f"policy SlotPolicy needs an env whose observer names its action slots; "
                          f"{config.env} with {config.env_kwargs} has none; write policy: MlpPolicy")
    if not flat:
        raise ConfigError("policy SlotPolicy reads a flat observation; add flatten: true to env_kwargs")
    kwargs = {"slot_actions": list(slots["actions"]), "slot_features": [list(f) for f in slots["features"]]}
    if slots.get("advice") is not None:          # the observation ends with an advisor's one-hot
        kwargs["advice_at"] = int(slots["advice"])
    return kwargs


def new_model(config: TrainConfig, venv: Any, run_dir: Path) -> Any:
    """A fresh MaskablePPO for the config."""
    from sb3_contrib import MaskablePPO
    lr: Any = config.learning_rate
    if config.lr_schedule == "linear":
        lr = _linear(config.learning_rate)
    policy: Any = config.policy
    if policy == "CandidatePolicy":
        from agents.train.policy import CandidatePolicy
        policy = CandidatePolicy
    elif policy == "SlotPolicy":
        from agents.train.slot_policy import SlotPolicy
        policy = SlotPolicy
    model = MaskablePPO(
        policy, venv, learning_rate=lr, n_steps=config.n_steps,
        batch_size=config.batch_size, n_epochs=config.n_epochs, gamma=config.gamma,
        gae_lambda=config.gae_lambda, clip_range=config.clip_range, ent_coef=config.ent_coef,
        vf_coef=config.vf_coef, max_grad_norm=config.max_grad_norm,
        target_kl=config.target_kl or None, tensorboard_log=str(run_dir / "tb"),
        policy_kwargs=policy_kwargs(config), seed=config.seed, device=config.device, verbose=0)
    record_env(model, config)
    return model


def _linear(start: float) -> Callable[[float], float]:
    def schedule(progress_remaining: float) -> float:
        return start * progress_remaining
    return schedule
