"""A league on RLlib: the trainable module is frozen into the league after each iteration, the
other seat draws frozen members (loaded lazily into a bounded per-process cache), and a frozen
member's weights never change, on disk or in the cache, while the learner trains on."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")

from agents.rllib.league import FrozenCache, League, LeagueOpponents, member_bytes  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402


def _digest(module) -> str:
    h = hashlib.sha256()
    for name, value in sorted(module.state_dict().items()):
        h.update(name.encode())
        h.update(value.detach().cpu().numpy().tobytes())
    return h.hexdigest()


@pytest.mark.slow
def test_the_league_grows_over_three_iterations_and_frozen_weights_never_change(tmp_path: Path) -> None:
    import ray
    from ray.rllib.core.rl_module.rl_module import RLModule

    from agents.rllib.config import SHARED_MODULE, ppo_config
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    FrozenCache.clear()
    league = League(tmp_path / "league")
    others = LeagueOpponents(league.folder, game="heroica", fallback="random", cache_size=2)
    config = (ppo_config(multi_agent={"game": "heroica", "params": {"num_players": 2}, "learning_seats": [0],
                                      "others": others}, num_envs_per_env_runner=2,
                         model_config={"fcnet_hiddens": [16]})
              .training(train_batch_size_per_learner=256, minibatch_size=128, num_epochs=1))
    algo = config.build_algo()
    frozen: dict[str, str] = {}
    try:
        for _ in range(3):
            algo.train()
            path = league.add(algo.get_module(SHARED_MODULE))
            frozen[str(path.resolve())] = _digest(algo.get_module(SHARED_MODULE))
            for member, digest in frozen.items():          # on disk: as written
                assert _digest(RLModule.from_checkpoint(member)) == digest
            for member, module in FrozenCache.cached().items():   # in the cache: as loaded
                assert _digest(module) == frozen[member]
                assert not any(p.requires_grad for p in module.parameters())
        assert [p.name for p in league.members()] == ["member_0000", "member_0001", "member_0002"]
        assert len(set(frozen.values())) == 3                # the learner moved between freezes
        assert FrozenCache.loads >= 1 and len(FrozenCache.cached()) <= 2
        assert member_bytes(algo.get_module(SHARED_MODULE)) > 0
    finally:
        algo.stop()
        FrozenCache.clear()


def test_an_empty_league_plays_the_fallback_bot(tmp_path: Path) -> None:
    others = LeagueOpponents(tmp_path / "none", game="heroica", fallback="random")
    assert callable(getattr(others.sample(3), "act", None))


def test_the_cache_size_must_be_a_count_of_members(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cache_size"):
        LeagueOpponents(tmp_path, game="heroica", cache_size=0)
