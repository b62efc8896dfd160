"""Hail Hydra's envs (HH32, HH36): the one-seat Gymnasium env and the PettingZoo AEC env.

Both are the generic envs (:class:`hydra_env.envs.game_env.GameEnv`,
:class:`hydra_env.envs.aec.ObserverAECEnv`) with the game's own parts:

- rewards ``reward="team"`` (default): 0 until the end, then +1 for every seat of the
  winning team and -1 for the others (HH36); the generic schemes (``win``, ``rank``,
  ``score_diff``) stay available;
- the one-seat env's ``loyalty``: ``random`` (default), ``shield`` or ``hydra``: the
  learning seat is drawn among the seats of that loyalty once the game is dealt;
- its opponents default to the ``saboteur`` bot (loyal as SHIELD, sabotage as HYDRA);
- ``player_counts`` (e.g. ``[5, 6, 7, 8]``): each episode draws its player count from the
  list (first of all, from the env's generator), so one policy learns every table; the
  observation has 8 seat slots at every count (HH33), so its space does not change;
- ``summary=True``: the observation ends with a summary part (:mod:`.summary_observer`:
  the public and the seat's private posterior per seat, the latest offensive and vote round
  at fixed places, the cards a claim is about; functions of the seat's information only);
  a policy trained so encodes so as a bot too (it plays through its recorded env's observer);
- ``advice="deduce"`` (with ``summary``): then a one-hot of the action that bot would take at
  the seat's decision (:mod:`.advice_observer`), the base of a residual policy;
- ``native_bots=True`` (default): on the native engine, opponents made from the names ``loyal`` and
  ``saboteur`` play through their C++ twins (:mod:`.native.bots`): the same actions from the same
  seeds, decision by decision, without a Python view per decision (``False``: the Python bots);
- its vector env (:func:`hail_hydra_vector`, ``gym.make_vec(..., vectorization_mode=
  "vector_entry_point")``) is the shared :class:`GameVectorEnv` over the game batch (native
  where built), its rows played as this env plays, ``loyalty`` included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hydra_env import arguments
from hydra_env.envs.aec import ObserverAECEnv, order_enforcing
from hydra_env.envs.game_env import GameEnv
from hydra_env.envs.opponents import opponent_entries
from hydra_env.envs.vector.game_vector import GameVectorEnv
from hydra_env.errors import ConfigError
from hydra_env.games.hail_hydra.native import bots as twin_bots

REWARDS = ("team", "win", "rank", "score_diff")
LOYALTIES = ("random", "shield", "hydra")


class HailHydraEnv(GameEnv):
    """``hydra_env/HailHydra-v0``: one learning seat of Hail Hydra, the others bots."""

    def __init__(self, opponents: Sequence[Any] | Any = "saboteur", reward: str = "team", seat: int | str = "random",
                 loyalty: str = "random", render_mode: str | None = None,
                 player_counts: Sequence[int] | None = None, summary: bool = False, advice: str | None = None,
                 native_bots: bool = True, **kwargs: Any) -> None:
        """``loyalty``: the learning seat's team (``random``, ``shield``, ``hydra``);
        ``player_counts``: the player counts an episode draws from (None: the ``num_players``
        parameter's alone); ``summary``: append the summary part to the observation; ``advice``:
        a bot spec (``deduce``) whose action at the seat's decision is appended as a one-hot
        (:mod:`.advice_observer`; needs ``summary``); ``native_bots``: play named ``loyal`` and
        ``saboteur`` opponents through their native twins on the native engine; the other
        arguments as :class:`GameEnv`'s, the game's parameters among ``kwargs``."""
        self.team_reward = arguments.choice("reward", reward, REWARDS) == "team"
        self.loyalty = arguments.choice("loyalty", loyalty, LOYALTIES)
        self.native_bots = arguments.boolean("native_bots", native_bots)
        self._twins: Any = None
        counts = _player_counts(player_counts, seat, opponents)
        if counts:
            kwargs["num_players"] = counts[0]
        if arguments.boolean("summary", summary):
            if kwargs.get("observer") is not None:
                raise ConfigError("summary=True makes the env's observer; pass summary or observer, not both")
            from hydra_env.games.hail_hydra.observer import HailHydraObserver
            from hydra_env.games.hail_hydra.summary_observer import SummaryObserver
            kwargs["observer"] = SummaryObserver(HailHydraObserver(kwargs.get("history", 40)))
        if advice is not None:
            if not arguments.boolean("summary", summary):
                raise ConfigError(f"advice={advice!r} is appended to the summary observation; pass summary=True too")
            from hydra_env.games.hail_hydra.advice_observer import AdviceObserver
            kwargs["observer"] = AdviceObserver(kwargs["observer"], str(advice))
        self.summary = bool(summary)
        self.advice = advice
        super().__init__("hail_hydra", opponents, "win" if self.team_reward else reward, seat, render_mode,
                         **kwargs)
        self.player_counts = counts
        self._opponents_argument = opponents

    def _make_bot(self, name: str, seed: int) -> Any:
        """An opponent by name; with ``native_bots``, a ``loyal`` or ``saboteur`` spec gives a
        :class:`~.native.bots.SeededBot` (the Python bot is made only if the native twins do not
        play its seat), any other as GameEnv's."""
        if self.native_bots and self.bot_factory is None:
            bot = twin_bots.seeded_bot(name, seed)
            if bot is not None:
                return bot
        return super()._make_bot(name, seed)

    def _start_episode(self, rng: np.random.Generator) -> None:
        """With ``player_counts``: draw the episode's player count first; then as GameEnv; then
        seat the opponents' native twins where they can play them (``native_bots``)."""
        if self.player_counts:
            players = self.player_counts[int(rng.integers(len(self.player_counts)))]
            self.num_players = players
            self.params = {**self.params, "num_players": players}
            self.opponents = opponent_entries(self._opponents_argument, players, f"{players} players")
        super()._start_episode(rng)
        self._twins = None
        if self.native_bots and self.bot_factory is None and all(isinstance(e, str) for e in self.opponents):
            self._twins = twin_bots.native_twins(self.game, self.bots)

    def _advance(self) -> None:
        """The opponents play until the learning seat decides or the game is over: inside the
        engine when this episode's bots have native twins (``native_bots``), else as GameEnv's."""
        if self._twins is None:
            super()._advance()
        else:
            twin_bots.play(self._twins, self.game, self.seat)

    @property
    def seat_from_deal(self) -> bool:  # type: ignore[override]
        """True with a ``loyalty`` other than ``random``: the seat is drawn once the game is dealt."""
        return self.loyalty != "random"

    def _seat_after_deal(self, game: Any, rng: np.random.Generator) -> int | None:
        """A seat of the wanted loyalty in the dealt ``game``, drawn from ``rng`` (None for ``random``)."""
        if self.loyalty == "random":
            return None
        seats = self.teams(game)[1 if self.loyalty == "hydra" else 0]
        return int(seats[int(rng.integers(len(seats)))])

    def learning_seats(self) -> list[int]:
        """Every seat with a ``loyalty`` other than ``random`` (where the deal puts it), else as GameEnv."""
        return list(range(self.num_players)) if self.loyalty != "random" else super().learning_seats()

    def teams(self, game: Any) -> list[list[int]]:
        """SHIELD's seats, then HYDRA's (HH36: every seat of a team gets the team's reward)."""
        loyalty = list(game.state.loyalty)
        return [[s for s, loyal in enumerate(loyalty) if loyal == side] for side in (0, 1)]

    def _outcome_for(self, game: Any, seat: int) -> tuple[float, dict[str, Any]]:
        reward, info = super()._outcome_for(game, seat)
        if self.team_reward:
            reward = float(info["result"]["rewards"][seat])
        return reward, info


def _player_counts(value: Sequence[int] | None, seat: Any, opponents: Any) -> list[int]:
    """The ``player_counts`` argument checked: distinct counts from 5 to 8, with a random
    learning seat and one opponent entry for every seat (the seats change with the count)."""
    if value is None:
        return []
    counts = [arguments.integer("player_counts item", c, low=5, high=8) for c in
              arguments.sequence("player_counts", value, fix="pass a list such as [5, 6, 7, 8]")]
    if not counts or len(set(counts)) != len(counts):
        raise ConfigError(f"player_counts must list distinct player counts from 5 to 8, got {list(value)}; "
                          f"pass e.g. [5, 6, 7, 8]")
    if seat != "random":
        raise ConfigError(f"player_counts draws the table each episode, so the seat must be 'random', "
                          f"got seat={seat!r}")
    if isinstance(opponents, (list, tuple)) and len(opponents) != 1:
        raise ConfigError(f"player_counts changes the number of other seats, so give one opponent for all, "
                          f"got {len(opponents)}")
    return counts


class HailHydraAECEnv(ObserverAECEnv):
    """``hailhydra_v0``: every seat an agent; team rewards at the end (HH36)."""

    metadata = {"render_modes": ["ansi"], "name": "hailhydra_v0", "is_parallelizable": False, "render_fps": 2}

    def __init__(self, reward: str = "team", **kwargs: Any) -> None:
        """``reward``: ``team`` (default) or a generic scheme; the game's parameters in ``kwargs``."""
        self.team_reward = arguments.choice("reward", reward, REWARDS) == "team"
        super().__init__("hail_hydra", "win" if self.team_reward else reward, **kwargs)

    def _score(self, game: Any) -> tuple[Sequence[float] | None, dict[str, Any] | None]:
        rewards, result = super()._score(game)
        if self.team_reward and result is not None:
            rewards = [float(r) for r in result["rewards"]]
        return rewards, result


def env(**kwargs: Any) -> Any:
    """The AEC env wrapped as PettingZoo's ``env()`` functions are (order enforcing)."""
    return order_enforcing(HailHydraAECEnv(**kwargs))


def hail_hydra_vector(num_envs: int = 1, **kwargs: Any) -> GameVectorEnv:
    """``hydra_env/HailHydra-v0`` as a vector env: rows played as :class:`HailHydraEnv` plays
    (``loyalty`` too), in the game batch of each row's learning seat. The rows share one
    player count, so ``player_counts`` is refused (one vector env per count); the batch
    encodes natively, so is ``summary`` (the generic vector env refuses an env's own observer)."""
    if kwargs.get("player_counts") is not None:
        raise ConfigError("player_counts is an option of the one-seat env: a vector env's games share one "
                          "player count; make one vector env per count (num_players=...) or use "
                          "vec_env: dummy")
    return GameVectorEnv(num_envs, env_class=HailHydraEnv, **kwargs)
