"""Warm start by imitation: the policy first learns a scripted teacher's choices.

``bc_teacher`` plays ``bc_games`` episodes of the training environment; its
decisions (episode seeds and actions) are cached under ``runs/bc_cache/``.
The episodes are then replayed in the training environment to get the
observations the policy sees (any observation format: replaying is cheap,
the teacher is not), with the discounted return that followed each
decision. The policy is trained to give the teacher's action a high
probability among the legal ones (masked cross-entropy) and its value head
to predict the returns, before PPO starts.

The replayed decisions are kept in memory (:class:`MemoryData`, about 35 KB
each with candidate rows), or, for more games than memory holds, replayed
anew in every epoch a chunk of games at a time (:class:`ReplayStream`: the
memory of one chunk, for a replay of every game in every epoch).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import torch
from stable_baselines3.common.utils import obs_as_tensor

from agents.progress import progress
from hydra_env.api.registry import default_game
from hydra_env.envs.bots import make_bot
from hydra_env.errors import ConfigError

Episodes = list[dict[str, Any]]     # [{"seed": env seed, "actions": [...]}, ...]


def play_teacher(make_env: Callable[[], Any], teacher: str, games: int, seed: int,
                 workers: int = 1, game: str | None = None) -> Episodes:
    """The teacher's decisions in ``games`` episodes; episode ``g`` uses env and
    teacher seed ``seed + g``, so the result does not depend on ``workers``.
    ``game``: the registry name of the teacher's game (default: the first
    registered game, as the tools' default)."""
    game = game or default_game()
    chunks = [list(range(i, games, workers)) for i in range(workers)]
    if workers <= 1:
        parts = [_play(make_env, teacher, chunks[0], seed, True, game)]
    else:
        import multiprocessing as mp

        from agents.backends import one_thread_worker
        with mp.get_context("spawn").Pool(workers, initializer=one_thread_worker) as pool:
            parts = pool.starmap(_play, [(make_env, teacher, c, seed, k == 0, game)
                                         for k, c in enumerate(chunks)])
    return sorted((e for part in parts for e in part), key=lambda e: e["seed"])


def _play(make_env: Callable[[], Any], teacher: str, games: list[int], seed: int,
          show: bool, game: str) -> Episodes:
    env = make_env()
    out = []
    for g in progress(games, desc=f"imitate {teacher}", unit="game", quiet=not show):
        bot = make_bot(teacher, game=game, seed=seed + g)
        env.reset(seed=seed + g)
        core, actions = env.unwrapped, []
        while True:
            a = int(bot.act(core.game.view(core.seat), core.game.legal_actions()))
            actions.append(a)
            _, _, terminated, truncated, _ = env.step(a)
            if terminated or truncated:
                break
        out.append({"seed": seed + g, "actions": actions})
    env.close()
    return out


def replay(make_env: Callable[[], Any], episodes: Episodes, gamma: float,
           show: bool = True) -> dict[str, Any]:
    """Observations, masks, actions and discounted returns of recorded episodes.

    Fixed-shape observation parts are written into arrays sized up front. A
    candidate observation's ``cand_feat`` keeps only its real rows (those of
    ``cand_index`` ≥ 0, the first ones; the rest are zero padding), a
    :class:`RaggedRows`: a decision has about 23 legal actions of the 144 rows,
    so this stores about a sixth of them; :func:`_take` pads a batch back to the
    observations the env gave."""
    env = make_env()
    total = sum(len(ep["actions"]) for ep in episodes)
    store: Any = None
    masks: Any = None
    actions = np.zeros(total, np.int64)
    returns = np.zeros(total, np.float32)
    j = 0                                    # the next decision's row
    for ep in progress(episodes, desc="replay", unit="game", quiet=not show):
        obs, info = env.reset(seed=ep["seed"])
        if store is None:
            store = _ObsStore(obs, total)
            masks = np.zeros((total, *np.shape(info["action_mask"])), bool)
        start, rewards = j, []
        for a in ep["actions"]:
            store.put(j, obs)
            masks[j], actions[j] = info["action_mask"], a
            obs, reward, terminated, truncated, info = env.step(a)
            rewards.append(reward)
            j += 1
        ret = 0.0
        for k in range(j - 1, start - 1, -1):
            ret = rewards[k - start] + gamma * ret
            returns[k] = ret
    env.close()
    return {"obs": store.result(), "masks": masks, "actions": actions, "returns": returns}


