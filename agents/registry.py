"""Bots by name: ``make_bot("heuristic", seed=0)``.

Registered: ``random`` (uniform), ``greedy`` (one-ply lookahead),
``heuristic`` (rule-based; the ``defender`` style in the coordinated game),
``defender`` and ``glory`` (the two coordinated styles of the heuristic;
in solo both play the solo rules), ``rollout`` (Monte-Carlo planner over the
heuristic). The scripted bots are imported when first made.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from agents.base import Bot
from agents.random_bot import RandomBot

_FACTORIES: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory(seed=..., **kwargs)`` available as ``name``."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """The registered bot names."""
    return sorted(_FACTORIES)


def make_bot(name: str, seed: int | None = None, **kwargs: Any) -> Bot:
    """A new bot by name, seeded. ``ppo:PATH`` / ``ppo:NAME`` is a trained policy
    (:mod:`agents.ppo_bot`). Unknown names raise ValueError listing the known ones."""
    if name.startswith("ppo:"):
        from agents.ppo_bot import PPOBot
        from hydra_env import ConfigError
        try:
            return PPOBot(name[4:], seed=seed, **kwargs)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(bot_names())}") from None
    return factory(seed=seed, **kwargs)


def _lazy(module: str, cls: str, **defaults: Any) -> Callable[..., Bot]:
    """A factory importing ``module`` only when a bot is made."""
    def factory(seed: int | None = None, **kwargs: Any) -> Bot:
        bot_cls = getattr(importlib.import_module(module), cls)
        return bot_cls(seed=seed, **{**defaults, **kwargs})
    factory.__name__ = f"make_{cls}"
    return factory


register_bot("greedy", _lazy("agents.greedy", "GreedyBot"))
register_bot("heuristic", _lazy("agents.heuristic", "HeuristicBot"))
register_bot("defender", _lazy("agents.heuristic", "HeuristicBot", style="defender",
                               name="defender"))
register_bot("glory", _lazy("agents.heuristic", "HeuristicBot", style="glory", name="glory"))
register_bot("rollout", _lazy("agents.rollout", "RolloutBot"))
