"""The generic vector env (:class:`hydra_env.envs.vector.game_vector.GameVectorEnv`) and the
generic game batch: any registered game steps in a batch exactly as its single envs do."""

from __future__ import annotations

from collections.abc import Iterator

import gymnasium as gym
import numpy as np
import pytest
from api.toy_nim import SPEC as NIM
from gymnasium.vector import AutoresetMode, SyncVectorEnv

import hydra_env
from hydra_env import native
from hydra_env.api import GameSpec, register, unregister
from hydra_env.envs import bots
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.registration import register_envs
from hydra_env.envs.vector import batch as batch_module
from hydra_env.envs.vector.batch import NativeBatch, PythonBatch, make_batch
from hydra_env.envs.vector.batch_check import batch_test
from hydra_env.envs.vector.game_vector import GameVectorEnv
from hydra_env.errors import ConfigError, IllegalActionError

NIM_ID = "hydra_env_test/NimVector-v0"
ENGINES = ["python"] + (["native"] if native.available() else [])


@pytest.fixture
def nim() -> Iterator[GameSpec]:
    """Nim registered with one env id the generic env serves, for one test."""
    spec = GameSpec(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__ if f != "_loaded"},
                       "env_ids": (NIM_ID,), "env_kwargs": {NIM_ID: {"piles": 2}}})
    register(spec, replace=True)
    try:
        yield spec
    finally:
        unregister(spec.name)
        bots._REGISTRY.pop(spec.name, None)
        gym.registry.pop(NIM_ID, None)


def _same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return np.array_equal(np.asarray(a), np.asarray(b))


def _run_side_by_side(game: str, params: dict, mode: AutoresetMode, engine: str | None, steps: int) -> int:
    n = 4
    vector = GameVectorEnv(n, game=game, seat="random", autoreset_mode=mode, engine=engine, **params)
    single = SyncVectorEnv([lambda: GameEnv(game=game, seat="random", **params) for _ in range(n)],
                           autoreset_mode=mode)
    obs_v, info_v = vector.reset(seed=5)
    obs_s, info_s = single.reset(seed=5)
    assert _same(obs_v, obs_s) and _same(info_v["action_mask"], info_s["action_mask"])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        masks = vector.action_masks()
        assert _same(masks, np.stack(info_s["action_mask"]))
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        out_v, out_s = vector.step(actions), single.step(actions)
        for a, b in zip(out_v[:4], out_s[:4]):
            assert _same(a, b)
        info_s = out_s[4]
        ended += int(out_v[2].sum())
    return ended


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_a_new_games_vector_env_steps_as_its_single_envs_in_a_sync_vector_env(nim, mode) -> None:
    assert _run_side_by_side("nim", {"piles": 3}, mode, None, 120) > 10


@pytest.mark.parametrize("batch_engine", ENGINES)
@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_hydras_vector_env_steps_as_its_single_envs_on_either_engine(mode, batch_engine) -> None:
    _run_side_by_side("hydras", {"num_players": 2}, mode, batch_engine, 150)


def test_make_vec_finds_the_generic_vector_env_of_a_new_games_id(nim) -> None:
    register_envs()
    envs = gym.make_vec(NIM_ID, num_envs=3, vectorization_mode="vector_entry_point")
    assert isinstance(envs.unwrapped, GameVectorEnv)
    obs, info = envs.reset(seed=1)
    assert obs.shape[0] == 3 and info["action_mask"].shape == (3, envs.unwrapped.size)
    assert envs.unwrapped.template.params["piles"] == 2           # the id's own keyword arguments


@pytest.mark.skipif(not native.available(), reason="the native engine is not built")
def test_make_batch_picks_the_native_batch_where_the_game_has_one(nim) -> None:
    for game, params in (("hydras", {"num_players": 3}), ("hydra", {"scenario": 1})):
        assert isinstance(make_batch(game, 2, **params), NativeBatch)
        assert isinstance(make_batch(game, 2, engine="python", **params), PythonBatch)
    assert isinstance(make_batch("nim", 2), PythonBatch)       # no native batch: the reference
    with pytest.raises(ConfigError, match="no native batch"):
        NativeBatch("nim", 2)


