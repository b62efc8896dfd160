"""``SeatsMultiAgentEnv``: an RLlib ``MultiAgentEnv`` over any registered game's AEC env.

Only the learning seats are agents (``seat_0``, ``seat_2`` ...); the other seats play
inside the env, between two decisions of the learning seats, so that RLlib never sees
them::

    env = SeatsMultiAgentEnv({"game": "hydras", "learning_seats": [0, 1], "others": "heuristic",
                              "params": {"num_players": 3}})

Config keys (an RLlib ``env_config``):

``game``
    a registered name or game string (required); ``params``: its parameters.
``learning_seats``
    the seats RLlib plays: a list of seat numbers (default ``[0]``) or ``"all"``.
``others``
    one entry per other seat (in seat order) or one for all (default ``"random"``): a bot
    name of the game's registry (made anew each episode from the env's generator, as the
    one-seat envs do), a bot (``act(view, legal_actions) -> int``), a sampler
    (``sample(seed) -> bot``), or a frozen policy: any other callable
    ``policy(observation) -> int`` given the seat's Dict observation as the learning seats
    get it (:func:`agents.rllib.modules.module_policy` makes one of a trained RLModule).
``aec_env``
    a callable returning the AEC env to use; by default the game's own, where its tools'
    hooks give one (``spec.hooks("rllib").aec_env(reward=..., max_steps=..., **params)``, as
    ``agents/game_tools/hydra/rllib.py`` does), else the generic
    :class:`hydra_env.envs.aec.ObserverAECEnv` of ``game`` with ``reward`` (``"win"``) and
    ``max_steps``. ``game`` is still needed (the bots are the game's).
``obs_key``, ``mask_key``
    the keys of the Dict observation (``"observations"``, ``"action_mask"``, int8).

Rewards are the AEC env's, summed for each learning seat between its decisions and given
with its next observation (all of them at the end). The episode ends for every agent at
once (``"__all__"``): terminated, or truncated by ``max_steps`` or the game's own limit
(a result whose ``outcome`` is ``"truncated"``); only the learning seats that have
decided in the episode get the last observation, reward and ``info["result"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from agents.rllib import MASK_KEY, OBS_KEY
from agents.rllib.envs import check_keys
from hydra_env.errors import ConfigError

__all__ = ["SeatsMultiAgentEnv"]

_KEYS = ("game", "params", "learning_seats", "others", "aec_env", "reward", "max_steps", "obs_key", "mask_key")
_MAX_RESETS = 100


def _game_name(config: Mapping[str, Any]) -> str:
    from hydra_env.api import parse_game_string
    game = config.get("game")
    if not isinstance(game, str):
        raise ConfigError(f"env_config['game'] must name a registered game (or game string), got {game!r}")
    return parse_game_string(game)[0].name


def _aec(config: Mapping[str, Any], name: str) -> Any:
    """The AEC env: ``aec_env()``, else the game's own (its tools' ``rllib`` hook ``aec_env``),
    else the generic :class:`~hydra_env.envs.aec.ObserverAECEnv`."""
    factory = config.get("aec_env")
    if factory is not None:
        if not callable(factory):
            raise ConfigError(f"aec_env must be a callable returning an AEC env, got {factory!r}")
        return factory()
    params = config.get("params") or {}
    if not isinstance(params, Mapping):
        raise ConfigError(f"env_config['params'] must be a dict of the game's parameters, got {params!r}")
    from hydra_env.api import parse_game_string
    spec, from_string = parse_game_string(config["game"])
    params = {**from_string, **params}
    hook = getattr(spec.hooks("rllib"), "aec_env", None)
    if hook is not None:
        return hook(reward=config.get("reward"), max_steps=config.get("max_steps"), **params)
    from hydra_env.envs.aec import ObserverAECEnv
    return ObserverAECEnv(name, reward=config.get("reward") or "win", max_steps=config.get("max_steps"), **params)


def _learning_seats(value: Any, players: int) -> list[int]:
    if value == "all":
        return list(range(players))
    seats = list(value) if isinstance(value, (list, tuple)) else None
    if not seats or any(isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < players
                        for s in seats) or len(set(seats)) != len(seats):
        raise ConfigError(f"learning_seats must be 'all' or a list of different seats 0 to {players - 1}, "
                          f"got {value!r}")
    return sorted(int(s) for s in seats)


class SeatsMultiAgentEnv(MultiAgentEnv):
    """The learning seats of one game as RLlib agents (see the module docstring)."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        """``config``: the keys of the module docstring (unknown keys raise ConfigError)."""
        super().__init__()
        config = dict(config or {})
        unknown = sorted(set(config) - set(_KEYS))
        if unknown:
            raise ConfigError(f"unknown env_config keys {unknown}; the keys: {', '.join(_KEYS)}")
        self.obs_key, self.mask_key = check_keys(config.get("obs_key", OBS_KEY), config.get("mask_key", MASK_KEY))
        self.game = _game_name(config)
        self.aec = _aec(config, self.game)
        self.raw = getattr(self.aec, "unwrapped", self.aec)
        names = list(self.aec.possible_agents)
        self.learning_seats = _learning_seats(config.get("learning_seats", [0]), len(names))
        self._names = names
        self.other_seats = [s for s in range(len(names)) if s not in self.learning_seats]
        self._entries = self._other_entries(config.get("others", "random"))
        self.possible_agents = [names[s] for s in self.learning_seats]
        self.agents = list(self.possible_agents)
        self.observation_spaces = {a: self._space(a) for a in self.possible_agents}
        self.action_spaces = {a: self.aec.action_space(a) for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self._players: dict[int, Any] = {}
        self._pending: dict[str, float] = {}
        self._decided: set[str] = set()

    # ------------------------------------------------------------ set-up
    def _space(self, agent: str) -> spaces.Dict:
        inner = self.aec.observation_space(agent)
        return spaces.Dict({self.obs_key: inner["observation"], self.mask_key: inner["action_mask"]})

    def _other_entries(self, others: Any) -> list[Any]:
        from hydra_env.envs.opponents import check_opponent, opponent_entries
        count = len(self.other_seats)
        if not count:
            return []
        entries = opponent_entries(others, count + 1, f"{count} seats that do not learn")
        for entry in entries:
            if isinstance(entry, str):
                check_opponent(entry, self.game)
            elif not isinstance(entry, str) and not callable(entry) and not callable(getattr(entry, "act", None)) \
                    and not callable(getattr(entry, "sample", None)):
                raise ConfigError(f"an entry of 'others' must be a bot name, a bot, a sampler or a policy "
                                  f"callable(observation) -> int, got {entry!r}")
        return entries

    def _new_players(self) -> None:
        """This episode's players of the other seats (bots by name made from the env's generator)."""
        from hydra_env.envs.bots import make_bot
        from hydra_env.envs.opponents import episode_bot
        game = self.game
        seeds = [int(x) for x in self._rng.integers(1 << 63, size=len(self._entries))]
        self._players = {}
        for seat, entry, seed in zip(self.other_seats, self._entries, seeds):
            is_policy = callable(entry) and not hasattr(entry, "act") and not hasattr(entry, "sample")
            self._players[seat] = entry if is_policy else episode_bot(
                entry, seed, lambda name, seed: make_bot(name, game=game, seed=seed))

    # ------------------------------------------------------------ the game
    def _observe(self, agent: str) -> dict[str, Any]:
        raw = self.aec.observe(agent)
        return {self.obs_key: raw["observation"], self.mask_key: np.asarray(raw["action_mask"], np.int8)}

    def _over(self) -> bool:
        agent = self.aec.agent_selection
        return bool(self.aec.terminations[agent] or self.aec.truncations[agent])

    def _step_aec(self, action: int) -> None:
        self.aec.step(action)
        for agent in self.possible_agents:
            self._pending[agent] += float(self.aec.rewards.get(agent, 0.0))

    def _play_others(self) -> None:
        """The other seats play until a learning seat decides or the game ends."""
        while not self._over() and self.aec.agent_selection not in self.observation_spaces:
            agent = self.aec.agent_selection
            seat = self._names.index(agent)
            player = self._players[seat]
            if hasattr(player, "act"):
                game = self.raw.game
                action = player.act(game.view(seat), game.legal_actions())
            else:
                action = player(self._observe(agent))
            self._step_aec(int(action))

    # ------------------------------------------------------------ RLlib's API
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """A new game, played by the other seats up to the first learning seat's decision."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        for _ in range(_MAX_RESETS):
            self.aec.reset(seed=int(self._rng.integers(1 << 63)), options=options)
            self._new_players()
            self._pending = {a: 0.0 for a in self.possible_agents}
            self._decided = set()
            self._play_others()
            if not self._over():
                break
        else:
            raise ConfigError(f"{_MAX_RESETS} games in a row ended before a learning seat decided; "
                              f"check learning_seats {self.learning_seats}")
        self.agents = list(self.possible_agents)
        agent = self.aec.agent_selection
        return {agent: self._observe(agent)}, {agent: {}}

    def step(self, action_dict: Mapping[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Apply the deciding learning seat's action, let the other seats play, and report."""
        agent = self.aec.agent_selection
        if agent not in action_dict:
            raise ConfigError(f"step() needs an action for {agent!r}, the seat that decides; got actions for "
                              f"{sorted(action_dict)}")
        self._decided.add(agent)
        self._step_aec(int(np.asarray(action_dict[agent]).reshape(())))
        self._play_others()
        if not self._over():
            nxt = self.aec.agent_selection
            reward = {nxt: self._pending[nxt]} if nxt in self._decided else {}
            self._pending[nxt] = 0.0
            return ({nxt: self._observe(nxt)}, reward, {"__all__": False}, {"__all__": False}, {})
        return self._finish()

    def _finish(self) -> tuple[dict, dict, dict, dict, dict]:
        last = self.aec.agent_selection
        result = self.aec.infos.get(last, {}).get("result")
        truncated = bool(self.aec.truncations[last]) or (result or {}).get("outcome") == "truncated"
        done = sorted(self._decided, key=self.possible_agents.index)
        obs = {a: self._observe(a) for a in done}
        rewards = {a: self._pending[a] for a in done}
        terms = {**{a: not truncated for a in done}, "__all__": not truncated}
        truncs = {**{a: truncated for a in done}, "__all__": truncated}
        infos = {a: ({"result": result} if result is not None else {}) for a in done}
        self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> Any:
        """The AEC env's render."""
        return self.aec.render()
