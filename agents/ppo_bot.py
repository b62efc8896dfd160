"""``ppo:PATH`` / ``ppo:NAME``: a trained MaskablePPO policy as a bot.

``ppo:path/to/model.zip`` loads a checkpoint; ``ppo:solo-default`` and
``ppo:coop-default`` are the small policies shipped in ``agents/policies/``
(with the command and config that produced them beside them); names are also
looked up in the folders other packages declare in the entry-point group
``hydra_env.policies``. The bot encodes its seat's observation exactly as the
environments do and plays the most probable legal action (or samples, with
``deterministic=False``).

To run a policy in its env instead, with plain stable-baselines3::

    from sb3_contrib import MaskablePPO
    from hydra_env.envs import find_policy, make_env_for   # (defined in hydra_env.envs.policy_env)
    env = make_env_for("solo-default")          # the env recorded with the policy
    model = MaskablePPO.load(find_policy("solo-default"), env=env)
"""

from __future__ import annotations

import os
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from hydra_env import ConfigError, SeatView

POLICY_DIR = Path(__file__).resolve().parent / "policies"
# Loaded without the training-time schedules (not needed to act; avoids pickle issues).
_CUSTOM_OBJECTS = {"learning_rate": 0.0, "lr_schedule": lambda _: 0.0, "clip_range": lambda _: 0.0}


def shipped_policies() -> list[str]:
    """Names of the policies shipped with the package (and declared by others)."""
    from hydra_env.envs.policy_env import policy_names
    return sorted({p.stem for p in POLICY_DIR.glob("*.zip")} | set(policy_names()))


def resolve_policy(spec: str) -> Path:
    """The checkpoint file of ``NAME`` (shipped) or ``PATH``; ConfigError if missing."""
    if (POLICY_DIR / f"{spec}.zip").is_file():
        return POLICY_DIR / f"{spec}.zip"
    path = Path(spec)
    if path.is_dir() and (path / "best_model.zip").is_file():
        return path / "best_model.zip"       # a run folder
    if not path.is_file() and path.suffix != ".zip":
        from hydra_env.envs.policy_env import find_policy, policy_names
        if spec in policy_names():
            return find_policy(spec)         # declared by another package
    if not path.is_file():
        raise ConfigError(f"PPO policy {spec!r} not found: give a .zip checkpoint, a run folder or "
                          f"a shipped name ({', '.join(shipped_policies()) or 'none shipped'})")
    return path


def one_thread_inference() -> None:
    """Run torch on one CPU thread in this process (unless ``HYDRA_ENV_TORCH_THREADS`` says
    otherwise). A bot scores one position at a time with a small network: torch's default
    of one thread per core gains little there (on 2 idle cores 10% of wall time for 1.7x the
    CPU), and on busy cores (evaluation workers, other jobs) its threads wait on each other:
    8.7x the CPU and 5.5x the wall time per decision of ``ppo:solo-default``
    (``benchmarks/bench_policy.py --busy 2``). The trainer sets its own ``torch_threads``;
    a pool's worker processes always take one (:func:`agents.backends.one_thread_worker`)."""
    import torch
    wanted = os.environ.get("HYDRA_ENV_TORCH_THREADS", "").strip()
    if wanted and not (wanted.isdigit() and int(wanted) > 0):
        raise ConfigError(f"HYDRA_ENV_TORCH_THREADS={wanted!r} is not a positive integer; "
                          f"unset it (one thread) or set it to e.g. 1 or 2")
    threads = int(wanted) if wanted else 1
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


