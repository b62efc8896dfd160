"""Reward schemes of the environments (solo and coordinated), documented here once.

Solo (``hydra_env/Solo-v0``, PettingZoo solo scenarios):

``"score"`` (default)
    0 on every step; at the end: a won game gives ``score / 100`` (R39; the
    shipped scenarios score at most about 110, so about [0, 1.1]); a lost game
    gives ``-loss_penalty`` (default −1, below every won game's reward).

``"shaped"``
    The terminal reward above plus potential-based shaping
    ``F = gamma · Φ(s') − Φ(s)`` on every step, with::

        Φ(s) = scale · (walls − necks − heads) / 100        (Φ = 0 at the end)

    necks: neck tiles on the board (the sum of head positions), heads: the sum
    of head counters, walls: wall tokens left — the terms of the R39 score
    that change during play. With ``gamma = 1`` (default) the shaping terms of
    an episode add up to ``Φ(end) − Φ(start) = −Φ(start)``, a constant fixed
    by the setup, so the return of every policy moves by the same amount and
    the optimal policy is unchanged (Ng, Harada & Russell 1999). When the
    learner discounts with γ < 1, pass the same value as ``shaping_gamma``:
    only ``F = γΦ(s') − Φ(s)`` keeps the optimal policy of the discounted
    problem unchanged; a mismatched γ makes the shaping a (small) bias.

Coordinated (``hydra_env/Coop-v0``, PettingZoo coordinated scenarios), at the
end only (0 on every other step). Places are compass places at the end (R22):

``"rank"`` (default)
    City saved: epic hero (1st) +1, 2nd +0.5, then down to +0.1 for the last;
    city fallen: tragic hero (last) −1, 1st −0.1, then down to −0.5 for the
    next-to-last. For 4 seats::

        place        1      2      3      4
        won        +1.0   +0.5   +0.3   +0.1
        lost       −0.1   −0.3   −0.5   −1.0

    (3 seats: won 1, 0.5, 0.1; lost −0.1, −0.5, −1. 2 seats: won 1, 0.5;
    lost −0.1, −1.) Every place of a saved city is worth more than every place
    of a fallen one, so the team goal comes first and glory second.

``"team"``
    +1 when the city is saved, −1 when it falls (every seat alike).

``"mixed"``
    ``(1 − w) · rank + w · team`` with ``w = team_weight`` (default 0.5).

``"epic"``
    The titles alone: the epic hero +1, the tragic hero −1; every other seat
    gets ``w · team`` (+w when the city is saved, −w when it falls). Only first
    place of a saved city is worth more than the team's share, so it rewards
    the race for glory harder than ``"rank"`` (whose 2nd place of a saved city
    is worth 0.5), while ``w`` keeps the city worth defending.
"""

from __future__ import annotations

from typing import Any

from hydra_env import arguments
from hydra_env.errors import ConfigError

SOLO_REWARDS = ("score", "shaped")
COOP_REWARDS = ("rank", "team", "mixed", "epic")


def rank_value(place: int, players: int, won: bool) -> float:
    """``"rank"`` reward of compass place ``place`` (0 = first) among ``n`` seats."""
    if players <= 1:
        return 1.0 if won else -1.0
    if won:
        if place == 0:
            return 1.0
        if players == 2:
            return 0.5
        return round(0.5 - 0.4 * (place - 1) / (players - 2), 6)
    if place == players - 1:
        return -1.0
    if players == 2:
        return -0.1
    return round(-0.1 - 0.4 * place / (players - 2), 6)


def potential(state: Any, scale: float = 1.0) -> float:
    """Φ of the shaped solo reward (0 once the game is over)."""
    if state.game_over:
        return 0.0
    return scale * (state.walls - sum(state.head_position) - sum(state.head_count)) / 100.0


class SoloReward:
    """The solo reward of one episode (see the module docstring)."""

    def __init__(self, kind: str = "score", *, loss_penalty: float = 1.0,
                 shaping_scale: float = 1.0, shaping_gamma: float = 1.0) -> None:
        """``kind``: "score" or "shaped"."""
        self.kind = arguments.choice("reward", kind, SOLO_REWARDS,
                                     fix="pass 'score' or 'shaped' (solo scenarios)")
        self.loss_penalty = arguments.number("loss_penalty", loss_penalty)
        self.scale = arguments.number("shaping_scale", shaping_scale)
        self.gamma = arguments.number("shaping_gamma", shaping_gamma, low=0.0, high=1.0)
        self._phi = 0.0

    def reset(self, game: Any) -> None:
        """Start an episode."""
        self._phi = potential(game.state, self.scale) if self.kind == "shaped" else 0.0

    def step(self, game: Any) -> float:
        """The reward of the transition that led to ``game``'s current state."""
        r = 0.0
        if self.kind == "shaped":
            phi = potential(game.state, self.scale)
            r = self.gamma * phi - self._phi
            self._phi = phi
        if game.is_over:
            r += self.terminal(game)
        return float(r)

    def terminal(self, game: Any) -> float:
        """The end-of-game reward: score / 100 when won, −loss_penalty when lost."""
        res = game.result()
        if res.outcome == "won":
            return res.score / 100.0
        return -self.loss_penalty


class CoopReward:
    """The coordinated reward of each seat (see the module docstring)."""

    def __init__(self, kind: str = "rank", *, team_weight: float = 0.5) -> None:
        """``kind``: "rank", "team", "mixed" or "epic"."""
        self.kind = arguments.choice("reward", kind, COOP_REWARDS,
                                     fix="pass 'rank', 'team', 'mixed' or 'epic' (coordinated "
                                         "scenarios)")
        self.w = arguments.number("team_weight", team_weight, low=0.0, high=1.0)

    def reset(self, game: Any) -> None:
        """Start an episode (nothing to remember)."""

    def terminal(self, game: Any, seat: int) -> float:
        """The end-of-game reward of ``seat``."""
        res = game.result()
        won = res.outcome == "won"
        team = 1.0 if won else -1.0
        if self.kind == "team":
            return team
        if self.kind == "epic":
            if seat == (res.epic_hero if won else res.tragic_hero):     # R31's titles
                return 1.0 if won else -1.0
            return self.w * team
        rank = rank_value(res.ranking.index(seat), len(res.ranking), won)
        if self.kind == "rank":
            return rank
        return (1.0 - self.w) * rank + self.w * team

    def step(self, game: Any, seat: int) -> float:
        """The reward of ``seat`` for the transition that led to ``game``'s state."""
        return self.terminal(game, seat) if game.is_over else 0.0


SOLO_OPTIONS = ("loss_penalty", "shaping_scale", "shaping_gamma")
COOP_OPTIONS = ("team_weight",)


def make_reward(solo: bool, kind: str | None, **kwargs: Any) -> SoloReward | CoopReward:
    """The reward scheme of a game mode; ``kind`` None picks the default.

    An option of the other mode (``team_weight`` in a solo game,
    ``loss_penalty`` in a coordinated one) is refused with a ConfigError,
    not ignored."""
    mine, other, mode = (SOLO_OPTIONS, COOP_OPTIONS, "solo") if solo else \
        (COOP_OPTIONS, SOLO_OPTIONS, "coordinated")
    for name in kwargs:
        if name not in mine:
            what = "an option of the other game mode" if name in other else "not a reward option"
            raise ConfigError(f"{name} cannot apply to a {mode} scenario ({what}); the {mode} "
                              f"reward options are {', '.join(mine)}")
    if solo:
        return SoloReward("score" if kind is None else kind, **kwargs)
    return CoopReward("rank" if kind is None else kind, **kwargs)
