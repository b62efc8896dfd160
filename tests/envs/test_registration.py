"""Registration the ecosystem's way: the Gymnasium ids with Gymnasium's standard
wrappers, masks as Gymnasium and sb3-contrib take them, check_env, and the bot
registry that Coop-v0 finds its opponents in (filled from entry points, so
hydra_env never imports agents)."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import OrderEnforcing, PassiveEnvChecker

import hydra_env
from hydra_env.envs import bots
from hydra_env.envs.registration import ENV_IDS, register_envs
from hydra_env.errors import ConfigError
from hydra_env.games.hydra.envs.coop_env import CoopEnv
from hydra_env.games.hydra.envs.solo_env import SoloEnv

ROOT = Path(__file__).resolve().parents[2]
IDS = {"hydra_env/Solo-v0": (SoloEnv, {}), "hydra_env/Coop-v0": (CoopEnv, {"scenario": 4})}
HYDRA_BOTS = {"random", "greedy", "heuristic", "defender", "glory", "rollout", "ppo"}


def _python(code: str) -> str:
    """Run ``code`` in a fresh interpreter on this checkout; its stdout."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.strip()


# --------------------------------------------------------------------------- Gymnasium ids

@pytest.mark.parametrize("env_id", sorted(IDS))
def test_make_returns_the_env_in_gymnasiums_standard_wrappers(env_id):
    cls, kwargs = IDS[env_id]
    env = gym.make(env_id, **kwargs)
    assert isinstance(env, OrderEnforcing) and isinstance(env.env, PassiveEnvChecker)
    assert type(env.unwrapped) is cls
    assert env.spec.order_enforce and not env.spec.disable_env_checker
    assert env.spec.entry_point.entry_point == ENV_IDS[env_id]      # through its arguments' check
    with pytest.raises(gym.error.ResetNeeded):
        env.step(0)                                  # OrderEnforcing: reset first
    assert env.action_space == gym.spaces.Discrete(1826)
    assert env.observation_space["features"].shape == (1096,)


def test_import_hydra_env_registers_the_ids_without_an_import_hook():
    # The one finder hydra_env installs serves the moved modules' old names only (one release).
    out = _python("import sys, hydra_env, gymnasium\n"
                  "print(sorted(i for i in gymnasium.registry if i.startswith('hydra_env/')))\n"
                  "print([type(f).__name__ for f in sys.meta_path if type(f).__module__.startswith('hydra_env')])\n"
                  "print(sys.meta_path[0].find_spec('hydra_env.envs.registration'))")
    every_id = sorted(i for name in hydra_env.game_names() for i in hydra_env.game_spec(name).env_ids)
    assert out.splitlines() == [str(every_id), "['MovedModuleFinder']", "None"]
    # Gymnasium's own "module:id" form imports the module first.
    out = _python("import gymnasium as gym\n"
                  "print(type(gym.make('hydra_env:hydra_env/Solo-v0').unwrapped).__name__)")
    assert out == "SoloEnv"


