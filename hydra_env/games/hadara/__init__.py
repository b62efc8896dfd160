"""Hadara (basic game), 2-5 players: rules with reconstructed components.

The engine is in this package (numpy and the standard library only); the
components are the data file ``data/hadara-components.json``, a RECONSTRUCTION
(the rulebook gives none of the numbers). The rules page is docs/games/hadara/rules.md.
"""
