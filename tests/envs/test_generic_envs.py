"""The env adapters written once: a toy game (Nim, tests/api/toy_nim.py) registered by the
test runs through the generic one-seat env, the generic AEC env, the env registration,
the bot registry and the differential harness, with no file of the package naming it;
and the engine choice that every game shares."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator

import gymnasium as gym
import numpy as np
import pytest
from api.toy_nim import SPEC as NIM
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from hydra_env.api import register, unregister
from hydra_env.api.differential import Differential
from hydra_env.api.engines import ENGINE_VARIABLE, EngineChoice
from hydra_env.api.spec import GameSpec
from hydra_env.envs import bots
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.observers import LegalActionObserver
from hydra_env.envs.registration import env_arguments, env_entry_points, register_envs
from hydra_env.errors import ConfigError, IllegalActionError

NIM_ID = "hydra_env_test/Nim-v0"


@pytest.fixture
def nim() -> Iterator[GameSpec]:
    """Nim registered (with one env id and no entry point for it) for one test."""
    spec = GameSpec(**{**{f: getattr(NIM, f) for f in NIM.__dataclass_fields__ if f != "_loaded"},
                       "env_ids": (NIM_ID,)})
    register(spec, replace=True)
    try:
        yield spec
    finally:
        unregister(spec.name)
        bots._REGISTRY.pop(spec.name, None)
        gym.registry.pop(NIM_ID, None)


def _play(env: GameEnv, seed: int) -> list[tuple]:
    steps = []
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        steps.append((obs.tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            return steps


def test_the_generic_one_seat_env_plays_a_game_it_was_never_told_about(nim):
    check_env(GameEnv("nim", illegal_action="penalty"), skip_render_check=True)   # it steps unmasked
    env = GameEnv("nim(piles=4)", opponents="random", seat="random")
    assert env.observation_space.shape == (2 + 4 * 3,) and env.action_space.n == 12
    assert isinstance(env.observer, LegalActionObserver)
    first, again = _play(env, 3), _play(env, 3)
    assert first == again                                       # seeded: the same episode
    assert first[-1][2] and first[-1][1] in (0.0, 1.0)          # ends with a win or a loss
    assert env.action_masks().sum() == 0                         # nothing legal after the end
    parts = GameEnv("nim", flatten=False).reset(seed=0)[0]
    assert set(parts) == {"to_play", "legal"}


def test_the_generic_one_seat_env_checks_its_arguments_and_illegal_actions(nim):
    with pytest.raises(ConfigError, match="opponents"):
        GameEnv("nim", opponents=["random", "random"])
    with pytest.raises(ConfigError, match="unknown bot"):
        GameEnv("nim", opponents="no-such-bot")
    with pytest.raises(ConfigError, match="piles"):
        GameEnv("nim", piles=9)
    seed = next(s for s in range(50) if not GameEnv("nim").reset(seed=s)[1]["action_mask"].all())
    env = GameEnv("nim", illegal_action="penalty", illegal_penalty=-2.0)
    _, info = env.reset(seed=seed)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.step(illegal)[1:3] == (-2.0, False)
    strict = GameEnv("nim")
    strict.reset(seed=seed)
    with pytest.raises(IllegalActionError, match="masked out"):
        strict.step(illegal)


def test_the_generic_aec_env_passes_pettingzoos_api_test(nim):
    env = order_enforcing(ObserverAECEnv("nim", reward="rank"))
    api_test(env, num_cycles=200)
    raw = ObserverAECEnv("nim", reward="rank", flatten=False)
    raw.reset(seed=2)
    totals: dict[str, float] = {}
    for agent in raw.agent_iter():
        obs, reward, terminated, truncated, _ = raw.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        assert set(obs["observation"]) == {"to_play", "legal"}
        raw.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_a_new_games_env_id_is_registered_with_the_generic_env(nim):
    assert env_entry_points()[NIM_ID] == ("hydra_env.envs.game_env:GameEnv",
                                          "hydra_env.envs.vector.game_vector:GameVectorEnv", {"game": "nim"})
    assert register_envs() and NIM_ID in gym.registry
    env = gym.make(NIM_ID, piles=2)
    assert type(env.unwrapped) is GameEnv and env.unwrapped.game_spec.name == "nim"
    assert "opponents" in env_arguments(NIM_ID)


def test_bot_groups_come_from_the_specs_and_every_game_has_the_random_and_policy_bots(nim):
    assert bots.GROUPS["hydra"] == "hydra_env.bots" and bots.GROUPS["hydras"] == "hydra_env.hydras_bots"
    assert bots.GROUPS["nim"] == NIM.bots_group and "Nim" not in bots.GROUPS
    assert bots.bot_names("nim") == ["ppo", "random"]        # the bots of every game (any_game_bots)
    bot = bots.make_bot("random", game="nim", seed=0)
    game = NIM.make(seed=0)
    assert bot.act(game.view(0), game.legal_actions()) in game.legal_actions()


def test_a_spec_names_its_own_bots_without_an_entry_point_group():
    spec = dataclasses.replace(NIM, name="nim-bots", bots_group="", env_ids=(),
                               bots={"uniform": "hydra_env.envs.bots:UniformRandomBot", "broken": "no.such:Bot"})
    register(spec, replace=True)
    try:
        assert bots.bot_names("nim-bots") == ["broken", "ppo", "random", "uniform"]
        game = spec.make(seed=3)
        bot = bots.make_bot("uniform", game="nim-bots", seed=1)
        assert isinstance(bot, bots.UniformRandomBot)
        assert bot.act(game.view(0), game.legal_actions()) in game.legal_actions()
        with pytest.raises(ConfigError, match="'broken'.*no.such:Bot.*cannot be loaded"):
            bots.make_bot("broken", game="nim-bots")
    finally:
        unregister("nim-bots")


def test_the_differential_harness_needs_only_the_spec(nim):
    report = Differential("nim", [{"piles": 2}, {"piles": 5}], reload_every=7, illegal_every=5,
                          clone_every=6).run(400, seed=1)
    assert report.mismatch is None and report.decisions >= 400
    assert set(report.per_setting) == {2, 5} and report.reloads and report.illegal_checked


class _Hooks:
    unsupported = KeyError

    def __init__(self, available: bool) -> None:
        self.is_built = available

    def available(self) -> bool:
        return self.is_built


def test_one_engine_choice_for_every_game(monkeypatch):
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)
    choice = EngineChoice("Toy")
    assert choice.pick(None) == ("python", False)
    choice.register("native", _Hooks(False))
    assert choice.pick(None) == ("python", False)
    choice.register("native", _Hooks(True))
    assert choice.pick(None) == ("native", False) and choice.pick("python") == ("python", True)
    monkeypatch.setenv(ENGINE_VARIABLE, "python")
    assert choice.pick(None) == ("python", True)
    monkeypatch.setenv(ENGINE_VARIABLE, "gpu")
    with pytest.raises(ConfigError, match="HYDRA_ENV_ENGINE='gpu' names no engine"):
        choice.pick(None)
    with pytest.raises(ConfigError, match="engine must be one of"):
        choice.pick("fast")
    assert choice.run_on("python", True, lambda hooks: 1) is None

    def cannot(hooks):
        raise KeyError("too big")

    assert choice.run_on("native", False, cannot) is None          # picked by default: Python
    with pytest.raises(KeyError):
        choice.run_on("native", True, cannot)                       # asked for: it raises
    with pytest.raises(ConfigError, match="the native Toy engine is not installed"):
        EngineChoice("Toy").run_on("native", True, cannot)


def test_a_twin_named_by_its_module_is_imported_and_registered_on_first_need(tmp_path, monkeypatch):
    monkeypatch.delenv(ENGINE_VARIABLE, raising=False)
    choice = EngineChoice("Toy", twins={"native": "toy_twin_engine"})
    (tmp_path / "toy_twin_engine.py").write_text(
        "import sys\n"
        "choice, hooks = sys.modules['toy_twin_choice'].CHOICE, sys.modules['toy_twin_choice'].HOOKS\n"
        "choice.register('native', hooks)\n")
    holder = type(sys)("toy_twin_choice")
    holder.CHOICE, holder.HOOKS = choice, _Hooks(True)
    monkeypatch.setitem(sys.modules, "toy_twin_choice", holder)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toy_twin_engine", raising=False)
    assert choice.registered == {}                                   # nothing imported yet
    assert choice.pick(None) == ("native", False)                    # the twin came in to answer
    assert choice.registered == {"native": holder.HOOKS}
    assert choice.run_on("native", True, lambda hooks: hooks.is_built) is True


def test_a_games_own_reward_scheme_is_offered_by_its_envs():
    def moves_left(result, seat):         # a made-up scheme: the winner gets 2, the loser -3
        return 2.0 if seat in result["winners"] else -3.0
    spec = dataclasses.replace(NIM, name="nim-rewards", env_ids=(), rewards={"lopsided": moves_left})
    register(spec, replace=True)
    try:
        env = GameEnv("nim-rewards", reward="lopsided", opponents=["random"])
        env.reset(seed=0)
        rewards, done = [], False
        while not done:
            _, reward, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
            rewards.append(reward)
        assert rewards[-1] in (2.0, -3.0) and set(rewards[:-1]) <= {0.0}
        with pytest.raises(ConfigError, match="lopsided"):
            GameEnv("nim-rewards", reward="lopsid")
    finally:
        unregister("nim-rewards")


def test_an_opponent_that_needs_no_view_gets_none_and_plays_the_same_game(nim: GameSpec) -> None:
    """``needs_view = False`` (the generic ``random``): the envs skip building its view; the
    choices, drawn from the legal actions alone, are the same."""
    from hydra_env.envs.bots import UniformRandomBot
    from hydra_env.envs.opponents import play_opponents

    class Recording(UniformRandomBot):
        def __init__(self, seed: int, needs_view: bool) -> None:
            super().__init__(seed)
            self.needs_view, self.views = needs_view, []

        def act(self, view, legal_actions=None):
            self.views.append(view)
            return super().act(view, legal_actions)

    histories = []
    for needs_view in (False, True):
        game = nim.make(seed=5)
        bots = {s: Recording(s, needs_view) for s in range(1, game.num_players)}
        while not game.is_over:
            if game.current_player == 0:
                game.apply(game.legal_actions()[0])
            play_opponents(game, 0, bots)
        views = [v for b in bots.values() for v in b.views]
        assert views and all((v is None) != needs_view for v in views)
        histories.append(game.to_json())
    assert histories[0] == histories[1]
