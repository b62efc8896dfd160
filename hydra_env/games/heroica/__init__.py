"""Heroica: Draida, the dice dungeon race: its spec is :mod:`hydra_env.games.heroica.spec`.

The rules engine (Python reference) is :mod:`hydra_env.games.heroica.game`; the
component data are the JSON files of ``data/`` (reconstructions marked there),
read by :mod:`hydra_env.games.heroica.loader`; the rules are
``docs/games/heroica/rules.md`` (HR1–HR36). This module imports nothing heavy.
"""
