"""Every env argument is checked the same way (issue 11, items 7 and 8).

Solo-v0, Coop-v0, Hydras-v0 and the two PettingZoo envs check their
arguments with :mod:`hydra_env.arguments`: integers may be Python or numpy
integers and are stored as ``int``; bools, floats, strings and out-of-range
values raise a :class:`hydra_env.HydraError` subclass naming the argument —
never a bare TypeError or ValueError, never silently accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hydra_env import ConfigError, Game, HydraError, IllegalActionError
from hydra_env.games.hydra.envs.coop_env import CoopEnv
from hydra_env.games.hydra.envs.pettingzoo import raw_env as hydra_aec
from hydra_env.games.hydra.envs.solo_env import SoloEnv
from hydra_env.games.hydras.envs.env import HydrasEnv
from hydra_env.games.hydras.envs.pettingzoo import raw_env as hydras_aec

ENVS: dict[str, Callable[..., Any]] = {
    "Solo-v0": SoloEnv, "Coop-v0": CoopEnv, "Hydras-v0": HydrasEnv,
    "hydra_v0 (PettingZoo)": hydra_aec, "hydras_v0 (PettingZoo)": hydras_aec,
}

# (env, argument, bad value, words the message must hold)
BAD_ARGUMENTS = [
    ("Solo-v0", "scenario", "10", "scenario"),
    ("Solo-v0", "scenario", 10.0, "scenario"),
    ("Solo-v0", "scenario", True, "scenario"),
    ("Solo-v0", "scenario", 44, "44"),
    ("Solo-v0", "stars", 1.0, "stars"),
    ("Solo-v0", "stars", True, "stars"),
    ("Solo-v0", "stars", 4, "stars"),
    ("Solo-v0", "max_steps", 2.5, "max_steps"),
    ("Solo-v0", "max_steps", True, "max_steps"),
    ("Solo-v0", "max_steps", 0, "max_steps"),
    ("Solo-v0", "candidates", "x", "candidates"),
    ("Solo-v0", "candidates", True, "candidates"),
    ("Solo-v0", "candidates", -1, "candidates"),
    ("Solo-v0", "candidates", 2.0, "candidates"),
    ("Solo-v0", "loss_penalty", "x", "loss_penalty"),
    ("Solo-v0", "loss_penalty", float("nan"), "loss_penalty"),
    ("Solo-v0", "shaping_scale", "x", "shaping_scale"),
    ("Solo-v0", "shaping_gamma", 1.5, "shaping_gamma"),
    ("Solo-v0", "illegal_penalty", "x", "illegal_penalty"),
    ("Solo-v0", "illegal_action", "ignore", "illegal_action"),
    ("Solo-v0", "reward", "rank", "reward"),
    ("Solo-v0", "render_mode", "human", "render_mode"),
    ("Solo-v0", "flatten", "no", "flatten"),
    ("Solo-v0", "components", 123, "components"),
    ("Solo-v0", "rule_options", 5, "rule_options"),
    ("Solo-v0", "rule_options", {"nope": True}, "nope"),
    ("Coop-v0", "seat", True, "seat"),
    ("Coop-v0", "seat", 1.0, "seat"),
    ("Coop-v0", "seat", 7, "seat"),
    ("Coop-v0", "seat", "north", "seat"),
    ("Coop-v0", "team_weight", "x", "team_weight"),
    ("Coop-v0", "team_weight", 2, "team_weight"),
    ("Coop-v0", "opponents", 5, "opponent"),
    ("Coop-v0", "opponents", ["nosuchbot"], "nosuchbot"),
    ("Coop-v0", "stars", np.float64(2.0), "stars"),
    ("Hydras-v0", "num_players", 3.0, "num_players"),
    ("Hydras-v0", "num_players", True, "num_players"),
    ("Hydras-v0", "num_players", 5, "num_players"),
    ("Hydras-v0", "seat", True, "seat"),
    ("Hydras-v0", "seat", 3, "seat"),
    ("Hydras-v0", "max_steps", 2.5, "max_steps"),
    ("Hydras-v0", "max_steps", -1, "max_steps"),
    ("Hydras-v0", "illegal_penalty", "x", "illegal_penalty"),
    ("Hydras-v0", "opponents", ["nosuchbot"], "nosuchbot"),
    ("Hydras-v0", "reward", "score", "reward"),
    ("hydra_v0 (PettingZoo)", "max_steps", 0, "max_steps"),
    ("hydra_v0 (PettingZoo)", "max_steps", -3, "max_steps"),
    ("hydra_v0 (PettingZoo)", "max_steps", 2.5, "max_steps"),
    ("hydra_v0 (PettingZoo)", "stars", True, "stars"),
    ("hydra_v0 (PettingZoo)", "scenario", "1", "scenario"),
    ("hydra_v0 (PettingZoo)", "flatten", 1, "flatten"),
    ("hydra_v0 (PettingZoo)", "components", 123, "components"),
    ("hydras_v0 (PettingZoo)", "max_steps", 0, "max_steps"),
    ("hydras_v0 (PettingZoo)", "max_steps", 2.5, "max_steps"),
    ("hydras_v0 (PettingZoo)", "num_players", 2.0, "num_players"),
]


@pytest.mark.parametrize("env_name, argument, value, word", BAD_ARGUMENTS,
                         ids=[f"{e}-{a}={v!r}" for e, a, v, _ in BAD_ARGUMENTS])
def test_a_bad_argument_raises_a_hydra_error_naming_it(env_name: str, argument: str, value: Any,
                                                       word: str) -> None:
    with pytest.raises(HydraError) as info:
        ENVS[env_name](**{argument: value})
    assert isinstance(info.value, ConfigError)
    assert word in str(info.value)


@pytest.mark.parametrize("env_name, kwargs, attribute", [
    ("Solo-v0", {"stars": np.int64(2)}, "stars"),
    ("Solo-v0", {"scenario": np.int32(11)}, "scenario"),
    ("Solo-v0", {"max_steps": np.int64(50)}, "max_steps"),
    ("Solo-v0", {"candidates": np.int64(8)}, "candidates"),
    ("Coop-v0", {"seat": np.int64(2)}, "seat_arg"),
    ("Hydras-v0", {"num_players": np.int64(4)}, "num_players"),
    ("Hydras-v0", {"seat": np.int8(1)}, "seat"),
    ("hydra_v0 (PettingZoo)", {"stars": np.int64(3)}, "stars"),
    ("hydra_v0 (PettingZoo)", {"max_steps": np.uint16(9)}, "max_steps"),
    ("hydras_v0 (PettingZoo)", {"num_players": np.int64(2)}, "num_players"),
])
def test_numpy_integers_are_accepted_and_stored_as_int(env_name: str, kwargs: dict[str, Any],
                                                       attribute: str) -> None:
    env = ENVS[env_name](**kwargs)
    value = getattr(env, attribute)
    assert type(value) is int and value == int(next(iter(kwargs.values())))


def test_a_numpy_stars_env_plays_and_its_game_saves() -> None:
    env = SoloEnv(stars=np.int64(2))
    env.reset(seed=np.int64(4))
    assert env.game.state.stars == 2
    assert '"stars":2' in env.game.to_json()


def test_an_option_of_the_other_mode_is_refused_by_the_pettingzoo_env() -> None:
    with pytest.raises(ConfigError, match="team_weight cannot apply to a solo scenario"):
        hydra_aec(scenario=10, team_weight=0.3)
    with pytest.raises(ConfigError, match="loss_penalty cannot apply to a coordinated scenario"):
        hydra_aec(scenario=1, loss_penalty=2.0)


# --------------------------------------------------------------------------- actions

NOT_ACTIONS = [True, False, np.bool_(True), 1.0, np.float32(3.0), "1", None, [1],
               np.array([True]), np.array([1, 2]), -1, 10**30]


def _gym_envs() -> list[tuple[str, Any]]:
    return [("Solo-v0", SoloEnv(illegal_action="penalty")),
            ("Coop-v0", CoopEnv(illegal_action="penalty")),
            ("Hydras-v0", HydrasEnv(illegal_action="penalty"))]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=repr)
def test_step_refuses_what_is_no_action_index_even_in_penalty_mode(action: Any) -> None:
    for name, env in _gym_envs():
        env.reset(seed=0)
        before = env.game.to_json()
        with pytest.raises(IllegalActionError, match="action must be an integer"):
            env.step(action)
        assert env.game.to_json() == before, name


def test_step_true_does_not_run_action_1() -> None:
    env = SoloEnv()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"got True \(a boolean\)"):
        env.step(True)


@pytest.mark.parametrize("wrap", [int, np.int64, np.uint16, lambda a: np.array(a),
                                  lambda a: np.array([a])], ids=["int", "int64", "uint16", "0-d", "1-d"])
def test_step_takes_integer_kinds_of_a_legal_action(wrap: Callable[[int], Any]) -> None:
    for name, env in _gym_envs():
        obs, info = env.reset(seed=1)
        action = int(np.flatnonzero(info["action_mask"])[0])
        out = env.step(wrap(action))
        assert "illegal_action" not in out[4], name


@pytest.mark.parametrize("make", [hydra_aec, hydras_aec], ids=["hydra_v0", "hydras_v0"])
@pytest.mark.parametrize("action", [True, 1.5, -1, 10**6], ids=repr)
def test_pettingzoo_step_refuses_what_is_no_action_index(make: Callable[..., Any], action: Any) -> None:
    env = make()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match="action must be an integer"):
        env.step(action)


# --------------------------------------------------------------------------- reset

@pytest.mark.parametrize("seed", [True, 1.5, -1, "3", np.float64(2.0)], ids=repr)
def test_reset_refuses_a_bad_seed_with_a_config_error(seed: Any) -> None:
    for env in (SoloEnv(), HydrasEnv(), hydra_aec(), hydras_aec()):
        with pytest.raises(ConfigError, match="seed must be"):
            env.reset(seed=seed)


def test_reset_takes_a_numpy_seed_like_the_same_int() -> None:
    a, b = SoloEnv(), SoloEnv()
    a.reset(seed=np.int64(7))
    b.reset(seed=7)
    assert a.game.to_json() == b.game.to_json()


def test_reset_refuses_options_that_are_not_a_dict() -> None:
    with pytest.raises(ConfigError, match="options must be a dict"):
        SoloEnv().reset(options=5)


def test_codec_describe_of_an_index_outside_the_space_is_a_config_error() -> None:
    codec = Game.new(10, 1, 0).codec
    for bad in (-1, codec.size, True, 2.0):
        with pytest.raises(ConfigError, match="action must be an integer"):
            codec.describe(bad)
    with pytest.raises(ConfigError, match="no action of kind"):
        codec.encode(0, 0, 10**6)