def test_registration_is_idempotent_and_skipped_without_gymnasium(monkeypatch):
    before = {i: gym.registry[i] for i in ENV_IDS}
    assert register_envs() is True
    assert all(gym.registry[i] is before[i] for i in ENV_IDS)
    import hydra_env.envs.registration as registration
    monkeypatch.setattr(registration.importlib.util, "find_spec", lambda name: None)
    assert register_envs() is False


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_masks_are_reachable_the_ecosystems_ways_and_sample_legal_actions(env_id):
    cls, kwargs = IDS[env_id]
    env = gym.make(env_id, **kwargs)
    obs, info = env.reset(seed=5)
    env.action_space.seed(5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")               # the passive checker has nothing to say
        for _ in range(200):
            mask = info["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (1826,)
            assert env.unwrapped.action_masks() is mask
            assert env.get_wrapper_attr("action_masks")() is mask
            legal = env.unwrapped.game.legal_actions()
            assert np.flatnonzero(mask).tolist() == legal
            action = env.action_space.sample(mask=mask)
            assert action in legal
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                assert not info["action_mask"].any()
                obs, info = env.reset()


@pytest.mark.parametrize("env_id,kwargs", [
    ("hydra_env/Solo-v0", {}),
    ("hydra_env/Solo-v0", {"flatten": True, "reward": "shaped", "scenario": 12}),
    ("hydra_env/Coop-v0", {"scenario": 1}),
    ("hydra_env/Coop-v0", {"flatten": True, "scenario": 8, "reward": "mixed"}),
])
def test_check_env_passes(env_id, kwargs):
    """Gymnasium's checker steps unmasked random actions, so it runs with
    illegal_action="penalty" (a masked-out action is then a no-op with a penalty),
    on the env itself as Gymnasium recommends (the README shows the same call)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")               # no checker warning either
        check_env(gym.make(env_id, illegal_action="penalty", **kwargs).unwrapped)


def test_make_vec_keeps_working_with_masks():
    envs = gym.make_vec("hydra_env/Solo-v0", num_envs=2, vectorization_mode="sync")
    obs, info = envs.reset(seed=0)
    assert info["action_mask"].shape == (2, 1826) and info["action_mask"].dtype == np.int8
    for _ in range(20):
        actions = np.array([envs.single_action_space.sample(mask=m) for m in info["action_mask"]])
        obs, reward, terminated, truncated, info = envs.step(actions)
    assert np.stack(envs.call("action_masks")).shape == (2, 1826)
    envs.close()


def test_maskable_ppo_learns_on_a_gym_make_env():
    pytest.importorskip("sb3_contrib", reason="needs the train extra (sb3-contrib)")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    env = gym.make("hydra_env/Solo-v0", flatten=True)
    assert is_masking_supported(env)
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    obs, info = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
    assert info["action_mask"][int(action)]


# --------------------------------------------------------------------------- bot registry

def test_entry_points_declare_every_bot_of_hydra_and_of_hydras():
    assert HYDRA_BOTS <= set(bots.bot_names())
    assert bots.bot_names("hydras") == ["greedy", "heuristic", "ppo", "random"]
    with pytest.raises(ConfigError, match="unknown game 'chess'.*hydra, hydras"):
        bots.bot_names("chess")
    for name in HYDRA_BOTS - {"ppo"}:
        assert isinstance(bots.make_bot(name, seed=0), bots.Bot)


@pytest.mark.parametrize("spec,expected", [
    ("heuristic", ("heuristic", {})),
    ("rollout:budget=64,candidates=8", ("rollout", {"budget": 64, "candidates": 8})),
    ("rollout: budget=4, style=glory", ("rollout", {"budget": 4, "style": "glory"})),
    ("greedy:row_lookahead=false", ("greedy", {"row_lookahead": False})),
    ("heuristic:block_margin=0.5", ("heuristic", {"block_margin": 0.5})),
    ("ppo:solo-default", ("ppo", {"policy": "solo-default"})),
    ("ppo:runs/a=b,c/best_model.zip", ("ppo", {"policy": "runs/a=b,c/best_model.zip"})),
    ("ppo:policy=coop-default,deterministic=false",
     ("ppo", {"policy": "coop-default", "deterministic": False})),
])
def test_parse_bot_spec(spec, expected):
    assert bots.parse_bot_spec(spec) == expected


@pytest.mark.parametrize("spec,message", [
    ("no-such-bot", r"unknown bot 'no-such-bot'; known bots: defender, glory, greedy, heuristic"),
    ("nope:budget=3", r"unknown bot 'nope' \(in the spec 'nope:budget=3'\); known bots: .*rollout"),
    ("rollout:budjet=64", r"'rollout:budjet=64'.*no parameter 'budjet'.*budget=16, candidates=4"),
    ("rollout:budget=lots", r"'rollout:budget=lots'.*budget='lots' should be of type int"),
    ("greedy:row_lookahead=2", r"row_lookahead=2 should be of type bool"),
    ("rollout:64", r"write parameters as rollout:key=value.*accepts: budget=16"),
    ("ppo", r"'ppo': ppo needs policy \(e.g. ppo:VALUE\)"),
    ("rollout:budget=1,budget=2", r"'budget' given twice"),
    ("", r"non-empty string"),
])
def test_bad_specs_raise_config_errors_that_say_what_is_accepted(spec, message):
    with pytest.raises(ConfigError, match=message):
        bots.make_bot(spec, seed=0)


def test_make_bot_passes_the_spec_parameters_and_keywords_to_the_factory():
    bot = bots.make_bot("rollout:budget=3,candidates=2", seed=1, coop_horizon=5)
    assert (bot.budget, bot.candidates, bot.coop_horizon) == (3, 2, 5)
    assert bots.make_bot("glory", seed=0).style == "glory"
    assert bots.make_bot("heuristic:style=glory", seed=0).style == "glory"
    with pytest.raises(ConfigError, match="no parameter 'style'.*weights=None, block_margin=None"):
        bots.make_bot("glory:style=defender")
    params = bots.bot_parameters("ppo")
    assert params["policy"] is inspect.Parameter.empty and params["deterministic"] is True


def test_register_bot_adds_and_replaces_names_in_this_process():
    class Fixed:
        def __init__(self, seed=None, *, action_index: int = 0):
            self.action_index = action_index

        def act(self, view, legal_actions):
            return legal_actions[min(self.action_index, len(legal_actions) - 1)]

    bots.register_bot("test-fixed", Fixed)
    try:
        assert "test-fixed" in bots.bot_names()
        assert bots.make_bot("test-fixed:action_index=2").action_index == 2
        assert ("test-fixed", "action_index=0", "register_bot") in bots.describe_bots()
        with pytest.raises(ConfigError, match="use letters"):
            bots.register_bot("bad:name", Fixed)
    finally:
        bots._entries("hydra").pop("test-fixed")


def test_coop_opponents_are_registry_specs_or_bot_objects():
    class First:
        def act(self, view, legal_actions):
            return legal_actions[0]

    first = First()
    env = gym.make("hydra_env/Coop-v0", scenario=1, seat=0,
                   opponents=["rollout:budget=1,candidates=1,coop_horizon=2", first, "glory"])
    obs, info = env.reset(seed=0)
    core = env.unwrapped
    assert type(core._bots[1]).__name__ == "RolloutBot" and core._bots[1].budget == 1
    assert core._bots[2] is first and core._bots[3].style == "glory"
    for _ in range(10):
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        if terminated:
            break
    with pytest.raises(ConfigError, match="opponent 'rollout:budjet=1'.*no parameter 'budjet'"):
        gym.make("hydra_env/Coop-v0", scenario=1, opponents=["rollout:budjet=1"])
    with pytest.raises(ConfigError, match="known bots"):
        gym.make("hydra_env/Coop-v0", scenario=1, opponents=["no-such-bot"])


def test_hydra_env_runs_coop_with_bot_objects_without_importing_agents():
    out = _python(
        "import sys, gymnasium as gym, hydra_env\n"
        "class First:\n"
        "    def act(self, view, legal_actions): return legal_actions[0]\n"
        "env = gym.make('hydra_env/Coop-v0', scenario=1, opponents=[First()])\n"
        "obs, info = env.reset(seed=0)\n"
        "env.step(env.action_space.sample(info['action_mask']))\n"
        "print(sorted(m for m in sys.modules if m == 'agents' or m.startswith('agents.')))")
    assert out == "[]"


def test_hydra_env_source_never_imports_agents():
    """The same as the import-linter contract "hydra_env never imports agents", in
    the test suite: no import statement of hydra_env names the agents package."""
    offenders = []
    for path in sorted((ROOT / "hydra_env").rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            words = line.strip().split()
            if len(words) >= 2 and words[0] in ("import", "from") and \
                    (words[1] == "agents" or words[1].startswith("agents.")):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, offenders
