"""Whole games where every seat of one team is the learning policy, played in lockstep.

PPO on the one-seat env learns from one seat of a game. In a team game (every seat of a
team gets the team's reward) the learner's seat is then one of several whose choices
decide that reward, and its teammates are bots or frozen copies: the reward moves little
with its own choices, and the policy is trained beside teammates it will not have once
every seat of the team plays it. Here every seat of the learning team is the current
policy (one network, shared parameters, the MAPPO way): each game gives one trajectory
per learning seat, all with the team's reward, and the team the policy is judged as is
the team it is trained as.

``play_games`` deals a batch of games as the one-seat env deals its episodes
(:meth:`GameEnv.deal`), picks each game's learning team among the env's
:meth:`GameEnv.teams`, seats bots at the other seats, and plays all the games at once:
each round, the bots move until a learning seat decides, then one forward pass of the
policy decides for every game that waits on a learning seat. The decisions with more
than one legal action are kept with what PPO needs (observation, mask, action, its
log-probability, the value estimate); every learning seat's trajectory ends with its end
reward (:meth:`GameEnv.end_reward`). With ``team_seats`` each trajectory also records its
seat's team features at the deal (:func:`agents.train.team_critic.team_features`), which
the team critic reads. With a teacher (``make_teacher``), a bot per learning
seat says at each kept decision what it would play there (its label, for the teacher
term of the update: kickstarting, Schmitt et al., 2018); the policy's own choice is played.

Written once for every game whose training env is the generic one-seat env; a game with
teams says which seats form them by overriding ``teams``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from agents.train.team_critic import TeamCritic, team_features, values_with_teams


@dataclass
class Trajectory:
    """One learning seat's kept decisions in one game, in order, and its end reward."""

    game: int
    seat: int
    steps: list[tuple[np.ndarray, np.ndarray, int, float, float, int]] = field(default_factory=list)
    """Per kept decision: observation, mask, action, its log-probability, the value estimate
    and the teacher's action there (-1 without a teacher)."""
    reward: float = 0.0
    team_features: np.ndarray | None = None
    """The seat's :func:`~agents.train.team_critic.team_features` (with ``team_seats``)."""


@dataclass
class GameBatch:
    """The decisions of a batch of games, flat, with each one's trajectory boundaries."""

    obs: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    log_probs: np.ndarray
    values: np.ndarray
    advantages: np.ndarray
    returns: np.ndarray
    labels: np.ndarray
    """The teacher's action at each decision (-1 without a teacher)."""
    team_rewards: list[float]
    """Per game, the learning team's end reward."""
    learner_teams: list[int]
    """Per game, the index of the learning team among the env's ``teams``."""
    team_features: np.ndarray | None = None
    """Per decision, its seat's team features (for the team critic), or None."""

    def __len__(self) -> int:
        return len(self.actions)


