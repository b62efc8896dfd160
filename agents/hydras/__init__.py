"""Scripted bots of the card game Hydras (``hydra_env.games.hydras.rules``).

Each is a small class with ``act(view, legal_actions=None) -> int`` (the
project's bot interface; ``view`` is a :class:`hydra_env.games.hydras.rules.HydrasSeatView`),
seeded in its constructor:

- :class:`~agents.hydras.random_bot.HydrasRandomBot` (``random``)
- :class:`~hydra_env.games.hydras.bots.greedy.HydrasGreedyBot` (``greedy``)
- :class:`~hydra_env.games.hydras.bots.heuristic.HydrasHeuristicBot` (``heuristic``)
"""

from agents.hydras.random_bot import HydrasRandomBot
from hydra_env.games.hydras.bots.greedy import HydrasGreedyBot
from hydra_env.games.hydras.bots.heuristic import HydrasHeuristicBot

BOTS = {"random": HydrasRandomBot, "greedy": HydrasGreedyBot, "heuristic": HydrasHeuristicBot}
"""Bot classes by registry name (for the ``hydra_env.hydras_bots`` entry points)."""

__all__ = ["HydrasRandomBot", "HydrasGreedyBot", "HydrasHeuristicBot", "BOTS"]
