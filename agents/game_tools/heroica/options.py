"""Heroica's command-line options (the ``options`` hooks of :mod:`agents.games`).

One flag per parameter, as for a game without hooks, but ``--mode`` with its choices
(``auto``, ``solo``, ``race``, ``battle``): Hydra holds the flag too (``solo``/``coop``), and
:class:`agents.games._AddOnce` gives the shared flag the choices of both; the parameters are
then read and checked as for a game without hooks (:func:`agents.games.read_param_flags`:
``--mode coop`` is refused for Heroica there). ``tournament`` seats the number of
``--players`` (2 to 4) when ``--num-players`` is not given.
"""

from __future__ import annotations

import argparse
from typing import Any

from hydra_env import game_spec

GAME = "heroica"


def add_options(parser: argparse.ArgumentParser, command: str) -> None:
    """The parameter flags; ``--mode`` with its choices."""
    spec = game_spec(GAME)
    for param in spec.params:
        if param.choices and param.name == "mode":
            parser.add_argument(param.flag, choices=param.choices, default=None,
                                help=f"{spec.title}: {param.help} (default: {param.default})")
            continue
        parser.add_argument(param.flag, type=param.argparse_type(spec.name), default=None,
                            metavar=param.name.upper(), help=f"{spec.title}: {param.help} "
                            f"(default: {param.default})")


def read_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The parameters given (the generic reading); for ``tournament`` without ``--num-players``
    the table seats the number of ``--players``, 2 to 4 (a race unless ``--mode`` says)."""
    from agents.games import read_param_flags
    if command == "tournament" and getattr(args, "num_players", None) is None and args.mode != "solo":
        args.num_players = max(2, min(len(args.players), 4))
    return read_param_flags(args, game_spec(GAME))