@lru_cache(maxsize=8)
def load_model(path: str, device: str = "cpu") -> Any:
    """Load a MaskablePPO checkpoint (cached); ConfigError naming the file if it is corrupt."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        raise ConfigError("ppo: agents need the training extra: pip install 'hydra-env[train]'") from exc
    if not zipfile.is_zipfile(path):
        raise ConfigError(f"PPO checkpoint {path} is not a valid .zip file (truncated or not a "
                          f"checkpoint); use a checkpoint saved by `hydra-env train`")
    one_thread_inference()
    try:
        return MaskablePPO.load(path, device=device, custom_objects=_CUSTOM_OBJECTS)
    except Exception as exc:  # SB3 raises many kinds for a bad archive
        raise ConfigError(f"cannot load PPO checkpoint {path}: {type(exc).__name__}: {exc}") from None


class PPOBot:
    """A trained policy playing through the bot interface."""

    name = "ppo"
    keep_notes = False          # agents.base: notes = the policy's probability of each legal action
    last_notes = None

    def __init__(self, policy: str, seed: int | None = None, *, deterministic: bool = True,
                 device: str = "cpu") -> None:
        """``policy``: a shipped name, a checkpoint path or a run folder."""
        from gymnasium import spaces

        from hydra_env.envs.encoding import encoder_for
        self.path = resolve_policy(policy)
        self.model = load_model(str(self.path), device)
        space = self.model.observation_space
        self.dict_obs = isinstance(space, spaces.Dict)
        self.n_candidates = space["cand_feat"].shape[0] if self.dict_obs and "cand_feat" in \
            space.spaces else 0
        self.flat_part = self.dict_obs and "obs" in space.spaces
        self._cand: Any = None
        self.encoder = encoder_for()
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        expected = self.encoder.size if not self.dict_obs else None
        if expected is not None and space.shape != (expected,):
            raise ConfigError(f"PPO checkpoint {self.path} expects observations of shape "
                              f"{self.model.observation_space.shape}, this encoder makes ({expected},)")

    def observation(self, view: SeatView) -> Any:
        """The seat's observation, encoded as the environments encode it."""
        # hidden cards re-dealt: the encoding never reads them
        return self.encode(view.sample(self.rng), view.seat)

    def encode(self, game: Any, seat: int) -> Any:
        """The observation of ``seat`` in ``game`` (a re-deal from the seat's view, or a
        position simulated from one), encoded as the environments encode it."""
        if not self.dict_obs:
            return self.encoder.encode(game, seat)
        flat = self.encoder.encode(game, seat)
        obs = {"obs": flat} if self.flat_part else self.encoder.split(flat)
        if self.n_candidates:
            from hydra_env.envs.candidates import CandidateEncoder
            if self._cand is None or self._cand.rules is not game.rules:
                self._cand = CandidateEncoder(game.rules, self.n_candidates)
            obs["cand_feat"], obs["cand_index"] = self._cand.encode(game, seat)
        return obs

    def act(self, view: SeatView, legal_actions: list[int]) -> int:
        """The policy's choice among the legal actions."""
        obs = self.observation(view)
        mask = view.legal_mask()
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        self.last_notes = self.probabilities(obs, mask, legal_actions) if self.keep_notes else None
        action = int(action)
        if not mask[action]:   # cannot happen with masking; never return an illegal action
            action = legal_actions[0]
        return action

    def probabilities(self, obs: Any, mask: Any, legal_actions: list[int]) -> dict | None:
        """The policy's action probabilities (masked) as notes; draws nothing at random."""
        from agents.base import make_notes
        probs = self.action_probs(obs, mask)
        return make_notes("probs", [(a, probs[a]) for a in legal_actions], "policy probability")

    def action_probs(self, obs: Any, mask: Any) -> np.ndarray:
        """The policy's probability of every action index (0 where ``mask`` is 0)."""
        import torch
        policy = self.model.policy
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(obs)
            dist = policy.get_distribution(tensor, action_masks=np.asarray(mask)[None])
            return dist.distribution.probs[0].cpu().numpy()

    def values(self, observations: list[Any]) -> np.ndarray:
        """The value head on a batch of observations (one forward pass): ``float[n]``."""
        import torch
        policy = self.model.policy
        if isinstance(observations[0], dict):
            batch: Any = {k: np.stack([o[k] for o in observations]) for k in observations[0]}
        else:
            batch = np.stack(observations)
        with torch.no_grad():
            tensor, _ = policy.obs_to_tensor(batch)
            return policy.predict_values(tensor)[:, 0].cpu().numpy().astype(np.float64)

    def __repr__(self) -> str:
        return f"PPOBot({str(self.path)!r})"
