"""Deprecated alias of agents.game_tools.hydras.play, kept for one release."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents import play as _play
from agents.game_tools.hydras import play as _hooks
from agents.game_tools.hydras.options import DEFAULT_PLAYERS
from agents.game_tools.hydras.play import DECISIONS, KEYS, LEGEND, heading, help_text, match, outcome_text
from agents.play import run

__all__ = ["DECISIONS", "DEFAULT_PLAYERS", "KEYS", "LEGEND", "choose", "heading", "help_text", "match",
           "outcome_text", "play_game", "run", "save"]


def _table(game: Any, human: int, bots: dict[int, Any], seats: list[str], save_to: Path) -> _play.Table:
    return _play.Table(game, human, bots, seats, save_to=save_to, hooks=_hooks,
                       load_command="hydra-env play --game hydras --load")


def play_game(game: Any, human: int, bots: dict[int, Any], seats: list[str], *,
              ask: Callable[[str], str] | None = None, save_to: Path = Path("runs/play/hydras.json")) -> bool:
    """Deprecated: :func:`agents.play.play_game` on a table of this game."""
    return _play.play_game(_table(game, human, bots, seats, save_to), ask)


def choose(game: Any, seat: int, ask: Callable[[str], str] | None = None,
           save_to: Path = Path("runs/play/hydras.json")) -> int | None:
    """Deprecated: :func:`agents.play.choose` on a table of this game."""
    return _play.choose(_table(game, seat, {}, [], save_to), ask)


def save(game: Any, entry: str, default: Path) -> str:
    """Deprecated: :func:`agents.play.save` on a table of this game."""
    return _play.save(_table(game, 0, {}, [], default), entry)


def _show(game: Any, seat: int, groups: list) -> None:
    """Deprecated: what :func:`agents.play.choose` shows before asking."""
    _play._show(_table(game, seat, {}, [], Path()), groups)