class RaggedRows:
    """The real candidate rows of many decisions: decision ``j``'s rows are
    ``parts[j]``, ``float32[count, F]``; ``width`` is the padded row count. The parts
    are kept apart (no concatenated copy: that would double the peak memory)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.parts: list[np.ndarray] = []

    def append(self, feat: np.ndarray, real: int) -> None:
        """Store the next decision's first ``real`` rows."""
        self.parts.append(np.array(feat[:real], np.float32))

    def take(self, idx: np.ndarray) -> np.ndarray:
        """Decisions ``idx`` as ``float32[len(idx), width, F]``, zero padding after each
        decision's real rows: the observations as the env gave them."""
        n_features = self.parts[0].shape[1] if self.parts else 0
        out = np.zeros((len(idx), self.width, n_features), np.float32)
        for n, j in enumerate(idx):
            part = self.parts[j]
            out[n, :len(part)] = part
        return out

    def real_rows(self) -> int:
        """The number of rows stored, over all decisions."""
        return sum(len(p) for p in self.parts)


class _ObsStore:
    """Observations written one by one into arrays of ``total`` entries."""

    def __init__(self, first: Any, total: int) -> None:
        self.is_dict = isinstance(first, dict)
        parts = first if self.is_dict else {"": first}
        self.ragged = self.is_dict and "cand_feat" in parts and "cand_index" in parts
        self.arrays = {k: np.zeros((total, *np.shape(v)), np.asarray(v).dtype)
                       for k, v in parts.items() if not (self.ragged and k == "cand_feat")}
        if self.ragged:
            self.rows = RaggedRows(np.shape(parts["cand_feat"])[0])

    def put(self, j: int, obs: Any) -> None:
        """Write decision ``j``'s observation (decisions come in order)."""
        parts = obs if self.is_dict else {"": obs}
        for k, arr in self.arrays.items():
            arr[j] = parts[k]
        if self.ragged:
            self.rows.append(parts["cand_feat"], int((np.asarray(parts["cand_index"]) >= 0).sum()))

    def result(self) -> Any:
        if not self.is_dict:
            return self.arrays[""]
        out: dict[str, Any] = dict(self.arrays)
        if self.ragged:
            out["cand_feat"] = self.rows
        return out


