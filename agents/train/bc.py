"""Warm start by imitation: the policy first learns a scripted teacher's choices.

``bc_teacher`` plays ``bc_games`` episodes of the training environment; every
decision of the learning seat is kept (observation, mask, the teacher's
action, the discounted return that followed). The policy is then trained to
give the teacher's action a high probability among the legal ones (masked
cross-entropy) and its value head to predict the returns, before PPO starts.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any, Callable

import numpy as np
import torch
from stable_baselines3.common.utils import obs_as_tensor
from tqdm import tqdm

from agents.registry import make_bot


def collect(make_env: Callable[[], Any], teacher: str, games: int, seed: int,
            gamma: float, workers: int = 1) -> dict[str, Any]:
    """Teacher decisions of ``games`` episodes: obs, masks, actions, returns.

    Episode ``g`` uses env seed and teacher seed ``seed + g``, so the data do
    not depend on ``workers`` (processes playing episodes in parallel).
    """
    chunks = [list(range(i, games, workers)) for i in range(workers)]
    if workers <= 1:
        parts = [_collect_games(make_env, teacher, chunks[0], seed, gamma, True)]
    else:
        import multiprocessing as mp
        with mp.get_context("spawn").Pool(workers) as pool:
            parts = pool.starmap(_collect_games, [(make_env, teacher, c, seed, gamma, k == 0)
                                                  for k, c in enumerate(chunks)])
    order = sorted((g, k, i) for k, part in enumerate(parts) for i, g in enumerate(part["game"]))
    pick = [(k, i) for _, k, i in order]

    def cat(key: str) -> Any:
        first = parts[0][key]
        if isinstance(first, dict):
            return {n: np.stack([parts[k][key][n][i] for k, i in pick]) for n in first}
        return np.stack([parts[k][key][i] for k, i in pick])
    return {key: cat(key) for key in ("obs", "masks", "actions", "returns")}


def _collect_games(make_env: Callable[[], Any], teacher: str, games: list[int], seed: int,
                   gamma: float, show: bool) -> dict[str, Any]:
    env = make_env()
    obs_list: list[Any] = []
    masks, actions, returns, game_of = [], [], [], []
    for g in tqdm(games, desc=f"imitate {teacher}", unit="game", dynamic_ncols=True,
                  disable=not show):
        bot = make_bot(teacher, seed=seed + g)
        obs, info = env.reset(seed=seed + g)
        rewards = []
        while True:
            core = env.unwrapped
            a = bot.act(core.game.view(core.seat), core.game.legal_actions())
            obs_list.append(obs)
            masks.append(info["action_mask"])
            actions.append(a)
            game_of.append(g)
            obs, reward, terminated, truncated, info = env.step(a)
            rewards.append(reward)
            if terminated or truncated:
                break
        ret, out = 0.0, []
        for r in reversed(rewards):
            ret = r + gamma * ret
            out.append(ret)
        returns.extend(reversed(out))
    env.close()
    if obs_list and isinstance(obs_list[0], dict):
        obs_arr: Any = {k: np.stack([o[k] for o in obs_list]) for k in obs_list[0]}
    else:
        obs_arr = np.stack(obs_list)
    # Keyed by (game, step) order so parts from several workers merge deterministically.
    return {"obs": obs_arr, "masks": np.stack(masks), "actions": np.asarray(actions),
            "returns": np.asarray(returns, np.float32), "game": game_of}


def save_cache(path: Path, data: dict[str, Any]) -> None:
    """Store collected teacher data (atomically)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".partial")
    small = dict(data, obs=_astype(data["obs"], np.float16))   # observations are 0/1 or k/6 ...
    with open(tmp, "wb") as fh:
        pickle.dump(small, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def load_cache(path: Path) -> dict[str, Any] | None:
    """Teacher data stored by :func:`save_cache`, or None."""
    if not path.is_file():
        return None
    with open(path, "rb") as fh:
        data = pickle.load(fh)
    return dict(data, obs=_astype(data["obs"], np.float32))


def _astype(obs: Any, dtype: Any) -> Any:
    if isinstance(obs, dict):
        return {k: v.astype(dtype) for k, v in obs.items()}
    return obs.astype(dtype)


def pretrain(model: Any, data: dict[str, Any], *, epochs: int, batch_size: int,
             learning_rate: float, seed: int) -> dict[str, float]:
    """Masked cross-entropy on the teacher's actions plus value regression."""
    policy = model.policy
    policy.set_training_mode(True)
    opt = policy.optimizer
    saved = [g["lr"] for g in opt.param_groups]
    for g in opt.param_groups:
        g["lr"] = learning_rate
    n = len(data["actions"])
    rng = np.random.default_rng(seed)
    stats = {"bc/loss": 0.0, "bc/accuracy": 0.0}
    for _ in tqdm(range(epochs), desc="warm start", unit="epoch", dynamic_ncols=True):
        order = rng.permutation(n)
        hits = total = 0.0
        for start in range(0, n, batch_size):
            idx = order[start:start + batch_size]
            obs = _take(data["obs"], idx)
            obs_t = obs_as_tensor(obs, policy.device)
            act_t = torch.as_tensor(data["actions"][idx], device=policy.device)
            mask = data["masks"][idx]
            ret_t = torch.as_tensor(data["returns"][idx], device=policy.device)
            values, log_prob, _ = policy.evaluate_actions(obs_t, act_t, action_masks=mask)
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values.flatten(), ret_t)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), model.max_grad_norm)
            opt.step()
            with torch.no_grad():
                dist = policy.get_distribution(obs_t, action_masks=mask)
                pred = dist.distribution.probs.argmax(dim=1)
                hits += float((pred == act_t).sum())
            total += loss.item() * len(idx)
        stats = {"bc/loss": total / n, "bc/accuracy": hits / n}
    for g, lr in zip(opt.param_groups, saved):
        g["lr"] = lr
    policy.set_training_mode(False)
    return stats


def _take(obs: Any, idx: np.ndarray) -> Any:
    if isinstance(obs, dict):
        return {k: v[idx] for k, v in obs.items()}
    return obs[idx]
