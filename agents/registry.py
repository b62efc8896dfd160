"""Bots by name: ``make_bot("heuristic", seed=0)``."""

from __future__ import annotations

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
