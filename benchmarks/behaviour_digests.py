"""The digests behind the behaviour fixtures (:mod:`record_fixtures`): env steps and
engine playthroughs, hashed step by step on a chosen engine.

Imported by ``benchmarks/record_fixtures.py`` (which records and compares them) and,
through it, by ``tests/api/test_behaviour_fixtures.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

ENGINE_VARIABLE = "HYDRA_ENV_ENGINE"
ENGINES = ("python", "native")

# --------------------------------------------------------------------------- hashing

def _feed(h: Any, value: Any) -> None:
    """Feed ``value`` into the hash ``h`` unambiguously: dicts by sorted key, arrays with
    their dtype and shape, scalars by kind and value (a numpy and a Python scalar of the
    same value hash the same; arrays must keep their dtype)."""
    if isinstance(value, dict):
        h.update(b"{%d" % len(value))
        for key in sorted(value, key=str):
            _feed(h, str(key))
            _feed(h, value[key])
        h.update(b"}")
    elif isinstance(value, np.ndarray):
        arr = np.ascontiguousarray(value)
        h.update(f"a{arr.dtype.str}{arr.shape}".encode())
        if arr.dtype == object:
            for item in arr.ravel():
                _feed(h, item)
        else:
            h.update(arr.tobytes())
    elif isinstance(value, (list, tuple)):
        h.update(b"[%d" % len(value))
        for item in value:
            _feed(h, item)
        h.update(b"]")
    elif isinstance(value, (bool, np.bool_)):
        h.update(b"b1" if value else b"b0")
    elif isinstance(value, (int, np.integer)):
        h.update(f"i{int(value)};".encode())
    elif isinstance(value, (float, np.floating)):
        h.update(f"f{float(value)!r};".encode())
    elif isinstance(value, str):
        data = value.encode()
        h.update(b"s%d:" % len(data) + data)
    elif value is None:
        h.update(b"n")
    else:
        raise TypeError(f"cannot hash a {type(value).__name__}: {value!r}")


@contextlib.contextmanager
def engine(name: str | None) -> Iterator[None]:
    """``HYDRA_ENV_ENGINE=name`` while the block runs (None: unset), restored after."""
    before = os.environ.get(ENGINE_VARIABLE)
    if name is None:
        os.environ.pop(ENGINE_VARIABLE, None)
    else:
        os.environ[ENGINE_VARIABLE] = name
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENGINE_VARIABLE, None)
        else:
            os.environ[ENGINE_VARIABLE] = before


def engines() -> tuple[str, ...]:
    """The engines that can run here: python, and native where its extension is built."""
    from hydra_env import native
    return ENGINES if native.available() else ("python",)


def _pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


# --------------------------------------------------------------------------- env cases

def _gym_digest(env_id: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    import gymnasium as gym

    import hydra_env  # noqa: F401  (registers the ids)

    env = gym.make(env_id, **kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    episode_seed = seed
    obs, info = env.reset(seed=episode_seed)
    _feed(h, ["reset", obs, info])
    episodes = 0
    for _ in range(steps):
        mask = env.unwrapped.action_masks()
        _feed(h, ["mask", mask])
        action = _pick(rng, mask)
        obs, reward, terminated, truncated, info = env.step(action)
        _feed(h, ["step", action, obs, reward, terminated, truncated, info])
        if terminated or truncated:
            episodes += 1
            episode_seed += 1
            obs, info = env.reset(seed=episode_seed)
            _feed(h, ["reset", obs, info])
    env.close()
    return {"steps": steps, "episodes_ended": episodes, "sha256": h.hexdigest()}


def _aec_constructor(kind: str) -> Callable[..., Any]:
    """The ``env(**kwargs)`` of a PettingZoo AEC env (imported here: one line per move)."""
    if kind == "hydra":
        from hydra_env.games.hydra.envs.pettingzoo import env
    else:
        from hydra_env.games.hydras.envs.pettingzoo import env
    return env


def _aec_digest(kind: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    env = _aec_constructor(kind)(**kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    episode_seed = seed
    env.reset(seed=episode_seed)
    episodes = 0
    taken = 0
    while taken < steps:
        agent = env.agent_selection
        obs, reward, terminated, truncated, info = env.last()
        _feed(h, ["last", agent, obs, reward, terminated, truncated, info])
        if terminated or truncated:
            action = None
        else:
            action = _pick(rng, obs["action_mask"])
            taken += 1
        env.step(action)
        _feed(h, ["step", agent, action, dict(env.rewards), dict(env.terminations),
                  dict(env.truncations)])
        if not env.agents:
            episodes += 1
            episode_seed += 1
            env.reset(seed=episode_seed)
    env.close()
    return {"steps": steps, "episodes_ended": episodes, "sha256": h.hexdigest()}


def _vector_digest(env_id: str, kwargs: dict[str, Any], steps: int, seed: int) -> dict[str, Any]:
    import gymnasium as gym

    import hydra_env  # noqa: F401  (registers the ids)

    envs = gym.make_vec(env_id, vectorization_mode="vector_entry_point", **kwargs)
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    obs, info = envs.reset(seed=seed)
    _feed(h, ["reset", obs, info])
    ended = 0
    for _ in range(steps):
        masks = info["action_mask"]
        actions = np.array([_pick(rng, m) for m in masks], dtype=np.int64)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        _feed(h, ["step", actions, obs, rewards, terminated, truncated, info])
        ended += int(np.sum(terminated | truncated))
    envs.close()
    return {"steps": steps, "episodes_ended": ended, "sha256": h.hexdigest()}


# name -> (kind, id or AEC kind, kwargs, steps, seed); kind: gym | aec | vector
ENV_CASES: dict[str, tuple[str, str, dict[str, Any], int, int]] = {
    "gym hydra_env/Solo-v0": ("gym", "hydra_env/Solo-v0", {}, 500, 0),
    "gym hydra_env/Solo-v0 scenario 12 stars 3 flatten shaped": (
        "gym", "hydra_env/Solo-v0", {"scenario": 12, "stars": 3, "flatten": True, "reward": "shaped"}, 400, 1),
    "gym hydra_env/Solo-v0 candidates 16": ("gym", "hydra_env/Solo-v0", {"candidates": 16}, 120, 2),
    "gym hydra_env/Coop-v0": ("gym", "hydra_env/Coop-v0", {}, 500, 0),
    "gym hydra_env/Coop-v0 scenario 3 heuristic mixed random seat": (
        "gym", "hydra_env/Coop-v0", {"scenario": 3, "stars": 2, "opponents": "heuristic",
                                     "reward": "mixed", "seat": "random"}, 200, 1),
    "gym hydra_env/Hydras-v0": ("gym", "hydra_env/Hydras-v0", {}, 500, 0),
    "gym hydra_env/Hydras-v0 4 players flatten rank": (
        "gym", "hydra_env/Hydras-v0", {"num_players": 4, "flatten": True, "reward": "rank",
                                       "opponents": "greedy"}, 200, 1),
    "gym hydra_env/Hydras-v0 2 players candidates 16": (
        "gym", "hydra_env/Hydras-v0", {"num_players": 2, "candidates": 16}, 120, 2),
    "aec hydra scenario 1": ("aec", "hydra", {"scenario": 1}, 500, 0),
    "aec hydra scenario 10 unflattened": ("aec", "hydra", {"scenario": 10, "flatten": False}, 300, 1),
    "aec hydras 3 players": ("aec", "hydras", {"num_players": 3}, 500, 0),
    "aec hydras 2 players unflattened score_diff": (
        "aec", "hydras", {"num_players": 2, "flatten": False, "reward": "score_diff"}, 300, 1),
    "vector hydra_env/Solo-v0 x4": ("vector", "hydra_env/Solo-v0", {"num_envs": 4}, 150, 0),
    "vector hydra_env/Coop-v0 x3 same-step": (
        "vector", "hydra_env/Coop-v0", {"num_envs": 3, "autoreset_mode": "SameStep"}, 150, 1),
}
_DIGESTERS = {"gym": _gym_digest, "aec": _aec_digest, "vector": _vector_digest}


def env_digest(case: str, engine_name: str) -> dict[str, Any]:
    """The digest of env case ``case`` played on engine ``engine_name``."""
    kind, target, kwargs, steps, seed = ENV_CASES[case]
    with engine(engine_name):
        return _DIGESTERS[kind](target, dict(kwargs), steps, seed)


def registered_env_ids() -> list[str]:
    """The Gymnasium ids of the project (``hydra_env/...``) registered today."""
    import gymnasium as gym

    import hydra_env  # noqa: F401
    return sorted(i for i in gym.registry if i.startswith("hydra_env/"))


# --------------------------------------------------------------------------- differential

# name -> (game, arguments of the game, who chooses, seed of the choices, cap on decisions).
# "random": a random.Random(seed) picks among the legal actions; a bot spec: that bot
# (hydra_env's registered bots, seeded from the seed and the seat) plays every seat,
# so the games also reach won ends (random Hydra games are lost within a few rounds).
DIFFERENTIAL_CASES: dict[str, tuple[str, dict[str, int], str, int, int]] = {
    f"hydra scenario {sc} stars {st} seed {seed} {who}": (
        "hydra", {"scenario": sc, "stars": st, "seed": seed}, who, seed, cap)
    for sc, st, seed, who, cap in ((10, 1, 0, "random", 300), (11, 2, 1, "random", 300),
                                   (12, 3, 2, "random", 300), (1, 1, 3, "random", 300),
                                   (5, 2, 4, "random", 300), (9, 3, 5, "random", 300),
                                   (10, 1, 6, "heuristic", 400), (12, 2, 7, "greedy", 400),
                                   (2, 1, 8, "heuristic", 400))
} | {
    f"hydras {n} players seed {seed} {who}": ("hydras", {"players": n, "seed": seed}, who, seed, 400)
    for n, seed, who in ((2, 0, "random"), (3, 1, "random"), (4, 2, "random"), (3, 3, "heuristic"))
}


def _new_game(game: str, args: dict[str, int], engine_name: str) -> Any:
    if game == "hydra":
        from hydra_env import Game
        return Game.new(args["scenario"], args["stars"], args["seed"], engine=engine_name)
    from hydra_env.games.hydras.rules import HydrasGame
    return HydrasGame.new(args["players"], args["seed"], engine=engine_name)


def _make_bot(spec: str, game: str, seed: int) -> Any:
    """A registered bot (imported here: one line per move)."""
    from hydra_env.envs.bots import make_bot
    return make_bot(spec, game=game, seed=seed)


def _result(game: Any) -> Any:
    result = game.result()
    return result.to_dict() if hasattr(result, "to_dict") else dict(vars(result))


def differential_digest(case: str, engine_name: str) -> dict[str, Any]:
    """The digest of (to_json, legal mask) after every decision of playthrough ``case``
    on engine ``engine_name`` (and its result at the end)."""
    game_kind, args, chooser, choice_seed, cap = DIFFERENTIAL_CASES[case]
    game = _new_game(game_kind, args, engine_name)
    if game.engine != engine_name:
        raise RuntimeError(f"asked for the {engine_name} engine, got {game.engine}")
    rng = random.Random(choice_seed)
    bots = None if chooser == "random" else [
        _make_bot(chooser, game_kind, 1000 * choice_seed + seat) for seat in range(game.num_players)]
    h = hashlib.sha256()
    decisions = 0
    while True:
        mask = np.asarray(game.legal_mask())
        _feed(h, [game.to_json(), mask])
        if game.is_over or decisions >= cap:
            break
        legal = list(game.legal_actions())
        if bots is None:
            action = legal[rng.randrange(len(legal))]
        else:
            seat = game.current_player
            action = bots[seat].act(game.view(seat), legal)
        _feed(h, ["action", int(action)])
        game.apply(action)
        decisions += 1
    over = bool(game.is_over)
    _feed(h, ["end", over, _result(game) if over else None])
    return {"decisions": decisions, "game_over": over, "sha256": h.hexdigest()}
