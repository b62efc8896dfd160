"""``BatchedEnvRunner``: RLlib's one-seat env runner, sampling timesteps with the vector env's
batch kept whole (new API stack, Ray 2.60).

``SingleAgentEnvRunner._sample`` turns every step of the vector env into per-env items with
nested-structure tools, runs the env-to-module pipeline over the episodes to stack them again,
times each connector piece and calls the episode callbacks per env and step; a finished
episode is then stacked item by item into numpy. Profiled on ``hydra_env/Solo-v0``
(``benchmarks/bench_rllib.py``), that bookkeeping cost more than the env and the policy's
sampling together.

This runner keeps RLlib's episodes, cuts, metrics and module-to-env pipeline, and changes only
how a step's data moves:

* the module's next input is the vector env's observation batch itself, as torch tensors on
  the env-to-module piece's device (what :class:`agents.rllib.connectors.LastObservationsToTensor`
  builds from the episodes);
* each env's items are read by indexing the batch (no nested-structure unbatching);
* an episode chunk goes to numpy with ``np.stack`` per column (RLlib's ``batch`` does the same
  stacking one item at a time);
* no per-step timers and no per-step episode callbacks.

It samples this way only where that changes nothing: timesteps (not whole episodes), actions
from the module (not random), a stateless module, the lean pipelines of
:mod:`agents.rllib.connectors`, and no callbacks but RLlib's no-op default. Anything else goes
to ``SingleAgentEnvRunner._sample`` unchanged. ``tests/rllib/test_rllib_connectors.py``
checks that both give the very same episodes on the same seeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ray.rllib.callbacks.callbacks import RLlibCallback
from ray.rllib.core.columns import Columns
from ray.rllib.env.env_runner import ENV_STEP_FAILURE
from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner
from ray.rllib.utils.metrics import WEIGHTS_SEQ_NO

from agents.rllib.connectors import LastObservationsToTensor, SampleActionsToNumpy, stack_items, to_tensors

__all__ = ["BatchedEnvRunner", "episode_to_numpy", "lean_sampling"]

_EPISODE_CALLBACKS = ("created", "start", "step", "end")


def episode_to_numpy(episode: Any) -> Any:
    """``episode.to_numpy()``, stacking each column with numpy in one call."""
    episode.validate()
    buffers = [episode.observations]
    if len(episode) > 0:
        buffers += [episode.actions, episode.rewards, *episode.extra_model_outputs.values()]
    for buffer in buffers:
        if not buffer.finalized:
            buffer.data = stack_items(buffer.data)
            buffer.finalized = True
    return episode


def _rows(observations: Any, num_envs: int) -> list[Any]:
    """The per-env items of a batched observation (a dict of arrays, or an array)."""
    if isinstance(observations, Mapping):
        keys = list(observations)
        return [{key: observations[key][e] for key in keys} for e in range(num_envs)]
    return [observations[e] for e in range(num_envs)]


class BatchedEnvRunner(SingleAgentEnvRunner):
    """``SingleAgentEnvRunner`` with a batched timestep sampler (see the module docstring)."""

    def _batched(self, num_timesteps: int | None, random_actions: bool) -> bool:
        """Whether this call can sample batched and give what RLlib's own loop gives."""
        if num_timesteps is None or random_actions or not self.episodes_to_numpy:
            return False
        if self.module is None or self.module.is_stateful():
            return False
        if [type(c) for c in self._env_to_module.connectors] != [LastObservationsToTensor]:
            return False
        if [type(c) for c in self._module_to_env.connectors] != [SampleActionsToNumpy]:
            return False
        if any(type(c) is not RLlibCallback for c in self._callbacks):
            return False
        return all(getattr(self.config, f"callbacks_on_episode_{w}", None) is None for w in _EPISODE_CALLBACKS)

    def _sample(self, *, num_timesteps: int | None = None, num_episodes: int | None = None, explore: bool,
                random_actions: bool = False, force_reset: bool = False) -> list[Any]:
        """RLlib's ``_sample``; batched when :meth:`_batched` allows."""
        if not self._batched(num_timesteps, random_actions):
            return super()._sample(num_timesteps=num_timesteps, num_episodes=num_episodes, explore=explore,
                                   random_actions=random_actions, force_reset=force_reset)
        if force_reset or self._needs_initial_reset:
            self._reset_envs_and_episodes(explore)
        episodes, done, ts = self._ongoing_episodes, [], 0
        to_module = self._cached_to_module
        runners = self.config.num_env_runners or 1
        module_to_env = self._module_to_env.connectors[0]        # the one piece, without the pipeline's timers
        device = self._env_to_module.connectors[0].device
        while ts < num_timesteps:
            if explore:
                t = (self.num_env_steps_sampled_lifetime // runners + ts) * runners
                to_env = self.module.forward_exploration(to_module, t=t)
            else:
                to_env = self.module.forward_inference(to_module)
            to_env = module_to_env(rl_module=self.module, batch=to_env, episodes=episodes, explore=explore,
                                   shared_data=self._shared_data)
            actions = to_env.pop(Columns.ACTIONS)
            results = self._try_env_step(to_env.pop(Columns.ACTIONS_FOR_ENV, actions))
            if results == ENV_STEP_FAILURE:
                ts = 0
                self._reset_envs_and_episodes(explore)
                episodes, to_module = self._ongoing_episodes, self._cached_to_module
                continue
            observations, rewards, terminateds, truncateds, infos = results
            to_module = {Columns.OBS: to_tensors(observations, device)}
            rows = _rows(observations, self.num_envs)
            columns = list(to_env.items())
            for e, episode in enumerate(episodes):
                if not episode.is_reset:
                    episode.add_env_reset(observation=rows[e], infos=infos[e])
                    continue
                ts += 1
                outputs = {key: value[e] for key, value in columns}
                outputs[WEIGHTS_SEQ_NO] = self._weights_seq_no
                episode.add_env_step(observation=rows[e], action=actions[e], reward=rewards[e], infos=infos[e],
                                     terminated=terminateds[e], truncated=truncateds[e],
                                     extra_model_outputs=outputs)
                if episode.is_done:
                    done.append(episode_to_numpy(episode))
                    self._new_episode(e, episodes)
        self._cached_to_module = to_module
        self._done_episodes_for_metrics.extend(done)
        continuations = [episode.cut(len_lookback_buffer=self.config.episode_lookback_horizon)
                         for episode in episodes]
        ongoing = []
        for episode in episodes:
            if episode.t == 0:
                continue
            self._ongoing_episodes_for_metrics[episode.id_].append(episode)
            ongoing.append(episode_to_numpy(episode))
        self._ongoing_episodes = continuations
        self._log_env_steps(metric=self._metrics_num_env_steps_sampled, num_steps=ts)
        self._increase_sampled_metrics(ts, len(done))
        return done + ongoing


def _env_to_module(env: Any = None, spaces: Any = None, device: Any = None) -> list[Any]:
    return [LastObservationsToTensor(device=device)]


def _module_to_env(env: Any = None, spaces: Any = None) -> list[Any]:
    return [SampleActionsToNumpy()]


def lean_sampling() -> dict[str, Any]:
    """The keyword arguments of ``AlgorithmConfig.env_runners`` for lean one-seat sampling: the
    two pieces of :mod:`agents.rllib.connectors` in place of RLlib's default pipelines, and
    :class:`BatchedEnvRunner` as the env runner."""
    return {"env_runner_cls": BatchedEnvRunner,
            "env_to_module_connector": _env_to_module, "module_to_env_connector": _module_to_env,
            "add_default_connectors_to_env_to_module_pipeline": False,
            "add_default_connectors_to_module_to_env_pipeline": False}
