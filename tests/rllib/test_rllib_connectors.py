"""The lean one-seat sampling (agents.rllib.connectors, agents.rllib.batched_runner) against
RLlib's default pipelines and env runner: the very same episodes on the same seeds."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.env.single_agent_env_runner import SingleAgentEnvRunner  # noqa: E402

from agents.rllib import MASK_KEY, OBS_KEY  # noqa: E402
from agents.rllib.batched_runner import BatchedEnvRunner  # noqa: E402
from agents.rllib.config import ppo_config  # noqa: E402
from agents.rllib.connectors import LastObservationsToTensor, SampleActionsToNumpy  # noqa: E402
from hydra_env.envs.registration import ENV_IDS, VECTOR_ENTRY_POINTS  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402

VECTOR_IDS = [i for i in ENV_IDS if i in VECTOR_ENTRY_POINTS]


def runner(env_id: str, lean: bool, mode: str = "vector_entry_point", batched: bool = True) -> SingleAgentEnvRunner:
    """RLlib's env runner (``lean=False``), the lean pipelines in RLlib's runner (``batched=False``)
    or in :class:`BatchedEnvRunner` (what ppo_config gives)."""
    config = (ppo_config(env_config={"env_id": env_id}, num_envs_per_env_runner=3, vectorize=mode,
                         model_config={"fcnet_hiddens": [16]}, lean_sampling=lean)
              .debugging(seed=7))
    cls = config.env_runner_cls if lean and batched else SingleAgentEnvRunner
    return cls(config=config)


def columns(episode) -> dict[str, np.ndarray]:
    obs = episode.get_observations()
    return {"obs": np.asarray(obs[OBS_KEY]), "mask": np.asarray(obs[MASK_KEY]),
            "actions": np.asarray(episode.get_actions()), "rewards": np.asarray(episode.get_rewards()),
            "logp": np.asarray(episode.get_extra_model_outputs(Columns.ACTION_LOGP)),
            "logits": np.asarray(episode.get_extra_model_outputs(Columns.ACTION_DIST_INPUTS)),
            "ends": np.array([episode.is_terminated, episode.is_truncated, episode.t_started])}


def test_ppo_config_samples_one_seat_envs_with_the_batched_runner():
    assert runner(VECTOR_IDS[0], True).__class__ is BatchedEnvRunner
    assert runner(VECTOR_IDS[0], False).__class__ is SingleAgentEnvRunner


@pytest.mark.parametrize("env_id", VECTOR_IDS[:2])
@pytest.mark.parametrize("explore", [True, False])
@pytest.mark.parametrize("batched", [True, False])
def test_lean_sampling_gives_the_very_episodes_of_rllibs_default_runner(env_id, explore, batched):
    lean, default = runner(env_id, True, batched=batched), runner(env_id, False)
    try:
        default.module.set_state(lean.module.get_state())
        assert not batched or lean._batched(60, random_actions=False)      # no fallback to RLlib's loop
        for _ in range(3):                               # episodes cut and continued across calls
            torch.manual_seed(11)
            ours = lean.sample(num_timesteps=60, explore=explore)
            torch.manual_seed(11)
            theirs = default.sample(num_timesteps=60, explore=explore)
            assert len(ours) == len(theirs) > 0
            for a, b in zip(ours, theirs):
                ca, cb = columns(a), columns(b)
                assert ca.keys() == cb.keys()
                for key in ca:
                    np.testing.assert_array_equal(ca[key], cb[key], err_msg=key)
    finally:
        lean.stop()
        default.stop()


def test_the_lean_pipelines_send_one_legal_integer_action_per_env():
    sampler = runner(VECTOR_IDS[0], True, mode="sync")
    try:
        steps = illegal = 0
        for episode in sampler.sample(num_timesteps=150):
            masks, actions = episode.get_observations()[MASK_KEY], episode.get_actions()
            steps += len(actions)
            illegal += sum(int(masks[t][a] == 0) for t, a in enumerate(actions))
            assert np.asarray(actions).dtype.kind in "iu"
        assert steps >= 150 and illegal == 0
    finally:
        sampler.stop()


class _Stateful:
    def is_stateful(self) -> bool:
        return True


def test_a_module_with_state_is_refused_naming_the_default_pipelines():
    with pytest.raises(ConfigError, match="lean_sampling=False"):
        LastObservationsToTensor()(rl_module=_Stateful(), batch={}, episodes=[])


def test_every_column_leaves_the_module_to_env_piece_as_numpy_batch_first():
    class Module:
        def get_exploration_action_dist_cls(self):
            from ray.rllib.core.distribution.torch.torch_distribution import TorchCategorical
            return TorchCategorical

    logits = torch.tensor([[0.0, -1e30, 0.0], [-1e30, -1e30, 0.0]])
    out = SampleActionsToNumpy()(rl_module=Module(), batch={Columns.ACTION_DIST_INPUTS: logits}, episodes=[],
                                 explore=True)
    assert all(isinstance(v, np.ndarray) and len(v) == 2 for v in out.values())
    assert out[Columns.ACTIONS][1] == 2 and out[Columns.ACTIONS][0] in (0, 2)
    assert out[Columns.ACTION_LOGP][1] == pytest.approx(0.0)
