"""Deprecated alias of :mod:`agents.game_tools.hydras.policy` (Hydras' policy bot), kept for one release."""

from agents.game_tools.hydras.policy import HydrasPPOBot

__all__ = ["HydrasPPOBot"]
