"""Hadara's greedy bot in C++ (``src/greedy.cpp``), for native games: its choice, its V of each
action, and whole playouts (what the ``rollout`` search bot of :mod:`hydra_env.games.hadara.search`
asks).

The native bot is the twin of :class:`hydra_env.games.hadara.bots.GreedyBot` (and of the
specialists: ``colour`` 0-4 in :data:`~hydra_env.games.hadara.components.COLOURS`' order, -1 for
greedy) on the true state; the WHEEL, which the Python bot sets at random, is set in a playout from
the playout's own seeded CounterRng. Every function takes a
:class:`~hydra_env.games.hadara.native.game.NativeHadaraGame`; :func:`native_of` says whether a game
is one (and the built module has the bot).
"""

from __future__ import annotations

import functools
from typing import Any

from hydra_env.games.hadara.native.engines import available, require
from hydra_env.games.hadara.native.game import NativeHadaraGame

GREEDY = -1
"""The colour code of the plain greedy bot (0-4: a specialist of that colour)."""


@functools.cache
def _module() -> Any:
    """The native module when it is built with the greedy bot, else None."""
    if not available():
        return None
    module = require()
    return module if hasattr(module, "rollout_outcomes") else None


def built() -> bool:
    """Whether the native module is built with the greedy bot (a module built before it is not)."""
    return _module() is not None


def native_of(game: Any) -> Any:
    """The native engine's game object of ``game`` when it is a native game and the built module
    has the greedy bot; None otherwise (a Python game, or a module built before the bot)."""
    if not isinstance(game, NativeHadaraGame) or _module() is None:
        return None
    return game._native


def _require(game: NativeHadaraGame) -> tuple[Any, Any]:
    native = native_of(game)
    if native is None:
        raise TypeError("the native greedy bot needs a native Hadara game and a module built with it "
                        "(rebuild with `make native`)")
    return _module(), native


def greedy_action(game: NativeHadaraGame, colour: int = GREEDY) -> int:
    """The greedy (or specialist) bot's action in the pending decision, on the true state;
    -1 for a WHEEL (the bot sets it at random) or once the game is over."""
    module, native = _require(game)
    return int(module.greedy_action(native, colour))


def action_values(game: NativeHadaraGame, actions: list[int], colour: int = GREEDY) -> list[float]:
    """The bot's V of each legal action of the pending (non-WHEEL) decision: the best V over the
    positions it leads to for the deciding seat."""
    module, native = _require(game)
    return list(module.action_values(native, list(actions), colour))


def playout(game: NativeHadaraGame, colours: list[int], seed: int) -> NativeHadaraGame:
    """A copy of ``game`` played to its end by the bot of ``colours[seat]`` at each seat (the
    WHEEL from ``seed``); its history is not kept."""
    module, native = _require(game)
    return NativeHadaraGame(module.greedy_playout(native, list(colours), seed), game.components, game.options)


def rollout_outcomes(game: NativeHadaraGame, seat: int, candidates: list[int], seed: int) -> list[tuple[float, int]]:
    """For each candidate action: apply it to a copy of ``game``, play the copy out with greedy at
    every seat (the same ``seed`` for every candidate) and give ``seat``'s (win share, its score
    less the best other score)."""
    module, native = _require(game)
    return list(module.rollout_outcomes(native, seat, list(candidates), [GREEDY] * game.num_players, seed))


__all__ = ["GREEDY", "action_values", "built", "greedy_action", "native_of", "playout", "rollout_outcomes"]
