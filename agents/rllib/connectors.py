"""Lean connector pipelines for one-seat sampling with a stateless module (new API stack).

RLlib's default env-to-module pipeline runs five pieces at every step (observations from the
episodes, a time rank, states, batching, numpy to torch) and its module-to-env pipeline six
(sampling, torch to numpy, unbatching, time rank, action unsquashing or clipping, lists for
the vector env), each timed by the metrics logger. For a module without state (no LSTM, no
attention) and a ``Discrete`` action space most of that work changes nothing. The two pieces
here do what is left in one step each; profiled on ``hydra_env/Solo-v0``
(``benchmarks/bench_rllib.py``) the default pipelines cost more per step than the env.

* :class:`LastObservationsToTensor` (env-to-module): the last observation of every ongoing
  episode, stacked per key into one torch tensor ``[B, ...]``: what the default pieces leave
  in ``batch[Columns.OBS]`` for a stateless module.
* :class:`SampleActionsToNumpy` (module-to-env): actions drawn from the module's action
  distribution (its argmax when not exploring) and their log-probabilities, then every column
  as a numpy array with the batch first, indexable by vector index: what the default pieces
  leave for ``SingleAgentEnvRunner``, without the unsquashing that a ``Discrete`` space never
  needs.

:func:`agents.rllib.batched_runner.lean_sampling` gives the ``AlgorithmConfig.env_runners``
settings that put them in place, with the env runner that samples through them batched;
:func:`agents.rllib.config.ppo_config` uses them for one-seat envs with a stateless module.
The learner's pipeline is RLlib's own either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import torch
from ray.rllib.connectors.connector_v2 import ConnectorV2
from ray.rllib.core.columns import Columns

from hydra_env.errors import ConfigError

__all__ = ["LastObservationsToTensor", "SampleActionsToNumpy", "stack_items", "stateless", "to_tensors"]


def stack_items(items: list[Any]) -> Any:
    """What RLlib's ``batch(items)`` gives, in one numpy call per leaf: per key of a dict (per
    place of a tuple), ``np.stack`` of arrays, or ``np.array`` of scalars."""
    first = items[0]
    if isinstance(first, Mapping):
        return {key: stack_items([item[key] for item in items]) for key in first}
    if isinstance(first, tuple):
        return tuple(stack_items([item[i] for item in items]) for i in range(len(first)))
    if isinstance(first, np.ndarray):
        return np.stack(items)
    return np.array(items)


def to_tensors(struct: Any, device: Any = None) -> Any:
    """A batch of numpy arrays (a dict or tuple of them, or one) as torch tensors, sharing memory
    on the CPU (``device`` None) or copied to ``device``."""
    if isinstance(struct, Mapping):
        return {key: to_tensors(value, device) for key, value in struct.items()}
    if isinstance(struct, tuple):
        return tuple(to_tensors(value, device) for value in struct)
    tensor = torch.from_numpy(np.asarray(struct))
    return tensor if device is None else tensor.to(device)


class LastObservationsToTensor(ConnectorV2):
    """Env-to-module: ``batch[OBS]`` = the last observation of each episode, stacked, as torch."""

    def __init__(self, input_observation_space: Any = None, input_action_space: Any = None, *,
                 device: Any = None, **kwargs: Any) -> None:
        """``device``: where the tensors go (None: where numpy's memory is, the CPU)."""
        super().__init__(input_observation_space, input_action_space, **kwargs)
        self.device = device

    def __call__(self, *, rl_module: Any, batch: dict[str, Any], episodes: list[Any], explore: Any = None,
                 shared_data: Any = None, **kwargs: Any) -> Any:
        """The batch with ``Columns.OBS`` set (kept when an earlier piece set it); a module
        with state is refused, naming the fix."""
        if rl_module is not None and rl_module.is_stateful():
            raise ConfigError(f"{type(rl_module).__name__} keeps a state between steps (LSTM or attention), "
                              "which the lean sampling pipelines do not carry; build the config with "
                              "ppo_config(..., lean_sampling=False) for RLlib's default pipelines")
        if Columns.OBS not in batch:
            batch[Columns.OBS] = to_tensors(stack_items([episode.get_observations(-1) for episode in episodes]),
                                            self.device)
        return batch


class SampleActionsToNumpy(ConnectorV2):
    """Module-to-env: actions and their log-probabilities from the module's distribution, and
    every column of the batch as a numpy array, the batch first."""

    def __call__(self, *, rl_module: Any, batch: dict[str, Any], episodes: list[Any], explore: Any = None,
                 shared_data: Any = None, **kwargs: Any) -> Any:
        """The batch with ``ACTIONS`` and ``ACTION_LOGP`` added (unless the module gave actions)."""
        if Columns.ACTIONS not in batch:
            if explore:
                dist = rl_module.get_exploration_action_dist_cls().from_logits(batch[Columns.ACTION_DIST_INPUTS])
            else:
                dist = rl_module.get_inference_action_dist_cls().from_logits(
                    batch[Columns.ACTION_DIST_INPUTS]).to_deterministic()
            actions = dist.sample()
            batch[Columns.ACTIONS] = actions
            batch.setdefault(Columns.ACTION_LOGP, dist.logp(actions))
        return {key: value.detach().cpu().numpy() if isinstance(value, torch.Tensor) else value
                for key, value in batch.items()}


def stateless(model_config: Mapping[str, Any] | None) -> bool:
    """Whether RLlib's default module built from ``model_config`` keeps no state between steps."""
    config = model_config or {}
    return not (config.get("use_lstm") or config.get("use_attention"))
