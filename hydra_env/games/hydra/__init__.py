"""Hydra, the 1–4 player board game: its spec (:data:`SPEC`).

The rules engine is :mod:`hydra_env.games.hydra.rules` (the Python reference) with its C++
twin :mod:`hydra_env.native`; its rules are ``docs/games/hydra/rules.md`` (R1…).
"""