def save_episodes(path: Path, episodes: Episodes) -> None:
    """Store the teacher's episodes (JSON, atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".partial")
    tmp.write_text(json.dumps(episodes))
    os.replace(tmp, path)


def load_episodes(path: Path) -> Episodes | None:
    """Episodes stored by :func:`save_episodes`, or None when there are none.

    A file that cannot be read, is not JSON or does not hold episodes is a
    ConfigError naming the file and saying to delete it (the teacher's games are
    then played again)."""
    if not path.exists():
        return None
    fix = f"delete {path} and run again (the teacher's games are then played again)"
    try:
        episodes = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise ConfigError(f"imitation cache {path} cannot be read ({exc.strerror or exc}); "
                          f"{fix}") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ConfigError(f"imitation cache {path} is corrupt (not JSON: {exc}); {fix}") from None
    problem = _episodes_problem(episodes)
    if problem:
        raise ConfigError(f"imitation cache {path} is corrupt ({problem}); {fix}")
    return episodes


def _episodes_problem(episodes: Any) -> str | None:
    """What is wrong with decoded episodes, or None."""
    if not isinstance(episodes, list) or not episodes:
        return "expected a non-empty list of episodes"
    for i, episode in enumerate(episodes):
        if not isinstance(episode, dict) or set(episode) != {"seed", "actions"}:
            return f"episode {i} is not a mapping of 'seed' and 'actions'"
        actions = episode["actions"]
        if not _is_int(episode["seed"]) or not isinstance(actions, list) or not actions \
                or not all(_is_int(a) and a >= 0 for a in actions):
            return f"episode {i} needs an integer seed and a non-empty list of action indices"
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


Batch = tuple[Any, np.ndarray, np.ndarray, np.ndarray]   # observations, masks, actions, returns


class MemoryData:
    """Replayed decisions (:func:`replay`'s dict) held in memory, served in a fresh
    random order every epoch."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __len__(self) -> int:
        return len(self.data["actions"])

    def batches(self, batch_size: int, rng: np.random.Generator) -> Iterator[Batch]:
        """One epoch: every decision once, in minibatches of ``batch_size``."""
        d = self.data
        order = rng.permutation(len(self))
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            yield _take(d["obs"], idx), d["masks"][idx], d["actions"][idx], d["returns"][idx]


class ReplayStream:
    """The teacher's episodes replayed anew in every epoch, ``chunk_games`` games at a
    time: an epoch visits the games in a fresh random order and each chunk's decisions
    in a random order, so memory holds one chunk, whatever the number of games."""

    def __init__(self, make_env: Callable[[], Any], episodes: Episodes, gamma: float,
                 chunk_games: int) -> None:
        self.make_env, self.episodes, self.gamma = make_env, episodes, gamma
        self.chunk_games = chunk_games
        self.decisions = sum(len(ep["actions"]) for ep in episodes)

    def __len__(self) -> int:
        return self.decisions

    def check(self) -> None:
        """Replay every episode once, keeping nothing: an action that is not legal in
        the env raises here, before any training (:func:`replay`'s errors)."""
        env = self.make_env()
        try:
            for ep in progress(self.episodes, desc="check", unit="game"):
                env.reset(seed=ep["seed"])
                for a in ep["actions"]:
                    env.step(a)
        finally:
            env.close()

    def batches(self, batch_size: int, rng: np.random.Generator) -> Iterator[Batch]:
        """One epoch: every decision once; a chunk's last minibatch may be smaller."""
        order = rng.permutation(len(self.episodes))
        for start in range(0, len(order), self.chunk_games):
            chunk = [self.episodes[i] for i in order[start:start + self.chunk_games]]
            yield from MemoryData(replay(self.make_env, chunk, self.gamma, show=False)).batches(
                batch_size, rng)


def imitation_loss(log_prob: torch.Tensor, focal_gamma: float = 0.0) -> torch.Tensor:
    """The mean cross-entropy of the teacher's actions (``log_prob``: the policy's log-probability
    of each), each decision weighted by ``(1 - p) ** focal_gamma`` when ``focal_gamma`` > 0 (the
    focal loss of Lin et al. 2017; the weight is not differentiated): the decisions the policy
    already plays as the teacher does count less, the ones it gets wrong (often the rare kinds)
    more. ``focal_gamma`` 0 is the plain cross-entropy."""
    if focal_gamma <= 0:
        return -log_prob.mean()
    weight = (1.0 - log_prob.detach().exp()).clamp(min=0.0) ** focal_gamma
    return -(weight * log_prob).mean()


def pretrain(model: Any, source: MemoryData | ReplayStream, *, epochs: int, batch_size: int,
             learning_rate: float, seed: int, logger: Any = None,
             focal_gamma: float = 0.0) -> dict[str, float]:
    """Masked cross-entropy on the teacher's actions (focal-weighted with ``focal_gamma`` > 0,
    :func:`imitation_loss`) plus value regression, over the
    decisions of ``source``; returns the last epoch's ``bc/loss`` and ``bc/accuracy``.
    With an SB3 ``logger`` both are recorded after every epoch, at step = epoch: give it
    a TensorBoard run of its own (:func:`agents.train.tb_log.imitation_logger`), not
    PPO's, whose axis counts env steps."""
    policy = model.policy
    policy.set_training_mode(True)
    opt = policy.optimizer
    saved = [g["lr"] for g in opt.param_groups]
    for g in opt.param_groups:
        g["lr"] = learning_rate
    n = len(source)
    rng = np.random.default_rng(seed)
    stats = {"bc/loss": 0.0, "bc/accuracy": 0.0}
    for epoch in progress(range(1, epochs + 1), desc="warm start", unit="epoch"):
        hits = total = 0.0
        for obs, mask, actions, returns in source.batches(batch_size, rng):
            obs_t = obs_as_tensor(obs, policy.device)
            act_t = torch.as_tensor(actions, device=policy.device)
            ret_t = torch.as_tensor(returns, device=policy.device)
            values, log_prob, _ = policy.evaluate_actions(obs_t, act_t, action_masks=mask)
            loss = imitation_loss(log_prob, focal_gamma) + 0.5 * torch.nn.functional.mse_loss(values.flatten(), ret_t)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), model.max_grad_norm)
            opt.step()
            with torch.no_grad():
                dist = policy.get_distribution(obs_t, action_masks=mask)
                hits += float((dist.distribution.probs.argmax(dim=1) == act_t).sum())
            total += loss.item() * len(actions)
        stats = {"bc/loss": total / n, "bc/accuracy": hits / n}
        if logger is not None:
            for key, value in stats.items():
                logger.record(key, value)
            logger.dump(epoch)
    for g, lr in zip(opt.param_groups, saved):
        g["lr"] = lr
    policy.set_training_mode(False)
    return stats


def _take(obs: Any, idx: np.ndarray) -> Any:
    if isinstance(obs, dict):
        return {k: v.take(idx) if isinstance(v, RaggedRows) else v[idx] for k, v in obs.items()}
    return obs[idx]
