"""Imitation for more games than memory holds (``bc_chunk_games``): the teacher's games
are replayed anew in every epoch, a chunk at a time, and every decision is served once
per epoch with exactly the observation, mask, action and return the env gave."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import hydra_env  # noqa: F401  (registers the envs)
from agents.train import bc
from hydra_env.errors import HydraError

pytest.importorskip("sb3_contrib")

from helpers.paths import ROOT  # noqa: E402

from agents import cli  # noqa: E402
from agents.train import trainer  # noqa: E402


def _make_env() -> gym.Env:
    return gym.make("hydra_env/Solo-v0", scenario=10, stars=1, reward="shaped", candidates=144)


def _decision_keys(obs: dict, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray) -> list[str]:
    """One fingerprint per decision of a batch: its observation parts, mask, action, return."""
    keys = []
    for i in range(len(actions)):
        h = hashlib.sha256()
        for part in sorted(obs):
            h.update(np.ascontiguousarray(obs[part][i]).tobytes())
        h.update(masks[i].tobytes())
        h.update(f"{int(actions[i])} {float(returns[i]):.6f}".encode())
        keys.append(h.hexdigest())
    return keys


def test_replay_stream_serves_every_decision_once_per_epoch_as_the_env_gave_it() -> None:
    episodes = bc.play_teacher(_make_env, "heuristic", 3, seed=21)
    in_memory = bc.MemoryData(bc.replay(_make_env, episodes, gamma=0.99))
    stream = bc.ReplayStream(_make_env, episodes, gamma=0.99, chunk_games=2)
    assert len(stream) == len(in_memory) == sum(len(ep["actions"]) for ep in episodes)
    rng = np.random.default_rng(0)
    expected = sorted(k for batch in in_memory.batches(1000, rng) for k in _decision_keys(*batch))
    for epoch in range(2):
        served = [k for batch in stream.batches(16, rng) for k in _decision_keys(*batch)]
        assert sorted(served) == expected, f"epoch {epoch}"
        assert all(len(batch[2]) <= 16 for batch in stream.batches(16, rng))


def test_replay_stream_holds_one_chunk_of_games_at_a_time(monkeypatch) -> None:
    episodes = bc.play_teacher(_make_env, "heuristic", 5, seed=4)
    replayed: list[list[int]] = []
    original = bc.replay

    def spy(make_env, chunk, gamma, show=True):
        replayed.append([ep["seed"] for ep in chunk])
        return original(make_env, chunk, gamma, show=show)

    monkeypatch.setattr(bc, "replay", spy)
    stream = bc.ReplayStream(_make_env, episodes, gamma=0.99, chunk_games=2)
    for _ in stream.batches(64, np.random.default_rng(1)):
        pass
    assert [len(c) for c in replayed] == [2, 2, 1]
    assert sorted(s for c in replayed for s in c) == sorted(ep["seed"] for ep in episodes)


def test_replay_stream_check_refuses_an_action_the_env_does_not_allow() -> None:
    episodes = bc.play_teacher(_make_env, "heuristic", 1, seed=8)
    env = _make_env()
    env.reset(seed=episodes[0]["seed"])
    illegal = int(np.flatnonzero(env.unwrapped.action_masks() == 0)[0])
    env.close()
    broken = [{"seed": episodes[0]["seed"], "actions": [illegal] + episodes[0]["actions"][1:]}]
    with pytest.raises(HydraError):
        bc.ReplayStream(_make_env, broken, gamma=0.99, chunk_games=1).check()


def test_training_with_bc_chunk_games_warm_starts_from_the_streamed_games(tmp_path: Path) -> None:
    tiny = ["total_timesteps=256", "n_envs=2", "n_steps=64", "batch_size=64", "n_epochs=1",
            "net_arch=[32]", "features_dim=16", "eval_freq=0", "checkpoint_freq=256",
            "final_eval_games=0", "progress_bar=false", "bc_teacher=heuristic", "bc_games=3",
            "bc_epochs=2", "bc_workers=1", "bc_chunk_games=2"]
    sets = [x for item in tiny for x in ("--set", item)]
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), *sets,
                     "--runs-dir", str(tmp_path), "--workers", "1"])
    assert code == 0
    (run,) = trainer.run_folders(tmp_path)
    record = json.loads((run / "warm_start.json").read_text())
    episodes = json.loads(next((tmp_path / "bc_cache").glob("*.json")).read_text())
    assert record["decisions"] == sum(len(ep["actions"]) for ep in episodes)
    assert 0.0 < record["bc/accuracy"] <= 1.0 and (run / "warm_start.zip").is_file()


def test_a_corrupt_cache_is_refused_before_streamed_training(tmp_path: Path, capsys) -> None:
    """A cached action the env does not allow is a clear error (exit 2) naming the cache,
    found by the stream's check before any imitation step."""
    from agents.train.config import load_config
    from agents.train.warm_start import bc_cache_path
    config = load_config(ROOT / "configs" / "solo_ppo.yaml",
                         ["bc_teacher=heuristic", "bc_games=1", "bc_chunk_games=1"])
    cache = bc_cache_path(config, tmp_path)
    cache.parent.mkdir(parents=True)
    cache.write_text(json.dumps([{"seed": 1, "actions": [0] * 5}]))
    code = cli.main(["train", str(ROOT / "configs" / "solo_ppo.yaml"), "--set", "bc_teacher=heuristic",
                     "--set", "bc_games=1", "--set", "bc_chunk_games=1", "--set", "progress_bar=false",
                     "--runs-dir", str(tmp_path), "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 2 and str(cache) in err and "does not replay" in err
