"""Factories of the bots that bind a style, declared as entry points.

The bots themselves are found by name in :mod:`hydra_env.envs.bots`
(``make_bot("glory", seed=0)``), which reads the entry-point group
``hydra_env.bots`` that this distribution declares in ``pyproject.toml``:

=========== =============================================== ==========================
name        factory                                         what it plays
=========== =============================================== ==========================
random      :class:`agents.random_bot.RandomBot`            uniformly among legal actions
greedy      :class:`hydra_env.games.hydra.bots.greedy.GreedyBot`                one-ply lookahead
heuristic   :class:`hydra_env.games.hydra.bots.heuristic.HeuristicBot`          rules; ``defender`` style in coop
defender    :func:`defender_bot`                            the heuristic, ``defender`` style
glory       :func:`glory_bot`                               the heuristic, ``glory`` style
rollout     :class:`hydra_env.games.hydra.bots.rollout.RolloutBot`              Monte-Carlo planner over the heuristic
ppo         :class:`agents.ppo_bot.PPOBot`                  a trained policy: ``ppo:NAME|PATH``
ppo-search  :class:`agents.game_tools.hydra.ppo_search.PPOSearchBot`         search guided by a policy (solo)
=========== =============================================== ==========================

In solo both styles play the solo rules. A new bot is a factory
``f(seed=None, **params) -> bot`` and one line in that group.
"""

from __future__ import annotations

from hydra_env.games.hydra.bots.heuristic import HeuristicBot


def defender_bot(seed: int | None = None, *, weights: dict | None = None,
                 block_margin: float | None = None) -> HeuristicBot:
    """The heuristic in the ``defender`` style (guards the city first), named ``defender``."""
    return HeuristicBot(seed, style="defender", weights=weights, block_margin=block_margin,
                        name="defender")


def glory_bot(seed: int | None = None, *, weights: dict | None = None,
              block_margin: float | None = None) -> HeuristicBot:
    """The heuristic in the ``glory`` style (chases compass glory), named ``glory``."""
    return HeuristicBot(seed, style="glory", weights=weights, block_margin=block_margin,
                        name="glory")
