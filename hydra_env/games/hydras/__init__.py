"""Hydras, the 2–4 player card game: its spec (:data:`SPEC`).

The rules engine is :mod:`hydra_env.games.hydras.rules` (the Python reference) with its
C++ twin in :mod:`hydra_env.native`; its rules are ``docs/games/hydras/rules.md`` (H…).
"""
