"""Deprecated alias of :class:`agents.random_bot.RandomBot` (one random bot for every game),
kept for one release."""

from agents.random_bot import RandomBot as HydrasRandomBot

__all__ = ["HydrasRandomBot"]
