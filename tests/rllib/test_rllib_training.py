"""Two PPO iterations on one game's env through RLlib, masks on: no illegal action can be
sampled (the env raises on one), and the learner updates the module."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from hydra_env.envs.registration import VECTOR_ENTRY_POINTS  # noqa: E402


def test_two_ppo_iterations_run_over_the_native_vector_env():
    import ray

    from agents.rllib.config import ppo_config
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    env_id = sorted(VECTOR_ENTRY_POINTS)[0]
    config = (ppo_config(env_config={"env_id": env_id}, num_envs_per_env_runner=4)
              .training(train_batch_size_per_learner=256, minibatch_size=128, num_epochs=1)
              .rl_module(model_config={"fcnet_hiddens": [32]}))
    algo = config.build_algo()
    try:
        before = [p.detach().clone() for p in algo.get_module().parameters()]
        results = [algo.train() for _ in range(2)]
        after = list(algo.get_module().parameters())
    finally:
        algo.stop()
    assert results[-1]["env_runners"]["num_env_steps_sampled_lifetime"] >= 512
    assert any(not np.allclose(b.numpy(), a.detach().numpy()) for b, a in zip(before, after))