def _forward(policy: Any, obs: np.ndarray, masks: np.ndarray, deterministic: bool
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The policy's actions, log-probabilities and values for a stack of positions."""
    with torch.no_grad():
        tensor = torch.as_tensor(obs, device=policy.device)
        actions, values, log_probs = policy(tensor, deterministic=deterministic, action_masks=masks)
    return actions.cpu().numpy(), log_probs.cpu().numpy(), values.flatten().cpu().numpy()


@dataclass
class PlayedGames:
    """What :func:`play_games` returns: the learning seats' trajectories and, per game, the
    learning team's end reward, its index among the env's teams and the player count."""

    trajectories: list[Trajectory]
    team_rewards: list[float]
    learner_teams: list[int]
    players: list[int]


def play_games(policy: Any, core: Any, seeds: Sequence[int], learner_team: Callable[[np.random.Generator, int], int],
               make_opponent: Callable[[np.random.Generator, int], Any], *, deterministic: bool = False,
               make_teacher: Callable[[int], Any] | None = None, team_seats: int = 0) -> PlayedGames:
    """Play one game per seed, every seat of its learning team the policy.

    ``core``: the generic one-seat env (deal, seat_observation, end_reward, teams);
    ``learner_team(rng, number_of_teams)``: the learning team's index for a game;
    ``make_opponent(rng, seed)``: the bot for one other seat;
    ``make_teacher(seed)``: a bot per learning seat that labels its kept decisions;
    ``team_seats``: above 0, record each learning seat's team features for that many seats."""
    games, bots, trajectories, teams_chosen, teachers = [], [], {}, [], {}
    for g, seed in enumerate(seeds):
        rng = np.random.default_rng([int(seed), 1])
        game = core.deal(int(seed))
        teams = core.teams(game)
        chosen = int(learner_team(rng, len(teams)))
        learners = set(teams[chosen])
        if not learners:
            raise ValueError(f"game {seed}: its team {chosen} has no seat, so no learning seat; "
                             f"choose another learning team")
        seat_seeds = [int(x) for x in rng.integers(1 << 62, size=int(game.num_players))]
        bots.append({s: make_opponent(rng, seat_seeds[s]) for s in range(int(game.num_players))
                     if s not in learners})
        for s in sorted(learners):
            trajectories[(g, s)] = Trajectory(g, s)
            if team_seats:
                trajectories[(g, s)].team_features = team_features(teams, s, int(game.num_players), team_seats)
            if make_teacher is not None:
                teachers[(g, s)] = make_teacher(seat_seeds[s])
        games.append(game)
        teams_chosen.append(chosen)
    while True:
        waiting = []
        for g, game in enumerate(games):
            while not game.is_over and game.current_player in bots[g]:
                seat = game.current_player
                game.apply(int(bots[g][seat].act(game.view(seat), game.legal_actions())))
            if not game.is_over:
                waiting.append(g)
        if not waiting:
            break
        seats = [int(games[g].current_player) for g in waiting]
        obs = np.stack([core.seat_observation(games[g], s) for g, s in zip(waiting, seats)]).astype(np.float32)
        masks = np.stack([np.asarray(games[g].legal_mask(), bool) for g in waiting])
        actions, log_probs, values = _forward(policy, obs, masks, deterministic)
        for k, (g, seat) in enumerate(zip(waiting, seats)):
            action = int(actions[k])
            if masks[k].sum() > 1:
                teacher = teachers.get((g, seat))
                label = -1 if teacher is None else int(teacher.act(games[g].view(seat), games[g].legal_actions()))
                trajectories[(g, seat)].steps.append((obs[k], masks[k], action, float(log_probs[k]),
                                                      float(values[k]), label))
            games[g].apply(action)
    team_rewards: dict[int, float] = {}
    for (g, seat), trajectory in trajectories.items():
        trajectory.reward = float(core.end_reward(games[g], seat))
        team_rewards.setdefault(g, trajectory.reward)
    return PlayedGames(list(trajectories.values()), [team_rewards[g] for g in range(len(games))], teams_chosen,
                       [int(game.num_players) for game in games])


def advantages(trajectory: Trajectory, gamma: float, lam: float,
               values: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """GAE(``lam``) advantages and returns of one trajectory whose only reward is its end
    reward, after its last kept decision (the value after it is 0: the game is over); the
    value estimates are the steps' own unless ``values`` are given."""
    values = np.asarray([step[4] for step in trajectory.steps] if values is None else values, np.float64)
    n = len(values)
    adv = np.zeros(n, np.float64)
    running = 0.0
    for t in reversed(range(n)):
        reward, next_value = (trajectory.reward, 0.0) if t == n - 1 else (0.0, values[t + 1])
        delta = reward + gamma * next_value - values[t]
        running = delta + gamma * lam * running
        adv[t] = running
    return adv.astype(np.float32), (adv + values).astype(np.float32)


def group_advantages(trajectory: Trajectory, team_rewards: Sequence[float], group: int
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Advantages and returns of one trajectory whose game is one of ``group`` games played
    from the same deal (games ``group * k`` to ``group * k + group - 1`` of the batch): at every
    decision, its end reward minus the mean of the other games' rewards of that deal (a
    leave-one-out baseline: RLOO, Kool et al., 2019; the duplicate tables of bridge). What the
    deal gives every game alike (the cards, the roles, the draw order) cancels, and a deal whose
    games all end alike teaches nothing. The returns are the end reward (the value's target)."""
    first = (trajectory.game // group) * group
    others = [team_rewards[g] for g in range(first, first + group) if g != trajectory.game]
    n = len(trajectory.steps)
    return (np.full(n, trajectory.reward - float(np.mean(others)), np.float32),
            np.full(n, trajectory.reward, np.float32))


def collect(policy: Any, core: Any, seeds: Sequence[int], learner_team: Callable[[np.random.Generator, int], int],
            make_opponent: Callable[[np.random.Generator, int], Any], gamma: float, lam: float,
            make_teacher: Callable[[int], Any] | None = None, critic: TeamCritic | None = None,
            group: int = 1) -> GameBatch:
    """A batch of games (:func:`play_games`, the policy sampling its actions) flattened for
    PPO, with every decision's GAE advantage and return (and the teacher's label). With a
    team ``critic`` (:class:`agents.train.team_critic.TeamCritic`) the advantages and returns
    come from its values, which know every seat's team. With ``group`` above 1 the seeds come
    in runs of ``group`` equal ones, and the advantages are :func:`group_advantages` instead."""
    if group > 1 and (len(seeds) % group or any(len(set(seeds[k:k + group])) != 1
                                                for k in range(0, len(seeds), group))):
        raise ValueError(f"group {group}: the seeds must come in runs of {group} equal ones")
    played = play_games(policy, core, seeds, learner_team, make_opponent, make_teacher=make_teacher,
                        team_seats=critic.seats if critic is not None else 0)
    trajectories = [t for t in played.trajectories if t.steps]
    steps = [step for t in trajectories for step in t.steps]
    if not steps:
        raise RuntimeError("the learning seats made no decision with more than one legal action")
    obs = np.stack([s[0] for s in steps])
    values = np.asarray([s[4] for s in steps], np.float32)
    features = None
    if critic is not None:
        features = np.concatenate([np.repeat(t.team_features[None], len(t.steps), 0) for t in trajectories])
        values = values_with_teams(policy, critic, obs, features)
    bounds = np.cumsum([0] + [len(t.steps) for t in trajectories])
    if group > 1:
        gae = [group_advantages(t, played.team_rewards, group) for t in trajectories]
    else:
        gae = [advantages(t, gamma, lam, values[a:b]) for t, a, b in zip(trajectories, bounds[:-1], bounds[1:])]
    return GameBatch(obs=obs, masks=np.stack([s[1] for s in steps]),
                     actions=np.asarray([s[2] for s in steps], np.int64),
                     log_probs=np.asarray([s[3] for s in steps], np.float32), values=values,
                     advantages=np.concatenate([a for a, _ in gae]), returns=np.concatenate([r for _, r in gae]),
                     labels=np.asarray([s[5] for s in steps], np.int64),
                     team_rewards=played.team_rewards, learner_teams=played.learner_teams, team_features=features)
