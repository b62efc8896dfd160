"""``--game hydra|hydras``: which game a command plays, and the options of each.

The commands ``evaluate``, ``tournament``, ``play`` and ``replay`` serve both
games: Hydra (the board game; the default) and Hydras (the 2–4 player card
game, :mod:`hydra_env.hydras`). :func:`add_game_flag` adds ``--game`` and the
Hydras options (``--num-players``); :func:`pick` reads them after parsing,
refuses an option of the other game with a message naming it, and fills in
Hydra's defaults. A bad ``--game`` value is refused by argparse with the
choices listed.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from agents.outputs import UsageError

GAMES = ("hydra", "hydras")
DEFAULT_GAME = "hydra"
HYDRAS_PLAYERS = (2, 3, 4)

# Options of Hydra only: (attribute, flag, the value meaning "not given").
_HYDRA_ONLY = (("mode", "--mode", None), ("scenario", "--scenario", None), ("stars", "--stars", None),
               ("rule", "--rule", []))


def game_name(text: str) -> str:
    """argparse type of ``--game``: one of :data:`GAMES` (case and spaces ignored)."""
    name = text.strip().lower()
    if name not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose one of: {', '.join(GAMES)} "
                                         f"(hydra: the board game, hydras: the card game)")
    return name


def players_count(text: str) -> int:
    """argparse type of ``--num-players``: 2, 3 or 4."""
    if text.strip() not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"Hydras seats 2, 3 or 4 players, got {text!r}")
    return int(text)


def add_game_flag(parser: argparse.ArgumentParser, *, players: bool = True,
                  players_help: str = "Hydras: the number of players, 2-4 (default: 3)") -> None:
    """``--game`` (default hydra) and, with ``players``, ``--num-players`` of Hydras."""
    parser.add_argument("--game", type=game_name, default=DEFAULT_GAME, metavar="hydra|hydras",
                        help="the board game Hydra (default) or the card game Hydras")
    if players:
        parser.add_argument("--num-players", type=players_count, metavar="N", help=players_help)


def pick(args: argparse.Namespace, hydras_only: Sequence[tuple[str, str]] = ()) -> str:
    """The game of parsed ``args``, the options checked.

    For Hydras, an option of Hydra that was given (``--mode``, ``--scenario``,
    ``--stars``, ``--rule``) is refused; for Hydra, ``--num-players`` and the
    ``hydras_only`` options ((attribute, flag) pairs, "not given" = None) are
    refused, and ``--stars`` gets its default 1.
    """
    game = getattr(args, "game", DEFAULT_GAME)
    if game == "hydras":
        for attr, flag, unset in _HYDRA_ONLY:
            if hasattr(args, attr) and getattr(args, attr) != unset:
                raise UsageError(f"{flag} cannot apply: it is an option of the board game Hydra, "
                                 f"and --game hydras plays the card game (its options: "
                                 f"--num-players 2-4); drop {flag}")
        return game
    for attr, flag in (("num_players", "--num-players"), *hydras_only):
        if getattr(args, attr, None) is not None:
            raise UsageError(f"{flag} cannot apply: it is an option of the card game Hydras; add "
                             f"--game hydras, or drop {flag}")
    if hasattr(args, "stars") and args.stars is None:
        args.stars = 1
    return game
