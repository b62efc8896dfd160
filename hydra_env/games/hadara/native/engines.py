"""Which engine a Hadara game runs on: the Python reference or a registered twin (the native one).

The native engine registers itself (:mod:`hydra_env.games.hadara.native.game`).
``HYDRA_ENV_ENGINE=python|native`` sets the default, as for every game (the generic
:class:`hydra_env.api.engines.EngineChoice`); unset, the native engine is used where it is
built, and the Python one quietly where it is not. An engine asked for by name that cannot
hold the game raises. :func:`new_game_on` and :func:`load_on` are what the spec's
``new_game`` and ``from_json`` call.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

from hydra_env.api.engines import EngineChoice
from hydra_env.games.hadara.game import HadaraGame, resolve_seed
from hydra_env.native.modules import game_module, game_module_available

__all__ = ["ENGINE_CHOICE", "HadaraEngineHooks", "available", "require", "register_engine", "new_game_on",
           "load_on"]


def available() -> bool:
    """Whether the native module of Hadara (``hydra_env.games.hadara._native``) is built."""
    return game_module_available("hadara")


def require() -> ModuleType:
    """The native module of Hadara (NativeUnavailableError saying what to install when it is not built)."""
    return game_module("hadara")


class HadaraEngineHooks(NamedTuple):
    """How a Hadara game reaches another engine."""

    available: Callable[[], bool]                   # is it built?
    new: Callable[..., HadaraGame]                  # new(num_players, seed, board_order=, piles=, components=)
    from_game: Callable[[HadaraGame], HadaraGame]   # a game holding a copy of a Python game
    unsupported: type[Exception]                    # raised when it cannot hold a game


ENGINE_CHOICE = EngineChoice("Hadara")
"""The engines a Hadara game can run on besides the Python one."""


def register_engine(name: str, hooks: HadaraEngineHooks) -> None:
    """Make engine ``name`` available to :func:`new_game_on` and :func:`load_on`."""
    ENGINE_CHOICE.register(name, hooks)


def new_game_on(engine: str | None, num_players: int, seed: Any, *, board_order: str = "data",
                piles: str = "full", components: Any = None) -> HadaraGame:
    """A new deal on the engine ``engine`` picks (None: ``HYDRA_ENV_ENGINE``, else native where built)."""
    name, asked = ENGINE_CHOICE.pick(engine)
    options = {"board_order": board_order, "piles": piles, "components": components}
    if name != "python":
        seed = resolve_seed(seed)              # one seed, should the native engine fall back
        moved = ENGINE_CHOICE.run_on(name, asked, lambda hooks: hooks.new(num_players, seed, **options))
        if moved is not None:
            return moved
    return HadaraGame.new(num_players, seed, **options)


def load_on(engine: str | None, text: str) -> HadaraGame:
    """A saved game back (checked by the Python engine's replay), on the engine ``engine`` picks."""
    name, asked = ENGINE_CHOICE.pick(engine)
    game = HadaraGame.from_json(text)
    if name == "python":
        return game
    moved = ENGINE_CHOICE.run_on(name, asked, lambda hooks: hooks.from_game(game))
    return game if moved is None else moved
