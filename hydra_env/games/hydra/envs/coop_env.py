"""``hydra_env/Coop-v0``: the coordinated game (R22–R31) from one seat.

::

    import gymnasium as gym
    import hydra_env
    env = gym.make("hydra_env/Coop-v0", scenario=1, opponents=["random"], seat="random")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=info["action_mask"]))

The learning agent plays one seat; the other seats are played inside the env
by scripted opponents. Every decision of the learning seat is one step: its
buckle-up choice, its action, "play a hydra card / end the turn", and the
decisions that arise during other seats' turns or the Hydra phase (being
shoved, evading, following a retreating head). Between two of its steps the
opponents play until the learning seat decides again or the game ends.

Opponents
    ``opponents``: a list with one entry per other seat, or one entry for all
    of them (default ``["random"]``). An entry is a bot spec of the registry
    :mod:`hydra_env.envs.bots` (``"random"``, ``"heuristic"``,
    ``"rollout:budget=16"``, ``"ppo:solo-default"``; ``hydra-env bots`` lists
    them) or any object with ``act(view, legal_actions) -> int`` (the
    :class:`hydra_env.envs.bots.Bot` protocol; it gets a :class:`hydra_env.SeatView`,
    so it cannot see hidden cards). The entries sit on the seats after the
    learning seat in order: ``seat + 1, seat + 2, …`` (mod the number of seats).
    Named bots are made anew each episode with seeds drawn from the env's
    generator (so ``reset(seed=s)`` fixes their play too); objects are used as
    given. An entry with ``sample(seed) -> bot`` (no ``act``) is a sampler asked
    for a new bot each episode, with a seed from the same generator — how
    training mixes scripted opponents and frozen past policies
    (:class:`agents.train.selfplay.OpponentPool`).

Observation
    As ``hydra_env/Solo-v0`` (:mod:`hydra_env.games.hydra.observe.encoding` lists every channel):
    ``Dict(board=Box(0, 1, (29, 11, 9), float32), features=Box(0, 1, (1096,),
    float32))`` or, with ``flatten=True``, ``Box(0, 1, (3967,), float32)``.
    Seats are relative to the learning seat (own hero first), so one policy
    serves every seat. Besides the board: walls, round and moon phases, phase
    and turn, the display with its tokens (which relative seat used a card),
    the own hand of action cards (used or not) and hydra cards, and per seat
    the compass place and glory gap, turn-order place, tokens left, cards
    held (counts only for other seats), city actions used, shield, in-city.

Actions and mask
    ``Discrete(1826)`` (:mod:`hydra_env.games.hydra.rules.codec`): display slots 0–9 and
    hand slots 0–2 × targets, city actions, pass, place a shoved/evading hero,
    yes/no (buckle up, follow), play hydra card 0–2, end turn. The mask
    (``env.unwrapped.action_masks()``, ``info["action_mask"]``, int8) is the engine's
    legal set of the learning seat, which is always the seat to decide when a
    step returns. Illegal actions: as in Solo-v0 (raise, or
    ``illegal_action="penalty"``).

Rewards (:mod:`hydra_env.games.hydra.envs.rewards`), at the end only
    ``"rank"`` (default): city saved: epic hero +1, then +0.5, +0.3, +0.1 by
    compass place (4 seats); city fallen: tragic hero −1, others −0.1, −0.3,
    −0.5 from first place down. ``"team"``: +1 saved, −1 fallen. ``"mixed"``:
    ``(1 − team_weight)·rank + team_weight·team``. ``"epic"``: epic hero +1,
    tragic hero −1, every other seat ±team_weight (saved / fallen).

Episode end
    ``terminated`` when the game ends (R31: early victory, the last round, or
    the last wall token); ``info["result"]`` (the ``GameResult`` as a dict),
    ``info["outcome"]`` and ``info["place"]`` (0 = first on the compass).
    ``truncated`` only with ``max_steps``.

Arguments
    ``scenario`` 1–9 (default 1), ``stars`` 1–3, ``opponents`` (see above),
    ``seat`` an int or ``"random"`` (drawn each episode from the env's
    generator; default 0), ``reward`` "rank"|"team"|"mixed"|"epic", ``team_weight``
    (0.5), ``flatten``, ``illegal_action``, ``illegal_penalty``,
    ``max_steps``, ``render_mode``, ``rule_options``, ``components`` and
    ``candidates`` (the candidate features of the learning seat's legal
    actions) as in Solo-v0.

Version history
    v0: first version (observation layout ``OBS_VERSION`` 0); the optional
    ``candidates`` observation parts (off by default) came later within v0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hydra_env.envs.bots import make_bot
from hydra_env.envs.opponents import check_opponent, opponent_entries, play_opponents, seat_argument, seat_bots
from hydra_env.errors import ConfigError
from hydra_env.games.hydra.envs.base import HydraEnv
from hydra_env.games.hydra.envs.rewards import CoopReward

__all__ = ["CoopEnv", "episode_bots", "seat_argument"]


def episode_bots(env: CoopEnv, seat: int, seeds: list[int]) -> dict[int, Any]:
    """The opponents of one episode by seat (names made by the registry of Hydra's bots,
    samplers sampled, bots as given); shared with :mod:`hydra_env.games.hydra.envs.vector.coop`."""
    return seat_bots(seat, env.players, env.opponents, seeds, make_bot, samplers_first=True)


class CoopEnv(HydraEnv):
    """The coordinated game from one seat (see the module docstring)."""

    def __init__(self, scenario: int = 1, stars: int = 1,
                 opponents: Sequence[Any] | str | Any = ("random",), seat: int | str = 0,
                 reward: str = "rank", *, team_weight: float = 0.5, **kwargs: Any) -> None:
        """Arguments as in the module docstring; ``kwargs`` go to :class:`HydraEnv`."""
        super().__init__(scenario=scenario, stars=stars, **kwargs)
        scen = self.components.scenario(self.scenario)
        if scen.solo:
            raise ConfigError(f"scenario {scenario} is a solo scenario; use hydra_env/Solo-v0")
        self.players = n = scen.players
        opponents = opponent_entries(opponents, n, f"scenario {self.scenario} has {n} seats")
        for entry in opponents:
            check_opponent(entry, "hydra")
        self.opponents = opponents
        self.seat_arg = seat_argument(seat, n)
        self.reward_scheme = CoopReward(reward, team_weight=team_weight)
        self._bots: dict[int, Any] = {}

    def _start(self, game_seed: int) -> None:
        rng = self.np_random
        n = self.players
        self.seat = int(rng.integers(n)) if self.seat_arg == "random" else self.seat_arg
        bot_seeds = [int(x) for x in rng.integers(1 << 63, size=n - 1)]
        self._bots = episode_bots(self, self.seat, bot_seeds)
        self.game = self.new_game(game_seed)
        self.reward_scheme.reset(self.game)

    def _advance(self) -> None:
        """Opponents play until the learning seat decides or the game ends. (In round
        1 every seat decides whether to buckle up before anything can end the game.)"""
        play_opponents(self.game, self.seat, self._bots)

    def _reward(self) -> float:
        return self.reward_scheme.step(self.game, self.seat)

    def _end_info(self, info: dict[str, Any]) -> None:
        super()._end_info(info)
        info["place"] = info["result"]["ranking"].index(self.seat)
