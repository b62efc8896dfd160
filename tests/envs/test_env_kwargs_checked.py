"""``gymnasium.make`` of every registered id refuses a keyword argument the env does not
take, or one its id fixes, with a ConfigError naming the id and the argument (issue 30, third
adversarial round: they gave Python's TypeError), and a candidate count past the action space."""

from __future__ import annotations

import pickle

import gymnasium as gym
import pytest

import hydra_env  # noqa: F401  (registers the ids)
from hydra_env.envs.registration import ENV_IDS
from hydra_env.errors import ConfigError


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_an_argument_the_env_does_not_take_is_refused_naming_the_id(env_id: str) -> None:
    with pytest.raises(ConfigError, match=r"no (argument|parameter) 'nosuch'"):
        gym.make(env_id, nosuch=1)


@pytest.mark.parametrize(("env_id", "name", "value"), [
    ("hydra_env/HeroicaSolo-v0", "mode", "race"),
    ("hydra_env/HeroicaSolo-v0", "opponents", ["random"]),
    ("hydra_env/Heroica-v0", "mode", "solo"),
    ("hydra_env/HeroicaBattle-v0", "mode", "race"),
])
def test_an_argument_the_id_fixes_is_refused_naming_it(env_id: str, name: str, value: object) -> None:
    if env_id not in ENV_IDS:
        pytest.skip(f"{env_id} is not registered")
    with pytest.raises(ConfigError, match=rf"{env_id} fixes its argument '{name}'"):
        gym.make(env_id, **{name: value})


def test_hydras_candidates_past_its_action_space_are_refused_before_any_allocation() -> None:
    with pytest.raises(ConfigError, match="candidates must be an integer from 0 to"):
        gym.make("hydra_env/Hydras-v0", candidates=10**9)


def test_the_registered_creator_pickles_and_makes_the_env() -> None:
    creator = pickle.loads(pickle.dumps(gym.spec("hydra_env/Hydras-v0").entry_point))
    env = creator()
    env.reset(seed=1)
    env.close()
