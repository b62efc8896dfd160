"""Scripted bots of the card game Hydras (``hydra_env.hydras``).

Each is a small class with ``act(view, legal_actions=None) -> int`` (the
project's bot interface; ``view`` is a :class:`hydra_env.hydras.HydrasSeatView`),
seeded in its constructor:

- :class:`~agents.hydras.random_bot.HydrasRandomBot` (``random``)
- :class:`~agents.hydras.greedy.HydrasGreedyBot` (``greedy``)
- :class:`~agents.hydras.heuristic.HydrasHeuristicBot` (``heuristic``)
"""

from agents.hydras.greedy import HydrasGreedyBot
from agents.hydras.heuristic import HydrasHeuristicBot
from agents.hydras.random_bot import HydrasRandomBot

BOTS = {"random": HydrasRandomBot, "greedy": HydrasGreedyBot, "heuristic": HydrasHeuristicBot}
"""Bot classes by registry name (for the ``hydra_env.hydras_bots`` entry points)."""

__all__ = ["HydrasRandomBot", "HydrasGreedyBot", "HydrasHeuristicBot", "BOTS"]
