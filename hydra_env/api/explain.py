"""The frame of every game's ``IllegalActionError`` message, written once.

A game's ``why_illegal`` gives the codec, whether the game is over and a
function that says why one in-range index is illegal in the current position;
the frame words the rest (not an integer, outside the action space, the game
is over). numpy and the standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def illegal_action_message(action: object, codec: Any, game_over: bool,
                           reason: Callable[[int], str]) -> str:
    """A sentence naming ``action`` and why it is not legal now.

    ``codec`` has ``size`` and ``describe(index)``; ``reason(index)`` explains an
    index inside the action space while the game runs (called only then)."""
    if not isinstance(action, int) or isinstance(action, bool):
        return (f"action {action!r} is not an integer; actions are indices 0..{codec.size - 1} "
                f"of the flat action space")
    if not 0 <= action < codec.size:
        return f"action {action} is outside the action space 0..{codec.size - 1}"
    head = f"action {action} ({codec.describe(action)}) is illegal"
    if game_over:
        return f"{head}: the game is over"
    return f"{head}: {reason(action)}"
