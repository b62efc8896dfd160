"""``hydra_env/HailHydra-v0`` as a vector env (HH32, HH36): the shared ``GameVectorEnv`` over the
game batch, its ``loyalty`` option as the one-seat env's (the learning seat drawn among the seats
of that loyalty once the game is dealt), rows that play as the single envs in a ``SyncVectorEnv``,
and the same games from the same seed on both engines."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import SyncVectorEnv

from hydra_env.envs.registration import register_envs
from hydra_env.envs.vector.batch import NativeBatch, PythonBatch
from hydra_env.envs.vector.game_vector import GameVectorEnv
from hydra_env.games.hail_hydra.native import available

ENV_ID = "hydra_env/HailHydra-v0"
NOT_BUILT = "the native Hail Hydra module is not built (pip install -e . or HYDRA_ENV_NATIVE_DIR=build/<dir>)"
ENGINES = ("python", pytest.param("native", marks=pytest.mark.skipif(not available(), reason=NOT_BUILT)))


def _vector(n: int, engine: str, **kwargs) -> gym.vector.VectorEnv:
    register_envs()
    return gym.make_vec(ENV_ID, num_envs=n, vectorization_mode="vector_entry_point", engine=engine, **kwargs)


def _run(vector: gym.vector.VectorEnv, seed: int, steps: int) -> tuple[list, list[list[int]], int]:
    """Random legal actions (a seeded generator) for ``steps`` steps: the observations, rewards and
    flags of every step, the learning seats' loyalties at every step, and the episodes ended."""
    unwrapped = vector.unwrapped
    rng = np.random.default_rng(seed)
    obs, info = vector.reset(seed=seed)
    trace, loyalties, ended = [obs.copy()], [], 0
    for _ in range(steps):
        loyalties.append([unwrapped.game(r).state.loyalty[int(unwrapped.row_seat[r])]
                          for r in range(unwrapped.num_envs)])
        masks = unwrapped.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, reward, terminated, truncated, info = vector.step(actions)
        trace.append((obs.copy(), reward.copy(), terminated.copy(), truncated.copy()))
        ended += int(terminated.sum() + truncated.sum())
    return trace, loyalties, ended


@pytest.mark.parametrize("batch_engine", ENGINES)
@pytest.mark.parametrize("loyalty,team", [("hydra", 1), ("shield", 0)])
def test_hh36_every_learning_seat_of_a_vector_env_has_the_chosen_loyalty(batch_engine, loyalty, team) -> None:
    vector = _vector(6, batch_engine, num_players=7, loyalty=loyalty, opponents="saboteur")
    assert isinstance(vector.unwrapped, GameVectorEnv)
    batch_type = NativeBatch if batch_engine == "native" else PythonBatch
    assert all(isinstance(b, batch_type) for b in vector.unwrapped.batches)
    _, loyalties, ended = _run(vector, seed=5, steps=150)
    assert ended > 0                                    # auto-reset episodes are drawn the same way
    assert all(value == team for row in loyalties for value in row)
    seats = {int(s) for s in vector.unwrapped.row_seat}
    assert len(seats) > 1                               # the seat comes from the deal, not fixed


def test_without_loyalty_a_random_seat_learns_either_side() -> None:
    vector = _vector(8, "python", num_players=6)
    _, loyalties, _ = _run(vector, seed=2, steps=40)
    assert {value for row in loyalties for value in row} == {0, 1}


@pytest.mark.parametrize("loyalty", ["hydra", "random"])
def test_hh36_the_vector_env_rows_play_as_the_single_envs_with_a_loyalty(loyalty) -> None:
    register_envs()
    n, kwargs = 3, {"num_players": 5, "loyalty": loyalty, "opponents": "saboteur"}
    vector = _vector(n, "python", **kwargs)
    single = SyncVectorEnv([lambda: gym.make(ENV_ID, **kwargs) for _ in range(n)])
    obs_v, _ = vector.reset(seed=9)
    obs_s, info_s = single.reset(seed=9)
    assert np.array_equal(obs_v, obs_s)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(200):
        masks = vector.unwrapped.action_masks()
        assert np.array_equal(masks, np.stack(info_s["action_mask"]))
        seats = [int(s) for s in vector.unwrapped.row_seat]
        assert seats == [int(s) for s in single.get_attr("seat")]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        out_v, out_s = vector.step(actions), single.step(actions)
        for a, b in zip(out_v[:4], out_s[:4]):
            assert np.array_equal(a, b)
        info_s = out_s[4]
        ended += int(out_v[2].sum() + out_v[3].sum())
    assert ended > 0


@pytest.mark.parametrize("batch_engine", ENGINES)
def test_hh32_the_same_seed_gives_the_same_games_on_each_engine(batch_engine) -> None:
    first = _run(_vector(4, batch_engine, num_players=8, loyalty="hydra"), seed=13, steps=120)
    second = _run(_vector(4, batch_engine, num_players=8, loyalty="hydra"), seed=13, steps=120)
    other = _run(_vector(4, batch_engine, num_players=8, loyalty="hydra"), seed=14, steps=120)
    assert first[1] == second[1] and first[2] == second[2]
    for a, b in zip(first[0], second[0]):
        assert all(np.array_equal(x, y) for x, y in zip(a, b)) if isinstance(a, tuple) else np.array_equal(a, b)
    assert not np.array_equal(first[0][0], other[0][0])


@pytest.mark.skipif(not available(), reason=NOT_BUILT)
def test_hh32_the_native_and_python_vector_envs_play_the_same_games() -> None:
    python = _run(_vector(4, "python", num_players=6, loyalty="shield"), seed=21, steps=120)
    native = _run(_vector(4, "native", num_players=6, loyalty="shield"), seed=21, steps=120)
    assert python[1] == native[1] and python[2] == native[2]
    for a, b in zip(python[0], native[0]):
        assert all(np.array_equal(x, y) for x, y in zip(a, b)) if isinstance(a, tuple) else np.array_equal(a, b)