def test_a_batch_refuses_an_illegal_action_naming_the_row_and_changes_nothing(nim) -> None:
    batch = PythonBatch("nim", 3, seat=-1, piles=2)
    for row in range(3):
        batch.start(row, row)
    before = batch.obs.copy()
    illegal = next(a for a in range(batch.action_size) if not batch.game(1).is_legal(a))
    with pytest.raises(IllegalActionError, match="row 1"):
        batch.apply(np.array([0, illegal]), np.array([0, 1]))
    assert np.array_equal(batch.obs, before) and batch.game(0).history == []
    with pytest.raises(ConfigError, match="row"):
        batch.apply(np.array([0]), np.array([5]))


def test_the_batch_check_catches_a_batch_that_writes_a_wrong_mask(nim, monkeypatch) -> None:
    write = batch_module.PythonBatch._write

    def broken(self, row):
        write(self, row)
        self.masks[row, 0] ^= 1
    monkeypatch.setattr(batch_module.PythonBatch, "_write", broken)
    with pytest.raises(AssertionError, match="mask"):
        batch_test("nim", num_games=2, steps=5)


def _play_out(batch) -> None:
    """Every row from its own seed to the end, by seeded random legal actions."""
    for row in range(batch.num_games):
        batch.start(row, 7 + row)
    batch_rng = np.random.default_rng(3)
    while not batch.over.all():
        rows = np.flatnonzero(~batch.over)
        batch.apply(batch.sample_legal(batch_rng.random(batch.num_games))[rows], rows)


@pytest.mark.parametrize("game,params,batch_engine", [("nim", {"piles": 2}, "python")]
                         + ([("hydras", {"num_players": 2}, "native")] if native.available() else []))
def test_write_returns_false_leaves_the_end_returns_to_the_games_result(nim, game, params, batch_engine) -> None:
    batches = [make_batch(game, 4, engine=batch_engine, write_obs=False, write_masks=False, write_returns=keep,
                          **params) for keep in (True, False)]
    for batch in batches:
        _play_out(batch)
    written, skipped = batches
    assert written.returns.any() and not skipped.returns.any()
    for row in range(4):
        assert np.array_equal(written.returns[row], written.spec.game_returns(skipped.game(row)))


NATIVE_BATCH_GAMES = [name for name in hydra_env.game_names() if hydra_env.game_spec(name).native_batch]


@pytest.mark.skipif(not native.available(), reason="native engine not built")
@pytest.mark.parametrize("game", NATIVE_BATCH_GAMES)
def test_sample_legal_draws_the_same_action_on_both_engines(game) -> None:
    """The same uniforms give the same random legal actions on the native and the Python batch
    (the k-th legal action in increasing order, however the native game lists them), over
    games restarted as they end."""
    batches = [cls(game, 8, seat=-1, write_obs=False, write_masks=False) for cls in (NativeBatch, PythonBatch)]
    for batch in batches:
        for row in range(8):
            batch.start(row, 40 + row)
    rng, seed, restarted = np.random.default_rng(11), 100, 0
    for _ in range(400):
        u = rng.random(8)
        native_actions, python_actions = (batch.sample_legal(u) for batch in batches)
        assert np.array_equal(native_actions, python_actions)
        rows = np.flatnonzero(native_actions >= 0)
        for batch in batches:
            batch.apply(native_actions[rows], rows)
        assert np.array_equal(batches[0].over, batches[1].over)
        for row in np.flatnonzero(batches[0].over).tolist():
            for batch in batches:
                batch.start(row, seed)
            seed, restarted = seed + 1, restarted + 1
    assert restarted > 0
