"""Helpers shared by the rule tests of the board and movement (R1–R5 of
docs/games/hydra/rules.md): the destinations a move or portal card offers, by space
name, the spaces within some king steps of a space, and the far-apart glory of the
coordinated positions. Used by test_board_and_walks.py and test_shoves.py.
"""

from __future__ import annotations

from hydra_env.games.hydra.rules.codec import A_DEST


def names(game, spaces) -> set[str]:
    return {game.rules.board.name(s) for s in spaces}


def card_dests(game, slot: int) -> set[str]:
    """Destinations offered by the move/portal card in ``slot``."""
    codec = game.codec
    return names(game, [codec.arg[a] for a in game.legal_actions()
                        if codec.kind[a] == A_DEST and codec.slot[a] == slot])


def chebyshev_ball(row: int, col: int, radius: int) -> set[str]:
    """Grid spaces within ``radius`` king steps of (row, col), the centre excluded."""
    out = set()
    for r in range(max(0, row - radius), min(10, row + radius) + 1):
        for c in range(max(0, col - radius), min(8, col + radius) + 1):
            if (r, c) != (row, col):
                out.add(f"r{r}c{c}")
    return out


# Glory far apart, so that R22's skipping of held compass positions never
# changes the counts these tests check.
GLORY4 = [30, 20, 10, 0]
