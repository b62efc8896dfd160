"""A league on RLlib: trainable members as RLlib modules, frozen members as in-env bots.

The trainable members are the modules of a multi-agent PPOConfig
(:func:`agents.rllib.config.ppo_config` with ``multi_agent=``: one shared module, or one per
learning seat). :meth:`League.add` freezes one of them: its module (the env runners'
inference-only copy: no value head) is saved into the league folder as
``member_NNNN/`` (RLlib's ``save_to_path``, renamed into place when complete). The seats
that do not learn draw their players from the league through :class:`LeagueOpponents`, a
sampler for :class:`agents.rllib.multi_agent.SeatsMultiAgentEnv`'s ``others``: each episode
one member (uniformly, or ``fallback`` bot while the league is empty), loaded lazily from its
folder the first time a process needs it and kept in that process's cache
(:class:`FrozenCache`, least recently used first out), frozen (eval mode, no gradients)::

    league = League("runs/league")
    others = LeagueOpponents("runs/league", game="heroica", fallback="random", cache_size=4)
    config = ppo_config(multi_agent={"game": "heroica", "params": {"num_players": 2},
                                     "learning_seats": [0], "others": others})
    algo = config.build_algo()
    for _ in range(3):
        algo.train()
        league.add(algo.get_module(SHARED_MODULE))

The env runners read the league folder at each episode: a member added between two
iterations joins the next episodes without a message to the workers (on a cluster, the folder
must be on storage every node sees).

**Memory budget per worker**: the frozen members an env-runner process holds are at most
``cache_size`` modules, each about its parameters' bytes (:func:`member_bytes`: 4 bytes a
float; an inference-only member has no value head). Measured for Heroica's race (1,288
observations, 106 actions) with ``fcnet_hiddens: [256, 256]``: 423,018 parameters, 1.69 MB,
and the process grew by 1.65 MB per member loaded (RSS, 8 members; 24 ms of CPU to load one),
so ``cache_size: 8`` costs ~14 MB per env runner. A member evicted from the cache is read
from disk again when drawn.
"""

from __future__ import annotations

import os
import shutil
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from hydra_env.errors import ConfigError

__all__ = ["FrozenCache", "League", "LeagueOpponents", "member_bytes"]

PREFIX = "member_"


def member_bytes(module: Any) -> int:
    """The bytes of a module's parameters (the memory a frozen member costs, besides ~1 MB)."""
    return int(sum(p.numel() * p.element_size() for p in module.parameters()))


class League:
    """The frozen members of a league, one folder each under ``folder`` (see the module docstring)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        """``folder``: the league's folder (made when missing)."""
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def members(self) -> list[Path]:
        """The members' folders, oldest first."""
        return members(self.folder)

    def add(self, module: Any) -> Path:
        """Freeze ``module`` (an RLModule) as the next member; returns its folder."""
        index = len(self.members())
        target = self.folder / f"{PREFIX}{index:04d}"
        partial = self.folder / f".{target.name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        module.save_to_path(str(partial.resolve()))
        os.replace(partial, target)
        return target


def members(folder: Path) -> list[Path]:
    """The member folders of a league folder (complete ones only), oldest first."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and p.name.startswith(PREFIX))


class FrozenCache:
    """The frozen members loaded in this process (one cache per process, shared by its envs):
    at most ``size`` modules, the least recently used dropped first."""

    _modules: OrderedDict[str, Any] = OrderedDict()
    loads = 0
    """Members read from disk in this process (a test's and a budget's figure)."""

    @classmethod
    def get(cls, path: Path, size: int) -> Any:
        """The frozen module of the member folder ``path``, loaded when not cached."""
        key = str(Path(path).resolve())
        module = cls._modules.pop(key, None)
        if module is None:
            from ray.rllib.core.rl_module.rl_module import RLModule
            module = RLModule.from_checkpoint(key)
            module.eval()
            for parameter in module.parameters():
                parameter.requires_grad_(False)
            cls.loads += 1
        cls._modules[key] = module
        while len(cls._modules) > size:
            cls._modules.popitem(last=False)
        return module

    @classmethod
    def cached(cls) -> dict[str, Any]:
        """Member folder → its cached module (a copy of the mapping)."""
        return dict(cls._modules)

    @classmethod
    def clear(cls) -> None:
        """Drop every cached member."""
        cls._modules.clear()


class LeagueOpponents:
    """A sampler of ``others``: each episode, a frozen member of the league (or ``fallback``)."""

    def __init__(self, folder: str | os.PathLike[str], *, game: str, fallback: str = "random",
                 cache_size: int = 4, explore: bool = True) -> None:
        """``folder``: the league's; ``game``: the game's name (for ``fallback``, a bot name of
        its registry, played while the league is empty); ``cache_size``: members kept loaded per
        process (the memory budget); ``explore``: members sample their actions (else the most
        likely legal one)."""
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 1:
            raise ConfigError(f"cache_size must be a whole number of members, at least 1, got {cache_size!r}")
        self.folder, self.game, self.fallback = Path(folder), game, fallback
        self.cache_size, self.explore = cache_size, explore

    def sample(self, seed: int) -> Any:
        """This episode's player: a frozen member's policy(observation) -> int, or the fallback bot."""
        found = members(self.folder)
        rng = np.random.default_rng(seed)
        if not found:
            from hydra_env.envs.bots import make_bot
            return make_bot(self.fallback, game=self.game, seed=seed)
        module = FrozenCache.get(found[int(rng.integers(len(found)))], self.cache_size)
        from agents.rllib.modules import module_policy
        return module_policy(module, explore=self.explore, seed=int(rng.integers(1 << 63)))
