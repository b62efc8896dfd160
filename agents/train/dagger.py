"""DAgger after the imitation warm start: the policy plays, the teacher labels.

Imitation alone learns the teacher's choices on the positions the teacher reaches.
When the policy plays several seats of one game (a team), its small errors lead to
positions the teacher never reached, where it has learned nothing, and the errors
compound. DAgger (Ross, Gordon and Bagnell, 2011) fixes that: in each of
``dagger_rounds`` rounds the current policy plays ``dagger_games`` whole games, at
each seat with chance ``dagger_student_share`` (the other seats are the config's
``opponents``, drawn by ``opponent_weights``); at every decision of a policy seat
the teacher (``bc_teacher``) says what it would play there. Those decisions join
the teacher's own, and the policy is fitted again for ``dagger_epochs`` on all of
them. The policy's own choices are played, so the next round visits the positions
that the corrected policy reaches.

Written once for every game whose training env is the generic one-seat env
(:class:`hydra_env.envs.game_env.GameEnv`): a game is dealt as the env deals its
episodes (:meth:`~GameEnv.deal`) and each policy seat is encoded as the env encodes
its learning seat (:meth:`~GameEnv.seat_observation`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from agents.progress import progress
from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError

DAGGER_SEED = 9_000_000
"""Added to the run's seed for the DAgger games (apart from the teacher's and PPO's)."""
Row = tuple[Any, np.ndarray, int, float, bool]      # observation, mask, label, return, policy agreed


def one_seat_env(env: Any, env_id: str) -> Any:
    """The generic one-seat env under ``env``'s wrappers; ConfigError for another env."""
    core = env.unwrapped
    if not (hasattr(core, "deal") and hasattr(core, "seat_observation")):
        raise ConfigError(f"dagger_rounds needs an env built on the generic one-seat env "
                          f"(GameEnv); {env_id} is not; write dagger_rounds: 0")
    return core


def collect(model: Any, make_env: Callable[[], Any], config: Any, game: str, round_index: int,
            show: bool = True) -> dict[str, Any]:
    """One round's decisions: observations, masks, the teacher's actions and the returns
    that followed (the seat's end reward, discounted by ``gamma`` per later decision of
    that seat), and ``agreement``, the share of them where the policy played the teacher's
    action. Decisions with a single legal action are left out."""
    env = make_env()
    try:
        core = one_seat_env(env, config.env)
        names = list(config.opponents)
        weights = np.asarray(config.opponent_weights or [1.0] * len(names), float)
        weights = weights / weights.sum()
        base = config.seed + DAGGER_SEED + round_index * config.dagger_games
        rows: list[Row] = []
        for g in progress(range(config.dagger_games), desc=f"dagger round {round_index + 1}",
                          unit="game", quiet=not show):
            rows.extend(_play(model, core, config, game, names, weights, base + g))
    finally:
        env.close()
    return _stack(rows)


def _play(model: Any, core: Any, config: Any, game_name: str, names: list[str], weights: np.ndarray,
          seed: int) -> list[Row]:
    """One game; the policy seats' decisions with the teacher's labels and returns."""
    rng = np.random.default_rng(seed)
    game = core.deal(seed)
    players = int(game.num_players)
    student = rng.random(players) < config.dagger_student_share
    seeds = [int(x) for x in rng.integers(1 << 62, size=players)]
    bots = [None if student[s] else make_bot(names[int(rng.choice(len(names), p=weights))],
                                             game=game_name, seed=seeds[s]) for s in range(players)]
    teachers = [make_bot(config.bc_teacher, game=game_name, seed=seeds[s]) if student[s] else None
                for s in range(players)]
    taken: list[tuple[int, Any, np.ndarray, int, bool]] = []
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        bot = bots[seat]
        if bot is not None:
            game.apply(int(bot.act(game.view(seat), legal)))
            continue
        label = int(teachers[seat].act(game.view(seat), legal))
        obs = core.seat_observation(game, seat)
        mask = np.asarray(game.legal_mask(), bool)
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        action = int(action) if mask[int(action)] else legal[0]
        if len(legal) > 1:
            taken.append((seat, obs, mask, label, action == label))
        game.apply(action)
    return _with_returns(taken, [core.end_reward(game, s) for s in range(players)], config.gamma)


def _with_returns(taken: list[tuple[int, Any, np.ndarray, int, bool]], rewards: list[float],
                  gamma: float) -> list[Row]:
    """Each decision's return: its seat's end reward discounted by the seat's later decisions."""
    later = [0] * len(rewards)
    out = []
    for seat, obs, mask, label, agreed in reversed(taken):
        out.append((obs, mask, label, float(rewards[seat] * gamma ** later[seat]), agreed))
        later[seat] += 1
    out.reverse()
    return out


def _stack(rows: list[Row]) -> dict[str, Any]:
    if not rows:
        return {"obs": None, "masks": None, "actions": np.zeros(0, np.int64),
                "returns": np.zeros(0, np.float32), "agreement": 0.0}
    first = rows[0][0]
    if isinstance(first, dict):
        obs: Any = {k: np.stack([r[0][k] for r in rows]) for k in first}
    else:
        obs = np.stack([r[0] for r in rows]).astype(np.float32, copy=False)
    return {"obs": obs, "masks": np.stack([r[1] for r in rows]),
            "actions": np.asarray([r[2] for r in rows], np.int64),
            "returns": np.asarray([r[3] for r in rows], np.float32),
            "agreement": float(np.mean([r[4] for r in rows]))}


class MixedSource:
    """Several sources of decisions (the teacher's, each DAgger round's) served as one: an
    epoch visits every decision of every source once, the sources' minibatches interleaved
    in a random order (drawn in proportion to what each has left)."""

    def __init__(self, sources: list[Any]) -> None:
        self.sources = [s for s in sources if len(s)]

    def __len__(self) -> int:
        return sum(len(s) for s in self.sources)

    def batches(self, batch_size: int, rng: np.random.Generator) -> Iterator[Any]:
        """One epoch over every source."""
        streams = [iter(s.batches(batch_size, rng)) for s in self.sources]
        left = [float(len(s)) for s in self.sources]
        while streams:
            k = int(rng.choice(len(streams), p=np.asarray(left) / sum(left)))
            batch = next(streams[k], None)
            if batch is None:
                del streams[k], left[k]
                continue
            left[k] = max(left[k] - len(batch[2]), 1e-9)
            yield batch


def run_rounds(model: Any, config: Any, game: str, make_env: Callable[[], Any], teacher_source: Any,
               fit: Callable[[Any, int], dict[str, float]]) -> list[dict[str, float]]:
    """The DAgger rounds after the warm start: each round's games (:func:`collect`), then
    ``fit(source, epochs)`` on the teacher's decisions and every round's so far; the figures
    of each round (its decisions, the policy's agreement with the teacher on them, the fit's
    loss and accuracy)."""
    from agents.train.bc import MemoryData
    sources = [teacher_source]
    figures = []
    for r in range(config.dagger_rounds):
        data = collect(model, make_env, config, game, r)
        agreement = data.pop("agreement")
        sources.append(MemoryData(data))
        stats = fit(MixedSource(sources), config.dagger_epochs)
        figures.append({"round": r + 1, "decisions": len(data["actions"]), "agreement": agreement, **stats})
        print(f"dagger round {r + 1}: {len(data['actions'])} decisions, the policy agreed with "
              f"{config.bc_teacher} on {agreement:.1%}; fit loss {stats['bc/loss']:.3f}, "
              f"accuracy {stats['bc/accuracy']:.1%}")
    return figures
