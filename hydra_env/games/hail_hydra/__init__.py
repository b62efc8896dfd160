"""Hail Hydra: the hidden-role card game for 5-8 players (rules in docs/games/hail_hydra/rules.md).

Light on purpose: the spec is ``hydra_env.games.hail_hydra.spec:SPEC``; the engine loads on first use.
"""
